/**
 * The shared-shift model (src/engine/stats/sharedShift.ts). Expected values are worked by hand from the definitions
 * (medians, means and sample standard deviations of small tables), from closed forms, or from the simulated rate an
 * exact test must have; never taken from the code under test.
 */
import { pairsEvidenceOf } from '../src/engine/compare/rows.js';
import { describe, expect, test } from '@jest/globals';
import { compareExperimentPaired, pairedMethod, type ExperimentSide } from '../src/engine/compare/compare.js';
import { resolveVerdictSettings } from '../src/engine/settings/verdict.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { fitSharedShift, judgeBenchmark, type SuiteOutcome } from '../src/engine/stats/sharedShift.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { studentTQuantile } from '../src/engine/stats/studentT.js';

describe('fitSharedShift', () => {
  // 3 pairs × 3 benchmarks. Worked by hand:
  //   pair medians 0.2, 0, 0.3; pair means 0.7/3, 0, 1/3;
  //   r = d − median: b0 −0.1, −0.1, 0; b1 0, 0, −0.1; b2 0.2, 0.1, 0.2.
  const d = [
    [0.1, 0.2, 0.4],
    [-0.1, 0.0, 0.1],
    [0.3, 0.2, 0.5],
  ];

  test('per-pair shifts are the medians over the benchmarks', () => {
    const fit = fitSharedShift(d);
    expect(fit.shifts[0]).toBeCloseTo(0.2, 12);
    expect(fit.shifts[1]).toBeCloseTo(0, 12);
    expect(fit.shifts[2]).toBeCloseTo(0.3, 12);
  });

  test('the suite: mean of the pair means 0.188889, sd 0.171053 on 2 df (shared noise kept)', () => {
    const fit = fitSharedShift(d);
    // (0.233333 + 0 + 0.333333) / 3; squared deviations 0.0019753 + 0.0356790 + 0.0208642 over 2.
    expect(fit.suite.mean).toBeCloseTo(0.188889, 5);
    expect(fit.suite.se).toBeCloseTo(Math.sqrt(0.0585185 / 2) / Math.sqrt(3), 5);
    expect(fit.suite.df).toBe(2);
  });

  test('deviations: mean of d − median per benchmark, se from their own spread on k − 1 df', () => {
    const fit = fitSharedShift(d);
    // Each benchmark's r has two equal values and one 0.1 away: sd = 0.1/√3 = 0.057735, se = 0.1/3.
    const expected = [-0.1 / 1.5, -0.1 / 3, 0.5 / 3];
    fit.deviations.forEach((dev, b) => {
      expect(dev.mean).toBeCloseTo(expected[b]!, 12);
      expect(dev.se).toBeCloseTo(0.1 / 3, 12);
      expect(dev.df).toBe(2);
    });
    expect(fit.totals[0]).toBeCloseTo(0.1, 12);
    expect(fit.totals[1]).toBeCloseTo(0.4 / 3, 12);
    expect(fit.totals[2]).toBeCloseTo(1 / 3, 12);
  });

  test('a shift common to every benchmark of a pair moves the suite, never a deviation', () => {
    const shifted = d.map((pair, i) => pair.map((v) => v + [0.5, -0.7, 1.3][i]!));
    const a = fitSharedShift(d);
    const b = fitSharedShift(shifted);
    b.deviations.forEach((dev, j) => {
      expect(dev.mean).toBeCloseTo(a.deviations[j]!.mean, 12);
      expect(dev.se).toBeCloseTo(a.deviations[j]!.se, 12);
    });
    expect(b.suite.mean).toBeCloseTo(a.suite.mean + (0.5 - 0.7 + 1.3) / 3, 12);
  });

  test('two benchmarks: the median is their mean, so each deviation is half their difference, mirrored', () => {
    // r1 = (d1 − d2)/2 = 0.1, 0, 0.2, 0: mean 0.075, sample variance 0.0275/3.
    const fit = fitSharedShift([
      [0.3, 0.1],
      [0.2, 0.2],
      [0.4, 0.0],
      [0.1, 0.1],
    ]);
    expect(fit.deviations[0]!.mean).toBeCloseTo(0.075, 12);
    expect(fit.deviations[1]!.mean).toBeCloseTo(-0.075, 12);
    expect(fit.deviations[0]!.se).toBeCloseTo(Math.sqrt(0.0275 / 3) / 2, 12);
    expect(fit.deviations[1]!.se).toBeCloseTo(fit.deviations[0]!.se, 12);
  });

  test('one benchmark changed among five: the median shift ignores it, its deviation is the whole change', () => {
    // Pair shifts 0.05, −0.1, 0.2 on every benchmark, benchmark 4 changed by +0.3, no residual.
    const fit = fitSharedShift([0.05, -0.1, 0.2].map((s) => [s, s, s, s, s + 0.3]));
    expect(fit.deviations[4]!.mean).toBeCloseTo(0.3, 12);
    for (const b of [0, 1, 2, 3]) expect(fit.deviations[b]!.mean).toBeCloseTo(0, 12);
    // The suite keeps the change's share: (0.05 − 0.1 + 0.2)/3 + 0.3/5.
    expect(fit.suite.mean).toBeCloseTo(0.05 + 0.06, 12);
  });

  test('one benchmark or one pair is refused', () => {
    expect(() => fitSharedShift([[0.1], [0.2]])).toThrow(RangeError);
    expect(() => fitSharedShift([[0.1, 0.2]])).toThrow(RangeError);
    expect(() => fitSharedShift([[0.1, 0.2], [0.3]])).toThrow(RangeError);
  });

  test('calibration: under shared noise 10× the residual, a deviation exceeds its one-sided 5 % bound 5 % of the time', () => {
    // An exact t test on k − 1 df has size α for normal residuals of unequal variances; 4000 draws give ±0.7 % (2 se).
    const random = mulberry32(35);
    const z = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    const sds = [0.02, 0.03, 0.05, 0.08];
    const k = 6;
    const critical = studentTQuantile(0.95, k - 1);
    let exceed = 0;
    const trials = 4000;
    for (let t = 0; t < trials; t++) {
      const table = Array.from({ length: k }, () => {
        const shared = 0.4 * z();
        return sds.map((sd) => shared + sd * z());
      });
      const dev = fitSharedShift(table).deviations[1]!;
      if (dev.mean / dev.se > critical) exceed++;
    }
    expect(exceed / trials).toBeGreaterThan(0.043);
    expect(exceed / trials).toBeLessThan(0.057);
  });
});

