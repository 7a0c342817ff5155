// `npm run fuzz [-- options]`: bundles bench/fuzz.ts (which imports src/ and __tests__/helpers/
// directly) with esbuild into bench/.out/, runs it, and removes the bundle. Options: see bench/fuzz.ts.
//
// The bundle sits directly in bench/.out/ (two folders below the checkout) because the helpers
// find the checkout's fixtures from their own location (__tests__/helpers/shared.ts), which in a
// bundle is the bundle's.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(repoRoot, 'bench', '.out');
const outfile = join(outDir, `fuzz-${process.pid}.mjs`);
mkdirSync(outDir, { recursive: true });
let status;
try {
  await build({
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
    charset: 'utf8',
    define: { PERFGATE_VERSION: JSON.stringify('fuzz') },
    banner: {
      js: "import { createRequire as __perfgateCreateRequire } from 'node:module';\nconst require = __perfgateCreateRequire(import.meta.url);",
    },
    absWorkingDir: repoRoot,
    entryPoints: ['bench/fuzz.ts'],
    outfile,
  });
  const result = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, PERFGATE_FUZZ_BUNDLE: outfile },
  });
  status = result.status ?? 1;
} finally {
  rmSync(outfile, { force: true });
  try {
    rmdirSync(outDir); // only when empty: a bench run may be using it
  } catch {
    // not empty
  }
}
process.exit(status);
