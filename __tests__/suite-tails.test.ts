/**
 * What a history gate's whole suite lends its rows (compare/suiteTails.ts): the first judgement only fits the priors
 * on the rows' own spreads, so it works out neither a detectable change (the noncentral t's power solve) nor the null
 * statistics; the second is the full one, with the priors.
 */
import { describe, expect, test } from '@jest/globals';
import { compareExperimentWithHistory, type ExperimentSide } from '../src/engine/compare/compare.js';
import type { SubExperimentComparison } from '../src/engine/compare/rows.js';
import { judgeWithSuitePriors, suitePriors, type SuitePriors } from '../src/engine/compare/suiteTails.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { VerdictOptions } from '../src/engine/compare/defaults.js';
import type { Measurement } from '../src/engine/model/measurement.js';

/** One benchmark's run: real_time `level` ns. */
function side(benchmark: string, level: number): ExperimentSide {
  const measurement: Measurement = {
    experiment: benchmark,
    parameter: { label: '', payloadBytes: NaN },
    metric: { name: 'real_time', dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
    statistics: { value: level },
    place: { file: 'test' },
  };
  return { measurements: [measurement] };
}

// Four benchmarks, six history runs each with logs spread ±2 % around 100·(b + 1) ns; the candidate is 1 % slower.
const OFFSETS = [-0.02, -0.01, 0, 0.01, 0.02, 0.005];
const BENCHMARKS = ['BM_A', 'BM_B', 'BM_C', 'BM_D'];
const judge =
  (calls: { priors?: SuitePriors; spreadsOnly?: boolean }[]) =>
  (priors?: SuitePriors, spreadsOnly = false): SubExperimentComparison[] => {
    calls.push({ ...(priors !== undefined ? { priors } : {}), spreadsOnly });
    const options: VerdictOptions = spreadsOnly ? { spreadsOnly } : {};
    return BENCHMARKS.map((b, i) =>
      compareExperimentWithHistory(
        b,
        OFFSETS.map((o) => side(b, 100 * (i + 1) * Math.exp(o + 0.003 * i))),
        side(b, 100 * (i + 1) * 1.01),
        parseThresholds('0.1'),
        options,
        [],
        priors,
      ),
    );
  };

describe('judgeWithSuitePriors', () => {
  test('judges twice: spreads only without priors, then in full with the priors the first fitted', () => {
    const calls: { priors?: SuitePriors; spreadsOnly?: boolean }[] = [];
    const judged = judgeWithSuitePriors(judge(calls));
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual({ spreadsOnly: true });
    expect(calls[1]!.spreadsOnly).toBe(false);
    // Four rows of one metric × statistic lend their spreads: one prior for them.
    expect([...(calls[1]!.priors?.keys() ?? [])]).toEqual(['real_time\u0000value']);
    const rows = judged.flatMap((c) => c.rows);
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.detectable).toBeGreaterThan(0);
      expect(row.evidence?.kind === 'band' && row.evidence.nulls?.statistics).toHaveLength(6);
    }
  });

  test('the spreads-only judgement has each row’s own spread, and no detectable change or null statistics', () => {
    const spreads = judge([])(undefined, true).flatMap((c) => c.rows);
    const full = judge([])().flatMap((c) => c.rows);
    spreads.forEach((row, i) => {
      expect(row.detectable).toBeUndefined();
      expect(row.evidence?.kind === 'band' && row.evidence.nulls).toBeUndefined();
      const own = row.evidence?.kind === 'band' ? row.evidence.own : undefined;
      expect(own).toEqual(full[i]!.evidence?.kind === 'band' ? full[i]!.evidence.own : 'no band');
      expect(own?.df).toBe(5);
      // The verdict itself is the same.
      expect([row.status, row.pValue]).toEqual([full[i]!.status, full[i]!.pValue]);
    });
  });

  test('the spreads-only judgement judges only the gated parameter rows, which lend the priors: the same priors', () => {
    // Three parameters of the median, Min and Max of a primary and a secondary metric: the primary metric's median
    // rows are gated; the rest, and the pooled geomean rows, lend nothing.
    const measurement = (
      parameter: string,
      name: string,
      role: 'primary' | 'secondary',
      level: number,
    ): Measurement => ({
      experiment: 'BM_A',
      parameter: { label: parameter, payloadBytes: NaN },
      metric: { name, dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better', role },
      statistics: { median: level, min: level * 0.9, max: level * 1.2 },
      place: { file: 'test' },
    });
    const run = (shift: number): ExperimentSide => ({
      measurements: ['8', '16', '32'].flatMap((p, i) => [
        measurement(p, 'cpu_time', 'primary', 100 * (i + 1) * Math.exp(shift)),
        measurement(p, 'real_time', 'secondary', 110 * (i + 1) * Math.exp(shift * 1.5)),
      ]),
    });
    const judge = (spreadsOnly: boolean) =>
      compareExperimentWithHistory(
        'BM_A',
        OFFSETS.map(run),
        run(0.01),
        parseThresholds('0.1'),
        spreadsOnly ? { spreadsOnly } : {},
      );
    const spreads = judge(true);
    const full = judge(false);
    const judged = (rows: SubExperimentComparison['rows']) =>
      rows.filter((r) => r.pValue !== undefined).map((r) => `${r.metric} ${r.statistic} ${r.parameter}`);
    expect(judged(full.rows)).toHaveLength(24);
    expect(judged(spreads.rows)).toEqual(['cpu_time median 8', 'cpu_time median 16', 'cpu_time median 32']);
    expect(spreads.rows.some((r) => r.pooled)).toBe(false);
    // The rows it leaves unjudged are still reported, ungated, as the newest run has them.
    expect(spreads.rows).toHaveLength(18);
    for (const row of spreads.rows.filter((r) => r.pValue === undefined)) {
      expect(row.gated).toBe(false);
      expect(row.evidence).toBeUndefined();
    }
    expect([...suitePriors([spreads]).keys()]).toEqual(['cpu_time\u0000median']);
    expect(suitePriors([spreads])).toEqual(suitePriors([full]));
    const own = (rows: SubExperimentComparison['rows']) =>
      rows.filter((r) => r.gated && !r.pooled).map((r) => (r.evidence?.kind === 'band' ? r.evidence.own : undefined));
    expect(own(spreads.rows)).toEqual(own(full.rows));
    expect(own(spreads.rows).every((o) => o !== undefined && o.df === 5)).toBe(true);
    // In full, only the gated rows carry what the suite reads (their spread and null statistics): the rows that cannot
    // fail have their band, p-value and Catches ≥, and no more.
    for (const row of full.rows.filter((r) => !r.pooled)) {
      const band = row.evidence?.kind === 'band' ? row.evidence : undefined;
      expect(band?.band).toBeDefined();
      expect(row.detectable).toBeGreaterThan(0);
      expect([band?.own !== undefined, band?.nulls?.statistics.length]).toEqual(
        row.gated ? [true, OFFSETS.length] : [false, undefined],
      );
    }
  });

  test('too few rows to fit a prior: the full judgement runs without one', () => {
    const calls: { priors?: SuitePriors; spreadsOnly?: boolean }[] = [];
    const one = (priors?: SuitePriors, spreadsOnly?: boolean) => judge(calls)(priors, spreadsOnly).slice(0, 2);
    judgeWithSuitePriors(one);
    expect(calls).toEqual([{ spreadsOnly: true }, { spreadsOnly: false }]);
  });
});
