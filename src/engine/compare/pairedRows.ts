/**
 * The paired method's rows (pairedMethod.ts): k interleaved A/B pairs of base and candidate runs, judged on their
 * per-pair log ratios.
 */
import { logWorse, meanAndSd, pairedLogTest } from '../stats/effectTest.js';
import { nameRegressedRows } from './attribution.js';
import {
  ALL_GATED,
  comparisonRowFailed,
  deltaPercent,
  familyKey,
  familySizes,
  changeIntervalOf,
  CHANGE_INTERVAL_LEVEL,
  gated,
  keyOf,
  pooledRows,
  regate,
  pooledAlpha,
  rowAlpha,
  rowKey,
  statusOf,
  withPairs,
  type ComparisonRow,
  type ComparisonStatus,
  type ExperimentSide,
  type SubExperimentComparison,
  pairsEvidenceOf,
} from './rows.js';
import { assertConfidence, SHARED_DEFAULTS, type VerdictOptions } from './defaults.js';
import type { ExperimentPair } from './method.js';
import { DEFAULT_SPENDING, pairsToDecide, sequentialNominalAlpha, type SpendingFunction } from '../stats/sequential.js';
import { tTableQuantile } from '../stats/tTable.js';
import { DETECTION_POWER } from '../stats/effectTest.js';
import { compareExperiment, thresholdStatus } from './thresholdMethod.js';
import type { Thresholds } from './thresholds.js';
import {
  logOfThreshold,
  sharedShiftOutcomes,
  testedFields,
  type FamilyLevels,
  type PairCell,
} from './sharedShiftRows.js';

/** The paired method's default confidence: interleaved A/B pairs on one runner cancel the machine's state. */
export const PAIRED_CONFIDENCE = 0.99;

/** The paired method's options: the verdict's, and the cap of a sequential A/B run. */
export type PairedOptions = VerdictOptions & {
  /**
   * Sequential A/B: the most pairs the run will take. The pairs given are then one look of a group-sequential
   * design (stats/sequential.ts) and each row is judged at that look's boundary instead of the fixed-sample one.
   */
  maxPairs?: number | undefined;
  /** The spending function of a sequential run (tools measure both; perfgate uses DEFAULT_SPENDING). */
  spending?: SpendingFunction | undefined;
  /**
   * Model the shared shift of each pair (sharedShiftRows.ts, docs/statistics.md "The shared shift of a run"): a
   * family of two or more parameters judges each parameter on its change relative to the suite, and the pooled row
   * is the suite's change. Off by default (the rows are then judged each on its own per-pair ratios).
   */
  sharedShift?: boolean | undefined;
  /**
   * Rows already judged with the shared-shift model across the experiments of a run (suiteShift.ts), by
   * `${rowKey(row)}\u0000${statistic}`: used as they are. Their families are judged there, not here: no
   * within-experiment model for them, and their pooled rows are shown but not gated (the suite across experiments
   * takes the family's α).
   */
  acrossExperiments?: ReadonlyMap<string, Partial<ComparisonRow>> | undefined;
};

/**
 * Per pair, the mean over `members` (each a row's pair cells) of their values: the geometric means of the base's and
 * the candidate's values and the mean log ratio (the log of the geometric-mean ratio); undefined for a pair that
 * misses a member.
 */
export function meanCells(members: readonly (readonly (PairCell | undefined)[])[]): (PairCell | undefined)[] {
  const pairs = members[0]?.length ?? 0;
  return Array.from({ length: pairs }, (_, i) => {
    const cells = members.map((values) => values[i]);
    if (cells.some((c) => c === undefined)) return undefined;
    const defined = cells as PairCell[];
    const mean = (f: (c: PairCell) => number) => defined.reduce((acc, c) => acc + f(c), 0) / defined.length;
    return { a: Math.exp(mean((c) => Math.log(c.a))), b: Math.exp(mean((c) => Math.log(c.b))), d: mean((c) => c.d) };
  });
}

/** The key of a row's outcome in PairedOptions.acrossExperiments. */
export function outcomeKey(row: Pick<ComparisonRow, 'parameter' | 'metric' | 'statistic'>): string {
  return `${rowKey(row)}\u0000${row.statistic}`;
}

