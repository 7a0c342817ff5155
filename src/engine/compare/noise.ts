/**
 * Noise-aware regression detection against a history of baseline runs (docs/statistics.md).
 *
 * Pure functions, no I/O. A run statistic (the Median, 99% or Max of one sub-experiment and
 * payload) is compared with its values over the last N baseline runs of the default branch.
 * The between-run spread is estimated on log values, because latency noise is multiplicative
 * (a busy machine makes everything x % slower) and a log band is symmetric in ratio terms.
 *
 * The band is a one-sided-per-side prediction interval for the mean of k new runs of an unchanged
 * build (k = 1 for a single run, k > 1 for repetitions of the candidate), when each history value
 * is itself the pool of r runs (r = 1 unless the history recorded repetitions):
 *   mean(log h) ± t(confidence, n − 1) · sd(log h) · √(r/k + 1/n)
 * (sd(log h) estimates σ/√r, the candidate's mean has sd σ/√k), which, for log-normal run-to-run
 * noise, lets an unchanged result fall above the upper edge with probability exactly
 * 1 − confidence, whatever n, k and r are.
 *
 * That holds when the candidate's k runs are independent runs (separate jobs: `repetitions: independent`). Runs
 * back to back in one job share the job's noise: on the real UDP reruns, runs of one session spread half as much as
 * runs from another session (sd 0.080 against 0.158). The mean of k such runs has variance σ_J² + σ_E²/k (job and
 * run parts), which is at most a history value's σ_J² + σ_E²/r when k ≥ r and at most r/k times it when k < r; so by
 * default the factor r/k becomes max(1, r/k), exact for r = k whatever the job's share, and never too narrow.
 *
 * With independent runs and single-run history values (r = 1), the candidate's spread joins the history's (pooled
 * variance, n + k − 2 degrees of freedom): both estimate the spread of one run, with a smaller t.
 */
import { detectableChange, meanAndSd } from '../stats/effectTest.js';
import { moderatedVariance, type VariancePrior } from '../stats/moderatedVariance.js';
import { studentTCdf } from '../stats/studentT.js';
import { tTableQuantile } from '../stats/tTable.js';
import { assertConfidence, SHARED_DEFAULTS } from './defaults.js';
import { thresholdStatus } from './thresholdMethod.js';

/** The outcome of one noise-aware check. */
export type NoiseStatus = 'pass' | 'improved' | 'warn' | 'fail' | 'insufficient-history' | 'noisy';

/** The threshold-only rule (thresholdMethod.ts's thresholdStatus) for finite values. */
export type ThresholdStatus = 'pass' | 'improved' | 'fail';

export interface NoiseOptions {
  /**
   * Probability that an unchanged run stays at or under the band's upper edge (and, mirrored,
   * above its lower edge) under log-normal between-run noise, in (0.5, 1). No default here: the
   * caller passes the row's share of the settings' confidence (settings.ts).
   */
  confidence: number;
  /** Fewer history values than this gives `insufficient-history`. Default SHARED_DEFAULTS.minHistory (at least 2). */
  minHistory?: number;
  /** Only the newest `maxHistory` values are used. Default SHARED_DEFAULTS.maxHistory. */
  maxHistory?: number;
  /** How many runs each history value pools (history recorded with repetitions). Default 1. */
  historyRepetitions?: number;
  /**
   * Whether the candidate's runs ran in separate jobs. Default false: they ran back to back in one job and may share
   * its noise, so the band counts them as at most as many independent runs as a history value pools (see noiseBand).
   */
  independentRepetitions?: boolean;
  /** Which way is worse; default lower-is-better (latency). Throughput and rates are mirrored. */
  direction?: 'lower-is-better' | 'higher-is-better';
  /**
   * A prior on the spread fitted across the family's rows (historyMethod.ts): the row's squared spread on df degrees
   * of freedom becomes (d0·s0² + df·s²) / (d0 + df) on d0 + df (stats/moderatedVariance.ts). None: the row's own.
   */
  variancePrior?: VariancePrior;
  /** Whether to work out `detectable` (default true); NaN when false. */
  detectable?: boolean;
}

export interface NoiseBand {
  /** Lowest and highest relative effect (worse positive) an unchanged build is expected to give, e.g. −0.2 … +0.25. */
  lower: number;
  upper: number;
  /** The band's edges as values in the statistic's unit (µs): the lowest and highest value expected. */
  lowerValue: number;
  upperValue: number;
}

