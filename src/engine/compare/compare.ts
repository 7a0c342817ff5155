import { resultSetOfSummary } from '../formats/fastddsMeasurements.js';
import { displayUnit, primaryStatistic } from '../check/metricCheck.js';
import type { Direction, Measurement, StatisticName } from '../model/measurement.js';
import type { Summary } from '../model/summary.js';
import { noiseVerdict, type NoiseOptions } from './noise.js';
import { thresholdOf, type Thresholds } from './thresholds.js';

/**
 * - `pass`: within the threshold; `improved`: better by more than the threshold;
 * - `fail`: worse than the reference by more than the threshold (with a history: and outside the noise band);
 * - `new`: in the results only; `missing`: in the reference only (fails);
 * - with a history only: `warn` (over the threshold, inside the noise band), `noisy` (the band is
 *   wider than the threshold), `insufficient-history` (fewer than 3 runs: judged on the threshold
 *   against the newest run).
 */
export type ComparisonStatus = 'pass' | 'improved' | 'fail' | 'new' | 'missing' | 'warn' | 'noisy' | 'insufficient-history';

/** One statistic of one metric of one experiment at one parameter: reference against result. */
export interface ComparisonRow {
  experimentType: string;
  /** The parameter's label (the payload size for payload sweeps). */
  parameter: string;
  /** NaN when the parameter is not a payload size. */
  payloadBytes: number;
  metric: string;
  statistic: StatisticName;
  /** How reports name the statistic: `Min`, `Median`, `Max`, `99%` as the reference does; else its name. */
  magnitude: string;
  /** The unit reference and result are in, for display (`µs`, `Mb/s`, `` for a count). */
  unit: string;
  direction: Direction;
  /** NaN when absent. */
  reference: number;
  result: number;
  /** How much worse the result is, in % of the reference: positive means worse in either direction. */
  deltaPercent: number;
  threshold: number;
  status: ComparisonStatus;
  /** Whether the row breaks the gate. */
  failed: boolean;
  /** With a history: the relative effects (worse positive) an unchanged build is expected to give (e.g. −0.2 … +0.25). */
  band?: { lower: number; upper: number };
  /** With a history: how many runs the band was estimated from. */
  historyRuns?: number;
}

export function comparisonRowFailed(row: ComparisonRow): boolean {
  return row.failed;
}

export interface SubExperimentComparison {
  experimentType: string;
  /** Fast-DDS latency summaries of both sides, for the reference's comparison CSV and charts. */
  reference?: Summary;
  result?: Summary;
  status: 'passed' | 'failed' | 'new' | 'missing';
  rows: ComparisonRow[];
}

/** The measurements of one experiment on one side of a comparison. */
export interface ExperimentSide {
  measurements: readonly Measurement[];
  /** Set when the side was read from Fast-DDS summary or raw files (the byte-compatible renderers use it). */
  summary?: Summary;
}

/**
 * The intended rule of `latency_compare_experiments.py`: a magnitude fails when
 * result > reference × (1 + threshold). (Upstream, misplaced parentheses make it fail on any
 * increase at all; spec §6.) For a higher-is-better metric the mirror: fails when
 * result < reference × (1 − threshold).
 */
export function judge(reference: number, result: number, threshold: number, direction: Direction = 'lower-is-better'): ComparisonStatus {
  if (Number.isNaN(result)) return 'missing';
  if (Number.isNaN(reference)) return 'new';
  const higher = direction === 'higher-is-better';
  if (higher ? result < reference * (1 - threshold) : result > reference * (1 + threshold)) return 'fail';
  if (higher ? result > reference * (1 + threshold) : result < reference * (1 - threshold)) return 'improved';
  return 'pass';
}

/** (result − reference) / reference × 100, negated for higher-is-better metrics: positive means worse. */
export function deltaPercent(reference: number, result: number, direction: Direction = 'lower-is-better'): number {
  const worseBy = direction === 'higher-is-better' ? reference - result : result - reference;
  return reference === 0 ? (result === 0 ? 0 : NaN) : (worseBy / reference) * 100;
}

/** How reports name a statistic; the reference's four magnitudes keep their spelling. */
const MAGNITUDE_NAMES: Partial<Record<StatisticName, string>> = { min: 'Min', median: 'Median', max: 'Max', p99: '99%', mean: 'Mean', value: 'Value' };

export function magnitudeName(statistic: StatisticName): string {
  return MAGNITUDE_NAMES[statistic] ?? statistic;
}

/**
 * The statistics a comparison looks at, in the reference's order: Min, the primary statistic
 * (the single value, else the median, else the mean), Max and 99% — those the measurement has.
 * For a Fast-DDS summary that is exactly the reference's Min, Median, Max, 99%.
 */
export function comparedStatistics(m: Measurement): StatisticName[] {
  const primary = primaryStatistic(m);
  return (['min', primary, 'max', 'p99'] as StatisticName[]).filter((s) => s === primary || m.statistics[s] !== undefined);
}

function keyOf(m: Measurement): string {
  return `${m.parameter.label}\u0000${m.metric.name.toLowerCase()}`;
}

/**
 * Compares one experiment, keyed by parameter × metric × statistic: measurements in reference
 * order, then measurements new in the results. A metric's direction decides what is worse.
 */
