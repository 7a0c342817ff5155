/**
 * The SVG renderer (src/engine/charts/svg.ts) and its helpers, judged from outside:
 * - the text-width tables are the font's own advance widths (read from the TTF by a script);
 * - nice domains and ticks are vega's (d3-scale's, through vega's `scale`) on random domains;
 * - every point of every line is drawn where the panel's own axis labels say its value is;
 * - no two texts overlap and none leaves the canvas, on every example chart and the real campaigns;
 * - degenerate panels (empty, one value, NaN, zeros on a log axis) still give a drawable SVG.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { scale } from 'vega';
import { reduceRaw, rawCharts } from '../src/engine/charts/build.js';
import type { Chart, Panel } from '../src/engine/charts/model.js';
import {
  formatLogTick,
  formatTick,
  linearTicks,
  logDomain,
  niceDomain,
  tickStep,
} from '../src/engine/charts/scales.js';
import { chartToSvg } from '../src/engine/charts/svg.js';
import { escapeXml } from '../src/engine/report/escape.js';
import { BOLD_WIDTHS, REGULAR_WIDTHS, TABLE_CHARS, textWidth, truncateText } from '../src/engine/charts/textWidth.js';
import { rasterize } from '../src/render/rasterize.js';
import { planCharts } from '../src/pipeline/writeCharts.js';
import { readRawMeasurements } from '../src/pipeline/read.js';
import { exampleInput } from './charts-fixtures.js';
import { decodePng } from './helpers/png.js';
import { expectTidyLayout } from './helpers/svgLayout.js';
import { describeShared, fastdds, repoRoot, cwdFiles } from './helpers/shared.js';
import { volume } from './helpers/volume.js';

const charts = planCharts(exampleInput());

test("text widths are DejaVu Sans' own advance widths", () => {
  const out = execFileSync(process.execPath, [join(repoRoot, 'scripts', 'font-widths.mjs')], { encoding: 'utf8' })
    .trim()
    .split('\n');
  const widths = (line: string) => JSON.parse(line.slice(line.indexOf(' ') + 1)) as number[];
  expect(out[0]).toMatch(/^DejaVuSans\.ttf /);
  expect(out[1]).toMatch(/^DejaVuSans-Bold\.ttf /);
  expect(JSON.parse(out[2]!)).toBe(TABLE_CHARS);
  expect(widths(out[0]!)).toEqual(REGULAR_WIDTHS);
  expect(widths(out[1]!)).toEqual(BOLD_WIDTHS);
  // Digits are 0.636 em in DejaVu Sans: "2,000" at 10 px is 4 digits and a comma.
  expect(textWidth('2,000', 10)).toBeCloseTo(4 * 6.36 + 3.18, 6);
  expect(textWidth('日本', 10)).toBe(20);
});

test('truncateText cuts at the limit and marks the cut', () => {
  expect(truncateText('short', 10, 100)).toBe('short');
  const cut = truncateText('a rather long series name that does not fit', 10, 80);
  expect(cut).toMatch(/…$/);
  expect(textWidth(cut, 10)).toBeLessThanOrEqual(80);
  expect('a rather long series name that does not fit'.startsWith(cut.slice(0, -1))).toBe(true);
});

describe("nice domains and ticks are vega's", () => {
  const domain = fc
    .tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: 1e-6, max: 1e6, noNaN: true }))
    .map(([lo, span]) => [lo, lo + span] as [number, number])
    .filter(([lo, hi]) => hi > lo);
  test('niceDomain and linearTicks against vega scale("linear") on random domains', () => {
    fc.assert(
      fc.property(domain, fc.integer({ min: 2, max: 12 }), ([lo, hi], count) => {
        const theirs = scale('linear')!().domain([lo, hi]) as unknown as {
          nice(n: number): unknown;
          domain(): number[];
          ticks(n: number): number[];
        };
        theirs.nice(count);
        expect(niceDomain(lo, hi, count)).toEqual(theirs.domain());
        const [a, b] = theirs.domain() as [number, number];
        expect(linearTicks(a, b, count)).toEqual(theirs.ticks(count));
        expect(linearTicks(lo, hi, count)).toEqual(
          (scale('linear')!().domain([lo, hi]) as unknown as { ticks(n: number): number[] }).ticks(count),
        );
      }),
      { seed: 18, numRuns: 2000 },
    );
  });

  test('labels carry the decimals their step needs, digits grouped by three', () => {
    expect(linearTicks(0, 1, 5).map((v) => formatTick(v, tickStep(0, 1, 5)))).toEqual([
      '0.0',
      '0.2',
      '0.4',
      '0.6',
      '0.8',
      '1.0',
    ]);
    expect(linearTicks(1, 5000, 9).map((v) => formatTick(v, tickStep(1, 5000, 9)))).toEqual([
      '500',
      '1,000',
      '1,500',
      '2,000',
      '2,500',
      '3,000',
      '3,500',
      '4,000',
      '4,500',
      '5,000',
    ]);
    expect(formatTick(-0.00001, 0.1)).toBe('0.0');
    expect([0.1, 0.2, 5, 20, 2000, 10000].map(formatLogTick)).toEqual(['0.1', '0.2', '5', '20', '2,000', '10,000']);
    expect(logDomain(0.45, 1900)).toEqual([0.1, 10000]);
    expect(logDomain(100, 100)).toEqual([100, 1000]);
  });
});

/** The inside of each `<g class="panel">`, one string per element. */
function panels(svg: string): string[][] {
  const lines = svg.split('\n');
  const out: string[][] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith('<g class="panel"')) continue;
    const body: string[] = [];
    for (i++; lines[i] !== '</g>'; i++) body.push(lines[i]!);
    out.push(body);
  }
  return out;
}

