/**
 * The history archive: the runs the window dropped, kept for the dashboard, one file per month
 * (`archive-2026-01.json`), at most ARCHIVE_MONTHS of them. The gate never reads it.
 *
 * Per month, each series (experiment, parameter, metric, its primary statistic) is described once
 * (columns.ts's `"shapes"` and `"series"`) and holds one line of values, one per run of the month
 * (null: the run did not measure it). A run keeps its identity and acceptance, not its machine; a
 * value keeps 6 significant digits (what a chart and a change point can tell apart); a day keeps
 * its newest run. So a month holds at most 31 runs, whatever the number of pushes, and a year of
 * 10,000 benchmarks (20,000 series) about 12 × 5.8 MB.
 */
import { InputError } from '../errors.js';
import type { StatisticName } from '../model/measurement.js';
import { acceptanceOfJson } from './codec.js';
import { checkStoredValue, joinBlocks, listBlock, seriesBlocks, seriesOfJson } from './columns.js';
import { checkNesting } from './nesting.js';
import {
  HISTORY_FORMAT,
  HISTORY_VERSION,
  compareStrings,
  orderedAcceptance,
  type HistoryMeasurement,
  type HistoryRecord,
} from './record.js';
import { compareRecords, historyFileName } from './window.js';

export const ARCHIVE_FORMAT = 'perfgate-history-archive';
export const ARCHIVE_VERSION = 1;
/** How many months of archived runs a history keeps: a year. */
export const ARCHIVE_MONTHS = 12;
/** Significant digits an archived value keeps. */
export const ARCHIVE_DIGITS = 6;
/** `archive-<yyyy>-<mm>.json`, the month of the runs it holds (UTC). */
export const ARCHIVE_FILE_NAME = /^archive-\d{4}-\d{2}\.json$/;

/** The statistics a series is drawn by, first present first (as primaryStatistic orders them). */
const PRIMARY: readonly StatisticName[] = ['value', 'slope', 'median', 'mean'];

/** An archived run: its identity and what accepted its changes (not its machine). */
export type ArchivedRun = Pick<HistoryRecord, 'sha' | 'date' | 'runId' | 'runUrl' | 'accepted'>;

/** The runs of one month, series by series. */
export interface ArchiveMonth {
  /** `2026-01`. */
  month: string;
  /** Oldest first, one a day. */
  runs: ArchivedRun[];
  /** Each series once: a measurement whose statistics name its one statistic (the value null). */
  series: HistoryMeasurement[];
  /** Per series, its value in each run (null: none). */
  values: (number | null)[][];
}

export function archiveFileName(month: string): string {
  return `archive-${month}.json`;
}

/** The month of an archive file's name, or of a record's date; none is an InputError at `file`, where it was read. */
export function monthOf(nameOrDate: string, file: string): string {
  const match = /(\d{4}-\d{2})/.exec(nameOrDate.replace(/^archive-/, ''));
  if (!match) throw new InputError(`history: no month in "${nameOrDate.slice(0, 60)}"`, { file });
  return match[1]!;
}

/** Of these archive file names, those beyond the newest ARCHIVE_MONTHS (to remove). */
export function archiveFilesBeyondBound(names: readonly string[]): string[] {
  const sorted = [...new Set(names)].sort(compareStrings);
  return sorted.slice(0, Math.max(0, sorted.length - ARCHIVE_MONTHS));
}

function round(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value)
    ? null
    : Number(value.toPrecision(ARCHIVE_DIGITS));
}

function identityOf(record: ArchivedRun): ArchivedRun {
  return {
    sha: record.sha,
    date: record.date,
    runId: record.runId,
    runUrl: record.runUrl,
    ...(record.accepted ? { accepted: orderedAcceptance(record.accepted) } : {}),
  };
}

/**
 * The month after folding `records` in: each measurement's primary statistic (value, slope,
 * median or mean) rounded; a run of the same run id replaces the archived one, and of the runs of
 * one UTC day only the newest stays. The series keep their order, new ones after them in the
 * order the runs (oldest first) give them; a series no run kept has is dropped.
 */
