/**
 * The history folder: one record file per run (the record, its bytes and the window rule are in
 * src/engine/history/), kept as a bounded window of the newest `window` runs.
 */
import { join } from 'node:path';
import { InputError } from '../engine/errors.js';
import { parseHistoryRecord, renderHistoryRecord } from '../engine/history/codec.js';
import type { HistoryRecord } from '../engine/history/record.js';
import {
  checkHistoryWindow,
  compareRecords,
  DEFAULT_HISTORY_WINDOW,
  HISTORY_FILE_NAME,
  historyFileName,
  planHistoryWindow,
} from '../engine/history/window.js';
import {
  ARCHIVE_FILE_NAME,
  archiveFileName,
  archiveFilesBeyondBound,
  foldIntoArchive,
  monthOf,
  parseArchive,
  recordsOfArchive,
  renderArchive,
} from '../engine/history/archive.js';
import type { Files } from './rootedFiles.js';

interface StoredRecord extends HistoryRecord {
  file: string;
}

/**
 * Told of a record that cannot be read and was skipped (its path, and why). A history is many
 * runs' records; one truncated or hand-edited file must not block every later run.
 */
export type SkippedRecordWarning = (file: string, reason: string) => void;

/** The warning of a skipped record or archive month, as every command gives it: `<file>: skipped: <why>`. */
export function skippedWarning(progress: { warning(message: string): void }): SkippedRecordWarning {
  return (file, reason) => progress.warning(`${file}: skipped: ${reason}`);
}

/** The records of `folder`; without `skip`, a record that cannot be read is an InputError, with it, skipped. */
function readAll(files: Files, folder: string, skip?: SkippedRecordWarning): StoredRecord[] {
  return readEach(files, folder, skip, (text, file) => ({ ...parseHistoryRecord(text, file), file }));
}

function strip({ file: _file, ...record }: StoredRecord): HistoryRecord {
  return record;
}

