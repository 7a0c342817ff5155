/**
 * History records: one compact JSON file per run on the default branch, kept in a folder as a
 * bounded window (the newest `window` runs). The record functions are pure: every date and id
 * comes from the caller (the event, the environment), never from the clock, so the same inputs
 * always give the same bytes.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/errors.js';
import type { HistoryRun as ChartHistoryRun } from '../engine/charts/build.js';
import { STATISTIC_NAMES, type Direction, type Measurement, type StatisticName } from '../engine/model/measurement.js';
import { BASE_UNITS, type Dimension } from '../engine/model/units.js';
import { environmentOfJson, orderedEnvironment, type EnvironmentFingerprint } from '../engine/model/environment.js';
import { readText, writeFileAtomic } from './files.js';

export const HISTORY_FORMAT = 'perfgate-history';
/** Version 2 stores the common model (any format); version 1 (Fast-DDS payload rows) is still read. */
export const HISTORY_VERSION = 2;
export const READABLE_HISTORY_VERSIONS = [1, 2] as const;
export const DEFAULT_HISTORY_WINDOW = 30;
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
  dimension: Dimension;
  unit: string;
  displayUnit: string;
  direction: Direction;
  /** In STATISTIC_NAMES order. */
  statistics: Partial<Record<StatisticName, number | null>>;
  /** Present when the run pooled several repetitions (runs given as separate files or folders) into this measurement. */
  repetitions?: number;
  /**
   * With `repetitions`: each statistic's value in every pooled run, in run order, so that the
   * history judges a pooled run as the candidate's pooled runs are judged (their geometric mean).
   */
  repetitionValues?: Partial<Record<StatisticName, (number | null)[]>>;
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
  /** Sorted by experiment name; inside an experiment in the order the run's files gave them. */
  measurements: HistoryMeasurement[];
}

export interface HistoryRunInfo {
  sha: string;
  /** Any date `Date.parse` reads (ISO 8601 with an offset); it is stored in UTC. */
  date: string;
  runId: string | number;
  runUrl: string;
  /** The machine the run was measured on. */
  environment?: EnvironmentFingerprint;
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

/** The record of one run: its measurements plus the run's identity. */
export function makeHistoryRecord(experiments: readonly RecordedExperiment[], run: HistoryRunInfo): HistoryRecord {
  const runId = String(run.runId);
  if (!/^[0-9]+$/.test(runId)) throw new InputError(`history: the run id must be a number, got "${runId}"`);
  if (run.sha !== UNKNOWN_COMMIT && !/^[0-9a-f]{7,64}$/i.test(run.sha)) throw new InputError(`history: not a commit SHA: "${run.sha}"`);
  const sorted = [...experiments].sort((a, b) => compareStrings(a.experiment, b.experiment));
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.experiment === sorted[i - 1]!.experiment) throw new InputError(`history: experiment "${sorted[i]!.experiment}" appears twice`);
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
        ...(m.repetitions !== undefined && m.repetitions > 1 && m.repetitionValues ? repetitionValuesField(m.repetitionValues, m.repetitions) : {}),
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
    measurements,
  };
}

/** The statistics every pooled run gave, in STATISTIC_NAMES order (a statistic some run lacked is left out). */
function repetitionValuesField(values: Partial<Record<StatisticName, readonly number[]>>, repetitions: number): Pick<HistoryMeasurement, 'repetitionValues'> {
  const out: Partial<Record<StatisticName, (number | null)[]>> = {};
  for (const name of STATISTIC_NAMES) if (values[name]?.length === repetitions) out[name] = values[name].map(finiteOrNull);
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
  const statistics: Measurement['statistics'] = {};
  for (const [name, value] of Object.entries(m.statistics) as [StatisticName, number | null][]) statistics[name] = value === null ? NaN : value;
  const inProcess = m.repetitionValues === undefined && IN_PROCESS_REPETITION_FORMATS.has(m.format);
  const repetitionValues: Partial<Record<StatisticName, number[]>> = {};
  for (const [name, values] of Object.entries(m.repetitionValues ?? {}) as [StatisticName, (number | null)[]][]) repetitionValues[name] = values.map((v) => (v === null ? NaN : v));
  return {
    experiment: m.experiment,
    parameter: { label: m.parameter, ...(m.payloadBytes !== null ? { payloadBytes: m.payloadBytes } : {}) },
    metric: { name: m.metric, dimension: m.dimension, unit: m.unit, displayUnit: m.displayUnit, direction: m.direction },
    statistics,
    place: { file: source },
    ...(m.repetitions !== undefined && !inProcess ? { repetitions: m.repetitions } : {}),
    ...(m.repetitionValues !== undefined ? { repetitionValues } : {}),
  };
}

