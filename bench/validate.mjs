// `npm run validate [-- path/to/shared] [-- --quick]`: bundles bench/validate-verdict.ts (which
// imports src/ directly) with esbuild into bench/.out/ and runs it; the tables go to stdout.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(repoRoot, 'bench', '.out', 'validate-verdict.mjs');
mkdirSync(dirname(out), { recursive: true });
await build({
  entryPoints: [join(repoRoot, 'bench', 'validate-verdict.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'warning',
  banner: {
    js: "import { createRequire as __perfgateCreateRequire } from 'node:module';\nconst require = __perfgateCreateRequire(import.meta.url);",
  },
});
const result = spawnSync(process.execPath, [out, ...process.argv.slice(2)], { stdio: 'inherit', cwd: repoRoot });
rmSync(join(repoRoot, 'bench', '.out'), { recursive: true, force: true });
process.exit(result.status ?? 1);
