// `npm run bench [-- --quick] [-- --dist] [-- --bounds|--history|--history-verdict|--dashboard|--comment]`: builds
// what the bench runs, then runs bench/main.ts (--bounds: only the memory and time bounds of inputs read whole;
// --history: only the history records' bytes and read time; --history-verdict: only the history verdict at 1,000 and
// 10,000 benchmarks; --dashboard: only the dashboard at 1,000 and 10,000 benchmarks in headless Chromium; --comment:
// only what the comment, the Check, the job summary and report.html cost at 1,000 and 10,000 benchmarks; each
// replaced in bench/RESULTS.md, and the two slow ones, --history-verdict and --dashboard, kept as they are by a
// whole run).
//
// - bench/main.ts (which imports src/ directly) is bundled with esbuild into bench/.out/ (inside
//   the checkout, so that code resolving node_modules at run time finds it; removed afterwards).
// - The action is built by scripts/build.mjs itself, run from a copy in a temp folder whose other
//   entries link to this checkout's: the same bundles as `npm run build` gives (dist/index.js and
//   its chunks), from the working tree, without writing this checkout's dist/. With --dist the
//   existing dist/index.js is timed instead.
// - src/pipeline/writeCharts.ts, when it exists, is bundled too, for the charts stages, with its renderer
//   taken from the built dist/chunks/charts.js; so is bench/chartsCold.ts, for the cold charts runs.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const useDist = args.includes('--dist');

const requireShim =
  "import { createRequire as __perfgateCreateRequire } from 'node:module';\n" +
  'const require = __perfgateCreateRequire(import.meta.url);';
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  logLevel: 'warning',
  charset: 'utf8',
  define: { PERFGATE_VERSION: JSON.stringify('bench') },
  banner: { js: requireShim },
  absWorkingDir: repoRoot,
};

/**
 * Runs scripts/build.mjs in a temp folder that mirrors the checkout: scripts/ is copied (the
 * script resolves its root from its own location), everything else is linked, so the bundles
 * land in the temp folder's dist/ and this checkout's dist/ is never written.
 */
function buildAction() {
  const root = mkdtempSync(join(tmpdir(), 'perfgate-bench-build-'));
  for (const name of readdirSync(repoRoot)) {
    if (name === 'dist' || name === '.git' || name === 'scripts') continue;
    symlinkSync(join(repoRoot, name), join(root, name));
  }
  cpSync(join(repoRoot, 'scripts'), join(root, 'scripts'), { recursive: true });
  mkdirSync(join(root, 'dist'));
  const before = fingerprint(join(repoRoot, 'dist'));
  const r = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('scripts/build.mjs failed');
  if (fingerprint(join(repoRoot, 'dist')) !== before)
    process.stderr.write(
      "bench: warning: scripts/build.mjs wrote to the checkout's dist/ (it should not resolve paths outside its own root)\n",
    );
  if (!existsSync(join(root, 'dist', 'index.js')))
    throw new Error('scripts/build.mjs did not write dist/index.js under its own root');
  return { root, actionPath: join(root, 'dist', 'index.js') };
}

function fingerprint(dir) {
  try {
    return readdirSync(dir, { recursive: true })
      .sort()
      .map((name) => `${name}:${statSync(join(dir, String(name))).mtimeMs}`)
      .join('|');
  } catch {
    return '';
  }
}

mkdirSync(join(repoRoot, 'bench', '.out'), { recursive: true });
const out = mkdtempSync(join(repoRoot, 'bench', '.out', 'run-'));
let buildRoot;
let status;
try {
  await build({ ...common, entryPoints: ['bench/main.ts'], outfile: join(out, 'bench.mjs') });
  let actionPath = join(repoRoot, 'dist', 'index.js');
  let actionLabel = 'dist/index.js (the existing build, --dist)';
  if (!useDist) {
    const built = buildAction();
    buildRoot = built.root;
    actionPath = built.actionPath;
    actionLabel = 'dist/index.js as `npm run build` makes it, built from the working tree into a temp folder';
  } else if (!existsSync(actionPath)) {
    throw new Error('dist/index.js is missing: run `npm run build` first, or drop --dist');
  }
  if (existsSync(join(repoRoot, 'src', 'pipeline', 'writeCharts.ts'))) {
    // writeCharts loads the renderer from the built dist/chunks/charts.js, as the action does: the
    // bench times the bundled renderer and its PNG worker thread, not a copy of the sources.
    const chartsChunk = pathToFileURL(join(dirname(actionPath), 'chunks', 'charts.js')).href;
    const builtRenderer = {
      name: 'perfgate-bench-built-charts',
      setup(b) {
        b.onResolve({ filter: /^\.\.\/render\/index\.js$/ }, (args) =>
          resolve(args.resolveDir) === join(repoRoot, 'src', 'pipeline')
            ? { path: chartsChunk, external: true }
            : undefined,
        );
      },
    };
    try {
      await build({
        ...common,
        logLevel: 'silent',
        plugins: [builtRenderer],
        entryPoints: ['src/pipeline/writeCharts.ts'],
        outfile: join(out, 'charts.mjs'),
      });
      await build({
        ...common,
        logLevel: 'silent',
        plugins: [builtRenderer],
        entryPoints: ['bench/chartsCold.ts'],
        outfile: join(out, 'charts-cold.mjs'),
      });
    } catch (error) {
      writeFileSync(
        join(out, 'charts.unavailable'),
        `src/pipeline/writeCharts.ts does not bundle: ${String(error.message).split('\n')[0]}`,
      );
    }
  }
  const result = spawnSync(process.execPath, ['--expose-gc', join(out, 'bench.mjs'), ...args], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      PERFGATE_BENCH_REPO: repoRoot,
      PERFGATE_BENCH_BUNDLES: out,
      PERFGATE_BENCH_ACTION: actionPath,
      PERFGATE_BENCH_ACTION_LABEL: actionLabel,
    },
  });
  status = result.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
  try {
    rmdirSync(join(repoRoot, 'bench', '.out')); // only when empty: another bench run may be using it
  } catch {
    // not empty
  }
  if (buildRoot) rmSync(buildRoot, { recursive: true, force: true });
}
process.exit(status);