export function foldIntoArchive(
  month: ArchiveMonth | undefined,
  name: string,
  records: readonly HistoryRecord[],
): ArchiveMonth {
  const series = [...(month?.series ?? [])];
  const index = new Map(series.map((m, k) => [seriesKey(m), k]));
  // Each run's values by series index (sparse: a series it does not have is undefined).
  const byRun = new Map<string, { run: ArchivedRun; column: (number | null)[] }>();
  month?.runs.forEach((run, r) => byRun.set(run.runId, { run, column: month.values.map((row) => row[r] ?? null) }));
  for (const record of [...records].sort(compareRecords)) {
    if (monthOf(record.date, historyFileName(record)) !== name)
      throw new InputError(`history: the run of ${record.date} does not belong in the archive of ${name}`, {
        file: historyFileName(record),
      });
    const column: (number | null)[] = [];
    for (const m of record.measurements) {
      const statistic = PRIMARY.find((s) => m.statistics[s] !== undefined);
      if (statistic === undefined) continue;
      const template: HistoryMeasurement = {
        experiment: m.experiment,
        format: m.format,
        parameter: m.parameter,
        payloadBytes: m.payloadBytes,
        metric: m.metric,
        ...(m.role !== undefined ? { role: m.role } : {}),
        dimension: m.dimension,
        unit: m.unit,
        displayUnit: m.displayUnit,
        direction: m.direction,
        statistics: { [statistic]: null },
      };
      const key = seriesKey(template);
      let k = index.get(key);
      if (k === undefined) {
        k = series.length;
        series.push(template);
        index.set(key, k);
      }
      column[k] = round(m.statistics[statistic]);
    }
    byRun.set(record.runId, { run: identityOf(record), column });
  }
  const byDay = new Map<string, { run: ArchivedRun; column: (number | null)[] }>();
  for (const entry of [...byRun.values()].sort((a, b) => compareRecords(a.run, b.run)))
    byDay.set(entry.run.date.slice(0, 10), entry);
  const kept = [...byDay.values()];
  const keptSeries: HistoryMeasurement[] = [];
  const values: (number | null)[][] = [];
  series.forEach((m, k) => {
    const row = kept.map((entry) => entry.column[k] ?? null);
    if (row.every((v) => v === null)) return;
    keptSeries.push(m);
    values.push(row);
  });
  return { month: name, runs: kept.map((entry) => entry.run), series: keptSeries, values };
}

/** The runs of a month as history records whose measurements hold their one archived statistic (for the dashboard). */
export function recordsOfArchive(month: ArchiveMonth): HistoryRecord[] {
  return month.runs.map((run, r) => {
    const measurements: HistoryMeasurement[] = [];
    month.series.forEach((m, k) => {
      const value = month.values[k]![r];
      if (value === null || value === undefined) return;
      measurements.push({ ...m, statistics: { [Object.keys(m.statistics)[0]!]: value } });
    });
    return { format: HISTORY_FORMAT, version: HISTORY_VERSION, ...identityOf(run), measurements };
  });
}

/** The key that makes two runs' measurements one series. */
function seriesKey(m: HistoryMeasurement): string {
  return JSON.stringify([
    m.experiment,
    m.format,
    m.parameter,
    m.payloadBytes,
    m.metric,
    m.dimension,
    m.unit,
    m.displayUnit,
    m.direction,
    Object.keys(m.statistics)[0],
  ]);
}

function num(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'null' : JSON.stringify(value);
}

/**
 * Deterministic bytes: the runs oldest first (one a line), the series (columns.ts's shapes and
 * series), then a line of values per series. The same month always gives the same bytes.
 */