/** The nominal level of a row of α `rowAlpha` at a look of `pairs` (the fixed-sample α without a cap). */
function lookAlphaOf(options: PairedOptions): (rowAlpha: number, pairs: number) => number {
  const spending = options.spending ?? DEFAULT_SPENDING;
  return (rowAlpha, pairs) =>
    options.maxPairs === undefined ? rowAlpha : sequentialNominalAlpha(pairs, options.maxPairs, rowAlpha, spending);
}

/**
 * The levels of a shared-shift family of `size` benchmark rows (sharedShiftRows.ts FamilyLevels): each row at its
 * Bonferroni share, the suite at the pooled row's, both converted to the look's nominal level in a sequential run.
 */
export function familyLevels(size: number, options: PairedOptions): FamilyLevels {
  const alpha = 1 - assertConfidence(options.confidence ?? PAIRED_CONFIDENCE);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const lookAlpha = lookAlphaOf(options);
  const maxPairs = options.maxPairs;
  return {
    row: (k) => lookAlpha(rowAlpha(alpha, size, pooledShare), k),
    suite: (k) => lookAlpha(pooledAlpha(alpha, pooledShare), k),
    toDecide: (mean, sd, k) => {
      const cap = maxPairs ?? PAIRS_TO_DECIDE_CAP;
      const sequential = maxPairs === undefined ? undefined : { spending: options.spending ?? DEFAULT_SPENDING };
      // Distance to no change (threshold 0 on the deviation): when it would become significant.
      const row = rowAlpha(alpha, size, pooledShare);
      return { needed: pairsToDecide(mean, sd, k, 0, row, PASS_BETA, cap, sequential), cap };
    },
  };
}

/** Each pair's values of a row (parameter, metric, statistic) and its log ratio, worse positive. */
export function pairCells(
  pairs: readonly ExperimentPair[],
): (row: Pick<ComparisonRow, 'parameter' | 'metric' | 'statistic' | 'direction'>) => (PairCell | undefined)[] {
  const maps = pairs.map((p) => ({
    reference: new Map((p.reference?.measurements ?? []).map((m) => [keyOf(m), m])),
    result: new Map((p.result?.measurements ?? []).map((m) => [keyOf(m), m])),
  }));
  return (row) =>
    maps.map((p) => {
      const a = p.reference.get(rowKey(row))?.statistics[row.statistic];
      const b = p.result.get(rowKey(row))?.statistics[row.statistic];
      return a !== undefined && b !== undefined && a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b)
        ? { a, b, d: logWorse(a, b, row.direction) }
        : undefined;
    });
}

/**
 * The risk of passing a change exactly at the threshold: a decisive row passes when its upper bound at 1 − PASS_BETA
 * lies below the threshold (the power at which Catches ≥ is stated, so a row passes when a change of threshold size
 * would have been caught 9 times in 10). Failing stays at the row's α.
 */
export const PASS_BETA = 1 - DETECTION_POWER;

/** How many pairs in all an inconclusive row considers when the run has no cap. */
export const PAIRS_TO_DECIDE_CAP = 100;

/**
 * Compares one experiment from k interleaved A/B pairs (base and candidate run alternately on
 * the same runner, so the machine's state cancels in each pair's ratio). Per row: the mean of the
 * per-pair log ratios with a t interval on k − 1 degrees of freedom; with several parameters a
 * pooled geomean row (per pair, the mean log ratio over the parameters). A row fails when its
 * change exceeds the threshold and its interval excludes no change. A row that decides the family
 * (the pooled row, or the only parameter) passes only when its upper bound at 1 − PASS_BETA is below the
 * threshold; when the interval straddles the threshold without failing it is `inconclusive`, with
 * the pairs that would decide. Reference and result shown are the geometric means of the pairs' values.
 */
