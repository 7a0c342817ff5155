/**
 * E-divisive means (Matteson and James, 2014) with Hunter / Apache Otava's t-test in place of the permutation test:
 * the split step of the change-point detector (changePoints.ts), run on one window of a series at a time.
 */
import { tTest } from './pooledTTest.js';

/** E-divisive's best split of an interval: x[start, index) against x[index, end). */
export interface Candidate {
  index: number;
  end: number;
  qhat: number;
}

/**
 * E-divisive's divergence of every split of a series, from one prefix-sum table of pairwise
 * distances |x_i − x_j|: `candidate(start, end)` is the τ in (start, end) maximising
 * Q(τ, κ) = QQ(x[start, τ), x[τ, κ)) over κ in (τ, end], as Otava's PairDistanceCalculator.
 */
export class EDivisive {
  private readonly n: number;
  /** prefix[a·(n+1) + b] = Σ_{i<a, j<b} |x_i − x_j|. */
  private readonly prefix: Float64Array;

  /** `storage`, when given and large enough, holds the table (`split` lends one for every window it analyses). */
  constructor(values: ArrayLike<number>, storage?: Float64Array) {
    const n = (this.n = values.length);
    const w = n + 1;
    const p = (this.prefix = storage && storage.length >= w * w ? storage.subarray(0, w * w) : new Float64Array(w * w));
    // Row 0 and column 0 are the empty sums (storage may hold an earlier table).
    p.fill(0, 0, w);
    for (let a = 1; a <= n; a++) p[a * w] = 0;
    // One typed array to read (a window is a Float64Array already), and each row's offsets hoisted.
    const x = values instanceof Float64Array ? values : Float64Array.from(values);
    for (let a = 1; a <= n; a++) {
      const xa = x[a - 1]!;
      const above = (a - 1) * w;
      const here = a * w;
      let row = 0;
      for (let b = 1; b <= n; b++) {
        row += Math.abs(xa - x[b - 1]!);
        p[here + b] = p[above + b]! + row;
      }
    }
  }

  /** Σ |x_i − x_j| over i in [r0, r1), j in [c0, c1). */
  private block(r0: number, r1: number, c0: number, c1: number): number {
    const w = this.n + 1;
    const p = this.prefix;
    return p[r1 * w + c1]! - p[r0 * w + c1]! - p[r1 * w + c0]! + p[r0 * w + c0]!;
  }

  /** QQ(x[s, τ), x[τ, κ)) of Matteson and James (scaled energy distance). */
  q(s: number, tau: number, kappa: number): number {
    const withinX = tau - s > 1 ? this.block(s, tau, s, tau) / 2 : 0;
    return this.qOf(s, tau, kappa, withinX);
  }

  /** `q` with the left side's within-distance given (it depends on s and τ only). */
  private qOf(s: number, tau: number, kappa: number, withinX: number): number {
    const n = tau - s;
    const m = kappa - tau;
    const between = this.block(s, tau, tau, kappa);
    const withinY = m > 1 ? this.block(tau, kappa, tau, kappa) / 2 : 0;
    return (
      (2 / (m + n)) * between -
      (n > 1 ? ((2 * m) / ((m + n) * (n - 1))) * withinX : 0) -
      (m > 1 ? ((2 * n) / ((m + n) * (m - 1))) * withinY : 0)
    );
  }

  /** The best split of [start, end) (at least two values), or undefined; ties go to the lowest τ, then κ. */
  candidate(start: number, end: number): Candidate | undefined {
    if (end - start < 2) return undefined;
    if (end - start > TABLED) return this.candidateOf(start, end);
    const w = this.n + 1;
    const p = this.prefix;
    const s0 = start * w;
    const { total, within } = weights();
    const size = TABLED + 1;
    // The best so far in three numbers (an object only at the end): this loop runs O(n²) times. Its terms are `q`'s,
    // `block` written out with the rows' offsets hoisted and the weights read from their table, in the same order,
    // so the same numbers come out.
    let bestQ = -Infinity;
    let bestTau = -1;
    let bestKappa = -1;
    for (let tau = start + 1; tau < end; tau++) {
      const n = tau - start;
      const t0 = tau * w;
      const withinX = n > 1 ? (p[t0 + tau]! - p[s0 + tau]! - p[t0 + start]! + p[s0 + start]!) / 2 : 0;
      const cornerB = p[t0 + tau]!;
      const cornerA = p[s0 + tau]!;
      for (let kappa = tau + 1; kappa <= end; kappa++) {
        const m = kappa - tau;
        const k0 = kappa * w;
        const between = p[t0 + kappa]! - p[s0 + kappa]! - cornerB + cornerA;
        const withinY = m > 1 ? (p[k0 + kappa]! - p[t0 + kappa]! - p[k0 + tau]! + cornerB) / 2 : 0;
        const q =
          total[m + n]! * between -
          (n > 1 ? within[n * size + m]! * withinX : 0) -
          (m > 1 ? within[m * size + n]! * withinY : 0);
        if (bestTau < 0 || q > bestQ) {
          bestQ = q;
          bestTau = tau;
          bestKappa = kappa;
        }
      }
    }
    return { index: bestTau, end: bestKappa, qhat: bestQ };
  }

