import {
  methodOfSettings,
  type ExperimentSide,
  type MethodInput,
  type MethodReads,
  type SubExperimentComparison,
} from '../engine/compare/compare.js';
import { resolveVerdictSettings } from '../engine/settings/verdict.js';
import { acceptComparisons, type AcceptLabel } from '../engine/compare/acceptance.js';
import { removedOnMain, renameHints, withMissingJudged } from '../engine/compare/presence.js';
import { parseWaivers } from '../engine/compare/waivers.js';
import { onlyExactCounts } from '../engine/compare/countKind.js';
import { UsageError } from '../engine/errors.js';
import { environmentDifferences, mergeEnvironments, type EnvironmentFingerprint } from '../engine/model/environment.js';
import type { SkippedBenchmark } from '../engine/model/measurement.js';
import { environmentOfSets } from './environment.js';
import { labelOfPath } from './patterns.js';
import type { ComparisonSettings } from '../engine/settings/rules.js';
import {
  buildComparisonReport,
  type BaselineRun,
  type ComparisonReport,
  type MethodSummary,
} from '../engine/report/comparison/comparisonReport.js';
import { naturalCompare, readHistoryRuns, readRunFolders, type HistoryRun } from './historyRuns.js';
import type { Files } from './rootedFiles.js';
import { writeComparisonReports, type CompareOutcome } from './compareReports.js';
import { groupResults, loadResults, skippedWarnings, type ResultsOptions } from './results.js';
import type { Progress } from './steps.js';

export interface CompareOptions extends ResultsOptions, ComparisonSettings {
  /**
   * The reference set; with `history`, the newest history run is the reference instead. With
   * `paired`: the base build's runs, one entry per run in run order (or one folder of run folders).
   */
  reference: readonly string[];
  /** A history folder: judge each row against the between-run noise of its runs. */
  history?: string;
  /**
   * The candidate: each entry (a file, folder or glob) is one run; an experiment given by several
   * entries has that many repetitions. With `paired`, entry i pairs with reference entry i.
   */
  results: readonly string[];
  /**
   * The machine perfgate runs on, which turns the machine check of a history comparison on:
   * history runs recorded on another kind of machine than the results are left out. Fields the
   * result files give themselves (Google Benchmark's context, pytest-benchmark's machine_info, JMH's
   * JVM) win over it.
   */
  environment?: EnvironmentFingerprint;
  /**
   * The machine the user says the results were measured on (CLI `--environment`): turns the check
   * on too, replaces `environment`, and wins over the files' fields.
   */
  resultsEnvironment?: EnvironmentFingerprint;
  /** The reference's name in the reports (default: the first reference path's, or the history folder's). */
  referenceLabel?: string;
  /** The results' name in the reports (default: the first results path's). */
  resultLabel?: string;
  outputDir: string;
  /** Where the reference came from, when the API found it. */
  baselineRun?: BaselineRun;
  /** With `paired`: which measurements (experiment, parameter label) to judge (`perfgate confirm --from`); all when absent. */
  select?: (experiment: string, parameter: string) => boolean;
  /** A waiver file (engine/compare/waivers.ts): its rows accept the failing rows they match, within their ceiling. */
  waivers?: string;
  /** The label on the pull request that accepts every failing row (the action's input `accept-label`). */
  acceptLabel?: AcceptLabel;
  /**
   * Today, `YYYY-MM-DD`, from the shell's clock: waivers that expired before it are ignored. Absent: none expires.
   */
  today?: string;
}

export { COMPARISON_JSON, COMPARISON_MARKDOWN, type CompareOutcome } from './compareReports.js';

/** What reading the sides leaves for the report: pooling's note, and the benchmarks a tool could not measure. */
interface SidesSaid {
  pooled: string[];
  skipped: SkippedBenchmark[];
}

function nothingSaid(): SidesSaid {
  return { pooled: [], skipped: [] };
}

