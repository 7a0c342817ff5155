// Bundles the action (dist/index.js, which loads dist/action-main.js) and the CLI (dist/cli.js, which loads
// dist/cli-main.js) as self-contained ES modules,
// so both run from a checkout with no node_modules. Output is deterministic (no timestamps;
// chunk names carry a content hash).
//
// Charts (resvg-wasm, the font, the PNG worker and the browser builds of vega for report.html) are a
// separate bundle, dist/chunks/charts.js, that the entry points reach only through a dynamic
// import(): a run without charts never loads it. Within it, code splitting makes each embedded
// asset its own chunk, parsed only when used (the 2.5 MB wasm only for PNGs, in the PNG worker).
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const requireFromRoot = createRequire(join(root, 'package.json'));

// Some bundled CommonJS dependencies call require() on Node built-ins; ESM output needs a shim.
const requireShim =
  "import { createRequire as __perfgateCreateRequire } from 'node:module';\n" +
  'const require = __perfgateCreateRequire(import.meta.url);';

/** The embedded assets: `perfgate-asset:<name>` → file and esbuild loader. */
const beside = (pkg, file) => join(dirname(requireFromRoot.resolve(pkg)), file);
const ASSETS = {
  'resvg.wasm': { file: () => requireFromRoot.resolve('@resvg/resvg-wasm/index_bg.wasm'), loader: 'binary' },
  'DejaVuSans.ttf': {
    file: () => join(dirname(requireFromRoot.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'),
    loader: 'binary',
  },
  'vega.min.js': { file: () => beside('vega', 'vega.min.js'), loader: 'text' },
  'vega-lite.min.js': { file: () => beside('vega-lite', 'vega-lite.min.js'), loader: 'text' },
  'vega-embed.min.js': { file: () => beside('vega-embed', 'vega-embed.min.js'), loader: 'text' },
};

/**
 * Swaps src/render/assets.ts (reads node_modules) for assets.bundled.ts and resolves its
 * `perfgate-asset:` imports to the embedded files.
 */
export const embedAssets = {
  name: 'perfgate-embed-assets',
  setup(b) {
    const chartsDir = join(root, 'src', 'render');
    b.onResolve({ filter: /^\.\/assets\.js$/ }, (args) =>
      resolve(args.resolveDir) === chartsDir ? { path: join(chartsDir, 'assets.bundled.ts') } : undefined,
    );
    b.onResolve({ filter: /^perfgate-asset:/ }, (args) => {
      const name = args.path.slice('perfgate-asset:'.length);
      if (!ASSETS[name]) return { errors: [{ text: `unknown asset ${name}` }] };
      return { path: name, namespace: 'perfgate-asset' };
    });
    b.onLoad({ filter: /.*/, namespace: 'perfgate-asset' }, (args) => {
      const asset = ASSETS[args.path];
      return { contents: readFileSync(asset.file()), loader: asset.loader };
    });
  },
};

/** Where the entry points find the charts bundle, relative to dist/. */
export const CHARTS_CHUNK = './chunks/charts.js';

/**
 * src/pipeline/writeCharts.ts imports '../render/index.js' dynamically; in the entry bundles that
 * import stays a runtime import of the separate charts bundle, so no chart code (and no shared
 * chunk) is pulled into dist/index.js or dist/cli.js.
 */
export const chartsExternal = {
  name: 'perfgate-charts-external',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/render\/index\.js$/ }, (args) =>
      resolve(args.resolveDir) === join(root, 'src', 'pipeline') ? { path: CHARTS_CHUNK, external: true } : undefined,
    );
  },
};

/** Where dist/cli.js finds the CLI proper, relative to dist/. */
export const CLI_MAIN = './cli-main.js';

/** src/cli/index.ts imports './run.js' dynamically; in dist/cli.js that stays an import of dist/cli-main.js. */
export const cliMainExternal = {
  name: 'perfgate-cli-main-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/run\.js$/ }, (args) =>
      resolve(args.resolveDir) === join(root, 'src', 'cli') ? { path: CLI_MAIN, external: true } : undefined,
    );
  },
};

/** Where dist/index.js finds the action proper (its ports and `run`), relative to dist/. */
export const ACTION_MAIN = './action-main.js';

/**
 * src/action/index.ts imports './process.js'; in dist/index.js that stays an import of dist/action-main.js, which
 * the process tests' own entry imports too (__tests__/helpers/action-process-entry.mjs).
 */
export const actionMainExternal = {
  name: 'perfgate-action-main-external',
  setup(b) {
    b.onResolve({ filter: /^\.\/process\.js$/ }, (args) =>
      resolve(args.resolveDir) === join(root, 'src', 'action') ? { path: ACTION_MAIN, external: true } : undefined,
    );
  },
};

export const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  legalComments: 'none',
  logLevel: 'warning',
  charset: 'utf8',
  define: { PERFGATE_VERSION: JSON.stringify(version) },
  absWorkingDir: root,
  // Module paths as they appear under the checkout, even where node_modules is a symlink (the
  // release test's scratch clone): the bundle's bytes never depend on where the tools live.
  preserveSymlinks: true,
};

/** The PNG worker's file, next to the charts bundle (src/render/pngRenderer.ts starts it). */
export const PNG_WORKER = './png-worker.js';

/**
 * Options of the charts bundle: dist/chunks/charts.js, the PNG worker dist/chunks/png-worker.js,
 * the code they share, and one chunk per embedded asset.
 */
export const chartsBuild = {
  ...common,
  entryPoints: { charts: 'src/render/index.ts', 'png-worker': 'src/render/pngWorker.ts' },
  define: { ...common.define, PERFGATE_PNG_WORKER: JSON.stringify(PNG_WORKER) },
  outdir: join(root, 'dist', 'chunks'),
  splitting: true,
  entryNames: '[name]',
  chunkNames: '[name]-[hash]',
  plugins: [embedAssets],
  banner: { js: requireShim },
};

async function main() {
  // Old chunks would pile up: their names change with their content.
  rmSync(join(root, 'dist', 'chunks'), { recursive: true, force: true });
  // dist/index.js runs the action on the process's ports, from dist/action-main.js (src/action/process.ts).
  await build({
    ...common,
    entryPoints: ['src/action/index.ts'],
    outfile: 'dist/index.js',
    plugins: [actionMainExternal],
  });
  await build({
    ...common,
    entryPoints: ['src/action/process.ts'],
    outfile: 'dist/action-main.js',
    plugins: [chartsExternal],
    banner: { js: requireShim },
  });
  // dist/cli.js only checks the Node.js version, then imports the CLI, dist/cli-main.js (see
  // src/cli/index.ts): older Node.js versions must be able to load it, so it has no imports.
  await build({
    ...common,
    entryPoints: ['src/cli/index.ts'],
    outfile: 'dist/cli.js',
    target: 'node16',
    plugins: [cliMainExternal],
    banner: { js: '#!/usr/bin/env node' },
  });
  chmodSync(join(root, 'dist', 'cli.js'), 0o755);
  await build({
    ...common,
    entryPoints: ['src/cli/run.ts'],
    outfile: 'dist/cli-main.js',
    plugins: [chartsExternal],
    banner: { js: requireShim },
  });
  await build(chartsBuild);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
