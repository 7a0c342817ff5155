/**
 * The history method's rows: each experiment's rows against the between-run noise of a window of earlier runs
 * (noise.ts), pooled per metric × statistic, with variances moderated across a family or the suite, exact counts
 * against the newest count, and each row's evidence (historyMethod.ts is the method that judges a whole comparison).
 */
import type { Measurement } from '../model/measurement.js';
import { median } from '../stats/median.js';
import { splitStates, stateOf } from '../stats/states.js';
import { noiseVariance, noiseVerdict, upperEdgeAt } from './noise.js';
import { capPriorDf, cautiousVariancePrior, type VariancePrior } from '../stats/moderatedVariance.js';
import { nameRegressedRows } from './attribution.js';
import {
  ALL_GATED,
  comparisonRowFailed,
  familyKey,
  familySizes,
  gatedBy,
  changeIntervalOf,
  CHANGE_INTERVAL_LEVEL,
  pooledRows,
  bandOf,
  regate,
  pooledAlpha,
  rowAlpha,
  rowKey,
  type ComparisonRow,
  type ExperimentSide,
  type SubExperimentComparison,
} from './rows.js';
import { assertConfidence, SHARED_DEFAULTS, type VerdictOptions } from './defaults.js';
import { compareExperiment } from './thresholdMethod.js';
import { measurementsByKey, runsByKey, type HistorySide, type KeyInRuns } from './runIndex.js';
import { valuesOf, weightedMeanLog } from './levels.js';
import type { Thresholds } from './thresholds.js';
import { exactCountFields, isExactCount, repetitionsOf } from './exactCounts.js';
import { suiteEvidence, suiteKey, type SuitePriors } from './suiteTails.js';

/**
 * A history is recorded at other times than the candidate (the machine drifts, tails are heavier than log-normal), so
 * it gets a stricter default confidence than A/B pairs. Measured in docs/statistics.md under t₄ noise with 10 runs,
 * 0.995 gives 1.61–1.69 % false alarms for one candidate run (2.29–2.38 % at 0.99), 0.20 % for 3 runs of one job.
 */
export const HISTORY_CONFIDENCE = 0.995;

/**
 * Compares one experiment with a history window of runs (oldest first; a run may lack the
 * experiment). The result may hold k repetitions per measurement (`repetitionValues`): the row
 * then judges the geometric mean of the k runs, with the band noise.ts gives a mean of k (independent runs, or runs
 * of one job). A row fails only when the change exceeds the threshold and lies outside the noise band; with several
 * parameters a pooled geomean row per metric × statistic is judged too, weighted by 1/σ² when runs older than the
 * band's window allow (see VerdictOptions in settings.ts). A failing family's rows are then named (attribution.ts).
 * The newest run that has the experiment is the reference for the comparison CSV.
 */
