/**
 * The few numpy reductions the reference tooling uses, reproduced to the last bit (spec §2.2):
 * summation is pairwise inside 8192-element buffers whose sums are added left to right
 * (numpy 1.22, the pinned environment), and percentiles use the two-branch linear lerp.
 */

const BUFFER_SIZE = 8192;
const PAIRWISE_BLOCK = 128;

/** numpy's `pairwise_sum_DOUBLE` over values[start, start+n). */
function pairwiseSum(values: ArrayLike<number>, start: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += values[start + i]!;
    return res;
  }
  if (n <= PAIRWISE_BLOCK) {
    let r0 = values[start]!;
    let r1 = values[start + 1]!;
    let r2 = values[start + 2]!;
    let r3 = values[start + 3]!;
    let r4 = values[start + 4]!;
    let r5 = values[start + 5]!;
    let r6 = values[start + 6]!;
    let r7 = values[start + 7]!;
    const unrolledEnd = n - (n % 8);
    let i = 8;
    for (; i < unrolledEnd; i += 8) {
      const k = start + i;
      r0 += values[k]!;
      r1 += values[k + 1]!;
      r2 += values[k + 2]!;
      r3 += values[k + 3]!;
      r4 += values[k + 4]!;
      r5 += values[k + 5]!;
      r6 += values[k + 6]!;
      r7 += values[k + 7]!;
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) res += values[start + i]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(values, start, n2) + pairwiseSum(values, start + n2, n - n2);
}

/** `np.add.reduce` of a float64 vector (numpy 1.22). */
export function sum(values: ArrayLike<number>, start = 0, end = values.length): number {
  let total = 0;
  for (let chunk = start; chunk < end; chunk += BUFFER_SIZE) {
    total += pairwiseSum(values, chunk, Math.min(BUFFER_SIZE, end - chunk));
  }
  return total;
}

/** `np.mean`: the sum divided by the count (NaN for no values). */
export function mean(values: ArrayLike<number>): number {
  return sum(values) / values.length;
}

/** `np.std` with ddof = 0 (population), squares as `d*d` over the same summation. */
export function populationStdev(values: ArrayLike<number>, valuesMean = mean(values), scratch?: Float64Array): number {
  const n = values.length;
  const squares = scratch !== undefined && scratch.length >= n ? scratch : new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = values[i]! - valuesMean;
    squares[i] = d * d;
  }
  return Math.sqrt(sum(squares, 0, n) / n);
}

export { medianOfSorted } from '../stats/median.js';

/** `np.percentile(values, p)` with the default linear method, on ascending values. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const q = p / 100;
  const virtualIndex = (n - 1) * q;
  if (virtualIndex >= n - 1) return sorted[n - 1]!;
  if (virtualIndex <= 0) return sorted[0]!;
  const lo = Math.floor(virtualIndex);
  const g = virtualIndex - lo;
  const a = sorted[lo]!;
  const b = sorted[lo + 1]!;
  const d = b - a;
  // numpy's _lerp: two branches so that t = 1 gives exactly b.
  return g >= 0.5 ? b - d * (1 - g) : a + d * g;
}

/** The largest and smallest values (NaN if any value is NaN, like np.max / np.min). */
export function extremes(values: ArrayLike<number>): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) return { min: NaN, max: NaN };
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return values.length === 0 ? { min: NaN, max: NaN } : { min, max };
}

/**
 * Rearranges `values` so that, at each of `positions`, it holds the value an ascending sort would
 * put there (a multi-quickselect: the order statistics that medians and percentiles read, in
 * linear time instead of a full sort). Only for values without NaN and without zeros (a sort
 * orders -0 before +0, a comparison cannot): callers sort those themselves. Falls back to a full
 * sort when the selection does not converge in linear time (adversarial orders).
 */
export function selectOrderStatistics(values: Float64Array, positions: readonly number[]): void {
  const n = values.length;
  const ks = [...new Set(positions)].filter((k) => k >= 0 && k < n).sort((a, b) => a - b);
  if (ks.length === 0) return;
  selectBudget = 16 * n + 4096;
  selectSeed = 0x9e3779b9;
  if (!multiSelect(values, 0, n - 1, ks, 0, ks.length - 1)) values.sort();
}

let selectBudget = 0;
let selectSeed = 0;

/** Puts the sorted values at positions ks[kFrom..kTo] of a[left..right]; false when over budget. */
function multiSelect(
  a: Float64Array,
  left: number,
  right: number,
  ks: readonly number[],
  kFrom: number,
  kTo: number,
): boolean {
  for (;;) {
    if (kFrom > kTo) return true;
    if (right - left < 24) {
      for (let i = left + 1; i <= right; i++) {
        const v = a[i]!;
        let j = i - 1;
        while (j >= left && a[j]! > v) {
          a[j + 1] = a[j]!;
          j--;
        }
        a[j + 1] = v;
      }
      return true;
    }
    selectBudget -= right - left;
    if (selectBudget < 0) return false;
    // A pseudo-random pivot candidate and the two ends: median of three, ends as sentinels.
    selectSeed ^= selectSeed << 13;
    selectSeed ^= selectSeed >>> 17;
    selectSeed ^= selectSeed << 5;
    const mid = left + 1 + ((selectSeed >>> 0) % (right - left - 1));
    let t = a[mid]!;
    a[mid] = a[left + 1]!;
    a[left + 1] = t;
    if (a[left]! > a[right]!) {
      t = a[left]!;
      a[left] = a[right]!;
      a[right] = t;
    }
    if (a[left + 1]! > a[right]!) {
      t = a[left + 1]!;
      a[left + 1] = a[right]!;
      a[right] = t;
    }
    if (a[left]! > a[left + 1]!) {
      t = a[left]!;
      a[left] = a[left + 1]!;
      a[left + 1] = t;
    }
    const pivot = a[left + 1]!;
    let i = left + 1;
    let j = right;
    for (;;) {
      do i++;
      while (a[i]! < pivot);
      do j--;
      while (a[j]! > pivot);
      if (j < i) break;
      t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    a[left + 1] = a[j]!;
    a[j] = pivot;
    // a[left..j-1] <= pivot = a[j] <= a[j+1..right]: a[j] is in its sorted place.
    let below = kFrom;
    while (below <= kTo && ks[below]! < j) below++;
    let above = below;
    if (above <= kTo && ks[above] === j) above++;
    if (below > kFrom && above <= kTo) {
      if (!multiSelect(a, left, j - 1, ks, kFrom, below - 1)) return false;
      left = j + 1;
      kFrom = above;
    } else if (below > kFrom) {
      right = j - 1;
      kTo = below - 1;
    } else {
      left = j + 1;
      kFrom = above;
    }
  }
}
