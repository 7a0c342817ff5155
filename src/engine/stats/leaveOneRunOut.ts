/**
 * A history's own null statistics (docs/statistics.md, "Tails calibrated on the history"): each recorded run judged
 * against the others, as a candidate is judged against the whole history. Run j of n gives
 *   tⱼ = (xⱼ − mean of the others) / (s of the others · √(1 + 1/(n − 1)))   on n − 2 degrees of freedom,
 * the history gate's statistic (historyStatistic.ts) for one candidate run against a history of n − 1 runs; with a
 * suite's prior on the spreads, the others' s² is moderated under it (d0 + n − 2 df). Every run of the history was an
 * unchanged build on this runner, so these are draws of the statistic when nothing changed, with this runner's tails
 * and shared shifts, at no cost in runs.
 */
import { moderatedStatistic, historyStatistic } from './historyStatistic.js';
import type { VariancePrior } from './moderatedVariance.js';

/** The leave-one-run-out statistics of a history of log values, and the degrees of freedom each is read on. */
export interface LeaveOneRunOut {
  /** One statistic per run whose others have a positive spread, in the history's order. */
  statistics: number[];
  /** n − 2, or d0 + n − 2 under a prior. */
  df: number;
}

/** At least this many runs: two others to estimate a spread on. */
export const MIN_LEAVE_ONE_OUT_RUNS = 3;

/**
 * Each run of `logs` against the others (module comment), the others' spread moderated under `prior` when given.
 * Undefined below MIN_LEAVE_ONE_OUT_RUNS values or with a non-finite value; a run whose others have no spread (all
 * equal) gives no statistic.
 */
export function leaveOneRunOut(logs: readonly number[], prior?: VariancePrior): LeaveOneRunOut | undefined {
  const n = logs.length;
  if (n < MIN_LEAVE_ONE_OUT_RUNS || !logs.every(Number.isFinite)) return undefined;
  const statistics: number[] = [];
  let df = n - 2;
  // The others of run j, in one array reused for every j: at 10,000 benchmarks a copy per run was most of what the
  // verdict allocated.
  const others = new Array<number>(n - 1);
  for (let j = 0; j < n; j++) {
    for (let i = 0, o = 0; i < n; i++) if (i !== j) others[o++] = logs[i]!;
    const own = historyStatistic(others, logs[j]!);
    if (!(own.variance > 0)) continue;
    const judged = moderatedStatistic(own, prior);
    statistics.push(judged.t);
    df = judged.df;
  }
  if (prior !== undefined && statistics.length === 0)
    df = moderatedStatistic({ difference: 0, scale: 1, variance: 1, df: n - 2 }, prior).df;
  return { statistics, df };
}
