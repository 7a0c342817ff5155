/**
 * The one way every command reads a results set: files, folders or glob patterns of any supported
 * format, into the common model, grouped by experiment. Repetitions are explicit: the same
 * experiment × parameter × metric from two files is an error naming both, or — when the user says
 * so — repetitions of one run, pooled into one measurement per key.
 */
import { InputError } from '../engine/errors.js';
import type { Measurement, ResultSet, SkippedBenchmark, StatisticName } from '../engine/model/measurement.js';
import { percentileOfSorted } from '../engine/numeric/numpy.js';
import type { RepetitionMode } from '../engine/options.js';
import { discoverResults } from './discover.js';
import { loadResultSet, type LoadedResultSet, type ReadSetOptions } from './resultSets.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';

export interface ResultsOptions extends ReadSetOptions {
  /** A format id to read every file with; `auto` or absent detects each file's format. */
  format?: string;
  /** Default `error`. */
  repetitions?: RepetitionMode;
  /** Experiment names to replace (from → to), so that runs named differently pair up. */
  experimentNames?: ReadonlyMap<string, string>;
}

/** One experiment of a results set. */
export interface ExperimentResults {
  experiment: string;
  /** In the order the files gave them; one per parameter × metric (pooled where asked). */
  measurements: Measurement[];
  /** The first file it was read from. */
  source: string;
  /** Every file it was read from, in order. */
  files: string[];
  /** The adapter id of that file. */
  format: string;
  /**
   * The result sets of those files, in order: a Fast-DDS one carries the summary the byte-compatible
   * renderers use (experimentSummary reads it from there).
   */
  sets: ResultSet[];
  /** How many files were pooled into it (1 when none). */
  repetitions: number;
}

export interface LoadedResults {
  files: LoadedResultSet[];
  /** Experiments in order of first appearance. */
  experiments: Map<string, ExperimentResults>;
  /** Things the user should know (files skipped); logged as they are found. */
  notices: string[];
  /**
   * One sentence saying what `repetitions: pool` pooled, or none: a setting the user chose, so the
   * reports carry it as a note and nothing logs it as a warning (nor once per experiment).
   */
  pooled: string[];
  /** The benchmarks the files' tools could not measure, in file order (skippedWarnings says them). */
  skipped: SkippedBenchmark[];
}

/** Reads a results set (see the module comment); notices go to `progress.info`. */
export function loadResults(
  files: Files,
  patterns: readonly string[],
  options: ResultsOptions,
  progress?: Progress,
): LoadedResults {
  const discovery = discoverResults(files, patterns, {
    formats: true,
    repetitions: options.repetitions === 'pool' || options.repetitions === 'independent',
    ...(options.format !== undefined ? { format: options.format } : {}),
  });
  const sets = discovery.files.map((file) =>
    renameExperiments(loadResultSet(files, file, options), options.experimentNames),
  );
  const grouped = groupResults(sets, options.repetitions ?? 'error');
  const notices = [...discovery.notices];
  if (progress) {
    for (const notice of notices) progress.info(notice);
    for (const { set } of sets) for (const note of set.notes) progress.info(`${set.file}: ${note}`);
    for (const { set } of sets) for (const warning of set.warnings ?? []) progress.warning(`${set.file}: ${warning}`);
  }
  return {
    files: sets,
    experiments: grouped.experiments,
    notices,
    pooled: grouped.pooled,
    skipped: sets.flatMap((f) => f.set.skipped ?? []),
  };
}

/**
 * "skipped: Publish / publish discarded — could not measure benchmark, maybe it was optimized away
 * (bench.xml, line 12)": one per benchmark a tool could not measure (it has no row to show it), the
 * tool's message as it wrote it; a benchmark skipped alike in several files (both sides,
 * repetitions, A/B pairs) once, at the first.
 */
