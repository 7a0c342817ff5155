/**
 * Histogram binning (src/engine/charts/histogram.ts): the reference's rule (numpy `histogram` as
 * pandas `hist(bins=100)` calls it), judged on hand-worked cases and on the real campaigns.
 */
import { join } from 'node:path';
import { binSamples } from '../src/engine/charts/histogram.js';
import { readRawMeasurements } from '../src/pipeline/read.js';
import { describeShared, fastdds, cwdFiles } from './helpers/shared.js';

test('equal-width bins from the smallest to the largest sample, the last one closed', () => {
  // Range 0…4 in 2 bins of width 2: [0, 2) holds 0 and 1.5; [2, 4] holds 2, 3 and 4.
  expect(binSamples([4, 0, 2, 1.5, 3], 2)).toEqual([
    { start: 0, end: 2, count: 2 },
    { start: 2, end: 4, count: 3 },
  ]);
});

test('non-finite samples are not counted; a zero range is widened to ±0.5', () => {
  // numpy.histogram([2, 2, 2], bins=4) counts [0, 0, 3, 0] on edges 1.5, 1.75, 2, 2.25, 2.5.
  expect(binSamples([2, NaN, 2, Infinity, 2], 4)).toEqual([
    { start: 1.5, end: 1.75, count: 0 },
    { start: 1.75, end: 2, count: 0 },
    { start: 2, end: 2.25, count: 3 },
    { start: 2.25, end: 2.5, count: 0 },
  ]);
  expect(binSamples([NaN], 3)).toEqual([]);
});

describeShared('binning the real Fast-DDS campaigns', () => {
  test.each(['measurements_interprocess_best_effort.csv', 'measurements_intraprocess_best_effort.csv'])(
    '%s: 100 bins count every sample once',
    (file) => {
      const raw = readRawMeasurements(cwdFiles, join(fastdds, 'raw', file), 'precise');
      for (const g of raw.groups) {
        const bins = binSamples(g.latencies, 100);
        expect(bins).toHaveLength(100);
        expect(bins.reduce((n, b) => n + b.count, 0)).toBe(10000);
        const samples = Array.from(g.latencies);
        expect(bins[0]!.start).toBe(Math.min(...samples));
        expect(bins[99]!.end).toBe(Math.max(...samples));
        // The smallest and the largest sample are in the first and last bin.
        expect(bins[0]!.count).toBeGreaterThan(0);
        expect(bins[99]!.count).toBeGreaterThan(0);
        for (let k = 1; k < 100; k++) expect(bins[k]!.start).toBe(bins[k - 1]!.end);
      }
    },
  );
});
