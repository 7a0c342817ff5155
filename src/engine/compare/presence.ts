/**
 * Benchmarks that come and go between main and a pull request: which were removed on main (read from the history's
 * records, each of which keeps the benchmarks its run measured), what a benchmark the results lack does to the gate,
 * and which missing names look renamed. The sentences are warnings: they carry names from result files, escaped
 * wherever rendered.
 */
import { closestIndex } from '../text/closest.js';
import { comparisonRowFailed, type SubExperimentComparison } from './rows.js';

/**
 * What a benchmark of the reference that the results lack does to the gate: `warn` (the default) reports it, `fail`
 * fails it. A method judges a missing row as failing (statusOf); this applies the user's choice once, after any method.
 */
export type MissingPolicy = 'fail' | 'warn';

export const DEFAULT_MISSING: MissingPolicy = 'warn';

/**
 * The comparison with its missing rows failing or not as `policy` says. An experiment that failed only on missing
 * rows passes under `warn`; one the results lack keeps its `missing` status (the reports say so) and fails only under
 * `fail`, and lists only its gated rows (its primary statistic of its primary metric by default: the tails and the
 * derived and secondary metrics of a benchmark that is gone say nothing more), all of them when none is gated.
 */
export function judgeMissing(comparison: SubExperimentComparison, policy: MissingPolicy): SubExperimentComparison {
  const listed =
    comparison.status === 'missing' && comparison.rows.some((row) => row.gated)
      ? comparison.rows.filter((row) => row.gated)
      : comparison.rows;
  const rows = listed.map((row) =>
    row.status === 'missing' ? { ...row, failed: policy === 'fail' && row.failed } : row,
  );
  const status = comparison.status === 'failed' && !rows.some(comparisonRowFailed) ? 'passed' : comparison.status;
  return { ...comparison, status, rows };
}

/** The newest run of a history as presence needs it: its name, its experiments, its record's commit and date. */
export interface NewestRun {
  name: string;
  experiments: { has(experiment: string): boolean };
  recorded?: { sha: string; date: string };
}

/** How many names one warning lists before it counts the rest. */
const NAMES_LISTED = 10;

/** `A, B and 3 more`. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, NAMES_LISTED).join(', ');
  return names.length > NAMES_LISTED ? `${shown} and ${names.length - NAMES_LISTED} more` : shown;
}

/**
 * The experiments of the history that main removed: absent from its newest recorded run (the newest overall, not the
 * newest that has them) and from the results, with the one warning that says so. One the results still give is
 * compared as ever. Rows of an experiment the newest run has are keyed on that run already, so a parameter or metric
 * main dropped is never compared.
 */
export function removedOnMain(
  newest: NewestRun | undefined,
  history: Iterable<string>,
  results: { has(experiment: string): boolean },
): { removed: string[]; warning?: string } {
  if (!newest) return { removed: [] };
  const removed = [...history].filter((e) => !newest.experiments.has(e) && !results.has(e));
  if (removed.length === 0) return { removed };
  const run = newest.recorded
    ? `${newest.name}, commit ${newest.recorded.sha.slice(0, 7)} of ${newest.recorded.date.slice(0, 10)}`
    : newest.name;
  return {
    removed,
    warning: `${listed(removed)}: removed on main (absent from main's newest recorded run, ${run}); not compared.`,
  };
}

/**
 * What a missing benchmark does in this comparison: the user's policy, except when nothing paired at all (every
 * experiment on one side only, some of the reference's missing): a gate that compared nothing fails closed, as a
 * misconfiguration (names that do not line up), whatever `missing` says.
 */
export function missingPolicyOf(comparisons: readonly SubExperimentComparison[], policy: MissingPolicy): MissingPolicy {
  const nothingPaired =
    comparisons.length > 0 &&
    comparisons.every((c) => c.status === 'new' || c.status === 'missing') &&
    comparisons.some((c) => c.status === 'missing');
  return nothingPaired ? 'fail' : policy;
}

/** The judged comparisons with their missing rows failing or not (missingPolicyOf; absent: the default, warn). */
export function withMissingJudged(
  comparisons: readonly SubExperimentComparison[],
  policy: MissingPolicy = DEFAULT_MISSING,
): SubExperimentComparison[] {
  const missing = missingPolicyOf(comparisons, policy);
  return comparisons.map((c) => judgeMissing(c, missing));
}