function loadSide(
  files: Files,
  patterns: readonly string[],
  options: ResultsOptions,
  progress: Progress,
  said: SidesSaid,
  environments?: (EnvironmentFingerprint | undefined)[],
): Map<string, ExperimentSide> {
  const loaded = loadResults(files, patterns, options, progress);
  said.pooled.push(...loaded.pooled);
  said.skipped.push(...loaded.skipped);
  environments?.push(environmentOfSets(loaded.files.map((f) => f.set)));
  const sides = new Map<string, ExperimentSide>();
  for (const [experiment, e] of loaded.experiments)
    sides.set(experiment, { measurements: e.measurements, sets: e.sets });
  return sides;
}

/**
 * The candidate's runs: each entry is one run; entries that give the same experiment are its
 * repetitions, pooled into one measurement per key that keeps every run's values.
 */
function loadRepetitions(
  io: Files,
  patterns: readonly string[],
  options: ResultsOptions,
  progress: Progress,
  said: SidesSaid,
  environments: (EnvironmentFingerprint | undefined)[],
): Map<string, ExperimentSide> {
  if (patterns.length <= 1) return loadSide(io, patterns, options, progress, said, environments);
  const files = patterns.flatMap((pattern) => loadResults(io, [pattern], options, progress).files);
  environments.push(environmentOfSets(files.map((f) => f.set)));
  const grouped = groupResults(files, 'pool');
  said.pooled.push(...grouped.pooled);
  said.skipped.push(...files.flatMap((f) => f.set.skipped ?? []));
  const sides = new Map<string, ExperimentSide>();
  for (const [experiment, e] of grouped.experiments)
    sides.set(experiment, { measurements: e.measurements, sets: e.sets });
  return sides;
}

/**
 * The pairs of a paired comparison: entry i of the reference with entry i of the results, or —
 * given one folder each — their run sub-folders paired in natural order (`r1`, `r2`, … `r10`).
 */
function loadPairs(
  options: Labelled,
  progress: Progress,
  said: SidesSaid,
): { reference: Map<string, ExperimentSide>; result: Map<string, ExperimentSide> }[] {
  const { reference, results } = options;
  if (reference.length === 1 && results.length === 1) {
    const base = readRunFolders(options.files, reference[0]!, options, progress);
    const head = readRunFolders(options.files, results[0]!, options, progress);
    if (base.length !== head.length) {
      throw new UsageError(
        `compare --paired: ${reference[0]} holds ${base.length} run folders and ${results[0]} ${head.length}; each base run needs its candidate run`,
      );
    }
    const names = (runs: HistoryRun[]) =>
      runs
        .map((r) => r.name)
        .sort(naturalCompare)
        .join(', ');
    if (names(base) !== names(head))
      throw new UsageError(`compare --paired: the run folders differ: ${names(base)} against ${names(head)}`);
    return base.map((run, i) => ({
      reference: stripSummaries(run.experiments, options.select),
      result: stripSummaries(head[i]!.experiments, options.select),
    }));
  }
  if (reference.length !== results.length) {
    throw new UsageError(
      `compare --paired: ${reference.length} --reference and ${results.length} --results; give them in pairs, in run order (or one folder of run folders each)`,
    );
  }
  return reference.map((ref, i) => ({
    reference: stripSummaries(loadSide(options.files, [ref], options, progress, said), options.select),
    result: stripSummaries(loadSide(options.files, [results[i]!], options, progress, said), options.select),
  }));
}

/**
 * The reference's comparison CSV compares two single runs: a paired comparison writes none. With
 * `select`, only the measurements it keeps (an experiment left with none is left out).
 */
function stripSummaries(
  sides: Map<string, ExperimentSide>,
  select?: CompareOptions['select'],
): Map<string, ExperimentSide> {
  return new Map(
    [...sides]
      .map(([name, side]): [string, ExperimentSide] => [
        name,
        { measurements: select ? side.measurements.filter((m) => select(name, m.parameter.label)) : side.measurements },
      ])
      .filter(([, side]) => !select || side.measurements.length > 0),
  );
}

