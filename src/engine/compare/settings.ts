/**
 * The verdict settings, resolved once: every setting a user chooses for how a comparison decides
 * (confidence, thresholds, gated statistics) is checked here with a usage error, and the one table of
 * defaults lives here. The shells (CLI flags, action inputs) parse through these functions; the
 * pipeline resolves one frozen VerdictSettings and hands it down; the methods below only assert.
 */
import { UsageError } from '../errors.js';
import { DEFAULT_GATE, parseGateStatistics, type GateStatistics } from './gate.js';
import type { ComparisonMethod } from './rows.js';
import { DEFAULT_THRESHOLD, parseThresholds, type Thresholds } from './thresholds.js';

export { parseGateStatistics, parseThresholds };

/**
 * The one table of defaults.
 * - `confidence`: 1 − the false-alarm budget per gated statistic family, per method. A history is
 *   recorded at other times than the candidate (the machine drifts, tails are heavier than
 *   log-normal), so it gets the stricter default; measured in docs/statistics.md, 0.995 keeps a
 *   history's false alarms ≤ 1 % under heavy-tailed noise too. The threshold method judges no
 *   noise: its confidence is only reported (the paired default, as before).
 * - `minHistory`: fewer history runs than this judge on the threshold against the newest run.
 * - `maxHistory`: only the newest runs of a history are used; older ones (a history keeps 30) weight the pooled row.
 * - `pooledShare`: the share of a family's α its pooled (geomean) row gets; the parameter rows split the rest.
 *   Measured in docs/statistics.md ("The α split").
 * - `minWeightRuns`: older history runs needed to weight the pooled row by 1/σ² per parameter.
 * - `independentRepetitions`: whether a candidate's repetitions ran in separate jobs. By default they ran back to back
 *   in one job and may share its noise (measured: half the spread of runs from another session on UDP), so the band
 *   never counts them as more independent runs than the history's records hold (noise.ts).
 */
const POOLED_SHARE = 0.75;

export const VERDICT_DEFAULTS = Object.freeze({
  threshold: DEFAULT_THRESHOLD,
  gate: DEFAULT_GATE,
  confidence: Object.freeze({ threshold: 0.99, history: 0.995, paired: 0.99 } as const satisfies Record<
    ComparisonMethod,
    number
  >),
  minHistory: 3,
  maxHistory: 20,
  pooledShare: POOLED_SHARE,
  minWeightRuns: 5,
  independentRepetitions: false,
});

/**
 * The confidences a user may give: above 0.5 (at 0.5 a one-parameter row's band has zero width
 * and every change beyond the threshold would fail) and below 1 (a band of infinite width).
 */
export function isConfidence(value: number): boolean {
  return value > 0.5 && value < 1;
}

const CONFIDENCE_EXPECTED = 'a probability above 0.5 and below 1, such as 0.99';

/**
 * A `--confidence` flag or `confidence` input; undefined when not given or empty (the method's
 * default applies). `what` names it in errors; the text is quoted as JSON (no control characters reach a terminal).
 */
export function parseConfidence(text: string | undefined, what = '--confidence'): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text.trim());
  if (!Number.isFinite(value) || !isConfidence(value))
    throw new UsageError(`${what} must be ${CONFIDENCE_EXPECTED}; got ${JSON.stringify(text.trim())}`);
  return value;
}

/** How a comparison decides, resolved once: what the methods use and the reports show. */
export interface VerdictSettings {
  readonly method: ComparisonMethod;
  /** 1 − α per gated statistic family. */
  readonly confidence: number;
  readonly thresholds: Readonly<Thresholds>;
  readonly gate: GateStatistics;
  readonly minHistory: number;
  readonly maxHistory: number;
  readonly pooledShare: number;
  readonly minWeightRuns: number;
  readonly independentRepetitions: boolean;
}

/** What a user chose; every field may be absent (its default applies). */
export interface VerdictChoices {
  confidence?: number | undefined;
  thresholds?: Thresholds | undefined;
  gate?: GateStatistics | undefined;
  independentRepetitions?: boolean | undefined;
}

/** The settings of a comparison by `method`: the user's choices, checked, over the defaults; frozen. */
export function resolveVerdictSettings(method: ComparisonMethod, choices: VerdictChoices = {}): VerdictSettings {
  const confidence = choices.confidence ?? VERDICT_DEFAULTS.confidence[method];
  if (!isConfidence(confidence)) throw new UsageError(`confidence must be ${CONFIDENCE_EXPECTED}; got ${confidence}`);
  const thresholds = choices.thresholds ?? parseThresholds(undefined);
  for (const [magnitude, value] of Object.entries(thresholds)) {
    if (!Number.isFinite(value) || value < 0)
      throw new UsageError(
        `threshold of ${magnitude} must be a fraction of at least 0, such as 0.1 (10 %); got ${value}`,
      );
  }
  return Object.freeze({
    method,
    confidence,
    thresholds: Object.freeze({ ...thresholds }),
    gate: choices.gate ?? VERDICT_DEFAULTS.gate,
    minHistory: VERDICT_DEFAULTS.minHistory,
    maxHistory: VERDICT_DEFAULTS.maxHistory,
    pooledShare: VERDICT_DEFAULTS.pooledShare,
    minWeightRuns: VERDICT_DEFAULTS.minWeightRuns,
    independentRepetitions: choices.independentRepetitions ?? VERDICT_DEFAULTS.independentRepetitions,
  });
}

/**
 * The engine's check below the settings: a confidence that did not come through resolveVerdictSettings is a programming
 * error.
 */
export function assertConfidence(confidence: number): number {
  if (!isConfidence(confidence)) throw new RangeError(`confidence must be in (0.5, 1), got ${confidence}`);
  return confidence;
}

/**
 * What a method takes: a VerdictSettings, or (in tests and tools) some of its fields, the others
 * from VERDICT_DEFAULTS. With several parameters, `pooledShare` of α goes to the pooled row and the rest is split
 * evenly among the parameter rows (Bonferroni), so the family fails an unchanged build with
 * probability ≤ 1 − confidence.
 */
export type VerdictOptions = Partial<
  Pick<
    VerdictSettings,
    'confidence' | 'gate' | 'minHistory' | 'maxHistory' | 'pooledShare' | 'minWeightRuns' | 'independentRepetitions'
  >
>;
