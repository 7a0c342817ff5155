/**
 * Within-run uncertainty of a latency shift between two raw sample series (docs/statistics.md).
 *
 * Latency samples are serially correlated (a slow period lasts many samples), so an i.i.d.
 * bootstrap understates the uncertainty. The moving-block bootstrap resamples contiguous blocks
 * of each series, which keeps the short-range dependence. Everything is seeded: the same inputs
 * and options give the same numbers, bit for bit.
 */

/** mulberry32: a small, fast, seeded 32-bit PRNG; returns floats in [0, 1). */
import { median } from './median.js';
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ShiftOptions {
  /** Bootstrap resamples. Default 400. */
  resamples?: number;
  /** Two-sided confidence of the interval. Default 0.95. */
  confidence?: number;
  /** Block length in samples; default ⌈2·n^(1/3)⌉ (38 for n = 5000), at least 1. */
  blockLength?: number;
  /** PRNG seed. Default 1. */
  seed?: number;
  /**
   * Series longer than this are thinned by a regular stride (order kept) before bootstrapping,
   * to bound the cost at O(resamples · maxSamples). Default 5000.
   */
  maxSamples?: number;
  /** The Hodges–Lehmann estimate uses at most this many samples of each series. Default 1000. */
  maxHodgesLehmannSamples?: number;
}

export const SHIFT_DEFAULTS = {
  resamples: 400,
  confidence: 0.95,
  seed: 1,
  maxSamples: 5000,
  maxHodgesLehmannSamples: 1000,
} as const;

export interface ShiftEstimate {
  /** median(result) − median(baseline), in the samples' unit. */
  medianShift: number;
  /** median(result) / median(baseline) − 1: positive means slower. */
  relativeShift: number;
  /** Moving-block bootstrap percentile interval of `relativeShift`. */
  interval: { lower: number; upper: number; confidence: number };
  /** Hodges–Lehmann shift: the median of all pairwise differences result_j − baseline_i. */
  hodgesLehmann: number;
  blockLength: number;
  resamples: number;
  /** Samples used per series after thinning. */
  baselineSamples: number;
  resultSamples: number;
}

/** Keeps every k-th value so that at most `max` remain; order is kept. */
export function thin(values: ArrayLike<number>, max: number): Float64Array {
  const n = values.length;
  if (n <= max) return Float64Array.from(values as ArrayLike<number>);
  const stride = n / max;
  const out = new Float64Array(max);
  for (let i = 0; i < max; i++) out[i] = values[Math.floor(i * stride)]!;
  return out;
}

/** One moving-block bootstrap resample of `source` into `out` (same length). */
function blockResample(source: Float64Array, out: Float64Array, block: number, random: () => number): void {
  const n = source.length;
  const starts = Math.max(1, n - block + 1);
  let k = 0;
  while (k < n) {
    const start = Math.floor(random() * starts);
    for (let j = 0; j < block && k < n; j++) out[k++] = source[start + j]!;
  }
}

/** Hodges–Lehmann two-sample shift on (thinned) series: median of all result − baseline pairs. */
export function hodgesLehmannShift(
  baseline: ArrayLike<number>,
  result: ArrayLike<number>,
  maxSamples: number = SHIFT_DEFAULTS.maxHodgesLehmannSamples,
): number {
  const x = thin(baseline, maxSamples);
  const y = thin(result, maxSamples);
  const d = new Float64Array(x.length * y.length);
  let k = 0;
  for (let j = 0; j < y.length; j++) for (let i = 0; i < x.length; i++) d[k++] = y[j]! - x[i]!;
  return median(d);
}

/**
 * The shift between a baseline and a result run of the same statistic's raw samples, with a
 * moving-block bootstrap interval that respects serial correlation. Non-finite samples are dropped.
 */
export function withinRunShift(
  baseline: ArrayLike<number>,
  result: ArrayLike<number>,
  options: ShiftOptions = {},
): ShiftEstimate {
  const resamples = options.resamples ?? SHIFT_DEFAULTS.resamples;
  const confidence = options.confidence ?? SHIFT_DEFAULTS.confidence;
  const seed = options.seed ?? SHIFT_DEFAULTS.seed;
  const maxSamples = options.maxSamples ?? SHIFT_DEFAULTS.maxSamples;
  const finite = (v: ArrayLike<number>) => Array.from(v as ArrayLike<number>).filter(Number.isFinite);
  const x = thin(finite(baseline), maxSamples);
  const y = thin(finite(result), maxSamples);
  if (x.length === 0 || y.length === 0)
    throw new RangeError('withinRunShift needs at least one finite sample in each series');
  const nMax = Math.max(x.length, y.length);
  const blockLength = Math.max(1, Math.floor(options.blockLength ?? Math.ceil(2 * Math.cbrt(nMax))));
  const mx = median(x);
  const my = median(y);
  const random = mulberry32(seed);
  const bx = new Float64Array(x.length);
  const by = new Float64Array(y.length);
  const stats = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    blockResample(x, bx, Math.min(blockLength, x.length), random);
    blockResample(y, by, Math.min(blockLength, y.length), random);
    stats[r] = median(by) / median(bx) - 1;
  }
  stats.sort();
  const alpha = (1 - confidence) / 2;
  const at = (q: number) => {
    // Linear interpolation between order statistics, as numpy's default percentile.
    const v = (resamples - 1) * q;
    const lo = Math.floor(v);
    const hi = Math.min(resamples - 1, lo + 1);
    return stats[lo]! + (stats[hi]! - stats[lo]!) * (v - lo);
  };
  return {
    medianShift: my - mx,
    relativeShift: my / mx - 1,
    interval: { lower: at(alpha), upper: at(1 - alpha), confidence },
    hodgesLehmann: hodgesLehmannShift(x, y, options.maxHodgesLehmannSamples ?? SHIFT_DEFAULTS.maxHodgesLehmannSamples),
    blockLength,
    resamples,
    baselineSamples: x.length,
    resultSamples: y.length,
  };
}