/**
 * A record's runs as the history charts draw them: latency per payload (Fast-DDS-like
 * experiments); experiments of other metrics are left out of these charts.
 */
export function latencyHistoryRuns(records: readonly HistoryRecord[]): ChartHistoryRun[] {
  return records.map((r) => {
    const experiments = new Map<string, ChartHistoryRun['experiments'][number]>();
    for (const m of r.measurements) {
      if (m.metric !== 'latency' || m.unit !== 'us' || m.payloadBytes === null) continue;
      let ex = experiments.get(m.experiment);
      if (!ex) experiments.set(m.experiment, (ex = { experiment: m.experiment, payloads: [] }));
      const value = (s: StatisticName) => m.statistics[s] ?? null;
      ex.payloads.push({ bytes: m.payloadBytes, median: value('median'), p99: value('p99'), max: value('max'), min: value('min') });
    }
    return { sha: r.sha, date: r.date, runId: r.runId, experiments: [...experiments.values()] };
  });
}

/** An ISO 8601 UTC string (`2026-11-22T00:55:02.000Z`) for any date `Date.parse` reads. */
export function normalizeDate(date: string): string {
  const ms = Date.parse(date);
  if (Number.isNaN(ms)) throw new InputError(`history: not a date: "${date}"`);
  return new Date(ms).toISOString();
}

/**
 * The run's identity from the environment and the event payload, as the runner gives them. The
 * date is that of the measured commit: `head_commit.timestamp` on push, then the run's or the
 * pull request's update time. There is no fallback to the clock: without a date, `date` is undefined.
 */
export function historyRunInfoFromEnv(env: Record<string, string | undefined>, event: unknown): Partial<HistoryRunInfo> {
  const e = (event ?? {}) as Record<string, any>;
  const server = (env['GITHUB_SERVER_URL'] ?? 'https://github.com').replace(/\/+$/, '');
  const repository = env['GITHUB_REPOSITORY'];
  const runId = env['GITHUB_RUN_ID'];
  const pushedAt = e['repository']?.['pushed_at'];
  const date = pickString(
    e['head_commit']?.['timestamp'],
    e['workflow_run']?.['head_commit']?.['timestamp'],
    typeof pushedAt === 'number' ? new Date(pushedAt * 1000).toISOString() : pushedAt,
  );
  const info: Partial<HistoryRunInfo> = {};
  const sha = pickString(e['after'], env['GITHUB_SHA']);
  if (sha !== undefined) info.sha = sha;
  if (date !== undefined) info.date = date;
  if (runId !== undefined && runId !== '') info.runId = runId;
  if (repository && runId) info.runUrl = `${server}/${repository}/actions/runs/${runId}`;
  return info;
}

function pickString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string' && value !== '') return value;
  return undefined;
}

/** Deterministic bytes: fixed key order, two-space indent, one measurement per line, final newline. */
export function renderHistoryRecord(record: HistoryRecord): string {
  const lines = [
    '{',
    `  "format": ${JSON.stringify(record.format)},`,
    `  "version": ${record.version},`,
    `  "sha": ${JSON.stringify(record.sha)},`,
    `  "date": ${JSON.stringify(record.date)},`,
    `  "runId": ${JSON.stringify(record.runId)},`,
    `  "runUrl": ${JSON.stringify(record.runUrl)},`,
    ...(record.environment ? [`  "environment": ${JSON.stringify(orderedEnvironment(record.environment))},`] : []),
  ];
  if (record.measurements.length === 0) {
    lines.push('  "measurements": []');
  } else {
    lines.push('  "measurements": [');
    record.measurements.forEach((m, i) => {
      const statistics = STATISTIC_NAMES.filter((s) => m.statistics[s] !== undefined)
        .map((s) => `${JSON.stringify(s)}: ${num(m.statistics[s]!)}`)
        .join(', ');
      const fields = [
        `"experiment": ${JSON.stringify(m.experiment)}`,
        `"format": ${JSON.stringify(m.format)}`,
        `"parameter": ${JSON.stringify(m.parameter)}`,
        `"payloadBytes": ${num(m.payloadBytes)}`,
        `"metric": ${JSON.stringify(m.metric)}`,
        `"dimension": ${JSON.stringify(m.dimension)}`,
        `"unit": ${JSON.stringify(m.unit)}`,
        `"displayUnit": ${JSON.stringify(m.displayUnit)}`,
        `"direction": ${JSON.stringify(m.direction)}`,
        `"statistics": {${statistics}}`,
        ...(m.repetitions !== undefined ? [`"repetitions": ${m.repetitions}`] : []),
        ...(m.repetitionValues !== undefined ? [`"repetitionValues": {${repetitionValuesJson(m.repetitionValues)}}`] : []),
      ];
      lines.push(`    {${fields.join(', ')}}${i < record.measurements.length - 1 ? ',' : ''}`);
    });
    lines.push('  ]');
  }
  lines.push('}', '');
  return lines.join('\n');
}

