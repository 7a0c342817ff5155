/**
 * The noncentral t distribution and the power of a one-sided t test, for "Catches ≥": the smallest true change a row
 * catches 9 times in 10. A t statistic is (Z + δ) / W with Z standard normal, δ the true change in standard errors
 * (the noncentrality) and W = √(χ²_df / df) the ratio of the estimated to the true standard error, independent of Z.
 * Adding a quantile of t to the critical value, as if W were 1, overstates the power of small histories (a row that
 * "catches 9 times in 10" then catches 7.6–8.9 times in 10); integrating over W does not.
 *
 * Every probability here is one integral over W's density, by 64-point Gauss–Legendre on W's range (its tails beyond
 * 10 standard deviations of χ² drop out) split where the integrand has a kink. Accurate to about 1e-7, the precision
 * of normalCdf.
 */
import { normalCdf } from './sequential.js';
import { logGamma } from './studentT.js';

/** Gauss–Legendre nodes per piece of W's range. */
const NODES = 64;

/** The Gauss–Legendre nodes and weights on [−1, 1] (Newton on the Legendre polynomial from Chebyshev guesses). */
function gaussLegendre(n: number): { x: number[]; w: number[] } {
  const x: number[] = new Array<number>(n);
  const w: number[] = new Array<number>(n);
  for (let i = 0; i < Math.ceil(n / 2); i++) {
    let z = Math.cos((Math.PI * (i + 0.75)) / (n + 0.5));
    let derivative = 1;
    for (let iteration = 0; iteration < 100; iteration++) {
      let p0 = 1;
      let p1 = 0;
      for (let j = 1; j <= n; j++) {
        const p2 = p1;
        p1 = p0;
        p0 = ((2 * j - 1) * z * p1 - (j - 1) * p2) / j;
      }
      derivative = (n * (z * p0 - p1)) / (z * z - 1);
      const step = p0 / derivative;
      z -= step;
      if (Math.abs(step) < 1e-15) break;
    }
    x[i] = -z;
    x[n - 1 - i] = z;
    w[i] = w[n - 1 - i] = 2 / ((1 - z * z) * derivative * derivative);
  }
  return { x, w };
}

const RULE = gaussLegendre(NODES);

/** The density of W = √(χ²_df / df) at w > 0. */
function ratioDensity(w: number, df: number, logNorm: number): number {
  return w > 0 ? Math.exp(logNorm + (df - 1) * Math.log(w) - (df * w * w) / 2) : df === 1 ? Math.exp(logNorm) : 0;
}

/** Where W's range [lo, hi] is cut into pieces for df, and the log of its density's constant, once per df. */
interface RatioRange {
  lo: number;
  hi: number;
  logNorm: number;
}

const ratioRanges = new Map<number, RatioRange>();

function ratioRange(df: number): RatioRange {
  let range = ratioRanges.get(df);
  if (range === undefined) {
    const spread = 10 / Math.sqrt(2 * df);
    range = {
      lo: Math.max(0, 1 - spread),
      hi: 1 + spread,
      logNorm: Math.log(2) + (df / 2) * Math.log(df / 2) - logGamma(df / 2),
    };
    if (ratioRanges.size >= 1024) ratioRanges.clear();
    ratioRanges.set(df, range);
  }
  return range;
}

/** The points that cut W's range into pieces: at `kink` (where g has one) and around `step`. */
function piecePoints(range: RatioRange, breaks: { kink?: number; step?: number; stepWidth?: number }): number[] {
  const { lo, hi } = range;
  const cuts = [breaks.kink];
  if (breaks.step !== undefined && breaks.stepWidth !== undefined && Number.isFinite(breaks.stepWidth))
    cuts.push(breaks.step - 10 * breaks.stepWidth, breaks.step + 10 * breaks.stepWidth);
  return [lo, ...cuts.filter((c): c is number => c !== undefined && c > lo && c < hi).sort((a, b) => a - b), hi];
}

/** W's nodes on one piece [a, b] of its range, with their Gauss–Legendre weights times W's density there. */
interface PieceNodes {
  w: Float64Array;
  weighted: Float64Array;
  half: number;
}

/**
 * The pieces' nodes an integral has used, by (a, b): one solve (smallestShiftCaught) integrates over the same pieces
 * again and again (only cuts around the step move, and they mostly fall outside W's range), so W's density (a log and
 * an exp per node) is evaluated once per piece. The same nodes and products as computed afresh, to the bit.
 */