describe('judgeBenchmark', () => {
  const quiet: SuiteOutcome = { significantlyWorse: false, significantlyBetter: false, failed: false, improved: false };
  const failed: SuiteOutcome = { significantlyWorse: true, significantlyBetter: false, failed: true, improved: false };
  const improved: SuiteOutcome = {
    significantlyWorse: false,
    significantlyBetter: true,
    failed: false,
    improved: true,
  };
  const worse = Math.log(1.1);
  const better = Math.log(1 / 1.1);

  test('suite within its noise: the deviation is the magnitude, and fails when significant and over', () => {
    expect(judgeBenchmark({ deviation: 0.2, margin: 0.05, total: 0.05 }, quiet, worse, better)).toEqual({
      magnitude: 0.2,
      worse: 'own',
    });
    // Significant but under the threshold: nothing.
    expect(judgeBenchmark({ deviation: 0.08, margin: 0.05, total: 0.3 }, quiet, worse, better)).toEqual({
      magnitude: 0.08,
    });
    // Over the threshold but within its margin: nothing.
    expect(judgeBenchmark({ deviation: 0.2, margin: 0.25, total: 0.2 }, quiet, worse, better)).toEqual({
      magnitude: 0.2,
    });
  });

  test('the suite failed: a benchmark that moved with it fails with it; one that stayed behind does not', () => {
    expect(judgeBenchmark({ deviation: -0.01, margin: 0.05, total: 0.21 }, failed, worse, better)).toEqual({
      magnitude: 0.21,
      worse: 'suite',
    });
    // Significantly better than the suite (deviation + margin < 0): not named with it.
    expect(judgeBenchmark({ deviation: -0.2, margin: 0.05, total: 0.02 }, failed, worse, better)).toEqual({
      magnitude: 0.02,
    });
  });

  test('the suite improved: a benchmark 10 % worse than a suite 20 % better did not regress', () => {
    // Magnitude is the total (−0.1), so the significant deviation of +0.12 does not fail it.
    expect(judgeBenchmark({ deviation: 0.12, margin: 0.05, total: -0.1 }, improved, worse, better)).toEqual({
      magnitude: -0.1,
    });
    expect(judgeBenchmark({ deviation: 0.0, margin: 0.05, total: -0.22 }, improved, worse, better)).toEqual({
      magnitude: -0.22,
      better: 'suite',
    });
  });
});

