/**
 * A limit that one new run of an unchanged build stays within, from the spread between past runs.
 *
 * Run-to-run noise of a benchmark statistic is close to log-normal (a slower machine state scales
 * every time by a factor), so the bound is taken on log values: for n runs with mean m and sample
 * standard deviation s of log(x), a new run's log value lies below
 *
 *   m + t(q, n − 1) · s · √(1 + 1/n)
 *
 * with probability q (the one-sided prediction interval of a normal sample: the new value and the
 * estimated mean both vary, hence the 1/n; s is estimated, hence Student's t). A floor (throughput)
 * mirrors it below the mean. A value ≤ 0 has no log: those series use the same bound on the values.
 * A spread of zero (identical runs, counts such as allocs/op) or one run gives no noise to scale by,
 * so a limit always lies a floor margin beyond the worst run: a limit derived from runs never fails
 * one of those runs.
 */
import type { Direction } from '../model/measurement.js';
import { studentTQuantile } from './studentT.js';

export interface PredictionLimit {
  /** A ceiling (lower is better) or a floor (higher is better). NaN when a run has no value. */
  limit: number;
  /** The runs' centre: their geometric mean on the log scale, their mean on the linear one. */
  centre: number;
  /**
   * Sample standard deviation (n − 1) between runs: of log values on the log scale, of values on the linear one; NaN
   * for one run.
   */
  spread: number;
  scale: 'log' | 'linear';
  runs: number;
  /** The Student t quantile t(q, n − 1) the bound used; NaN for one run. */
  t: number;
  /**
   * What set the limit: the prediction bound, or the floor margin beyond the worst run (no spread, one run, or a bound
   * inside the runs).
   */
  setBy: 'bound' | 'floor';
  /** How far the limit lies beyond the centre on the worse side (see marginOver): 0.12 is 12 % looser. */
  margin: number;
}

/**
 * The one-sided prediction limit of `values` (one value per run) at probability `confidence` for
 * one new run, at least `floorMargin` (relative) beyond the worst run. NaN in `values` (a run
 * without this number) gives a NaN limit, as a percentile would.
 */
export function predictionLimit(
  values: readonly number[],
  direction: Direction,
  confidence: number,
  floorMargin: number,
): PredictionLimit {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence ${confidence} is not in (0, 1)`);
  const n = values.length;
  const ceiling = direction === 'lower-is-better';
  const side = ceiling ? 1 : -1;
  if (n === 0 || values.some(Number.isNaN)) {
    return { limit: NaN, centre: NaN, spread: NaN, scale: 'log', runs: n, t: NaN, setBy: 'bound', margin: NaN };
  }
  const { scale, mean, spread } = spreadOf(values);
  const t = n > 1 ? studentTQuantile(confidence, n - 1) : NaN;
  const worst = ceiling ? Math.max(...values) : Math.min(...values);
  const floorLimit = worst + side * floorMargin * Math.abs(worst);
  let limit = floorLimit;
  let setBy: PredictionLimit['setBy'] = 'floor';
  if (n > 1) {
    const reach = mean + side * t * spread * Math.sqrt(1 + 1 / n);
    const bound = scale === 'log' ? Math.exp(reach) : reach;
    if (ceiling ? bound > floorLimit : bound < floorLimit) {
      limit = bound;
      setBy = 'bound';
    }
  }
  const centre = scale === 'log' ? Math.exp(mean) : mean;
  return { limit, centre, spread, scale, runs: n, t, setBy, margin: marginOver(centre, limit, direction, scale) };
}

/** The runs' mean and sample standard deviation (n − 1), of log values when every value is positive. */
export function spreadOf(values: readonly number[]): { scale: 'log' | 'linear'; mean: number; spread: number } {
  const n = values.length;
  const scale = values.every((v) => v > 0) ? 'log' : 'linear';
  const xs = scale === 'log' ? values.map(Math.log) : values;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const spread = n > 1 ? Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (n - 1)) : NaN;
  return { scale, mean, spread };
}

/**
 * How far `limit` lies beyond `centre` on the worse side (negative: inside it). On the log scale a
 * ratio, the same for a ceiling and a floor at the same spread: a ceiling at centre × 1.12 and a
 * floor at centre / 1.12 both have 0.12; a floor at 0 or below is unbounded (Infinity). On the
 * linear scale the difference relative to |centre| (NaN for a centre of 0 and a limit that is not).
 */
export function marginOver(centre: number, limit: number, direction: Direction, scale: 'log' | 'linear'): number {
  const ceiling = direction === 'lower-is-better';
  if (scale === 'log') return ceiling ? limit / centre - 1 : limit > 0 ? centre / limit - 1 : Infinity;
  const side = ceiling ? 1 : -1;
  return centre !== 0 ? (side * (limit - centre)) / Math.abs(centre) : limit === centre ? 0 : NaN;
}

/**
 * The probability each of `limits` limits must hold with so that a run passes all of them with
 * probability at least `runConfidence` (Bonferroni: valid whatever the limits' correlation).
 */
export function perLimitConfidence(runConfidence: number, limits: number): number {
  return limits <= 1 ? runConfidence : 1 - (1 - runConfidence) / limits;
}
