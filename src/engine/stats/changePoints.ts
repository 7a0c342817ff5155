/**
 * Change points in a series of run results: E-divisive means proposes candidates, a Student t-test
 * between the segments around each candidate keeps the significant ones, and a merge step drops the
 * weakest until every change point is significant and at least `minMagnitude` large. This is the
 * algorithm of Hunter / Apache Otava (Fleming et al., "Hunter: Using Change Point Detection to Hunt
 * for Performance Regressions", ICPE 2023), whose t-test replaces the permutation test of the
 * original E-divisive (Matteson and James, 2014), so the result is deterministic.
 *
 * Differences from Otava, all deliberate (docs/change-points.md):
 * - the whole series is one window (histories are tens of runs, not thousands);
 * - the t-test uses the sample variance (n − 1), not numpy's population variance;
 * - segments shorter than `minSegment` inside the series are excursions (outliers), not steps:
 *   they are set aside and the series is analysed again without them; a short segment at the end
 *   is a pending change (too few runs after it to tell a step from an outlier yet).
 *
 * Input values are logarithms of the run statistic (run-to-run noise is multiplicative), so a
 * level difference d is the ratio exp(d) of geometric means.
 */
import { studentTCdf } from './studentT.js';

export interface ChangePointOptions {
  /** A change point is kept when the t-test between its segments gives p ≤ this. */
  maxPValue?: number;
  /** … and the relative change of the geometric means is at least this (0.05 = 5 %). */
  minMagnitude?: number;
  /** Fewest runs on each side of a step; shorter segments are outliers, or pending at the end. */
  minSegment?: number;
}

/** Calibrated in docs/change-points.md (bench/simulate-changepoints.ts). */
export const CHANGE_POINT_DEFAULTS = { maxPValue: 0.001, minMagnitude: 0.1, minSegment: 3 } as const;

export interface TTestResult {
  t: number;
  df: number;
  /** Two-sided. */
  pValue: number;
}

/** One change of level: the series has one mean before `index` and another from `index` on. */
export interface ChangePoint {
  /** Index (in the input series) of the first value of the new level. */
  index: number;
  /** Index of the last value of the old level (below `index` when outliers lie between). */
  lastBefore: number;
  /** Mean of the segment before and after (log values). */
  before: number;
  after: number;
  /** exp(after − before) − 1: the ratio of the geometric means, less one. */
  relativeChange: number;
  pValue: number;
  /** Values in the segments on each side (outliers excluded). */
  runsBefore: number;
  runsAfter: number;
}

/** A short excursion that returns (or a short first segment): not a change of level. */
export interface Outlier {
  /** Index of its first value and how many consecutive values it spans. */
  index: number;
  length: number;
  /** Mean of the excursion's values and of the level around it (log values). */
  value: number;
  level: number;
  relativeChange: number;
}

export interface ChangePointAnalysis {
  steps: ChangePoint[];
  outliers: Outlier[];
  /**
   * A change in the newest values with fewer than `minSegment` values after it: a step or an outlier, not known yet.
   */
  pending?: ChangePoint;
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

function mean(values: ArrayLike<number>, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += values[i]!;
  return s / (to - from);
}

function sumSquares(values: ArrayLike<number>, m: number): number {
  let s = 0;
  for (let i = 0; i < values.length; i++) s += (values[i]! - m) ** 2;
  return s;
}

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

