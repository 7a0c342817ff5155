/**
 * Empirical-Bayes moderated variances (bench/moderatedVariance.ts) against closed forms: ψ(1) = −γ,
 * ψ(1/2) = −γ − 2 ln 2, ψ₁(1) = π²/6, ψ₁(1/2) = π²/2, and a prior fit worked by hand.
 */
import { describe, expect, test } from '@jest/globals';
import { digamma, fitVariancePrior, moderatedVariance, trigamma, trigammaInverse } from '../bench/moderatedVariance.js';

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

  test('fewer than two usable variances: no moderation', () => {
    const prior = fitVariancePrior([0, NaN, 0.3], 4);
    expect(prior.d0).toBe(0);
    expect(moderatedVariance(0.3, 4, prior)).toEqual({ variance: 0.3, df: 4 });
  });
});
