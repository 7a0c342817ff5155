/**
 * The paired A/B rule, the history rule for k candidate repetitions, the pooled geomean row and
 * which statistics are gated. Expected values are worked by hand (closed forms of Student's t for
 * 2 degrees of freedom) or built from the inputs, never taken from the code under test.
 */
import { pairsEvidenceOf } from '../src/engine/compare/rows.js';
import { describe, expect, test } from '@jest/globals';
import {
  compareExperiment,
  compareExperimentPaired,
  compareExperimentWithHistory,
  historyMethod,
  type ExperimentSide,
} from '../src/engine/compare/compare.js';
import { resolveVerdictSettings } from '../src/engine/settings/verdict.js';
import { parseGateStatistics } from '../src/engine/compare/gate.js';
import { noiseVerdict } from '../src/engine/compare/noise.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { historyLogTest, logEffectTest, pairedLogTest } from '../src/engine/stats/effectTest.js';
import { studentTQuantile } from '../src/engine/stats/studentT.js';
import { splitStates, stateOf } from '../src/engine/stats/states.js';
import type { Measurement } from '../src/engine/model/measurement.js';

/** Student t with 2 degrees of freedom in closed form: F(t) = 1/2 + t / (2√(2 + t²)), t_p = (2p − 1) / √(2p(1 − p)). */
const t2Quantile = (p: number) => (2 * p - 1) / Math.sqrt(2 * p * (1 - p));
const t2Cdf = (t: number) => 0.5 + t / (2 * Math.sqrt(2 + t * t));

describe('pairedLogTest', () => {
  test('log ratios 0.1, 0.2, 0.3: mean 0.2, se 0.1/√3, df 2, checked against the closed form', () => {
    const test = pairedLogTest([0.1, 0.2, 0.3], 0.01, 'lower-is-better');
    const se = 0.1 / Math.sqrt(3);
    expect(test.df).toBe(2);
    expect(test.standardError).toBeCloseTo(se, 12);
    expect(test.effect).toBeCloseTo(Math.exp(0.2) - 1, 12);
    expect(test.pValue).toBeCloseTo(1 - t2Cdf(0.2 / se), 9);
    expect(test.pValue).toBeCloseTo(0.03709, 4);
    expect(test.interval.lower).toBeCloseTo(Math.exp(0.2 - t2Quantile(0.99) * se) - 1, 9);
    expect(test.interval.upper).toBeCloseTo(Math.exp(0.2 + t2Quantile(0.99) * se) - 1, 9);
    // p ≈ 3.7 % > α = 1 %: the interval includes no change.
    expect(test.significant).toBe(false);
    expect(test.interval.lower).toBeLessThan(0);
    // The smallest change caught 9 times in 10, the spread counted as estimated: δ with P(T > t(0.99, 2)) = 0.9 for
    // T noncentral t on 2 df, δ = 10.7365 standard errors (scipy: brentq(nct.sf(t.ppf(0.99, 2), 2, δ) − 0.9)), as a
    // ratio. (t(0.99) + t(0.9)) · se, as if se were known, gave +66.7 %, caught far less than 9 times in 10.
    expect(test.detectable).toBeCloseTo(0.8586873593818981, 6);
    expect(test.detectable).toBeGreaterThan(Math.exp((t2Quantile(0.99) + t2Quantile(0.9)) * se) - 1);
    // At α = 5 % it is significant: p < 0.05.
    expect(pairedLogTest([0.1, 0.2, 0.3], 0.05, 'lower-is-better').significant).toBe(true);
  });

  test('for a throughput the same log ratios (worse positive) give the mirrored relative change', () => {
    const test = pairedLogTest([0.1, 0.2, 0.3], 0.01, 'higher-is-better');
    expect(test.effect).toBeCloseTo(1 - Math.exp(-0.2), 12);
    expect(test.pValue).toBeCloseTo(0.03709, 4);
  });

  test('identical ratios: exact, significant whenever not zero; one pair is refused', () => {
    expect(pairedLogTest([0.05, 0.05, 0.05], 0.01, 'lower-is-better')).toMatchObject({ significant: true, pValue: 0 });
    expect(pairedLogTest([0, 0], 0.01, 'lower-is-better')).toMatchObject({
      significant: false,
      significantlyBetter: false,
    });
    expect(() => pairedLogTest([0.1], 0.01, 'lower-is-better')).toThrow(RangeError);
    expect(() => logEffectTest(0.1, 0.1, 3, 0.7, 'lower-is-better')).toThrow(RangeError);
  });
});

