/**
 * The one-stage history gate's whole-suite budget (compare/suiteBudget.ts) on rows written by hand: which families
 * Benjamini–Hochberg selects across the suite, which failing rows stay failed, and which are held as `warn`. Rows on 3 df (a 4-run
 * history) that carry no null statistics are read on the fixed re-read, min(3, 3) = their own df, so the levels below
 * are worked by hand.
 */
import { describe, expect, test } from '@jest/globals';
import { applySuiteBudget } from '../src/engine/compare/suiteBudget.js';
import type { ComparisonRow, SubExperimentComparison } from '../src/engine/compare/rows.js';
import { studentTUpperQuantile } from '../src/engine/stats/tailReference.js';

/** A row judged against a history of `historyRuns` runs (4), its p-value read on `df` (3; none when undefined). */
function row(fields: Partial<ComparisonRow> & { df?: number | undefined; historyRuns?: number } = {}): ComparisonRow {
  const { df: _df, historyRuns = 4, ...rest } = fields;
  const df = 'df' in fields ? fields.df : 3;
  return {
    experimentType: 'e',
    parameter: '1',
    payloadBytes: NaN,
    metric: 'time',
    statistic: 'median',
    magnitude: 'Median',
    unit: 'ns',
    direction: 'lower-is-better',
    reference: 100,
    result: 150,
    deltaPercent: 50,
    threshold: 0.1,
    status: 'fail',
    failed: true,
    gated: true,
    evidence: { kind: 'band', historyRuns, ...(df !== undefined ? { df } : {}) },
    confidence: 0.995,
    ...rest,
  };
}

function experiment(type: string, rows: ComparisonRow[]): SubExperimentComparison {
  return {
    experimentType: type,
    status: rows.some((r) => r.failed) ? 'failed' : 'passed',
    rows: rows.map((r) => ({ ...r, experimentType: type })),
  };
}

