import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `../shared` beside the checkout: reference fixtures that a user's clone does not have. */
export const sharedDir = resolve(repoRoot, '..', 'shared');
export const fastdds = join(sharedDir, 'fixtures', 'fastdds');
export const sharedAvailable = existsSync(fastdds);

/**
 * `describe` when ../shared is present. Otherwise the block is skipped with a one-line notice and
 * its body is never called: `describe.skip` still runs the body to collect the tests, and bodies
 * read ../shared while collecting (file lists, seeds), which would crash a clone without it. The
 * block then holds one skipped test saying what it needs, so a file made only of shared blocks
 * still counts as skipped rather than as a suite with no tests.
 */
export function describeShared(name: string, body: () => void): void {
  if (!sharedAvailable) {
    process.stderr.write(`perfgate tests: ../shared not found, skipping "${name}"\n`);
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

/** Runs the CLI in-process and collects what it prints. */
export async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { runCli } = await import('../../src/cli/main.js');
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}
