/**
 * How heavy a suite's tails are, read from its own null statistics (docs/statistics.md, "Tails calibrated on the
 * history"). A history statistic's p-value is read on Student t with the row's df, exact for log-normal noise. Under
 * heavier-tailed noise its far tail is too small, and a large suite decides far out in it (0.5 %/F). Instead of a fixed
 * heavier reference for every suite (the t₃/t₄ re-read, which costs power where the noise is gaussian and where there
 * is no multiplicity to pay for), the reference is fitted on the suite's leave-one-run-out statistics
 * (leaveOneRunOut.ts): the lightest ν on a ladder (the rows' own df, then 30, 15, 10, 7, 5, 4, 3, 2, 1) under which
 * their extreme quantiles are not more extreme than Student t says. Each statistic is then read on min(df, ν).
 *
 * The test of a rung follows the extreme quantiles: the N null statistics are read two-sided on min(dfⱼ, ν); at the
 * levels ℓ = 2^m / N (m = 0, 1, … while ℓ ≤ TAIL_TEST_MAX_LEVEL) the count of p-values at or under ℓ is set against
 * Binomial(N, ℓ), and the rung is refused when any of those upper tails is below TAIL_TEST_LEVEL / (number of levels)
 * (Bonferroni over the levels). The farthest level is the one a single null value reaches, so the more runs and
 * benchmarks a suite records, the farther out its tail is checked: a suite of one benchmark and a few runs cannot
 * refuse its own df (its rows are judged as the ordinary rule judges them), a suite of thousands checks ~10⁻⁵.
 */
import { studentTCdf } from './studentT.js';
import { studentTUpperQuantile } from './tailReference.js';

/** The references tried, lightest first; Infinity stands for each statistic's own df. */
export const TAIL_LADDER: readonly number[] = [Infinity, 30, 15, 10, 7, 5, 4, 3, 2, 1];

/** The chance a rung is refused when its reference is right (Bonferroni over the levels tested). */
export const TAIL_TEST_LEVEL = 0.05;

/** The nearest level whose count is tested. */
export const TAIL_TEST_MAX_LEVEL = 0.05;

/** Null statistics and the df each is read on (the same length). */
export interface NullStatistics {
  statistics: readonly number[];
  dfs: readonly number[];
}

/** P(T > t) on `df` degrees of freedom, on the tail itself. */
function upperTail(t: number, df: number): number {
  return studentTCdf(-t, df);
}

/** P(X ≥ c) for X ~ Binomial(n, p), summed from c on the log scale (exact; c ≥ 1). */
export function binomialUpperTail(c: number, n: number, p: number): number {
  if (c <= 0) return 1;
  if (c > n) return 0;
  const logP = Math.log(p);
  const logQ = Math.log1p(-p);
  // log of C(n, c) p^c q^(n−c), then the ratio of successive terms.
  let logTerm = 0;
  for (let i = 0; i < c; i++) logTerm += Math.log((n - i) / (i + 1));
  logTerm += c * logP + (n - c) * logQ;
  let term = Math.exp(logTerm);
  let sum = term;
  for (let k = c; k < n && term > sum * 1e-17; k++) {
    term *= ((n - k) / (k + 1)) * (p / (1 - p));
    sum += term;
  }
  return Math.min(1, sum);
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
 * Whether the null statistics' two-sided p-values on min(df, `reference`) are more extreme than uniform at one of
 * tailLevels: the smallest binomial upper tail times the number of levels, below TAIL_TEST_LEVEL.
 */
export function tailRefused(nulls: SortedNulls, reference: number, testLevel = TAIL_TEST_LEVEL): boolean {
  const n = nulls.count;
  const levels = tailLevels(n);
  for (const level of levels) {
    // Two-sided p ≤ level ⇔ |t| ≥ the upper level/2 quantile on the df it is read on.
    const below = nulls.groups.reduce(
      (a, g) => a + atOrAbove(g.sortedAbs, upperQuantile(level / 2, Math.min(g.df, reference))),
      0,
    );
    if (binomialUpperTail(below, n, level) * levels.length < testLevel) return true;
  }
  return false;
}

/** The lightest reference of TAIL_LADDER the null statistics do not refuse (1 when they refuse every one). */
export function fittedTailDf(nulls: NullStatistics | SortedNulls, testLevel = TAIL_TEST_LEVEL): number {
  const sorted = 'groups' in nulls ? nulls : sortNulls(nulls);
  return TAIL_LADDER.find((reference) => !tailRefused(sorted, reference, testLevel)) ?? 1;
}

/**
 * The one-sided p-value of a statistic `t` on `df` degrees of freedom, read on min(df, reference): the row's own
 * p-value when the reference is Infinity or at least df.
 */
export function calibratedPValue(t: number, df: number, reference: number): number {
  if (Number.isNaN(t)) return NaN;
  return upperTail(t, Math.min(df, reference));
}
