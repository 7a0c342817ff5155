/**
 * The noncentral t distribution and the power of a one-sided t test, for "Catches ≥": the smallest true change a row
 * catches 9 times in 10. A t statistic is (Z + δ) / W with Z standard normal, δ the true change in standard errors
 * (the noncentrality) and W = √(χ²_df / df) the ratio of the estimated to the true standard error, independent of Z.
 * Adding a quantile of t to the critical value, as if W were 1, overstates the power of small histories (a row that
 * "catches 9 times in 10" then catches 7.6–8.9 times in 10); integrating over W does not.
 *
 * Every probability here is one integral over W's density, by composite Simpson on W's range (its tails beyond 10
 * standard deviations of χ² drop out) split where the integrand has a kink. Accurate to about 1e-7, the precision of
 * normalCdf.
 */
import { normalCdf } from './sequential.js';
import { logGamma } from './studentT.js';

/** Simpson intervals per piece of W's range. */
const INTERVALS = 256;

/** The density of W = √(χ²_df / df) at w > 0. */
function ratioDensity(w: number, df: number, logNorm: number): number {
  return w > 0 ? Math.exp(logNorm + (df - 1) * Math.log(w) - (df * w * w) / 2) : df === 1 ? Math.exp(logNorm) : 0;
}

/**
 * ∫ f_W(w) · g(w) dw over W's range, splitting at `kink` (where g has one) when it falls inside. With df = ∞, W is
 * exactly 1.
 */
function overRatio(df: number, g: (w: number) => number, kink?: number): number {
  if (!(df >= 1)) throw new RangeError(`the noncentral t needs at least 1 degree of freedom, got ${df}`);
  if (df === Infinity) return g(1);
  const spread = 10 / Math.sqrt(2 * df);
  const lo = Math.max(0, 1 - spread);
  const hi = 1 + spread;
  const logNorm = Math.log(2) + (df / 2) * Math.log(df / 2) - logGamma(df / 2);
  const piece = (a: number, b: number) => {
    const h = (b - a) / INTERVALS;
    let sum = 0;
    for (let i = 0; i <= INTERVALS; i++) {
      const w = a + i * h;
      const weight = i === 0 || i === INTERVALS ? 1 : i % 2 === 1 ? 4 : 2;
      sum += weight * ratioDensity(w, df, logNorm) * g(w);
    }
    return (sum * h) / 3;
  };
  return kink !== undefined && kink > lo && kink < hi ? piece(lo, kink) + piece(kink, hi) : piece(lo, hi);
}

/** P(T ≤ t) for the noncentral t with `df` degrees of freedom (df ≥ 1, ∞ allowed) and noncentrality `ncp`. */
export function noncentralTCdf(t: number, df: number, ncp: number): number {
  // T ≤ t ⇔ Z ≤ t·W − δ, for W > 0.
  return overRatio(df, (w) => normalCdf(t * w - ncp));
}

/**
 * The probability that a one-sided test fails a true change of `shift` standard errors when it fails an estimate that
 * clears both `critical` estimated standard errors (the t test) and `floor` true standard errors (a threshold on the
 * estimate itself, 0 for none): P(Z + shift > max(floor, critical · W)). With floor 0 this is the noncentral t's upper
 * tail at `critical`.
 */
export function rejectionProbability(shift: number, critical: number, df: number, floor = 0): number {
  return overRatio(df, (w) => normalCdf(shift - Math.max(floor, critical * w)), critical > 0 ? floor / critical : 0);
}

/**
 * The smallest true change, in standard errors, that the test of rejectionProbability fails with probability `power`
 * (in (0, 1)). The power is increasing in the change: Newton steps (its derivative is the same integral over the
 * normal density) inside a bracket that bisection falls back on.
 */
export function smallestShiftCaught(power: number, critical: number, df: number, floor = 0): number {
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
  const kink = critical > 0 ? floor / critical : 0;
  const gap = (shift: number) => rejectionProbability(shift, critical, df, floor) - power;
  const slope = (shift: number) => overRatio(df, (w) => normalDensity(shift - Math.max(floor, critical * w)), kink);
  let lo = Math.max(floor, 0) - 10;
  let hi = Math.max(floor, critical, 0) + 10;
  while (gap(hi) < 0) {
    lo = hi;
    hi *= 2;
  }
  while (gap(lo) >= 0) lo -= 10;
  // Start where W = 1 would put it: the larger of the two bars plus the normal quantile.
  let shift = Math.min(hi, Math.max(lo, Math.max(floor, critical) + 1.2815515655446004));
  for (let i = 0; i < 100; i++) {
    const g = gap(shift);
    if (g >= 0) hi = shift;
    else lo = shift;
    if (hi - lo < 1e-10 * Math.max(1, Math.abs(hi))) break;
    const next = shift - g / slope(shift);
    if (!(next > lo && next < hi)) shift = (lo + hi) / 2;
    else if (Math.abs(next - shift) < 1e-10 * Math.max(1, Math.abs(shift))) return next;
    else shift = next;
  }
  return shift;
}

function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z) / Math.sqrt(2 * Math.PI);
}
