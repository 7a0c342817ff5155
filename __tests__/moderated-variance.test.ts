/**
 * Empirical-Bayes moderated variances (src/engine/stats/moderatedVariance.ts) against closed forms: ψ(1) = −γ,
 * ψ(1/2) = −γ − 2 ln 2, ψ₁(1) = π²/6, ψ₁(1/2) = π²/2, and a prior fit worked by hand.
 */
import { bandOf } from '../src/engine/compare/rows.js';
import { describe, expect, test } from '@jest/globals';
import { compareExperimentWithHistory } from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { studentTQuantile } from '../src/engine/stats/studentT.js';
import {
  capPriorDf,
  cautiousVariancePrior,
  chiSquaredCdf,
  chiSquaredQuantile,
  digamma,
  fitVariancePrior,
  moderatedVariance,
  trigamma,
  trigammaInverse,
} from '../src/engine/stats/moderatedVariance.js';

const EULER_GAMMA = 0.5772156649015329;

describe('polygamma functions', () => {
  test('closed forms at 1, 1/2 and 7', () => {
    expect(digamma(1)).toBeCloseTo(-EULER_GAMMA, 12);
    expect(digamma(0.5)).toBeCloseTo(-EULER_GAMMA - 2 * Math.LN2, 12);
    // ψ(7) = −γ + 1 + 1/2 + … + 1/6 = −γ + 2.45
    expect(digamma(7)).toBeCloseTo(-EULER_GAMMA + 2.45, 12);
    expect(trigamma(1)).toBeCloseTo(Math.PI ** 2 / 6, 12);
    expect(trigamma(0.5)).toBeCloseTo(Math.PI ** 2 / 2, 12);
  });

  test('trigammaInverse undoes trigamma', () => {
    expect(trigammaInverse(Math.PI ** 2 / 6)).toBeCloseTo(1, 8);
    expect(trigammaInverse(Math.PI ** 2 / 2)).toBeCloseTo(0.5, 8);
    expect(trigammaInverse(trigamma(40))).toBeCloseTo(40, 6);
  });
});

describe('fitVariancePrior', () => {
  test('two rows on 2 df whose log variances differ by √(2π²/3): d0 = 2, s0² their geometric mean', () => {
    // e = log s² − ψ(1) + log 1 = log s² + γ; their sample variance (a − b)²/2 = π²/3; minus ψ₁(1) = π²/6 leaves
    // π²/6 = ψ₁(d0/2), so d0 = 2, and s0² = exp(mean e + ψ(1) − log 1) = exp(mean log s²).
    const gap = Math.sqrt((2 * Math.PI ** 2) / 3);
    const prior = fitVariancePrior([1, Math.exp(gap)], 2);
    expect(prior.d0).toBeCloseTo(2, 8);
    expect(prior.s0Squared).toBeCloseTo(Math.exp(gap / 2), 8);
    // Row 1 moderated: (2·s0² + 2·1) / 4 on 4 df.
    const row = moderatedVariance(1, 2, prior);
    expect(row.df).toBeCloseTo(4, 8);
    expect(row.variance).toBeCloseTo((2 * Math.exp(gap / 2) + 2) / 4, 8);
  });

  test('rows that agree more than chance says share one variance: d0 = ∞', () => {
    // All equal: the excess variance is −ψ₁(1) < 0. s0² = v·exp(log 1 − ψ(1)) = v·e^γ (the bias of E log s² removed).
    const prior = fitVariancePrior([0.25, 0.25, 0.25], 2);
    expect(prior.d0).toBe(Infinity);
    expect(prior.s0Squared).toBeCloseTo(0.25 * Math.exp(EULER_GAMMA), 12);
    expect(moderatedVariance(0.5, 2, prior)).toEqual({ variance: prior.s0Squared, df: Infinity });
  });

  test('rows on different degrees of freedom: each row’s own ψ and ψ₁ (scipy)', () => {
    // scipy.special: e = log v − digamma(d/2) + log(d/2); excess = var(e, ddof=1) − mean(polygamma(1, d/2));
    // d0 = 2·brentq(polygamma(1, x) − excess); s0² = exp(mean e + digamma(d0/2) − log(d0/2)).
    const prior = fitVariancePrior([0.005, 0.08, 0.02, 0.3], [2, 4, 6, 5]);
    expect(prior.d0).toBeCloseTo(1.8159286627620637, 8);
    expect(prior.s0Squared).toBeCloseTo(0.028182866120677757, 10);
    expect(moderatedVariance(0.08, 4, prior).variance).toBeCloseTo(0.06382094690464225, 10);
  });

  test('fewer than two usable variances: no moderation', () => {
    const prior = fitVariancePrior([0, NaN, 0.3], 4);
    expect(prior.d0).toBe(0);
    expect(moderatedVariance(0.3, 4, prior)).toEqual({ variance: 0.3, df: 4 });
  });
});

