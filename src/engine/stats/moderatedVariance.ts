/**
 * Empirical-Bayes moderated variances (Smyth 2004, limma's moderated t; docs/statistics.md, "Moderated variances"). Many rows each estimate their own
 * variance s² on d degrees of freedom; a scaled inverse-χ² prior (d0, s0²) fitted across the rows by matching the
 * first two moments of log s² (digamma, trigamma) says how much they share. Each row's variance is then shrunk
 * towards s0²: s̃² = (d0·s0² + d·s²) / (d0 + d), with d0 + d degrees of freedom. Unlike one σ for all rows, d0 is
 * small when the rows' variances differ, and the rows keep their own.
 */

import { logGamma } from './studentT.js';

/** ψ(x), x > 0: the recurrence up to x ≥ 10, then the asymptotic series (error < 1e-13). */
export function digamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`digamma(${x})`);
  let shift = 0;
  while (x < 10) {
    shift -= 1 / x;
    x += 1;
  }
  const x2 = 1 / (x * x);
  return shift + Math.log(x) - 0.5 / x - x2 * (1 / 12 - x2 * (1 / 120 - x2 * (1 / 252 - x2 * (1 / 240 - x2 / 132))));
}

/** ψ₁(x), x > 0. */
export function trigamma(x: number): number {
  if (!(x > 0)) throw new RangeError(`trigamma(${x})`);
  let shift = 0;
  while (x < 10) {
    shift += 1 / (x * x);
    x += 1;
  }
  const x2 = 1 / (x * x);
  return shift + 1 / x + x2 / 2 + (x2 / x) * (1 / 6 - x2 * (1 / 30 - x2 * (1 / 42 - x2 * (1 / 30 - (5 * x2) / 66))));
}

/** ψ₂(x), x > 0. */
function tetragamma(x: number): number {
  let shift = 0;
  while (x < 10) {
    shift -= 2 / (x * x * x);
    x += 1;
  }
  const x2 = 1 / (x * x);
  return shift - x2 - x2 / x - (x2 * x2) / 2 + x2 * x2 * x2 * (1 / 6 - x2 * (1 / 6 - (3 * x2) / 10));
}

/** The x > 0 with ψ₁(x) = y, y > 0: Newton's method from limma's trigammaInverse. */
export function trigammaInverse(y: number): number {
  if (!(y > 0)) throw new RangeError(`trigammaInverse(${y})`);
  if (y > 1e7) return 1 / Math.sqrt(y);
  if (y < 1e-6) return 1 / y;
  let x = 0.5 + 1 / y;
  for (let i = 0; i < 50; i++) {
    const tri = trigamma(x);
    const step = (tri * (1 - tri / y)) / tetragamma(x);
    x += step;
    if (-step / x < 1e-8) break;
  }
  return x;
}

/** The prior on the rows' variances: s0² on d0 degrees of freedom (Infinity: the rows share one variance). */
export interface VariancePrior {
  d0: number;
  s0Squared: number;
}

/**
 * Fits the prior to rows' sample variances, each on `df` degrees of freedom (one for all, or one per row), by moments
 * of log s² (limma's fitFDist without covariates): E log s² = log σ² + ψ(d/2) − log(d/2) and var log s² = ψ₁(d/2) +
 * ψ₁(d0/2), so the rows' spread of log s² beyond what their own degrees of freedom explain is the prior's. Zero and
 * non-finite variances carry no log and are left out; fewer than 2 left gives d0 = 0 (no moderation).
 */
export function fitVariancePrior(variances: readonly number[], df: number | readonly number[]): VariancePrior {
  const rows = variances
    .map((v, i) => ({ v, d: typeof df === 'number' ? df : df[i]! }))
    .filter(({ v, d }) => Number.isFinite(v) && v > 0 && d > 0 && Number.isFinite(d));
  if (rows.length < 2) return { d0: 0, s0Squared: NaN };
  const e = rows.map(({ v, d }) => Math.log(v) - digamma(d / 2) + Math.log(d / 2));
  const mean = e.reduce((a, b) => a + b, 0) / e.length;
  const ownSpread = rows.reduce((a, { d }) => a + trigamma(d / 2), 0) / rows.length;
  const excess = e.reduce((a, b) => a + (b - mean) ** 2, 0) / (e.length - 1) - ownSpread;
  if (!(excess > 0)) return { d0: Infinity, s0Squared: Math.exp(mean) };
  const d0 = 2 * trigammaInverse(excess);
  return { d0, s0Squared: Math.exp(mean + digamma(d0 / 2) - Math.log(d0 / 2)) };
}