describe('the history rule for the mean of k candidate runs', () => {
  const history = [10, 11, 9.5, 10.5, 10.2];
  const logs = history.map(Math.log);
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const sd = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / (logs.length - 1));

  const independent = { confidence: 0.99, independentRepetitions: true };

  test('runs of one job against single-run records: the band of one run, whatever they share', () => {
    // Back-to-back runs may share the job's noise: the mean of 3 varies at most as one run does, so √(1 + 1/n).
    const t = studentTQuantile(0.99, 4);
    const three = noiseVerdict(history, [10, 10, 10], 0.1, { confidence: 0.99 });
    expect(three.band.upper).toBeCloseTo(Math.exp(t * sd * Math.sqrt(1 + 1 / 5)) - 1, 12);
    expect(three.spread).toBeCloseTo(sd, 12);
    expect(three.repetitions).toBe(3);
  });

  test('independent runs: the band narrows from √(1 + 1/n) to √(1/k + 1/n)', () => {
    const t = studentTQuantile(0.99, 4);
    const one = noiseVerdict(history, 10, 0.1, { confidence: 0.99 });
    const three = noiseVerdict(history, [10, 10, 10], 0.1, independent);
    expect(one.band.upper).toBeCloseTo(Math.exp(t * sd * Math.sqrt(1 + 1 / 5)) - 1, 9);
    // Three identical runs join the spread with none of their own: s² = 4·sd² / 6 on 6 degrees of freedom.
    const pooledT = studentTQuantile(0.99, 6);
    expect(three.band.upper).toBeCloseTo(Math.exp(pooledT * sd * Math.sqrt(4 / 6) * Math.sqrt(1 / 3 + 1 / 5)) - 1, 9);
    expect(three.repetitions).toBe(3);
    expect(one.repetitions).toBe(1);
  });

  test('the candidate is the geometric mean of its runs, and historyLogTest agrees with the band', () => {
    const verdict = noiseVerdict(history, [12, 13, 12.5], 0.1, independent);
    expect(verdict.result).toBeCloseTo(Math.cbrt(12 * 13 * 12.5), 9);
    const test = historyLogTest(logs, [12, 13, 12.5].map(Math.log), 0.01, 'lower-is-better');
    expect(test.effect).toBeCloseTo(verdict.effect, 9);
    expect(test.significant).toBe(verdict.result > verdict.band.upperValue);
    // The row's `Catches ≥` also needs the estimate over the 10 % threshold: the δ with P(Z + δ > max(log 1.1 / se,
    // t(0.99, 6) · W)) = 0.9, W = √(χ²₆ / 6) (scipy: quad over chi.pdf, brentq), as a ratio: +19.12 %.
    expect(test.df).toBe(6);
    expect(test.standardError).toBeCloseTo(0.036703392034164575, 12);
    expect(verdict.detectable).toBeCloseTo(0.19122305699523934, 6);
  });

  test("independent repetitions join the history's spread: n + k − 2 degrees of freedom", () => {
    // History logs sd over 4 df, candidate logs of 12, 13, 12.5 over 2 df, pooled by hand.
    const candidate = [12, 13, 12.5].map(Math.log);
    const cm = candidate.reduce((a, b) => a + b, 0) / 3;
    const csd2 = candidate.reduce((a, b) => a + (b - cm) ** 2, 0) / 2;
    const pooledSd = Math.sqrt((4 * sd ** 2 + 2 * csd2) / 6);
    const verdict = noiseVerdict(history, [12, 13, 12.5], 0.1, independent);
    expect(verdict.spread).toBeCloseTo(pooledSd, 12);
    expect(verdict.band.upper).toBeCloseTo(
      Math.exp(studentTQuantile(0.99, 6) * pooledSd * Math.sqrt(1 / 3 + 1 / 5)) - 1,
      12,
    );
    // Pooled records (r = 3) are not pooled with the candidate: their spread is of means of 3, not of one run.
    const records = noiseVerdict(history, [12, 13, 12.5], 0.1, { ...independent, historyRepetitions: 3 });
    expect(records.spread).toBeCloseTo(sd, 12);
  });

  test('a history of pooled records (r runs each) against k candidate runs: √(r/k + 1/n)', () => {
    const t = studentTQuantile(0.99, 4);
    // Three runs a side: the band of one run against single-run records, on the records' (smaller) spread.
    const pooled = noiseVerdict(history, [10, 10, 10], 0.1, { confidence: 0.99, historyRepetitions: 3 });
    expect(pooled.band.upper).toBeCloseTo(Math.exp(t * sd * Math.sqrt(3 / 3 + 1 / 5)) - 1, 9);
    const one = noiseVerdict(history, 10, 0.1, { confidence: 0.99, historyRepetitions: 3 });
    expect(one.band.upper).toBeCloseTo(Math.exp(t * sd * Math.sqrt(3 + 1 / 5)) - 1, 9);
  });

  test('three independent repetitions catch a shift one run cannot', () => {
    // A +25 % shift: inside the one-run band, outside the band for the mean of three independent runs.
    const shifted = Math.exp(mean) * 1.25;
    expect(noiseVerdict(history, shifted, 0.1, { confidence: 0.99 }).status).toBe('warn');
    expect(noiseVerdict(history, [shifted, shifted, shifted], 0.1, independent).status).toBe('fail');
    // Three runs of one job against single-run records: judged as one run, still inside the band.
    expect(noiseVerdict(history, [shifted, shifted, shifted], 0.1, { confidence: 0.99 }).status).toBe('warn');
  });

  test('fewer candidate runs than each record pools: r/k, in either case', () => {
    const t = studentTQuantile(0.99, 4);
    const two = noiseVerdict(history, [10, 10], 0.1, { confidence: 0.99, historyRepetitions: 4 });
    expect(two.band.upper).toBeCloseTo(Math.exp(t * sd * Math.sqrt(4 / 2 + 1 / 5)) - 1, 12);
  });
});

