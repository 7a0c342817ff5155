import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rootedFiles } from '../../src/pipeline/rootedFiles.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The tests' files, relative paths taken from this process's working directory (the repository, where Jest runs). */
export const cwdFiles = rootedFiles(process.cwd());

/** `../shared` beside the checkout: reference fixtures that a user's clone does not have. */
export const sharedDir = resolve(repoRoot, '..', 'shared');
export const fastdds = join(sharedDir, 'fixtures', 'fastdds');
export const sharedAvailable = existsSync(fastdds);

/**
 * `describe` when ../shared is present. Otherwise the block is skipped (the run says once that
 * ../shared is missing: global-setup.mjs) and its body is never called: `describe.skip` still runs the body to collect the tests, and bodies
 * read ../shared while collecting (file lists, seeds), which would crash a clone without it. The
 * block then holds one skipped test saying what it needs, so a file made only of shared blocks
 * still counts as skipped rather than as a suite with no tests.
 */
export function describeShared(name: string, body: () => void): void {
  if (!sharedAvailable) {
    describe.skip(name, () => {
      test(`needs the reference fixtures in ${sharedDir}`, () => {
        expect(existsSync(fastdds)).toBe(true);
      });
    });
    return;
  }
  describe(name, body);
}

export function tempDir(prefix = 'perfgate-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function read(path: string): string {
  return readFileSync(path, 'utf8');
}

export function listFiles(dir: string): string[] {
  return readdirSync(dir).sort();
}

/** Every file below `dir`, in sorted order, folders walked depth first. */
export function walkFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walkFiles(path) : [path];
    });
}

/**
 * Runs the CLI in-process and collects what it prints; relative paths are taken from `cwd` (by default this process's
 * working directory), as a child process started there would take them. The process's own working directory is never
 * changed, so runs in different folders may overlap.
 */
export async function cli(argv: string[], cwd = process.cwd()): Promise<{ code: number; out: string; err: string }> {
  const { runCli } = await import('../../src/cli/main.js');
  const { rootedFiles } = await import('../../src/pipeline/rootedFiles.js');
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) }, rootedFiles(resolve(cwd)));
  return { code, out, err };
}

/** What `spawnSync(node, ['dist/cli.js', …args], { encoding: 'utf8' })` gives the tests: exit status and streams. */
export interface CliRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in this process as `node dist/cli.js …args` runs it (src/cli/run.ts): what runCli
 * prints to `out` is the process's stdout, to `err` its stderr, and its exit code is the status.
 * Use it where the process is not what a test is about; dist/cli.js itself is run by the tests
 * of the bundle (cli.test.ts, package.test.ts, release.test.ts, charts-png-renderer.test.ts).
 *
 * With `cwd`, the run has that working directory, as a child process would: its files are rooted
 * there (`rootedFiles(cwd)`, as run.ts roots them at the process's). This process's working
 * directory is left as it is, so runs with different `cwd`s may run at once (Promise.all).
 */
export async function runCliInProcess(args: string[], options: { cwd?: string } = {}): Promise<CliRun> {
  const { code, out, err } = await cli(args, options.cwd);
  return { status: code, stdout: out, stderr: err };
}