export function compareExperimentPaired(
  experimentType: string,
  pairs: readonly ExperimentPair[],
  thresholds: Thresholds,
  options: PairedOptions = {},
): SubExperimentComparison {
  const gate = options.gate ?? SHARED_DEFAULTS.gate;
  const alpha = 1 - assertConfidence(options.confidence ?? PAIRED_CONFIDENCE);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const refs = pairs.map((p) => p.reference).filter((s): s is ExperimentSide => s !== undefined);
  const ress = pairs.map((p) => p.result).filter((s): s is ExperimentSide => s !== undefined);
  // Rows and new/missing from the first pair that has each side; values from every pair.
  const plain = compareExperiment(experimentType, refs[0], ress[0], thresholds, { gate: ALL_GATED });
  const pairMaps = pairs.map((p) => ({
    reference: new Map((p.reference?.measurements ?? []).map((m) => [keyOf(m), m])),
    result: new Map((p.result?.measurements ?? []).map((m) => [keyOf(m), m])),
  }));
  const shapeOf = (row: ComparisonRow) =>
    pairMaps.map((p) => p.result.get(rowKey(row)) ?? p.reference.get(rowKey(row))).find((m) => m !== undefined);
  const cellsOf = pairCells(pairs);
  const logRatios = (row: ComparisonRow, parameter: string) => cellsOf({ ...row, parameter });
  const sizes = familySizes(plain.rows);
  // With the shared-shift model: each family of two or more parameters judged together (sharedShiftRows.ts).
  const across = options.acrossExperiments ?? new Map<string, Partial<ComparisonRow>>();
  const shifted = new Map<string, Partial<ComparisonRow>>(across);
  if (options.sharedShift) {
    const families = new Map<string, ComparisonRow[]>();
    for (const row of plain.rows) {
      if (row.status === 'new' || row.status === 'missing') continue;
      families.set(familyKey(row), [...(families.get(familyKey(row)) ?? []), row]);
    }
    for (const family of families.values()) {
      // A family judged across the run's experiments (suiteShift.ts) is not judged again here.
      if (across.has(outcomeKey(family[0]!))) continue;
      const outcomes = sharedShiftOutcomes(
        family,
        family.map((row) => logRatios(row, row.parameter)),
        familyLevels(family.length, options),
      );
      for (const [parameter, outcome] of outcomes ?? []) shifted.set(outcomeKey({ ...family[0]!, parameter }), outcome);
    }
  }
  const judged = plain.rows.map((row): ComparisonRow => {
    if (row.status === 'new' || row.status === 'missing') return regate(row, gate, shapeOf(row));
    const familySize = sizes.get(familyKey(row)) ?? 1;
    const rowConfidence = 1 - rowAlpha(alpha, familySize, pooledShare);
    const outcome =
      shifted.get(outcomeKey(row)) ??
      pairedRowOutcome(row, logRatios(row, row.parameter), rowConfidence, familySize === 1, options);
    return regate(outcome ? { ...row, ...outcome } : row, gate, shapeOf(row));
  });
  const resultByKey = new Map(pairMaps.flatMap((p) => [...p.result.entries()]));
  const pooled = pooledRows(
    judged,
    (row, parameters) => {
      const perPair = meanCells(parameters.map((p) => logRatios(row, p)));
      const outcome = pairedRowOutcome(row, perPair, 1 - pooledAlpha(alpha, pooledShare), true, options);
      // Across experiments the suite of the run takes the family's α: its pooled row is shown, not gated.
      if (outcome && across.has(outcomeKey(row))) return informational(outcome);
      // With the model the pooled row is the suite's change, which the benchmark rows were judged against.
      return outcome && shifted.has(outcomeKey(row))
        ? { ...outcome, evidence: withPairs(pairsEvidenceOf(outcome), { sharedShift: 'suite' }) }
        : outcome;
    },
    gate,
    resultByKey,
  );
  // A family judged across experiments: its pooled row is not gated, and its rows are named across the suite.
  const acrossFamilies = new Set(plain.rows.filter((r) => across.has(outcomeKey(r))).map(familyKey));
  const all = [...judged, ...pooled].map((r) => (r.pooled && acrossFamilies.has(familyKey(r)) ? gated(r, false) : r));
  const named = nameRegressedRows(
    all.filter((r) => !acrossFamilies.has(familyKey(r))),
    alpha,
  );
  const rows = all.map((r) => (acrossFamilies.has(familyKey(r)) ? r : named.shift()!));
  const status =
    refs.length === 0 ? 'new' : ress.length === 0 ? 'missing' : rows.some(comparisonRowFailed) ? 'failed' : 'passed';
  return { ...plain, status, rows };
}