type PieceCache = Map<number, Map<number, PieceNodes>>;

function pieceNodes(df: number, logNorm: number, a: number, b: number, cache: PieceCache | undefined): PieceNodes {
  const kept = cache?.get(a)?.get(b);
  if (kept !== undefined) return kept;
  const half = (b - a) / 2;
  const mid = (a + b) / 2;
  const w = new Float64Array(NODES);
  const weighted = new Float64Array(NODES);
  for (let i = 0; i < NODES; i++) {
    w[i] = mid + half * RULE.x[i]!;
    weighted[i] = RULE.w[i]! * ratioDensity(w[i]!, df, logNorm);
  }
  const nodes = { w, weighted, half };
  if (cache !== undefined) {
    let byB = cache.get(a);
    if (byB === undefined) {
      byB = new Map();
      cache.set(a, byB);
    }
    byB.set(b, nodes);
  }
  return nodes;
}

/**
 * ∫ f_W(w) · g(w) dw over W's range, in pieces split at `kink` (where g has one) and around `step` (where g falls from
 * 1 to 0 over about `stepWidth`: with a large critical value that fall is too sharp for one rule over the whole range).
 * With df = ∞, W is exactly 1. `cache`: the pieces' nodes of earlier integrals on the same df.
 */
function overRatio(
  df: number,
  g: (w: number) => number,
  breaks: { kink?: number; step?: number; stepWidth?: number } = {},
  cache?: PieceCache,
): number {
  if (!(df >= 1)) throw new RangeError(`the noncentral t needs at least 1 degree of freedom, got ${df}`);
  if (df === Infinity) return g(1);
  const range = ratioRange(df);
  const points = piecePoints(range, breaks);
  let sum = 0;
  for (let p = 1; p < points.length; p++) {
    const a = points[p - 1]!;
    const b = points[p]!;
    if (!(b > a)) continue;
    const { w, weighted, half } = pieceNodes(df, range.logNorm, a, b, cache);
    let piece = 0;
    for (let i = 0; i < NODES; i++) piece += weighted[i]! * g(w[i]!);
    sum += piece * half;
  }
  return sum;
}

/**
 * overRatio of `g` and of `h` at once, on the same pieces and nodes. Each sum is formed in overRatio's order, so each
 * is what overRatio gives, to the bit.
 */
function overRatioOfBoth(
  df: number,
  g: (w: number) => number,
  h: (w: number) => number,
  breaks: { kink?: number; step?: number; stepWidth?: number },
  cache: PieceCache,
): { g: number; h: number } {
  if (!(df >= 1)) throw new RangeError(`the noncentral t needs at least 1 degree of freedom, got ${df}`);
  if (df === Infinity) return { g: g(1), h: h(1) };
  const range = ratioRange(df);
  const points = piecePoints(range, breaks);
  let sumG = 0;
  let sumH = 0;
  for (let p = 1; p < points.length; p++) {
    const a = points[p - 1]!;
    const b = points[p]!;
    if (!(b > a)) continue;
    const { w, weighted, half } = pieceNodes(df, range.logNorm, a, b, cache);
    let pieceG = 0;
    let pieceH = 0;
    for (let i = 0; i < NODES; i++) {
      pieceG += weighted[i]! * g(w[i]!);
      pieceH += weighted[i]! * h(w[i]!);
    }
    sumG += pieceG * half;
    sumH += pieceH * half;
  }
  return { g: sumG, h: sumH };
}

/** P(T ≤ t) for the noncentral t with `df` degrees of freedom (df ≥ 1, ∞ allowed) and noncentrality `ncp`. */
export function noncentralTCdf(t: number, df: number, ncp: number): number {
  // T ≤ t ⇔ Z ≤ t·W − δ, for W > 0.
  return overRatio(df, (w) => normalCdf(t * w - ncp), t !== 0 ? { step: ncp / t, stepWidth: 1 / Math.abs(t) } : {});
}

/**
 * The probability that a one-sided test fails a true change of `shift` standard errors when it fails an estimate that
 * clears both `critical` estimated standard errors (the t test) and `floor` true standard errors (a threshold on the
 * estimate itself, 0 for none): P(Z + shift > max(floor, critical · W)). With floor 0 this is the noncentral t's upper
 * tail at `critical`.
 */
