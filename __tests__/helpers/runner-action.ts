/**
 * Runs the bundled action (dist/index.js) the way the GitHub runner does: a fresh process in the
 * workspace, an environment made from scratch with `INPUT_<NAME>` variables, and GITHUB_OUTPUT /
 * GITHUB_STEP_SUMMARY files that are read back afterwards.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const actionPath = join(repoRoot, 'dist', 'index.js');

/** The GitHub waits a process test shortens; dist/index.js reads none of them. */
const TIMING_VARIABLES = ['PERFGATE_RETRY_BASE_MS', 'PERFGATE_HTTP_TIMEOUT_MS', 'PERFGATE_GITHUB_BUDGET_MS'];

/**
 * The script a run starts: dist/index.js, as the runner does, unless its env sets a GitHub timing; then the tests' own
 * entry point, the same action on the same process ports with those timings (helpers/action-process-entry.mjs).
 */
function entryOf(env: Readonly<Record<string, string>>): string {
  return TIMING_VARIABLES.some((name) => env[name] !== undefined)
    ? join(repoRoot, '__tests__', 'helpers', 'action-process-entry.mjs')
    : actionPath;
}

/** `../shared` beside the checkout: real fixtures that a user's clone does not have. */
export const sharedDir = resolve(repoRoot, '..', 'shared');
export const fastddsDir = join(sharedDir, 'fixtures', 'fastdds');
export const sharedAvailable = existsSync(fastddsDir);

/** `describe` when ../shared is present; otherwise skipped (the run says once that it is missing: global-setup.mjs). */
export function describeWithShared(name: string, body: () => void): void {
  if (sharedAvailable) {
    describe(name, body);
    return;
  }
  describe.skip(name, body);
}

const tempDirs: string[] = [];

export function makeTempDir(prefix = 'perfgate-action-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Removes every temp folder made so far; set PERFGATE_KEEP_TMP=1 to keep them for a post-mortem. */
/**
 * The environment of a push to the default branch: an event file whose head commit is dated
 * `timestamp`, the commit SHA made from the run id (`fill` repeated), and `extra` variables.
 */
export function pushEventEnv(
  runId: number,
  timestamp: string,
  extra: Record<string, string> = {},
  fill = 'a',
): Record<string, string> {
  const eventPath = join(makeTempDir('perfgate-event-'), 'event.json');
  const sha = String(runId).padStart(40, fill);
  writeFileSync(eventPath, JSON.stringify({ after: sha, head_commit: { id: sha, timestamp } }));
  return {
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_EVENT_NAME: 'push',
    GITHUB_SHA: sha,
    GITHUB_RUN_ID: String(runId),
    GITHUB_REPOSITORY: 'octo/bench',
    GITHUB_SERVER_URL: 'https://github.com',
    ...extra,
  };
}

export function removeTempDirs(): void {
  if (process.env['PERFGATE_KEEP_TMP']) return;
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Action inputs by their action.yml name (`output-dir`, `fail-on-regression`, …). */
export type ActionInputs = Record<string, string>;

export interface ActionRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The outputs parsed from the GITHUB_OUTPUT file. */
  outputs: Record<string, string>;
  /** The raw GITHUB_OUTPUT file. */
  outputFile: string;
  /** The job summary (GITHUB_STEP_SUMMARY file) after the run. */
  summary: string;
  workspace: string;
  /** Workflow commands (`::name props::message`) printed on stdout, in order. */
  commands: WorkflowCommand[];
}

export interface RunOptions {
  /** The workspace (cwd, GITHUB_WORKSPACE); a fresh temp folder by default. */
  workspace?: string;
  /** More environment variables (GITHUB_REPOSITORY, GITHUB_API_URL, GITHUB_EVENT_PATH …). */
  env?: Record<string, string>;
}

/** The runner's name mangling: upper case, spaces to underscores, dashes kept. */
export function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

export interface PreparedRun {
  workspace: string;
  env: Record<string, string>;
  outputPath: string;
  summaryPath: string;
}

function prepareRun(inputs: ActionInputs, options: RunOptions): PreparedRun {
  if (!existsSync(actionPath)) throw new Error(`${actionPath} is missing: run \`npm run build\` first`);
  return prepareRunFolders(inputs, options);
}

/** The workspace, the runner's files and the environment of one run, as the runner makes them. */
export function prepareRunFolders(inputs: ActionInputs, options: RunOptions): PreparedRun {
  const workspace = options.workspace ?? makeTempDir('perfgate-ws-');
  mkdirSync(workspace, { recursive: true });
  const runnerDir = makeTempDir('perfgate-runner-');
  const runnerTemp = join(runnerDir, 'temp');
  mkdirSync(runnerTemp);
  const outputPath = join(runnerDir, 'github_output');
  const summaryPath = join(runnerDir, 'step_summary');
  writeFileSync(outputPath, '');
  writeFileSync(summaryPath, '');

  // From scratch: nothing inherited from the parent besides PATH.
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: runnerTemp,
    ...options.env,
  };
  // Charts cost seconds per run: tests that want them ask for them (input charts: 'true').
  for (const [name, value] of Object.entries({ charts: 'false', ...inputs })) env[inputVariable(name)] = value;
  return { workspace, env, outputPath, summaryPath };
}