function repetitionValuesJson(values: Partial<Record<StatisticName, (number | null)[]>>): string {
  return STATISTIC_NAMES.filter((s) => values[s] !== undefined)
    .map((s) => `${JSON.stringify(s)}: [${values[s]!.map(num).join(', ')}]`)
    .join(', ');
}

function num(value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'null' : JSON.stringify(value);
}

/**
 * Reads a record back: version 2 as it is, version 1 (Fast-DDS payload rows) as latency
 * measurements. Anything else is an InputError at `source`.
 */
export function parseHistoryRecord(text: string, source: string): HistoryRecord {
  let data: any;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not a perfgate history record: ${(error as Error).message}`, { file: source });
  }
  const bad = (what: string) => new InputError(`not a perfgate history record: ${what}`, { file: source });
  if (typeof data !== 'object' || data === null || data.format !== HISTORY_FORMAT) throw bad('no "format": "perfgate-history"');
  if (!(READABLE_HISTORY_VERSIONS as readonly unknown[]).includes(data.version)) {
    throw bad(
      `unsupported version ${JSON.stringify(data.version)} (this perfgate reads versions ${READABLE_HISTORY_VERSIONS.join(' and ')}; a newer perfgate may have written it)`,
    );
  }
  for (const key of ['sha', 'date', 'runId', 'runUrl'] as const) if (typeof data[key] !== 'string') throw bad(`"${key}" is not a string`);
  const numberOrNull = (v: unknown, what: string): number | null => {
    if (v === null) return null;
    if (typeof v !== 'number') throw bad(`${what} is not a number`);
    return v;
  };
  const environment = environmentOfJson(data.environment);
  const head = {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    sha: data.sha,
    date: data.date,
    runId: data.runId,
    runUrl: data.runUrl,
    ...(environment ? { environment } : {}),
  } as const;
  if (data.version === 1) return { ...head, measurements: measurementsOfVersion1(data, bad, numberOrNull) };
  if (!Array.isArray(data.measurements)) throw bad('"measurements" is not a list');
  const measurements = data.measurements.map((m: any, i: number): HistoryMeasurement => {
    const where = `measurement ${i + 1}`;
    if (typeof m !== 'object' || m === null) throw bad(`${where} is not an object`);
    for (const key of ['experiment', 'format', 'parameter', 'metric', 'unit', 'displayUnit'] as const) {
      if (typeof m[key] !== 'string') throw bad(`${where}: "${key}" is not a string`);
    }
    if (!(m.dimension in BASE_UNITS)) throw bad(`${where}: unknown dimension ${JSON.stringify(m.dimension)}`);
    if (m.direction !== 'lower-is-better' && m.direction !== 'higher-is-better') throw bad(`${where}: unknown direction ${JSON.stringify(m.direction)}`);
    if (typeof m.statistics !== 'object' || m.statistics === null || Array.isArray(m.statistics)) throw bad(`${where}: "statistics" is not an object`);
    const statistics: HistoryMeasurement['statistics'] = {};
    for (const [name, value] of Object.entries(m.statistics)) {
      if (!(STATISTIC_NAMES as readonly string[]).includes(name)) throw bad(`${where}: unknown statistic ${JSON.stringify(name)}`);
      statistics[name as StatisticName] = numberOrNull(value, `${where}: "${name}"`);
    }
    if (m.repetitions !== undefined && !(Number.isInteger(m.repetitions) && m.repetitions > 1)) throw bad(`${where}: "repetitions" is not a count above 1`);
    let repetitionValues: HistoryMeasurement['repetitionValues'];
    if (m.repetitionValues !== undefined) {
      if (m.repetitions === undefined) throw bad(`${where}: "repetitionValues" without "repetitions"`);
      if (typeof m.repetitionValues !== 'object' || m.repetitionValues === null || Array.isArray(m.repetitionValues)) throw bad(`${where}: "repetitionValues" is not an object`);
      repetitionValues = {};
      for (const [name, values] of Object.entries(m.repetitionValues)) {
        if (!(STATISTIC_NAMES as readonly string[]).includes(name)) throw bad(`${where}: unknown statistic ${JSON.stringify(name)} in "repetitionValues"`);
        if (!Array.isArray(values) || values.length !== m.repetitions) throw bad(`${where}: "repetitionValues"."${name}" is not a list of ${m.repetitions} values`);
        repetitionValues[name as StatisticName] = values.map((v, j) => numberOrNull(v, `${where}: "repetitionValues"."${name}"[${j}]`));
      }
    }
    return {
      experiment: m.experiment,
      format: m.format,
      parameter: m.parameter,
      payloadBytes: numberOrNull(m.payloadBytes ?? null, `${where}: "payloadBytes"`),
      metric: m.metric,
      dimension: m.dimension,
      unit: m.unit,
      displayUnit: m.displayUnit,
      direction: m.direction,
      statistics,
      ...(m.repetitions !== undefined ? { repetitions: m.repetitions } : {}),
      ...(repetitionValues !== undefined ? { repetitionValues } : {}),
    };
  });
  return { ...head, measurements };
}

/** Version 1 stored Fast-DDS summary rows per payload: they are latency measurements in µs. */
function measurementsOfVersion1(data: any, bad: (what: string) => InputError, numberOrNull: (v: unknown, what: string) => number | null): HistoryMeasurement[] {
  if (!Array.isArray(data.experiments)) throw bad('"experiments" is not a list');
  return data.experiments.flatMap((ex: any, i: number) => {
    if (typeof ex?.experiment !== 'string' || !Array.isArray(ex.payloads)) throw bad(`experiment ${i + 1} is malformed`);
    return ex.payloads.map((p: any, j: number): HistoryMeasurement => {
      const where = `${ex.experiment} payload ${j + 1}`;
      if (typeof p?.bytes !== 'number') throw bad(`${where}: "bytes" is not a number`);
      const statistics: HistoryMeasurement['statistics'] = {};
      for (const name of ['samples', 'min', 'mean', 'median', 'p99', 'max'] as const) statistics[name] = numberOrNull(p[name], `${where}: "${name}"`);
      return {
        experiment: ex.experiment,
        format: 'fastdds-summary',
        parameter: String(p.bytes),
        payloadBytes: p.bytes,
        metric: 'latency',
        dimension: 'time',
        unit: 'us',
        displayUnit: 'us',
        direction: 'lower-is-better',
        statistics,
      };
    });
  });
}

/** `history-<date>-<run id>.json`; the date's `:` become `-` so the name is valid everywhere. */
export function historyFileName(record: Pick<HistoryRecord, 'date' | 'runId'>): string {
  return `history-${record.date.replace(/:/g, '-')}-${record.runId}.json`;
}

const HISTORY_FILE = /^history-.*\.json$/;

/** Oldest first: by date, then by run id (numerically), then by SHA. */
export function compareRecords(a: HistoryRecord, b: HistoryRecord): number {
  return compareStrings(a.date, b.date) || compareRunIds(a.runId, b.runId) || compareStrings(a.sha, b.sha);
}

function compareRunIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : compareStrings(a, b);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The window after adding `record` to `existing`: a record with the same run id is replaced (a
 * re-run), then only the newest `window` records stay. Returns them oldest first, with the ones dropped.
 */
export function planHistoryWindow<T extends HistoryRecord>(existing: readonly T[], record: T, window = DEFAULT_HISTORY_WINDOW): { kept: T[]; dropped: T[] } {
  checkWindow(window);
  const replaced = existing.filter((r) => r.runId === record.runId);
  const all = [...existing.filter((r) => r.runId !== record.runId), record].sort(compareRecords);
  const cut = Math.max(0, all.length - window);
  return { kept: all.slice(cut), dropped: [...replaced, ...all.slice(0, cut)] };
}

function checkWindow(window: number): void {
  if (!Number.isInteger(window) || window < 1) throw new InputError(`history: the window must be a whole number of runs, at least 1, got ${window}`);
}

interface StoredRecord extends HistoryRecord {
  file: string;
}

/**
 * Told of a record that cannot be read and was skipped (its path, and why). A history is many
 * runs' records; one truncated or hand-edited file must not block every later run.
 */
export type SkippedRecordWarning = (file: string, reason: string) => void;

/** The records of `folder`; without `skip`, a record that cannot be read is an InputError, with it, skipped. */
function readAll(folder: string, skip?: SkippedRecordWarning): StoredRecord[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new InputError(`cannot read the history folder: ${(error as Error).message}`, { file: folder });
  }
  return names
    .filter((name) => HISTORY_FILE.test(name))
    .sort()
    .flatMap((name) => {
      const file = join(folder, name);
      try {
        return [{ ...parseHistoryRecord(readText(file), file), file }];
      } catch (error) {
        if (!skip || !(error instanceof InputError)) throw error;
        skip(file, error.message);
        return [];
      }
    });
}

function strip({ file: _file, ...record }: StoredRecord): HistoryRecord {
  return record;
}

/** The records in `folder`, oldest first, at most the newest `window` of them. A missing folder is an empty history. */
export function readHistoryWindow(folder: string, window = DEFAULT_HISTORY_WINDOW, skip?: SkippedRecordWarning): HistoryRecord[] {
  checkWindow(window);
  const all = readAll(folder, skip).sort(compareRecords);
  return all.slice(Math.max(0, all.length - window)).map(strip);
}

/**
 * Writes `record` into `folder` (atomically) and deletes the records beyond the window, oldest
 * first. Returns the path written and the paths removed.
 */
export function appendHistoryRecord(folder: string, record: HistoryRecord, window = DEFAULT_HISTORY_WINDOW, skip?: SkippedRecordWarning): { written: string; removed: string[] } {
  const existing = readAll(folder, skip);
  const written = join(folder, historyFileName(record));
  const { kept, dropped } = planHistoryWindow<StoredRecord>(existing, { ...record, file: written }, window);
  // The new record itself falls outside the window when it is older than every kept one: not written.
  const keep = kept.some((r) => r.file === written);
  if (keep) writeFileAtomic(written, renderHistoryRecord(record));
  const removed: string[] = [];
  for (const old of dropped) {
    if (old.file === written && keep) continue;
    rmSync(old.file, { force: true });
    removed.push(old.file);
  }
  if (!keep && !removed.includes(written)) removed.push(written);
  return { written, removed };
}

/** What an import did to the history folder. */
export interface ImportOutcome {
  /** Records written (new, or changed). */
  written: string[];
  /** Records already in the folder with the same bytes: left as they were. */
  unchanged: string[];
  /** Older records removed to keep the window. */
  removed: string[];
  /** Imported records older than every kept one once the window is full: not written. */
  outsideWindow: number;
}

/**
 * Adds several records at once, with the rules of `appendHistoryRecord`: a record with the run
 * id of one already in the folder replaces it, and only the newest `window` records stay. Every
 * record already in the folder is read (and must be valid) before anything is written; a file
 * that already holds the same bytes is not rewritten, so importing twice changes nothing.
 */
export function importHistoryRecords(folder: string, records: readonly HistoryRecord[], window = DEFAULT_HISTORY_WINDOW): ImportOutcome {
  checkWindow(window);
  const existing = readAll(folder);
  const added = new Set<StoredRecord>();
  let kept: StoredRecord[] = existing;
  const dropped: StoredRecord[] = [];
  for (const record of records) {
    const stored = { ...record, file: join(folder, historyFileName(record)) };
    added.add(stored);
    const plan = planHistoryWindow<StoredRecord>(kept, stored, window);
    kept = plan.kept;
    dropped.push(...plan.dropped);
  }
  const outcome: ImportOutcome = { written: [], unchanged: [], removed: [], outsideWindow: 0 };
  for (const record of kept) {
    if (!added.has(record)) continue;
    const content = renderHistoryRecord(strip(record));
    if (existsSync(record.file) && readText(record.file) === content) outcome.unchanged.push(record.file);
    else {
      writeFileAtomic(record.file, content);
      outcome.written.push(record.file);
    }
  }
  const keptFiles = new Set(kept.map((r) => r.file));
  for (const old of dropped) {
    if (added.has(old)) {
      if (!kept.some((r) => r.runId === old.runId)) outcome.outsideWindow++;
      continue;
    }
    if (keptFiles.has(old.file)) continue;
    rmSync(old.file, { force: true });
    outcome.removed.push(old.file);
  }
  return outcome;
}

/** The records of a history folder that must hold some (trends, export): oldest first, at most the newest `window`. */
export function readRecordedHistory(folder: string, window = Number.MAX_SAFE_INTEGER): HistoryRecord[] {
  if (!existsSync(folder)) throw new InputError('cannot find the history folder', { file: folder });
  if (!readdirSync(folder).some((name) => HISTORY_FILE.test(name))) {
    throw new InputError('no perfgate history records (history-*.json) in this folder', { file: folder });
  }
  return readHistoryWindow(folder, window);
}
