/**
 * Runs the action in this process: `run(ports)` from src/action/main.ts with ports made here, and
 * the same result shape as the process runner (runner-action.ts). The log is written as
 * @actions/core writes it (workflow commands on stdout), the outputs and the job summary go to the
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and the status is what the process would exit with.
 *
 * The run's files port is rooted at the workspace, as the runner's working directory is: every relative path the run
 * reads, writes or runs a command in is taken from there, by the action and by the pipeline's steps alike. The run
 * neither writes to this process's own streams (its stderr is always empty) nor reads or changes its working
 * directory, so runs in different workspaces may overlap (Promise.all, test.concurrent).
 */
import { randomUUID } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { EOL } from 'node:os';
import { run } from '../../src/action/main.js';
import {
  systemClock,
  type AnnotationProperties,
  type ArtifactStore,
  type Clock,
  type OutputSink,
  type Shell,
} from '../../src/action/ports.js';
import { rootedFiles } from '../../src/pipeline/rootedFiles.js';
import { systemConfirmPorts } from '../../src/pipeline/shell.js';
import { githubPortsOf } from './github-session.js';
import { finishRun, prepareRunFolders, type ActionInputs, type ActionRun, type RunOptions } from './runner-action.js';

/** @actions/core's escaping of a command's message and of its properties. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::name k=v,k=v::message`, with the annotation properties named as @actions/core names them. */
function command(name: string, message: string, properties: AnnotationProperties = {}): string {
  const named: [string, string | number | undefined][] = [
    ['title', properties.title],
    ['file', properties.file],
    ['line', properties.startLine],
    ['endLine', properties.endLine],
    ['col', properties.startColumn],
    ['endColumn', properties.endColumn],
  ];
  const given = named.filter(([, value]) => value !== undefined && value !== '' && value !== 0);
  const props = given.map(([key, value]) => `${key}=${escapeProperty(String(value))}`).join(',');
  return `::${name}${props !== '' ? ` ${props}` : ''}::${escapeData(message)}`;
}

/**
 * No artifact service in this process: an upload fails, as it does on a runner whose service cannot be reached (the
 * report is then only on the runner, with a warning). The real one (@actions/artifact) reads this process's
 * environment, not the run's.
 */
export const NO_ARTIFACT_SERVICE: ArtifactStore = {
  upload: (name) => Promise.reject(new Error(`no artifact service in an in-process run (artifact "${name}")`)),
};

/**
 * `clock`: the run's clock (the day a waiver's expiry is judged against); the system's by default. `shell`: where the
 * confirmation runs its command; the real one by default. GitHub is reached with fetch, its waits in milliseconds
 * unless the run's env sets them as a process run's would (PERFGATE_RETRY_BASE_MS, …: helpers/github-session.ts).
 */
export async function runActionInProcess(
  inputs: ActionInputs,
  options: RunOptions & { clock?: Clock; shell?: Shell } = {},
): Promise<ActionRun> {
  const prepared = prepareRunFolders(inputs, options);
  let stdout = '';
  let failed = false;
  const line = (text: string) => (stdout += text + EOL);
  const out: OutputSink = {
    info: line,
    notice: (message, properties) => line(command('notice', message, properties)),
    warning: (message, properties) => line(command('warning', message, properties)),
    error: (message, properties) => line(command('error', message, properties)),
    startGroup: (name) => line(command('group', name)),
    endGroup: () => line(command('endgroup', '')),
    setSecret: (value) => line(command('add-mask', value)),
    setOutput: (name, value) => {
      const delimiter = `ghadelimiter_${randomUUID()}`; // as @actions/core writes it
      appendFileSync(prepared.outputPath, `${name}<<${delimiter}${EOL}${String(value)}${EOL}${delimiter}${EOL}`);
    },
    appendSummary: async (markdown) => appendFileSync(prepared.summaryPath, markdown + EOL),
    fail: () => {
      failed = true;
    },
  };
  await run({
    env: { ...prepared.env },
    out,
    clock: options.clock ?? systemClock,
    shell: options.shell ?? systemConfirmPorts,
    github: githubPortsOf(prepared.env),
    files: rootedFiles(prepared.workspace),
    artifacts: NO_ARTIFACT_SERVICE,
  });
  return finishRun(prepared, failed ? 1 : 0, null, stdout, '');
}
