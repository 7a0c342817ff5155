/**
 * The shared-shift model across the experiments of a paired run (docs/statistics.md, "The shared shift of a run",
 * "Suites across experiments"). A benchmark tool run once per A/B run (Go's `BenchmarkA` … `BenchmarkH`, Google
 * Benchmark's functions, pytest's tests, JMH's methods) reports each benchmark as its own experiment, while the
 * runner's shift of an invocation is common to all of them. So the suite of a run is every gated parameter row of
 * the same metric, statistic, direction and threshold over all the run's experiments; a suite that spans two or more
 * experiments is judged as one shared-shift family (sharedShiftRows.ts, the same fit and rule as within one
 * experiment): the suite's change at the pooled row's share of α, each of its B benchmark rows on its change relative
 * to the suite at α·(1 − pooled share)/B, each converted to the look's level in a sequential run, Benjamini–Hochberg
 * naming over the suite's rows. The suite is reported in a note (it is no experiment's row); while it is
 * inconclusive every undecided benchmark row of it is too, so a sequential run goes on until the suite is decided.
 * The experiments' own pooled rows of a suite's family are shown and not gated (the suite takes the family's α).
 */
import type { Thresholds } from './thresholds.js';
import type { PairedExperiment } from './method.js';
import { nameRegressedRows } from './attribution.js';
import { SHARED_DEFAULTS, assertConfidence } from './defaults.js';
import {
  compareExperimentPaired,
  familyLevels,
  meanCells,
  outcomeKey,
  pairCells,
  PAIRED_CONFIDENCE,
  pairedRowOutcome,
  type PairedOptions,
} from './pairedRows.js';
import {
  POOLED_PARAMETER,
  pooledAlpha,
  withPairs,
  type ComparisonRow,
  type SubExperimentComparison,
  pairsEvidenceOf,
} from './rows.js';
import { sharedShiftOutcomes, signedPercent } from './sharedShiftRows.js';

export type { PairedExperiment };

/** A benchmark row of a suite: which experiment (its index in the run) and the row as judged alone. */
export interface SuiteMember {
  experiment: number;
  row: ComparisonRow;
}

/** The suite a row belongs to across experiments: its metric, statistic, direction and threshold. */
export function suiteKey(row: Pick<ComparisonRow, 'metric' | 'statistic' | 'direction' | 'threshold'>): string {
  return [row.metric.toLowerCase(), row.statistic, row.direction, String(row.threshold)].join('\u0000');
}

/**
 * The suites of a run that span two or more experiments, from each experiment's rows judged alone: its gated parameter
 * rows (not pooled, not new or missing) grouped by suiteKey, in the experiments' order. A suite held by one experiment
 * is left to that experiment's own model.
 */
export function runSuites(comparisons: readonly SubExperimentComparison[]): SuiteMember[][] {
  const suites = new Map<string, SuiteMember[]>();
  comparisons.forEach((comparison, experiment) => {
    for (const row of comparison.rows) {
      if (row.pooled || !row.gated || row.status === 'new' || row.status === 'missing') continue;
      // Into the suite's own list: a copy per member was quadratic (10,000 members: 400 MB copied).
      const key = suiteKey(row);
      const members = suites.get(key);
      if (members === undefined) suites.set(key, [{ experiment, row }]);
      else members.push({ experiment, row });
    }
  });
  return [...suites.values()].filter((members) => new Set(members.map((m) => m.experiment)).size >= 2);
}

/**
 * A suite judged across the experiments of a run: its own row (the pooled row of the suite's benchmarks, per pair the
 * mean log ratio over them, judged at the pooled row's share of α; it carries the shared runner noise), and how many
 * benchmarks in how many experiments it spans.
 */
export interface RunSuite {
  row: ComparisonRow;
  /** Its benchmark rows, each with its experiment's index in the run. */
  members: SuiteMember[];
  benchmarks: number;
  experiments: number;
}

/** The comparisons of a paired run's experiments, and the notes on (and rows of) its suites across experiments. */
export interface PairedRun {
  comparisons: SubExperimentComparison[];
  notes: string[];
  suites: RunSuite[];
}

/**
 * Compares every experiment of a paired run. Without `sharedShift` each experiment alone, exactly as
 * compareExperimentPaired; with it, the suites across experiments are judged together (see the file's comment) and
 * each experiment's other families by its own shared-shift model.
 */
