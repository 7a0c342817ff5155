/**
 * Binary and script assets for rendering, read from node_modules (development, tests). The
 * bundled dist swaps this module for assets.bundled.ts, which has them embedded (see
 * scripts/build.mjs), because an action runs from a checkout without node_modules.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** `@resvg/resvg-wasm`'s WebAssembly module. */
export async function loadResvgWasm(): Promise<Uint8Array> {
  return readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm'));
}

/** DejaVu Sans, the one font charts are drawn with (so text looks the same on every runner). */
export async function loadFont(): Promise<Uint8Array> {
  return readFile(join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf', 'DejaVuSans.ttf'));
}

/** The browser (UMD) builds of vega, vega-lite and vega-embed, inlined into report.html. */
export async function loadBrowserBundles(): Promise<{ vega: string; vegaLite: string; vegaEmbed: string }> {
  // The packages export only their module entry; the minified UMD builds sit beside it.
  const beside = (pkg: string, file: string) => readFile(join(dirname(require.resolve(pkg)), file), 'utf8');
  const [vega, vegaLite, vegaEmbed] = await Promise.all([
    beside('vega', 'vega.min.js'),
    beside('vega-lite', 'vega-lite.min.js'),
    beside('vega-embed', 'vega-embed.min.js'),
  ]);
  return { vega, vegaLite, vegaEmbed };
}
