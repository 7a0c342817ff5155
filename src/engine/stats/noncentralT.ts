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
function gaussLegendre(n: number): { x: Float64Array; w: Float64Array } {
  const x = new Float64Array(n);
  const w = new Float64Array(n);
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

/** Where the integrand has its kink (the floor takes over) and its fall from 1 to 0 (about step ± stepWidth). */
interface Breaks {
  kink?: number;
  step?: number;
  stepWidth?: number;
}

/**
 * The points that cut W's range into pieces, ascending, into `points`: lo, then the cuts inside (lo, hi) (at `kink`
 * and 10 step widths either side of `step`), then hi. Returns how many. Into a reused array: an integral is cut
 * again at every Newton step of every row.
 */
function piecePoints(range: RatioRange, kink: number, step: number, stepWidth: number, points: Float64Array): number {
  const { lo, hi } = range;
  let count = 1;
  points[0] = lo;
  const cut = (c: number) => {
    if (!(c > lo && c < hi)) return;
    // Insertion into the sorted cuts so far.
    let at = count++;
    while (at > 1 && points[at - 1]! > c) {
      points[at] = points[at - 1]!;
      at--;
    }
    points[at] = c;
  };
  cut(kink);
  if (Number.isFinite(stepWidth)) {
    cut(step - 10 * stepWidth);
    cut(step + 10 * stepWidth);
  }
  points[count++] = hi;
  return count;
}

/** The cut points of one integral: at most lo, three cuts and hi. */
const POINTS = new Float64Array(5);

/**
 * W's nodes on the pieces an integral (or a whole solve of smallestShiftCaught) has used, with their Gauss–Legendre
 * weights times W's density, NODES per piece side by side in typed arrays. One solve integrates over the same pieces
 * again and again (only cuts around the step move, and they mostly fall outside W's range), so W's density (a log and
 * an exp per node) is evaluated once per piece; and the arrays are kept from one solve to the next, so tens of
 * thousands of rows allocate none. The same nodes and products as computed afresh, to the bit.
 */
class PieceNodes {
  w = new Float64Array(NODES * 16);
  weighted = new Float64Array(NODES * 16);
  private a: number[] = [];
  private b: number[] = [];
  private df = NaN;

  /** Forgets the pieces: the next integral is on `df`. */
  reset(df: number): void {
    this.a.length = 0;
    this.b.length = 0;
    this.df = df;
  }

  /** Where the nodes of piece [a, b] start in `w` and `weighted`, computed on first use. */
  offsetOf(logNorm: number, a: number, b: number): number {
    const count = this.a.length;
    for (let p = 0; p < count; p++) if (this.a[p] === a && this.b[p] === b) return p * NODES;
    if ((count + 1) * NODES > this.w.length) this.grow();
    const offset = count * NODES;
    this.a.push(a);
    this.b.push(b);
    const half = (b - a) / 2;
    const mid = (a + b) / 2;
    for (let i = 0; i < NODES; i++) {
      const w = mid + half * RULE.x[i]!;
      this.w[offset + i] = w;
      this.weighted[offset + i] = RULE.w[i]! * ratioDensity(w, this.df, logNorm);
    }
    return offset;
  }

  private grow(): void {
    const w = new Float64Array(this.w.length * 2);
    const weighted = new Float64Array(this.w.length * 2);
    w.set(this.w);
    weighted.set(this.weighted);
    this.w = w;
    this.weighted = weighted;
  }
}

/** The one store of nodes: every integral here runs to its end before the next begins. */
const NODE_STORE = new PieceNodes();

/** The breaks of a step at `step` of width `stepWidth`, with a kink at `kink` (NaN: none). */
function cutsOf(breaks: Breaks): [kink: number, step: number, stepWidth: number] {
  const stepWidth = breaks.step !== undefined && breaks.stepWidth !== undefined ? breaks.stepWidth : NaN;
  return [breaks.kink ?? NaN, breaks.step ?? NaN, stepWidth];
}

/**
 * ∫ f_W(w) · g(w) dw over W's range, in pieces split at `kink` (where g has one) and around `step` (where g falls from
 * 1 to 0 over about `stepWidth`: with a large critical value that fall is too sharp for one rule over the whole range).
 * With df = ∞, W is exactly 1.
 */
function overRatio(df: number, g: (w: number) => number, breaks: Breaks = {}): number {
  if (!(df >= 1)) throw new RangeError(`the noncentral t needs at least 1 degree of freedom, got ${df}`);
  if (df === Infinity) return g(1);
  const range = ratioRange(df);
  const [kink, step, stepWidth] = cutsOf(breaks);
  const count = piecePoints(range, kink, step, stepWidth, POINTS);
  NODE_STORE.reset(df);
  let sum = 0;
  for (let p = 1; p < count; p++) {
    const a = POINTS[p - 1]!;
    const b = POINTS[p]!;
    if (!(b > a)) continue;
    const offset = NODE_STORE.offsetOf(range.logNorm, a, b);
    const { w, weighted } = NODE_STORE;
    let piece = 0;
    for (let i = offset; i < offset + NODES; i++) piece += weighted[i]! * g(w[i]!);
    sum += piece * ((b - a) / 2);
  }
  return sum;
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
  if (!(df >= 1)) throw new RangeError(`the noncentral t needs at least 1 degree of freedom, got ${df}`);
  // The pieces of W's range this solve integrates over, with their nodes and densities, are kept in NODE_STORE.
  NODE_STORE.reset(df);
  const integral = new PowerIntegral(critical, df, floor);
  const gap = (shift: number) => integral.at(shift, false) - power;
  let lo = Math.max(floor, 0) - 10;
  let hi = Math.max(floor, critical, 0) + 10;
  // gap(hi) is not negative, so the loop would not run and its first integral is skipped, where even W's largest value
  // leaves the integrand at hi at least Φ(z) ≥ power + 1e-6, z = hi − max(floor, critical · widest): every node's
  // integrand is Φ of at least z (critical ≥ 0), normalCdf is within 1.2e-7 of Φ (Numerical Recipes' erfc), and the
  // quadrature of W's density is 1 within 1e-10. At 10,000 benchmarks that is nearly every row.
  const widest = df === Infinity ? 1 : ratioRange(df).hi;
  const clear = critical >= 0 && normalCdf(hi - Math.max(floor, critical * widest)) >= power + 1e-6;
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
    const g = integral.at(shift, true) - power;
    const slope = integral.slope;
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
 * rejectionProbability's integral, P(Z + shift > max(floor, critical · W)), and its derivative in the shift, for one
 * solve (critical, df and floor fixed), on the pieces and nodes overRatio would use, summed in its order: the same
 * values to the bit, without a closure or an allocation per node. The nodes are NODE_STORE's, reset by the solve.
 */
class PowerIntegral {
  /** The derivative at the last `at(shift, true)`. */
  slope = NaN;
  private readonly range: RatioRange | undefined;

  constructor(
    private readonly critical: number,
    private readonly df: number,
    private readonly floor: number,
  ) {
    this.range = df === Infinity ? undefined : ratioRange(df);
  }

  at(shift: number, withSlope: boolean): number {
    const { critical, floor, range } = this;
    if (range === undefined) {
      const z = shift - Math.max(floor, critical * 1);
      if (withSlope) this.slope = normalDensity(z);
      return normalCdf(z);
    }
    // stepsOf's breaks: none for a critical value that is not positive.
    const positive = critical > 0;
    const count = piecePoints(
      range,
      positive ? floor / critical : NaN,
      positive ? shift / critical : NaN,
      positive ? 1 / critical : NaN,
      POINTS,
    );
    let sum = 0;
    let slope = 0;
    // Below the kink (critical · w < floor) every node gives the same argument, shift − floor: one normal
    // probability for a run of equal arguments, not one per node.
    let lastZ = NaN;
    let lastCdf = NaN;
    let lastDensity = NaN;
    for (let p = 1; p < count; p++) {
      const a = POINTS[p - 1]!;
      const b = POINTS[p]!;
      if (!(b > a)) continue;
      const offset = NODE_STORE.offsetOf(range.logNorm, a, b);
      const { w, weighted } = NODE_STORE;
      let piece = 0;
      let pieceSlope = 0;
      for (let i = offset; i < offset + NODES; i++) {
        const z = shift - Math.max(floor, critical * w[i]!);
        if (z !== lastZ) {
          lastZ = z;
          lastCdf = normalCdf(z);
          if (withSlope) lastDensity = normalDensity(z);
        }
        piece += weighted[i]! * lastCdf;
        if (withSlope) pieceSlope += weighted[i]! * lastDensity;
      }
      const half = (b - a) / 2;
      sum += piece * half;
      slope += pieceSlope * half;
    }
    if (withSlope) this.slope = slope;
    return sum;
  }
}

/** Where the power's integrand has its kink (the floor takes over) and its fall (shift = critical · w). */
function stepsOf(shift: number, critical: number, floor: number): Breaks {
  return critical > 0 ? { kink: floor / critical, step: shift / critical, stepWidth: 1 / critical } : {};
}

/** √(2π), once. */
const SQRT_TWO_PI = Math.sqrt(2 * Math.PI);

function normalDensity(z: number): number {
  return Math.exp(-0.5 * z * z) / SQRT_TWO_PI;
}
