/**
 * The defaults every verdict method shares, what a method takes, and the engine's check of a confidence. The methods
 * read them here; settings.ts adds each method's own defaults (method.ts) to make the one table, VERDICT_DEFAULTS.
 * - `threshold`: the relative worsening a row may show before it can fail (thresholds.ts).
 * - `minHistory`: fewer history runs than this judge on the threshold against the newest run.
 * - `maxHistory`: only the newest runs of a history are used; older ones (a history keeps 30) weight the pooled row.
 * - `pooledShare`: the share of a family's α its pooled (geomean) row gets; the parameter rows split the rest.
 *   Measured in docs/statistics.md ("The α split").
 * - `minWeightRuns`: older history runs needed to weight the pooled row by 1/σ² per parameter.
 * - `independentRepetitions`: whether a candidate's repetitions ran in separate jobs. By default they ran back to back
 *   in one job and may share its noise (measured: half the spread of runs from another session on UDP), so the band
 *   never counts them as more independent runs than the history's records hold (noise.ts).
 */
import { DEFAULT_GATE, type GateStatistics } from './gate.js';
import { DEFAULT_THRESHOLD } from './thresholds.js';

export const SHARED_DEFAULTS = Object.freeze({
  threshold: DEFAULT_THRESHOLD,
  gate: DEFAULT_GATE,
  minHistory: 3,
  maxHistory: 20,
  pooledShare: 0.75,
  minWeightRuns: 5,
  independentRepetitions: false,
});

/**
 * What a method takes: a VerdictSettings (settings.ts), or (in tests and tools) some of its fields, the others from
 * the defaults. With several parameters, `pooledShare` of α goes to the pooled row and the rest is split evenly among
 * the parameter rows (Bonferroni), so the family fails an unchanged build with probability ≤ 1 − confidence.
 */
export interface VerdictOptions {
  readonly confidence?: number;
  readonly gate?: GateStatistics;
  readonly minHistory?: number;
  readonly maxHistory?: number;
  readonly pooledShare?: number;
  readonly minWeightRuns?: number;
  readonly independentRepetitions?: boolean;
  /**
   * Whether the history method moderates the parameter rows' spreads with a prior fitted across their family
   * (historyMethod.ts). Default false, each row's own spread: moderated, unchanged builds fail more often on payloads
   * of unequal noise and under heavy tails (docs/statistics.md, "Moderated variances"); the validators measure both.
   */
  readonly moderatedVariances?: boolean;
  /**
   * A judgement whose rows only lend their spreads (suiteTails.ts's first pass): only the gated parameter rows are
   * judged, without a detectable change (the noncentral t's power solve, most of a large suite's judging time) or
   * null statistics, and no pooled geomean rows. Default false.
   */
  readonly spreadsOnly?: boolean;
}

/**
 * The confidences a user may give: above 0.5 (at 0.5 a one-parameter row's band has zero width
 * and every change beyond the threshold would fail) and below 1 (a band of infinite width).
 */
export function isConfidence(value: number): boolean {
  return value > 0.5 && value < 1;
}

/**
 * The engine's check below the settings: a confidence that did not come through resolveVerdictSettings is a programming
 * error.
 */
export function assertConfidence(confidence: number): number {
  if (!isConfidence(confidence)) throw new RangeError(`confidence must be in (0.5, 1), got ${confidence}`);
  return confidence;
}