/** Each experiment's newest run in the history. */
function newestByExperiment(history: readonly HistoryRun[]): Map<string, ExperimentSide> {
  const newest = new Map<string, ExperimentSide>();
  for (const run of history) for (const [experiment, side] of run.experiments) newest.set(experiment, side);
  return newest;
}

/**
 * The `compare` job: a results set against a reference set (or a history of runs, or A/B pairs), paired by
 * experiment × parameter × metric × statistic. Any supported format on either side. The settings choose the verdict
 * method; this step reads the sides it reads and hands them to its `judge`.
 */
export function runCompare(files: Files, given: CompareOptions, progress: Progress): CompareOutcome {
  const options = withLabels(files, given);
  files.checkOutputFolder(options.outputDir);
  const verdictMethod = methodOfSettings({ paired: options.paired, history: options.history !== undefined });
  const verdict = resolveVerdictSettings(verdictMethod.name, {
    confidence: options.confidence,
    thresholds: options.thresholds,
    gate: options.gate,
    independentRepetitions: options.repetitions === 'independent',
  });
  // One reference run gives no noise to be confident about: a confidence given there would otherwise be dropped unseen.
  if (!verdictMethod.judgesNoise && options.confidence !== undefined)
    progress.warning(
      `confidence ${options.confidence} is ignored: against one reference run the verdict is the threshold alone; confidence applies to a history or to A/B pairs`,
    );
  const sides = LOADERS[verdictMethod.reads](options, progress);
  const report = progress.step('Comparing', () => {
    const judged = verdictMethod.judge(sides.input, options.thresholds, {
      ...verdict,
      suiteBudget: options.suiteBudget !== false,
      maxPairs: options.maxPairs,
      sharedShift: options.sharedShift,
    });
    const built = reportOfJudged(judged.comparisons, options, verdict, sides.removedWarning);
    built.notes.push(...judged.notes);
    return built;
  });
  if (sides.machineWarning !== undefined) report.warnings.unshift(sides.machineWarning);
  return finish(report, sides.reference, sides.results, sides.said, options, progress);
}

/** The sides a method reads, and what reading them leaves for the report. */
interface Loaded {
  input: MethodInput;
  /**
   * By experiment, for the report's account of what was paired: the reference (each one's newest history run, or its
   * base runs) and the results.
   */
  reference: Map<string, ExperimentSide>;
  results: Map<string, ExperimentSide>;
  said: SidesSaid;
  /** The benchmarks of main's newest history run that are removed there. */
  removedWarning?: string | undefined;
  /** History runs left out as measured on another kind of machine. */
  machineWarning?: string | undefined;
}

/** How each kind of sides is read. */
const LOADERS: { readonly [K in MethodReads]: (options: Labelled, progress: Progress) => Loaded } = {
  run: loadReference,
  history: loadHistory,
  pairs: loadPaired,
};

/** One reference run and the results. */
function loadReference(options: Labelled, progress: Progress): Loaded {
  const said = nothingSaid();
  const { reference, results } = progress.step('Reading reference and results', () => ({
    reference: loadSide(options.files, options.reference, options, progress, said),
    results: loadRepetitions(options.files, options.results, options, progress, said, []),
  }));
  const experiments = [...reference.keys(), ...[...results.keys()].filter((t) => !reference.has(t))];
  return { input: { reads: 'run', experiments, reference, results }, reference, results, said };
}

/**
 * A history of runs and the results: the benchmarks main removed are left out, and so are the history runs measured
 * on another kind of machine than the results (with a warning).
 */
