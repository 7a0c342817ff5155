/**
 * The M4 reduction draws the same picture as the whole series. Each test builds a series chart
 * twice, from every sample and from reduceRaw's M4 points, draws both (svg.ts, then resvg) at the
 * chart's size (1 pixel per SVG unit, the size report.html shows, and the M4 columns) and at the
 * PNG's size (2 pixels per column), and compares where the two put ink: every pixel one picture
 * inks, the other inks within one M4 column (1 pixel at 1×, 2 at 2×). Exact pixel equality is not
 * the measure: resvg anti-aliases ten thousand overlapping sub-pixel segments with less coverage than
 * the same line drawn through its extremes, so the full series' own raster is the paler one. A
 * picture with the spike, shift or dip elsewhere lies far from the one with it: the measure sees them.
 */
import { join } from 'node:path';
import { rawCharts, reduceRaw, type ReducedRaw } from '../src/engine/charts/build.js';
import { chartToSvg } from '../src/engine/charts/svg.js';
import type { RawMeasurements } from '../src/engine/model/rawMeasurements.js';
import { rasterize } from '../src/render/rasterize.js';
import { PNG_SCALE } from '../src/render/rasterize.js';
import { readRawMeasurements } from '../src/pipeline/read.js';
import { decodePng, type DecodedPng } from './helpers/png.js';
import { describeShared, fastdds, cwdFiles } from './helpers/shared.js';

const SLOW = 120_000;

/** The same groups with every finite sample as a point: the series as it was before M4. */
function unreduced(raw: RawMeasurements, experimentType: string): ReducedRaw {
  const reduced = reduceRaw({ experimentType, raw });
  return {
    experimentType,
    groups: reduced.groups.map((g, k) => ({
      ...g,
      series: Array.from(raw.groups[k]!.latencies, (y, i) => ({ x: i + 1, y })).filter((p) => Number.isFinite(p.y)),
    })),
  };
}

async function seriesRaster(source: ReducedRaw, scale: number): Promise<DecodedPng> {
  const series = rawCharts(source).find((c) => c.kind === 'series')!;
  // The note differs between the two; it is not drawn.
  return decodePng(await rasterize(chartToSvg({ ...series, note: '' }), scale));
}

/** Ink: the line and the text, not the white background or the light grid lines. */
function inked(png: DecodedPng, x: number, y: number): boolean {
  const at = (y * png.width + x) * 4;
  return png.rgba[at]! < 200 || png.rgba[at + 1]! < 200 || png.rgba[at + 2]! < 200;
}

/**
 * How far ink of `a` may be from ink of `b`: the largest distance (in pixels, the larger of the
 * horizontal and vertical distance, up to `limit` + 1) from an inked pixel of `a` to the nearest
 * inked pixel of `b`. 0 when every pixel `a` inks, `b` inks too.
 */
function inkDistance(a: DecodedPng, b: DecodedPng, limit = 6): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let worst = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (!inked(a, x, y) || inked(b, x, y)) continue;
      let d = 1;
      search: for (; d <= limit; d++) {
        for (let dy = -d; dy <= d; dy++) {
          for (let dx = -d; dx <= d; dx++) {
            const xx = x + dx;
            const yy = y + dy;
            if (xx >= 0 && yy >= 0 && xx < b.width && yy < b.height && inked(b, xx, yy)) break search;
          }
        }
      }
      worst = Math.max(worst, d);
    }
  }
  return worst;
}

async function expectSamePicture(full: ReducedRaw, reduced: ReducedRaw): Promise<void> {
  for (const scale of [1, PNG_SCALE]) {
    const a = await seriesRaster(full, scale);
    const b = await seriesRaster(reduced, scale);
    const missing = inkDistance(a, b);
    const extra = inkDistance(b, a);
    process.stdout.write(
      `${full.experimentType} at ${scale}×: ${a.width}×${a.height}, ink apart at most: full→reduced ${missing} px, reduced→full ${extra} px\n`,
    );
    // One M4 column is `scale` pixels wide: every pixel one picture inks, the other inks within it.
    expect(missing).toBeLessThanOrEqual(scale);
    expect(extra).toBeLessThanOrEqual(scale);
  }
}

function synthetic(experimentType: string, values: number[]): { raw: RawMeasurements; experimentType: string } {
  return {
    experimentType,
    raw: {
      source: `${experimentType}.csv`,
      rows: values.length,
      groups: [{ payloadBytes: 16, latencies: Float64Array.from(values) }],
    },
  };
}

describeShared('M4 series draw what the whole series draws: real campaigns', () => {
  test.each(['interprocess_best_effort', 'intraprocess_best_effort'])(
    '%s',
    async (type) => {
      const raw = readRawMeasurements(cwdFiles, join(fastdds, 'raw', `measurements_${type}.csv`), 'precise');
      const reduced = reduceRaw({ experimentType: type, raw });
      const full = unreduced(raw, type);
      // The reduction is real: 10 000 samples a payload, at most 4 per pixel column of 360.
      for (const g of reduced.groups) expect(g.series.length).toBeLessThanOrEqual(4 * 360);
      expect(full.groups.every((g) => g.series.length === 10000)).toBe(true);
      await expectSamePicture(full, reduced);
    },
    SLOW,
  );
});

describe('M4 series draw what the whole series draws: synthetic spikes and shifts', () => {
  const n = 10000;
  const noise = (i: number) => 20 + ((i * 7919) % 13) / 13;
  // Each feature, and the same feature elsewhere (same axes, so the pictures have the same size).
  const cases: [string, number[], number[]][] = [
    // A 1-sample outlier in the middle of a column.
    [
      'spike',
      Array.from({ length: n }, (_, i) => (i === 6543 ? 400 : noise(i))),
      Array.from({ length: n }, (_, i) => (i === 2000 ? 400 : noise(i))),
    ],
    // A level shift two thirds in.
    [
      'shift',
      Array.from({ length: n }, (_, i) => noise(i) + (i >= 6667 ? 15 : 0)),
      Array.from({ length: n }, (_, i) => noise(i) + (i >= 3333 ? 15 : 0)),
    ],
    // A 1-sample dip on an otherwise high, flat series.
    [
      'dip',
      Array.from({ length: n }, (_, i) => (i === 1717 ? 1 : 50)),
      Array.from({ length: n }, (_, i) => (i === 9000 ? 1 : 50)),
    ],
  ];
  test.each(cases)(
    '%s',
    async (name, values, elsewhere) => {
      const source = synthetic(name, values);
      const reduced = reduceRaw(source);
      expect(reduced.groups[0]!.series.length).toBeLessThan(n / 5);
      await expectSamePicture(unreduced(source.raw, name), reduced);
      // The measure sees the feature: with it elsewhere, ink lies far apart.
      const plain = reduceRaw(synthetic(name, elsewhere));
      expect(inkDistance(await seriesRaster(reduced, 1), await seriesRaster(plain, 1))).toBeGreaterThan(5);
    },
    SLOW,
  );
});