export interface NoiseVerdict {
  status: NoiseStatus;
  /** Whether this check breaks the gate: status `fail`, or the threshold fallback failed. */
  failed: boolean;
  /** With `insufficient-history`: the threshold-only verdict against `reference`. */
  fallback?: ThresholdStatus;
  /**
   * The value the result is compared with: the geometric mean of the history (the band's centre);
   * with `insufficient-history`, the newest history value, exactly as a single baseline.
   */
  reference: number;
  result: number;
  /** (result − reference) / reference, negated for higher-is-better metrics: positive means worse. */
  effect: number;
  threshold: number;
  /** NaN edges with `insufficient-history`. */
  band: NoiseBand;
  /**
   * The standard deviation of one run's log value: of the history's values, pooled with the candidate's repetitions
   * where they join it (≈ relative between-run spread).
   */
  spread: number;
  /** Number of history values used. */
  historyRuns: number;
  /** Number of candidate runs whose mean was judged (1 for a single run). */
  repetitions: number;
  /**
   * The smallest true worsening (relative) this row catches 9 times in 10 with this history and these repetitions,
   * counting both conditions of a fail (over the threshold and beyond t(confidence) · the estimated se) and that the
   * spread is itself estimated (effectTest.ts's detectableChange, the noncentral t). NaN without a band.
   */
  detectable: number;
  /** One-sided p-value of "unchanged" against "worse"; NaN without a band. */
  pValue: number;
  /** The degrees of freedom of the Student t the p-value is read on; NaN without a band. */
  df: number;
  /** The band's upper edge is above the threshold: this row cannot resolve a change of size t. */
  noisy: boolean;
  /** One sentence for reports. */
  reason: string;
  /** What the band was built from (none with `insufficient-history`): upperEdgeAt reads it at another confidence. */
  estimate?: NoiseBandEstimate;
}

/**
 * Compares `result` with the `history` of the same statistic (oldest first) and the relative
 * `threshold` (0.1 = 10 %).
 *
 * - `fail`: slower than reference × (1 + t) AND above the band (noise cannot explain it);
 * - `warn`: slower than reference × (1 + t) but inside the band (could be noise; does not fail);
 * - `improved`: faster than reference × (1 − t) AND below the band;
 * - `noisy`: the band's upper edge is above t, so a change of size t is indistinguishable from
 *   noise here, and the result is inside the band and not over the threshold. A noisy row can
 *   still `fail` (or `warn`): noisy never hides a result that is beyond the noise;
 * - `pass`: otherwise;
 * - `insufficient-history`: fewer than `minHistory` finite positive history values; `failed` is
 *   then the threshold-only rule against the newest history value (thresholdStatus).
 *
 * Non-finite or non-positive history values are ignored (latencies are positive). A non-finite or
 * non-positive result, or a non-finite threshold, throws a RangeError: missing rows are the
 * caller's business (compare.ts reports them as `missing`).
 */
export function noiseVerdict(
  history: readonly number[],
  candidate: number | readonly number[],
  threshold: number,
  options: NoiseOptions,
): NoiseVerdict {
  const runs = typeof candidate === 'number' ? [candidate] : candidate;
  if (runs.length === 0) throw new RangeError('noiseVerdict needs at least one candidate value');
  for (const v of runs)
    if (!Number.isFinite(v) || v <= 0) throw new RangeError(`result must be a positive number, got ${v}`);
  const k = runs.length;
  // The candidate's level: the geometric mean of its runs (the mean of their logs).
  const result = k === 1 ? runs[0]! : Math.exp(meanAndSd(runs.map(Math.log)).mean);
  const confidence = assertConfidence(options.confidence);
  const { minHistory, maxHistory } = historyLimits(options);
  if (!Number.isFinite(threshold) || threshold < 0)
    throw new RangeError(`threshold must be a non-negative number, got ${threshold}`);

  const higher = options.direction === 'higher-is-better';
  // The effect is signed so that positive is worse, whichever way the metric points.
  const worseBy = (reference: number) => (higher ? 1 - result / reference : result / reference - 1);
  const usable = usableHistory(history, maxHistory);
  const n = usable.length;
  if (n < minHistory) return insufficientHistoryVerdict(usable, result, k, threshold, minHistory, options.direction);

  const logs = runs.map(Math.log);
  const estimate = noiseBand(usable, k, { ...options, confidence, candidateLogs: logs });
  const { centre, spread, standardError, critical, df, band } = estimate;
  const reference = Math.exp(centre);
  const effect = worseBy(reference);
  const thresholdRule = thresholdStatus(reference, result, threshold, options.direction);
  const noisy = band.upper > threshold;
  const direction = higher ? 'higher-is-better' : 'lower-is-better';
  const detectable =
    options.detectable === false ? NaN : detectableChange(critical, standardError, df, threshold, direction);
  const z = (Math.log(result) - centre) / standardError;
  const pValue = standardError > 0 ? 1 - studentTCdf(higher ? -z : z, df) : NaN;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const bandText = `noise band ${pct(band.lower)} … +${pct(band.upper)} from ${n} runs${k > 1 ? ` for the mean of ${k} repetitions` : ''}`;
  const { status, reason } = classifyAgainstBand({
    overThreshold: thresholdRule === 'fail',
    underThreshold: thresholdRule === 'improved',
    aboveBand: higher ? result < band.lowerValue : result > band.upperValue,
    belowBand: higher ? result > band.upperValue : result < band.lowerValue,
    noisy,
    effect,
    threshold,
    bandText,
  });
  return {
    status,
    failed: status === 'fail',
    reference,
    result,
    effect,
    threshold,
    band,
    spread,
    historyRuns: n,
    repetitions: k,
    detectable,
    pValue,
    df,
    noisy,
    reason,
    estimate,
  };
}