function loadHistory(options: Labelled, progress: Progress): Loaded {
  const folder = options.history;
  if (folder === undefined) throw new RangeError('a history comparison needs a history folder');
  const said = nothingSaid();
  const resultEnvironments: (EnvironmentFingerprint | undefined)[] = [];
  const { history, results } = progress.step('Reading reference and results', () => ({
    history: readHistoryRuns(options.files, folder, options, progress),
    results: loadRepetitions(options.files, options.results, options, progress, said, resultEnvironments),
  }));
  const reference = newestByExperiment(history);
  const removed = removedOnMain(history[history.length - 1], reference.keys(), results);
  // A set: a suite of thousands of benchmarks may remove hundreds at once.
  const removedNames = new Set(removed.removed);
  const experiments = [...reference.keys(), ...[...results.keys()].filter((t) => !reference.has(t))].filter(
    (t) => !removedNames.has(t),
  );
  const machines = comparableRuns(
    history,
    resultsMachine(options, mergeEnvironments(...resultEnvironments)),
    onlyExactCounts([...results.values()].flatMap((side) => side.measurements)),
  );
  if (machines.notice) progress.warning(machines.notice);
  return {
    input: { reads: 'history', experiments, history, comparable: machines.runs, results },
    reference,
    results,
    said,
    removedWarning: removed.warning,
    machineWarning: machines.warning,
  };
}

/** `compare --paired`: the A/B pairs, every experiment with its pairs. */
function loadPaired(options: Labelled, progress: Progress): Loaded {
  if (options.history !== undefined)
    throw new UsageError('compare: --paired compares A/B pairs; give --reference and --results, not --history');
  const said = nothingSaid();
  const pairs = progress.step('Reading the A/B pairs', () => loadPairs(options, progress, said));
  if (pairs.length < 2)
    throw new UsageError(
      `compare --paired: ${pairs.length} pair given; a paired verdict needs at least 2 pairs (8 or more to catch a 20 % change on a CI runner)`,
    );
  if (options.maxPairs !== undefined && pairs.length > options.maxPairs)
    throw new UsageError(
      `compare --paired: ${pairs.length} pairs given, more than --max-pairs ${options.maxPairs}; raise the cap or give fewer pairs`,
    );
  const reference = new Map(pairs.flatMap((p) => [...p.reference]));
  const results = new Map(pairs.flatMap((p) => [...p.result]));
  const experiments = [...reference.keys(), ...[...results.keys()].filter((t) => !reference.has(t))].map((t) => ({
    type: t,
    pairs: pairs.map((p) => ({ reference: p.reference.get(t), result: p.result.get(t) })),
  }));
  // Pooling's note is not a paired comparison's: each pair is one run.
  return {
    input: { reads: 'pairs', pairs: pairs.length, experiments },
    reference,
    results,
    said: { pooled: [], skipped: said.skipped },
  };
}

/**
 * The report of the judged comparisons after the missing policy and the acceptance (label, waiver file), with their
 * warnings, the benchmarks removed on main (`removedWarning`) and the renames they suggest.
 */
function reportOfJudged(
  judged: SubExperimentComparison[],
  options: Labelled,
  method: MethodSummary,
  removedWarning: string | undefined,
): ComparisonReport {
  const waivers =
    options.waivers !== undefined ? parseWaivers(options.waivers, options.files.readText(options.waivers)) : undefined;
  const accepted = acceptComparisons(withMissingJudged(judged, options.missing), {
    ...(options.acceptLabel ? { label: options.acceptLabel } : {}),
    ...(waivers ? { waivers } : {}),
    ...(options.today !== undefined ? { today: options.today } : {}),
  });
  const built = buildComparisonReport(
    accepted.comparisons,
    options.referenceLabel,
    options.resultLabel,
    options.baselineRun,
    method,
  );
  const removed = removedWarning !== undefined ? [removedWarning] : [];
  // One push each, not push(...warnings): an argument spread of a long list overflows the stack.
  for (const warning of [accepted.warnings, removed, renameHints(accepted.comparisons)].flat())
    built.warnings.push(warning);
  return built;
}

