import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { ExperimentSide } from '../engine/compare/compare.js';
import { InputError } from '../engine/errors.js';
import { isFastddsFormat, summaryOfMeasurements } from '../engine/formats/registry.js';
import type { Measurement } from '../engine/model/measurement.js';
import type { EnvironmentFingerprint } from '../engine/model/environment.js';
import { searchCriterionTree } from './criterionTree.js';
import { environmentOfSets } from './environment.js';
import { parseHistoryRecordAs, type HistoryRecordHead } from '../engine/history/codec.js';
import { historyMeasurementReader, repetitionsOfHistory } from '../engine/history/record.js';
import { recordLevelsBuilder, type SideLevels } from '../engine/compare/levels.js';
import { readHistoryWindowAs, skippedWarning } from './historyFolder.js';
import { loadResults, type ResultsOptions } from './results.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';

/** One run of a history window or a derive runs folder: its name and its experiments. */
export interface HistoryRun {
  name: string;
  experiments: Map<string, RunExperiment>;
  /** The machine of the run, where its record or its result files say. */
  environment?: EnvironmentFingerprint;
  /** A run folder's: when its result files say they were measured, the newest of them (ISO 8601). */
  measuredAt?: string;
  /** A run folder's: when its newest result file was last modified (ISO 8601). */
  modifiedAt?: string;
  /** A history record's commit and date (a run folder has none). */
  recorded?: { sha: string; date: string };
}

export interface RunExperiment extends ExperimentSide {
  format: string;
  /** A history record's: its measurements as the history method reads them (runIndex.ts). */
  levels?: SideLevels;
}

/**
 * A history window, oldest run first, from either layout: perfgate's JSON history records
 * (`history-*.json`, what the action stores), or one sub-folder per run, in natural order of their
 * names (`r2` before `r10`; timestamps sort as they read: the reference's
 * `experiments_results/<timestamp>/` layout). A run folder holds result files of any format,
 * raw files included (summarised on the fly).
 */
export function readHistoryRuns(
  files: Files,
  folder: string,
  options: ResultsOptions,
  progress: Progress,
): HistoryRun[] {
  let names: string[];
  try {
    names = files.listNames(folder);
  } catch {
    throw new InputError('cannot find the history folder', { file: folder });
  }
  if (names.some((n) => n.startsWith('history-') && n.endsWith('.json'))) {
    // One bad record must not block the comparison with all the others.
    return readHistoryWindowAs(files, folder, undefined, skippedWarning(progress), levelsOfRecord).map(
      (record) => record.run,
    );
  }
  return readRunFolders(files, folder, options, progress);
}

/**
 * The runs of a runs folder: one sub-folder per run, in natural order (or `order`); a folder
 * without results is skipped with a warning. A run folder is read like a results folder: its own
 * files, and Criterion's `<id>/new/estimates.json` at any depth (a copy of `target/criterion`).
 */
export function readRunFolders(
  files: Files,
  folder: string,
  options: ResultsOptions,
  progress: Progress,
  order: (a: string, b: string) => number = naturalCompare,
): HistoryRun[] {
  let entries: string[];
  try {
    entries = files.listNames(folder).sort(order);
  } catch {
    throw new InputError('cannot find the runs folder', { file: folder });
  }
  // Its sub-folders would be taken for runs: Criterion's groups.
  if (isCriterionRun(files, folder)) {
    throw new InputError(
      "this is one run of Criterion (its sub-folders are Criterion's benchmark groups), not a folder of runs: give a folder with one sub-folder per run, each a copy of target/criterion",
      { file: folder },
    );
  }
  const runs: HistoryRun[] = [];
  for (const name of entries) {
    const runFolder = join(folder, name);
    if (!files.stat(runFolder).isDirectory()) continue;
    const run = readRunFolder(files, runFolder, name, options, progress);
    if (run) runs.push(run);
  }
  if (runs.length === 0)
    throw new InputError('no run folders with result files (one sub-folder of result files per run)', { file: folder });
  return runs;
}

