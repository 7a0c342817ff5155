/**
 * A p-value re-read against heavier tails (docs/statistics.md, "A whole-suite budget"). A history row's p-value is
 * the upper tail of Student's t on the row's df: exact for log-normal run-to-run noise. Under heavier-tailed noise
 * (Student t with 4 df, the tails measured on the real rows) the statistic's far tail is the noise's own, which falls
 * as t^−4 instead of t^−(df+1), and the spread estimated on few runs of such noise is too small more often, which
 * inflates the statistic further; so at the levels a large suite decides at (0.5 % / 2000) the p-value is too small by
 * a factor of 10–100. Reading the same statistic against Student's t on 4 degrees of freedom (the noise's tail order)
 * from 9 df on (10 history runs), and on min(df, 3) below, where the spread's own error adds to the tail: measured to
 * keep a whole suite's false alarms ≤ 0.5 % under t₄ noise, where min(df, 4) gave up to 1.2 % with 6 history runs
 * (bench/validate-budget.ts).
 */
import { studentTCdf } from './studentT.js';

/** The most degrees of freedom of the heavier-tailed reference: the tail order of t₄ noise. */
export const TAIL_DF = 4;

/** From how many df on the spread is estimated well enough for the reference to have TAIL_DF (10 history runs). */
export const WELL_ESTIMATED_DF = 9;

/** The reference's degrees of freedom for a statistic on `df`: 4 from 9 df on, min(df, 3) below. */
export function tailReferenceDf(df: number): number {
  return df >= WELL_ESTIMATED_DF ? TAIL_DF : Math.min(df, TAIL_DF - 1);
}

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
 * The one-sided p-value `p` of a Student-t statistic on `df` degrees of freedom, read again on tailReferenceDf(df): the
 * same statistic, a reference with heavier tails. Never below `p`; equal to it when the reference is df itself (df ≤ 3)
 * and for p ≥ 0.5 (a statistic at or under 0, which no level a gate uses rejects). 0 stays 0; NaN stays NaN.
 */
export function tailRobustPValue(p: number, df: number): number {
  const reference = tailReferenceDf(df);
  if (Number.isNaN(p) || reference >= df || p <= 0 || p >= 0.5) return p;
  return studentTUpperTail(studentTUpperQuantile(p, df), reference);
}
