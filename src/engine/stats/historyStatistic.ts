/**
 * The history gate's statistic on logs (docs/statistics.md, "Tails calibrated on the history"), for one candidate run
 * against a history of n single-run values: t = (x − mean) / (s · √(1 + 1/n)) on n − 1 degrees of freedom
 * (compare/noise.ts, k = r = 1), and the same with the spread moderated across a suite's benchmarks
 * (moderatedVariance.ts): s̃² = (d0·s0² + (n − 1)·s²) / (d0 + n − 1) on d0 + n − 1 df.
 */
import { capPriorDf, cautiousVariancePrior, moderatedVariance, type VariancePrior } from './moderatedVariance.js';

/**
 * The most degrees of freedom a suite's prior lends (d0): Student t on 1000 df is the normal to 3 digits at 10⁻⁷, and
 * the t distribution's functions stay exact there.
 */
export const MAX_PRIOR_DF = 1000;

/** The confidence of the bound on the benchmarks' spread of log s² that sets the suite's d0 (cautiousVariancePrior). */
export const SUITE_MODERATION_LEVEL = 0.9;

/** A candidate's distance from its history before the spread is read: the numerator, the spread, its df. */
export interface HistoryStatistic {
  /** x − mean(history), on logs. */
  difference: number;
  /** √(1 + 1/n): the difference's sd in units of one run's. */
  scale: number;
  /** s² of the history (n − 1 in the denominator). */
  variance: number;
  df: number;
}

/** The history statistic's parts for `candidate` against `history` (logs; at least 2 values). */
export function historyStatistic(history: readonly number[], candidate: number): HistoryStatistic {
  const n = history.length;
  const mean = history.reduce((a, x) => a + x, 0) / n;
  const variance = history.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1);
  return { difference: candidate - mean, scale: Math.sqrt(1 + 1 / n), variance, df: n - 1 };
}

/**
 * The suite's prior on its benchmarks' variances: the cautious moments fit at SUITE_MODERATION_LEVEL, d0 capped at the
 * benchmarks' df together (the same construction a family's prior has, compare/historyMethod.ts) and at MAX_PRIOR_DF. Undefined when
 * fewer than 3 benchmarks have a positive variance: too few to lend each other strength.
 */
export function suitePrior(variances: readonly number[], dfs: readonly number[]): VariancePrior | undefined {
  const kept = variances.map((v, i) => ({ v, d: dfs[i]! })).filter(({ v, d }) => v > 0 && Number.isFinite(v) && d > 0);
  if (kept.length < 3) return undefined;
  const prior = cautiousVariancePrior(
    kept.map((k) => k.v),
    kept.map((k) => k.d),
    SUITE_MODERATION_LEVEL,
  );
  if (!(prior.d0 > 0)) return undefined;
  return capPriorDf(
    prior,
    Math.min(
      MAX_PRIOR_DF,
      kept.reduce((a, k) => a + k.d, 0),
    ),
  );
}

/** The statistic t and its df, the spread moderated under `prior` (none: the history's own). */
export function moderatedStatistic(own: HistoryStatistic, prior: VariancePrior | undefined): { t: number; df: number } {
  const { variance, df } = prior === undefined ? own : moderatedVariance(own.variance, own.df, prior);
  return { t: own.difference / (Math.sqrt(variance) * own.scale), df };
}
