/** The two-sample Student t-test with pooled variance (sample variances) that change points are judged by. */
import { studentTCdf } from './studentT.js';

export interface TTestResult {
  t: number;
  df: number;
  /** Two-sided. */
  pValue: number;
}

/** Two-sample Student t-test with pooled variance (sample variances), two-sided. */
export function tTest(left: ArrayLike<number>, right: ArrayLike<number>): TTestResult {
  const n1 = left.length;
  const n2 = right.length;
  const df = n1 + n2 - 2;
  if (n1 === 0 || n2 === 0 || df <= 0) return { t: 0, df: Math.max(df, 0), pValue: 1 };
  const m1 = mean(left, 0, n1);
  const m2 = mean(right, 0, n2);
  const ss = sumSquares(left, m1) + sumSquares(right, m2);
  const se = Math.sqrt((ss / df) * (1 / n1 + 1 / n2));
  if (se === 0) return m1 === m2 ? { t: 0, df, pValue: 1 } : { t: m2 > m1 ? Infinity : -Infinity, df, pValue: 0 };
  const t = (m2 - m1) / se;
  return { t, df, pValue: Math.min(1, 2 * studentTCdf(-Math.abs(t), df)) };
}

/** The mean of values[from, to). */
export function mean(values: ArrayLike<number>, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += values[i]!;
  return s / (to - from);
}

function sumSquares(values: ArrayLike<number>, m: number): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += (values[i]! - m) ** 2;
  return s;
}