function measurement(
  parameter: string,
  stats: Record<string, number>,
  repetitionValues?: Record<string, number[]>,
): Measurement {
  return {
    experiment: 'udp',
    parameter: { label: parameter, payloadBytes: Number(parameter) },
    metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
    statistics: stats,
    place: { file: 'x.csv' },
    ...(repetitionValues ? { repetitionValues, repetitions: Object.values(repetitionValues)[0]!.length } : {}),
  } as Measurement;
}

/** One run: median and max per payload, scaled. */
function run(scale: number, medians: Record<string, number> = { '16': 50, '1024': 60 }, maxScale = 1): ExperimentSide {
  return {
    measurements: Object.entries(medians).map(([p, v]) =>
      measurement(p, { median: v * scale, max: 10 * v * scale * maxScale }),
    ),
  };
}

/** Run-to-run jitter of an interleaved pair, the same on both sides of a pair: what interleaving cancels. */
const JITTER = [1.0, 1.3, 0.8, 1.1, 0.9, 1.25, 0.85, 1.05];
/** Small within-pair differences, so the pairs are not exact. */
const WOBBLE = [0.02, -0.015, 0.01, -0.02, 0.015, 0.005, -0.01, -0.005];

function pairs(change: number, maxChange = 1): { reference: ExperimentSide; result: ExperimentSide }[] {
  return JITTER.map((j, i) => ({
    reference: run(j),
    result: run(j * change * Math.exp(WOBBLE[i]!), undefined, maxChange),
  }));
}