  constructor(values: ArrayLike<number>) {
    const n = (this.n = values.length);
    const w = n + 1;
    const p = (this.prefix = new Float64Array(w * w));
    for (let a = 1; a <= n; a++) {
      let row = 0;
      for (let b = 1; b <= n; b++) {
        row += Math.abs(values[a - 1]! - values[b - 1]!);
        p[a * w + b] = p[(a - 1) * w + b]! + row;
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
    const n = tau - s;
    const m = kappa - tau;
    const between = this.block(s, tau, tau, kappa);
    const withinX = n > 1 ? this.block(s, tau, s, tau) / 2 : 0;
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
    let best: Candidate | undefined;
    for (let tau = start + 1; tau < end; tau++) {
      for (let kappa = tau + 1; kappa <= end; kappa++) {
        const q = this.q(start, tau, kappa);
        if (best === undefined || q > best.qhat) best = { index: tau, end: kappa, qhat: q };
      }
    }
    return best;
  }
}

/** Otava's first-pass threshold: weak change points are kept at 10× the final p (2× from 0.05). */
function firstPassPValue(maxPValue: number): number {
  return maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
}

/**
 * Split: E-divisive candidates, strongest first, until one fails its t-test. A candidate is tested
 * on the stretch E-divisive chose, x[start, τ) against x[τ, κ), not against the rest of its interval:
 * a level that goes up and back down again would otherwise hide both changes (Otava reaches the
 * same end with sliding windows).
 */
function split(values: Float64Array, maxPValue: number): number[] {
  const calc = new EDivisive(values);
  const points: number[] = [];
  const cache = new Map<string, Candidate | undefined>();
  for (;;) {
    const bounds = [0, ...points, values.length];
    let best: (Candidate & { start: number }) | undefined;
    for (let i = 0; i + 1 < bounds.length; i++) {
      const start = bounds[i]!;
      const end = bounds[i + 1]!;
      const key = `${start}:${end}`;
      if (!cache.has(key)) cache.set(key, calc.candidate(start, end));
      const c = cache.get(key);
      if (c && c.qhat > 0 && (best === undefined || c.qhat > best.qhat)) best = { ...c, start };
    }
    if (!best) return points;
    const test = tTest(values.subarray(best.start, best.index), values.subarray(best.index, best.end));
    if (test.pValue > maxPValue) return points;
    points.push(best.index);
    points.sort((a, b) => a - b);
  }
}

interface Scored {
  index: number;
  pValue: number;
  before: number;
  after: number;
}

function score(values: Float64Array, points: readonly number[], k: number): Scored {
  const start = k === 0 ? 0 : points[k - 1]!;
  const end = k + 1 < points.length ? points[k + 1]! : values.length;
  const index = points[k]!;
  const left = values.subarray(start, index);
  const right = values.subarray(index, end);
  return {
    index,
    pValue: tTest(left, right).pValue,
    before: mean(left, 0, left.length),
    after: mean(right, 0, right.length),
  };
}

/**
 * Merge: while a change point is not significant (p > maxPValue) or too small (|change| <
 * minMagnitude), drop the weakest (largest p; when all are significant, the smallest change) and
 * rescore its neighbours on the segments that are now theirs.
 */
function merge(values: Float64Array, points: number[], maxPValue: number, minMagnitude: number): Scored[] {
  const pts = [...points];
  let scored = pts.map((_, k) => score(values, pts, k));
  const logFloor = Math.log1p(minMagnitude);
  while (scored.length > 0) {
    let weakest = 0;
    for (let k = 1; k < scored.length; k++) if (scored[k]!.pValue > scored[weakest]!.pValue) weakest = k;
    if (scored[weakest]!.pValue <= maxPValue) {
      weakest = 0;
      const size = (s: Scored) => Math.abs(s.after - s.before);
      for (let k = 1; k < scored.length; k++) if (size(scored[k]!) < size(scored[weakest]!)) weakest = k;
      if (size(scored[weakest]!) >= logFloor) return scored;
    }
    pts.splice(weakest, 1);
    scored = pts.map((_, k) => score(values, pts, k));
  }
  return scored;
}

/** Significant change points of a series (split, then merge), as indices with their scores. */
function changePointsOf(values: Float64Array, o: Required<ChangePointOptions>): Scored[] {
  return merge(values, split(values, firstPassPValue(o.maxPValue)), o.maxPValue, o.minMagnitude);
}

/**
 * Steps, outliers and a pending change in a series of log values (oldest first). Non-finite values
 * are an error: the caller drops missing runs and keeps its own index map.
 */
export function detectChangePoints(
  logValues: readonly number[],
  options: ChangePointOptions = {},
): ChangePointAnalysis {
  const o: Required<ChangePointOptions> = { ...CHANGE_POINT_DEFAULTS, ...options };
  if (!(o.maxPValue > 0 && o.maxPValue < 1)) throw new RangeError(`maxPValue must be in (0, 1), got ${o.maxPValue}`);
  if (!(o.minMagnitude >= 0)) throw new RangeError(`minMagnitude must be 0 or more, got ${o.minMagnitude}`);
  if (!(Number.isInteger(o.minSegment) && o.minSegment >= 1))
    throw new RangeError(`minSegment must be a whole number ≥ 1, got ${o.minSegment}`);
  logValues.forEach((v, i) => {
    if (!Number.isFinite(v)) throw new RangeError(`value ${i} is not a finite number: ${v}`);
  });
  // `kept` maps the analysed series back to input indices; outliers leave it one excursion at a time.
  let kept = logValues.map((_, i) => i);
  const outliers: Outlier[] = [];
  for (;;) {
    const values = Float64Array.from(kept, (i) => logValues[i]!);
    const points = changePointsOf(values, o);
    const bounds = [0, ...points.map((p) => p.index), values.length];
    // Short segments other than the last are excursions; the first one found is set aside and the rest re-analysed.
    let excursion = -1;
    for (let s = 0; s + 2 < bounds.length; s++) {
      if (bounds[s + 1]! - bounds[s]! < o.minSegment) {
        excursion = s;
        break;
      }
    }
    if (excursion < 0) return finish(kept, points, bounds, outliers, o.minSegment);
    const from = bounds[excursion]!;
    const to = bounds[excursion + 1]!;
    const around = excursion === 0 ? values.subarray(to, bounds[2]) : values.subarray(bounds[excursion - 1], from);
    const level = mean(around, 0, around.length);
    // Consecutive input indices only: an excursion spanning earlier outliers is reported per stretch.
    for (let i = from; i < to;) {
      let j = i + 1;
      while (j < to && kept[j] === kept[j - 1]! + 1) j++;
      const stretch = mean(values, i, j);
      outliers.push({
        index: kept[i]!,
        length: j - i,
        value: stretch,
        level,
        relativeChange: Math.expm1(stretch - level),
      });
      i = j;
    }
    kept = [...kept.slice(0, from), ...kept.slice(to)];
  }
}

function finish(
  kept: readonly number[],
  points: readonly Scored[],
  bounds: readonly number[],
  outliers: Outlier[],
  minSegment: number,
): ChangePointAnalysis {
  const changes = points.map((p, k): ChangePoint => {
    const runsBefore = bounds[k + 1]! - bounds[k]!;
    const runsAfter = bounds[k + 2]! - bounds[k + 1]!;
    return {
      index: kept[p.index]!,
      lastBefore: kept[p.index - 1]!,
      before: p.before,
      after: p.after,
      relativeChange: Math.expm1(p.after - p.before),
      pValue: p.pValue,
      runsBefore,
      runsAfter,
    };
  });
  outliers.sort((a, b) => a.index - b.index);
  const last = changes[changes.length - 1];
  if (last && last.runsAfter < minSegment) return { steps: changes.slice(0, -1), outliers, pending: last };
  return { steps: changes, outliers };
}