/** One run folder's results as run `name`; undefined (with a warning) when it holds no result files. */
export function readRunFolder(
  files: Files,
  runFolder: string,
  name: string,
  options: ResultsOptions,
  progress: Progress,
): HistoryRun | undefined {
  let loaded;
  try {
    loaded = loadResults(files, [runFolder], options, progress);
  } catch (error) {
    if (error instanceof InputError && error.message.startsWith('the folder holds no')) {
      progress.warning(`${runFolder}: no result files, run skipped`);
      return undefined;
    }
    throw error;
  }
  const experiments = new Map<string, RunExperiment>();
  for (const [experiment, e] of loaded.experiments) {
    experiments.set(experiment, { measurements: e.measurements, format: e.format, sets: e.sets });
  }
  const environment = environmentOfSets(loaded.files.map((f) => f.set));
  const measuredAt = newest(loaded.files.map((f) => f.set.measuredAt));
  const modifiedAt = newest(loaded.files.map((f) => modifiedAtOf(files, f.file.path)));
  return {
    name,
    experiments,
    ...(environment ? { environment } : {}),
    ...(measuredAt ? { measuredAt } : {}),
    ...(modifiedAt ? { modifiedAt } : {}),
  };
}

/** The latest of ISO 8601 UTC dates (they sort as text). */
function newest(dates: readonly (string | undefined)[]): string | undefined {
  return dates.reduce<string | undefined>(
    (latest, d) => (d !== undefined && (latest === undefined || d > latest) ? d : latest),
    undefined,
  );
}

function modifiedAtOf(files: Files, path: string): string | undefined {
  return files.statOf(path)?.mtime.toISOString();
}

/**
 * Whether a folder is one Criterion run, `target/criterion` or a folder holding it (`target/`, a
 * project): the benchmark folder of its first `<id>/new/estimates.json` is where benchmark.json's
 * `directory_name` says, below it, its `criterion/` or its `target/criterion/`. In a folder of
 * runs, the run's own folder comes first (`r1/publish/64`, not `publish/64`). Without
 * benchmark.json, a path through a folder named `criterion` says the same.
 */
export function isCriterionRun(files: Files, folder: string): boolean {
  const first = searchCriterionTree(files, folder).estimates[0];
  if (first === undefined) return false;
  const benchmark = dirname(dirname(first));
  const path = relative(folder, benchmark).split(sep).join('/');
  const roots = ['', 'criterion/', 'target/criterion/'];
  const directory = directoryName(files, join(dirname(first), 'benchmark.json'));
  if (directory !== undefined) return roots.some((root) => path === root + directory);
  return basename(resolve(files.root, folder)) === 'criterion' || roots.slice(1).some((root) => path.startsWith(root));
}

