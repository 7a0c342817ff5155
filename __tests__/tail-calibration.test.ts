/**
 * The history's own tail (docs/statistics.md, "Tails calibrated on the history"): the history statistic
 * (stats/historyStatistic.ts), each recorded run judged against the others (stats/leaveOneRunOut.ts), and the reference
 * fitted on those null statistics (stats/tailCalibration.ts). Expected values are worked by hand in the comments, or
 * computed independently with SciPy 1.17 (scipy.stats.t.isf, scipy.stats.binom.sf, scipy.special.digamma) as noted.
 */
import { describe, expect, test } from '@jest/globals';
import { historyStatistic, moderatedStatistic, suitePrior } from '../src/engine/stats/historyStatistic.js';
import { leaveOneRunOut } from '../src/engine/stats/leaveOneRunOut.js';
import {
  binomialLowerTail,
  binomialUpperTail,
  calibratedPValue,
  fittedTailDf,
  sortNulls,
  tailLevels,
  tailRefused,
  TAIL_LADDER,
} from '../src/engine/stats/tailCalibration.js';
import { studentTUpperQuantile } from '../src/engine/stats/tailReference.js';

describe('historyStatistic and moderatedStatistic', () => {
  test('5 against 0, 1, 2, 3: t = 3.5 / √(5/3 · 5/4) = 2.42487 on 3 df', () => {
    const own = historyStatistic([0, 1, 2, 3], 5);
    expect(own.difference).toBeCloseTo(3.5, 12);
    expect(own.variance).toBeCloseTo(5 / 3, 12);
    expect(own.df).toBe(3);
    const { t, df } = moderatedStatistic(own, undefined);
    expect(t).toBeCloseTo(2.424871, 6);
    expect(df).toBe(3);
  });

  test('under a prior d0 = 3, s0² = 1/3: s̃² = (1 + 5)/6 = 1, t = 3.5/√1.25 = 3.1305 on 6 df', () => {
    const { t, df } = moderatedStatistic(historyStatistic([0, 1, 2, 3], 5), { d0: 3, s0Squared: 1 / 3 });
    expect(t).toBeCloseTo(3.130495, 6);
    expect(df).toBe(6);
  });

  test("a suite's prior: none under 3 benchmarks; equal spreads share one, capped at their df together", () => {
    expect(suitePrior([1, 2], [9, 9])).toBeUndefined();
    // Three equal variances on 9 df: d0 = ∞ capped at 27; s0² = exp(−ψ(4.5) + log 4.5 + ψ(13.5) − log 13.5), SciPy.
    const prior = suitePrior([1, 1, 1], [9, 9, 9])!;
    expect(prior.d0).toBe(27);
    expect(prior.s0Squared).toBeCloseTo(1.0808118, 6);
  });
});

describe('leaveOneRunOut', () => {
  test('0, 1, 2, 3: ∓√3 at the ends, ∓(2/3)/√(7/3 · 4/3) inside, on 2 df', () => {
    // Run 0 against 1, 2, 3: mean 2, s = 1, t = −2/√(4/3) = −√3. Run 1 against 0, 2, 3: mean 5/3, s² = 7/3, 1 − 5/3 = −2/3.
    const loo = leaveOneRunOut([0, 1, 2, 3])!;
    expect(loo.df).toBe(2);
    const inner = 2 / 3 / Math.sqrt((7 / 3) * (4 / 3));
    [-Math.sqrt(3), -inner, inner, Math.sqrt(3)].forEach((t, i) => expect(loo.statistics[i]).toBeCloseTo(t, 10));
  });

  test('under a prior the others’ spread is moderated: d0 = 2, s0² = 4 gives s̃² = (8 + 2)/4 on 4 df', () => {
    const loo = leaveOneRunOut([0, 1, 2, 3], { d0: 2, s0Squared: 4 })!;
    expect(loo.df).toBe(4);
    expect(loo.statistics[0]).toBeCloseTo(-2 / Math.sqrt(2.5 * (4 / 3)), 10);
  });

  test('each run against the others, to the bit: historyStatistic of the history without it', () => {
    // Logs of 20 runs (a fixed LCG), with and without a prior: the statistic of run j is the definition's.
    let seed = 12345;
    const logs = Array.from({ length: 20 }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return 3 + seed / 2147483648 / 10;
    });
    for (const prior of [undefined, { d0: 7, s0Squared: 1e-4 }]) {
      const expected = logs.map((x, j) =>
        moderatedStatistic(
          historyStatistic(
            logs.filter((_, i) => i !== j),
            x,
          ),
          prior,
        ),
      );
      const loo = leaveOneRunOut(logs, prior)!;
      expect(loo.statistics).toEqual(expected.map((e) => e.t));
      expect(loo.df).toBe(expected[0]!.df);
    }
  });

  test('too few runs, a non-finite run, and others with no spread', () => {
    expect(leaveOneRunOut([1, 2])).toBeUndefined();
    expect(leaveOneRunOut([1, 2, NaN])).toBeUndefined();
    // Leaving out the 5 leaves 1, 1 (no spread): only the two runs whose others include the 5 give a statistic.
    expect(leaveOneRunOut([1, 1, 5])!.statistics).toHaveLength(2);
  });
});

