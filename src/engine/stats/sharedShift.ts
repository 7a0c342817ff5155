/**
 * The shared shift of each A/B pair (docs/statistics.md, "The shared shift of a run"). On a shared runner a whole
 * invocation is slower or faster, one factor common to every benchmark of that run. For pair i and benchmark b the
 * log ratio (worse positive) is d_ib = s_i + δ_b + e_ib: s_i the pair's suite shift (both runs' shared factors), δ_b
 * the benchmark's true change, e_ib its residual.
 *
 * - The pair's shift is estimated robustly, ŝ_i = median over the benchmarks of d_ib (with two benchmarks, their
 *   mean), so that one changed or stalling benchmark does not move it.
 * - A benchmark's change relative to the suite is the mean over pairs of r_ib = d_ib − ŝ_i. Each r_ib is a function
 *   of pair i alone, so for one benchmark the k values are independent and identically distributed whatever the
 *   benchmarks' own variances: a t interval on k − 1 degrees of freedom from their spread is exact for normal noise.
 *   The error of ŝ_i is inside r_ib, so the degrees of freedom spent on the k shifts are accounted for: together the
 *   B deviations carry the two-way layout's (k − 1)(B − 1) residual degrees of freedom, split per benchmark because
 *   benchmarks differ in noise (UDP payloads: sd 0.083 to 0.246). The shared noise s_i cancels in r_ib.
 * - The suite's change is the mean over pairs of the pair's mean log ratio over the benchmarks (the log of the
 *   geometric-mean ratio), with its t interval from the spread of those k means: it keeps the shared runner noise,
 *   so it is exactly the paired method's pooled geomean row.
 */
import { meanAndSd } from './effectTest.js';
import { median } from './median.js';

/** A mean of log values, its standard error and degrees of freedom. */
export interface LogEstimate {
  readonly mean: number;
  readonly se: number;
  readonly df: number;
}

export interface SharedShiftFit {
  /** ŝ_i per pair: the median over the benchmarks of its log ratios. */
  readonly shifts: readonly number[];
  /** The suite's change: mean over pairs of the pair's mean log ratio; se from their spread (shared noise in). */
  readonly suite: LogEstimate;
  /** Per benchmark: its change relative to the suite, mean over pairs of d_ib − ŝ_i; se on k − 1 df. */
  readonly deviations: readonly LogEstimate[];
  /** Per benchmark: its own total change, the mean over pairs of d_ib. */
  readonly totals: readonly number[];
}

/**
 * Fits the shared-shift model to `logRatios[i][b]`, pair i and benchmark b, worse positive. Needs at least 2 pairs and
 * 2 benchmarks, every pair with every benchmark (the model does not apply to one benchmark: its shift and its change
 * cannot be told apart).
 */
export function fitSharedShift(logRatios: readonly (readonly number[])[]): SharedShiftFit {
  const k = logRatios.length;
  const benchmarks = logRatios[0]?.length ?? 0;
  if (k < 2) throw new RangeError(`a shared-shift fit needs at least 2 pairs, got ${k}`);
  if (benchmarks < 2) throw new RangeError(`a shared-shift fit needs at least 2 benchmarks, got ${benchmarks}`);
  if (logRatios.some((pair) => pair.length !== benchmarks))
    throw new RangeError('a shared-shift fit needs every benchmark in every pair');
  const shifts = logRatios.map((pair) => median(pair));
  const pairMeans = logRatios.map((pair) => pair.reduce((a, b) => a + b, 0) / benchmarks);
  const suite = meanAndSd(pairMeans);
  const deviations: LogEstimate[] = [];
  const totals: number[] = [];
  for (let b = 0; b < benchmarks; b++) {
    const { mean, sd } = meanAndSd(logRatios.map((pair, i) => pair[b]! - shifts[i]!));
    deviations.push({ mean, se: sd / Math.sqrt(k), df: k - 1 });
    totals.push(logRatios.reduce((a, pair) => a + pair[b]!, 0) / k);
  }
  return { shifts, suite: { mean: suite.mean, se: suite.sd / Math.sqrt(k), df: k - 1 }, deviations, totals };
}

/** What the suite's own test found, at its share of α (the pooled row's). */
export interface SuiteOutcome {
  /** Its interval excludes no change on the worse side. */
  readonly significantlyWorse: boolean;
  /** Its interval excludes no change on the better side. */
  readonly significantlyBetter: boolean;
  /** It fails: worse beyond the threshold and significantly worse. */
  readonly failed: boolean;
  /** It improved: better beyond the threshold and significantly better. */
  readonly improved: boolean;
}

/** One benchmark's numbers for the rule: log effects, worse positive. */
export interface BenchmarkEvidence {
  /** Its change relative to the suite. */
  readonly deviation: number;
  /** t(1 − α_row, k − 1) · se of the deviation: the one-sided margin at the row's level. */
  readonly margin: number;
  /** Its own total change, mean over pairs of d_ib. */
  readonly total: number;
}

/** How a benchmark row is decided: worse or better on its own deviation, or with the suite, or neither. */
export interface BenchmarkJudgement {
  /**
   * The change the threshold is held against: the total when the suite moved (its interval excludes no change),
   * else the deviation (a suite shift within its noise is the runner's, counted as none).
   */
  readonly magnitude: number;
  readonly worse?: 'own' | 'suite';
  readonly better?: 'own' | 'suite';
}

/**
 * The rule for one benchmark (log effects, worse positive; `worseLog` > 0 and `betterLog` < 0 the threshold's
 * edges):
 * - worse on its own: magnitude > worseLog and deviation − margin > 0 (significantly worse than the suite);
 * - worse with the suite: the suite failed, total > worseLog and deviation + margin ≥ 0 (not significantly better
 *   than the suite, so it moved with it);
 * - better, the mirror image: magnitude < betterLog and deviation + margin < 0, or the suite improved, total <
 *   betterLog and deviation − margin ≤ 0.
 * An unchanged build fails a benchmark on its own only when its deviation's test false-alarms (≤ α_row), and with
 * the suite only when the suite's test does.
 */
export function judgeBenchmark(
  evidence: BenchmarkEvidence,
  suite: SuiteOutcome,
  worseLog: number,
  betterLog: number,
): BenchmarkJudgement {
  const { deviation, margin, total } = evidence;
  const magnitude = suite.significantlyWorse || suite.significantlyBetter ? total : deviation;
  const worse =
    magnitude > worseLog && deviation - margin > 0
      ? 'own'
      : suite.failed && total > worseLog && deviation + margin >= 0
        ? 'suite'
        : undefined;
  const better =
    worse !== undefined
      ? undefined
      : magnitude < betterLog && deviation + margin < 0
        ? 'own'
        : suite.improved && total < betterLog && deviation - margin <= 0
          ? 'suite'
          : undefined;
  return { magnitude, ...(worse ? { worse } : {}), ...(better ? { better } : {}) };
}