/** One run of four benchmarks (their medians), every value times `scale[b]`. */
function run(scale: readonly number[]): ExperimentSide {
  return {
    measurements: scale.map(
      (x, b) =>
        ({
          experiment: 'suite',
          parameter: { label: `bench${b}`, payloadBytes: NaN },
          metric: { name: 'time', dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
          statistics: { median: (100 + 10 * b) * x },
          place: { file: 'x.json' },
        }) as Measurement,
    ),
  };
}

/** A shift of the whole run, different per pair and per side, 10–30 %: what a shared runner does. */
const SHIFT_A = [1.0, 1.25, 0.8, 1.1, 0.9, 1.3, 0.85, 1.05];
const SHIFT_B = [1.2, 0.9, 1.05, 0.8, 1.15, 1.0, 1.3, 0.9];
/** Small per-benchmark residuals (pair i, benchmark b), a fixed pattern within ±1.5 %. */
const residual = (i: number, b: number) => 0.005 * (((i * 3 + b * 5) % 7) - 3);

/** Eight pairs of four benchmarks; `change[b]` multiplies benchmark b of the candidate. */
function shiftedPairs(change: readonly number[]) {
  return SHIFT_A.map((a, i) => ({
    reference: run([0, 1, 2, 3].map(() => a)),
    result: run(change.map((c, b) => SHIFT_B[i]! * c * Math.exp(residual(i, b)))),
  }));
}

describe('the paired method with the shared-shift model', () => {
  const at5 = parseThresholds('0.05');
  const median = <R extends { statistic: string }>(rows: readonly R[]) => rows.filter((r) => r.statistic === 'median');

  test('off by default: no row carries the model, and the rows are those of today', () => {
    const pairs = shiftedPairs([1, 1, 1.1, 1]);
    const off = compareExperimentPaired('suite', pairs, at5);
    expect(off.rows.some((r) => pairsEvidenceOf(r)?.sharedShift !== undefined)).toBe(false);
    expect(compareExperimentPaired('suite', pairs, at5, { sharedShift: false })).toEqual(off);
  });

  test('one benchmark ×1.10 under 10–30 % shared noise: today it is lost, with the model it fails alone', () => {
    const pairs = shiftedPairs([1, 1, 1.1, 1]);
    const off = median(compareExperimentPaired('suite', pairs, at5).rows);
    expect(off.some((r) => r.failed)).toBe(false);
    const on = median(compareExperimentPaired('suite', pairs, at5, { sharedShift: true }).rows);
    expect(on.filter((r) => r.failed).map((r) => r.parameter)).toEqual(['bench2']);
    const row = on.find((r) => r.parameter === 'bench2')!;
    expect(row).toMatchObject({
      status: 'fail',
      evidence: { sharedShift: 'benchmark' },
      namedBy: 'bonferroni',
      repetitions: 8,
    });
    // The shown change is the row's own: the mean over pairs of its log ratio, from the inputs.
    const logs = SHIFT_A.map((a, i) => Math.log((SHIFT_B[i]! * 1.1 * Math.exp(residual(i, 2))) / a));
    expect(row.deltaPercent).toBeCloseTo((Math.exp(logs.reduce((x, y) => x + y, 0) / 8) - 1) * 100, 9);
    // Its interval is relative to the suite: about +10 %, far narrower than the shared noise.
    expect(pairsEvidenceOf(row)?.interval?.lower).toBeGreaterThan(0.05);
    expect(pairsEvidenceOf(row)?.interval?.upper).toBeLessThan(0.15);
    expect(on.find((r) => r.pooled)).toMatchObject({ evidence: { sharedShift: 'suite' }, failed: false });
  });

  test('every benchmark ×1.25: the suite fails by itself and names every benchmark with it', () => {
    // Shared shifts that cancel over the pairs, so the suite's change is clear: ×1.25 with the residuals.
    const pairs = SHIFT_A.map((a, i) => ({
      reference: run([a, a, a, a]),
      result: run([0, 1, 2, 3].map((b) => a * (1 + 0.02 * (i % 2 === 0 ? 1 : -1)) * 1.25 * Math.exp(residual(i, b)))),
    }));
    const rows = median(compareExperimentPaired('suite', pairs, parseThresholds('0.1'), { sharedShift: true }).rows);
    expect(rows.find((r) => r.pooled)).toMatchObject({
      status: 'fail',
      failed: true,
      evidence: { sharedShift: 'suite' },
    });
    const named = rows.filter((r) => !r.pooled);
    expect(named.map((r) => [r.status, r.namedBy])).toEqual(Array(4).fill(['fail', 'suite']));
    const notes = pairedMethod.notes(resolveVerdictSettings('paired'), rows);
    expect(notes.some((n) => n.startsWith('Shared shift of each run'))).toBe(true);
    const moved = notes.find((n) => n.startsWith('The suite moved as a whole'))!;
    expect(moved).toContain('suite time Median shifted +');
    expect(moved).toContain('The shift fails the gate by itself');
  });

  test('a sequential look: a benchmark over the threshold, not yet significant, is inconclusive with the pairs to go', () => {
    // Benchmark 2 is ×1.1 with a ±0.05 alternating log wobble: deviation log 1.1 ≈ 0.095, per-pair sd 0.05·√(8/7)
    // ≈ 0.053 (t ≈ 5.0 at 8 pairs), short of its share α/16 at the first of the looks to 24 (a Pocock boundary
    // below α/16 on 7 df: t above 6.1), which the next look, 12 pairs at the same spread (t ≈ 6.2), clears.
    const pairs = SHIFT_A.map((a, i) => ({
      reference: run([a, a, a, a]),
      result: run([1, 1, 1.1 * Math.exp(i % 2 === 0 ? 0.05 : -0.05), 1].map((c) => SHIFT_B[i]! * c)),
    }));
    const rows = median(compareExperimentPaired('suite', pairs, at5, { sharedShift: true, maxPairs: 24 }).rows);
    expect(rows.find((r) => r.parameter === 'bench2')).toMatchObject({
      status: 'inconclusive',
      failed: false,
      evidence: { pairsCap: 24, morePairs: 4 },
    });
    // Nothing fails yet: the suite within its noise, the benchmark not yet significant.
    expect(rows.some((r) => r.failed)).toBe(false);
  });

  test("the suite's row carries its own pairs evidence, never its first benchmark's", () => {
    // As above with the wobbling ×1.1 on the first benchmark, whose row is inconclusive with pairs to go: the pooled
    // row, built over that row, keeps none of it.
    const pairs = SHIFT_A.map((a, i) => ({
      reference: run([a, a, a, a]),
      result: run([1.1 * Math.exp(i % 2 === 0 ? 0.05 : -0.05), 1, 1, 1].map((c) => SHIFT_B[i]! * c)),
    }));
    const rows = median(compareExperimentPaired('suite', pairs, at5, { sharedShift: true, maxPairs: 24 }).rows);
    expect(rows.find((r) => r.parameter === 'bench0')).toMatchObject({
      status: 'inconclusive',
      evidence: { sharedShift: 'benchmark', pairsCap: 24 },
    });
    const suite = pairsEvidenceOf(rows.find((r) => r.pooled)!);
    expect(suite?.sharedShift).toBe('suite');
    // The 4 more pairs bench0 needs are its own, not the suite's.
    expect(suite?.morePairs).toBeUndefined();
  });

  test('one benchmark: the model does not apply and the row is judged as without it', () => {
    const pairs = shiftedPairs([1.1]).map((p) => ({
      reference: { measurements: p.reference.measurements.slice(0, 1) },
      result: { measurements: p.result.measurements.slice(0, 1) },
    }));
    expect(compareExperimentPaired('suite', pairs, at5, { sharedShift: true })).toEqual(
      compareExperimentPaired('suite', pairs, at5),
    );
  });
});
