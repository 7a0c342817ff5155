/**
 * History records: one compact JSON file per run on the default branch, kept in a folder as a
 * bounded window (the newest `window` runs). The record functions are pure: every date and id
 * comes from the caller (the event, the environment), never from the clock, so the same inputs
 * always give the same bytes.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../engine/errors.js';
import type { Summary } from '../engine/model/summary.js';
import { readText, writeFileAtomic } from './files.js';

export const HISTORY_FORMAT = 'perfgate-history';
export const HISTORY_VERSION = 1;
export const DEFAULT_HISTORY_WINDOW = 30;

/** One payload row of a sub-experiment. Values that are not numbers are null. */
export interface HistoryPayload {
  bytes: number;
  samples: number | null;
  median: number | null;
  p99: number | null;
  max: number | null;
  min: number | null;
  mean: number | null;
}

export interface HistoryExperiment {
  experiment: string;
  payloads: HistoryPayload[];
}

export interface HistoryRecord {
  format: typeof HISTORY_FORMAT;
  version: typeof HISTORY_VERSION;
  /** Commit SHA the run measured. */
  sha: string;
  /** When the measured commit was made or pushed, as an ISO 8601 UTC string (from the event). */
  date: string;
  /** The workflow run id (GITHUB_RUN_ID). */
  runId: string;
  /** The run's page, `${GITHUB_SERVER_URL}/${GITHUB_REPOSITORY}/actions/runs/${GITHUB_RUN_ID}`. */
  runUrl: string;
  /** Sub-experiments sorted by name; payloads in the summary's order. */
  experiments: HistoryExperiment[];
}

export interface HistoryRunInfo {
  sha: string;
  /** Any date `Date.parse` reads (ISO 8601 with an offset); it is stored in UTC. */
  date: string;
  runId: string | number;
  runUrl: string;
}

function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

