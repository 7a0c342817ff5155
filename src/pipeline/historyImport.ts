/**
 * `perfgate history import`: past runs as history records, so that a team starts with its past.
 * Two layouts are read: a folder with one sub-folder of result files per run (what
 * `compare --history` and `derive-requirements` read), and the reference tooling's
 * `experiments_results/<YYYY-MM-DD_hh-mm-ss>/` folders, as `latency_plot_history.py` lists them.
 * The records are those `record-history` writes (same writer, same window rules).
 *
 * A run's date is `--date` when given, else the one its folder's name gives, else the one its
 * result files say they were measured (Google Benchmark's `context.date`, pytest-benchmark's
 * `datetime`; the newest when several say; JMH and Criterion write none), else the one it already
 * has in the history folder (same commit, same measurements: imported before, so importing twice
 * changes nothing), else the modification time of its newest result file (at least a second after
 * the run read before it, so that runs copied at once keep the order read). Never 1970.
 *
 * A run's machine is what `--environment` says, else what its result files say (Google
 * Benchmark's context, pytest-benchmark's machine_info, JMH's JVM); the user's fields win.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError, UsageError } from '../engine/errors.js';
import { mergeEnvironments, type EnvironmentFingerprint } from '../engine/model/environment.js';
import { byCodePoint } from '../engine/text/order.js';
import { discoverResults } from './discover.js';
import {
  makeHistoryRecord,
  normalizeDate,
  UNKNOWN_COMMIT,
  type HistoryRecord,
  type RecordedExperiment,
} from '../engine/history/record.js';
import { compareRecords, DEFAULT_HISTORY_WINDOW } from '../engine/history/window.js';
import { importHistoryRecords, readHistoryWindow, type ImportOutcome } from './historyFolder.js';
import { isCriterionRun, naturalCompare, readRunFolder, readRunFolders, type HistoryRun } from './historyRuns.js';
import type { ResultsOptions } from './results.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';

export interface HistoryImportOptions extends ResultsOptions {
  /** Folders of runs (either layout), or folders of one run each. */
  sources: readonly string[];
  /** The history folder the records go to. */
  output: string;
  /** The commit, date and run page of the one run imported (several runs: not allowed). */
  commit?: string;
  date?: string;
  runUrl?: string;
  window?: number;
  /** The machine the runs were measured on, as the user names it: its fields win over the result files'. */
  environment?: EnvironmentFingerprint;
}

export interface HistoryImportResult extends ImportOutcome {
  /** The records made, oldest first. */
  records: HistoryRecord[];
}

/** The reference's execution folder name (`latency_job.bash`, `date '+%Y-%m-%d_%H-%M-%S'`). */
const REFERENCE_RUN_NAME = /^\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}$/;
/** A date at the start of a run folder's name: `2026-01-05`, `2026-01-05_09-30-00`, `2026-01-05T09:30:00`. */
const DATED_NAME = /^(\d{4})-(\d{2})-(\d{2})(?:[_T ](\d{2})[-:](\d{2})[-:](\d{2}))?/;
const REFERENCE_RESULTS = 'experiments_results';

interface SourceRun {
  source: string;
  run: HistoryRun;
}

/**
 * Reads every source, makes one record per run and adds them to the history folder. Nothing is
 * written before every run has been read and every existing record parsed: bad input leaves the
 * folder as it was.
 */
