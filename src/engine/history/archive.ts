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
import { joinBlocks, listBlock, seriesBlocks, seriesOfJson } from './columns.js';
import {
  HISTORY_FORMAT,
  HISTORY_VERSION,
  compareStrings,
  orderedAcceptance,
  type HistoryMeasurement,
  type HistoryRecord,
} from './record.js';
import { compareRecords } from './window.js';

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

/** The runs of one month, as HistoryRecords whose measurements hold their primary statistic only. */
export interface ArchiveMonth {
  /** `2026-01`. */
  month: string;
  /** Oldest first, one a day; environment-free. */
  runs: HistoryRecord[];
}

export function archiveFileName(month: string): string {
  return `archive-${month}.json`;
}

/** The month of an archive file's name, or of a record's date. */
export function monthOf(nameOrDate: string): string {
  const match = /(\d{4}-\d{2})/.exec(nameOrDate.replace(/^archive-/, ''));
  if (!match) throw new InputError(`history: no month in "${nameOrDate}"`);
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

/** A record as the archive keeps it: identity, acceptance, each measurement's primary statistic rounded. */
export function archivedRun(record: HistoryRecord): HistoryRecord {
  const measurements: HistoryMeasurement[] = [];
  for (const m of record.measurements) {
    const statistic = PRIMARY.find((s) => m.statistics[s] !== undefined);
    if (statistic === undefined) continue;
    measurements.push({
      experiment: m.experiment,
      format: m.format,
      parameter: m.parameter,
      payloadBytes: m.payloadBytes,
      metric: m.metric,
      dimension: m.dimension,
      unit: m.unit,
      displayUnit: m.displayUnit,
      direction: m.direction,
      statistics: { [statistic]: round(m.statistics[statistic]) },
    });
  }
  return {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    sha: record.sha,
    date: record.date,
    runId: record.runId,
    runUrl: record.runUrl,
    ...(record.accepted ? { accepted: orderedAcceptance(record.accepted) } : {}),
    measurements,
  };
}

/**
 * The month after folding `records` in (each into the archive's form): a run of the same run id
 * replaces the archived one, and of the runs of one UTC day only the newest stays.
 */
export function foldIntoArchive(
  month: ArchiveMonth | undefined,
  name: string,
  records: readonly HistoryRecord[],
): ArchiveMonth {
  const byRun = new Map<string, HistoryRecord>();
  for (const run of month?.runs ?? []) byRun.set(run.runId, run);
  for (const record of records) {
    if (monthOf(record.date) !== name)
      throw new InputError(`history: the run of ${record.date} does not belong in the archive of ${name}`);
    byRun.set(record.runId, archivedRun(record));
  }
  const byDay = new Map<string, HistoryRecord>();
  for (const run of [...byRun.values()].sort(compareRecords)) byDay.set(run.date.slice(0, 10), run);
  return { month: name, runs: [...byDay.values()] };
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
 * Deterministic bytes: the runs oldest first (one a line), the series in order of first appearance,
 * then a line of values per series. The same runs always give the same bytes.
 */
export function renderArchive(month: ArchiveMonth): string {
  const runs = [...month.runs].sort(compareRecords);
  const series: HistoryMeasurement[] = [];
  const index = new Map<string, number>();
  const values: (number | null)[][] = [];
  runs.forEach((run, r) => {
    for (const m of run.measurements) {
      const key = seriesKey(m);
      let k = index.get(key);
      if (k === undefined) {
        k = series.length;
        index.set(key, k);
        series.push({ ...m, statistics: { [Object.keys(m.statistics)[0]!]: null } });
        values.push(new Array<number | null>(runs.length).fill(null));
      }
      values[k]![r] = round(Object.values(m.statistics)[0]);
    }
  });
  const identity = (run: HistoryRecord) =>
    JSON.stringify({
      sha: run.sha,
      date: run.date,
      runId: run.runId,
      runUrl: run.runUrl,
      ...(run.accepted ? { accepted: orderedAcceptance(run.accepted) } : {}),
    });
  const lines = joinBlocks([
    ['  "format": "perfgate-history-archive"'],
    [`  "version": ${ARCHIVE_VERSION}`],
    [`  "month": ${JSON.stringify(month.month)}`],
    listBlock('runs', runs.map(identity)),
    ...seriesBlocks(series),
    listBlock(
      'values',
      values.map((row) => `[${row.map(num).join(',')}]`),
    ),
  ]);
  return ['{', ...lines, '}', ''].join('\n');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An archive file read back, every field checked; anything else is an InputError at `source`. */
export function parseArchive(text: string, source: string): ArchiveMonth {
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
    if (monthOf(date) !== month || Number.isNaN(Date.parse(date)))
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
  const runs: HistoryRecord[] = identities.map((identity) => ({
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    ...identity,
    measurements: [],
  }));
  rows.forEach((row: unknown, k) => {
    if (!Array.isArray(row) || row.length !== runs.length)
      throw bad(`"values" line ${k + 1} is not a list of ${runs.length} values, one per run`);
    const m = series[k]!;
    const statistic = Object.keys(m.statistics)[0]!;
    row.forEach((value: unknown, r) => {
      if (value === null) return;
      if (typeof value !== 'number') throw bad(`"values" line ${k + 1}[${r}] is not a number`);
      runs[r]!.measurements.push({ ...m, statistics: { [statistic]: value } });
    });
  });
  const seen = new Set<string>();
  for (const run of runs) {
    if (seen.has(run.runId)) throw bad(`run ${run.runId} appears twice`);
    seen.add(run.runId);
  }
  return { month, runs };
}