/** The record of one run: its summaries plus the run's identity. */
export function makeHistoryRecord(summaries: readonly Summary[], run: HistoryRunInfo): HistoryRecord {
  const runId = String(run.runId);
  if (!/^[0-9]+$/.test(runId)) throw new InputError(`history: the run id must be a number, got "${runId}"`);
  if (!/^[0-9a-f]{7,64}$/i.test(run.sha)) throw new InputError(`history: not a commit SHA: "${run.sha}"`);
  const experiments = [...summaries]
    .sort((a, b) => compareStrings(a.experimentType, b.experimentType))
    .map((summary) => ({
      experiment: summary.experimentType,
      payloads: summary.payloads.map((p) => ({
        bytes: p.payloadBytes,
        samples: finiteOrNull(p.samples),
        median: finiteOrNull(p.median),
        p99: finiteOrNull(p.p99),
        max: finiteOrNull(p.max),
        min: finiteOrNull(p.min),
        mean: finiteOrNull(p.mean),
      })),
    }));
  for (let i = 1; i < experiments.length; i++) {
    if (experiments[i]!.experiment === experiments[i - 1]!.experiment) {
      throw new InputError(`history: sub-experiment "${experiments[i]!.experiment}" appears twice`);
    }
  }
  return { format: HISTORY_FORMAT, version: HISTORY_VERSION, sha: run.sha.toLowerCase(), date: normalizeDate(run.date), runId, runUrl: run.runUrl, experiments };
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

/** Deterministic bytes: fixed key order, two-space indent, payload rows on one line, final newline. */
export function renderHistoryRecord(record: HistoryRecord): string {
  const lines = [
    '{',
    `  "format": ${JSON.stringify(record.format)},`,
    `  "version": ${record.version},`,
    `  "sha": ${JSON.stringify(record.sha)},`,
    `  "date": ${JSON.stringify(record.date)},`,
    `  "runId": ${JSON.stringify(record.runId)},`,
    `  "runUrl": ${JSON.stringify(record.runUrl)},`,
  ];
  if (record.experiments.length === 0) {
    lines.push('  "experiments": []');
  } else {
    lines.push('  "experiments": [');
    record.experiments.forEach((ex, i) => {
      lines.push('    {', `      "experiment": ${JSON.stringify(ex.experiment)},`);
      if (ex.payloads.length === 0) lines.push('      "payloads": []');
      else {
        lines.push('      "payloads": [');
        ex.payloads.forEach((p, j) => {
          const row = `{"bytes": ${num(p.bytes)}, "samples": ${num(p.samples)}, "median": ${num(p.median)}, "p99": ${num(p.p99)}, "max": ${num(p.max)}, "min": ${num(p.min)}, "mean": ${num(p.mean)}}`;
          lines.push(`        ${row}${j < ex.payloads.length - 1 ? ',' : ''}`);
        });
        lines.push('      ]');
      }
      lines.push(`    }${i < record.experiments.length - 1 ? ',' : ''}`);
    });
    lines.push('  ]');
  }
  lines.push('}', '');
  return lines.join('\n');
}

function num(value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'null' : JSON.stringify(value);
}

/** Reads a record back; anything that is not a record of this version is an InputError at `source`. */
export function parseHistoryRecord(text: string, source: string): HistoryRecord {
  let data: any;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not a perfgate history record: ${(error as Error).message}`, { file: source });
  }
  const bad = (what: string) => new InputError(`not a perfgate history record: ${what}`, { file: source });
  if (typeof data !== 'object' || data === null || data.format !== HISTORY_FORMAT) throw bad('no "format": "perfgate-history"');
  if (data.version !== HISTORY_VERSION) throw bad(`unsupported version ${JSON.stringify(data.version)}`);
  for (const key of ['sha', 'date', 'runId', 'runUrl'] as const) if (typeof data[key] !== 'string') throw bad(`"${key}" is not a string`);
  if (!Array.isArray(data.experiments)) throw bad('"experiments" is not a list');
  const numberOrNull = (v: unknown, what: string): number | null => {
    if (v === null) return null;
    if (typeof v !== 'number') throw bad(`${what} is not a number`);
    return v;
  };
  const experiments: HistoryExperiment[] = data.experiments.map((ex: any, i: number) => {
    if (typeof ex?.experiment !== 'string' || !Array.isArray(ex.payloads)) throw bad(`experiment ${i + 1} is malformed`);
    return {
      experiment: ex.experiment,
      payloads: ex.payloads.map((p: any, j: number) => {
        const where = `${ex.experiment} payload ${j + 1}`;
        if (typeof p?.bytes !== 'number') throw bad(`${where}: "bytes" is not a number`);
        return {
          bytes: p.bytes,
          samples: numberOrNull(p.samples, `${where}: "samples"`),
          median: numberOrNull(p.median, `${where}: "median"`),
          p99: numberOrNull(p.p99, `${where}: "p99"`),
          max: numberOrNull(p.max, `${where}: "max"`),
          min: numberOrNull(p.min, `${where}: "min"`),
          mean: numberOrNull(p.mean, `${where}: "mean"`),
        };
      }),
    };
  });
  return { format: HISTORY_FORMAT, version: HISTORY_VERSION, sha: data.sha, date: data.date, runId: data.runId, runUrl: data.runUrl, experiments };
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

function readAll(folder: string): StoredRecord[] {
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
    .map((name) => {
      const file = join(folder, name);
      return { ...parseHistoryRecord(readText(file), file), file };
    });
}

function strip({ file: _file, ...record }: StoredRecord): HistoryRecord {
  return record;
}

/** The records in `folder`, oldest first, at most the newest `window` of them. A missing folder is an empty history. */
export function readHistoryWindow(folder: string, window = DEFAULT_HISTORY_WINDOW): HistoryRecord[] {
  checkWindow(window);
  const all = readAll(folder).sort(compareRecords);
  return all.slice(Math.max(0, all.length - window)).map(strip);
}

/**
 * Writes `record` into `folder` (atomically) and deletes the records beyond the window, oldest
 * first. Returns the path written and the paths removed.
 */
export function appendHistoryRecord(folder: string, record: HistoryRecord, window = DEFAULT_HISTORY_WINDOW): { written: string; removed: string[] } {
  const existing = readAll(folder);
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
