/**
 * A one-sided t test of "the candidate is worse" on a log-scale effect, shared by the history
 * rule (a prediction interval) and the paired A/B rule (a confidence interval). Both reduce to an
 * estimate of the log effect (worse positive), its standard error and degrees of freedom.
 */
import type { Direction } from '../model/measurement.js';
import { smallestShiftCaught } from './noncentralT.js';
import { studentTCdf } from './studentT.js';
import { tTableQuantile } from './tTable.js';

/** Power at which the minimum detectable change is stated: a change of that size is caught 9 times in 10. */
export const DETECTION_POWER = 0.9;

export interface EffectTest {
  /** The relative change, worse positive (0.2: 20 % worse; for a throughput, 20 % lower). */
  effect: number;
  /**
   * The relative change's interval, worse positive: log effect ± t(1 − α, df) · se. Its lower edge
   * is the one-sided (1 − α) bound the test uses; the interval is two-sided at 1 − 2α.
   */
  interval: { lower: number; upper: number };
  /** One-sided p-value of "no change" against "worse". */
  pValue: number;
  /** Whether the interval excludes no change on the worse side (pValue < α). */
  significant: boolean;
  /** Whether the interval excludes no change on the better side. */
  significantlyBetter: boolean;
  df: number;
  /** t(1 − α, df): the interval's half-width is critical · standardError on logs. */
  critical: number;
  /** The standard error of the log effect. */
  standardError: number;
  /** The smallest true worsening this test catches with probability DETECTION_POWER at α (relative). */
  detectable: number;
}

/**
 * A relative change (worse positive) from a log effect (worse positive): for lower-is-better
 * metrics result / reference − 1; for higher-is-better 1 − result / reference, as deltaPercent.
 */
export function relativeOfLog(logWorse: number, direction: Direction): number {
  return direction === 'higher-is-better' ? 1 - Math.exp(-logWorse) : Math.exp(logWorse) - 1;
}

/** The log effect, worse positive, of `result` against `reference` (both positive). */
export function logWorse(reference: number, result: number, direction: Direction): number {
  const l = Math.log(result / reference);
  return direction === 'higher-is-better' ? -l : l;
}

/**
 * The test of a log effect (worse positive) with standard error `se` on `df` degrees of freedom
 * at one-sided level `alpha`. With se = 0 (identical values) the effect is exact: significant
 * whenever it is not zero.
 */
export function logEffectTest(
  logEffect: number,
  se: number,
  df: number,
  alpha: number,
  direction: Direction,
): EffectTest {
  if (!(alpha > 0 && alpha < 0.5)) throw new RangeError(`alpha must be in (0, 0.5), got ${alpha}`);
  if (!(df >= 1)) throw new RangeError(`a t test needs at least 1 degree of freedom, got ${df}`);
  const critical = tTableQuantile(1 - alpha, df);
  const margin = critical * se;
  const pValue = se > 0 ? 1 - studentTCdf(logEffect / se, df) : logEffect > 0 ? 0 : logEffect < 0 ? 1 : 0.5;
  return {
    effect: relativeOfLog(logEffect, direction),
    interval: {
      lower: relativeOfLog(logEffect - margin, direction),
      upper: relativeOfLog(logEffect + margin, direction),
    },
    pValue,
    significant: logEffect - margin > 0,
    significantlyBetter: logEffect + margin < 0,
    df,
    critical,
    standardError: se,
    detectable: detectableChange(critical, se, df, 0, direction),
  };
}

/**
 * The smallest true worsening (relative) caught with probability DETECTION_POWER by a rule that fails a change when
 * its estimate is both over `threshold` and beyond `critical` estimated standard errors (the t test at α on `df`
 * degrees of freedom), for an estimate with standard error `se` on logs. The power counts that the standard error is
 * itself estimated (the noncentral t, noncentralT.ts), so the change is caught 9 times in 10 over the noise of both
 * the estimate and its standard error. A true change exactly at the threshold is caught about half the time, whatever
 * the design. With se = 0 the estimate is exact: the threshold.
 */
export function detectableChange(
  critical: number,
  se: number,
  df: number,
  threshold: number,
  direction: Direction,
): number {
  const thresholdLog = direction === 'higher-is-better' ? -Math.log(1 - Math.min(threshold, 1)) : Math.log1p(threshold);
  if (!(se > 0)) return relativeOfLog(thresholdLog, direction);
  if (thresholdLog === Infinity) return relativeOfLog(Infinity, direction);
  return relativeOfLog(smallestShiftCaught(DETECTION_POWER, critical, df, thresholdLog / se) * se, direction);
}

/** Mean and sample standard deviation (n − 1); sd is NaN below two values. */
export function meanAndSd(values: readonly number[]): { mean: number; sd: number } {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = n > 1 ? Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1)) : NaN;
  return { mean, sd };
}

/**
 * Paired test on per-pair log ratios (worse positive), one per interleaved A/B pair: the mean
 * ratio with a t interval on k − 1 degrees of freedom. Needs at least two pairs.
 */
export function pairedLogTest(logRatios: readonly number[], alpha: number, direction: Direction): EffectTest {
  const k = logRatios.length;
  if (k < 2) throw new RangeError(`a paired test needs at least 2 pairs, got ${k}`);
  const { mean, sd } = meanAndSd(logRatios);
  return logEffectTest(mean, sd / Math.sqrt(k), k - 1, alpha, direction);
}

/**
 * A candidate of k runs against a history of n single runs, on log values: the candidate's mean against the history's
 * mean, standard error s · √(1/k + 1/n) where s is the history's between-run spread on n − 1 degrees of freedom, pooled
 * with the candidate's own spread when k ≥ 2 (n + k − 2 df): the prediction interval for the mean of k new runs. An
 * independent statement of noise.ts's band, for its tests. Needs n ≥ 2.
 */
export function historyLogTest(
  historyLogs: readonly number[],
  candidateLogs: readonly number[],
  alpha: number,
  direction: Direction,
): EffectTest & { centre: number; spread: number } {
  const n = historyLogs.length;
  const k = candidateLogs.length;
  if (n < 2 || k < 1)
    throw new RangeError(`a history test needs at least 2 history runs and 1 candidate run, got ${n} and ${k}`);
  const { mean: centre, sd: historySpread } = meanAndSd(historyLogs);
  const { mean: candidate, sd: candidateSpread } = meanAndSd(candidateLogs);
  const df = k >= 2 ? n + k - 2 : n - 1;
  const spread =
    k >= 2 ? Math.sqrt(((n - 1) * historySpread ** 2 + (k - 1) * candidateSpread ** 2) / df) : historySpread;
  const raw = candidate - centre;
  const test = logEffectTest(
    direction === 'higher-is-better' ? -raw : raw,
    spread * Math.sqrt(1 / k + 1 / n),
    df,
    alpha,
    direction,
  );
  return { ...test, centre, spread };
}