export function skippedWarnings(skipped: readonly SkippedBenchmark[]): string[] {
  const seen = new Set<string>();
  const warnings: string[] = [];
  for (const s of skipped) {
    const key = `${s.experiment}\u0000${s.name}\u0000${s.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    warnings.push(skippedWarning(s));
  }
  return warnings;
}

function skippedWarning({ experiment, name, message, place }: SkippedBenchmark): string {
  const benchmark = name === '' ? experiment : `${experiment} / ${name}`;
  const where = place.line !== undefined ? `${place.file}, line ${place.line}` : place.file;
  return `skipped: ${benchmark} — ${message} (${where})`;
}

/** The set with its experiments renamed as the user asked (a Fast-DDS summary too, so its files carry the new name). */
function renameExperiments(loaded: LoadedResultSet, names: ReadonlyMap<string, string> | undefined): LoadedResultSet {
  if (!names || names.size === 0) return loaded;
  const { set } = loaded;
  const measurements = set.measurements.map((m) =>
    names.has(m.experiment) ? { ...m, experiment: names.get(m.experiment)! } : m,
  );
  const summary =
    set.summary && names.has(set.summary.experimentType)
      ? { ...set.summary, experimentType: names.get(set.summary.experimentType)! }
      : set.summary;
  return { ...loaded, set: { ...set, measurements, ...(summary ? { summary } : {}) } };
}

function keyOf(m: Measurement): string {
  return `${m.experiment}\u0000${m.parameter.label}\u0000${m.metric.name.toLowerCase()}`;
}

/**
 * Groups the sets' measurements by experiment. A key given by two files is an error in `error`
 * mode; in `pool` mode its measurements become one, each statistic the median over the files.
 */
export function groupResults(
  files: readonly LoadedResultSet[],
  mode: RepetitionMode,
): { experiments: Map<string, ExperimentResults>; pooled: string[] } {
  const byKey = new Map<string, { measurements: Measurement[]; files: string[] }>();
  const experimentFiles = new Map<string, { first: LoadedResultSet; files: Set<string>; sets: ResultSet[] }>();
  for (const loaded of files) {
    const { set } = loaded;
    for (const m of set.measurements) {
      const key = keyOf(m);
      let entry = byKey.get(key);
      if (!entry) byKey.set(key, (entry = { measurements: [], files: [] }));
      if (entry.files.length > 0 && !entry.files.includes(set.file) && mode === 'error') {
        throw new InputError(
          `${describeKey(m)} is also in ${entry.files[0]}: a results set holds one run of each experiment. ` +
            'Give the runs as separate sets (compare --history takes one folder per run), or pool them as repetitions with --repetitions pool (action input repetitions: pool)',
          { file: set.file, ...(m.place.line !== undefined ? { line: m.place.line } : {}) },
        );
      }
      entry.measurements.push(m);
      if (!entry.files.includes(set.file)) entry.files.push(set.file);
      let ex = experimentFiles.get(m.experiment);
      if (!ex) experimentFiles.set(m.experiment, (ex = { first: loaded, files: new Set(), sets: [] }));
      ex.files.add(set.file);
      if (!ex.sets.includes(set)) ex.sets.push(set);
    }
  }
  const experiments = new Map<string, ExperimentResults>();
  for (const { measurements, files: from } of byKey.values()) {
    const experiment = measurements[0]!.experiment;
    const { first, files: experimentSources, sets } = experimentFiles.get(experiment)!;
    let ex = experiments.get(experiment);
    if (!ex) {
      experiments.set(
        experiment,
        (ex = {
          experiment,
          measurements: [],
          source: first.set.file,
          files: [...experimentSources],
          format: first.set.format,
          sets,
          repetitions: 1,
        }),
      );
    }
    if (from.length > 1) {
      ex.measurements.push(poolMeasurements(measurements));
      ex.repetitions = Math.max(ex.repetitions, from.length);
    } else {
      // One file may list a key more than once only as its own adapter decided (kept as it is).
      ex.measurements.push(...measurements);
    }
  }
  const pooled = pooledSentence(
    [...experiments.values()].filter((ex) => ex.repetitions > 1).map((ex) => ex.repetitions),
  );
  return { experiments, pooled: pooled !== undefined ? [pooled] : [] };
}

/**
 * What pooling did, in one sentence and in the README's words: "pooled 3 repetitions of each of
 * 47 experiments (repetitions: pool): each statistic is the median of the repetitions; a history
 * comparison judges their geometric mean (the mean of their logs)" — as noiseVerdict does. `counts`
 * holds the repetitions of each pooled experiment.
 */
export function pooledSentence(counts: readonly number[]): string | undefined {
  if (counts.length === 0) return undefined;
  const fewest = Math.min(...counts);
  const most = Math.max(...counts);
  const repetitions = fewest === most ? `${most} repetitions` : `${fewest}–${most} repetitions`;
  const of = counts.length === 1 ? 'of 1 experiment' : `of each of ${counts.length} experiments`;
  return `pooled ${repetitions} ${of} (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)`;
}

function describeKey(m: Measurement): string {
  return `experiment "${m.experiment}", parameter "${m.parameter.label}", metric "${m.metric.name}"`;
}

/** Repetitions of one measurement as one: each statistic the median over the runs, sample counts added. */
export function poolMeasurements(runs: readonly Measurement[]): Measurement {
  const first = runs[0]!;
  const statistics: Partial<Record<StatisticName, number>> = {};
  const repetitionValues: Partial<Record<StatisticName, number[]>> = {};
  const names = new Set(runs.flatMap((m) => Object.keys(m.statistics) as StatisticName[]));
  for (const name of names) {
    const values = runs.map((m) => m.statistics[name]).filter((v): v is number => v !== undefined);
    if (name !== 'samples')
      repetitionValues[name] = runs.flatMap(
        (m) => m.repetitionValues?.[name] ?? (m.statistics[name] !== undefined ? [m.statistics[name]!] : []),
      );
    if (name === 'samples') {
      statistics.samples = values.reduce((a, b) => a + b, 0);
      continue;
    }
    // NaN (an empty cell in one run) keeps the statistic NaN, as numpy's median would.
    statistics[name] = values.some(Number.isNaN) ? NaN : percentileOfSorted(Float64Array.from(values).sort(), 50);
  }
  const { samples: _samples, ...rest } = first;
  const repetitions = runs.reduce((a, m) => a + (m.repetitions ?? 1), 0);
  return { ...rest, statistics, place: first.place, repetitions, repetitionValues };
}