describe('compareExperimentPaired', () => {
  const thresholds = parseThresholds('0.1');

  test('a 20 % slow-down under ±30 % machine jitter fails, on the parameter rows and the pooled geomean row', () => {
    const c = compareExperimentPaired('udp', pairs(1.2), thresholds);
    expect(c.status).toBe('failed');
    const pooled = c.rows.find((r) => r.pooled && r.statistic === 'median')!;
    expect(pooled).toMatchObject({ parameter: 'geomean', status: 'fail', failed: true, gated: true, repetitions: 8 });
    // Per pair the pooled log ratio is log 1.2 + wobble (the same on both payloads).
    const meanWobble = WOBBLE.reduce((a, b) => a + b, 0) / WOBBLE.length;
    expect(pooled.deltaPercent).toBeCloseTo((Math.exp(Math.log(1.2) + meanWobble) - 1) * 100, 6);
    // Three quarters of α = 1 % to the pooled row, the other quarter split between the two payload rows.
    expect(pooled.confidence).toBeCloseTo(0.9925, 12);
    expect(c.rows.find((r) => r.parameter === '16' && r.statistic === 'median')!.confidence).toBeCloseTo(0.99875, 12);
    expect(pairsEvidenceOf(pooled)?.interval?.lower).toBeGreaterThan(0);
  });

  test('an unchanged build under the same jitter passes; a single run against another would not', () => {
    const c = compareExperimentPaired('udp', pairs(1), thresholds);
    expect(c.status).toBe('passed');
    expect(c.rows.filter((r) => r.failed)).toEqual([]);
    // The threshold rule on pair 1 against pair 2 (a 30 % jitter) fails the same build.
    expect(compareExperiment('udp', run(JITTER[0]!), run(JITTER[1]!), thresholds).status).toBe('failed');
  });

  test('a doubled Max is reported but does not fail unless the user gates it', () => {
    const c = compareExperimentPaired('udp', pairs(1, 2), thresholds);
    expect(c.status).toBe('passed');
    const max = c.rows.find((r) => r.pooled && r.statistic === 'max')!;
    expect(max).toMatchObject({ status: 'warn', failed: false, gated: false });
    const gated = compareExperimentPaired('udp', pairs(1, 2), thresholds, { gate: parseGateStatistics('primary,max') });
    expect(gated.status).toBe('failed');
    expect(gated.rows.find((r) => r.pooled && r.statistic === 'max')).toMatchObject({
      status: 'fail',
      failed: true,
      gated: true,
    });
  });

  test('an experiment in the candidate only is new, one in the base only is missing', () => {
    expect(
      compareExperimentPaired(
        'udp',
        [
          { reference: undefined, result: run(1) },
          { reference: undefined, result: run(1) },
        ],
        thresholds,
      ).status,
    ).toBe('new');
    expect(
      compareExperimentPaired(
        'udp',
        [
          { reference: run(1), result: undefined },
          { reference: run(1), result: undefined },
        ],
        thresholds,
      ).status,
    ).toBe('missing');
  });
});

describe('history with candidate repetitions', () => {
  test('the rows judge the mean of the repetitions, and the pooled row pools the payloads per run', () => {
    const history = [1, 1.1, 0.92, 1.05, 0.97, 1.02, 0.95, 1.08, 0.99, 1.03].map((s) => run(s));
    const reps = [1.2, 1.25, 1.18];
    const candidate: ExperimentSide = {
      measurements: [
        measurement('16', { median: 60, max: 500 }, { median: reps.map((r) => 50 * r), max: [500, 500, 500] }),
        measurement('1024', { median: 72, max: 600 }, { median: reps.map((r) => 60 * r), max: [600, 600, 600] }),
      ],
    };
    const c = compareExperimentWithHistory('udp', history, candidate, parseThresholds('0.1'), {
      independentRepetitions: true,
    });
    const row16 = c.rows.find((r) => r.parameter === '16' && r.statistic === 'median')!;
    expect(row16.repetitions).toBe(3);
    expect(row16.result).toBeCloseTo(50 * Math.cbrt(1.2 * 1.25 * 1.18), 9);
    const pooled = c.rows.find((r) => r.pooled && r.statistic === 'median')!;
    expect(pooled).toMatchObject({ evidence: { historyRuns: 10 }, repetitions: 3, status: 'fail', gated: true });
    expect(c.status).toBe('failed');
    // Every row states the smallest change it can catch; more repetitions make it smaller.
    const single = compareExperimentWithHistory('udp', history, run(1.2), parseThresholds('0.1'));
    const pooledSingle = single.rows.find((r) => r.pooled && r.statistic === 'median')!;
    expect(pooled.detectable!).toBeLessThan(pooledSingle.detectable!);
    // Runs of one job (the default) against single-run records count as one run: the same band, the same reach.
    const oneJob = compareExperimentWithHistory('udp', history, candidate, parseThresholds('0.1'));
    const pooledOneJob = oneJob.rows.find((r) => r.pooled && r.statistic === 'median')!;
    expect(pooledOneJob.detectable!).toBeCloseTo(pooledSingle.detectable!, 12);
  });
});