export function runHistoryImport(files: Files, options: HistoryImportOptions, progress: Progress): HistoryImportResult {
  if (options.sources.length === 0) throw new UsageError('history import: name at least one folder of past runs');
  if (options.commit !== undefined && !/^[0-9a-f]{7,64}$/i.test(options.commit))
    throw new UsageError(`--commit must be a commit SHA (7 to 64 hex digits); got "${options.commit}"`);
  if (options.date !== undefined && Number.isNaN(Date.parse(options.date)))
    throw new UsageError(`--date must be a date such as 2026-01-05T09:30:00Z; got "${options.date}"`);
  const runs = progress.step('Reading runs', () =>
    options.sources.flatMap((source) => runsOfSource(files, source, options, progress)),
  );
  const single = options.commit !== undefined || options.date !== undefined || options.runUrl !== undefined;
  if (single && runs.length !== 1) {
    throw new UsageError(
      `history import: --commit, --date and --run-url describe one run, and these sources hold ${runs.length}; import each run folder on its own to give it its commit and date`,
    );
  }
  // Undated runs follow the records already there: read them first (a broken one stops the import before anything is
  // written).
  const existing = readHistoryWindow(files, options.output, Number.MAX_SAFE_INTEGER);
  const drafts = runs.map((r) => recordOfRun(r, options, UNDATED));
  const dates =
    options.date !== undefined
      ? [{ date: normalizeDate(options.date), how: 'given' as const }]
      : datesOfRuns(runs, drafts, existing);
  const byFileTime = runs.flatMap((r, i) => {
    const { date, how } = dates[i]!;
    return how === 'modified' || how === 'imported'
      ? [`${join(r.source, r.run.name)} ${date}${how === 'imported' ? ' (already in the history)' : ''}`]
      : [];
  });
  if (byFileTime.length > 0) {
    progress.warning(
      `${byFileTime.length} run folder(s) have no date in their name or their result files, dated by the modification time of their newest result file ` +
        `(or the date the same run has in ${options.output}); give --date to date one run: ${byFileTime.join(', ')}`,
    );
  }
  const records = drafts.map((draft, i) => datedRecord(draft, dates[i]!.date));
  if (options.commit === undefined)
    progress.warning(
      `${records.length} run(s) recorded with commit "${UNKNOWN_COMMIT}" (the folders do not say which commit they measured)`,
    );
  const outcome = progress.step('Writing records', () =>
    importHistoryRecords(files, options.output, records, options.window ?? DEFAULT_HISTORY_WINDOW),
  );
  return { ...outcome, records: [...records].sort(compareRecords) };
}

/** A source's runs, in the order its layout gives them. */
function runsOfSource(files: Files, source: string, options: ResultsOptions, progress: Progress): SourceRun[] {
  if (!isFolder(files, source)) throw new InputError('history import: not a folder of runs', { file: source });
  const nested = join(source, REFERENCE_RESULTS);
  if (isFolder(files, nested)) return runsOfSource(files, nested, options, progress);
  if (holdsResultFiles(files, source, options) || isCriterionRun(files, source)) {
    // A folder of result files is one run (an execution folder of the reference, one run's results, or
    // target/criterion).
    const full = resolve(files.root, source);
    const run = readRunFolder(files, source, basename(full), options, progress);
    if (run) return [{ source: dirname(full), run }];
  }
  // The reference lists executions with Python's sorted(): code-point order. Other run folders in natural order (r2
  // before r10).
  const reference =
    basename(source) === REFERENCE_RESULTS || subFolders(files, source).every((name) => REFERENCE_RUN_NAME.test(name));
  return readRunFolders(files, source, options, progress, reference ? byCodePoint : naturalCompare).map((run) => ({
    source,
    run,
  }));
}

function holdsResultFiles(files: Files, folder: string, options: ResultsOptions): boolean {
  const own = files.listNames(folder).filter((name) => files.stat(join(folder, name)).isFile());
  if (own.length === 0) return false;
  try {
    // Its own files only: a folder of Criterion runs holds Criterion trees below its run folders.
    return (
      discoverResults(files, [folder], {
        formats: true,
        criterionTree: false,
        ...(options.format !== undefined ? { format: options.format } : {}),
      }).files.length > 0
    );
  } catch (error) {
    if (error instanceof InputError && error.message.startsWith('the folder holds no')) return false;
    throw error;
  }
}

function subFolders(files: Files, folder: string): string[] {
  return files.listNames(folder).filter((name) => isFolder(files, join(folder, name)));
}

function isFolder(files: Files, path: string): boolean {
  return files.statOf(path)?.isDirectory() === true;
}

/**
 * The date a run folder's name gives, read as UTC (the reference's names carry no time zone); undefined when it gives
 * none.
 */
