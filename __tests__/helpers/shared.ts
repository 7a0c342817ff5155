import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `../shared` beside the checkout: reference fixtures that a user's clone does not have. */
export const sharedDir = resolve(repoRoot, '..', 'shared');
export const fastdds = join(sharedDir, 'fixtures', 'fastdds');
export const sharedAvailable = existsSync(fastdds);

/** `describe` when ../shared is present; otherwise skipped with a one-line notice. */
export function describeShared(name: string, body: () => void): void {
  if (!sharedAvailable) {
    process.stderr.write(`perfgate tests: ../shared not found, skipping "${name}"\n`);
    describe.skip(name, body);
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

/** Runs the CLI in-process and collects what it prints. */
export async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { runCli } = await import('../../src/cli/main.js');
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}
