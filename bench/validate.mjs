// `npm run validate [-- path/to/shared] [-- --quick] [-- --only validate-NAME]`: bundles each validator
// (bench/validate-*.ts below, which import src/ directly) with esbuild into bench/.out/ and runs them in turn; the
// tables go to stdout.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const VALIDATORS = [
  'validate-verdict',
  'validate-attribution',
  'validate-sequential',
  'validate-shift',
  'validate-trends',
  'validate-confirm',
  'validate-qualify',
  'validate-qualify-power',
  'validate-twostage',
  'validate-screen',
  'validate-catches',
  'validate-budget',
  'validate-suite-row',
  'validate-tails',
  'validate-primary',
];

// `--only validate-tails` (repeatable) runs those validators alone; the other arguments go to each validator.
const args = process.argv.slice(2);
const only = [];
for (let i = args.indexOf('--only'); i >= 0; i = args.indexOf('--only')) only.push(...args.splice(i, 2).slice(1));
const chosen = only.length > 0 ? VALIDATORS.filter((name) => only.includes(name)) : VALIDATORS;
if (only.some((name) => !VALIDATORS.includes(name))) {
  console.error(`validate: --only takes one of ${VALIDATORS.join(', ')}`);
  process.exit(2);
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(repoRoot, 'bench', '.out');
mkdirSync(outDir, { recursive: true });
let status = 0;
for (const name of chosen) {
  const out = join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [join(repoRoot, 'bench', `${name}.ts`)],
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
  const result = spawnSync(process.execPath, [out, ...args], { stdio: 'inherit', cwd: repoRoot });
  if ((result.status ?? 1) !== 0) status = result.status ?? 1;
}
rmSync(outDir, { recursive: true, force: true });
process.exit(status);
