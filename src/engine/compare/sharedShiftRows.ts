/**
 * The paired method's opt-in shared-shift rows (docs/statistics.md, "The shared shift of a run"; the model in
 * stats/sharedShift.ts). For one metric × statistic family with two or more parameters, the family's pooled row is the
 * suite's change (as without the model); each parameter row is judged on its change relative to the suite, which
 * the runner's shared noise does not reach, by judgeBenchmark's rule.
 */
import type { Direction } from '../model/measurement.js';
import {
  detectableChange,
  logEffectTest,
  meanAndSd,
  pairedLogTest,
  relativeOfLog,
  type EffectTest,
} from '../stats/effectTest.js';
import { fitSharedShift, judgeBenchmark, type SuiteOutcome } from '../stats/sharedShift.js';
import {
  statusOf,
  withPairs,
  type ComparisonRow,
  type ComparisonStatus,
  type PairsEvidence,
  pairsEvidenceOf,
} from './rows.js';

/** One pair's values of one row: the base's, the candidate's, and the log ratio, worse positive. */
export interface PairCell {
  a: number;
  b: number;
  d: number;
}

/** The threshold (a relative worsening) on the log scale of the per-pair ratios, worse positive. */
export function logOfThreshold(threshold: number, direction: Direction): number {
  if (direction !== 'higher-is-better') return Math.log1p(threshold);
  return threshold < 1 ? -Math.log1p(-threshold) : Infinity;
}

/** The log effect (worse positive) below which a row is better by more than the threshold. */
function logOfImprovement(threshold: number, direction: Direction): number {
  if (direction === 'higher-is-better') return -Math.log1p(threshold);
  return threshold < 1 ? Math.log1p(-threshold) : -Infinity;
}

/** A paired row's fields from its test: its interval, the smallest change it catches 9 times in 10, its p-value. */
export function testedFields(
  test: EffectTest,
  row: Pick<ComparisonRow, 'threshold' | 'direction'>,
): { evidence: PairsEvidence; detectable: number; pValue: number } {
  return {
    evidence: { kind: 'pairs', interval: test.interval },
    detectable: detectableChange(test.critical, test.standardError, test.df, row.threshold, row.direction),
    pValue: test.pValue,
  };
}

/** The one-sided levels of a family's rows at k pairs (the sequential look's, when the run is sequential). */
export interface FamilyLevels {
  /** α of one parameter row (its Bonferroni share). */
  row: (pairs: number) => number;
  /** α of the family's pooled row, the suite. */
  suite: (pairs: number) => number;
  /**
   * How many pairs in all would make a deviation of `mean` with per-pair sd `sd` significant at the row's α (the
   * run's looks and cap; stats/sequential.ts pairsToDecide), undefined when none would; and that cap.
   */
  toDecide: (mean: number, sd: number, pairs: number) => { needed: number | undefined; cap: number };
}

/**
 * The shared-shift outcome of each parameter row of one family, by parameter, from `cells[p][i]` (parameter p in the
 * family's order, pair i). Only pairs with every parameter are used. Undefined when fewer than 2 such pairs remain
 * (the method then judges the rows as without the model).
 */