describe('the fitted tail', () => {
  test('binomial upper tails, and the levels tested', () => {
    // P(X ≥ 2 | 10, 0.1) = 1 − 0.9¹⁰ − 10 · 0.1 · 0.9⁹ = 0.2639011; P(X ≥ 5 | 1000, 0.001) = 0.0036369 (SciPy).
    expect(binomialUpperTail(2, 10, 0.1)).toBeCloseTo(0.2639011, 7);
    expect(binomialUpperTail(5, 1000, 0.001) / 0.003636878).toBeCloseTo(1, 5);
    expect(binomialUpperTail(0, 10, 0.1)).toBe(1);
    // P(X ≤ 1 | 10, 0.1) = 0.9¹⁰ + 10 · 0.1 · 0.9⁹ = 0.7360989.
    expect(binomialLowerTail(1, 10, 0.1)).toBeCloseTo(0.7360989, 7);
    // Far from the mean on either side (N = 100,000, SciPy): no term underflows the side that matters.
    expect(binomialUpperTail(270, 100_000, 0.04096)).toBeCloseTo(1, 12);
    expect(binomialLowerTail(0, 100_000, 8e-5) / 3.3535529e-4).toBeCloseTo(1, 6);
    expect(binomialLowerTail(3900, 100_000, 0.04) / 0.05373869).toBeCloseTo(1, 5);
    expect(binomialUpperTail(4101, 100_000, 0.04) / 0.05284912).toBeCloseTo(1, 5);
    expect(tailLevels(100)).toEqual([0.01, 0.02, 0.04]);
  });

  /** |t| at the two-sided probabilities (i − ½)/N on `df`: a sample that follows Student t on df exactly. */
  function exactSample(df: number, count = 1000): number[] {
    return Array.from({ length: count }, (_, i) => studentTUpperQuantile((i + 0.5) / count / 2, df));
  }

  test('from 4 df: lighter while refused as too heavy, never heavier (SciPy)', () => {
    const fit = (sample: number[], df: number) => fittedTailDf({ statistics: sample, dfs: sample.map(() => df) }, 4);
    // Cauchy nulls on 8 df refuse 4 as too light (tailRefused), but the fit never goes heavier than its start.
    const cauchy = exactSample(1);
    expect(tailRefused(sortNulls({ statistics: cauchy, dfs: cauchy.map(() => 8) }), 4, 'too light')).toBe(true);
    expect(fit(cauchy, 8)).toBe(4);
    // t₄ nulls on 9 df: not too heavy; 4 holds.
    expect(fit(exactSample(4), 9)).toBe(4);
    // Too heavy is judged at ℓ ≤ 8/N only. t₁₀ nulls on 1000 df: 4 is too heavy, 5 holds; gaussian nulls: up to 15.
    expect(fit(exactSample(10), 1000)).toBe(5);
    expect(fit(exactSample(1000), 1000)).toBe(15);
    expect(TAIL_LADDER[TAIL_LADDER.length - 1]).toBe(Infinity);
    // A start between rungs (6) is the heavier one (5).
    expect(fittedTailDf({ statistics: cauchy, dfs: cauchy.map(() => 8) }, 6)).toBe(5);
  });

  test('a few nulls cannot move the start', () => {
    // Four runs of one benchmark: the farthest level is 1/8 > 5 %, so nothing is tested.
    expect(fittedTailDf({ statistics: [-40, 30, 0.1, 2], dfs: [2, 2, 2, 2] }, 2)).toBe(2);
  });

  test('p-values on min(df, reference): t = 2 on 9 df read on 4 (0.05806), on 3 df read on 4 stays 3 (0.06966)', () => {
    // On 4 df: 1/2 − (3/4)·u·(1 − u²/3), u = 2/√8. On 3 df: 1/2 − (atan v + v/(1 + v²))/π, v = 2/√3.
    expect(calibratedPValue(2, 9, 4)).toBeCloseTo(0.05806, 5);
    expect(calibratedPValue(2, 3, 4)).toBeCloseTo(0.069663, 5);
    expect(calibratedPValue(NaN, 3, 4)).toBeNaN();
  });
});
