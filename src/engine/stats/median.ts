/**
 * The one median of the engine: the middle value, or the mean of the two middle ones for an even count (numpy's
 * `np.median`).
 */

/** `np.median` of ascending values: the middle one, or the mean of the two middle ones. */
export function medianOfSorted(sorted: ArrayLike<number>): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const mid = n >> 1;
  if (n % 2 === 1) return sorted[mid]!;
  return (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median of a copy of `values` (mean of the two middle values for an even count); NaN for none. */
export function median(values: ArrayLike<number>): number {
  return medianOfSorted(Float64Array.from(values as ArrayLike<number>).sort());
}