export function finishRun(
  run: PreparedRun,
  status: number | null,
  signal: NodeJS.Signals | null,
  stdout: string,
  stderr: string,
): ActionRun {
  const outputFile = readFileSync(run.outputPath, 'utf8');
  return {
    status,
    signal,
    stdout,
    stderr,
    outputs: parseGithubOutput(outputFile),
    outputFile,
    summary: readFileSync(run.summaryPath, 'utf8'),
    workspace: run.workspace,
    commands: parseWorkflowCommands(stdout),
  };
}

export function runAction(inputs: ActionInputs, options: RunOptions = {}): ActionRun {
  const run = prepareRun(inputs, options);
  const result = spawnSync(process.execPath, [entryOf(run.env)], {
    cwd: run.workspace,
    env: run.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return finishRun(run, result.status, result.signal, result.stdout, result.stderr);
}

/** The same, without blocking: for tests whose loopback servers live in this process. */
export function runActionAsync(inputs: ActionInputs, options: RunOptions = {}): Promise<ActionRun> {
  const run = prepareRun(inputs, options);
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [entryOf(run.env)], { cwd: run.workspace, env: run.env, timeout: 60_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status, signal) => resolvePromise(finishRun(run, status, signal, stdout, stderr)));
  });
}

/**
 * Parses a GITHUB_OUTPUT (or GITHUB_ENV) file: `name<<DELIMITER` … `DELIMITER` blocks, as
 * @actions/core writes them, and single `name=value` lines. A later value of a name wins, as on
 * the runner. Throws on anything the runner would reject.
 */
export function parseGithubOutput(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === '') continue;
    const heredoc = /^([^=]+?)<<(.+)$/.exec(line);
    const eq = line.indexOf('=');
    if (heredoc && (eq === -1 || eq > line.indexOf('<<'))) {
      const [, name, delimiter] = heredoc as unknown as [string, string, string];
      const value: string[] = [];
      let j = i + 1;
      for (; j < lines.length && lines[j] !== delimiter; j++) value.push(lines[j]!);
      if (j >= lines.length)
        throw new Error(`GITHUB_OUTPUT: no closing delimiter "${delimiter}" for "${name}" (line ${i + 1})`);
      outputs[name] = value.join('\n');
      i = j;
    } else if (eq > 0) {
      outputs[line.slice(0, eq)] = line.slice(eq + 1);
    } else {
      throw new Error(`GITHUB_OUTPUT: malformed line ${i + 1}: ${JSON.stringify(line)}`);
    }
  }
  return outputs;
}

export interface WorkflowCommand {
  command: string;
  properties: Record<string, string>;
  message: string;
}

/**
 * Workflow commands on stdout, found the way the runner finds them: `::command k=v,k=v::message`
 * after leading white space is trimmed, and the legacy `##[command k=v;k=v]message` anywhere in a
 * line. Lines between `::stop-commands::TOKEN` and `::TOKEN::` are not commands.
 */
export function parseWorkflowCommands(stdout: string): WorkflowCommand[] {
  const commands: WorkflowCommand[] = [];
  let stopToken: string | undefined;
  for (const rawLine of stdout.split(/\r?\n/)) {
    const line = rawLine.trimStart();
    if (stopToken !== undefined) {
      if (line === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const m = /^::([A-Za-z-]+)(?: ([^:]*))?::(.*)$/.exec(line);
    if (m) {
      const properties: Record<string, string> = {};
      for (const pair of (m[2] ?? '').split(',')) {
        if (pair === '') continue;
        const eq = pair.indexOf('=');
        properties[pair.slice(0, eq)] = unescapeProperty(pair.slice(eq + 1));
      }
      const command = { command: m[1]!, properties, message: unescapeData(m[3]!) };
      if (command.command === 'stop-commands') stopToken = command.message;
      commands.push(command);
      continue;
    }
    const legacy = /##\[([A-Za-z-]+)(?: ([^\]]*))?\](.*)$/.exec(line);
    if (legacy) {
      const properties: Record<string, string> = {};
      for (const pair of (legacy[2] ?? '').split(';')) {
        if (pair === '') continue;
        const eq = pair.indexOf('=');
        properties[pair.slice(0, eq)] = pair.slice(eq + 1);
      }
      commands.push({ command: legacy[1]!, properties, message: legacy[3]! });
    }
  }
  return commands;
}

function unescapeData(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
}

function unescapeProperty(s: string): string {
  return s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

/** Every file below a folder (relative paths, sorted) with its bytes. */
export function readTree(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(dir, path), readFileSync(path));
    }
  };
  walk(dir);
  return files;
}