export function sharedShiftOutcomes(
  family: readonly ComparisonRow[],
  cells: readonly (readonly (PairCell | undefined)[])[],
  levels: FamilyLevels,
): Map<string, Partial<ComparisonRow>> | undefined {
  const pairs = cells[0]?.length ?? 0;
  const complete: PairCell[][] = [];
  for (let i = 0; i < pairs; i++) {
    const pair = cells.map((perPair) => perPair[i]);
    if (pair.every((c) => c !== undefined)) complete.push(pair as PairCell[]);
  }
  const k = complete.length;
  if (k < 2 || family.length < 2) return undefined;
  const first = family[0]!;
  const fit = fitSharedShift(complete.map((pair) => pair.map((c) => c.d)));
  // The suite's own test: the pooled row's, at its share of α.
  const suiteTest = pairedLogTest(
    complete.map((pair) => pair.reduce((acc, c) => acc + c.d, 0) / pair.length),
    levels.suite(k),
    first.direction,
  );
  const suite: SuiteOutcome = {
    significantlyWorse: suiteTest.significant,
    significantlyBetter: suiteTest.significantlyBetter,
    failed: suiteTest.significant && suiteTest.effect > first.threshold,
    improved: suiteTest.significantlyBetter && suiteTest.effect < -first.threshold,
  };
  const outcomes = new Map<string, Partial<ComparisonRow>>();
  family.forEach((row, p) => {
    const deviation = fit.deviations[p]!;
    const test = logEffectTest(deviation.mean, deviation.se, deviation.df, levels.row(k), row.direction);
    const total = fit.totals[p]!;
    const judgement = judgeBenchmark(
      { deviation: deviation.mean, margin: test.critical * test.standardError, total },
      suite,
      logOfThreshold(row.threshold, row.direction),
      logOfImprovement(row.threshold, row.direction),
    );
    const over = judgement.magnitude > logOfThreshold(row.threshold, row.direction);
    // Over the threshold, worse than the suite but not yet significantly: inconclusive when more pairs would decide.
    const decide =
      over && !judgement.worse && deviation.mean > 0
        ? levels.toDecide(deviation.mean, deviation.se * Math.sqrt(k), k)
        : undefined;
    const status: ComparisonStatus = judgement.worse
      ? 'fail'
      : judgement.better
        ? 'improved'
        : decide?.needed !== undefined
          ? 'inconclusive'
          : over
            ? 'warn'
            : test.detectable > row.threshold && !test.significant
              ? 'noisy'
              : 'pass';
    const reference = Math.exp(meanAndSd(complete.map((pair) => Math.log(pair[p]!.a))).mean);
    const result = Math.exp(meanAndSd(complete.map((pair) => Math.log(pair[p]!.b))).mean);
    const tested = testedFields(test, row);
    const undecided =
      status === 'inconclusive' && decide?.needed !== undefined
        ? { pairsCap: decide.cap, morePairs: decide.needed - k }
        : {};
    outcomes.set(row.parameter, {
      reference,
      result,
      // The shown change is the row's own (result against reference); its interval is relative to the suite.
      deltaPercent: relativeOfLog(total, row.direction) * 100,
      repetitions: k,
      ...tested,
      confidence: 1 - levels.row(k),
      evidence: withPairs(pairsEvidenceOf(tested), { sharedShift: 'benchmark', ...undecided }),
      ...statusOf(status),
      ...(judgement.worse === 'suite' ? { namedBy: 'suite' as const } : {}),
    });
  });
  return outcomes;
}

/** A worse-positive relative change, signed: `+12.3 %`, `-4 %`. */
export function signedPercent(effect: number): string {
  const size = Number((effect * 100).toPrecision(3));
  return `${size > 0 ? '+' : ''}${size} %`;
}

/**
 * The report's notes on the shared-shift model: how rows were judged, and for every family whose suite moved as a
 * whole (its interval excludes no change) the shift and its interval.
 */
export function sharedShiftNotes(rows: readonly ComparisonRow[]): string[] {
  if (!rows.some((r) => pairsEvidenceOf(r)?.sharedShift !== undefined)) return [];
  const notes = [
    'Shared shift of each run: every benchmark of a pair shares the runner’s shift of that pair, estimated as the median of the pair’s log ratios. The geomean row is the suite’s change with the shared noise in its interval; a benchmark row’s interval and p-value are its change relative to the suite, which the shared noise does not reach. A benchmark fails when it is significantly worse than the suite and its change is over the threshold (its own change when the suite moved, else its change relative to the suite), or when the suite fails and it moved with it (not significantly better than the suite).',
  ];
  if (rows.some((r) => pairsEvidenceOf(r)?.acrossExperiments))
    notes.push(
      'Across experiments: where a tool reports each benchmark as its own experiment (Go, Google Benchmark, pytest, JMH), the suite of a metric and statistic is every gated benchmark row of the run; its change is given in a note below, not as a row, and an experiment’s own geomean row of it is shown but not gated.',
    );
  for (const row of rows) {
    const interval = pairsEvidenceOf(row)?.interval;
    if (pairsEvidenceOf(row)?.sharedShift !== 'suite' || !interval) continue;
    if (!(interval.lower > 0 || interval.upper < 0)) continue;
    const lower = Math.min(interval.lower, interval.upper);
    const upper = Math.max(interval.lower, interval.upper);
    notes.push(
      `The suite moved as a whole: ${row.experimentType} ${row.metric} ${row.magnitude} shifted ${signedPercent(row.deltaPercent / 100)} over all its benchmarks (worse positive; interval ${signedPercent(lower)} to ${signedPercent(upper)}, ${row.repetitions ?? 0} pairs). ${row.failed ? 'The shift fails the gate by itself: every benchmark that moved with it is named.' : 'Each benchmark is judged on its own change against the threshold.'}`,
    );
  }
  return notes;
}
