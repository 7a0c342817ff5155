/**
 * The history gate's suite row (docs/statistics.md, "The suite row"). Each gated family of a history comparison is
 * judged at its share of the whole-suite budget (suiteBudget.ts), so a suite that moved as one — every benchmark ×1.3,
 * each row outside its band and over the threshold — may have no family the budget selects. The suite row judges what
 * they share: per metric, statistic, direction and threshold (suiteShift.ts's suiteKey), the geomean over every gated
 * benchmark row of two or more experiments, per history run in the band's window and for the candidate
 * (stats/suiteGeomean.ts), against the noise of those geomeans as any row is against its own (noise.ts). Its rows make
 * one comparison of their own, SUITE_EXPERIMENT, which the budget decides as one family more; its evidence carries the
 * history's own spread of the suite's geomean, which the report quotes beside the suite's move.
 *
 * A suite row cannot tell a slower runner from a slower build: both move every benchmark. What tells them apart is a
 * run of the base build on the same runner: the confirmation's A/B pairs, or a rerun.
 */
import { suiteGeomeans } from '../stats/suiteGeomean.js';
import { median } from '../stats/median.js';
import { SHARED_DEFAULTS, type VerdictOptions } from './defaults.js';
import type { HistoryRunSides } from './method.js';
import { runsByKey, type KeyInRuns } from './runIndex.js';
import { valuesOf } from './levels.js';
import { runSuites, type SuiteMember } from './suiteShift.js';
import {
  bandOf,
  POOLED_PARAMETER,
  rowKey,
  type ComparisonRow,
  type ExperimentSide,
  type SubExperimentComparison,
} from './rows.js';

/** The experiment a suite row is reported under. */
export const SUITE_EXPERIMENT = 'whole suite';

/** Judges a suite's geomeans: history levels, candidate repetitions, the history's repetitions per run. */
export type SuiteJudge = (
  head: ComparisonRow,
  history: number[],
  candidate: number[],
  historyRepetitions: number,
) => Partial<ComparisonRow>;

/**
 * The suite rows of a judged history comparison, as one comparison (undefined when no suite spans two experiments with
 * rows judged against the noise). `judged` holds each experiment's rows in `experiments`' order; `runs` are the history
 * runs they were judged against (oldest first); `judge` is the history method's own judgement of a row.
 */
export function suiteComparison(
  judged: readonly SubExperimentComparison[],
  experiments: readonly string[],
  runs: readonly HistoryRunSides[],
  results: ReadonlyMap<string, ExperimentSide>,
  options: VerdictOptions,
  judge: SuiteJudge,
): SubExperimentComparison | undefined {
  const window = runs.slice(-(options.maxHistory ?? SHARED_DEFAULTS.maxHistory));
  const readers = new Map<number, ExperimentReader | undefined>();
  const readerOf = (experiment: number) => {
    if (!readers.has(experiment)) readers.set(experiment, experimentReader(experiments[experiment]!, window, results));
    return readers.get(experiment);
  };
  const rows: ComparisonRow[] = [];
  for (const suite of runSuites(judged.map((c) => ({ ...c, rows: c.rows.filter(judgedAgainstNoise) })))) {
    const row = suiteRow(suite, readerOf, judge);
    if (row !== undefined) rows.push(row);
  }
  if (rows.length === 0) return undefined;
  return { experimentType: SUITE_EXPERIMENT, status: rows.some((r) => r.failed) ? 'failed' : 'passed', rows };
}

/** A row the history judged against its noise (it has a p-value), as the suite's members must be. */
function judgedAgainstNoise(row: ComparisonRow): boolean {
  return row.pValue !== undefined && bandOf(row) !== undefined;
}

/** One experiment's rows across the window's runs: each run's levels (undefined where it lacks the experiment). */
interface ExperimentReader {
  /** Per window run, the key's level of `statistic`; and its repetition counts in the runs that have it. */
  levels(row: ComparisonRow): { levels: (number | undefined)[]; repetitions: number[]; candidate: number[] };
}

function experimentReader(
  type: string,
  window: readonly HistoryRunSides[],
  results: ReadonlyMap<string, ExperimentSide>,
): ExperimentReader | undefined {
  const result = results.get(type);
  if (result === undefined) return undefined;
  const sides = window.map((run) => run.experiments.get(type));
  const present = sides.flatMap((side) => (side === undefined ? [] : [side]));
  const { resultByKey, across } = runsByKey(present, result);
  return {
    levels(row) {
      const inRuns: KeyInRuns = across(rowKey(row));
      const found = inRuns.levels(row.statistic);
      const counts = inRuns.repetitions();
      let p = 0;
      const levels = sides.map((side) => (side === undefined ? undefined : found[p++]));
      return { levels, repetitions: counts, candidate: valuesOf(resultByKey.get(rowKey(row)), row.statistic) };
    },
  };
}

/** The suite row of one suite's members, or undefined when fewer than two of them have every run's level. */
function suiteRow(
  members: readonly SuiteMember[],
  readerOf: (experiment: number) => ExperimentReader | undefined,
  judge: SuiteJudge,
): ComparisonRow | undefined {
  const read = members.map((m) => readerOf(m.experiment)?.levels(m.row));
  const given = members.flatMap((m, i) => (read[i] !== undefined ? [{ member: m, read: read[i] }] : []));
  const geomeans = suiteGeomeans(
    given.map((g) => g.read.levels),
    given.map((g) => g.read.candidate),
  );
  if (geomeans === undefined) return undefined;
  const head = members[0]!.row;
  const outcome = judge(head, geomeans.history, geomeans.candidate, median(given.flatMap((g) => g.read.repetitions)));
  const band = bandOf(outcome);
  if (band === undefined) return undefined;
  const { lower, upper } = geomeans.spread;
  const spread = head.direction === 'higher-is-better' ? { lower: -upper, upper: -lower } : { lower, upper };
  const experiments = new Set(given.map((g) => g.member.experiment)).size;
  return {
    experimentType: SUITE_EXPERIMENT,
    parameter: POOLED_PARAMETER,
    payloadBytes: NaN,
    metric: head.metric,
    statistic: head.statistic,
    magnitude: head.magnitude,
    unit: head.unit,
    ...(head.printedUnit !== undefined ? { printedUnit: head.printedUnit } : {}),
    direction: head.direction,
    reference: NaN,
    result: NaN,
    deltaPercent: NaN,
    threshold: head.threshold,
    status: 'pass',
    failed: false,
    gated: true,
    pooled: true,
    ...outcome,
    evidence: { ...band, suite: { benchmarks: geomeans.benchmarks, experiments, spread } },
  };
}
