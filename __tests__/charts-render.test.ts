import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THRESHOLD } from '../src/engine/compare/thresholds.js';
import type { Chart } from '../src/engine/charts/model.js';
import { toVegaLite } from '../src/engine/charts/vegaLite.js';
import { parse, View } from 'vega';
import { rasterize } from '../src/charts/rasterize.js';
import { compileSpec, MAX_PNG_WIDTH, normalizeSvgIds, pngWidth, renderChart, renderSvg, staticSpec, tidySvg, PNG_SCALE } from '../src/charts/render.js';
import { CHART_FONT } from '../src/engine/charts/vegaLite.js';
import { planCharts, writeCharts } from '../src/pipeline/charts.js';
import { runCompare } from '../src/pipeline/compare.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { exampleInput } from './charts-fixtures.js';
import { decodePng, samePixels } from './helpers/png.js';
import { describeShared, fastdds, tempDir } from './helpers/shared.js';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  // The IHDR chunk follows the signature: length, "IHDR", width, height.
  expect(String.fromCharCode(...png.slice(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function svgSize(svg: string): { width: number; height: number } {
  const m = /^<svg[^>]* width="(\d+)" height="(\d+)"/.exec(svg);
  expect(m).not.toBeNull();
  return { width: Number(m![1]), height: Number(m![2]) };
}

function texts(svg: string): string[] {
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!);
}

function count(svg: string, needle: string): number {
  return svg.split(needle).length - 1;
}

const charts = planCharts(exampleInput());
const rendered = new Map<string, { svg: string; png: Uint8Array }>();

beforeAll(async () => {
  for (const chart of charts) {
    const { svg, png } = await renderChart(toVegaLite(chart));
    rendered.set(chart.id, { svg, png: png! });
  }
});

describe.each(charts.map((c) => [c.id, c] as [string, Chart]))('%s', (_id, chart) => {
  test('SVG: title, axes per panel, marks, axis and legend labels, bundled font', () => {
    const { svg } = rendered.get(chart.id)!;
    const labels = texts(svg);
    expect(labels).toContain(chart.title);
    for (const p of chart.panels) expect(labels).toContain(p.title);
    // Each panel has an x and a y axis (vega draws the grid as a second axis group).
    expect(count(svg, 'class="mark-group role-axis"')).toBeGreaterThanOrEqual(2 * chart.panels.length);
    expect(count(svg, 'class="mark-text role-axis-title"')).toBe(2 * chart.panels.length);
    const mark = chart.panels[0]!.mark === 'bar' ? 'mark-rect role-mark' : 'mark-line role-mark';
    expect(count(svg, mark)).toBeGreaterThanOrEqual(chart.panels.length);
    if (chart.panels[0]!.x.kind === 'payload') {
      expect(labels).toContain('16 B');
      expect(labels).toContain('1 KiB');
    }
    if (chart.panels[0]!.mark === 'line' && chart.panels[0]!.series.length > 1) {
      for (const s of chart.panels[0]!.series) expect(labels).toContain(s.name);
    }
    expect(svg).toContain('font-family="DejaVu Sans"');
    expect(svg).not.toMatch(/font-family="(?!DejaVu Sans")/);
  });

  test('PNG: twice the SVG width, at most MAX_PNG_WIDTH, height in proportion; every pixel decodes', () => {
    const { svg, png } = rendered.get(chart.id)!;
    expect([...png.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    const s = svgSize(svg);
    const { width, height } = pngSize(png);
    expect(width).toBe(Math.min(MAX_PNG_WIDTH, s.width * PNG_SCALE));
    expect(Math.abs(height - (s.height * width) / s.width)).toBeLessThanOrEqual(1);
    const decoded = decodePng(png);
    expect(decoded.rgba.length).toBe(width * height * 4);
    // Opaque white background, and something drawn on it.
    expect(decoded.rgba.every((v, i) => i % 4 !== 3 || v === 255)).toBe(true);
    expect(decoded.rgba.some((v, i) => i % 4 !== 3 && v < 128)).toBe(true);
  });

  test('SVG: no clip-path (every mark lies inside its scales), nothing invisible left in', () => {
    const { svg } = rendered.get(chart.id)!;
    expect(svg).not.toContain('clip-path');
    expect(svg).not.toMatch(/\sopacity="[01]"/);
  });
});

/** vega's SVG of a spec as written (tooltips, ARIA), before tidySvg. */
async function interactiveSvg(spec: object): Promise<string> {
  const view = new View(parse(compileSpec(spec as Record<string, unknown>) as Parameters<typeof parse>[0]), { renderer: 'none' });
  try {
    return normalizeSvgIds(await view.toSVG());
  } finally {
    view.finalize();
  }
}

describe('what the still image leaves out draws nothing', () => {
  const picked = charts.filter((c) => ['check-interprocess_best_effort', 'history-payload-interprocess_best_effort', 'throughput-throughput'].includes(c.id));
  test.each(picked.map((c) => [c.id, c] as [string, Chart]))('%s: same pixels with tooltips, ARIA and hidden labels as without', async (_id, chart) => {
    const spec = toVegaLite(chart);
    const full = await interactiveSvg(spec);
    expect(full).toMatch(/\sopacity="1"/);
    const still = rendered.get(chart.id)!.svg;
    // Per-point descriptions go; titles keep theirs.
    expect(full).toContain('aria-roledescription="line mark"');
    expect(still).not.toContain('aria-roledescription="line mark"');
    expect(still).toContain(`aria-label="Title text '${chart.title}'"`);
    expect(count(still, 'aria-label')).toBeLessThan(count(full, 'aria-label'));
    expect(still.length).toBeLessThan(full.length);
    expect(samePixels(decodePng(await rasterize(full)), decodePng(await rasterize(still)))).toBe(true);
  });

  test('the saved spec keeps its tooltips; only the still image drops them', () => {
    const spec = toVegaLite(charts.find((c) => c.id === 'check-interprocess_best_effort')!) as any;
    expect(spec.concat[0].mark.tooltip).toBe(true);
    const still = staticSpec(spec) as any;
    expect(still.concat[0].mark.tooltip).toBeUndefined();
    expect(still.concat[0].encoding.tooltip).toBeUndefined();
    expect(still.config.aria).toBe(false);
    expect(still.config.font).toBe(CHART_FONT);
    expect(spec.config.aria).toBeUndefined();
  });

  test('tidySvg never changes text from result files', () => {
    const label = 'x opacity="1" <text opacity="0">y</text>';
    const escaped = label.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    const svg = `<svg width="10" height="10"><g opacity="1"><text fill="#000">${escaped}</text><text opacity="0">hidden</text><text opacity="0.5">half</text></g></svg>`;
    expect(tidySvg(svg)).toBe(`<svg width="10" height="10"><g><text fill="#000">${escaped}</text><text opacity="0.5">half</text></g></svg>`);
  });

  test('a hostile series name renders as the same text after tidying', async () => {
    const hostile = 'evil opacity="1" </text><script>alert(1)</script>';
    const spec = toVegaLite({ ...charts.find((c) => c.id === 'throughput-throughput')!, title: hostile });
    const svg = await renderSvg(spec);
    expect(svg).toContain('evil opacity="1" &lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(svg).not.toContain('<script>');
  });
});

test('PNG width: twice the SVG, capped', () => {
  expect(pngWidth(450)).toBe(900);
  expect(pngWidth(1276)).toBe(MAX_PNG_WIDTH);
  expect(pngWidth(1276, 1)).toBe(1276);
});

test('check chart: requirement red, experiment blue, one line each per panel', () => {
  const { svg } = rendered.get('check-interprocess_best_effort')!;
  expect(count(svg, 'stroke="#ff0000"')).toBeGreaterThanOrEqual(3);
  expect(count(svg, 'stroke="#09487e"')).toBeGreaterThanOrEqual(3);
  expect(texts(svg)).toEqual(expect.arrayContaining(['Median [µs]', '99% [µs]', 'Max [µs]', 'Payload', '16 KiB']));
});

test('history per payload draws the requirement dashed', () => {
  const { svg } = rendered.get('history-payload-interprocess_best_effort')!;
  expect(svg).toContain('stroke-dasharray="6,4"');
  expect(texts(svg)).toContain('2026-01-03 ccccccc');
});

test('same inputs give the same bytes', async () => {
  for (const id of ['check-interprocess_best_effort', 'history-payload-interprocess_best_effort', 'histogram-interprocess_best_effort']) {
    const chart = planCharts(exampleInput()).find((c) => c.id === id)!;
    const again = await renderChart(toVegaLite(chart));
    expect(again.svg).toBe(rendered.get(id)!.svg);
    expect(Buffer.from(again.png!).equals(Buffer.from(rendered.get(id)!.png))).toBe(true);
  }
});

test('writeCharts writes spec, SVG and PNG per chart and report.html, and returns the Mermaid Markdown', async () => {
  const dir = tempDir('perfgate-charts-write-');
  const outcome = await writeCharts(dir, { ...exampleInput(), title: 'perfgate <example>' });
  const names = readdirSync(join(dir, 'charts')).sort();
  expect(names).toEqual(charts.flatMap((c) => [`${c.id}.png`, `${c.id}.svg`, `${c.id}.vl.json`]).sort());
  expect(outcome.written).toHaveLength(3 * charts.length + 1);
  expect(outcome.reportHtmlPath).toBe(join(dir, 'report.html'));
  expect(existsSync(outcome.reportHtmlPath)).toBe(true);
  const spec = JSON.parse(readFileSync(join(dir, 'charts', 'check-interprocess_best_effort.vl.json'), 'utf8'));
  expect(spec.$schema).toBe('https://vega.github.io/schema/vega-lite/v6.json');
  expect(outcome.mermaid).toContain('xychart-beta');
  expect(outcome.charts.find((c) => c.id === 'check-interprocess_best_effort')!.mermaid).toContain('```mermaid');
  expect(outcome.charts.find((c) => c.id === 'histogram-interprocess_best_effort')!.mermaid).toBeUndefined();
  // PNGs can be left out.
  const svgOnly = await writeCharts(tempDir('perfgate-charts-svg-'), { check: exampleInput().check!, png: false });
  expect(svgOnly.written.filter((p) => p.endsWith('.png'))).toEqual([]);
  expect(svgOnly.written.map((p) => p.slice(p.lastIndexOf('/') + 1))).toEqual([
    'check-interprocess_best_effort.vl.json',
    'check-interprocess_best_effort.svg',
    'check-intraprocess_best_effort.vl.json',
    'check-intraprocess_best_effort.svg',
    'report.html',
  ]);
});

describeShared('charts of the Fast-DDS reference comparison fixture', () => {
  test('baseline in grey and result in blue, with the values of the summaries', async () => {
    const t = DEFAULT_THRESHOLD;
    const compare = runCompare(
      {
        reference: [join(fastdds, 'compare', 'reference_2026-01-01')],
        results: [join(fastdds, 'compare', 'results_2026-01-02')],
        referenceLabel: 'reference_2026-01-01',
        resultLabel: 'results_2026-01-02',
        outputDir: tempDir('perfgate-charts-fastdds-'),
        thresholds: { Min: t, Median: t, Max: t, '99%': t },
        floatParse: 'precise',
      },
      silentProgress,
    );
    const chart = planCharts({ compare }).find((c) => c.id === 'reference-interprocess_best_effort')!;
    // 16 B: reference Min 7.029, Median 7.486; result Min 7.227, Median 7.776 (the summary CSVs).
    expect(chart.panels[0]!.series.map((s) => [s.name, s.points[0]!.y])).toEqual([
      ['reference_2026-01-01 Min', 7.029],
      ['reference_2026-01-01 Median', 7.486],
      ['results_2026-01-02 Min', 7.227],
      ['results_2026-01-02 Median', 7.776],
    ]);
    const { svg, png } = await renderChart(toVegaLite(chart));
    expect(texts(svg)).toEqual(expect.arrayContaining(['min – median', 'max – 99%', 'reference_2026-01-01 Min', 'results_2026-01-02 Median', '16 KiB']));
    for (const colour of ['#4d4d4d', '#a6a6a6', '#09487e', '#0895cd']) expect(svg).toContain(`stroke="${colour}"`);
    // Red is the requirement's colour only: no comparison line is drawn in it.
    expect(svg).not.toContain('stroke="#ff0000"');
    expect([...png!.slice(0, 8)]).toEqual(PNG_SIGNATURE);
  });
});
