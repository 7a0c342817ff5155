/**
 * History records: one compact JSON document per run on the default branch. The record functions
 * are pure: every date and id comes from the caller (the event, the environment), never from the
 * clock, so the same inputs always give the same bytes (codec.ts writes and reads them, window.ts
 * decides which ones a folder keeps).
 */
import { InputError, type SourcePlace } from '../errors.js';
import {
  STATISTIC_NAMES,
  type Direction,
  type Measurement,
  type Metric,
  type MetricRole,
  type Parameter,
  type StatisticName,
} from '../model/measurement.js';
import type { Dimension } from '../model/units.js';
import { orderedEnvironment, type EnvironmentFingerprint } from '../model/environment.js';
import type { Waiver } from '../model/waiver.js';

export const HISTORY_FORMAT = 'perfgate-history';
/**
 * Version 3 stores the common model in columns (columns.ts: descriptions once, numbers per statistic);
 * version 2 (one object per measurement) and version 1 (Fast-DDS payload rows) are still read.
 */
export const HISTORY_VERSION = 3;
export const READABLE_HISTORY_VERSIONS = [1, 2, 3] as const;
/** The commit of an imported run whose commit nobody recorded (`perfgate history import` without --commit). */
export const UNKNOWN_COMMIT = 'unknown';

/** One measurement of a run as stored: the common model's measurement, flat. Values that are not numbers are null. */
export interface HistoryMeasurement {
  experiment: string;
  /** The adapter id the run's file was read with (`fastdds-summary`, `iceperf`, …). */
  format: string;
  parameter: string;
  payloadBytes: number | null;
  metric: string;
  /**
   * What the metric is to its benchmark (Metric.role): absent, primary. A version 3 record stores it on each shape; an
   * older record's is inferred from its format's rules (legacyRoles.ts).
   */
  role?: Exclude<MetricRole, 'primary'>;
  dimension: Dimension;
  unit: string;
  displayUnit: string;
  direction: Direction;
  /** In STATISTIC_NAMES order. */
  statistics: Partial<Record<StatisticName, number | null>>;
  /**
   * Present when the run pooled several repetitions (runs given as separate files or folders) into this measurement.
   */
  repetitions?: number;
  /**
   * With `repetitions`: each statistic's value in every pooled run, in run order, so that the
   * history judges a pooled run as the candidate's pooled runs are judged (their geometric mean).
   */
  repetitionValues?: Partial<Record<StatisticName, (number | null)[]>>;
  /** The tool printed 0 at its resolution (`Measurement.belowResolution`): its 0 reads back as "< 1 unit". */
  belowResolution?: true;
  /** What counted it (Metric.instrument: the tool, its version, a cache configuration), where the adapter says. */
  instrument?: string;
  /** An exact count (Metric.kind `count`: instructions), stepped at the count threshold in trends. */
  kind?: 'count';
}

export interface HistoryRecord {
  format: typeof HISTORY_FORMAT;
  version: typeof HISTORY_VERSION;
  /** Commit SHA the run measured; `unknown` for an imported run whose commit was not recorded. */
  sha: string;
  /** When the measured commit was made or pushed, as an ISO 8601 UTC string (from the event). */
  date: string;
  /** The workflow run id (GITHUB_RUN_ID). */
  runId: string;
  /** The run's page, `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`. */
  runUrl: string;
  /** The machine the run was measured on, where it was known (records of older perfgate versions have none). */
  environment?: EnvironmentFingerprint;
  /**
   * What accepted the changes this run brought (the merged pull request's accept label, the waivers in force): the
   * trends mark a step that began at this run as accepted and open no alert for it. Absent in older records.
   */
  accepted?: RecordedAcceptance;
  /** Sorted by experiment name; inside an experiment in the order the run's files gave them. */
  measurements: HistoryMeasurement[];
}

/** Why the changes of a run on the default branch were accepted. */
export interface RecordedAcceptance {
  /** The pull request the commit merged, when the API named it. */
  pullRequest?: number;
  /** The merged pull request carried the accept label: every change of the run is accepted. */
  label?: { label: string; by?: string; description?: string };
  /**
   * The waivers in force on the run's day: a change of the row a waiver names is accepted up to its ceiling
   * (`benchmark` and `metric` as the reports name them, engine/compare/waivers.ts).
   */
  waivers?: RecordedWaiver[];
}

/** A waiver in force when the run was recorded, as the waiver file gave it. */
export type RecordedWaiver = Omit<Waiver, 'file' | 'line'>;

export interface HistoryRunInfo {
  sha: string;
  /** Any date `Date.parse` reads (ISO 8601 with an offset); it is stored in UTC. */
  date: string;
  runId: string | number;
  runUrl: string;
  /** The machine the run was measured on. */
  environment?: EnvironmentFingerprint;
  /** What accepted the run's changes. */
  accepted?: RecordedAcceptance;
}