export function rejectionProbability(shift: number, critical: number, df: number, floor = 0): number {
  return overRatio(df, (w) => normalCdf(shift - Math.max(floor, critical * w)), stepsOf(shift, critical, floor));
}

/**
 * The smallest true change, in standard errors, that the test of rejectionProbability fails with probability `power`
 * (in (0, 1)). The power is increasing in the change: Newton steps (its derivative is the same integral over the
 * normal density) inside a bracket that bisection falls back on.
 */
export function smallestShiftCaught(power: number, critical: number, df: number, floor = 0): number {
  if (!(power > 0 && power < 1)) throw new RangeError(`power must be in (0, 1), got ${power}`);
  // The pieces of W's range this solve has integrated over, with their nodes and densities.
  const cache: PieceCache = new Map();
  // rejectionProbability's integral, on the solve's pieces.
  const gap = (shift: number) => {
    const cdf = lastKept(normalCdf);
    return (
      overRatio(df, (w) => cdf(shift - Math.max(floor, critical * w)), stepsOf(shift, critical, floor), cache) - power
    );
  };
  // The gap and its slope at one shift, in one pass over W's nodes.
  const gapAndSlope = (shift: number) => {
    const cdf = lastKept(normalCdf);
    const density = lastKept(normalDensity);
    const both = overRatioOfBoth(
      df,
      (w) => cdf(shift - Math.max(floor, critical * w)),
      (w) => density(shift - Math.max(floor, critical * w)),
      stepsOf(shift, critical, floor),
      cache,
    );
    return { gap: both.g - power, slope: both.h };
  };
  let lo = Math.max(floor, 0) - 10;
  let hi = Math.max(floor, critical, 0) + 10;
  // Where even W's largest value leaves the integrand at hi 9 or more above the bar (Φ(9) is 1 in a double), gap(hi) is
  // the quadrature of W's density (1 within 1e-10) minus the power: not negative for a power up to 0.999, so the loop
  // would not run: its first integral is skipped.
  const widest = df === Infinity ? 1 : ratioRange(df).hi;
  const clear = critical >= 0 && hi - Math.max(floor, critical * widest) >= 9 && power <= 0.999;
  while (!clear && gap(hi) < 0) {
    lo = hi;
    hi *= 2;
  }
  // With critical ≥ 0, every node's integrand at lo is at most Φ(−10) < 1e-23 (max(floor, critical · w) ≥ max(floor, 0)),
  // so gap(lo) < 0 for any power above that and the loop would stop at once: its integral is skipped.
  if (!(critical >= 0 && power > 1e-20)) while (gap(lo) >= 0) lo -= 10;
  // Start where W = 1 would put it: the larger of the two bars plus the normal quantile.
  let shift = Math.min(hi, Math.max(lo, Math.max(floor, critical) + 1.2815515655446004));
  for (let i = 0; i < 100; i++) {
    const { gap: g, slope } = gapAndSlope(shift);
    if (g >= 0) hi = shift;
    else lo = shift;
    if (hi - lo < 1e-10 * Math.max(1, Math.abs(hi))) break;
    const next = shift - g / slope;
    if (!(next > lo && next < hi)) shift = (lo + hi) / 2;
    else if (Math.abs(next - shift) < 1e-10 * Math.max(1, Math.abs(shift))) return next;
    else shift = next;
  }
  return shift;
}

/**
 * `f` that keeps its last argument and value: below the kink (critical · w < floor) every node of W gives the power's
 * integrand the same argument, shift − floor, so a piece there needs one normal probability, not 64. f must be pure.
 */
function lastKept(f: (z: number) => number): (z: number) => number {
  let lastZ = NaN;
  let lastValue = NaN;
  return (z) => {
    if (z !== lastZ) {
      lastZ = z;
      lastValue = f(z);
    }
    return lastValue;
  };
}

/** Where the power's integrand has its kink (the floor takes over) and its fall (shift = critical · w). */
function stepsOf(shift: number, critical: number, floor: number) {
  return critical > 0 ? { kink: floor / critical, step: shift / critical, stepWidth: 1 / critical } : {};
}

/** √(2π), once. */
const SQRT_TWO_PI = Math.sqrt(2 * Math.PI);

function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z) / SQRT_TWO_PI;
}
