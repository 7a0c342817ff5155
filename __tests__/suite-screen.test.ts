/**
 * The two-stage gate's screen takes up a history's suite row as any family (confirm/screen.ts, confirm/plan.ts): a
 * whole suite that moved is screened in, and since a suite row is no benchmark to run, every benchmark of its suite is
 * confirmed. A comparison.json written by hand.
 */
import { describe, expect, test } from '@jest/globals';
import { screenComparison } from '../src/engine/confirm/plan.js';
import { DEFAULT_SCREEN, FLAGGED_SCREEN } from '../src/engine/confirm/screen.js';

const benchmark = (experimentType: string, pValue: number) => ({
  experimentType,
  comparisons: [
    {
      parameter: '',
      metric: 'time/op',
      statistic: 'median',
      status: 'pass',
      gated: true,
      failed: false,
      pValue,
      confidence: 0.995,
    },
    {
      parameter: '',
      metric: 'time/op',
      statistic: 'min',
      status: 'pass',
      gated: false,
      failed: false,
      pValue,
      confidence: 0.995,
    },
  ],
});

const suite = (status: string, pValue: number) => ({
  experimentType: 'whole suite',
  comparisons: [
    {
      parameter: 'geomean',
      metric: 'time/op',
      statistic: 'median',
      status,
      gated: true,
      failed: false,
      pValue,
      confidence: 0.995,
    },
  ],
});

const json = (...subExperiments: object[]) => JSON.stringify({ subExperiments });

describe('the screen and a suite row', () => {
  test('a suite that moved is screened in: each of its benchmarks is confirmed, the suite row itself is not run', () => {
    // Each benchmark alone (p 0.4, 0.5) is above the default screen's 0.3; the suite's geomean (p 0.002) is below it.
    const screened = screenComparison(
      json(benchmark('BenchmarkSort', 0.4), benchmark('BenchmarkHash', 0.5), suite('warn', 0.002)),
      'comparison.json',
      DEFAULT_SCREEN,
    );
    expect([...screened.selection.keys()].sort()).toEqual(['BenchmarkHash', 'BenchmarkSort']);
    expect(screened.selection.get('BenchmarkSort')).toEqual(new Set(['']));
    // K: the gated families the confirmation judges, one per benchmark.
    expect(screened.families).toBe(2);
  });

  test('a suite inside its noise screens nothing in', () => {
    const screened = screenComparison(
      json(benchmark('BenchmarkSort', 0.4), benchmark('BenchmarkHash', 0.5), suite('pass', 0.45)),
      'comparison.json',
      DEFAULT_SCREEN,
    );
    expect(screened.selection.size).toBe(0);
    expect(screened.families).toBe(0);
  });

  test('confirm --from (the flagged screen): a suite row held as warn takes up its benchmarks', () => {
    const screened = screenComparison(
      json(benchmark('BenchmarkSort', 0.4), suite('warn', 0.002)),
      'comparison.json',
      FLAGGED_SCREEN,
    );
    expect([...screened.selection.keys()]).toEqual(['BenchmarkSort']);
  });
});
