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
export function populationStdev(values: ArrayLike<number>, valuesMean = mean(values)): number {
  const n = values.length;
  const squares = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = values[i]! - valuesMean;
    squares[i] = d * d;
  }
  return Math.sqrt(sum(squares) / n);
}

/** `np.median` of ascending values: the middle one, or the mean of the two middle ones. */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const mid = n >> 1;
  if (n % 2 === 1) return sorted[mid]!;
  return (sorted[mid - 1]! + sorted[mid]!) / 2;
}

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