export function compareExperiment(
  experimentType: string,
  reference: ExperimentSide | undefined,
  result: ExperimentSide | undefined,
  thresholds: Thresholds,
): SubExperimentComparison {
  const refList = reference?.measurements ?? [];
  const resList = result?.measurements ?? [];
  const refByKey = new Map(refList.map((m) => [keyOf(m), m]));
  const resByKey = new Map(resList.map((m) => [keyOf(m), m]));
  const keys = [...refByKey.keys(), ...[...resByKey.keys()].filter((k) => !refByKey.has(k))];
  const rows: ComparisonRow[] = [];
  for (const key of keys) {
    const ref = refByKey.get(key);
    const res = resByKey.get(key);
    const shape = (ref ?? res)!;
    const direction = shape.metric.direction;
    for (const statistic of comparedStatistics(shape)) {
      const r = ref ? (ref.statistics[statistic] ?? NaN) : NaN;
      const x = res ? (res.statistics[statistic] ?? NaN) : NaN;
      // Neither side has a number (the tool printed none in either run): nothing to compare.
      if (ref && res && Number.isNaN(r) && Number.isNaN(x)) continue;
      const threshold = thresholdOf(thresholds, statistic);
      rows.push({
        experimentType,
        parameter: shape.parameter.label,
        payloadBytes: shape.parameter.payloadBytes ?? NaN,
        metric: shape.metric.name,
        statistic,
        magnitude: magnitudeName(statistic),
        unit: displayUnit(shape.metric.unit, shape.metric.dimension),
        direction,
        reference: r,
        result: x,
        deltaPercent: deltaPercent(r, x, direction),
        threshold,
        ...statusOf(!res ? 'missing' : !ref ? 'new' : judge(r, x, threshold, direction)),
      });
    }
  }
  const status = !reference ? 'new' : !result ? 'missing' : rows.some(comparisonRowFailed) ? 'failed' : 'passed';
  return { experimentType, ...(reference?.summary ? { reference: reference.summary } : {}), ...(result?.summary ? { result: result.summary } : {}), status, rows };
}

function statusOf(status: ComparisonStatus): { status: ComparisonStatus; failed: boolean } {
  return { status, failed: status === 'fail' || status === 'missing' };
}

/**
 * Compares one experiment with a history window of runs (oldest first; a run may lack the
 * experiment). Each row is judged against the between-run spread of that statistic over the
 * window: it fails only when the change exceeds the threshold and lies outside the noise band.
 * The newest run that has the experiment is the reference for the comparison CSV.
 */
export function compareExperimentWithHistory(
  experimentType: string,
  history: readonly (ExperimentSide | undefined)[],
  result: ExperimentSide | undefined,
  thresholds: Thresholds,
  options: NoiseOptions = {},
): SubExperimentComparison {
  const present = history.filter((s): s is ExperimentSide => s !== undefined);
  const newest = present[present.length - 1];
  const plain = compareExperiment(experimentType, newest, result, thresholds);
  if (!newest || !result) return plain;
  const byKey = present.map((side) => new Map(side.measurements.map((m) => [keyOf(m), m])));
  const resultByKey = new Map(result.measurements.map((m) => [keyOf(m), m]));
  const rows = plain.rows.map((row): ComparisonRow => {
    if (row.status === 'new' || row.status === 'missing') return row;
    const key = `${row.parameter}\u0000${row.metric.toLowerCase()}`;
    const x = resultByKey.get(key)!.statistics[row.statistic] ?? NaN;
    // The band is estimated on logs: only positive results can be judged against it.
    if (!(x > 0) || !Number.isFinite(x)) return row;
    const values = byKey.map((m) => m.get(key)?.statistics[row.statistic]).filter((v): v is number => v !== undefined && Number.isFinite(v));
    const verdict = noiseVerdict(values, x, row.threshold, { ...options, direction: row.direction });
    return {
      ...row,
      reference: verdict.reference,
      deltaPercent: verdict.effect * 100,
      status: verdict.status,
      failed: verdict.failed,
      historyRuns: verdict.historyRuns,
      ...(Number.isFinite(verdict.band.lower) ? { band: { lower: verdict.band.lower, upper: verdict.band.upper } } : {}),
    };
  });
  return { ...plain, status: rows.some(comparisonRowFailed) ? 'failed' : 'passed', rows };
}

/** A Fast-DDS summary as one side of a comparison. */
export function sideOfSummary(summary: Summary): ExperimentSide {
  return { measurements: resultSetOfSummary(summary, 'fastdds-summary').measurements, summary };
}

/** Compares two Fast-DDS summaries of one sub-experiment (the reference's compare step). */
export function compareSummaries(experimentType: string, reference: Summary | undefined, result: Summary | undefined, thresholds: Thresholds): SubExperimentComparison {
  return compareExperiment(experimentType, reference && sideOfSummary(reference), result && sideOfSummary(result), thresholds);
}

/** compareExperimentWithHistory on Fast-DDS summaries. */
export function compareWithHistory(
  experimentType: string,
  history: readonly (Summary | undefined)[],
  result: Summary | undefined,
  thresholds: Thresholds,
  options: NoiseOptions = {},
): SubExperimentComparison {
  return compareExperimentWithHistory(
    experimentType,
    history.map((s) => s && sideOfSummary(s)),
    result && sideOfSummary(result),
    thresholds,
    options,
  );
}