  /** `candidate` over an interval longer than the weights' table, from `q`. */
  private candidateOf(start: number, end: number): Candidate {
    let best: Candidate | undefined;
    for (let tau = start + 1; tau < end; tau++) {
      for (let kappa = tau + 1; kappa <= end; kappa++) {
        const q = this.q(start, tau, kappa);
        if (best === undefined || q > best.qhat) best = { index: tau, end: kappa, qhat: q };
      }
    }
    return best!;
  }
}

/** The longest interval whose weights `candidate` reads from a table (the split window is shorter). */
const TABLED = 128;

/**
 * Q's weights as `qOf` computes them, for intervals of at most TABLED values: total[m + n] = 2 / (m + n), and
 * within[a·(TABLED + 1) + b] = 2b / ((b + a)(a − 1)), the weight of a side of a values' own distances when the other
 * side has b (n before τ, m from τ: within[n, m] for the left side, within[m, n] for the right).
 */
let table: { total: Float64Array; within: Float64Array } | undefined;

function weights(): { total: Float64Array; within: Float64Array } {
  if (table) return table;
  const size = TABLED + 1;
  const total = new Float64Array(size + 1);
  for (let l = 1; l <= size; l++) total[l] = 2 / l;
  const within = new Float64Array(size * size);
  for (let a = 2; a <= TABLED; a++)
    for (let b = 1; b <= TABLED; b++) within[a * size + b] = (2 * b) / ((b + a) * (a - 1));
  return (table = { total, within });
}

/** The largest prefix table `split` keeps for the next window (a window of up to 127 values; longer ones allocate). */
const SHARED_TABLE = 128 * 128;
let shared = new Float64Array(0);

/**
 * Split: E-divisive candidates, strongest first, until one fails its t-test (p > maxPValue). A candidate is tested
 * on the stretch E-divisive chose, x[start, τ) against x[τ, κ), not against the rest of its interval: a level that
 * goes up and back down again would otherwise hide both changes (Otava reaches the same end with sliding windows).
 * Returns the split points, ascending, as indices in `values`.
 */
export function split(values: Float64Array, maxPValue: number): number[] {
  const size = (values.length + 1) ** 2;
  // One table for every window of a run (a window is analysed whole before the next): not 30 kB of garbage each.
  if (size <= SHARED_TABLE && shared.length < size) shared = new Float64Array(SHARED_TABLE);
  const calc = new EDivisive(values, size <= SHARED_TABLE ? shared : undefined);
  const points: number[] = [];
  // Candidates by interval, keyed start·(n + 1) + end.
  const width = values.length + 1;
  const cache = new Map<number, Candidate | undefined>();
  for (;;) {
    let best: Candidate | undefined;
    let bestStart = 0;
    for (let i = 0; i <= points.length; i++) {
      const start = i === 0 ? 0 : points[i - 1]!;
      const end = i < points.length ? points[i]! : values.length;
      const key = start * width + end;
      let c = cache.get(key);
      if (c === undefined && !cache.has(key)) {
        c = calc.candidate(start, end);
        cache.set(key, c);
      }
      if (c && c.qhat > 0 && (best === undefined || c.qhat > best.qhat)) {
        best = c;
        bestStart = start;
      }
    }
    if (!best) return points;
    const test = tTest(values.subarray(bestStart, best.index), values.subarray(best.index, best.end));
    if (test.pValue > maxPValue) return points;
    points.push(best.index);
    points.sort((a, b) => a - b);
  }
}