const attr = (element: string, name: string) => Number(new RegExp(`\\s${name}="([^"]*)"`).exec(element)![1]);
const content = (element: string) => />([^<]*)<\/text>$/.exec(element)![1]!;
const BYTES: Record<string, number> = { B: 1, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

/** The pixel of a value by the axis labels: linear (or log) interpolation between the outermost two. */
function pixelOf(labels: { at: number; value: number }[], log: boolean): (value: number) => number {
  const a = labels[0]!;
  const b = labels[labels.length - 1]!;
  const f = log ? Math.log : (v: number) => v;
  return (value) => a.at + ((f(value) - f(a.value)) / (f(b.value) - f(a.value))) * (b.at - a.at);
}

interface DrawnLine {
  /** The drawn points, in pixels. */
  points: { x: number; y: number }[];
  /** Where the axis labels put a value. */
  xAt?: (value: number) => number;
  yAt: (value: number) => number;
}

/** Each line path of a panel, with the pixel of any value as the panel's own tick labels place it. */
function readLines(p: Panel, body: string[]): DrawnLine[] {
  const yLabels = body
    .filter((e) => e.startsWith('<text class="y-label"'))
    .map((e) => ({ at: attr(e, 'y') - 3.5, value: Number(content(e).replace(/,/g, '')) }));
  const xLabels = body
    .filter((e) => e.startsWith('<text class="x-label" x='))
    .map((e) => {
      const text = content(e);
      const unit = /^([\d.]+) (B|KiB|MiB|GiB)$/.exec(text);
      return { at: attr(e, 'x'), value: unit ? Number(unit[1]) * BYTES[unit[2]!]! : Number(text.replace(/,/g, '')) };
    });
  const yAt = pixelOf(yLabels, p.y.log);
  const xAt = xLabels.length >= 2 ? pixelOf(xLabels, p.x.kind === 'payload') : undefined;
  return body
    .filter((e) => e.startsWith('<path class="line"'))
    .map((e) => ({
      points: /\sd="([^"]*)"/
        .exec(e)![1]!
        .split(/[ML]/)
        .filter((s) => s !== '')
        .map((pair) => {
          const [x, y] = pair.split(',').map(Number) as [number, number];
          return { x, y };
        }),
      ...(xAt ? { xAt } : {}),
      yAt,
    }));
}

/** Coordinates and label positions are written to 0.01 unit: each is off by at most half of that. */
const PIXEL_TOLERANCE = 0.011;