/**
 * The upper edge, as a value, of a verdict's band at another `confidence`: the band.upperValue of a verdict on the same
 * arguments at that confidence (the same centre, spread and degrees of freedom; only t changes), without estimating
 * the band again: what a row's change interval needs at a second level (historyMethod.ts).
 */
export function upperEdgeAt(estimate: NoiseBandEstimate, confidence: number): number {
  const halfWidth = tTableQuantile(assertConfidence(confidence), estimate.df) * estimate.standardError;
  return Math.exp(estimate.centre + halfWidth);
}

function historyLimits(options: Pick<NoiseOptions, 'minHistory' | 'maxHistory'>) {
  const minHistory = Math.max(2, options.minHistory ?? SHARED_DEFAULTS.minHistory);
  return { minHistory, maxHistory: Math.max(minHistory, options.maxHistory ?? SHARED_DEFAULTS.maxHistory) };
}

/** The newest `maxHistory` finite positive history values. */
function usableHistory(history: readonly number[], maxHistory: number): number[] {
  return history.filter((v) => Number.isFinite(v) && v > 0).slice(-maxHistory);
}

/** The logs of the history values a band is estimated on (the newest maxHistory); none below minHistory. */
export function historyLogs(
  history: readonly number[],
  options: Pick<NoiseOptions, 'minHistory' | 'maxHistory'>,
): number[] {
  const { minHistory, maxHistory } = historyLimits(options);
  const usable = usableHistory(history, maxHistory);
  return usable.length < minHistory ? [] : usable.map(Math.log);
}

/**
 * A row's own squared spread and its degrees of freedom, as noiseVerdict's band estimates it before any prior:
 * what a family's rows fit their variance prior to (historyMethod.ts). Undefined without a band.
 */
export function noiseVariance(
  history: readonly number[],
  candidate: readonly number[],
  options: Omit<NoiseOptions, 'variancePrior'>,
): { variance: number; df: number } | undefined {
  const { minHistory, maxHistory } = historyLimits(options);
  const usable = usableHistory(history, maxHistory);
  const runs = candidate.filter((v) => Number.isFinite(v) && v > 0);
  if (usable.length < minHistory || runs.length === 0) return undefined;
  const { spread, df } = noiseBand(usable, runs.length, { ...options, candidateLogs: runs.map(Math.log) });
  return { variance: spread ** 2, df };
}

/** The verdict when fewer than `minHistory` usable history values are left: the threshold rule against the newest. */
function insufficientHistoryVerdict(
  usable: readonly number[],
  result: number,
  k: number,
  threshold: number,
  minHistory: number,
  direction: NoiseOptions['direction'],
): NoiseVerdict {
  const n = usable.length;
  const higher = direction === 'higher-is-better';
  const reference = n > 0 ? usable[n - 1]! : NaN;
  const fallback: ThresholdStatus =
    n > 0 ? (thresholdStatus(reference, result, threshold, direction) as ThresholdStatus) : 'pass';
  const nanBand = { lower: NaN, upper: NaN, lowerValue: NaN, upperValue: NaN };
  return {
    status: 'insufficient-history',
    failed: fallback === 'fail',
    fallback,
    reference,
    result,
    effect: n > 0 ? (higher ? 1 - result / reference : result / reference - 1) : NaN,
    threshold,
    band: nanBand,
    spread: NaN,
    historyRuns: n,
    repetitions: k,
    detectable: NaN,
    pValue: NaN,
    df: NaN,
    noisy: false,
    reason:
      n > 0
        ? `only ${n} baseline run${n === 1 ? '' : 's'} (need ${minHistory}): threshold rule against the newest, ${fallback}`
        : `no baseline run: nothing to compare with`,
  };
}

