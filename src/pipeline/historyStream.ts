/**
 * A history folder read file by file into series (issue 47): `dashboard` and `trends` never hold every run's
 * measurements at once. A first reading takes each record's and archive month's runs (their identity), so that the runs
 * are ordered and cut to the window as readHistoryWithArchive does; a second folds each file's runs into the series
 * (engine/trends/collect.ts) and drops them. A year of a 10,000-benchmark suite is then one number per series and run.
 */
import { join } from 'node:path';
import { InputError } from '../engine/errors.js';
import { parseHistoryRecordAs } from '../engine/history/codec.js';
import { ARCHIVE_FILE_NAME, parseArchive } from '../engine/history/archive.js';
import { historyMeasurementReader } from '../engine/history/record.js';
import { compareRecords, HISTORY_FILE_NAME } from '../engine/history/window.js';
import { TrendCollector } from '../engine/trends/collect.js';
import type { StatisticName } from '../engine/model/measurement.js';
import type { TrendRunHead } from '../engine/trends/trends.js';
import type { SkippedRecordWarning } from './historyFolder.js';
import type { Files } from './rootedFiles.js';

export interface CollectedHistory {
  /** The runs, oldest first. */
  runs: TrendRunHead[];
  collector: TrendCollector;
}

export interface CollectOptions {
  /** At most the newest `window` runs (default: all). */
  window?: number;
  /** Also the archive of older runs (archive-*.json), as the dashboard draws them; default: only the records. */
  archive?: boolean;
  /** Statistics to follow; default: each measurement's primary statistic. */
  statistics?: readonly StatisticName[];
  /** Every metric's series; default: the primary metrics' only (TrendCollector). */
  allMetrics?: boolean;
  /** Told of a record or archive month that cannot be read (it is skipped); without it, that is an InputError. */
  skip?: SkippedRecordWarning;
}

interface FileRuns {
  file: string;
  kind: 'record' | 'archive';
  /** Per run of the file, its index in the history (undefined: not read). */
  index: (number | undefined)[];
}

/** Each history file's runs: identities only (every record and month is read, one at a time, and let go). */
function identities(io: Files, folder: string, options: CollectOptions): { files: FileRuns[]; runs: TrendRunHead[] } {
  if (!io.pathExists(folder)) throw new InputError('cannot find the history folder', { file: folder });
  const names = io.listNames(folder).sort();
  if (!names.some((name) => HISTORY_FILE_NAME.test(name)))
    throw new InputError('no perfgate history records (history-*.json) in this folder', { file: folder });
  const readable = <T>(file: string, read: () => T): T | undefined => {
    try {
      return read();
    } catch (error) {
      if (!options.skip || !(error instanceof InputError)) throw error;
      options.skip(file, error.message);
      return undefined;
    }
  };
  const records: { file: string; run: TrendRunHead }[] = [];
  let skipped = 0;
  for (const name of names.filter((n) => HISTORY_FILE_NAME.test(n))) {
    const file = join(folder, name);
    const head = readable(file, () => parseHistoryRecordAs(io.readText(file), file, () => () => 0));
    if (head === undefined) skipped++;
    else records.push({ file, run: runHead(head) });
  }
  if (records.length === 0 && skipped > 0)
    throw new InputError(`none of the ${skipped} history records (history-*.json) in this folder can be read`, {
      file: folder,
    });
  const recorded = new Set(records.map((r) => r.run.runId));
  const archived: { file: string; runs: (TrendRunHead | undefined)[] }[] = [];
  for (const name of options.archive ? names.filter((n) => ARCHIVE_FILE_NAME.test(n)) : []) {
    const file = join(folder, name);
    const month = readable(file, () => parseArchive(io.readText(file), file));
    // A run the window's records hold is the record's.
    if (month) archived.push({ file, runs: month.runs.map((run) => (recorded.has(run.runId) ? undefined : run)) });
  }
  const all: { run: TrendRunHead; file: FileRuns; at: number }[] = [];
  const files: FileRuns[] = [];
  for (const { file, runs } of archived) {
    const held: FileRuns = { file, kind: 'archive', index: runs.map(() => undefined) };
    files.push(held);
    runs.forEach((run, at) => run && all.push({ run, file: held, at }));
  }
  for (const { file, run } of records) {
    const held: FileRuns = { file, kind: 'record', index: [undefined] };
    files.push(held);
    all.push({ run, file: held, at: 0 });
  }
  const sorted = all.sort((a, b) => compareRecords(a.run, b.run));
  const kept = sorted.slice(Math.max(0, sorted.length - (options.window ?? Number.MAX_SAFE_INTEGER)));
  kept.forEach((entry, r) => (entry.file.index[entry.at] = r));
  return { files, runs: kept.map((entry) => entry.run) };
}

function runHead(head: TrendRunHead): TrendRunHead {
  return {
    sha: head.sha,
    date: head.date,
    runId: head.runId,
    runUrl: head.runUrl,
    ...(head.accepted ? { accepted: head.accepted } : {}),
  };
}

/**
 * The runs of a history folder (records, and with `archive` the archived runs; a run in both is the record's), oldest
 * first and at most the newest `window`, with their series gathered file by file. With `skip`, a record or month that
 * cannot be read is skipped (told once), but one record must be readable.
 */
export function collectHistory(io: Files, folder: string, options: CollectOptions = {}): CollectedHistory {
  const { files, runs } = identities(io, folder, options);
  const collector = new TrendCollector(runs.length, options.statistics, options.allMetrics ?? false);
  const first = (f: FileRuns) => Math.min(...f.index.map((r) => r ?? Infinity));
  // Oldest first, so that the series are met in the order the runs give them; a file of no kept run is not read again.
  for (const held of files.filter((f) => first(f) < Infinity).sort((a, b) => first(a) - first(b))) {
    const text = io.readText(held.file);
    if (held.kind === 'archive') collector.addMonth(parseArchive(text, held.file), held.index, held.file);
    else {
      const record = parseHistoryRecordAs(text, held.file, (head) => historyMeasurementReader(`run ${head.runId}`));
      collector.addRun(held.index[0]!, record.measurements);
    }
  }
  return { runs, collector };
}