/** What a run recorded: each experiment's measurements and the format they were read from. */
export interface RecordedExperiment {
  experiment: string;
  format: string;
  measurements: readonly Measurement[];
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** By code point: the order of record fields and file names, whatever the locale. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The record of one run: its measurements plus the run's identity. */
export function makeHistoryRecord(experiments: readonly RecordedExperiment[], run: HistoryRunInfo): HistoryRecord {
  const runId = String(run.runId);
  if (!/^[0-9]+$/.test(runId)) throw new InputError(`history: the run id must be a number, got "${runId}"`);
  if (run.sha !== UNKNOWN_COMMIT && !/^[0-9a-f]{7,64}$/i.test(run.sha))
    throw new InputError(`history: not a commit SHA: "${run.sha}"`);
  const sorted = [...experiments].sort((a, b) => compareStrings(a.experiment, b.experiment));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.experiment === sorted[i - 1]!.experiment)
      throw new InputError(`history: experiment "${sorted[i]!.experiment}" appears twice`);
  }
  const measurements = sorted.flatMap((ex) =>
    ex.measurements.map((m): HistoryMeasurement => {
      const statistics: HistoryMeasurement['statistics'] = {};
      for (const name of STATISTIC_NAMES) {
        const value = m.statistics[name];
        if (value !== undefined) statistics[name] = finiteOrNull(value);
      }
      return {
        experiment: ex.experiment,
        format: ex.format,
        parameter: m.parameter.label,
        payloadBytes: m.parameter.payloadBytes ?? null,
        metric: m.metric.name,
        dimension: m.metric.dimension,
        unit: m.metric.unit,
        displayUnit: m.metric.displayUnit,
        direction: m.metric.direction,
        statistics,
        ...(m.repetitions !== undefined && m.repetitions > 1 ? { repetitions: m.repetitions } : {}),
        ...(m.repetitions !== undefined && m.repetitions > 1 && m.repetitionValues
          ? repetitionValuesField(m.repetitionValues, m.repetitions)
          : {}),
        ...(m.belowResolution ? { belowResolution: true as const } : {}),
        ...(m.metric.instrument !== undefined ? { instrument: m.metric.instrument } : {}),
        ...(m.metric.kind === 'count' ? { kind: 'count' as const } : {}),
        // Last, where a record read back has it (columns.ts).
        ...(m.metric.role !== undefined && m.metric.role !== 'primary' ? { role: m.metric.role } : {}),
      };
    }),
  );
  return {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    sha: run.sha.toLowerCase(),
    date: normalizeDate(run.date),
    runId,
    runUrl: run.runUrl,
    ...(run.environment ? { environment: orderedEnvironment(run.environment) } : {}),
    ...(run.accepted && (run.accepted.label || (run.accepted.waivers?.length ?? 0) > 0)
      ? { accepted: orderedAcceptance(run.accepted) }
      : {}),
    measurements,
  };
}

/** The statistics every pooled run gave, in STATISTIC_NAMES order (a statistic some run lacked is left out). */
function repetitionValuesField(
  values: Partial<Record<StatisticName, readonly number[]>>,
  repetitions: number,
): Pick<HistoryMeasurement, 'repetitionValues'> {
  const out: Partial<Record<StatisticName, (number | null)[]>> = {};
  for (const name of STATISTIC_NAMES)
    if (values[name]?.length === repetitions) out[name] = values[name].map(finiteOrNull);
  return Object.keys(out).length > 0 ? { repetitionValues: out } : {};
}

/**
 * Formats whose files repeat a benchmark inside one process (`go test -count N`, JMH's forks ×
 * iterations). Before perfgate counted such values as samples of one run, it recorded them as
 * `repetitions` without their values: a record of one of these formats with `repetitions` but no
 * `repetitionValues` is one run.
 */
const IN_PROCESS_REPETITION_FORMATS = new Set(['go-bench', 'jmh']);

/** A stored measurement back in the common model. */
export function measurementOfHistory(m: HistoryMeasurement, source: string): Measurement {
  return readBack(m, parameterOf(m), metricOf(m), { file: source });
}

/**
 * measurementOfHistory for the measurements of one record (from `source`), one at a time, with one metric, parameter
 * and place object for all those that have the same: a comparison holds 30 records of 20,000 measurements, whose few
 * metrics and parameter labels would otherwise be copied into every one. Measurements are never changed once read,
 * so sharing them is safe. A stored measurement it is given must not be used again (parseHistoryRecordAs drops each
 * one): its statistics object is taken over where it holds no null, not copied.
 */
