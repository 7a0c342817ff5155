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

/** What a histogram leaves out of its axis: the samples above `above`. */
export interface HistogramTail {
  above: number;
  count: number;
  /** The largest sample, drawn nowhere else in the histogram. */
  max: number;
}

export interface BodyHistogram {
  bins: Bin[];
  tail?: HistogramTail;
}

const FINE_BINS = 1024;
/** The 99th percentile is located to within 1/64 of its distance from the smallest sample. */
const MIN_QUANTILE_BIN = 64;

/**
 * A histogram of the body of the distribution. Its axis ends at the fence p99 + (p99 − p50): the
 * 99th percentile and as much again as the body's upper half spans. When the samples above the
 * fence stretch the axis to more than twice the fence's range (a few outliers would otherwise
 * squeeze every bar into the left edge), the bins end at the fence and the samples above it are
 * counted; otherwise the bins are binSamples' over every sample.
 *
 * The percentiles are read off a 1024-bin histogram of the range, narrowed to the part below the
 * 99th percentile until that percentile lies past the 64th bin: linear in the samples per step,
 * with no sort and no copy. They are bin edges at or just above the exact percentiles; the tail
 * count is exact for the fence drawn.
 */
export function bodyHistogram(samples: ArrayLike<number>, bins: number): BodyHistogram {
  const all = binSamples(samples, bins);
  if (all.length === 0) return { bins: all };
  const lo = all[0]!.start;
  const hi = all[all.length - 1]!.end;
  let n = 0;
  for (let i = 0; i < samples.length; i++) if (Number.isFinite(samples[i]!)) n++;
  let upper = hi;
  let p50 = hi;
  let p99 = hi;
  // Each step narrows the range at least 16-fold; 20 steps reach below any double's resolution.
  for (let step = 0; step < 20; step++) {
    const width = (upper - lo) / FINE_BINS;
    const counts = new Array<number>(FINE_BINS).fill(0);
    for (let i = 0; i < samples.length; i++) {
      const v = samples[i]!;
      if (!(v <= upper) || !Number.isFinite(v)) continue;
      counts[Math.min(FINE_BINS - 1, Math.floor((v - lo) / width))]!++;
    }
    const binOf = (rank: number) => {
      let below = 0;
      let k = 0;
      while (k < FINE_BINS - 1 && below + counts[k]! < rank) below += counts[k++]!;
      return k;
    };
    const k99 = binOf(Math.ceil(n * 0.99));
    const edge = (k: number) => (k === FINE_BINS - 1 ? upper : lo + (k + 1) * width);
    p50 = edge(binOf(Math.ceil(n * 0.5)));
    p99 = edge(k99);
    if (k99 >= MIN_QUANTILE_BIN || width === 0) break;
    upper = p99;
  }
  const fence = p99 + (p99 - p50);
  if (fence >= hi || (fence - lo) * 2 >= hi - lo) return { bins: all };
  const width = (fence - lo) / bins;
  const counts = new Array<number>(bins).fill(0);
  let tail = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = samples[i]!;
    if (!Number.isFinite(v)) continue;
    if (v > fence) tail++;
    else counts[Math.min(bins - 1, Math.floor((v - lo) / width))]!++;
  }
  return {
    bins: counts.map((count, k) => ({
      start: lo + k * width,
      end: k === bins - 1 ? fence : lo + (k + 1) * width,
      count,
    })),
    tail: { above: fence, count: tail, max: hi },
  };
}