export function compareExperimentWithHistory(
  experimentType: string,
  history: readonly (HistorySide | undefined)[],
  result: ExperimentSide | undefined,
  thresholds: Thresholds,
  options: VerdictOptions = {},
  /** Each history run's record commit, in `history`'s order: runs of one commit count the same (exactCounts.ts). */
  commits: readonly (string | undefined)[] = [],
  /** With the budget, the suite's priors on its benchmarks' spreads (suiteTails.ts). */
  suite?: SuitePriors,
): SubExperimentComparison {
  const present = history.filter((s): s is HistorySide => s !== undefined);
  const presentCommits = commits.filter((_, i) => history[i] !== undefined);
  const newest = present[present.length - 1];
  const gate = options.gate ?? SHARED_DEFAULTS.gate;
  const plain = compareExperiment(experimentType, newest, result, thresholds, { gate: ALL_GATED });
  if (!newest || !result) return { ...plain, rows: plain.rows.map((row) => regate(row, gate, newest, result)) };
  const alpha = 1 - assertConfidence(options.confidence ?? HISTORY_CONFIDENCE);
  const { resultByKey, across } = runsByKey(present, result);
  const sizes = familySizes(plain.rows);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const maxHistory = options.maxHistory ?? SHARED_DEFAULTS.maxHistory;
  const minWeightRuns = options.minWeightRuns ?? SHARED_DEFAULTS.minWeightRuns;
  // The band's window is the newest maxHistory runs; the older ones only weight the pooled rows (by their indexes).
  const runIndexes = present.map((_, i) => i);
  const windowRuns = runIndexes.slice(-maxHistory);
  const olderRuns = runIndexes.slice(0, Math.max(0, present.length - maxHistory));
  const noise = (
    values: number[],
    candidate: number[],
    row: ComparisonRow,
    rowConfidence: number,
    runs: number,
    prior?: VariancePrior,
  ) => noiseFields(values, candidate, row, rowConfidence, runs, options, prior);
  // Each judgeable parameter row's history levels and candidate runs, then its family's prior on their spreads.
  const inputs = plain.rows.map((row) => {
    if (row.status === 'new' || row.status === 'missing') return undefined;
    // A side at its tool's resolution floor ("< 1 ns") has no log: the row stays the newest run's, passed and warned.
    if (row.belowResolution) return undefined;
    const key = rowKey(row);
    const candidate = valuesOf(resultByKey.get(key), row.statistic);
    // The band is estimated on logs: only positive results can be judged against it.
    if (candidate.length === 0) return undefined;
    // A judgement for the suite's priors reads only the gated rows' spreads (suiteTails.ts's lends): the others stay
    // the newest run's, unjudged (55,000 of 66,000 rows at 10,000 benchmarks × 10 repetitions).
    if (options.spreadsOnly === true && !gatedBy(row, gate, resultByKey.get(key))) return undefined;
    const values: number[] = [];
    const runs = across(key);
    for (const level of runs.levels(row.statistic))
      if (level !== undefined && Number.isFinite(level)) values.push(level);
    return { values, candidate, pooledRuns: medianCount(runs.repetitions()) };
  });
  const priors =
    (options.moderatedVariances ?? false)
      ? familyPriors(plain.rows, inputs, (input, row) =>
          noiseVariance(input.values, input.candidate, noiseOptions(row, input.pooledRuns, 0.99, options)),
        )
      : new Map<string, VariancePrior>();
  // The newest run's measurements by key, for the rows the result lacks (built only for those).
  let newestByKey: Map<string, Measurement> | undefined;
  const judged = plain.rows.map((row, i): ComparisonRow => {
    const shape = resultByKey.get(rowKey(row)) ?? (newestByKey ??= measurementsByKey(newest)).get(rowKey(row));
    const input = inputs[i];
    if (input === undefined) return regate(row, gate, shape);
    // An exact count is decided against the newest run's count, unless two runs of one build counted differently.
    const counted =
      shape !== undefined && isExactCount(shape.metric) && row.instruments === undefined
        ? exactCountFields(
            row,
            {
              levels: across(rowKey(row)).levels(row.statistic),
              commits: presentCommits,
              newestRepetitions: repetitionsOf(
                (newestByKey ??= measurementsByKey(newest)).get(rowKey(row)),
                row.statistic,
              ),
            },
            input.candidate,
          )
        : undefined;
    if (counted !== undefined && counted.countsDiffer === undefined) return regate({ ...row, ...counted }, gate, shape);
    const rowConfidence = 1 - rowAlpha(alpha, sizes.get(familyKey(row)) ?? 1, pooledShare);
    // With the suite's priors (suiteTails.ts) every parameter row of a metric × statistic shares its one.
    const prior = suite !== undefined ? suite.get(suiteKey(row)) : priors.get(familyKey(row));
    const judgedRow = {
      ...row,
      ...noise(input.values, input.candidate, row, rowConfidence, input.pooledRuns, prior),
      ...counted,
    };
    const band = bandOf(judgedRow);
    // What the suite reads of a row (its spread for the priors, its null statistics for the budget's tail) it reads of
    // the gated rows only: a row that cannot fail lends nothing, and is not made to compute it.
    const lent =
      band?.df !== undefined && gatedBy(row, gate, shape)
        ? suiteEvidence(
            input.values,
            input.candidate,
            noiseOptions(row, input.pooledRuns, 0.99, options),
            prior,
            options.spreadsOnly !== true,
          )
        : {};
    return regate(band !== undefined ? { ...judgedRow, evidence: { ...band, ...lent } } : judgedRow, gate, shape);
  });
  // A pooled geomean row lends no spread to the suite's priors: a judgement for them has none.
  const pooled =
    options.spreadsOnly === true
      ? []
      : pooledRows(
          judged,
          (row, parameters) =>
            judgePooledFamily(
              row,
              parameters,
              { across, windowRuns, olderRuns, resultByKey, minWeightRuns },
              (values, candidate, runs) => noise(values, candidate, row, 1 - pooledAlpha(alpha, pooledShare), runs),
            ),
          gate,
          resultByKey,
        );
  const rows = nameRegressedRows([...judged, ...pooled], alpha);
  return { ...plain, status: rows.some(comparisonRowFailed) ? 'failed' : 'passed', rows };
}

