/**
 * Empirical-Bayes moderated variances (Smyth 2004, limma's moderated t). Many rows each estimate their own
 * variance s² on d degrees of freedom; a scaled inverse-χ² prior (d0, s0²) fitted across the rows by matching the
 * first two moments of log s² (digamma, trigamma) says how much they share. Each row's variance is then shrunk
 * towards s0²: s̃² = (d0·s0² + d·s²) / (d0 + d), with d0 + d degrees of freedom. Unlike one σ for all rows, d0 is
 * small when the rows' variances differ, and the rows keep their own.
 */

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
 * Fits the prior to rows' sample variances, each on `df` degrees of freedom, by moments of log s² (limma's fitFDist
 * without covariates). Zero and non-finite variances carry no log and are left out; fewer than 2 left gives d0 = 0
 * (no moderation).
 */
export function fitVariancePrior(variances: readonly number[], df: number): VariancePrior {
  const usable = variances.filter((v) => Number.isFinite(v) && v > 0);
  if (usable.length < 2 || !(df > 0)) return { d0: 0, s0Squared: NaN };
  const e = usable.map((v) => Math.log(v) - digamma(df / 2) + Math.log(df / 2));
  const mean = e.reduce((a, b) => a + b, 0) / e.length;
  const excess = e.reduce((a, b) => a + (b - mean) ** 2, 0) / (e.length - 1) - trigamma(df / 2);
  if (!(excess > 0)) return { d0: Infinity, s0Squared: Math.exp(mean) };
  const d0 = 2 * trigammaInverse(excess);
  return { d0, s0Squared: Math.exp(mean + digamma(d0 / 2) - Math.log(d0 / 2)) };
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
