/**
 * Histogram binning as the reference draws its histograms (pandas `Series.hist(bins=100)`, which is
 * numpy `histogram`): equal-width bins from the smallest to the largest finite sample, every bin
 * half-open but the last, which is closed; a zero range is widened to ±0.5. Only the counts leave
 * this module, so a chart never carries its samples. Pure: no I/O, no rendering.
 */

export interface Bin {
  /** The bin's lower edge. */
  start: number;
  /** The bin's upper edge (the next bin's start; the largest sample for the last bin). */
  end: number;
  count: number;
}

export function binSamples(samples: ArrayLike<number>, bins: number): Bin[] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (lo > hi) return [];
  if (lo === hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  const width = (hi - lo) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    if (!Number.isFinite(v)) continue;
    counts[Math.min(bins - 1, Math.floor((v - lo) / width))]!++;
  }
  return counts.map((count, k) => ({ start: lo + k * width, end: k === bins - 1 ? hi : lo + (k + 1) * width, count }));
}