/** Families with fewer parameter rows than this keep their rows' own spreads: too few variances to fit a prior to. */
export const MIN_MODERATED_ROWS = 3;

/** The confidence of the bound on the rows' spread of log s² that sets d0 (cautiousVariancePrior). */
export const MODERATION_LEVEL = 0.9;

/**
 * The variance prior of each family (by familyKey) with at least MIN_MODERATED_ROWS rows that have a band: limma's
 * moments of log s² over the rows' own squared spreads, d0 at the lower end of its MODERATION_LEVEL interval
 * (stats/moderatedVariance.ts's cautiousVariancePrior) and capped at the rows' degrees of freedom together
 * (capPriorDf). A family whose rows' spreads differ more than their degrees of freedom explain gets a small d0, and
 * its rows keep most of their own. Off by default (VerdictOptions.moderatedVariances): measured in docs/statistics.md
 * ("Moderated variances"), it raises unchanged builds' false alarms on payloads of unequal noise and on heavy tails.
 */
function familyPriors<T>(
  rows: readonly ComparisonRow[],
  inputs: readonly (T | undefined)[],
  varianceOf: (input: T, row: ComparisonRow) => { variance: number; df: number } | undefined,
): Map<string, VariancePrior> {
  const byFamily = new Map<string, { variance: number; df: number }[]>();
  rows.forEach((row, i) => {
    const input = inputs[i];
    const own = input === undefined ? undefined : varianceOf(input, row);
    if (own === undefined || !(own.variance > 0)) return;
    const key = familyKey(row);
    byFamily.set(key, [...(byFamily.get(key) ?? []), own]);
  });
  const priors = new Map<string, VariancePrior>();
  for (const [key, own] of byFamily) {
    if (own.length < MIN_MODERATED_ROWS) continue;
    const variances = own.map((o) => o.variance);
    const dfs = own.map((o) => o.df);
    const prior = cautiousVariancePrior(variances, dfs, MODERATION_LEVEL);
    if (prior.d0 > 0)
      priors.set(
        key,
        capPriorDf(
          prior,
          own.reduce((a, o) => a + o.df, 0),
        ),
      );
  }
  return priors;
}

/** The noise options of a row at `confidence`. */
function noiseOptions(row: ComparisonRow, historyRepetitions: number, confidence: number, options: VerdictOptions) {
  return {
    confidence,
    direction: row.direction,
    historyRepetitions,
    independentRepetitions: options.independentRepetitions ?? SHARED_DEFAULTS.independentRepetitions,
    ...(options.minHistory !== undefined ? { minHistory: options.minHistory } : {}),
    ...(options.maxHistory !== undefined ? { maxHistory: options.maxHistory } : {}),
    ...(options.spreadsOnly === true ? { detectable: false } : {}),
  };
}

