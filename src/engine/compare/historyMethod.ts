/**
 * The history method: each row against the between-run noise of a window of earlier runs (noise.ts), pooled per metric
 * × statistic.
 */
import type { Measurement, StatisticName } from '../model/measurement.js';
import { median } from '../stats/median.js';
import { splitStates, stateOf } from '../stats/states.js';
import { noiseVerdict } from './noise.js';
import { nameRegressedRows } from './attribution.js';
import {
  ALL_GATED,
  comparisonRowFailed,
  familyKey,
  familySizes,
  changeIntervalOf,
  CHANGE_INTERVAL_LEVEL,
  keyOf,
  pooledRows,
  regate,
  pooledAlpha,
  rowAlpha,
  rowKey,
  type ComparisonRow,
  type ExperimentSide,
  type SubExperimentComparison,
} from './rows.js';
import { assertConfidence, SHARED_DEFAULTS, type VerdictOptions } from './defaults.js';
import { alphaSentence, falseAlarms, most, plural, type MethodSummary, type VerdictMethod } from './method.js';
import { compareExperiment } from './thresholdMethod.js';
import type { Thresholds } from './thresholds.js';

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
  history: readonly (ExperimentSide | undefined)[],
  result: ExperimentSide | undefined,
  thresholds: Thresholds,
  options: VerdictOptions = {},
): SubExperimentComparison {
  const present = history.filter((s): s is ExperimentSide => s !== undefined);
  const newest = present[present.length - 1];
  const gate = options.gate ?? SHARED_DEFAULTS.gate;
  const plain = compareExperiment(experimentType, newest, result, thresholds, { gate: ALL_GATED });
  if (!newest || !result) return { ...plain, rows: plain.rows.map((row) => regate(row, gate, newest, result)) };
  const alpha = 1 - assertConfidence(options.confidence ?? historyMethod.defaults.confidence);
  const byKey = present.map((side) => new Map(side.measurements.map((m) => [keyOf(m), m])));
  const resultByKey = new Map(result.measurements.map((m) => [keyOf(m), m]));
  const sizes = familySizes(plain.rows);
  const pooledShare = options.pooledShare ?? SHARED_DEFAULTS.pooledShare;
  const maxHistory = options.maxHistory ?? SHARED_DEFAULTS.maxHistory;
  const minWeightRuns = options.minWeightRuns ?? SHARED_DEFAULTS.minWeightRuns;
  // The band's window is the newest maxHistory runs; the older ones only weight the pooled rows.
  const windowRuns = byKey.slice(-maxHistory);
  const olderRuns = byKey.slice(0, Math.max(0, byKey.length - maxHistory));
  const noise = (values: number[], candidate: number[], row: ComparisonRow, rowConfidence: number, runs: number) =>
    noiseFields(values, candidate, row, rowConfidence, runs, options);
  const judged = plain.rows.map((row): ComparisonRow => {
    const shape = resultByKey.get(rowKey(row)) ?? byKey[byKey.length - 1]!.get(rowKey(row));
    if (row.status === 'new' || row.status === 'missing') return regate(row, gate, shape);
    const candidate = valuesOf(resultByKey.get(rowKey(row)), row.statistic);
    // The band is estimated on logs: only positive results can be judged against it.
    if (candidate.length === 0) return regate(row, gate, shape);
    const values = byKey
      .map((m) => levelOf(m.get(rowKey(row)), row.statistic))
      .filter((v): v is number => v !== undefined && Number.isFinite(v));
    const rowConfidence = 1 - rowAlpha(alpha, sizes.get(familyKey(row)) ?? 1, pooledShare);
    const pooledRuns = median(byKey.map((m) => m.get(rowKey(row))?.repetitions ?? 1));
    return regate({ ...row, ...noise(values, candidate, row, rowConfidence, pooledRuns) }, gate, shape);
  });
  const pooled = pooledRows(
    judged,
    (row, parameters) =>
      judgePooledFamily(
        row,
        parameters,
        { windowRuns, olderRuns, resultByKey, minWeightRuns },
        (values, candidate, runs) => noise(values, candidate, row, 1 - pooledAlpha(alpha, pooledShare), runs),
      ),
    gate,
    resultByKey,
  );
  const rows = nameRegressedRows([...judged, ...pooled], alpha);
  return { ...plain, status: rows.some(comparisonRowFailed) ? 'failed' : 'passed', rows };
}