/** The options with the run's files and both labels: as given, else named after the first reference (or history) and result. */
function withLabels(files: Files, options: CompareOptions): Labelled {
  return {
    ...options,
    files,
    referenceLabel: options.referenceLabel ?? labelOfPath(options.reference[0] ?? options.history!),
    resultLabel: options.resultLabel ?? labelOfPath(options.results[0]!),
  };
}

type Labelled = CompareOptions & Required<Pick<CompareOptions, 'referenceLabel' | 'resultLabel'>> & { files: Files };

/**
 * The machine the results were measured on, for the machine check; undefined when the check is
 * off. The user's word wins, then what the result files say, then the machine perfgate runs on.
 */
function resultsMachine(
  options: CompareOptions,
  fromFiles: EnvironmentFingerprint | undefined,
): EnvironmentFingerprint | undefined {
  if (options.resultsEnvironment) return mergeEnvironments(options.resultsEnvironment, fromFiles);
  if (options.environment) return mergeEnvironments(fromFiles, options.environment);
  return undefined;
}

/**
 * The history runs measured on the same kind of machine as the results (runs that do not say are
 * kept), and a warning naming the difference when some or all were left out; when no run says,
 * a notice that nothing could be checked.
 */
function comparableRuns(
  history: HistoryRun[],
  environment: EnvironmentFingerprint | undefined,
  countsOnly: boolean,
): { runs: HistoryRun[]; warning?: string; notice?: string } {
  if (!environment) return { runs: history };
  if (history.every((run) => run.environment === undefined)) {
    // A count is not slower on a slower machine; it moves where a library picks its code by the CPU's features.
    const risk = countsOnly
      ? 'a count that moved may come from another CPU (a library that picks its code by the CPU) rather than other code'
      : 'a result 60 % slower may be a slower machine rather than slower code';
    return {
      runs: history,
      notice:
        `No machine check: the ${history.length} history runs record no machine, so ${risk} ` +
        '(perfgate history import --environment records it; the action records its runner).',
    };
  }
  const runs = history.filter((run) => environmentDifferences(run.environment, environment).length === 0);
  if (runs.length === history.length) return { runs };
  const other = history.find((run) => environmentDifferences(run.environment, environment).length > 0)!;
  const what = environmentDifferences(other.environment, environment).join('; ');
  if (runs.length === 0) {
    return {
      runs,
      warning: `Not comparable: all ${history.length} history runs were measured on another kind of machine than these results (history vs this run: ${what}), so nothing was gated. Record a history on this kind of runner.`,
    };
  }
  return {
    runs,
    warning: `${history.length - runs.length} of ${history.length} history runs were measured on another kind of machine (history vs this run: ${what}) and were left out.`,
  };
}

function finish(
  report: ComparisonReport,
  reference: Map<string, ExperimentSide>,
  results: Map<string, ExperimentSide>,
  said: SidesSaid,
  options: Labelled,
  progress: Progress,
): CompareOutcome {
  // Nothing paired: every experiment is only on one side. Say so loudly, with the names on each side.
  if (
    report.subExperiments.length > 0 &&
    report.subExperiments.every((s) => s.status === 'new' || s.status === 'missing')
  ) {
    const names = (side: Map<string, ExperimentSide>) => [...side.keys()].join(', ') || 'none';
    report.warnings.push(
      `Nothing was paired: no experiment of the results is in the reference. Reference: ${names(reference)}. Results: ${names(results)}. ` +
        'Both sides must name their experiments alike (see "Repetitions and experiment names" in the README, or --experiment-name).',
    );
  }
  // Pooling is a setting the user chose: a note of the report (once), never a warning.
  for (const sentence of said.pooled) if (!report.notes.includes(sentence)) report.notes.push(sentence);
  // A benchmark its tool could not measure has no row: a warning (escaped as every warning is) carries the tool's message.
  report.warnings.push(...skippedWarnings(said.skipped));
  for (const w of report.warnings) progress.warning(w);
  return progress.step('Writing reports', () => writeComparisonReports(options.files, report, options));
}
