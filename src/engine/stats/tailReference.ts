/**
 * A p-value re-read against heavier tails (docs/statistics.md, "A whole-suite budget"). A history row's p-value is
 * the upper tail of Student's t on the row's df: exact for log-normal run-to-run noise. Under heavier-tailed noise
 * (Student t with 4 df, the tails measured on the real rows) the statistic's far tail is the noise's own, which falls
 * as t^−4 instead of t^−(df+1), so at the levels a large suite decides at (0.5 % / 2000) the p-value is too small by a
 * factor of 10–100. Reading the same statistic against Student's t on min(df, 4) degrees of freedom gives it a tail of
 * that order, so the p-value is not too small whatever the level.
 */
import { studentTCdf } from './studentT.js';

/** The degrees of freedom of the heavier-tailed reference: the tail order of t₄ noise. */
export const TAIL_DF = 4;

/** P(T > t) for Student's t on `df` degrees of freedom, computed on the tail itself (no 1 − cdf cancellation). */
export function studentTUpperTail(t: number, df: number): number {
  return studentTCdf(-t, df);
}

/**
 * The t for which the upper tail on `df` degrees of freedom is `p` (p in (0, 1)): bisection on the tail, so that
 * p-values far below 1e-16 keep their precision.
 */
export function studentTUpperQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1) || !(df >= 1)) throw new RangeError(`studentTUpperQuantile(${p}, ${df})`);
  let lo = -1;
  let hi = 1;
  while (studentTUpperTail(lo, df) < p) lo *= 2;
  while (studentTUpperTail(hi, df) > p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * Math.max(1, Math.abs(hi)); i++) {
    const mid = (lo + hi) / 2;
    if (studentTUpperTail(mid, df) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The one-sided p-value `p` of a Student-t statistic on `df` degrees of freedom, read again on min(df, tailDf): the
 * same statistic, a reference with tails no lighter than t on `tailDf`. Never below `p`; equal to it when df ≤ tailDf
 * and for p ≥ 0.5 (a statistic at or under 0, which no level a gate uses rejects). 0 stays 0; NaN stays NaN.
 */
export function tailRobustPValue(p: number, df: number, tailDf: number = TAIL_DF): number {
  if (Number.isNaN(p) || df <= tailDf || p <= 0 || p >= 0.5) return p;
  return studentTUpperTail(studentTUpperQuantile(p, df), tailDf);
}
