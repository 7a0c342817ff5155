/**
 * The M4 reduction (src/engine/charts/m4.ts), judged against hand-worked cases and a brute-force
 * oracle written here from the paper's definition: per pixel column, the first, last, lowest and
 * highest sample, with the column of a sample taken from where a linear x scale puts it.
 */
import { readRawMeasurements } from '../src/pipeline/read.js';
import { m4 } from '../src/engine/charts/m4.js';
import { describeShared, fastdds, cwdFiles } from './helpers/shared.js';
import { join } from 'node:path';

/** The oracle: the column of each sample from its pixel position, then the four extremes per column. */
function oracle(samples: readonly number[], columns: number): { x: number; y: number }[] {
  const n = samples.length;
  const byColumn = new Map<number, number[]>();
  samples.forEach((y, i) => {
    if (!Number.isFinite(y)) return;
    const pixel = ((i + 1 - 1) / (n - 1)) * columns; // x = i + 1 on a scale from 1 to n, columns wide
    const column = Math.min(columns - 1, Math.floor(pixel));
    byColumn.set(column, [...(byColumn.get(column) ?? []), i]);
  });
  const keep = new Set<number>();
  for (const indices of byColumn.values()) {
    const values = indices.map((i) => samples[i]!);
    keep.add(indices[0]!);
    keep.add(indices[indices.length - 1]!);
    keep.add(indices[values.indexOf(Math.min(...values))]!);
    keep.add(indices[values.indexOf(Math.max(...values))]!);
  }
  return [...keep].sort((a, b) => a - b).map((i) => ({ x: i + 1, y: samples[i]! }));
}

test('a series no longer than four points per column is kept whole, without its non-finite samples', () => {
  expect(m4([3, NaN, 5, Infinity, 1], 2)).toEqual([
    { x: 1, y: 3 },
    { x: 3, y: 5 },
    { x: 5, y: 1 },
  ]);
});

test('each column keeps its first, lowest, highest and last sample in order', () => {
  // 9 samples on 2 columns: x = 1…9 over 2 columns puts samples 1-4 (0-based 0-3) left and 5-9 right.
  const samples = [5, 1, 9, 4, 7, 2, 2, 8, 6];
  expect(m4(samples, 2)).toEqual([
    { x: 1, y: 5 },
    { x: 2, y: 1 },
    { x: 3, y: 9 },
    { x: 4, y: 4 },
    { x: 5, y: 7 },
    { x: 6, y: 2 },
    { x: 8, y: 8 },
    { x: 9, y: 6 },
  ]);
});

test('a single-sample spike and a single-sample dip survive, wherever they fall', () => {
  for (const at of [0, 1, 4999, 5000, 7777, 9998, 9999]) {
    const samples = Array.from({ length: 10000 }, (_, i) => 10 + (i % 3));
    samples[at] = 1000;
    const points = m4(samples, 360);
    expect(points).toContainEqual({ x: at + 1, y: 1000 });
    samples[at] = -5;
    expect(m4(samples, 360)).toContainEqual({ x: at + 1, y: -5 });
  }
});

test('at most four points per column, and the first and last sample are kept', () => {
  const samples = Array.from({ length: 100000 }, (_, i) => Math.sin(i * 0.37) * (1 + (i % 11)));
  const points = m4(samples, 360);
  expect(points.length).toBeLessThanOrEqual(4 * 360);
  expect(points[0]).toEqual({ x: 1, y: samples[0] });
  expect(points[points.length - 1]).toEqual({ x: 100000, y: samples[99999] });
});

test('matches the oracle on random series with gaps', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (const [n, columns] of [
    [1000, 50],
    [2001, 360],
    [10000, 360],
    [12345, 97],
  ] as const) {
    const samples = Array.from({ length: n }, () => (random() < 0.01 ? NaN : random() * 100));
    expect(m4(samples, columns)).toEqual(oracle(samples, columns));
  }
});

describeShared('M4 on the real Fast-DDS campaigns', () => {
  test.each(['measurements_interprocess_best_effort.csv', 'measurements_intraprocess_best_effort.csv'])(
    '%s: every payload matches the oracle and keeps its extremes',
    (file) => {
      const raw = readRawMeasurements(cwdFiles, join(fastdds, 'raw', file), 'precise');
      expect(raw.groups).toHaveLength(11);
      for (const g of raw.groups) {
        const samples = Array.from(g.latencies);
        const points = m4(g.latencies, 360);
        expect(points.length).toBeLessThan(samples.length / 5);
        expect(points).toEqual(oracle(samples, 360));
        const ys = points.map((p) => p.y);
        expect(Math.max(...ys)).toBe(Math.max(...samples));
        expect(Math.min(...ys)).toBe(Math.min(...samples));
      }
    },
  );
});
