/**
 * A bootstrap prediction test: is one new value higher than a run of the history would give? Each resample draws the
 * history's n values with replacement and one more as a pseudo-candidate; its statistic is the pseudo-candidate less
 * the resample's median. The candidate's own statistic is its value less the history's median.
 *
 * The p-value is (1 + #{resampled ≥ observed}) / (resamples + 1), and never below 1/(n + 1): an exchangeable new run is
 * the highest of n + 1 with probability 1/(n + 1), so n runs cannot tell more than that, whatever the resamples say.
 * Values are logs of the run statistic (noise is multiplicative). Seeded: the same inputs give the same numbers.
 */
import { medianOfSorted } from './median.js';
import { mulberry32 } from './shift.js';

export interface BootstrapPredictionOptions {
  /** How many resamples. */
  readonly resamples: number;
  /** The PRNG's seed. */
  readonly seed: number;
  /** The two-sided level of the band: the central share of resampled statistics it spans (0.9). */
  readonly level: number;
}

export interface BootstrapPrediction {
  /** One-sided p-value of "a run like the history's" against "higher". */
  readonly pValue: number;
  /** The observed statistic: the candidate less the history's median. */
  readonly effect: number;
  /** The central `level` of the resampled statistics: what an unchanged run gives. */
  readonly band: { readonly lower: number; readonly upper: number };
}

/** The test of `candidate` against `history` (at least 2 values), or undefined with fewer. */
export function bootstrapPrediction(
  history: readonly number[],
  candidate: number,
  options: BootstrapPredictionOptions,
): BootstrapPrediction | undefined {
  const n = history.length;
  if (n < 2) return undefined;
  const random = mulberry32(options.seed);
  const draw = () => history[Math.floor(random() * n)]!;
  const sample = new Float64Array(n);
  const resampled = new Float64Array(options.resamples);
  const effect = candidate - medianOfSorted(Float64Array.from(history).sort());
  let above = 0;
  for (let b = 0; b < options.resamples; b++) {
    for (let i = 0; i < n; i++) sample[i] = draw();
    const statistic = draw() - medianOfSorted(sample.sort());
    resampled[b] = statistic;
    if (statistic >= effect) above++;
  }
  resampled.sort();
  const tail = (1 - options.level) / 2;
  const at = (q: number) => resampled[Math.min(options.resamples - 1, Math.floor(q * options.resamples))]!;
  return {
    pValue: Math.max((1 + above) / (options.resamples + 1), 1 / (n + 1)),
    effect,
    band: { lower: at(tail), upper: at(1 - tail) },
  };
}