/** The longest prefix every name shares (`Benchmark` of Go's names, `test_` of pytest's). */
function sharedPrefix(names: readonly string[]): string {
  let prefix = names[0] ?? '';
  for (const name of names) while (!name.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/**
 * Pairs of names a comparison compares at the most for its rename hints: each pair is an edit distance, so a suite that
 * renamed thousands at once (10,000 × 10,000 pairs took minutes) gets one line instead.
 */
export const RENAME_PAIRS_COMPARED = 250_000;

/**
 * The renames a comparison suggests: each experiment the results lack whose name is close to one only the results
 * give (text/closest.ts), with the experiment-names mapping that pairs them: new name to old, as the results are read
 * (a history's records keep the names they were recorded under). Names are compared without the prefix they all share:
 * every Go benchmark starts with `Benchmark`, which would make BenchmarkEncode look like a misspelt BenchmarkParse.
 */
export function renameHints(comparisons: readonly SubExperimentComparison[]): string[] {
  const missing = comparisons.filter((c) => c.status === 'missing').map((c) => c.experimentType);
  const added = comparisons.filter((c) => c.status === 'new').map((c) => c.experimentType);
  if (missing.length * added.length > RENAME_PAIRS_COMPARED)
    return [
      `${missing.length} benchmarks are missing and ${added.length} are new: too many to pair as renames here; if they were renamed, map each new name to its old one with experiment-names (CLI --experiment-name NEW=OLD), so that they are compared under their old names.`,
    ];
  const cut = sharedPrefix([...missing, ...added]).length;
  const tails = added.map((name) => name.slice(cut));
  return missing.flatMap((name) => {
    const index = closestIndex(name.slice(cut), tails);
    const renamed = index === undefined ? undefined : added[index]!;
    return renamed === undefined
      ? []
      : [
          `${name} is missing and ${renamed} is new: if it was renamed, map it with experiment-names: ${renamed}=${name} (CLI --experiment-name ${renamed}=${name}), so that it is compared under its old name.`,
        ];
  });
}

/**
 * Why a comparison paired nothing although the reference had results (a history's records, a baseline run): the same
 * benchmarks were read on both sides, but no row has a number on both. `repetitions`: the results give the recorded
 * metrics but none of the recorded statistics (the runs were repeated on one side only: Google Benchmark's
 * `--benchmark_repetitions`, a `-count`); `metrics`: the results give none of the recorded metrics (Go's `-benchmem`
 * on one side only). `recorded` and `given` are what each side gave: the statistics, or the metrics (names from result
 * files: escaped where rendered).
 */
export interface Unpaired {
  why: 'repetitions' | 'metrics';
  recorded: string[];
  given: string[];
}

/**
 * The comparison's Unpaired, or undefined when a row paired, when the reference gave nothing, or when no benchmark is
 * on both sides (the names differ: missing rows then fail by missingPolicyOf, and renameHints names the pairs).
 */
export function nothingPaired(comparisons: readonly SubExperimentComparison[]): Unpaired | undefined {
  const shared = comparisons.filter((c) => c.status !== 'new' && c.status !== 'missing');
  if (shared.length === 0) return undefined;
  const rows = comparisons.flatMap((c) => c.rows).filter((r) => !r.pooled);
  const recordedRows = rows.filter((r) => Number.isFinite(r.reference));
  if (recordedRows.length === 0) return undefined;
  if (rows.some((r) => Number.isFinite(r.reference) && Number.isFinite(r.result))) return undefined;
  const sharedNames = new Set(shared.map((c) => c.experimentType));
  const givenRows = rows.filter((r) => sharedNames.has(r.experimentType) && Number.isFinite(r.result));
  const distinct = (values: string[]) => [...new Set(values)];
  return givenRows.length > 0
    ? {
        why: 'metrics',
        recorded: distinct(recordedRows.map((r) => r.metric)),
        given: distinct(givenRows.map((r) => r.metric)),
      }
    : { why: 'repetitions', recorded: distinct(recordedRows.map((r) => r.statistic)), given: [] };
}
