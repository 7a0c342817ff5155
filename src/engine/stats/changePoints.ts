/**
 * Change points in a series of run results: E-divisive means proposes candidates, a Student t-test
 * between the segments around each candidate keeps the significant ones, and a merge step drops the
 * weakest until every change point is significant and at least `minMagnitude` large. This is the
 * algorithm of Hunter / Apache Otava (Fleming et al., "Hunter: Using Change Point Detection to Hunt
 * for Performance Regressions", ICPE 2023), whose t-test replaces the permutation test of the
 * original E-divisive (Matteson and James, 2014), so the result is deterministic.
 *
 * Differences from Otava, all deliberate (docs/change-points.md):
 * - a series of up to CHANGE_POINT_WINDOW values is one window; a longer one is split in Otava's sliding
 *   windows (splitWindows.ts) and merged whole;
 * - the t-test uses the sample variance (n − 1), not numpy's population variance;
 * - segments shorter than `minSegment` inside the series are excursions (outliers), not steps:
 *   they are set aside and the series is analysed again without them; a short segment at the end
 *   is a pending change (too few runs after it to tell a step from an outlier yet).
 *
 * Input values are logarithms of the run statistic (run-to-run noise is multiplicative), so a
 * level difference d is the ratio exp(d) of geometric means.
 */
import { SplitWindows } from './splitWindows.js';
import { mean, tTest } from './pooledTTest.js';

export { EDivisive, type Candidate } from './eDivisive.js';
export { tTest, type TTestResult } from './pooledTTest.js';
export { CHANGE_POINT_WINDOW, SplitWindows } from './splitWindows.js';

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

/** Otava's first-pass threshold: weak change points are kept at 10× the final p (2× from 0.05). */
function firstPassPValue(maxPValue: number): number {
  return maxPValue < 0.05 ? maxPValue * 10 : maxPValue < 0.5 ? maxPValue * 2 : maxPValue;
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
function changePointsOf(
  values: Float64Array,
  kept: readonly number[],
  o: Required<ChangePointOptions>,
  windows: SplitWindows,
): Scored[] {
  return merge(values, windows.points(values, kept, firstPassPValue(o.maxPValue)), o.maxPValue, o.minMagnitude);
}

/**
 * Steps, outliers and a pending change in a series of log values (oldest first). Non-finite values
 * are an error: the caller drops missing runs and keeps its own index map. `windows` splits a long
 * series in windows (splitWindows.ts); one instance may serve the analyses of one series and of its
 * prefixes (the same series without its newest values), which then share the windows they have in common.
 */
export function detectChangePoints(
  logValues: readonly number[],
  options: ChangePointOptions = {},
  windows: SplitWindows = new SplitWindows(),
): ChangePointAnalysis {
  const o: Required<ChangePointOptions> = { ...CHANGE_POINT_DEFAULTS, ...options };
  if (!(o.maxPValue > 0 && o.maxPValue < 1)) throw new RangeError(`maxPValue must be in (0, 1), got ${o.maxPValue}`);
  if (!(o.minMagnitude >= 0)) throw new RangeError(`minMagnitude must be 0 or more, got ${o.minMagnitude}`);
  if (!(Number.isInteger(o.minSegment) && o.minSegment >= 1))
    throw new RangeError(`minSegment must be a whole number ≥ 1, got ${o.minSegment}`);
  let lowest = Infinity;
  let highest = -Infinity;
  logValues.forEach((v, i) => {
    if (!Number.isFinite(v)) throw new RangeError(`value ${i} is not a finite number: ${v}`);
    if (v < lowest) lowest = v;
    if (v > highest) highest = v;
  });
  // No two segments' means differ by more than the series' range, so below minMagnitude merge would drop every change
  // point it was given: a quiet series (most of a suite's) has none, without the split's O(n·w) search.
  if (highest - lowest < Math.log1p(o.minMagnitude)) return { steps: [], outliers: [] };
  // `kept` maps the analysed series back to input indices; outliers leave it one excursion at a time.
  let kept = logValues.map((_, i) => i);
  const outliers: Outlier[] = [];
  for (;;) {
    const values = Float64Array.from(kept, (i) => logValues[i]!);
    const points = changePointsOf(values, kept, o, windows);
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