describe('history whose runs hold repetitions', () => {
  /** A run of three repetitions (one a slow warm-up): median 50 and 60, geometric means higher. */
  const skewed = (): ExperimentSide => ({
    measurements: [
      measurement('16', { median: 50 }, { median: [400, 50, 49] }),
      measurement('1024', { median: 60 }, { median: [450, 61, 60] }),
    ],
  });

  test('each history run is judged at the level the candidate is: the geometric mean of its repetitions', () => {
    const c = compareExperimentWithHistory('udp', [skewed(), skewed(), skewed()], skewed(), parseThresholds('0.1'));
    const row16 = c.rows.find((r) => r.parameter === '16' && r.statistic === 'median')!;
    // Not the median 50 against the candidate's geometric mean ∛(400·50·49) ≈ 99.4, a false +99 %.
    expect(row16.reference).toBeCloseTo(Math.cbrt(400 * 50 * 49), 9);
    expect(row16.result).toBeCloseTo(Math.cbrt(400 * 50 * 49), 9);
    expect(row16).toMatchObject({ status: 'pass', evidence: { historyRuns: 3 }, repetitions: 3 });
    const pooled = c.rows.find((r) => r.pooled && r.statistic === 'median')!;
    expect(pooled.deltaPercent).toBeCloseTo(0, 9);
    expect(c.status).toBe('passed');
  });
});

describe('parseGateStatistics', () => {
  test('primary by default; names, aliases, 99% and all', () => {
    expect(parseGateStatistics(undefined)).toMatchObject({ primary: true, all: false });
    const g = parseGateStatistics('median, 99%, max');
    expect(g.primary).toBe(false);
    expect([...g.statistics]).toEqual(['median', 'p99', 'max']);
    expect(parseGateStatistics('all').all).toBe(true);
    expect(() => parseGateStatistics('tail')).toThrow('"tail" is not a statistic');
    expect(() => parseGateStatistics(',')).toThrow('name at least one statistic');
  });
});

describe('machine states (splitStates, state-change rows)', () => {
  test('the widest gap of a factor ≥ 2 splits the states; a result inside one (± threshold) is in it', () => {
    const split = splitStates([9, 45, 8.8, 44, 9.1])!;
    expect(split.lower).toEqual([8.8, 9, 9.1]);
    expect(split.upper).toEqual([44, 45]);
    expect(split.ratio).toBeCloseTo(44 / 9.1, 12);
    expect(stateOf(split, 46, 0.1)).toBe('upper');
    expect(stateOf(split, 9.5, 0.1)).toBe('lower');
    expect(stateOf(split, 20, 0.1)).toBeUndefined();
    expect(splitStates([9, 10, 12, 15])).toBeUndefined();
    expect(splitStates([9, 45])).toBeUndefined();
  });

  test('a history with both states reports a result at the slow level as a state change, one beyond both as before', () => {
    const history = [9, 9.1, 8.9, 9.05, 45, 44].map((m) => ({ measurements: [measurement('64', { median: m })] }));
    const slow = compareExperimentWithHistory(
      'ping',
      history,
      { measurements: [measurement('64', { median: 45.5 })] },
      parseThresholds('0.1'),
    );
    expect(slow.rows[0]).toMatchObject({ status: 'state-change', failed: false });
    // The note is said of any tool's rows (pytest, hyperfine, …): it names none.
    const notes = historyMethod.notes(resolveVerdictSettings('history'), slow.rows);
    const state = notes.filter((n) => n.includes('changed state'));
    expect(state).toEqual([expect.stringMatching(/^1 row changed state: the history shows two levels a factor of 2/)]);
    expect(state[0]).not.toMatch(/ddsperf|VMs/);
    const beyond = compareExperimentWithHistory(
      'ping',
      history,
      { measurements: [measurement('64', { median: 400 })] },
      parseThresholds('0.1'),
    );
    expect(beyond.rows[0]!.status).not.toBe('state-change');
  });
});