/** A row's fields from the noise verdict on `values` (the history) and the candidate's runs. */
function noiseFields(
  values: number[],
  candidate: number[],
  row: ComparisonRow,
  rowConfidence: number,
  historyRepetitions: number,
  options: VerdictOptions,
): Partial<ComparisonRow> {
  const noiseOptions = {
    direction: row.direction,
    historyRepetitions,
    independentRepetitions: options.independentRepetitions ?? SHARED_DEFAULTS.independentRepetitions,
    ...(options.minHistory !== undefined ? { minHistory: options.minHistory } : {}),
    ...(options.maxHistory !== undefined ? { maxHistory: options.maxHistory } : {}),
  };
  const verdict = noiseVerdict(values, candidate, row.threshold, { ...noiseOptions, confidence: rowConfidence });
  // The band's edges at one-sided (1 + level) / 2 are the centre ± t · se: that half-width around the observed log
  // change is the change's two-sided interval at `level`.
  const atLevel = noiseVerdict(values, candidate, row.threshold, {
    ...noiseOptions,
    confidence: (1 + CHANGE_INTERVAL_LEVEL) / 2,
  });
  const changeInterval = changeIntervalOf(
    Math.log(verdict.result / verdict.reference),
    Math.log(atLevel.band.upperValue / atLevel.reference),
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
    historyRuns: verdict.historyRuns,
    repetitions: verdict.repetitions,
    confidence: rowConfidence,
    ...(Number.isFinite(verdict.band.lower) ? { band: { lower: verdict.band.lower, upper: verdict.band.upper } } : {}),
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
    windowRuns: readonly ReadonlyMap<string, Measurement>[];
    olderRuns: readonly ReadonlyMap<string, Measurement>[];
    resultByKey: ReadonlyMap<string, Measurement>;
    minWeightRuns: number;
  },
  judge: (historyLevels: number[], candidate: number[], pooledRuns: number) => Partial<ComparisonRow>,
): Partial<ComparisonRow> | undefined {
  const { windowRuns, olderRuns, resultByKey } = sides;
  const levelsOf = (runByKey: ReadonlyMap<string, Measurement>) =>
    parameters.map((p) => levelOf(runByKey.get(rowKey({ ...row, parameter: p })), row.statistic));
  const weights = parameterWeights(olderRuns.map(levelsOf), sides.minWeightRuns);
  // Per history run and per candidate repetition: the (weighted) mean log over every parameter of the family.
  const historyLevels = windowRuns
    .map((runByKey) => weightedMeanLog(levelsOf(runByKey), weights))
    .filter(Number.isFinite)
    .map(Math.exp);
  const candidate = perRepetitionLevels(
    parameters.map((p) => valuesOf(resultByKey.get(rowKey({ ...row, parameter: p })), row.statistic)),
    weights,
  );
  if (candidate.length === 0) return undefined;
  const pooledRuns = median(
    windowRuns.flatMap((runByKey) =>
      parameters.map((p) => runByKey.get(rowKey({ ...row, parameter: p }))?.repetitions ?? 1),
    ),
  );
  const outcome = judge(historyLevels, candidate, pooledRuns);
  if (!weights) return outcome;
  return {
    ...outcome,
    weights: Object.fromEntries(parameters.map((p, i) => [p, weights[i]!])),
    weightRuns: olderRuns.length,
  };
}

/** The values a side gives for a statistic: its repetitions where it pooled some, else its one value. */
function valuesOf(m: Measurement | undefined, statistic: StatisticName): number[] {
  if (!m) return [];
  const reps = m.repetitionValues?.[statistic];
  const values = reps && reps.length > 0 ? reps : [m.statistics[statistic] ?? NaN];
  return values.filter((v) => Number.isFinite(v) && v > 0);
}

/**
 * A history run's level of a statistic, as the candidate's is judged (noiseVerdict): the
 * geometric mean of its repetitions where it pooled some, else its one value; undefined when it
 * has no positive value.
 */
function levelOf(m: Measurement | undefined, statistic: StatisticName): number | undefined {
  const values = valuesOf(m, statistic);
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0]! : Math.exp(meanLog(values));
}

/** The mean of the logs of values that must all be positive numbers; NaN if any is not. */
function meanLog(values: readonly (number | undefined)[]): number {
  return weightedMeanLog(values, undefined);
}

