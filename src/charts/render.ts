/**
 * Headless rendering: Vega-Lite → Vega → SVG with vega's 'none' renderer (no browser, no
 * node-canvas; text widths use vega's estimator), then SVG → PNG (rasterize.ts). This module
 * pulls in vega, vega-lite and resvg: import it dynamically, only when charts are made.
 */
import { parse, View } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import type { VegaLiteSpec } from '../engine/charts/vegaLite.js';
import { MAX_PNG_WIDTH, PNG_SCALE, pngWidth, rasterize } from './rasterize.js';

export { MAX_PNG_WIDTH, PNG_SCALE, pngWidth };

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

/**
 * Drops what draws nothing from vega's SVG: `opacity="1"` (the initial value) and the axis labels
 * vega hides with `opacity="0"` when they would overlap. resvg draws every element with an opacity
 * through a layer of its own, which cost a tenth of the PNGs' raster time; the picture is the same.
 * Only tags are touched, never text from result files: vega escapes `<` and `>` in text and `"`,
 * `<`, `>` in attribute values, so `<…>` is always a tag and `opacity="…"` in it an attribute.
 */
export function tidySvg(svg: string): string {
  return svg.replace(/<text\b[^<>]*\sopacity="0"[^<>]*>[^<]*<\/text>/g, '').replace(/<[^<>]*\sopacity="1"[^<>]*>/g, (tag) => tag.replace(/\sopacity="1"(?=[\s/>])/, ''));
}

type SpecNode = Record<string, unknown>;

/** A unit spec without tooltips; composed specs (concat, layer, facet) recursively. */
function withoutTooltips(node: SpecNode): SpecNode {
  const out: SpecNode = { ...node };
  if (typeof out['mark'] === 'object' && out['mark'] !== null) {
    const { tooltip: _tooltip, ...mark } = out['mark'] as SpecNode;
    out['mark'] = mark;
  }
  if (typeof out['encoding'] === 'object' && out['encoding'] !== null) {
    const { tooltip: _tooltip, ...encoding } = out['encoding'] as SpecNode;
    out['encoding'] = encoding;
  }
  for (const key of ['concat', 'hconcat', 'vconcat', 'layer'] as const) {
    if (Array.isArray(out[key])) out[key] = (out[key] as SpecNode[]).map(withoutTooltips);
  }
  if (typeof out['spec'] === 'object' && out['spec'] !== null) out['spec'] = withoutTooltips(out['spec'] as SpecNode);
  return out;
}

/**
 * The spec as a still image needs it: without tooltips and ARIA descriptions, which a picture cannot
 * show (report.html keeps both: it embeds the spec as written). Vega computes a description for
 * every point for them; leaving them out makes the SVG a fifth faster to draw, with the same picture.
 */
export function staticSpec(spec: VegaLiteSpec): VegaLiteSpec {
  const config = typeof spec['config'] === 'object' && spec['config'] !== null ? (spec['config'] as SpecNode) : {};
  return { ...withoutTooltips(spec), config: { ...config, aria: false } };
}

/** The SVG of a chart as a still image (staticSpec), with deterministic ids and nothing that draws nothing. */
export async function renderSvg(spec: VegaLiteSpec): Promise<string> {
  const view = new View(parse(compileSpec(staticSpec(spec)) as Parameters<typeof parse>[0]), { renderer: 'none' });
  try {
    return tidySvg(normalizeSvgIds(await view.toSVG()));
  } finally {
    view.finalize();
  }
}

/** A chart's PNG, drawn from its SVG in this thread (writeCharts uses a worker thread when it can: pngRenderer.ts). */
export { rasterize as renderPng };

export interface RenderedChart {
  svg: string;
  png?: Uint8Array;
}

export async function renderChart(spec: VegaLiteSpec, options: { png?: boolean } = {}): Promise<RenderedChart> {
  const svg = await renderSvg(spec);
  return options.png === false ? { svg } : { svg, png: await rasterize(svg) };
}
