import { describe, expect, test } from '@jest/globals';
import {
  benchmarksWithin,
  screenComparison,
  selectionFromComparison,
  splitConfidence,
} from '../src/engine/confirm/plan.js';
import {
  confirmedFamilies,
  DEFAULT_SCREEN,
  familyPValue,
  FLAGGED_SCREEN,
  P_SCREEN,
  rowReaches,
  screenRows,
  type ScreenRow,
} from '../src/engine/confirm/screen.js';

/** A history family of two parameters and its geomean row at the default split (α 0.005: 75 % pooled, the rest split). */
function family(statistic: string, p: [number, number, number], status = 'noisy'): ScreenRow[] {
  const alpha = 0.005;
  return [
    {
      parameter: '16',
      metric: 'latency',
      statistic,
      status,
      gated: true,
      failed: false,
      pValue: p[0],
      confidence: 1 - (alpha * 0.25) / 2,
    },
    {
      parameter: '64',
      metric: 'latency',
      statistic,
      status,
      gated: true,
      failed: false,
      pValue: p[1],
      confidence: 1 - (alpha * 0.25) / 2,
    },
    {
      parameter: 'geomean',
      metric: 'latency',
      statistic,
      status,
      gated: true,
      failed: false,
      pooled: true,
      pValue: p[2],
      confidence: 1 - alpha * 0.75,
    },
  ];
}