export function compareExperimentsPaired(
  experiments: readonly PairedExperiment[],
  thresholds: Thresholds,
  options: PairedOptions = {},
): PairedRun {
  const alone = (acrossExperiments?: ReadonlyMap<string, Partial<ComparisonRow>>) =>
    experiments.map((e) => compareExperimentPaired(e.type, e.pairs, thresholds, { ...options, acrossExperiments }));
  if (!options.sharedShift) return { comparisons: alone(), notes: [], suites: [] };
  const first = alone();
  const alpha = 1 - assertConfidence(options.confidence ?? PAIRED_CONFIDENCE);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const cellsOf = experiments.map((e) => pairCells(e.pairs));
  const across = experiments.map(() => new Map<string, Partial<ComparisonRow>>());
  const notes: string[] = [];
  const suites: RunSuite[] = [];
  const judgedSuites: SuiteMember[][] = [];
  for (const members of runSuites(first)) {
    const cells = members.map((m) => cellsOf[m.experiment]!(m.row));
    // sharedShiftOutcomes names its rows by parameter: here each member by its place in the suite.
    const outcomes = sharedShiftOutcomes(
      members.map((m, j) => ({ ...m.row, parameter: String(j) })),
      cells,
      familyLevels(members.length, options),
    );
    if (!outcomes) continue;
    // The suite's own row: per pair the mean log ratio over its benchmarks, decisive at the pooled row's α.
    const head = members[0]!.row;
    const suite = pairedRowOutcome(head, meanCells(cells), 1 - pooledAlpha(alpha, pooledShare), true, options);
    const suitePairs = suite && pairsEvidenceOf(suite);
    members.forEach((m, j) => {
      const alone = outcomes.get(String(j)) ?? {};
      let outcome: Partial<ComparisonRow> = {
        ...alone,
        evidence: withPairs(pairsEvidenceOf(alone), { acrossExperiments: true }),
      };
      if (suite?.status === 'inconclusive' && !['fail', 'improved', 'inconclusive'].includes(outcome.status!))
        outcome = {
          ...outcome,
          status: 'inconclusive',
          failed: false,
          evidence: withPairs(pairsEvidenceOf(outcome), {
            ...(suitePairs?.pairsCap !== undefined ? { pairsCap: suitePairs.pairsCap } : {}),
            ...(suitePairs?.morePairs !== undefined ? { morePairs: suitePairs.morePairs } : {}),
          }),
        };
      across[m.experiment]!.set(outcomeKey(m.row), outcome);
    });
    judgedSuites.push(members);
    if (suite) {
      notes.push(suiteNote(head, members, suite));
      suites.push({
        row: {
          ...head,
          ...suite,
          parameter: POOLED_PARAMETER,
          pooled: true,
          evidence: withPairs({ ...pairsEvidenceOf(head), ...pairsEvidenceOf(suite) }, { sharedShift: 'suite' }),
        },
        members,
        benchmarks: members.length,
        experiments: new Set(members.map((m) => m.experiment)).size,
      });
    }
  }
  if (judgedSuites.length === 0) return { comparisons: first, notes, suites };
  const comparisons = experiments.map((e, i) =>
    compareExperimentPaired(e.type, e.pairs, thresholds, { ...options, acrossExperiments: across[i] }),
  );
  for (const members of judgedSuites) nameAcross(comparisons, members, alpha);
  return { comparisons: comparisons.map(withStatus), notes, suites };
}

/** Benjamini–Hochberg naming over a suite's benchmark rows, which sit in several experiments. */
function nameAcross(comparisons: SubExperimentComparison[], members: readonly SuiteMember[], q: number): void {
  const at = members.map((m) => {
    const rows = comparisons[m.experiment]!.rows;
    return { rows, index: rows.findIndex((r) => !r.pooled && outcomeKey(r) === outcomeKey(m.row)) };
  });
  const found = at.filter((a) => a.index >= 0);
  // All rows of a suite share its metric and statistic, so nameRegressedRows sees one family.
  const named = nameRegressedRows(
    found.map((a) => a.rows[a.index]!),
    q,
  );
  found.forEach((a, j) => (a.rows[a.index] = named[j]!));
}

function withStatus(comparison: SubExperimentComparison): SubExperimentComparison {
  if (comparison.status === 'new' || comparison.status === 'missing') return comparison;
  return { ...comparison, status: comparison.rows.some((r) => r.failed) ? 'failed' : 'passed' };
}

/** The report's note on one suite across experiments: its change, its interval and what it decided. */
function suiteNote(head: ComparisonRow, members: readonly SuiteMember[], suite: Partial<ComparisonRow>): string {
  const experiments = new Set(members.map((m) => m.experiment)).size;
  const what = `${head.metric} ${head.magnitude} of ${members.length} benchmarks in ${experiments} experiments`;
  const change = signedPercent((suite.deltaPercent ?? 0) / 100);
  const interval = pairsEvidenceOf(suite)?.interval;
  const moved = interval !== undefined && (interval.lower > 0 || interval.upper < 0);
  const span = interval
    ? `interval ${signedPercent(Math.min(interval.lower, interval.upper))} to ${signedPercent(Math.max(interval.lower, interval.upper))}, `
    : '';
  const verdict =
    suite.status === 'fail'
      ? 'The shift fails the gate by itself: every benchmark that moved with it is named.'
      : suite.status === 'inconclusive'
        ? 'Its interval straddles the threshold: every benchmark not yet decided stays inconclusive until it is decided.'
        : 'Each benchmark is judged on its own change against the threshold.';
  // Two benchmarks (issue 45, item 6): the median of two log ratios is their mean, so each one's deviation is half
  // their difference, the same size both ways.
  const two =
    members.length === 2
      ? ' With two benchmarks the model tells that they moved apart, not which of them moved (each one’s change relative to the suite is half their difference); a change both share is judged as the suite’s, with the runner’s noise in its interval.'
      : '';
  return (
    `${moved ? 'The suite moved as a whole' : 'Suite across experiments'}: ${what} shifted ${change} ` +
    `(worse positive; ${span}${suite.repetitions ?? 0} pairs; the suite of the run, judged at its share of α with the benchmarks' deviations from it). ${verdict}${two}`
  );
}