export function historyMeasurementReader(source: string): (m: HistoryMeasurement) => Measurement {
  const place = { file: source };
  const metrics: Metric[] = [];
  const parameters = new Map<string, Parameter>();
  return (m) => {
    let parameter = parameters.get(m.parameter);
    if (parameter === undefined || (parameter.payloadBytes ?? null) !== m.payloadBytes) {
      parameter = parameterOf(m);
      parameters.set(m.parameter, parameter);
    }
    return readBack(m, parameter, sharedMetric(metrics, m), place, true);
  };
}

function parameterOf(m: HistoryMeasurement): Parameter {
  return { label: m.parameter, ...(m.payloadBytes !== null ? { payloadBytes: m.payloadBytes } : {}) };
}

function metricOf(m: HistoryMeasurement): Metric {
  return {
    name: m.metric,
    ...(m.role !== undefined ? { role: m.role } : {}),
    dimension: m.dimension,
    unit: m.unit,
    displayUnit: m.displayUnit,
    direction: m.direction,
    ...(m.instrument !== undefined ? { instrument: m.instrument } : {}),
    ...(m.kind === 'count' ? { kind: 'count' as const } : {}),
  };
}

/**
 * `m` in the common model, with these description objects. With `adopt`, `m` is not used again: its statistics object
 * becomes the measurement's where it holds no null (the same names, order and numbers a copy would have).
 */
function readBack(
  m: HistoryMeasurement,
  parameter: Parameter,
  metric: Metric,
  place: SourcePlace,
  adopt = false,
): Measurement {
  const statistics = adopt && !hasNull(m.statistics) ? (m.statistics as Measurement['statistics']) : {};
  if (statistics !== m.statistics)
    for (const name in m.statistics) {
      const value = m.statistics[name as StatisticName]!;
      statistics[name as StatisticName] = value === null ? NaN : value;
    }
  // Assigned in this order, not spread: 20,000 measurements a record.
  const measurement: Measurement = { experiment: m.experiment, parameter, metric, statistics, place };
  const repetitions = repetitionsOfHistory(m);
  if (repetitions !== undefined) measurement.repetitions = repetitions;
  if (m.repetitionValues !== undefined) {
    const repetitionValues: Partial<Record<StatisticName, number[]>> = {};
    for (const name in m.repetitionValues)
      repetitionValues[name as StatisticName] = m.repetitionValues[name as StatisticName]!.map((v) =>
        v === null ? NaN : v,
      );
    measurement.repetitionValues = repetitionValues;
  }
  if (m.belowResolution) measurement.belowResolution = true;
  return measurement;
}

function hasNull(statistics: HistoryMeasurement['statistics']): boolean {
  for (const name in statistics) if (statistics[name as StatisticName] === null) return true;
  return false;
}

/**
 * The repetitions a stored measurement reads back with: none for a tool's in-process repetitions (go-bench, JMH)
 * without their values.
 */
export function repetitionsOfHistory(m: HistoryMeasurement): number | undefined {
  const inProcess = m.repetitionValues === undefined && IN_PROCESS_REPETITION_FORMATS.has(m.format);
  return inProcess ? undefined : m.repetitions;
}

/** The metric of `m` from `metrics` (a record has a few), added there when it is new. */
function sharedMetric(metrics: Metric[], m: HistoryMeasurement): Metric {
  for (const metric of metrics)
    if (
      metric.name === m.metric &&
      metric.role === m.role &&
      metric.dimension === m.dimension &&
      metric.unit === m.unit &&
      metric.displayUnit === m.displayUnit &&
      metric.direction === m.direction &&
      metric.instrument === m.instrument &&
      metric.kind === m.kind
    )
      return metric;
  const metric = metricOf(m);
  // Past a few metrics the search would cost more than it saves.
  if (metrics.length < 16) metrics.push(metric);
  return metric;
}

/** An ISO 8601 UTC string (`2026-11-22T00:55:02.000Z`) for any date `Date.parse` reads. */
export function normalizeDate(date: string): string {
  const ms = Date.parse(date);
  if (Number.isNaN(ms)) throw new InputError(`history: not a date: "${date}"`);
  return new Date(ms).toISOString();
}

/** An acceptance with its fields in one order (same record, same bytes), empty parts left out. */
export function orderedAcceptance(a: RecordedAcceptance): RecordedAcceptance {
  return {
    ...(a.pullRequest !== undefined ? { pullRequest: a.pullRequest } : {}),
    ...(a.label
      ? {
          label: {
            label: a.label.label,
            ...(a.label.by !== undefined ? { by: a.label.by } : {}),
            ...(a.label.description !== undefined ? { description: a.label.description } : {}),
          },
        }
      : {}),
    ...(a.waivers && a.waivers.length > 0
      ? {
          waivers: a.waivers.map((w) => ({
            benchmark: w.benchmark,
            metric: w.metric,
            ceilingPercent: w.ceilingPercent,
            expires: w.expires,
            link: w.link,
            reason: w.reason,
            place: w.place,
          })),
        }
      : {}),
  };
}
