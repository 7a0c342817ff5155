/**
 * The split step of the change-point detector over a long series in sliding windows, as Apache Otava's `split`
 * (otava/analysis.py): E-divisive (eDivisive.ts) costs O(w²) in a window of w values, so a series of n values costs
 * O(n·w) instead of the whole series' O(n²). A series of at most `length` values is one window: exactly the
 * whole-series split. Calibrated in docs/change-points.md ("Long histories: windows").
 */
import { split } from './eDivisive.js';

/** Values E-divisive looks at together; a series this long or shorter is analysed whole. */
export const CHANGE_POINT_WINDOW = 60;

/**
 * The split of one series in windows, remembering each window's points: the analyses of the same series with an
 * outlier set aside, or without its newest value, redo only the windows whose values differ. One instance per series
 * (a window is known by the input indices of its values, not by the values).
 */
export class SplitWindows {
  private readonly memo = new Map<string, readonly number[]>();

  constructor(readonly length: number = CHANGE_POINT_WINDOW) {
    if (!(length >= 2)) throw new RangeError(`the window must hold 2 values or more, got ${length}`);
  }

  /**
   * The split points (ascending indices in `values`) of `values`, whose value i is input value `kept[i]`. Windows of
   * `length` values start at 0 and move on by half a window, or to the last point the window found when that is
   * further (Otava's rule); the last window is the newest `length` values, so the newest runs are always judged
   * against a full window of the runs before them.
   */
  points(values: Float64Array, kept: readonly number[], maxPValue: number): number[] {
    const n = values.length;
    const w = this.length;
    if (n <= w) return this.window(values, kept, 0, n, maxPValue);
    const step = Math.floor(w / 2);
    const found = new Set<number>();
    for (let start = 0; ;) {
      const last = start + w >= n;
      const from = last ? n - w : start;
      const points = this.window(values, kept, from, from + w, maxPValue);
      for (const p of points) found.add(p);
      if (last) break;
      start = Math.max(points.length > 0 ? points[points.length - 1]! : 0, start + step);
    }
    return [...found].sort((a, b) => a - b);
  }

  /** The split points of values[from, to), as indices in `values`. */
  private window(values: Float64Array, kept: readonly number[], from: number, to: number, maxPValue: number) {
    // Input indices in a row need only the first and the count; a window across set-aside outliers lists them all.
    const first = kept[from]!;
    const key =
      kept[to - 1]! - first === to - from - 1
        ? `${maxPValue}:${first}+${to - from}`
        : `${maxPValue}:${kept.slice(from, to).join(',')}`;
    let points = this.memo.get(key);
    if (points === undefined) {
      points = split(values.subarray(from, to), maxPValue);
      this.memo.set(key, points);
    }
    return points.map((p) => p + from);
  }
}
