/**
 * How heavy a suite's tails are, read from its own null statistics (docs/statistics.md, "Tails calibrated on the
 * history"). A history statistic's p-value is read on Student t with the row's df, exact for log-normal noise. Under
 * heavier-tailed noise its far tail is too light, and a large suite decides far out in it (0.5 %/F). Instead of one
 * fixed heavier reference for every suite, the reference is fitted on the suite's leave-one-run-out statistics
 * (leaveOneRunOut.ts), on a ladder of Student t references (1, 2, 3, 4, 5, 7, 10, 15, 30 df, and each statistic's
 * own df), each statistic then read on min(its df, the reference).
 *
 * A suite decides about 1/(α·n) times farther out than its N = F·n null statistics reach (n runs, F benchmarks), so
 * the nulls cannot vouch for a light tail where the decision is made; the walk starts from a heavy reference (`start`,
 * the fixed re-read's 4 or 3 df, stats/tailReference.ts) and moves
 * lighter, one rung at a time, while the nulls refuse the current rung as too heavy: fewer of them are as extreme as
 * it says than chance allows, at the farthest levels they reach (ℓ ≤ HEAVY_TEST_SPAN/N).
 * It never moves heavier than its start: on the Fast-DDS reference runs (5 runs, bimodal latencies) the nulls refused
 * even 2 df as too light, and a walk down to 1 df held a +99 … +286 % regression; the start is the reading validated
 * under t₄ noise (bench/validate-budget.ts), and tailRefused's 'too light' side says where the noise is heavier still.
 * A rung is refused on the counts of the nulls' two-sided p-values (read on min(dfⱼ, rung)) at or under the levels
 * ℓ = 2^m / N (m = 0, 1, … while ℓ ≤ TAIL_TEST_MAX_LEVEL), each set against Binomial(N, ℓ): when one of its upper
 * (too light) or lower (too heavy) tails is below TAIL_TEST_LEVEL / (number of levels).
 */
import { logGamma, studentTCdf } from './studentT.js';
import { studentTUpperQuantile } from './tailReference.js';

/** The references, heaviest first; Infinity stands for each statistic's own df. */
export const TAIL_LADDER: readonly number[] = [1, 2, 3, 4, 5, 7, 10, 15, 30, Infinity];

/** The chance a rung is refused on one side when its reference is right (Bonferroni over the levels tested). */
export const TAIL_TEST_LEVEL = 0.05;

/** The nearest level whose count is tested. */
export const TAIL_TEST_MAX_LEVEL = 0.05;

/**
 * A rung is refused as too heavy only on the levels up to this many times 1/N: the farthest the nulls reach, where the
 * decision's tail is; a heavy-tailed statistic's body is lighter than its tail, and would refuse the tail it has.
 */
export const HEAVY_TEST_SPAN = 8;

/** Null statistics and the df each is read on (the same length). */
export interface NullStatistics {
  statistics: readonly number[];
  dfs: readonly number[];
}

/** P(T > t) on `df` degrees of freedom, on the tail itself. */
function upperTail(t: number, df: number): number {
  return studentTCdf(-t, df);
}

/** log P(X = k) for X ~ Binomial(n, p). */
function logPmf(k: number, n: number, p: number): number {
  return logGamma(n + 1) - logGamma(k + 1) - logGamma(n - k + 1) + k * Math.log(p) + (n - k) * Math.log1p(-p);
}

/** P(X ≥ c) summed upwards from c (accurate where c is at or above the mean; the first term may underflow to 0). */
function sumUp(c: number, n: number, p: number): number {
  let term = Math.exp(logPmf(c, n, p));
  let sum = term;
  for (let k = c; k < n && term > sum * 1e-17; k++) {
    term *= ((n - k) / (k + 1)) * (p / (1 - p));
    sum += term;
  }
  return sum;
}

/** P(X ≤ c) summed downwards from c (accurate where c is at or below the mean). */
function sumDown(c: number, n: number, p: number): number {
  let term = Math.exp(logPmf(c, n, p));
  let sum = term;
  for (let k = c; k > 0 && term > sum * 1e-17; k--) {
    term *= (k / (n - k + 1)) * ((1 - p) / p);
    sum += term;
  }
  return sum;
}

/** P(X ≥ c) for X ~ Binomial(n, p), summed on the side of the mean c is on. */
export function binomialUpperTail(c: number, n: number, p: number): number {
  if (c <= 0) return 1;
  if (c > n) return 0;
  return Math.min(1, Math.max(0, c > n * p ? sumUp(c, n, p) : 1 - sumDown(c - 1, n, p)));
}