export function dateOfName(name: string): string | undefined {
  const m = DATED_NAME.exec(name);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const ms = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  const date = new Date(ms);
  // 2026-02-30 or 25:00 is no date: Date.UTC would roll it over.
  if (
    date.getUTCMonth() !== month! - 1 ||
    date.getUTCDate() !== day! ||
    date.getUTCHours() !== hour! ||
    date.getUTCMinutes() !== minute! ||
    date.getUTCSeconds() !== second!
  ) {
    return undefined;
  }
  return date.toISOString();
}

/** The date a record is made with before its own is known (replaced by datedRecord). */
const UNDATED = new Date(0).toISOString();

interface RunDate {
  date: string;
  /**
   * From `--date`, from the folder's name, from what its result files say, kept from the same run already in the
   * history, or from its newest result file's modification time.
   */
  how: 'given' | 'named' | 'measured' | 'imported' | 'modified';
}

/** Each run's date (see the module comment). */
function datesOfRuns(
  runs: readonly SourceRun[],
  drafts: readonly HistoryRecord[],
  existing: readonly HistoryRecord[],
): RunDate[] {
  // The runs dated by their files' times keep the order read: a checkout or a copy gives every file
  // about the same time, so each is at least a second after the one before.
  let previousModified = -Infinity;
  return runs.map((r, i): RunDate => {
    const named = dateOfName(r.run.name);
    if (named !== undefined) return { date: named, how: 'named' };
    if (r.run.measuredAt !== undefined) return { date: r.run.measuredAt, how: 'measured' };
    const same = existing.find((e) => e.sha === drafts[i]!.sha && sameMeasurements(e, drafts[i]!));
    if (same) return { date: normalizeDate(same.date), how: 'imported' };
    if (r.run.modifiedAt !== undefined) {
      previousModified = Math.max(Date.parse(r.run.modifiedAt), previousModified + 1000);
      return { date: new Date(previousModified).toISOString(), how: 'modified' };
    }
    throw new UsageError(
      `history import: ${join(r.source, r.run.name)} gives no date (none in its name or its files); give --date to date it`,
    );
  });
}

/**
 * Whether two records hold the same measurements, value for value (a record read back from its file against a new one).
 */
function sameMeasurements(a: HistoryRecord, b: HistoryRecord): boolean {
  return JSON.stringify(a.measurements) === JSON.stringify(b.measurements);
}

function recordOfRun({ source, run }: SourceRun, options: HistoryImportOptions, date: string): HistoryRecord {
  const experiments: RecordedExperiment[] = [...run.experiments.entries()].map(([experiment, e]) => ({
    experiment,
    format: e.format,
    measurements: e.measurements,
  }));
  const where = join(source, run.name);
  const environment = mergeEnvironments(options.environment, run.environment);
  const info = {
    sha: options.commit ?? UNKNOWN_COMMIT,
    date,
    runId: '0',
    runUrl: options.runUrl ?? '',
    ...(environment ? { environment } : {}),
  };
  try {
    return makeHistoryRecord(experiments, info);
  } catch (error) {
    if (error instanceof InputError) throw new InputError(error.message, { file: where });
    throw error;
  }
}

/** The record at its date, with the run id that date and its measurements give. */
function datedRecord(draft: HistoryRecord, date: string): HistoryRecord {
  const record = { ...draft, date };
  return { ...record, runId: importedRunId(record) };
}

/**
 * An imported run has no workflow run: its id is a number made from its date and measurements,
 * so importing the same run again replaces its record instead of adding a second one. A metric's role is left out:
 * its format and name decide it, and a run imported before records kept roles keeps its id.
 */
function importedRunId(record: HistoryRecord): string {
  const measurements = JSON.stringify(record.measurements, (key, value: unknown) =>
    key === 'role' ? undefined : value,
  );
  const digest = createHash('sha256').update(`${record.date}\n${measurements}`).digest('hex');
  return String(parseInt(digest.slice(0, 12), 16));
}
