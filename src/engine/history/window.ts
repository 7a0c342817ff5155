/**
 * Which records a history folder keeps: the newest `window` runs, a re-run replacing its earlier
 * record. Pure planning over records; src/pipeline/historyFolder.ts reads and writes the files.
 */
import { InputError } from '../errors.js';
import { compareStrings, type HistoryRecord } from './record.js';

export const DEFAULT_HISTORY_WINDOW = 30;

/** The names of history record files in a folder (what `historyFileName` gives). */
export const HISTORY_FILE_NAME = /^history-.*\.json$/;

/** `history-<date>-<run id>.json`; the date's `:` become `-` so the name is valid everywhere. */
export function historyFileName(record: Pick<HistoryRecord, 'date' | 'runId'>): string {
  return `history-${record.date.replace(/:/g, '-')}-${record.runId}.json`;
}

/** Oldest first: by date, then by run id (numerically), then by SHA. */
export function compareRecords(
  a: Pick<HistoryRecord, 'date' | 'runId' | 'sha'>,
  b: Pick<HistoryRecord, 'date' | 'runId' | 'sha'>,
): number {
  return compareStrings(a.date, b.date) || compareRunIds(a.runId, b.runId) || compareStrings(a.sha, b.sha);
}

function compareRunIds(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : compareStrings(a, b);
}

/**
 * The window after adding `record` to `existing`: a record with the same run id is replaced (a
 * re-run), then only the newest `window` records stay. Returns them oldest first, with the ones dropped.
 */
export function planHistoryWindow<T extends HistoryRecord>(
  existing: readonly T[],
  record: T,
  window = DEFAULT_HISTORY_WINDOW,
): { kept: T[]; dropped: T[] } {
  checkHistoryWindow(window);
  const replaced = existing.filter((r) => r.runId === record.runId);
  const all = [...existing.filter((r) => r.runId !== record.runId), record].sort(compareRecords);
  const cut = Math.max(0, all.length - window);
  return { kept: all.slice(cut), dropped: [...replaced, ...all.slice(0, cut)] };
}

export function checkHistoryWindow(window: number): void {
  if (!Number.isInteger(window) || window < 1)
    throw new InputError(`history: the window must be a whole number of runs, at least 1, got ${window}`);
}
