/**
 * Headless rendering: Vega-Lite → Vega → SVG with vega's 'none' renderer (no browser, no
 * node-canvas; text widths use vega's estimator), then SVG → PNG with resvg compiled to
 * WebAssembly and the bundled DejaVu Sans, so every runner draws the same pixels. This module
 * pulls in vega, vega-lite and resvg: import it dynamically, only when charts are made.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { CHART_FONT, type VegaLiteSpec } from '../engine/charts/vegaLite.js';
import { loadFont, loadResvgWasm } from './assets.js';

/** PNG pixels per SVG unit: 2 keeps text sharp on high-density screens. */
export const PNG_SCALE = 2;

let resvgReady: Promise<Uint8Array> | undefined;

/** Initialises resvg once per process (initWasm throws when called twice) and loads the font. */
function prepareResvg(): Promise<Uint8Array> {
  resvgReady ??= (async () => {
    const [wasm, font] = await Promise.all([loadResvgWasm(), loadFont()]);
    await initWasm(wasm);
    return font;
  })();
  return resvgReady;
}

/** The Vega spec a Vega-Lite spec compiles to. */
export function compileSpec(spec: VegaLiteSpec): object {
  return compile(spec as unknown as TopLevelSpec).spec;
}

/**
 * vega numbers clip paths and gradients with process-wide counters (`clip257` on the second
 * render); renumbering them in order of appearance makes the same spec give the same bytes.
 */
export function normalizeSvgIds(svg: string): string {
  const ids = new Map<string, string>();
  const counters = new Map<string, number>();
  return svg.replace(/(id="|url\(#)(clip|gradient|pattern)(\d+)/g, (_all, lead: string, prefix: string, n: string) => {
    const key = prefix + n;
    let id = ids.get(key);
    if (id === undefined) {
      const next = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, next);
      id = prefix + next;
      ids.set(key, id);
    }
    return lead + id;
  });
}

export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  const view = new View(parse(compileSpec(spec) as Parameters<typeof parse>[0]), { renderer: 'none' });
  try {
    return normalizeSvgIds(await view.toSVG());
  } finally {
    view.finalize();
  }
}

export async function renderPng(svg: string, scale = PNG_SCALE): Promise<Uint8Array> {
  const font = await prepareResvg();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    font: { fontBuffers: [font], loadSystemFonts: false, defaultFontFamily: CHART_FONT, sansSerifFamily: CHART_FONT },
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

export interface RenderedChart {
  svg: string;
  png?: Uint8Array;
}

export async function renderChart(spec: VegaLiteSpec, options: { png?: boolean } = {}): Promise<RenderedChart> {
  const svg = await renderSvg(spec);
  return options.png === false ? { svg } : { svg, png: await renderPng(svg) };
}