/** `directory_name` of a Criterion benchmark.json; undefined when it cannot be read. */
function directoryName(files: Files, path: string): string | undefined {
  try {
    const doc: unknown = JSON.parse(files.readText(path));
    const name =
      typeof doc === 'object' && doc !== null ? (doc as Record<string, unknown>)['directory_name'] : undefined;
    return typeof name === 'string' && name !== '' ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A record file as a run whose experiments hold their levels (levels.ts), read as the record is parsed, and their
 * measurements in the common model only when asked for (then the whole record is parsed again): the verdict reads
 * only the levels of 30 runs, and the measurements of the newest (the threshold rows, the reference). A record with
 * a Fast-DDS experiment, whose summary is made of its measurements, is read whole at once.
 */
function levelsOfRecord(
  text: string,
  file: string,
): Pick<HistoryRecordHead, 'date' | 'runId' | 'sha'> & { run: HistoryRun } {
  const builder = recordLevelsBuilder();
  const experiments = new Map<string, { format: string; start: number; count: number; together: boolean }>();
  let last: string | undefined;
  const { measurements: _none, ...head } = parseHistoryRecordAs(text, file, () => (stored) => {
    const at = builder.add(stored, repetitionsOfHistory(stored));
    const entry = experiments.get(stored.experiment);
    if (entry === undefined)
      experiments.set(stored.experiment, { format: stored.format, start: at, count: 1, together: true });
    else {
      entry.count++;
      // An experiment whose measurements another's interrupt has no range of levels: it is read by its measurements.
      if (last !== stored.experiment) entry.together = false;
    }
    last = stored.experiment;
    return undefined;
  });
  const { date, runId, sha } = head;
  if ([...experiments.values()].some((e) => isFastddsFormat(e.format)))
    return { date, runId, sha, run: runOfRecord(measurementsOfRecord(text, file)) };
  const record = builder.done();
  let whole: RecordMeasurements['byExperiment'] | undefined;
  const measurementsOf = (experiment: string) =>
    (whole ??= measurementsOfRecord(text, file).byExperiment).get(experiment)!.measurements;
  const sides = new Map<string, RunExperiment>();
  for (const [experiment, { format, start, count, together }] of experiments)
    sides.set(experiment, {
      get measurements() {
        return measurementsOf(experiment);
      },
      format,
      ...(together ? { levels: { record, start, count } } : {}),
    });
  return {
    date,
    runId,
    sha,
    run: {
      name: `run ${runId}`,
      experiments: sides,
      recorded: { sha, date },
      ...(head.environment ? { environment: head.environment } : {}),
    },
  };
}

/** A record with its measurements in the common model, grouped by experiment (in the record's order). */
interface RecordMeasurements extends HistoryRecordHead {
  byExperiment: Map<string, { format: string; measurements: Measurement[] }>;
}

/**
 * A record file's measurements in the common model, each converted as it is parsed (parseHistoryRecordAs): its
 * stored form is never held whole.
 */
function measurementsOfRecord(text: string, file: string): RecordMeasurements {
  const byExperiment = new Map<string, { format: string; measurements: Measurement[] }>();
  const { measurements: _measurements, ...head } = parseHistoryRecordAs(text, file, (head) => {
    const readBack = historyMeasurementReader(`run ${head.runId}`);
    return (stored) => {
      let entry = byExperiment.get(stored.experiment);
      if (!entry) byExperiment.set(stored.experiment, (entry = { format: stored.format, measurements: [] }));
      const measurement = readBack(stored);
      entry.measurements.push(measurement);
      return measurement;
    };
  });
  return { ...head, byExperiment };
}

function runOfRecord(record: RecordMeasurements): HistoryRun {
  const source = `run ${record.runId}`;
  const experiments = new Map<string, RunExperiment>();
  for (const [experiment, { format, measurements }] of record.byExperiment) {
    // A Fast-DDS experiment keeps its summary, so the reference's comparison CSV is written from history too.
    const summary = isFastddsFormat(format) ? summaryOfMeasurements(experiment, measurements, source) : undefined;
    experiments.set(experiment, {
      measurements,
      format,
      ...(summary ? { sets: [{ format, file: source, measurements, notes: [], summary }] } : {}),
    });
  }
  return {
    name: source,
    experiments,
    recorded: { sha: record.sha, date: record.date },
    ...(record.environment ? { environment: record.environment } : {}),
  };
}

/** Names in natural order: digit runs compare as numbers (`r2` < `r10`), the rest by code point. */
export function naturalCompare(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    const dx = /^\d/.test(x);
    const dy = /^\d/.test(y);
    if (dx && dy) {
      const nx = x.replace(/^0+(?=\d)/, '');
      const ny = y.replace(/^0+(?=\d)/, '');
      if (nx.length !== ny.length) return nx.length - ny.length;
      if (nx !== ny) return nx < ny ? -1 : 1;
      return x.length - y.length;
    }
    return x < y ? -1 : 1;
  }
  return pa.length - pb.length || (a < b ? -1 : a > b ? 1 : 0);
}
