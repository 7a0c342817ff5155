import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THRESHOLD } from '../src/engine/compare/thresholds.js';
import type { Chart } from '../src/engine/charts/model.js';
import { compile, type TopLevelSpec } from 'vega-lite';
import { chartToSvg } from '../src/engine/charts/svg.js';
import { toVegaLite } from '../src/engine/charts/vegaLite.js';
import { MAX_PNG_WIDTH, pngWidth, rasterize, PNG_SCALE } from '../src/render/rasterize.js';
import { planCharts, writeCharts } from '../src/pipeline/writeCharts.js';
import { runCompare } from '../src/pipeline/compare.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { exampleInput } from './charts-fixtures.js';
import { decodePng } from './helpers/png.js';
import { describeShared, fastdds, tempDir, cwdFiles } from './helpers/shared.js';
import { FULL_VOLUME } from './helpers/volume.js';

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

/** The text of every <text> element (of one class), unescaped. */
function texts(svg: string, kind?: string): string[] {
  return [...svg.matchAll(/<text class="([^"]*)"[^>]*>([^<]*)<\/text>/g)]
    .filter((m) => kind === undefined || m[1] === kind)
    .map((m) =>
      m[2]!
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&'),
    );
}

/** A chart's SVG and its PNG, as writeCharts draws them. */
async function renderChart(chart: Chart): Promise<{ svg: string; png: Uint8Array }> {
  const svg = chartToSvg(chart);
  return { svg, png: await rasterize(svg) };
}

function count(svg: string, needle: string): number {
  return svg.split(needle).length - 1;
}

const charts = planCharts(exampleInput());
const rendered = new Map<string, { svg: string; png: Uint8Array }>();
// Rasterising and decoding a PNG takes 1–2 s a chart: `npm test` checks the PNG of the first chart of
// each kind, `npm run test:full` every chart's. Every chart's SVG is checked in both.
const pngChecked = new Set(
  FULL_VOLUME ? charts.map((c) => c.id) : [...new Map(charts.map((c) => [c.kind, c.id] as const).reverse()).values()],
);

beforeAll(async () => {
  for (const chart of charts) {
    rendered.set(
      chart.id,
      pngChecked.has(chart.id) ? await renderChart(chart) : { svg: chartToSvg(chart), png: new Uint8Array() },
    );
  }
});

describe.each(charts.map((c) => [c.id, c] as [string, Chart]))('%s', (_id, chart) => {
  test('SVG: title, axes per panel, marks, axis and legend labels, bundled font', () => {
    const { svg } = rendered.get(chart.id)!;
    const labels = texts(svg);
    expect(texts(svg, 'title')).toEqual([chart.title]);
    expect(texts(svg, 'panel-title')).toEqual(chart.panels.map((p) => p.title));
    expect(texts(svg, 'subtitle')).toEqual(chart.panels.flatMap((p) => (p.subtitle !== undefined ? [p.subtitle] : [])));
    // Each panel: a grid, a frame, its two axes with their titles, and its marks.
    expect(count(svg, '<g class="panel"')).toBe(chart.panels.length);
    expect(count(svg, 'class="axis"')).toBe(chart.panels.length);
    expect(count(svg, 'class="frame"')).toBe(chart.panels.length);
    expect(texts(svg, 'axis-title')).toEqual(chart.panels.flatMap((p) => [p.x.title, p.y.title]));
    const mark = chart.panels[0]!.mark === 'bar' ? 'class="bars"' : 'class="line"';
    expect(count(svg, mark)).toBe(
      chart.panels.reduce((n, p) => n + (p.mark === 'bar' ? 1 : p.series.filter((s) => s.points.length > 0).length), 0),
    );
    if (chart.panels[0]!.x.kind === 'payload') {
      expect(labels).toContain('16 B');
      expect(labels).toContain('1 KiB');
    }
    if (chart.panels[0]!.mark === 'line' && chart.panels[0]!.series.length > 1) {
      for (const s of chart.panels[0]!.series) expect(labels).toContain(s.name);
    }
    // The bundled font, then any sans-serif where a viewer has no DejaVu Sans; no other face.
    expect(count(svg, 'font-family=')).toBe(1);
    expect(svg).toContain('font-family="DejaVu Sans, sans-serif"');
  });

  (pngChecked.has(chart.id) ? test : test.skip)(
    'PNG: twice the SVG width, at most MAX_PNG_WIDTH, height in proportion; every pixel decodes',
    () => {
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
    },
  );

  test('SVG: no clip-path, no script, nothing invisible: every mark lies inside its scales', () => {
    const { svg } = rendered.get(chart.id)!;
    expect(svg).not.toContain('clip-path');
    expect(svg).not.toContain('<script');
    expect(svg).not.toMatch(/\sopacity=/);
  });

  test('the spec report.html draws compiles with Vega-Lite', () => {
    const spec = compile(toVegaLite(chart) as unknown as TopLevelSpec).spec as { marks?: unknown[] };
    expect(Array.isArray(spec.marks)).toBe(true);
  });
});

test('a hostile title and series name render as text, never as markup', () => {
  const hostile = 'evil opacity="1" </text><script>alert(1)</script> & \u0007';
  const base = charts.find((c) => c.id === 'throughput-throughput')!;
  const chart: Chart = {
    ...base,
    title: hostile,
    panels: base.panels.map((p) => ({ ...p, series: p.series.map((s) => ({ ...s, name: hostile })) })),
  };
  const svg = chartToSvg(chart);
  expect(svg).toContain('evil opacity=&quot;1&quot; &lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; \ufffd');
  expect(svg).not.toContain('<script>');
  expect(texts(svg, 'title')).toEqual([hostile.replace('\u0007', '\ufffd')]);
  // Legend labels are cut at 220 units, as report.html's legends are (labelLimit).
  const [label] = texts(svg, 'legend-label');
  expect(label).toMatch(/…$/);
  expect(hostile.startsWith(label!.slice(0, -1))).toBe(true);
  expect(label!.length).toBeGreaterThan(20);
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
  for (const id of [
    'check-interprocess_best_effort',
    'history-payload-interprocess_best_effort',
    'histogram-interprocess_best_effort',
  ]) {
    const chart = planCharts(exampleInput()).find((c) => c.id === id)!;
    const again = await renderChart(chart);
    expect(again.svg).toBe(rendered.get(id)!.svg);
    expect(Buffer.from(again.png).equals(Buffer.from(rendered.get(id)!.png))).toBe(true);
  }
});

test('writeCharts writes spec, SVG and PNG per chart and report.html, and returns the Mermaid Markdown', async () => {
  const dir = tempDir('perfgate-charts-write-');
  const outcome = await writeCharts(cwdFiles, dir, { ...exampleInput(), title: 'perfgate <example>' });
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
  const svgOnly = await writeCharts(cwdFiles, tempDir('perfgate-charts-svg-'), {
    check: exampleInput().check!,
    png: false,
  });
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
      cwdFiles,
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
    const { svg, png } = await renderChart(chart);
    expect(texts(svg)).toEqual(
      expect.arrayContaining([
        'min – median',
        'max – 99%',
        'reference_2026-01-01 Min',
        'results_2026-01-02 Median',
        '16 KiB',
      ]),
    );
    for (const colour of ['#4d4d4d', '#a6a6a6', '#09487e', '#0895cd']) expect(svg).toContain(`stroke="${colour}"`);
    // Red is the requirement's colour only: no comparison line is drawn in it.
    expect(svg).not.toContain('stroke="#ff0000"');
    expect([...png.slice(0, 8)]).toEqual(PNG_SIGNATURE);
  });
});