/** P(X ≤ c) for X ~ Binomial(n, p). */
export function binomialLowerTail(c: number, n: number, p: number): number {
  if (c < 0) return 0;
  if (c >= n) return 1;
  return Math.min(1, Math.max(0, c < n * p ? sumDown(c, n, p) : 1 - sumUp(c + 1, n, p)));
}

/** The levels ℓ = 2^m / N, m = 0, 1, … while ℓ ≤ TAIL_TEST_MAX_LEVEL. */
export function tailLevels(count: number): number[] {
  const levels: number[] = [];
  for (let level = 1 / count; level <= TAIL_TEST_MAX_LEVEL; level *= 2) levels.push(level);
  return levels;
}

/** The null statistics' |t| sorted ascending, grouped by df: what tailRefused counts on, sorted once. */
export interface SortedNulls {
  count: number;
  groups: { df: number; sortedAbs: number[] }[];
}

/** Sorts null statistics for tailRefused and fittedTailDf (non-finite statistics are left out). */
export function sortNulls(nulls: NullStatistics): SortedNulls {
  const byDf = new Map<number, number[]>();
  nulls.statistics.forEach((t, i) => {
    const df = nulls.dfs[i]!;
    if (!Number.isFinite(t) || !(df >= 1)) return;
    const group = byDf.get(df);
    if (group === undefined) byDf.set(df, [Math.abs(t)]);
    else group.push(Math.abs(t));
  });
  const groups = [...byDf].map(([df, abs]) => ({ df, sortedAbs: abs.sort((a, b) => a - b) }));
  return { count: groups.reduce((a, g) => a + g.sortedAbs.length, 0), groups };
}

/** studentTUpperQuantile, remembered: a suite's levels and dfs repeat from rung to rung and from run to run. */
const quantiles = new Map<string, number>();
function upperQuantile(p: number, df: number): number {
  const key = `${p} ${df}`;
  let q = quantiles.get(key);
  if (q === undefined) {
    if (quantiles.size > 10_000) quantiles.clear();
    q = studentTUpperQuantile(p, df);
    quantiles.set(key, q);
  }
  return q;
}

/** How many of the ascending `sorted` are ≥ x. */
function atOrAbove(sorted: readonly number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! >= x) hi = mid;
    else lo = mid + 1;
  }
  return sorted.length - lo;
}

/**
 * Whether the null statistics' two-sided p-values on min(df, `reference`) refuse it at one of tailLevels: as too light
 * (more at or under a level than Binomial(N, ℓ) allows) or as too heavy (fewer), Bonferroni over the levels.
 */
export function tailRefused(
  nulls: SortedNulls,
  reference: number,
  side: 'too light' | 'too heavy',
  testLevel = TAIL_TEST_LEVEL,
): boolean {
  const n = nulls.count;
  // Too heavy is judged in the far tail only: the body of a heavy-tailed statistic is lighter than its tail.
  const levels = tailLevels(n).filter((level) => side === 'too light' || level * n <= HEAVY_TEST_SPAN);
  for (const level of levels) {
    // Two-sided p ≤ level ⇔ |t| ≥ the upper level/2 quantile on the df it is read on.
    const below = nulls.groups.reduce(
      (a, g) => a + atOrAbove(g.sortedAbs, upperQuantile(level / 2, Math.min(g.df, reference))),
      0,
    );
    const tail = side === 'too light' ? binomialUpperTail(below, n, level) : binomialLowerTail(below, n, level);
    if (tail * levels.length < testLevel) return true;
  }
  return false;
}

/**
 * The reference the null statistics settle on from `start` (a rung of TAIL_LADDER, else the heavier one next to it):
 * lighter while they refuse it as too heavy, never heavier (module comment).
 */
export function fittedTailDf(nulls: NullStatistics | SortedNulls, start: number, testLevel = TAIL_TEST_LEVEL): number {
  const sorted = 'groups' in nulls ? nulls : sortNulls(nulls);
  // A start between rungs starts at the heavier one.
  let i = Math.max(
    0,
    TAIL_LADDER.findLastIndex((rung) => rung <= start),
  );
  while (i < TAIL_LADDER.length - 1 && tailRefused(sorted, TAIL_LADDER[i]!, 'too heavy', testLevel)) i++;
  return TAIL_LADDER[i]!;
}

/**
 * The one-sided p-value of a statistic `t` on `df` degrees of freedom, read on min(df, reference): the row's own
 * p-value when the reference is Infinity or at least df.
 */
export function calibratedPValue(t: number, df: number, reference: number): number {
  if (Number.isNaN(t)) return NaN;
  return upperTail(t, Math.min(df, reference));
}