export function renderArchive(month: ArchiveMonth): string {
  const lines = joinBlocks([
    [`  "format": "${ARCHIVE_FORMAT}"`],
    [`  "version": ${ARCHIVE_VERSION}`],
    [`  "month": ${JSON.stringify(month.month)}`],
    listBlock(
      'runs',
      month.runs.map((run) => JSON.stringify(identityOf(run))),
    ),
    ...seriesBlocks(month.series),
    listBlock(
      'values',
      month.values.map((row) => `[${row.map(num).join(',')}]`),
    ),
  ]);
  return ['{', ...lines, '}', ''].join('\n');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An archive file read back, every field checked; anything else is an InputError at `source`. */
export function parseArchive(text: string, source: string): ArchiveMonth {
  checkNesting(text, source, 'history archive');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not a perfgate history archive: ${(error as Error).message}`, { file: source });
  }
  const bad = (what: string) => new InputError(`not a perfgate history archive: ${what}`, { file: source });
  if (!isObject(data) || data['format'] !== ARCHIVE_FORMAT) throw bad(`no "format": "${ARCHIVE_FORMAT}"`);
  if (data['version'] !== ARCHIVE_VERSION)
    throw bad(
      `unsupported version ${JSON.stringify(data['version'])} (this perfgate reads version ${ARCHIVE_VERSION}; a newer perfgate may have written it)`,
    );
  const month = data['month'];
  if (typeof month !== 'string' || !/^\d{4}-\d{2}$/.test(month)) throw bad('"month" is not a month (2026-01)');
  if (!Array.isArray(data['runs'])) throw bad('"runs" is not a list');
  const identities = data['runs'].map((run: unknown, r) => {
    const where = `run ${r + 1}`;
    if (!isObject(run)) throw bad(`${where} is not an object`);
    const text = (key: 'sha' | 'date' | 'runId' | 'runUrl'): string => {
      const value = run[key];
      if (typeof value !== 'string') throw bad(`${where}: "${key}" is not a string`);
      return value;
    };
    const date = text('date');
    if (!date.startsWith(month) || Number.isNaN(Date.parse(date)))
      throw bad(`${where}: "date" ${JSON.stringify(date)} is not in ${month}`);
    const accepted = run['accepted'] === undefined ? undefined : acceptanceOfJson(run['accepted'], bad);
    return {
      sha: text('sha'),
      date,
      runId: text('runId'),
      runUrl: text('runUrl'),
      ...(accepted ? { accepted } : {}),
    };
  });
  const series = seriesOfJson(data, bad);
  series.forEach((m, k) => {
    if (Object.keys(m.statistics).length !== 1) throw bad(`series measurement ${k + 1} names more than one statistic`);
  });
  const rows = data['values'];
  if (!Array.isArray(rows) || rows.length !== series.length)
    throw bad(`"values" is not a list of ${series.length} lines, one per series`);
  const values = rows.map((row: unknown, k) => {
    if (!Array.isArray(row) || row.length !== identities.length)
      throw bad(`"values" line ${k + 1} is not a list of ${identities.length} values, one per run`);
    const m = series[k]!;
    const [statistic] = Object.keys(m.statistics) as StatisticName[];
    // An archived series keeps no `belowResolution`: a 0 may be a tool's "less than one unit", as in the record.
    const kind = { dimension: m.dimension, metric: m.metric, statistic: statistic!, belowResolution: true };
    row.forEach((value: unknown, r) => {
      if (value === null) return;
      if (typeof value !== 'number') throw bad(`"values" line ${k + 1}[${r}] is not a number`);
      const of = `${m.experiment}${m.parameter === '' ? '' : ` ${m.parameter}`}, ${m.metric}`;
      if (!(value > 0 && value < Infinity)) checkStoredValue(value, kind, `"values" line ${k + 1}[${r}] (${of})`, bad);
    });
    return row as (number | null)[];
  });
  const seen = new Set<string>();
  for (const run of identities) {
    if (seen.has(run.runId)) throw bad(`run ${run.runId} appears twice`);
    seen.add(run.runId);
  }
  return { month, runs: identities, series, values };
}
