/**
 * What held back a history row over its threshold (compare/heldBack.ts), the suite rows' moves the headline says, and
 * Catches ≥ at the level a lone statistic is judged under the whole-suite budget (compare/loneLevel.ts). Rows written
 * by hand.
 */
import { describe, expect, test } from '@jest/globals';
import { heldBy, isSuiteRow, suiteMoves } from '../src/engine/compare/heldBack.js';
import { loneDetectable } from '../src/engine/compare/loneLevel.js';
import { SUITE_EXPERIMENT } from '../src/engine/compare/suiteRow.js';
import type { ComparisonRow } from '../src/engine/compare/rows.js';
import { detectableChange } from '../src/engine/stats/effectTest.js';
import { studentTQuantile } from '../src/engine/stats/studentT.js';

function row(fields: Partial<ComparisonRow> = {}): ComparisonRow {
  return {
    experimentType: 'BenchmarkSort',
    parameter: '',
    payloadBytes: NaN,
    metric: 'time/op',
    statistic: 'median',
    magnitude: 'Median',
    unit: 'ns',
    direction: 'lower-is-better',
    reference: 100,
    result: 120,
    deltaPercent: 20,
    threshold: 0.1,
    status: 'warn',
    failed: false,
    gated: true,
    confidence: 0.995,
    evidence: { kind: 'band', historyRuns: 6, band: { lower: -0.2, upper: 0.25 }, df: 5 },
    ...fields,
  };
}

describe('heldBy: what held back a warn row', () => {
  test('inside its band, its interval reaching the threshold: the noise', () => {
    expect(heldBy(row({ changeInterval: { lower: 0.05, upper: 0.6 } }))).toBe('noise');
  });
  test('outside its band: the whole-suite budget, with or without its mark', () => {
    expect(heldBy(row({ deltaPercent: 35 }))).toBe('suite-budget');
    expect(heldBy(row({ suite: { families: 8, held: true } }))).toBe('suite-budget');
  });
  test('inside its band, its 90 % interval wholly above the threshold: the gate’s confidence', () => {
    expect(heldBy(row({ changeInterval: { lower: 0.12, upper: 0.5 } }))).toBe('level');
  });
});

describe('suiteMoves', () => {
  const suite = (fields: Partial<ComparisonRow>) =>
    row({
      experimentType: SUITE_EXPERIMENT,
      parameter: 'geomean',
      pooled: true,
      evidence: {
        kind: 'band',
        historyRuns: 6,
        band: { lower: -0.1, upper: 0.12 },
        df: 5,
        suite: { benchmarks: 7, experiments: 7, spread: { lower: -0.044, upper: 0.065 } },
      },
      ...fields,
    });
  test('a failed suite row: its change and its recorded spread', () => {
    const moved = suite({ status: 'fail', failed: true, deltaPercent: 35 });
    expect(isSuiteRow(moved)).toBe(true);
    expect(isSuiteRow(row())).toBe(false);
    expect(suiteMoves([moved, row()])).toEqual([
      {
        metric: 'time/op',
        statistic: 'median',
        direction: 'lower-is-better',
        change: 0.35,
        spread: { lower: -0.044, upper: 0.065 },
        benchmarks: 7,
        failed: true,
      },
    ]);
  });
  test('a suite row over the threshold that passed says what held it; one under the threshold is not said', () => {
    expect(suiteMoves([suite({ deltaPercent: 20 })])[0]?.heldBy).toBe('suite-budget');
    expect(suiteMoves([suite({ status: 'pass', deltaPercent: 5 })])).toEqual([]);
  });
});

describe('loneDetectable: Catches ≥ at the level a lone statistic is judged', () => {
  // On 3 df the budget reads p on t₃ itself (stats/tailReference.ts): with F families a lone row is judged at
  // α_row / F, so its critical value is t₃'s upper quantile there.
  const se = 0.04;
  const judged = (families: number) =>
    row({
      detectable: 0.5,
      suite: { families },
      evidence: { kind: 'band', historyRuns: 4, df: 3, standardError: se },
    });
  test('at F = 1 it is the row’s own test', () => {
    // t₃'s 99.5 % quantile, from a printed table: 5.841.
    expect(studentTQuantile(1 - 0.005, 3)).toBeCloseTo(5.841, 3);
    const expected = detectableChange(studentTQuantile(1 - 0.005, 3), se, 3, 0.1, 'lower-is-better');
    expect(loneDetectable(judged(1)).detectable).toBeCloseTo(expected, 10);
  });
  test('at F = 8 the critical value is t₃ at 0.5 %/8, and the change caught is larger', () => {
    const expected = detectableChange(studentTQuantile(1 - 0.005 / 8, 3), se, 3, 0.1, 'lower-is-better');
    const got = loneDetectable(judged(8)).detectable!;
    expect(got).toBeCloseTo(expected, 10);
    expect(got).toBeGreaterThan(loneDetectable(judged(1)).detectable!);
  });
  test('read on the tail the rule read the row on, not on the fixed re-read of its df', () => {
    // A row on 20 (moderated) df whose suite's tail was fitted at 3 df: the rule read it on t₃, so is Catches ≥;
    // the fixed re-read of 20 df would be t₄, and would promise a smaller change than the rule catches.
    const onTail = (tailDf?: number) =>
      loneDetectable(
        row({
          detectable: 0.5,
          suite: { families: 8, ...(tailDf !== undefined ? { tailDf } : {}) },
          evidence: { kind: 'band', historyRuns: 21, df: 20, standardError: se },
        }),
      ).detectable!;
    const level = 0.005 / 8;
    expect(onTail(3)).toBeCloseTo(detectableChange(studentTQuantile(1 - level, 3), se, 20, 0.1, 'lower-is-better'), 10);
    expect(onTail()).toBeCloseTo(detectableChange(studentTQuantile(1 - level, 4), se, 20, 0.1, 'lower-is-better'), 10);
    expect(onTail(3)).toBeGreaterThan(onTail());
  });
  test('a row the budget did not weigh keeps its own', () => {
    expect(loneDetectable(row({ detectable: 0.5 })).detectable).toBe(0.5);
  });
});
