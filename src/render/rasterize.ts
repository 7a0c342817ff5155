/**
 * SVG → PNG with resvg compiled to WebAssembly and the bundled DejaVu Sans, so every runner draws
 * the same pixels. Used in-process and by the PNG worker (pngWorker.ts) alike.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { CHART_FONT } from '../engine/charts/vegaLite.js';
import { loadFont, loadResvgWasm } from './assets.js';
import { encodePng } from './png.js';

/** PNG pixels per SVG unit: 2 keeps text sharp on high-density screens. */
export const PNG_SCALE = 2;

/**
 * The widest PNG: twice a 1000-pixel column, wider than GitHub shows a comment or a README on a
 * 2× screen. Multi-panel charts are narrowed to it: beyond it pixels only cost time and bytes.
 */
export const MAX_PNG_WIDTH = 2000;

/** The PNG width of an SVG `svgWidth` units wide: `scale` pixels per unit, at most MAX_PNG_WIDTH. */
export function pngWidth(svgWidth: number, scale = PNG_SCALE): number {
  return Math.max(1, Math.min(MAX_PNG_WIDTH, Math.round(svgWidth * scale)));
}

/** The width of an SVG from its root element (the chart SVGs always have one). */
export function svgWidth(svg: string): number | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0];
  const width = root ? /\swidth="(\d+(?:\.\d+)?)"/.exec(root)?.[1] : undefined;
  return width !== undefined ? Number(width) : undefined;
}

let resvgReady: Promise<Uint8Array> | undefined;

/** Initialises resvg once per thread (initWasm throws when called twice) and loads the font. */
export function prepareResvg(): Promise<Uint8Array> {
  resvgReady ??= (async () => {
    const [wasm, font] = await Promise.all([loadResvgWasm(), loadFont()]);
    await initWasm(wasm);
    return font;
  })();
  return resvgReady;
}

export async function rasterize(svg: string, scale = PNG_SCALE): Promise<Uint8Array> {
  const font = await prepareResvg();
  const width = svgWidth(svg);
  const resvg = new Resvg(svg, {
    fitTo: width !== undefined ? { mode: 'width', value: pngWidth(width, scale) } : { mode: 'zoom', value: scale },
    background: 'white',
    font: { fontBuffers: [font], loadSystemFonts: false, defaultFontFamily: CHART_FONT, sansSerifFamily: CHART_FONT },
  });
  try {
    const image = resvg.render();
    try {
      return encodePng(image.pixels, image.width, image.height);
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
