/**
 * The verdict settings, resolved once: every setting a user chooses for how a comparison decides
 * (confidence, thresholds, gated statistics) is checked here with a usage error, and the one table of
 * defaults lives here. The shells (CLI flags, action inputs) parse through these functions; the
 * pipeline resolves one frozen VerdictSettings and hands it down; the methods below only assert.
 */
import { UsageError } from '../errors.js';
import { isConfidence, SHARED_DEFAULTS } from '../compare/defaults.js';
import { parseGateStatistics, type GateStatistics } from '../compare/gate.js';
import type { ComparisonMethod, MethodSummary } from '../compare/method.js';
import { methodOf, VERDICT_METHODS } from '../compare/methods.js';
import { parseThresholds, type Thresholds } from '../compare/thresholds.js';
import type { MissingPolicy } from '../compare/presence.js';

export { parseGateStatistics, parseThresholds };
export { assertConfidence, isConfidence, type VerdictOptions } from '../compare/defaults.js';

/**
 * The one table of defaults: those every method shares (defaults.ts, where each is explained), and per method its
 * `confidence`, 1 − the false-alarm budget per gated statistic family (each method's file says why its own).
 */
export const VERDICT_DEFAULTS = Object.freeze({
  ...SHARED_DEFAULTS,
  confidence: Object.freeze(
    Object.fromEntries(VERDICT_METHODS.map((m) => [m.name, m.defaults.confidence])) as Record<ComparisonMethod, number>,
  ),
});

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

/**
 * A `--missing` flag or `missing` input: what a benchmark of the reference that the results lack does to the gate
 * (presence.ts judgeMissing); undefined when not given or empty (the default, `warn`).
 */
export function parseMissingPolicy(text: string | undefined, what = '--missing'): MissingPolicy | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = text.trim().toLowerCase();
  if (value === 'fail' || value === 'warn') return value;
  throw new UsageError(`${what} must be fail or warn; got ${JSON.stringify(text.trim())}`);
}

/** How a comparison decides, resolved once: what the methods use and the reports show. */
export interface VerdictSettings extends MethodSummary {
  readonly thresholds: Readonly<Thresholds>;
  readonly minHistory: number;
  readonly maxHistory: number;
  readonly minWeightRuns: number;
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
  const confidence = choices.confidence ?? methodOf(method).defaults.confidence;
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