describe('every point is drawn where its axis says its value is', () => {
  const lineCharts = charts.filter((c) => c.panels.every((p) => p.mark === 'line'));
  test.each(lineCharts.map((c) => [c.id, c] as [string, Chart]))('%s', (_id, chart) => {
    const svg = chartToSvg(chart);
    const bodies = panels(svg);
    expect(bodies).toHaveLength(chart.panels.length);
    let checked = 0;
    chart.panels.forEach((p, k) => {
      const drawn = readLines(p, bodies[k]!);
      const series = p.series.filter((s) => s.points.length > 0);
      expect(drawn).toHaveLength(series.length);
      series.forEach((s, j) => {
        const points =
          p.x.kind === 'category' ? s.points : [...s.points].sort((a, b) => (a.x as number) - (b.x as number));
        const line = drawn[j]!;
        expect(line.points).toHaveLength(points.length);
        points.forEach((q, i) => {
          const got = line.points[i]!;
          expect(Math.abs(line.yAt(q.y) - got.y)).toBeLessThanOrEqual(PIXEL_TOLERANCE);
          if (typeof q.x === 'number' && line.xAt)
            expect(Math.abs(line.xAt(q.x) - got.x)).toBeLessThanOrEqual(PIXEL_TOLERANCE);
          checked++;
        });
      });
    });
    expect(checked).toBeGreaterThan(0);
  });

  test('histogram bars: one per non-empty bin, failure crosses: one per failed point', () => {
    const histogram = charts.find((c) => c.kind === 'histogram')!;
    const bodies = panels(chartToSvg(histogram));
    histogram.panels.forEach((p, k) => {
      const bars = bodies[k]!.find((e) => e.startsWith('<path class="bars"'))!;
      expect((bars.match(/Z/g) ?? []).length).toBe(p.series[0]!.points.filter((q) => q.y > 0).length);
    });
    const failing = charts.filter((c) => c.panels.some((p) => p.series.some((s) => s.points.some((q) => q.failed))));
    expect(failing.length).toBeGreaterThan(0);
    for (const chart of failing) {
      const bodies2 = panels(chartToSvg(chart));
      chart.panels.forEach((p, k) => {
        const failed = p.series.reduce((n, s) => n + s.points.filter((q) => q.failed).length, 0);
        const crosses = bodies2[k]!.find((e) => e.startsWith('<path class="failed"'));
        expect(crosses ? (crosses.match(/Z/g) ?? []).length : 0).toBe(failed);
        expect(bodies2[k]!.some((e) => e.includes('>failed</text>'))).toBe(failed > 0);
      });
    }
  });
});

describe('no text overlaps another or leaves the canvas', () => {
  test.each(charts.map((c) => [c.id, c] as [string, Chart]))('%s', (_id, chart) => expectTidyLayout(chartToSvg(chart)));
});

describeShared('real campaigns: tidy layout, and the M4 series keep every spike', () => {
  // About 4 s per campaign: `npm test` draws the interprocess one, `npm run test:full` both.
  test.each(volume(['interprocess_best_effort'], ['interprocess_best_effort', 'intraprocess_best_effort']))(
    '%s',
    (type) => {
      const raw = readRawMeasurements(cwdFiles, join(fastdds, 'raw', `measurements_${type}.csv`), 'precise');
      for (const chart of rawCharts(reduceRaw({ experimentType: type, source: `measurements_${type}.csv`, raw }))) {
        const svg = chartToSvg(chart);
        expectTidyLayout(svg);
        if (chart.kind !== 'series') continue;
        // The highest sample of each payload is the top of its line: where the axis puts its value.
        panels(svg).forEach((body, k) => {
          const [line] = readLines(chart.panels[k]!, body);
          const top = Math.min(...line!.points.map((q) => q.y));
          expect(Math.abs(top - line!.yAt(Math.max(...raw.groups[k]!.latencies)))).toBeLessThanOrEqual(PIXEL_TOLERANCE);
        });
      }
    },
  );
});

describe('degenerate panels still draw', () => {
  const base = (series: Panel['series'], overrides: Partial<Panel> = {}): Chart => ({
    id: 'x',
    kind: 'check',
    title: 'Degenerate',
    columns: 1,
    inline: false,
    panels: [
      {
        title: 'Panel',
        x: { kind: 'payload', title: 'Payload' },
        y: { title: 'Median [µs]', log: false, unit: 'µs' },
        mark: 'line',
        series,
        ...overrides,
      },
    ],
  });
  const cases: [string, Chart][] = [
    ['no series', base([])],
    ['an empty series', base([{ name: 'a', color: '#000000', points: [] }])],
    ['one point', base([{ name: 'a', color: '#000000', points: [{ x: 16, y: 7 }] }])],
    ['equal values', base([{ name: 'a', color: '#000000', points: [16, 32, 64].map((x) => ({ x, y: 0 })) }])],
    [
      'NaN and infinite values',
      base([
        {
          name: 'a',
          color: '#000000',
          points: [
            { x: 16, y: NaN },
            { x: 32, y: 5 },
            { x: 64, y: Infinity },
            { x: 128, y: 6 },
            { x: Infinity, y: 7 },
            { x: NaN, y: 8 },
          ],
        },
      ]),
    ],
    [
      'zeros on a log axis',
      base(
        [
          {
            name: 'a',
            color: '#000000',
            points: [
              { x: 16, y: 0 },
              { x: 32, y: 0.5 },
              { x: 64, y: 5000 },
            ],
          },
        ],
        { y: { title: 'y', log: true, unit: '' } },
      ),
    ],
    [
      'long legend labels in neighbouring panels',
      {
        ...base([]),
        columns: 2,
        panels: ['A', 'B'].map((title) => ({
          ...base([]).panels[0]!,
          title,
          series: [0, 1, 2].map((k) => ({
            name: `a very long series name number ${k} that goes on and on`,
            color: '#000000',
            points: [
              { x: 16, y: k },
              { x: 64, y: k + 1 },
            ],
          })),
        })),
      },
    ],
    [
      'many series',
      base(
        Array.from({ length: 12 }, (_, k) => ({
          name: `series ${k}`,
          color: '#000000',
          points: [{ x: 16, y: k + 1 }],
        })),
      ),
    ],
    [
      'categories',
      base([{ name: 'a', color: '#000000', points: ['one', 'two', 'three'].map((x, k) => ({ x, y: k })) }], {
        x: { kind: 'category', title: 'Run', categories: ['one', 'two', 'three'] },
      }),
    ],
  ];
  test.each(cases)('%s', async (_name, chart) => {
    const svg = chartToSvg(chart);
    expect(svg).not.toMatch(/NaN|Infinity|undefined/);
    expectTidyLayout(svg);
    const png = decodePng(await rasterize(svg, 1));
    expect(png.width).toBeGreaterThan(300);
  });

  test('a gap in the data is a gap in the line, not a line drawn across it', () => {
    const svg = chartToSvg(cases[4]![1]);
    const d = /<path class="line" d="([^"]*)"/.exec(svg)![1]!;
    expect(d.match(/M/g)).toHaveLength(2);
  });
});

