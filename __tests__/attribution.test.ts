/**
 * Which rows a failing family names (compare/attribution.ts): Benjamini–Hochberg over the family's parameter rows once
 * the family has failed, none in a family that passed. p-values are chosen, or worked by hand from the closed form
 * of Student's t with 2 degrees of freedom, never taken from the code under test.
 */
import { describe, expect, test } from '@jest/globals';
import { nameRegressedRows } from '../src/engine/compare/attribution.js';
import {
  compareExperimentPaired,
  compareExperimentWithHistory,
  type ComparisonRow,
  type ExperimentSide,
} from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { renderComparisonJson } from '../src/engine/report/comparison/comparisonJson.js';

function row(parameter: string, fields: Partial<ComparisonRow>): ComparisonRow {
  return {
    experimentType: 'BM_Op',
    parameter,
    payloadBytes: NaN,
    metric: 'real_time',
    statistic: 'value',
    magnitude: 'Value',
    unit: 'ns',
    direction: 'lower-is-better',
    reference: 100,
    result: 150,
    deltaPercent: 50,
    threshold: 0.1,
    status: 'warn',
    failed: false,
    gated: true,
    ...fields,
  };
}

// Benjamini & Hochberg (1995), §4.2: at q = 0.05 the cut-off is 0.0095 (rank 4: 4·0.05/15 = 0.0133 ≥ 0.0095, and no
// higher rank k has p_(k) ≤ k·0.05/15; see fdr.test.ts).
const PAPER = [
  0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1,
];

describe('nameRegressedRows', () => {
  const family = (failedRows: number) =>
    PAPER.map((p, i) =>
      row(String(i + 1), i < failedRows ? { pValue: p, status: 'fail', failed: true } : { pValue: p }),
    );

  test('a failing family names exactly the rows BH rejects; its Bonferroni rows say so', () => {
    // Rows 1 and 2 failed on their own (Bonferroni); BH at q = 0.05 adds rows 3 and 4 (p ≤ 0.0095), not row 5.
    const named = nameRegressedRows(family(2), 0.05);
    expect(named.map((r) => r.status)).toEqual([
      ...['fail', 'fail', 'fail', 'fail'],
      ...Array.from({ length: 11 }, () => 'warn'),
    ]);
    expect(named.map((r) => r.namedBy)).toEqual([
      ...['bonferroni', 'bonferroni', 'fdr', 'fdr'],
      ...Array.from({ length: 11 }, () => undefined),
    ]);
    expect(named.filter((r) => r.failed)).toHaveLength(4);
  });

  test('a family that did not fail names nothing, whatever its p-values', () => {
    const named = nameRegressedRows(family(0), 0.05);
    expect(named.filter((r) => r.failed || r.namedBy !== undefined)).toHaveLength(0);
  });

  test('a failing geomean row fails the family; the geomean row itself is not named', () => {
    const rows = [...family(0), row('geomean', { pooled: true, status: 'fail', failed: true, pValue: 0.001 })];
    const named = nameRegressedRows(rows, 0.05);
    expect(named.filter((r) => r.namedBy === 'fdr').map((r) => r.parameter)).toEqual(['1', '2', '3', '4']);
    expect(named[15]).toEqual(rows[15]);
  });

  test('a row within the threshold, an ungated row or another family is not named; a missing row fails no family', () => {
    const rows = [
      row('1', { pValue: 0.0001, status: 'fail', failed: true }),
      // p small enough, but the change is under the threshold (status pass, Δ 5 % < 10 %).
      row('2', { pValue: 0.0002, status: 'pass', deltaPercent: 5 }),
      // A tail statistic reported but not gated.
      row('3', { pValue: 0.0002, gated: false }),
      row('1', { metric: 'cpu_time', pValue: 0.0002 }),
      row('2', { metric: 'cpu_time', status: 'missing', failed: true }),
    ];
    const named = nameRegressedRows(rows, 0.05);
    expect(named.map((r) => [r.status, r.namedBy])).toEqual([
      ['fail', 'bonferroni'],
      ['pass', undefined],
      ['warn', undefined],
      ['warn', undefined],
      ['missing', undefined],
    ]);
  });
});

/** Student t with 2 df: the p-value of t is 1/2 − t / (2√(2 + t²)); t_p (one-sided, p above) = (1 − 2p) / √(2p(1 − p)). */
const tFor = (p: number) => (1 - 2 * p) / Math.sqrt(2 * p * (1 - p));

