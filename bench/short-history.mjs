// `node bench/short-history.mjs <folder>`: bundles bench/short-history.ts (which imports src/ directly) with esbuild
// and runs it on a folder of repeated runs of one unchanged build; the tables go to stdout.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = mkdtempSync(join(tmpdir(), 'perfgate-short-history-'));
const out = join(outDir, 'short-history.mjs');
try {
  await build({
    entryPoints: [join(repoRoot, 'bench', 'short-history.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
  });
  const result = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