describe('χ² (scipy.stats.chi2)', () => {
  test.each([
    [3.0, 5, 0.3000141641213724],
    [40, 19, 0.9967276828812203],
    [0.5, 1, 0.5204998778130466],
    [12.5, 7.4, 0.8981293256010148],
    [100, 60, 0.999083171138544],
  ])('P(χ² ≤ %p; %p df) = %p', (x, k, expected) => {
    expect(chiSquaredCdf(x, k)).toBeCloseTo(expected, 10);
  });

  test.each([
    [0.1, 5, 1.6103079869623227],
    [0.25, 3, 1.2125329030456686],
    [0.9, 29, 39.08746977069396],
  ])('the %p-quantile on %p df is %p', (p, k, expected) => {
    expect(chiSquaredQuantile(p, k)).toBeCloseTo(expected, 8);
  });
});

describe('cautiousVariancePrior', () => {
  // The UDP reruns' per-payload variances (sd 0.083–0.246, ci-noise.md) on 5 df. scipy: the excess at the upper 90 %
  // bound, 5·var(e, ddof=1) / chi2.ppf(0.1, 5) − mean(polygamma(1, 5/2)); d0 = 2·brentq(polygamma(1, x) − excess).
  const variances = [0.0098, 0.0069, 0.049, 0.06, 0.0108, 0.0114];

  test('the spread of log s² at its upper bound: a smaller d0 than the point estimate', () => {
    const prior = cautiousVariancePrior(variances, 5, 0.9);
    expect(prior.d0).toBeCloseTo(1.690585236831703, 8);
    expect(prior.s0Squared).toBeCloseTo(0.010502011176774016, 10);
    expect(prior.d0).toBeLessThan(fitVariancePrior(variances, 5).d0);
  });

  test('a prior capped at the rows’ degrees of freedom together keeps its mean log variance', () => {
    const shared = fitVariancePrior([0.25, 0.25, 0.25], 2);
    const capped = capPriorDf(shared, 6);
    expect(capped.d0).toBe(6);
    // The prior's mean log σ², log s0² + log(d0/2) − ψ(d0/2), is the uncapped one's: log 0.25 + γ (see above).
    expect(Math.log(capped.s0Squared) + Math.log(3) - digamma(3)).toBeCloseTo(Math.log(0.25) + EULER_GAMMA, 12);
    expect(capPriorDf({ d0: 4, s0Squared: 1 }, 6)).toEqual({ d0: 4, s0Squared: 1 });
  });
});

describe('the history method with moderatedVariances', () => {
  // Three payloads with 6 history runs each (log sds differ), one candidate run at the centre.
  const logs = [
    [0.01, -0.02, 0.03, 0.0, -0.01, 0.02],
    [0.1, -0.05, 0.2, -0.1, 0.0, 0.05],
    [0.04, 0.0, -0.04, 0.02, -0.02, 0.01],
  ];
  const side = (offsets: number[]) => ({
    measurements: offsets.map((o, p) => ({
      experiment: 'sim',
      parameter: { label: String(p), payloadBytes: 16 << p },
      metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
      statistics: { median: 50 * Math.exp(o) },
      place: { file: 'sim' },
    })),
  });
  const history = logs[0]!.map((_, run) => side(logs.map((payload) => payload[run]!)));
  const candidate = side([0, 0, 0]);
  const thresholds = parseThresholds('0.1');

  test('each parameter row’s spread is moderated by its family’s prior; the geomean row keeps its own', () => {
    const own = compareExperimentWithHistory('sim', history as never, candidate as never, thresholds);
    const moderated = compareExperimentWithHistory('sim', history as never, candidate as never, thresholds, {
      moderatedVariances: true,
    });
    // The prior by hand: each payload's sample variance of its logs on 5 df, the cautious fit, capped at 15 df.
    const variances = logs.map((l) => {
      const mean = l.reduce((a, b) => a + b, 0) / l.length;
      return l.reduce((a, b) => a + (b - mean) ** 2, 0) / (l.length - 1);
    });
    const prior = capPriorDf(cautiousVariancePrior(variances, 5, 0.9), 15);
    expect(prior.d0).toBeGreaterThan(0);
    const rowsOf = (rows: typeof own.rows) => rows.filter((r) => !r.pooled && r.statistic === 'median');
    rowsOf(moderated.rows).forEach((row, p) => {
      const m = moderatedVariance(variances[Number(row.parameter)]!, 5, prior);
      const half = studentTQuantile(row.confidence!, m.df) * Math.sqrt(m.variance) * Math.sqrt(1 + 1 / 6);
      expect(bandOf(row)?.band?.upper).toBeCloseTo(Math.exp(half) - 1, 10);
      expect(bandOf(row)?.band?.upper).not.toBeCloseTo(bandOf(rowsOf(own.rows)[p]!)?.band?.upper ?? NaN, 6);
    });
    const pooled = (rows: typeof own.rows) => rows.find((r) => r.pooled && r.statistic === 'median')!;
    expect(bandOf(pooled(moderated.rows))?.band).toEqual(bandOf(pooled(own.rows))?.band);
  });
});
