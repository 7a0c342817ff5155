/**
 * What a history gate's whole suite lends each of its rows (docs/statistics.md, "Tails calibrated on the history").
 *
 * - Spreads moderated across the suite's benchmarks: a benchmark's spread is estimated on its history's few runs (9 df
 *   for 10 runs), and at the levels a large suite decides at (0.5 %/F) those few df cost more power than the noise
 *   itself. Every gated parameter row of one metric × statistic across the suite's experiments lends the others
 *   strength through one prior on their variances (stats/historyStatistic.ts's suitePrior: the cautious moments fit,
 *   so that benchmarks of unequal noise keep most of their own).
 * - The suite's own null statistics: each row's history runs judged against each other under the prior the row was
 *   judged with (stats/leaveOneRunOut.ts), on which the whole-suite budget fits the tail its p-values are read on
 *   (suiteBudget.ts, stats/tailCalibration.ts).
 *
 * The history method judges the suite twice: once with each row's own spread, to fit the priors, then with them.
 */
import { suitePrior } from '../stats/historyStatistic.js';
import { leaveOneRunOut } from '../stats/leaveOneRunOut.js';
import type { VariancePrior } from '../stats/moderatedVariance.js';
import { splitStates } from '../stats/states.js';
import { historyLogs, noiseVariance, type NoiseOptions } from './noise.js';
import { bandOf, type ComparisonRow, type SubExperimentComparison } from './rows.js';

/** The suite-wide priors a second judgement uses, by suiteKey. */
export type SuitePriors = ReadonlyMap<string, VariancePrior>;

/** Rows of one metric and statistic across a suite's experiments share a prior and a tail. */
export function suiteKey(row: Pick<ComparisonRow, 'metric' | 'statistic'>): string {
  return `${row.metric}\u0000${row.statistic}`;
}

/** A row that lends the suite its spread: gated, a parameter row (not a pooled geomean), with its own variance. */
function lends(row: ComparisonRow): boolean {
  return row.gated && !row.pooled && row.status !== 'not-comparable' && bandOf(row)?.own !== undefined;
}

/** The prior of each suiteKey with at least 3 rows that lend their spread (suitePrior). */
export function suitePriors(comparisons: readonly SubExperimentComparison[]): Map<string, VariancePrior> {
  const byKey = new Map<string, { variances: number[]; dfs: number[] }>();
  for (const comparison of comparisons)
    for (const row of comparison.rows) {
      if (!lends(row)) continue;
      const own = bandOf(row)!.own!;
      const key = suiteKey(row);
      const group = byKey.get(key) ?? { variances: [], dfs: [] };
      group.variances.push(own.variance);
      group.dfs.push(own.df);
      byKey.set(key, group);
    }
  const priors = new Map<string, VariancePrior>();
  for (const [key, { variances, dfs }] of byKey) {
    const prior = suitePrior(variances, dfs);
    if (prior !== undefined) priors.set(key, prior);
  }
  return priors;
}

/**
 * The band evidence a parameter row adds for its suite: its own variance (noise.ts's noiseVariance) and its history's
 * leave-one-run-out statistics under `prior` (the one the row was judged with). A history that shows two machine
 * states (stats/states.ts: levels a factor of 2 apart) lends no null statistics: its rows are explained by the state
 * they are in (`state-change`), and its runs judged against each other measure the states, not this runner's noise
 * within one (on the Fast-DDS reference runs they pulled the suite's tail to 1 df and held a +99 … +286 % regression).
 * Without `withNulls`, the variance alone (a judgement that only fits the priors).
 */
export function suiteEvidence(
  history: readonly number[],
  candidate: readonly number[],
  options: Omit<NoiseOptions, 'variancePrior'>,
  prior: VariancePrior | undefined,
  withNulls = true,
): { own?: { variance: number; df: number }; nulls?: { statistics: number[]; df: number } } {
  const own = noiseVariance(history, candidate, options);
  if (own === undefined) return {};
  if (!withNulls) return { own };
  const logs = historyLogs(history, options);
  const nulls = splitStates(logs.map(Math.exp)) === undefined ? leaveOneRunOut(logs, prior) : undefined;
  return { own, ...(nulls !== undefined ? { nulls } : {}) };
}

/**
 * A suite judged with its priors: `judge` without priors first, for its rows' own spreads only (`spreadsOnly`: only
 * the gated parameter rows, which lend them, and no detectable change, whose power solve is most of a large suite's
 * judging time); then in full, with the priors when
 * some metric × statistic has enough rows to fit one.
 */
export function judgeWithSuitePriors(
  judge: (priors?: SuitePriors, spreadsOnly?: boolean) => SubExperimentComparison[],
): SubExperimentComparison[] {
  const priors = suitePriors(judge(undefined, true));
  return judge(priors.size > 0 ? priors : undefined);
}