/** A row's fields from the noise verdict on `values` (the history) and the candidate's runs. */
export function noiseFields(
  values: number[],
  candidate: number[],
  row: ComparisonRow,
  rowConfidence: number,
  historyRepetitions: number,
  options: VerdictOptions,
  variancePrior?: VariancePrior,
): Partial<ComparisonRow> {
  const prior = variancePrior !== undefined ? { variancePrior } : {};
  const verdict = noiseVerdict(values, candidate, row.threshold, {
    ...noiseOptions(row, historyRepetitions, rowConfidence, options),
    ...prior,
  });
  // The band's edges at one-sided (1 + level) / 2 are the centre ± t · se: that half-width around the observed log
  // change is the change's two-sided interval at `level`. The same band as the verdict's, at that confidence.
  const upperAtLevel =
    verdict.estimate !== undefined ? upperEdgeAt(verdict.estimate, (1 + CHANGE_INTERVAL_LEVEL) / 2) : NaN;
  const changeInterval = changeIntervalOf(
    Math.log(verdict.result / verdict.reference),
    Math.log(upperAtLevel / verdict.reference),
    row.direction,
  );
  // A history that has seen two machine states explains a result in either of them.
  const states = verdict.status === 'fail' || verdict.status === 'warn' ? splitStates(values) : undefined;
  const stateChange = states !== undefined && stateOf(states, verdict.result, row.threshold) !== undefined;
  // Too short a history to estimate the noise: a change over the threshold is shown, never failed. On a loaded runner
  // one run's threshold rule failed 89 % of unchanged Go pull requests at 10 % and still 20 % at 200 %
  // (docs/statistics.md, "A short history"); the confirmation stage, when configured, decides such rows by A/B pairs.
  const short = verdict.status === 'insufficient-history';
  return {
    reference: verdict.reference,
    result: verdict.result,
    deltaPercent: verdict.effect * 100,
    status: stateChange ? 'state-change' : verdict.status,
    failed: stateChange || short ? false : verdict.failed,
    evidence: {
      kind: 'band',
      historyRuns: verdict.historyRuns,
      ...(Number.isFinite(verdict.band.lower)
        ? { band: { lower: verdict.band.lower, upper: verdict.band.upper } }
        : {}),
      ...(Number.isFinite(verdict.pValue) ? { df: verdict.df } : {}),
      ...(verdict.estimate !== undefined && verdict.estimate.standardError > 0
        ? { standardError: verdict.estimate.standardError }
        : {}),
    },
    repetitions: verdict.repetitions,
    confidence: rowConfidence,
    ...(changeInterval ? { changeInterval } : {}),
    ...(Number.isFinite(verdict.detectable) ? { detectable: verdict.detectable } : {}),
    ...(Number.isFinite(verdict.pValue) ? { pValue: verdict.pValue } : {}),
  };
}

/**
 * The pooled row of a family (one metric × statistic over `parameters`): the (weighted) mean log over its parameters,
 * per history run in the band's window and per candidate repetition, judged by `judge`; the weights come from the
 * runs older than the window.
 */
function judgePooledFamily(
  row: ComparisonRow,
  parameters: readonly string[],
  sides: {
    /** Each run's measurement of a key (runIndex.ts). */
    across: (key: string) => KeyInRuns;
    /** The indexes of the runs in the band's window, and of the older ones. */
    windowRuns: readonly number[];
    olderRuns: readonly number[];
    resultByKey: ReadonlyMap<string, Measurement>;
    minWeightRuns: number;
  },
  judge: (historyLevels: number[], candidate: number[], pooledRuns: number) => Partial<ComparisonRow>,
): Partial<ComparisonRow> | undefined {
  const { windowRuns, olderRuns, resultByKey } = sides;
  // Each parameter's row key and its measurement in every run, once: a family is read in every run of the window and
  // of the older runs.
  const keys = parameters.map((parameter) => rowKey({ parameter, metric: row.metric }));
  const inRuns = keys.map(sides.across);
  const levelsInRuns = inRuns.map((runs) => runs.levels(row.statistic));
  const levelsOf = (run: number) => levelsInRuns.map((levels) => levels[run]);
  const weights = parameterWeights(olderRuns.map(levelsOf), sides.minWeightRuns);
  // Per history run and per candidate repetition: the (weighted) mean log over every parameter of the family.
  const historyLevels = windowRuns
    .map((run) => weightedMeanLog(levelsOf(run), weights))
    .filter(Number.isFinite)
    .map(Math.exp);
  const candidate = perRepetitionLevels(
    keys.map((key) => valuesOf(resultByKey.get(key), row.statistic)),
    weights,
  );
  if (candidate.length === 0) return undefined;
  const repetitionsInRuns = inRuns.map((runs) => runs.repetitions());
  const pooledRuns = medianCount(windowRuns.flatMap((run) => repetitionsInRuns.map((counts) => counts[run]!)));
  const outcome = judge(historyLevels, candidate, pooledRuns);
  const evidence = bandOf(outcome);
  if (!weights || evidence === undefined) return outcome;
  return {
    ...outcome,
    evidence: {
      ...evidence,
      weights: weightsByParameter(parameters, weights),
      weightRuns: olderRuns.length,
    },
  };
}