/**
 * A row judged on its own per-pair log ratios at confidence `rowConfidence` (the look's nominal level when the run is
 * sequential). A decisive row (a pooled row, or a lone parameter) is `inconclusive` until its upper bound at
 * PASS_BETA lies below the threshold. Undefined when no pair has the row.
 */
export function pairedRowOutcome(
  row: ComparisonRow,
  pairValues: readonly (PairCell | undefined)[],
  rowConfidence: number,
  decisive: boolean,
  options: PairedOptions,
): Partial<ComparisonRow> | undefined {
  const { maxPairs } = options;
  const spending = options.spending ?? DEFAULT_SPENDING;
  const lookAlpha = lookAlphaOf(options);
  {
    const usable = pairValues.filter((v): v is PairCell => v !== undefined);
    const reference = Math.exp(meanAndSd(usable.map((v) => Math.log(v.a))).mean);
    const result = Math.exp(meanAndSd(usable.map((v) => Math.log(v.b))).mean);
    if (usable.length < 2) {
      if (usable.length === 0) return undefined;
      const status = thresholdStatus(reference, result, row.threshold, row.direction);
      return {
        reference,
        result,
        deltaPercent: deltaPercent(reference, result, row.direction),
        repetitions: 1,
        ...statusOf(status),
      };
    }
    const logRatios = usable.map((v) => v.d);
    const test = pairedLogTest(logRatios, lookAlpha(1 - rowConfidence, usable.length), row.direction);
    // Shown below the threshold: the upper bound at level PASS_BETA (spent over the looks when sequential).
    const { mean, sd } = meanAndSd(logRatios);
    const logThreshold = logOfThreshold(row.threshold, row.direction);
    const passLevel = lookAlpha(PASS_BETA, usable.length);
    const shownBelow =
      mean + tTableQuantile(1 - passLevel, usable.length - 1) * (sd / Math.sqrt(usable.length)) < logThreshold;
    const over = test.effect > row.threshold;
    const under = test.effect < -row.threshold;
    const status: ComparisonStatus =
      over && test.significant
        ? 'fail'
        : under && test.significantlyBetter
          ? 'improved'
          : decisive && !shownBelow
            ? 'inconclusive'
            : over
              ? 'warn'
              : test.detectable > row.threshold && !test.significant
                ? 'noisy'
                : 'pass';
    const undecided: { pairsCap?: number; morePairs?: number } = {};
    if (status === 'inconclusive') {
      const cap = maxPairs ?? PAIRS_TO_DECIDE_CAP;
      const needed = pairsToDecide(
        mean,
        sd,
        usable.length,
        logThreshold,
        1 - rowConfidence,
        PASS_BETA,
        cap,
        maxPairs === undefined ? undefined : { spending },
      );
      undecided.pairsCap = cap;
      if (needed !== undefined) undecided.morePairs = needed - usable.length;
    }
    // The per-pair log ratios are worse positive: the value's own log ratio is their negation for a metric that points up.
    const changeInterval = changeIntervalOf(
      row.direction === 'higher-is-better' ? -mean : mean,
      tTableQuantile((1 + CHANGE_INTERVAL_LEVEL) / 2, usable.length - 1) * (sd / Math.sqrt(usable.length)),
      row.direction,
    );
    const tested = testedFields(test, row);
    return {
      reference,
      result,
      deltaPercent: test.effect * 100,
      repetitions: usable.length,
      ...tested,
      ...(changeInterval ? { changeInterval } : {}),
      confidence: rowConfidence,
      evidence: withPairs(pairsEvidenceOf(tested), undecided),
      ...statusOf(status),
    };
  }
}
/**
 * A pooled row shown for information: the suite across experiments decides its family, so it neither fails (a `fail`
 * shows as `warn`) nor keeps a sequential run going (an `inconclusive` shows as `noisy`).
 */
function informational(outcome: Partial<ComparisonRow>): Partial<ComparisonRow> {
  const status = outcome.status === 'fail' ? 'warn' : outcome.status === 'inconclusive' ? 'noisy' : outcome.status!;
  const pairs = pairsEvidenceOf(outcome);
  if (pairs === undefined) return { ...outcome, ...statusOf(status) };
  const { pairsCap: _cap, morePairs: _more, ...evidence } = pairs;
  return { ...outcome, evidence, ...statusOf(status) };
}