describe('the two-stage screen', () => {
  test("a family's combined p is the weighted Bonferroni of its rows, at the first stage's own split", () => {
    // Shares: 1/8, 1/8, 3/4 of the family's α.
    expect(familyPValue(family('median', [0.5, 0.5, 0.3]))).toBeCloseTo(0.4, 10);
    expect(familyPValue(family('median', [0.02, 0.9, 0.9]))).toBeCloseTo(0.16, 10);
    expect(familyPValue(family('median', [0.5, 0.5, 0.9]))).toBe(1);
    // Without confidences: equal shares; without p-values: NaN; ungated rows do not count.
    expect(
      familyPValue([
        { gated: true, pValue: 0.1 },
        { gated: true, pValue: 0.4 },
      ]),
    ).toBeCloseTo(0.2, 10);
    expect(familyPValue([{ gated: true, status: 'insufficient-history' }])).toBeNaN();
    expect(familyPValue([{ gated: false, pValue: 0.001 }])).toBeNaN();
  });

  test('flagged takes up failed and undecided rows; family-p the families below its level, whole', () => {
    const quiet = family('median', [0.6, 0.7, 0.5]);
    expect(screenRows(quiet, FLAGGED_SCREEN)).toHaveLength(3); // every row is 'noisy'
    expect(screenRows(quiet, DEFAULT_SCREEN)).toEqual([]);
    const suspect = family('median', [0.6, 0.7, 0.1]);
    expect(screenRows(suspect, DEFAULT_SCREEN)).toHaveLength(3);
    expect(screenRows(suspect, { rule: 'family-p', level: 0.1 })).toEqual([]);
    // A failed row, or a row the first stage could not judge, is taken up whatever its family's p.
    const failed = family('median', [0.9, 0.9, 0.9]).map((r, i) =>
      i === 0 ? { ...r, status: 'fail', failed: true } : r,
    );
    expect(screenRows(failed, DEFAULT_SCREEN)).toHaveLength(3);
    const short = [{ parameter: '', metric: 'time', statistic: 'median', status: 'insufficient-history', gated: true }];
    expect(screenRows(short, DEFAULT_SCREEN)).toHaveLength(1);
    // A family without p-values (a threshold baseline) keeps the flagged rule: its failed and undecided rows.
    const threshold = [
      { parameter: '16', metric: 'latency', statistic: 'median', status: 'warn', gated: true },
      { parameter: '64', metric: 'latency', statistic: 'median', status: 'pass', gated: true },
    ];
    expect(screenRows(threshold, DEFAULT_SCREEN)).toEqual([threshold[0]]);
    // Passing, new and missing rows never are.
    expect(
      screenRows(
        [
          { gated: true, status: 'pass', pValue: 0.01 },
          { gated: true, status: 'new' },
        ],
        FLAGGED_SCREEN,
      ),
    ).toEqual([]);
  });

  test('K counts the families the confirmation judges (experiment × gated metric × statistic), not the experiments', () => {
    // A gate on median and 99 %: the median family flagged, the 99 % family quiet but judged too when confirmed.
    const rows = [...family('median', [0.6, 0.7, 0.05]), ...family('p99', [0.9, 0.9, 0.9], 'pass')];
    expect(confirmedFamilies(rows, 'all')).toBe(2);
    expect(confirmedFamilies(rows, new Set(['16']))).toBe(2);
    expect(confirmedFamilies(rows, new Set(['4096']))).toBe(0);
    const json = JSON.stringify({
      subExperiments: [
        { experimentType: 'udp', comparisons: rows },
        { experimentType: 'shm', comparisons: family('median', [0.6, 0.7, 0.6]) },
        { experimentType: 'tcp', comparisons: family('median', [0.01, 0.7, 0.6]) },
      ],
    });
    const screened = screenComparison(json, 'c.json', DEFAULT_SCREEN);
    expect([...screened.selection.keys()]).toEqual(['udp', 'tcp']);
    expect(screened.families).toBe(3); // udp: median and 99 %; tcp: median
    expect(splitConfidence(screened.families)).toBeCloseTo(1 - 0.005 / 3, 12);
    // `perfgate confirm --from` keeps today's rule: every noisy row of every experiment.
    const flagged = screenComparison(json, 'c.json');
    expect([...flagged.selection.keys()]).toEqual(['udp', 'shm', 'tcp']);
    expect(flagged.families).toBe(4);
    expect(selectionFromComparison(json, 'c.json', DEFAULT_SCREEN)).toEqual(screened.selection);
  });

  test('reach: a family whose 90 % interval of the change still reaches the threshold is screened in, whatever its p', () => {
    // A history row of a loaded runner: +30 % but a band so wide that p is 0.4; its interval −60 … +250 % reaches 10 %.
    const wide = {
      ...family('median', [0.9, 0.9, 0.4])[2]!,
      threshold: 0.1,
      changeInterval: { lower: -0.6, upper: 2.5 },
    };
    expect(rowReaches(wide)).toBe(true);
    expect(screenRows([wide], DEFAULT_SCREEN)).toEqual([wide]);
    expect(screenRows([wide], P_SCREEN)).toEqual([]);
    // Cleared: the interval's upper end is below the threshold (an A/B row's `interval` counts the same).
    const cleared = { ...wide, changeInterval: { lower: -0.05, upper: 0.08 } };
    expect(rowReaches(cleared)).toBe(false);
    expect(screenRows([cleared], DEFAULT_SCREEN)).toEqual([]);
    expect(rowReaches({ ...wide, changeInterval: undefined, interval: { lower: 0, upper: 0.1 } })).toBe(true);
    // No interval, no threshold, or an ungated row: reach says nothing (the p rule decides).
    expect(rowReaches({ ...wide, changeInterval: undefined })).toBe(false);
    expect(rowReaches({ ...wide, threshold: undefined })).toBe(false);
    expect(rowReaches({ ...wide, gated: false })).toBe(false);
    expect(rowReaches({ ...wide, status: 'accepted' })).toBe(false);
    expect(rowReaches({ ...wide, changeInterval: { lower: null, upper: null } })).toBe(false);
  });

  test('the time budget keeps the benchmarks with the largest changes, at least one; the rest are over budget', () => {
    // 10 runner-minutes, 0.5 min a pair, 8 pairs: 4 minutes a benchmark, so 2 benchmarks fit.
    const budget = { maxMinutes: 10, pairMinutes: 0.5, maxPairs: 8 };
    expect(benchmarksWithin(budget)).toBe(2);
    expect(benchmarksWithin({ ...budget, maxMinutes: 1 })).toBe(1);
    expect(benchmarksWithin({ ...budget, maxMinutes: Infinity })).toBe(Infinity);
    const row = (change: number) => ({
      parameter: '',
      metric: 'time/op',
      statistic: 'median',
      status: 'warn',
      gated: true,
      failed: false,
      pValue: 0.5,
      confidence: 0.995,
      deltaPercent: change,
      threshold: 0.1,
      changeInterval: { lower: -0.7, upper: 2.9 },
    });
    const json = JSON.stringify({
      subExperiments: [
        { experimentType: 'BenchmarkSum', comparisons: [row(3)] },
        { experimentType: 'BenchmarkChecksum', comparisons: [row(31)] },
        { experimentType: 'BenchmarkSort', comparisons: [row(-12)] },
        { experimentType: 'BenchmarkParse', comparisons: [row(8)] },
      ],
    });
    const all = screenComparison(json, 'c.json', DEFAULT_SCREEN);
    expect([...all.selection.keys()]).toEqual(['BenchmarkSum', 'BenchmarkChecksum', 'BenchmarkSort', 'BenchmarkParse']);
    expect(all.overBudget).toEqual([]);
    const kept = screenComparison(json, 'c.json', DEFAULT_SCREEN, budget);
    expect([...kept.selection.keys()]).toEqual(['BenchmarkChecksum', 'BenchmarkParse']);
    expect(kept.families).toBe(2);
    expect(kept.overBudget).toEqual(['BenchmarkSum', 'BenchmarkSort']);
    // Under the p rule alone nothing is taken: p 0.5 in every family.
    expect(screenComparison(json, 'c.json', P_SCREEN, budget).families).toBe(0);
  });
});