/** A canonical array index ("4096", not "08" or "-1"): a name an object keeps among its elements, in numeric order. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,8})$/;

/**
 * Object.fromEntries of the parameters and their weights: the same names in the same order (array-index names first,
 * ascending, then the others as given; a repeated name keeps its last weight), so comparison.json's bytes. Built
 * array-index names first, the largest first: a family's sizes (8 … 4096) added smallest first grew the object's
 * elements store step by step to 4096 slots, 300 MB allocated at 10,000 benchmarks × 10 repetitions; from the
 * largest, V8 keeps them as a dictionary of 10 entries.
 */
export function weightsByParameter(parameters: readonly string[], weights: readonly number[]): Record<string, number> {
  const byName = new Map<string, number>();
  parameters.forEach((p, i) => byName.set(p, weights[i]!));
  const indexes = [...byName.keys()].filter((p) => ARRAY_INDEX.test(p)).sort((a, b) => Number(b) - Number(a));
  const record: Record<string, number> = {};
  for (const p of indexes) record[p] = byName.get(p)!;
  for (const [p, w] of byName) if (!ARRAY_INDEX.test(p)) record[p] = w;
  return record;
}

/**
 * The median of repetition counts (whole numbers): nearly always all the same, and then that count (what median
 * gives) without copying and sorting them, once per row.
 */
function medianCount(counts: readonly number[]): number {
  const first = counts[0];
  return first !== undefined && counts.every((c) => c === first) ? first : median(counts);
}

/**
 * Inverse-variance weights of a family's parameters, 1/σ² normalised to sum to 1, from runs outside the band's window
 * (`levels`: per older run, each parameter's level). Weights estimated on the runs under test would fit their noise
 * and raise false alarms (docs/statistics.md); undefined, so every parameter weighs the same, when fewer than `minRuns`
 * older runs have every parameter or a parameter has no spread.
 */
export function parameterWeights(
  levels: readonly (readonly (number | undefined)[])[],
  minRuns: number,
): number[] | undefined {
  const complete = levels.filter((run) => run.every((v) => v !== undefined && Number.isFinite(v) && v > 0));
  if (complete.length < Math.max(3, minRuns)) return undefined;
  const inverse = complete[0]!.map((_, p) => {
    const logs = complete.map((run) => Math.log(run[p]!));
    const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
    const variance = logs.reduce((a, x) => a + (x - mean) ** 2, 0) / (logs.length - 1);
    return 1 / variance;
  });
  if (inverse.some((w) => !Number.isFinite(w))) return undefined;
  const total = inverse.reduce((a, b) => a + b, 0);
  return inverse.map((w) => w / total);
}

/**
 * A candidate's pooled level per repetition: repetition i's (weighted) mean log over the parameters. When the
 * parameters hold different numbers of repetitions, the first min(k) of each.
 */
function perRepetitionLevels(perParameter: readonly number[][], weights: readonly number[] | undefined): number[] {
  if (perParameter.length === 0 || perParameter.some((v) => v.length === 0)) return [];
  const k = Math.min(...perParameter.map((v) => v.length));
  return Array.from({ length: k }, (_, i) =>
    Math.exp(
      weightedMeanLog(
        perParameter.map((v) => v[i]),
        weights,
      ),
    ),
  );
}