/** Where a result falls against the threshold and the noise band: its status and the sentence that says why. */
function classifyAgainstBand(where: {
  overThreshold: boolean;
  underThreshold: boolean;
  aboveBand: boolean;
  belowBand: boolean;
  noisy: boolean;
  effect: number;
  threshold: number;
  bandText: string;
}): { status: NoiseStatus; reason: string } {
  const { effect, threshold, bandText } = where;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  if (where.overThreshold && where.aboveBand)
    return {
      status: 'fail',
      reason: `+${pct(effect)} is over the threshold (${pct(threshold)}) and outside the ${bandText}`,
    };
  if (where.overThreshold)
    return {
      status: 'warn',
      reason: `+${pct(effect)} is over the threshold (${pct(threshold)}) but inside the ${bandText}: could be noise`,
    };
  if (where.underThreshold && where.belowBand)
    return { status: 'improved', reason: `${pct(effect)} is beyond the threshold and outside the ${bandText}` };
  if (where.noisy)
    return {
      status: 'noisy',
      reason: `the ${bandText} is wider than the threshold (${pct(threshold)}): a change of that size cannot be told from noise here`,
    };
  return {
    status: 'pass',
    reason: `${effect >= 0 ? '+' : ''}${pct(effect)} is within the threshold (${pct(threshold)}); ${bandText}`,
  };
}

/**
 * The band of a history of n ≥ 2 usable (finite, positive) values for the mean of k candidate runs, with what it is
 * built from.
 */
export interface NoiseBandEstimate {
  /** Mean of the log history values. */
  centre: number;
  /** The standard deviation the band scales: the history's, or pooled with the candidate's (see noiseBand). */
  spread: number;
  standardError: number;
  /** Degrees of freedom of the spread: n − 1, or n + k − 2 when pooled; plus the prior's d0 when moderated. */
  df: number;
  /** t(confidence, df). */
  critical: number;
  band: NoiseBand;
}

/**
 * The noise band: centre ± t(confidence, df) · s · √(f + 1/n) on logs, f = r/k for independent candidate runs and
 * max(1, r/k) for runs of one job (the module comment). Without `candidateLogs` (the dashboard draws the band of the
 * history alone) s is the history's sd on n − 1 df. With independent runs, the candidate's k ≥ 2 logs and single-run
 * history values (r = 1), s is the pooled sd √(((n − 1)·s_h² + (k − 1)·s_c²) / (n + k − 2)) on n + k − 2 df.
 */
export function noiseBand(
  usable: readonly number[],
  k: number,
  options: Pick<
    NoiseOptions,
    'confidence' | 'historyRepetitions' | 'direction' | 'independentRepetitions' | 'variancePrior'
  > & {
    candidateLogs?: readonly number[];
  },
): NoiseBandEstimate {
  const n = usable.length;
  const higher = options.direction === 'higher-is-better';
  const { mean: centre, sd: historySpread } = meanAndSd(usable.map(Math.log));
  const r = Math.max(1, options.historyRepetitions ?? 1);
  const candidate = options.candidateLogs;
  const independent = options.independentRepetitions === true;
  const pooled = independent && r === 1 && candidate !== undefined && candidate.length >= 2;
  const ownDf = pooled ? n + candidate.length - 2 : n - 1;
  const ownSpread = pooled
    ? Math.sqrt(((n - 1) * historySpread ** 2 + (candidate.length - 1) * meanAndSd(candidate).sd ** 2) / ownDf)
    : historySpread;
  const moderated = options.variancePrior
    ? moderatedVariance(ownSpread ** 2, ownDf, options.variancePrior)
    : { variance: ownSpread ** 2, df: ownDf };
  const { df } = moderated;
  const spread = Math.sqrt(moderated.variance);
  const standardError = spread * Math.sqrt((independent ? r / k : Math.max(1, r / k)) + 1 / n);
  const critical = tTableQuantile(assertConfidence(options.confidence), df);
  const halfWidth = critical * standardError;
  // Band edges as effects (worse positive): for a higher-is-better metric the low values are the worse ones.
  const band: NoiseBand = {
    lower: higher ? 1 - Math.exp(halfWidth) : Math.exp(-halfWidth) - 1,
    upper: higher ? 1 - Math.exp(-halfWidth) : Math.exp(halfWidth) - 1,
    lowerValue: Math.exp(centre - halfWidth),
    upperValue: Math.exp(centre + halfWidth),
  };
  return { centre, spread, standardError, df, critical, band };
}
