/**
 * Fast-DDS summaries as comparison sides: wrappers over the engine's methods that only tests and
 * the bench call (the pipeline reads every format through the adapters).
 */
import {
  compareExperiment,
  compareExperimentWithHistory,
  type ExperimentSide,
  type SubExperimentComparison,
} from '../../src/engine/compare/compare.js';
import type { VerdictOptions } from '../../src/engine/settings/verdict.js';
import type { Thresholds } from '../../src/engine/compare/thresholds.js';
import { resultSetOfSummary } from '../../src/engine/formats/fastdds/measurements.js';
import type { Summary } from '../../src/engine/model/summary.js';

/** A Fast-DDS summary as one side of a comparison. */
export function sideOfSummary(summary: Summary): ExperimentSide {
  const set = resultSetOfSummary(summary, 'fastdds-summary');
  return { measurements: set.measurements, sets: [set] };
}

/** Compares two Fast-DDS summaries of one sub-experiment (the reference's compare step). */
export function compareSummaries(
  experimentType: string,
  reference: Summary | undefined,
  result: Summary | undefined,
  thresholds: Thresholds,
): SubExperimentComparison {
  return compareExperiment(
    experimentType,
    reference && sideOfSummary(reference),
    result && sideOfSummary(result),
    thresholds,
  );
}

/** compareExperimentWithHistory on Fast-DDS summaries. */
export function compareWithHistory(
  experimentType: string,
  history: readonly (Summary | undefined)[],
  result: Summary | undefined,
  thresholds: Thresholds,
  options: VerdictOptions = {},
): SubExperimentComparison {
  return compareExperimentWithHistory(
    experimentType,
    history.map((s) => s && sideOfSummary(s)),
    result && sideOfSummary(result),
    thresholds,
    options,
  );
}