/** Each record file of `folder` in file-name order, read by `read` (its text and path); a bad one as readAll says. */
function readEach<T>(
  files: Files,
  folder: string,
  skip: SkippedRecordWarning | undefined,
  read: (text: string, file: string) => T,
): T[] {
  let names: string[];
  try {
    names = files.listNames(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new InputError(`cannot read the history folder: ${(error as Error).message}`, { file: folder });
  }
  return names
    .filter((name) => HISTORY_FILE_NAME.test(name))
    .sort()
    .flatMap((name) => {
      const file = join(folder, name);
      try {
        return [read(files.readText(file), file)];
      } catch (error) {
        if (!skip || !(error instanceof InputError)) throw error;
        skip(file, error.message);
        return [];
      }
    });
}

/** The records in `folder`, oldest first, at most the newest `window` of them. A missing folder is an empty history. */
export function readHistoryWindow(
  files: Files,
  folder: string,
  window = DEFAULT_HISTORY_WINDOW,
  skip?: SkippedRecordWarning,
): HistoryRecord[] {
  return readHistoryWindowAs(files, folder, window, skip, parseHistoryRecord);
}

/**
 * readHistoryWindow with each record read by `read` (parseHistoryRecord, or a reader that keeps it in another form as
 * it parses it: a comparison reads 30 records of 20,000 measurements); what it gives is ordered as the records are.
 */
export function readHistoryWindowAs<R extends Pick<HistoryRecord, 'date' | 'runId' | 'sha'>>(
  files: Files,
  folder: string,
  window = DEFAULT_HISTORY_WINDOW,
  skip: SkippedRecordWarning | undefined,
  read: (text: string, file: string) => R,
): R[] {
  checkHistoryWindow(window);
  const all = readEach(files, folder, skip, read).sort(compareRecords);
  return all.slice(Math.max(0, all.length - window));
}

/**
 * Writes `record` into `folder` (atomically) and deletes the records beyond the window, oldest
 * first: an import of one record. Returns the path of the record and the paths removed; a record
 * older than every kept one is not written, and its path is counted as removed.
 */
export function appendHistoryRecord(
  files: Files,
  folder: string,
  record: HistoryRecord,
  window = DEFAULT_HISTORY_WINDOW,
  skip?: SkippedRecordWarning,
): { written: string; removed: string[] } {
  const written = join(folder, historyFileName(record));
  const { removed, outsideWindow } = importHistoryRecords(files, folder, [record], window, skip);
  return { written, removed: outsideWindow > 0 && !removed.includes(written) ? [...removed, written] : removed };
}

/** What an import did to the history folder. */
export interface ImportOutcome {
  /** Records written (new, or changed). */
  written: string[];
  /** Records already in the folder with the same bytes: left as they were. */
  unchanged: string[];
  /** Older records removed to keep the window. */
  removed: string[];
  /** Imported records older than every kept one once the window is full: not written as records. */
  outsideWindow: number;
  /** Archive files written: the runs the window dropped (or never took), folded into their month. */
  archived: string[];
  /** Archive files removed, beyond the newest ARCHIVE_MONTHS. */
  archiveRemoved: string[];
}

/**
 * Adds records to the history folder (`appendHistoryRecord` adds one): a record with the run
 * id of one already in the folder replaces it, and only the newest `window` records stay. Every
 * record already in the folder is read (and must be valid, unless `skip` is told of the ones that
 * are not: they are then left where they are) before anything is written; a file
 * that already holds the same bytes is not rewritten, so importing twice changes nothing.
 */
export function importHistoryRecords(
  files: Files,
  folder: string,
  records: readonly HistoryRecord[],
  window = DEFAULT_HISTORY_WINDOW,
  skip?: SkippedRecordWarning,
): ImportOutcome {
  checkHistoryWindow(window);
  const existing = readAll(files, folder, skip);
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
  // The runs that leave the window (not a re-run's replaced record) go to the archive, for the dashboard: folded before
  // anything is written, so that a bad archive file stops the import as a bad record does.
  const keptRuns = new Set(kept.map((r) => r.runId));
  const archive = foldArchive(files, folder, dropped.filter((r) => !keptRuns.has(r.runId)).map(strip), skip);
  const outcome: ImportOutcome = {
    written: [],
    unchanged: [],
    removed: [],
    outsideWindow: 0,
    archived: [],
    archiveRemoved: [],
  };
  for (const record of kept) {
    if (!added.has(record)) continue;
    const content = renderHistoryRecord(strip(record));
    if (files.pathExists(record.file) && files.readText(record.file) === content) outcome.unchanged.push(record.file);
    else {
      files.writeFileAtomic(record.file, content);
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
    files.removePath(old.file);
    outcome.removed.push(old.file);
  }
  for (const { file, content } of archive) {
    files.writeFileAtomic(file, content);
    outcome.archived.push(file);
  }
  for (const name of archiveFilesBeyondBound(archiveNames(files, folder))) {
    const file = join(folder, name);
    files.removePath(file);
    outcome.archiveRemoved.push(file);
  }
  return outcome;
}

/**
 * The archive files that change when these runs are folded in, one per month (nothing is written
 * here). An archive file that cannot be read is an InputError (with `skip`, it is left as it is,
 * and its month's runs are not archived): a bad file never silently becomes an empty month.
 */
function foldArchive(
  files: Files,
  folder: string,
  runs: readonly HistoryRecord[],
  skip?: SkippedRecordWarning,
): { file: string; content: string }[] {
  const byMonth = new Map<string, HistoryRecord[]>();
  for (const run of runs) {
    const month = monthOf(run.date, join(folder, historyFileName(run)));
    byMonth.set(month, [...(byMonth.get(month) ?? []), run]);
  }
  const out: { file: string; content: string }[] = [];
  for (const [month, monthRuns] of [...byMonth].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const file = join(folder, archiveFileName(month));
    let existing;
    if (files.pathExists(file)) {
      try {
        existing = parseArchive(files.readText(file), file);
      } catch (error) {
        if (!skip || !(error instanceof InputError)) throw error;
        skip(file, error.message);
        continue;
      }
    }
    const content = renderArchive(foldIntoArchive(existing, month, monthRuns));
    if (!files.pathExists(file) || files.readText(file) !== content) out.push({ file, content });
  }
  return out;
}

function archiveNames(files: Files, folder: string): string[] {
  return files.namesIn(folder).filter((name) => ARCHIVE_FILE_NAME.test(name));
}

/**
 * What the dashboard draws: the archived runs (oldest first) and then the records of the window;
 * a run in both is the record's. At most the newest `window` runs.
 */
export function readHistoryWithArchive(
  files: Files,
  folder: string,
  window = Number.MAX_SAFE_INTEGER,
  skip?: SkippedRecordWarning,
): HistoryRecord[] {
  const records = readRecordedHistory(files, folder, undefined, skip);
  const recorded = new Set(records.map((r) => r.runId));
  const archived = archiveNames(files, folder)
    .sort()
    .flatMap((name) => {
      const file = join(folder, name);
      try {
        return recordsOfArchive(parseArchive(files.readText(file), file));
      } catch (error) {
        if (!skip || !(error instanceof InputError)) throw error;
        skip(file, error.message);
        return [];
      }
    })
    .filter((run) => !recorded.has(run.runId));
  const all = [...archived, ...records].sort(compareRecords);
  return all.slice(Math.max(0, all.length - window));
}

/**
 * The records of a history folder that must hold some (trends, dashboard, export): oldest first, at most the newest
 * `window`. With `skip`, a record that cannot be read is skipped (it is told), but one must be readable.
 */
export function readRecordedHistory(
  files: Files,
  folder: string,
  window = Number.MAX_SAFE_INTEGER,
  skip?: SkippedRecordWarning,
): HistoryRecord[] {
  if (!files.pathExists(folder)) throw new InputError('cannot find the history folder', { file: folder });
  if (!files.listNames(folder).some((name) => HISTORY_FILE_NAME.test(name))) {
    throw new InputError('no perfgate history records (history-*.json) in this folder', { file: folder });
  }
  let skipped = 0;
  const records = readHistoryWindow(
    files,
    folder,
    window,
    skip &&
      ((file, reason) => {
        skipped++;
        skip(file, reason);
      }),
  );
  if (records.length === 0 && skipped > 0)
    throw new InputError(`none of the ${skipped} history records (history-*.json) in this folder can be read`, {
      file: folder,
    });
  return records;
}