test('escapeXml keeps text as text', () => {
  expect(escapeXml(`<a href="x">'&'</a>\u0000\ud800`)).toBe(
    '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;\ufffd\ufffd',
  );
  expect(escapeXml('µs – 日本 😀')).toBe('µs – 日本 😀');
});

describe('random charts: drawable, tidy, every point where its axis says', () => {
  const unit = fc.constantFrom('a', 'B', 'W', 'm', 'z', '_', ' ', '-', '.', '7', 'µ', 'é', '日', '<', '&', '"');
  // Short names and long ones (fast-check favours short strings): long legend labels are what crowd a layout.
  const name = fc.oneof(
    fc.string({ unit, minLength: 1, maxLength: 12 }),
    fc.string({ unit, minLength: 20, maxLength: 80 }),
  );
  const magnitude = fc.constantFrom(1e-4, 0.5, 1, 30, 1000, 1e6);
  const panel = fc
    .record({
      kind: fc.constantFrom('payload', 'category', 'linear'),
      log: fc.boolean(),
      names: fc.uniqueArray(name, { minLength: 1, maxLength: 11 }),
      count: fc.integer({ min: 1, max: 14 }),
      scale: magnitude,
      spread: fc.constantFrom(1.01, 2, 60, 1e4),
      title: name,
    })
    .map(({ kind, log, names, count, scale, spread, title }): Panel => {
      const categories = Array.from({ length: count }, (_, k) => `run ${k} ${title}`.slice(0, 40));
      const xOf = (k: number) => (kind === 'payload' ? 16 * 2 ** k : kind === 'category' ? categories[k]! : k + 1);
      return {
        title,
        x:
          kind === 'category'
            ? { kind, title: 'Run', categories }
            : { kind, title: kind === 'payload' ? 'Payload' : 'Sample' },
        y: { title: `${title} [µs]`, unit: 'µs', log },
        mark: 'line',
        series: names.map((n, j) => ({
          name: n,
          color: '#0072b2',
          points: Array.from({ length: count }, (_, k) => ({
            x: xOf(k),
            y: scale * spread ** (((k * 7 + j * 3) % (count + 1)) / Math.max(1, count)),
            ...(k === j ? { failed: true as const } : {}),
          })),
        })),
      };
    });
  test('property', () => {
    fc.assert(
      fc.property(
        fc.array(panel, { minLength: 1, maxLength: 5 }),
        name,
        fc.integer({ min: 1, max: 3 }),
        (drawn, title, columns) => {
          const chart: Chart = { id: 'random', kind: 'check', title, panels: drawn, columns, inline: false };
          const svg = chartToSvg(chart);
          expect(svg).not.toMatch(/NaN|Infinity|undefined/);
          expectTidyLayout(svg);
          const bodies = panels(svg);
          chart.panels.forEach((p, k) => {
            const lines = readLines(p, bodies[k]!);
            lines.forEach((line, j) => {
              const points =
                p.x.kind === 'category'
                  ? p.series[j]!.points
                  : [...p.series[j]!.points].sort((a, b) => (a.x as number) - (b.x as number));
              points.forEach((q, i) =>
                expect(Math.abs(line.yAt(q.y) - line.points[i]!.y)).toBeLessThanOrEqual(PIXEL_TOLERANCE),
              );
            });
          });
        },
      ),
      { seed: 1826, numRuns: volume(12, 150) },
    );
  });
});