describe('applySuiteBudget', () => {
  test('three families: the first clears 0.5 %/3, the second not 2 · 0.5 %/3', () => {
    // BH at 0.005 over m = 3, p sorted 0.001, 0.004, 0.3: rank 3 needs 0.3 ≤ 0.005 (no), rank 2 0.004 ≤ 0.00333 (no),
    // rank 1 0.001 ≤ 0.00167 (yes): the cut-off is 0.001.
    const out = applySuiteBudget(
      [
        experiment('a', [row({ pValue: 0.001 })]),
        experiment('b', [row({ pValue: 0.004 })]),
        experiment('c', [row({ pValue: 0.3, status: 'pass', failed: false, deltaPercent: 2 })]),
      ],
      0.005,
    );
    expect(out.map((c) => c.status)).toEqual(['failed', 'passed', 'passed']);
    expect(out[0]!.rows[0]).toMatchObject({ status: 'fail', failed: true, suite: { families: 3 } });
    expect(out[0]!.rows[0]!.suite?.level).toBe(0.001);
    expect(out[1]!.rows[0]).toMatchObject({ status: 'warn', failed: false, suite: { families: 3, held: true } });
    expect(out[1]!.rows[0]!.suite?.level).toBeUndefined();
    expect(out[2]!.rows[0]).toMatchObject({ status: 'pass', suite: { families: 3 } });
  });

  test("a family's p-value is its rows' weighted Bonferroni combination", () => {
    // One family of two parameters and the geomean row, α shares 0.0025 (geomean) and 0.00125 each, as the history
    // method splits 0.5 %. Family p = min(0.002 · 0.005/0.0025, 0.0006 · 0.005/0.00125, 0.5 · …) = min(0.004, 0.0024).
    // With a second family at p = 0.0001, BH over m = 2: rank 2 needs 0.0024 ≤ 0.005 (yes), so the cut-off is 0.0024 and
    // both are selected. Parameter row 1 (0.0006 · 4 = 0.0024 ≤ 0.0024) fails, so the family fails, and so does its
    // geomean row, a row the family failed on.
    const family = [
      row({ parameter: '1', pValue: 0.0006, confidence: 1 - 0.00125 }),
      row({ parameter: '2', pValue: 0.5, confidence: 1 - 0.00125, status: 'pass', failed: false, deltaPercent: 1 }),
      row({ parameter: 'geomean', pooled: true, pValue: 0.002, confidence: 1 - 0.0025 }),
    ];
    const out = applySuiteBudget([experiment('a', family), experiment('b', [row({ pValue: 0.0001 })])], 0.005);
    expect(out[0]!.rows.map((r) => r.status)).toEqual(['fail', 'pass', 'fail']);
    expect(out[0]!.rows[0]!.suite?.level).toBeCloseTo(0.0024, 15);
    expect(out[1]!.rows[0]!.suite?.level).toBeCloseTo(0.0024, 15);
  });

  test('many families regressed together are all selected, where Holm would stop at its first step', () => {
    // Three families at p = 0.003: BH's rank 3 needs 0.003 ≤ 0.005 (yes), so all three fail; Holm's first step needs
    // 0.003 ≤ 0.005/3 = 0.00167 and would select none. Nothing changed, both fail a suite with the same probability.
    const out = applySuiteBudget(
      ['a', 'b', 'c'].map((type) => experiment(type, [row({ pValue: 0.003 })])),
      0.005,
    );
    expect(out.map((c) => c.status)).toEqual(['failed', 'failed', 'failed']);
    expect(out.map((c) => c.rows[0]!.suite?.level)).toEqual([0.003, 0.003, 0.003]);
  });

  test('one family keeps its own df; with two, p = 0.001 is read on the fixed re-read unless the runs show lighter tails', () => {
    // One family: its own p on 9 df, 0.005 ≤ 0.005, fails (no multiplicity, no re-read).
    const alone = applySuiteBudget([experiment('a', [row({ pValue: 0.005, df: 9, historyRuns: 10 })])], 0.005);
    expect(alone[0]!.rows[0]).toMatchObject({ status: 'fail', failed: true, suite: { families: 1, level: 0.005 } });
    // Two families, no null statistics: the fixed re-read, t₀.₀₀₁,₉ = 4.2968 on 4 df is 0.00634 (SciPy) > 0.005/2: held.
    const quiet = row({ pValue: 0.3, df: 9, historyRuns: 10, status: 'pass', failed: false, deltaPercent: 2 });
    const regressed = row({ pValue: 0.001, df: 9, historyRuns: 10 });
    const plain = applySuiteBudget([experiment('a', [regressed]), experiment('b', [quiet])], 0.005);
    expect(plain[0]!.rows[0]).toMatchObject({ status: 'warn', failed: false, suite: { families: 2, held: true } });
    // 1000 null statistics at the normal's two-sided quantiles (t on 1000 df), on 1000 df: the fit walks from 4 to 15
    // (tail-calibration.test.ts), so the row is read on min(9, 15) = 9 df, its own p: 0.001 ≤ 0.0025 fails.
    const gaussianNulls = Array.from({ length: 1000 }, (_, i) => studentTUpperQuantile((i + 0.5) / 1000 / 2, 1000));
    const withNulls = {
      ...regressed,
      evidence: { ...regressed.evidence!, own: { variance: 1, df: 9 }, nulls: { statistics: gaussianNulls, df: 1000 } },
    } as ComparisonRow;
    const out = applySuiteBudget([experiment('a', [withNulls]), experiment('b', [quiet])], 0.005);
    expect(out[0]!.status).toBe('failed');
    expect(out[0]!.rows[0]).toMatchObject({ status: 'fail', failed: true, suite: { families: 2, level: 0.001 } });
    // The df each row was read on is kept for Catches ≥ (loneLevel.ts): one family its own 9, the fixed re-read 4,
    // the fitted 15 capped at the row's own 9.
    expect(alone[0]!.rows[0]!.suite?.tailDf).toBe(9);
    expect(plain[0]!.rows[0]!.suite?.tailDf).toBe(4);
    expect(out[0]!.rows[0]!.suite?.tailDf).toBe(9);
  });

  test('a held family loses the rows it named; rows without a p-value are left as they are', () => {
    const named = row({ parameter: '2', pValue: 0.003, namedBy: 'fdr', confidence: 1 - 0.00125 });
    const short = row({ parameter: '3', status: 'insufficient-history', pValue: undefined, df: undefined });
    const out = applySuiteBudget(
      [experiment('a', [row({ parameter: '1', pValue: 0.01, confidence: 1 - 0.00125 }), named, short])],
      0.005,
    );
    expect(out[0]!.rows[1]).toMatchObject({ status: 'warn', failed: false, suite: { held: true } });
    expect(out[0]!.rows[1]!.namedBy).toBeUndefined();
    // The short-history row keeps its threshold verdict (here a failure) and is no family of the budget.
    expect(out[0]!.rows[2]).toEqual({ ...short, experimentType: 'a' });
    expect(out[0]!.rows[0]!.suite?.families).toBe(1);
    expect(out[0]!.status).toBe('failed');
  });

  test('no row with a p-value: the comparisons as they are', () => {
    const plain = [experiment('a', [row({ pValue: undefined, df: undefined })])];
    expect(applySuiteBudget(plain, 0.005)).toEqual(plain);
  });
});