/** The weighted mean of the logs (equal weights when `weights` is undefined); NaN if any value is not positive. */
function weightedMeanLog(values: readonly (number | undefined)[], weights: readonly number[] | undefined): number {
  if (values.length === 0 || values.some((v) => v === undefined || !Number.isFinite(v) || v <= 0)) return NaN;
  return values.reduce((a: number, v, i) => a + (weights ? weights[i]! : 1 / values.length) * Math.log(v!), 0);
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

/**
 * The history method. A history is recorded at other times than the candidate (the machine drifts, tails are heavier
 * than log-normal), so it gets a stricter default confidence than A/B pairs. Measured in docs/statistics.md under t₄
 * noise with 10 runs, 0.995 gives 1.61–1.69 % false alarms for one candidate run (2.29–2.38 % at 0.99), 0.20 % for 3
 * runs of one job.
 */
export const historyMethod = {
  name: 'history',
  defaults: { confidence: 0.995 },
  judgesNoise: true,
  marks: (row) => row.historyRuns !== undefined,
  label: (summary, rows) => {
    const repetitions = most(rows, (r) => r.repetitions);
    const shown = repetitions > 1 ? `, ${plural(repetitions, 'repetition')}` : '';
    // No false-alarm figure where no row was judged against the noise: the method cannot promise one.
    if (tooShort(rows))
      return `history of ${plural(historyRuns(rows), 'run')}${shown}: ${TOO_SHORT}; changes over the threshold are shown, not failed`;
    return `history of ${plural(historyRuns(rows), 'run')}${shown}; ${falseAlarms(summary)}`;
  },
  shortLabel: (rows) => `history of ${plural(historyRuns(rows), 'run')}${tooShort(rows) ? ', too short to gate' : ''}`,
  referenceName: 'the history',
  bound: 'the noise',
  narrowedBy: 'history runs or candidate repetitions',
  notes: (summary, rows) => [
    ...(tooShort(rows)
      ? []
      : [
          `Noise-aware: each row is judged against the between-run spread of ${plural(historyRuns(rows), 'baseline run')}; a row fails only when it exceeds the threshold and lies outside the noise band. ` +
            alphaSentence(summary),
        ]),
    ...weightsNote(rows),
    ...repetitionsNote(summary, rows),
    ...stateChangeNote(rows),
    ...shortHistoryNote(rows),
  ],
  chartNotes: ['Grey bar: the noise band, the Δ an unchanged build gives.'],
  outputs: () => [],
  compare: compareExperimentWithHistory,
} satisfies VerdictMethod;

/** The most history runs any row was judged against. */
function historyRuns(rows: readonly ComparisonRow[]): number {
  return most(rows, (r) => r.historyRuns);
}

function weightsNote(rows: readonly ComparisonRow[]): string[] {
  const weighted = rows.find((r) => r.pooled && r.weights !== undefined);
  if (!weighted) return [];
  return [
    `The geomean rows weight each parameter by 1/σ², σ estimated on ${plural(weighted.weightRuns ?? 0, 'history run')} older than the band's window (never on the runs under test); the weights are in comparison.json.`,
  ];
}

function repetitionsNote(summary: MethodSummary, rows: readonly ComparisonRow[]): string[] {
  const repeated = most(rows, (r) => (r.gated ? r.repetitions : undefined));
  if (repeated <= 1 || summary.independentRepetitions) return [];
  return [
    `The candidate's ${repeated} repetitions are judged as runs of one job, which can share its noise: they narrow the band only as far as the history's runs pool as many repetitions. If they ran in separate jobs, say so with repetitions: independent (docs/statistics.md).`,
  ];
}

function stateChangeNote(rows: readonly ComparisonRow[]): string[] {
  const states = rows.filter((r) => r.status === 'state-change').length;
  if (states === 0) return [];
  return [
    // Said of any tool's rows: no tool is named (ddsperf is where it was seen, not the only one that can).
    `${plural(states, 'row')} changed state: the history shows two levels a factor of 2 or more apart (the benchmark switches between a fast and a slow state from run to run, whatever the code does) and the result is at one of them. Reported as a state change, not a regression.`,
  ];
}

/** What a history too short to estimate the noise gives: `too short to estimate the noise (3 runs needed)`. */
const TOO_SHORT = `too short to estimate the noise (${SHARED_DEFAULTS.minHistory} runs needed)`;

/** Whether no row was judged against the noise: every row the history could judge had too few runs. */
function tooShort(rows: readonly ComparisonRow[]): boolean {
  return rows.some((r) => r.status === 'insufficient-history') && !rows.some((r) => r.pValue !== undefined);
}

function shortHistoryNote(rows: readonly ComparisonRow[]): string[] {
  const short = rows.filter((r) => r.status === 'insufficient-history');
  if (short.length === 0) return [];
  const what = tooShort(rows)
    ? `History of ${plural(historyRuns(rows), 'run')}: ${TOO_SHORT}, so nothing here is judged against the noise and no false-alarm rate holds.`
    : `${plural(short.length, 'row')} had fewer than ${SHARED_DEFAULTS.minHistory} runs of history: ${TOO_SHORT}.`;
  return [
    `${what} Changes over the threshold are shown against the newest run, not failed: on a loaded runner that rule failed most unchanged pull requests at any threshold (docs/statistics.md, "A short history"). ` +
      `The gate judges against the noise once ${SHARED_DEFAULTS.minHistory} pushes to the default branch are recorded (record-history). Until then, a confirmation stage (confirm-command) decides such rows by A/B pairs on this runner, as A/B pairs throughout do (paired: true).`,
  ];
}