/** P(χ²_k ≤ x): the regularized lower incomplete gamma P(k/2, x/2), by its series or continued fraction. */
export function chiSquaredCdf(x: number, k: number): number {
  if (!(x > 0)) return 0;
  const a = k / 2;
  const y = x / 2;
  const front = Math.exp(a * Math.log(y) - y - logGamma(a));
  if (y < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 1000 && Math.abs(term) > 1e-16 * Math.abs(sum); n++) {
      term *= y / (a + n);
      sum += term;
    }
    return front * sum;
  }
  // Lentz's continued fraction for the upper tail (Numerical Recipes gcf).
  const tiny = 1e-300;
  let b = y + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let n = 1; n < 1000; n++) {
    const an = -n * (n - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-16) break;
  }
  return 1 - front * h;
}

/** The p-quantile of χ² on k degrees of freedom, by bisection on chiSquaredCdf. */
export function chiSquaredQuantile(p: number, k: number): number {
  if (!(p > 0 && p < 1) || !(k > 0)) throw new RangeError(`chiSquaredQuantile(${p}, ${k})`);
  let lo = 0;
  let hi = Math.max(1, k);
  while (chiSquaredCdf(hi, k) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (chiSquaredCdf(mid, k) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The prior whose d0 is the lower end of a `level` confidence interval: the rows' spread of log s² taken at its upper
 * bound, (m − 1)·S² / χ²(1 − level, m − 1) for m rows, before their own ψ₁ is taken off. limma's moments estimate d0
 * well from thousands of rows; from a family's handful, the spread of log s² is itself so uncertain that the point
 * estimate often says the rows share one variance when they do not, and the noisiest row's spread is pulled down.
 * The bound lends a few rows little strength and many rows nearly limma's.
 */
export function cautiousVariancePrior(
  variances: readonly number[],
  df: number | readonly number[],
  level: number,
): VariancePrior {
  const rows = variances
    .map((v, i) => ({ v, d: typeof df === 'number' ? df : df[i]! }))
    .filter(({ v, d }) => Number.isFinite(v) && v > 0 && d > 0 && Number.isFinite(d));
  const m = rows.length;
  if (m < 2) return { d0: 0, s0Squared: NaN };
  const e = rows.map(({ v, d }) => Math.log(v) - digamma(d / 2) + Math.log(d / 2));
  const mean = e.reduce((a, b) => a + b, 0) / m;
  const spread = e.reduce((a, b) => a + (b - mean) ** 2, 0) / (m - 1);
  const ownSpread = rows.reduce((a, { d }) => a + trigamma(d / 2), 0) / m;
  const excess = ((m - 1) * spread) / chiSquaredQuantile(1 - level, m - 1) - ownSpread;
  if (!(excess > 0)) return { d0: Infinity, s0Squared: Math.exp(mean) };
  const d0 = 2 * trigammaInverse(excess);
  return { d0, s0Squared: Math.exp(mean + digamma(d0 / 2) - Math.log(d0 / 2)) };
}

/**
 * The prior with d0 at most `maxD0`. A prior fitted to a few rows carries no more information than those rows' own
 * degrees of freedom together, however alike their variances happen to be; capping it there keeps the moderated
 * degrees of freedom finite and a row with an unusually large variance from being pulled all the way down.
 */
export function capPriorDf(prior: VariancePrior, maxD0: number): VariancePrior {
  if (!(prior.d0 > maxD0)) return prior;
  // s0² was the mean on the ∞ scale; at a finite d0 the bias correction is that d0's.
  if (prior.d0 === Infinity) {
    const logMean = Math.log(prior.s0Squared);
    return { d0: maxD0, s0Squared: Math.exp(logMean + digamma(maxD0 / 2) - Math.log(maxD0 / 2)) };
  }
  const logMean = Math.log(prior.s0Squared) - digamma(prior.d0 / 2) + Math.log(prior.d0 / 2);
  return { d0: maxD0, s0Squared: Math.exp(logMean + digamma(maxD0 / 2) - Math.log(maxD0 / 2)) };
}

/** A row's moderated variance and its degrees of freedom under the prior. */
export function moderatedVariance(
  variance: number,
  df: number,
  prior: VariancePrior,
): { variance: number; df: number } {
  if (prior.d0 === 0 || !Number.isFinite(prior.s0Squared)) return { variance, df };
  if (prior.d0 === Infinity) return { variance: prior.s0Squared, df: Infinity };
  return { variance: (prior.d0 * prior.s0Squared + df * variance) / (prior.d0 + df), df: prior.d0 + df };
}