describe('compareExperimentWithHistory names the rows BH says', () => {
  // Three history runs whose logs are −0.05, 0, +0.05 around each row's level: mean 0, sd 0.05. With one candidate run
  // the standard error is 0.05·√(1 + 1/3), the p-value of a log shift d is that of t = d / se with 2 df.
  const se = 0.05 * Math.sqrt(1 + 1 / 3);
  const offsets = [-0.05, 0, 0.05];
  const side = (shifts: Record<string, number[]>, offset: number): ExperimentSide => ({
    measurements: Object.entries(shifts).flatMap(([metric, perParameter]) =>
      perParameter.map((d, p): Measurement => ({
        experiment: 'BM_Op',
        parameter: { label: String(p + 1), payloadBytes: NaN },
        metric: { name: metric, dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
        statistics: { value: 100 * (p + 1) * Math.exp(offset + d) },
        place: { file: 'test' },
      })),
    ),
  });
  // real_time: chosen one-sided p-values 0.0001, 0.002, 0.004, 0.3. Its geomean shift, the mean of the four
  // (4.082 + 0.910 + 0.642 + 0.036) / 4 = 1.42, is t = 24.6 > t(1 − 0.0025, 2) = 14.1: the family fails.
  // Default confidence 0.995: each row's Bonferroni share is 0.005 / (2·4) = 0.000625, which only row 1 clears.
  // BH at q = 0.005 over the four: rank 4 needs 0.3 ≤ 0.005, rank 3 0.004 ≤ 0.00375 (no), rank 2 0.002 ≤ 0.0025
  // (yes): rows 1 and 2 are named; row 3 (+90 %, over the threshold) stays a warning.
  // cpu_time: p 0.002, 0.002 and two unchanged rows: BH would name both, but neither clears 0.000625 and the geomean
  // (0.455, t = 7.9 < 14.1) passes, so the family passes and names nothing. Rows within the threshold are `noisy`:
  // with 2 df the band (t(0.999375, 2)·se ≈ 1.6 in log) is far wider than 10 %.
  const realTime = [0.0001, 0.002, 0.004, 0.3].map((p) => tFor(p) * se);
  const cpuTime = [tFor(0.002) * se, tFor(0.002) * se, 0, 0];
  const history = offsets.map((o) => side({ real_time: [0, 0, 0, 0], cpu_time: [0, 0, 0, 0] }, o));
  const candidate = side({ real_time: realTime, cpu_time: cpuTime }, 0);
  const comparison = compareExperimentWithHistory('BM_Op', history, candidate, parseThresholds('0.1'));
  const of = (metric: string) =>
    comparison.rows.filter((r) => r.metric === metric).map((r) => [r.parameter, r.status, r.namedBy]);

  test('the p-values are those chosen', () => {
    const p = comparison.rows.filter((r) => r.metric === 'real_time' && !r.pooled).map((r) => r.pValue);
    [0.0001, 0.002, 0.004, 0.3].forEach((expected, i) => expect(p[i]).toBeCloseTo(expected, 9));
  });

  test('the failing family names rows 1 (Bonferroni) and 2 (BH), not 3', () => {
    expect(of('real_time')).toEqual([
      ['1', 'fail', 'bonferroni'],
      ['2', 'fail', 'fdr'],
      ['3', 'warn', undefined],
      ['4', 'noisy', undefined],
      ['geomean', 'fail', undefined],
    ]);
    expect(comparison.status).toBe('failed');
  });

  test('the passing family names none', () => {
    expect(of('cpu_time')).toEqual([
      ['1', 'warn', undefined],
      ['2', 'warn', undefined],
      ['3', 'noisy', undefined],
      ['4', 'noisy', undefined],
      ['geomean', 'warn', undefined],
    ]);
  });

  test('the notes say which procedure named them, comparison.json records it per row', () => {
    const report = buildComparisonReport([comparison], 'main', 'PR');
    expect(report.notes).toContain(
      "Failing rows named: 1 by their own share of α (Bonferroni), 1 more by Benjamini–Hochberg over their failing metric's parameters at a false discovery rate of 0.5 %.",
    );
    const json = JSON.parse(renderComparisonJson(report)) as {
      subExperiments: { comparisons: { parameter: string; metric: string; namedBy?: string }[] }[];
    };
    const named = json.subExperiments[0]!.comparisons.filter((c) => c.namedBy !== undefined);
    expect(named.map((c) => [c.metric, c.parameter, c.namedBy])).toEqual([
      ['real_time', '1', 'bonferroni'],
      ['real_time', '2', 'fdr'],
    ]);
  });
});

describe('compareExperimentPaired names the rows BH says', () => {
  // Three pairs whose log ratios are m − 0.05, m, m + 0.05: mean m, sd 0.05, se 0.05/√3, 2 df. Default paired
  // confidence 0.99: each row's share is 0.01 / 8 = 0.00125, which only p = 0.0001 clears; the geomean (mean t 24.6)
  // clears t(0.995, 2) = 9.9. BH at q = 0.01 over p 0.0001, 0.002, 0.004, 0.3: rank 4 needs 0.3 ≤ 0.01 (no), rank 3
  // 0.004 ≤ 0.0075 (yes): rows 1–3 are named, row 3 at +37.8 % (e^(11.11·0.0289) − 1), over the 10 % threshold.
  const se = 0.05 / Math.sqrt(3);
  const shifts = [0.0001, 0.002, 0.004, 0.3].map((p) => tFor(p) * se);
  const side = (factor: (p: number) => number): ExperimentSide => ({
    measurements: shifts.map((_, p): Measurement => ({
      experiment: 'BM_Op',
      parameter: { label: String(p + 1), payloadBytes: NaN },
      metric: { name: 'real_time', dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
      statistics: { value: 100 * (p + 1) * factor(p) },
      place: { file: 'test' },
    })),
  });
  const pairs = [-0.05, 0, 0.05].map((o) => ({
    reference: side(() => 1),
    result: side((p) => Math.exp(shifts[p]! + o)),
  }));
  const comparison = compareExperimentPaired('BM_Op', pairs, parseThresholds('0.1'));

  test('rows 1 (Bonferroni), 2 and 3 (BH) are named, not 4', () => {
    const rows = comparison.rows.filter((r) => !r.pooled);
    [0.0001, 0.002, 0.004, 0.3].forEach((p, i) => expect(rows[i]!.pValue).toBeCloseTo(p, 9));
    expect(rows.map((r) => [r.parameter, r.status, r.namedBy])).toEqual([
      ['1', 'fail', 'bonferroni'],
      ['2', 'fail', 'fdr'],
      ['3', 'fail', 'fdr'],
      ['4', expect.not.stringMatching(/fail|warn/), undefined],
    ]);
    expect(rows[2]!.deltaPercent).toBeCloseTo(37.8, 1);
  });
});
