import { resultSetOfSummary } from '../formats/fastddsMeasurements.js';
import { displayUnit, primaryStatistic } from '../check/metricCheck.js';
import type { Direction, Measurement, StatisticName } from '../model/measurement.js';
import type { Summary } from '../model/summary.js';
import { logWorse, meanAndSd, pairedLogTest } from '../stats/effectTest.js';
import { noiseVerdict, type NoiseOptions } from './noise.js';
import { splitStates, stateOf } from '../stats/states.js';
import { DEFAULT_GATE, gates, type GateStatistics } from './gate.js';
import { thresholdOf, type Thresholds } from './thresholds.js';

/**
 * - `pass`: within the threshold; `improved`: better by more than the threshold;
 * - `fail`: worse than the reference by more than the threshold (with a history: and outside the noise band);
 * - `new`: in the results only; `missing`: in the reference only (fails);
 * - with a history only: `warn` (over the threshold, inside the noise band), `noisy` (the band is
 *   wider than the threshold), `insufficient-history` (fewer than 3 runs: judged on the threshold
 *   against the newest run), `not-comparable` (every history run was measured on another kind of
 *   machine: reported, never failing), `state-change` (the history shows two machine states, a
 *   factor of 2 or more apart, and the result is in one of them: reported, never failing).
 */
export type ComparisonStatus = 'pass' | 'improved' | 'fail' | 'new' | 'missing' | 'warn' | 'noisy' | 'insufficient-history' | 'not-comparable' | 'state-change';

/** One statistic of one metric of one experiment at one parameter: reference against result. */
export interface ComparisonRow {
  experimentType: string;
  /** The parameter's label (the payload size for payload sweeps). */
  parameter: string;
  /** NaN when the parameter is not a payload size. */
  payloadBytes: number;
  metric: string;
  statistic: StatisticName;
  /** How reports name the statistic: `Min`, `Median`, `Max`, `99%` as the reference does; else its name. */
  magnitude: string;
  /** The unit reference and result are in, for display (`µs`, `Mb/s`, `` for a count). */
  unit: string;
  /** The unit the tool printed (the metric's displayUnit: `ops/ms`, `items/s`), which names what a rate counts. */
  printedUnit?: string;
  direction: Direction;
  /** NaN when absent. */
  reference: number;
  result: number;
  /** How much worse the result is, in % of the reference: positive means worse in either direction. */
  deltaPercent: number;
  threshold: number;
  status: ComparisonStatus;
  /** Whether the row breaks the gate. */
  failed: boolean;
  /** With a history: the relative effects (worse positive) an unchanged build is expected to give (e.g. −0.2 … +0.25). */
  band?: { lower: number; upper: number };
  /** With a history: how many runs the band was estimated from. */
  historyRuns?: number;
  /**
   * Whether this row can fail the gate. Tail statistics (Min, Max, 99 %) are reported but not
   * gated unless the user opts in: their run-to-run spread is 3–5× the median's.
   */
  gated: boolean;
  /** The geometric mean over every parameter of the metric (benchstat's geomean row); `parameter` is `geomean`. */
  pooled?: boolean;
  /** How many candidate runs (with a history) or A/B pairs (paired) the row was judged on. */
  repetitions?: number;
  /** Paired mode: the relative change's interval, worse positive (lower edge: the one-sided bound at the row's confidence). */
  interval?: { lower: number; upper: number };
  /** The smallest true worsening (relative) this row catches 9 times in 10; absent where there is no noise estimate. */
  detectable?: number;
  /** One-sided p-value of "unchanged" against "worse"; absent without a noise estimate. */
  pValue?: number;
  /** The one-sided confidence the row was judged at (1 − its share of the gate's α). */
  confidence?: number;
}

/** How a comparison decided: one reference run and a threshold, a history's noise band, or interleaved A/B pairs. */
export type ComparisonMethod = 'threshold' | 'history' | 'paired';

/** The label `parameter` has on pooled rows. */
export const POOLED_PARAMETER = 'geomean';

/**
 * Default confidence of the gate per method: each gated statistic family fails an unchanged build
 * with probability ≤ 1 − confidence. A history is recorded at other times than the candidate (the
 * machine drifts, tails are heavier than log-normal), so it gets the stricter default; measured in
 * docs/statistics.md, 0.995 keeps a history's false alarms ≤ 1 % under heavy-tailed noise too.
 */
export const DEFAULT_CONFIDENCE: Record<Exclude<ComparisonMethod, 'threshold'>, number> = { history: 0.995, paired: 0.99 };

/** The confidence a comparison uses: the user's, else the method's default. */
export function confidenceFor(method: ComparisonMethod, confidence: number | undefined): number {
  return confidence ?? (method === 'threshold' ? DEFAULT_CONFIDENCE.paired : DEFAULT_CONFIDENCE[method]);
}

export interface VerdictOptions {
  /**
   * 1 − α, the gate's false-alarm budget per experiment × metric × statistic. With several
   * parameters, half of α goes to the pooled row and half is split evenly among the parameter
   * rows (Bonferroni), so the family fails an unchanged build with probability ≤ α. Default
   * DEFAULT_CONFIDENCE of the method.
   */
  confidence?: number;
  /** Which statistics can fail the gate; default the primary statistic (median, mean or single value). */
  gate?: GateStatistics;
  /** History mode: fewer runs than this judge on the threshold alone. Default 3. */
  minHistory?: number;
  /** History mode: only the newest runs are used. Default 20. */
  maxHistory?: number;
}

export function comparisonRowFailed(row: ComparisonRow): boolean {
  return row.failed;
}

export interface SubExperimentComparison {
  experimentType: string;
  /** Fast-DDS latency summaries of both sides, for the reference's comparison CSV and charts. */
  reference?: Summary;
  result?: Summary;
  status: 'passed' | 'failed' | 'new' | 'missing';
  rows: ComparisonRow[];
}

/** The measurements of one experiment on one side of a comparison. */
export interface ExperimentSide {
  measurements: readonly Measurement[];
  /** Set when the side was read from Fast-DDS summary or raw files (the byte-compatible renderers use it). */
  summary?: Summary;
}

/**
 * The intended rule of `latency_compare_experiments.py`: a magnitude fails when
 * result > reference × (1 + threshold). (Upstream, misplaced parentheses make it fail on any
 * increase at all; spec §6.) For a higher-is-better metric the mirror: fails when
 * result < reference × (1 − threshold).
 */
export function judge(reference: number, result: number, threshold: number, direction: Direction = 'lower-is-better'): ComparisonStatus {
  if (Number.isNaN(result)) return 'missing';
  if (Number.isNaN(reference)) return 'new';
  const higher = direction === 'higher-is-better';
  if (higher ? result < reference * (1 - threshold) : result > reference * (1 + threshold)) return 'fail';
  if (higher ? result > reference * (1 + threshold) : result < reference * (1 - threshold)) return 'improved';
  return 'pass';
}

/** (result − reference) / reference × 100, negated for higher-is-better metrics: positive means worse. */
export function deltaPercent(reference: number, result: number, direction: Direction = 'lower-is-better'): number {
  const worseBy = direction === 'higher-is-better' ? reference - result : result - reference;
  return reference === 0 ? (result === 0 ? 0 : NaN) : (worseBy / reference) * 100;
}

/** How reports name a statistic; the reference's four magnitudes keep their spelling. */
const MAGNITUDE_NAMES: Partial<Record<StatisticName, string>> = { min: 'Min', median: 'Median', max: 'Max', p99: '99%', mean: 'Mean', value: 'Value' };

export function magnitudeName(statistic: StatisticName): string {
  return MAGNITUDE_NAMES[statistic] ?? statistic;
}

/**
 * The statistics a comparison looks at, in the reference's order: Min, the primary statistic
 * (the single value, else the median, else the mean), Max and 99% — those the measurement has.
 * For a Fast-DDS summary that is exactly the reference's Min, Median, Max, 99%.
 */
export function comparedStatistics(m: Measurement): StatisticName[] {
  const primary = primaryStatistic(m);
  return (['min', primary, 'max', 'p99'] as StatisticName[]).filter((s) => s === primary || m.statistics[s] !== undefined);
}

function keyOf(m: Measurement): string {
  return `${m.parameter.label}\u0000${m.metric.name.toLowerCase()}`;
}

/**
 * Compares one experiment, keyed by parameter × metric × statistic: measurements in reference
 * order, then measurements new in the results. A metric's direction decides what is worse.
 */
export function compareExperiment(
  experimentType: string,
  reference: ExperimentSide | undefined,
  result: ExperimentSide | undefined,
  thresholds: Thresholds,
  options: Pick<VerdictOptions, 'gate'> = {},
): SubExperimentComparison {
  const gate = options.gate ?? DEFAULT_GATE;
  const refList = reference?.measurements ?? [];
  const resList = result?.measurements ?? [];
  const refByKey = new Map(refList.map((m) => [keyOf(m), m]));
  const resByKey = new Map(resList.map((m) => [keyOf(m), m]));
  const keys = [...refByKey.keys(), ...[...resByKey.keys()].filter((k) => !refByKey.has(k))];
  const rows: ComparisonRow[] = [];
  for (const key of keys) {
    const ref = refByKey.get(key);
    const res = resByKey.get(key);
    const shape = (ref ?? res)!;
    const direction = shape.metric.direction;
    for (const statistic of comparedStatistics(shape)) {
      const r = ref ? (ref.statistics[statistic] ?? NaN) : NaN;
      const x = res ? (res.statistics[statistic] ?? NaN) : NaN;
      // Neither side has a number (the tool printed none in either run): nothing to compare.
      if (ref && res && Number.isNaN(r) && Number.isNaN(x)) continue;
      const threshold = thresholdOf(thresholds, statistic);
      const judged = statusOf(!res ? 'missing' : !ref ? 'new' : judge(r, x, threshold, direction));
      rows.push({
        experimentType,
        parameter: shape.parameter.label,
        payloadBytes: shape.parameter.payloadBytes ?? NaN,
        metric: shape.metric.name,
        statistic,
        magnitude: magnitudeName(statistic),
        unit: displayUnit(shape.metric.unit, shape.metric.dimension),
        printedUnit: shape.metric.displayUnit,
        direction,
        reference: r,
        result: x,
        deltaPercent: deltaPercent(r, x, direction),
        threshold,
        ...gated(judged, gates(gate, statistic, shape)),
      });
    }
  }
  const status = !reference ? 'new' : !result ? 'missing' : rows.some(comparisonRowFailed) ? 'failed' : 'passed';
  return { experimentType, ...(reference?.summary ? { reference: reference.summary } : {}), ...(result?.summary ? { result: result.summary } : {}), status, rows };
}

function statusOf(status: ComparisonStatus): { status: ComparisonStatus; failed: boolean } {
  return { status, failed: status === 'fail' || status === 'missing' };
}

/**
 * A row of a statistic that is not gated is reported with the status its numbers give, but does
 * not fail: a `fail` shows as `warn`.
 */
function gated<T extends { status: ComparisonStatus; failed: boolean }>(row: T, isGated: boolean): T & { gated: boolean } {
  if (isGated || !row.failed) return { ...row, gated: isGated };
  return { ...row, status: row.status === 'fail' ? 'warn' : row.status, failed: false, gated: false };
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

/** α of one row: with several parameters, half of the family's α to the pooled row, half split among the parameter rows. */
function rowAlpha(alpha: number, parameters: number): number {
  return parameters > 1 ? alpha / (2 * parameters) : alpha;
}

function familyKey(row: Pick<ComparisonRow, 'metric' | 'statistic'>): string {
  return `${row.metric.toLowerCase()}\u0000${row.statistic}`;
}

/** How many parameter rows each metric × statistic family has (rows that can be judged). */
function familySizes(rows: readonly ComparisonRow[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const row of rows) if (row.status !== 'new' && row.status !== 'missing') sizes.set(familyKey(row), (sizes.get(familyKey(row)) ?? 0) + 1);
  return sizes;
}

function confidenceOf(options: VerdictOptions, method: ComparisonMethod): number {
  const confidence = confidenceFor(method, options.confidence);
  if (!(confidence >= 0.5 && confidence < 1)) throw new RangeError(`confidence must be in [0.5, 1), got ${confidence}`);
  return confidence;
}

/**
 * Compares one experiment with a history window of runs (oldest first; a run may lack the
 * experiment). The result may hold k repetitions per measurement (`repetitionValues`): the row
 * then judges the mean of the k runs, with the band for a mean of k (√(1/k + 1/n)). A row fails
 * only when the change exceeds the threshold and lies outside the noise band; with several
 * parameters a pooled geomean row per metric × statistic is judged too (see VerdictOptions).
 * The newest run that has the experiment is the reference for the comparison CSV.
 */
export function compareExperimentWithHistory(
  experimentType: string,
  history: readonly (ExperimentSide | undefined)[],
  result: ExperimentSide | undefined,
  thresholds: Thresholds,
  options: VerdictOptions & Pick<NoiseOptions, 'confidence'> = {},
): SubExperimentComparison {
  const present = history.filter((s): s is ExperimentSide => s !== undefined);
  const newest = present[present.length - 1];
  const gate = options.gate ?? DEFAULT_GATE;
  const plain = compareExperiment(experimentType, newest, result, thresholds, { gate: ALL_GATED });
  if (!newest || !result) return { ...plain, rows: plain.rows.map((row) => regate(row, gate, newest, result)) };
  const alpha = 1 - confidenceOf(options, 'history');
  const byKey = present.map((side) => new Map(side.measurements.map((m) => [keyOf(m), m])));
  const resultByKey = new Map(result.measurements.map((m) => [keyOf(m), m]));
  const sizes = familySizes(plain.rows);
  // A row's fields from the noise verdict on `values` (the history) and the candidate's runs.
  const noise = (values: number[], candidate: number[], row: ComparisonRow, rowConfidence: number, historyRepetitions: number): Partial<ComparisonRow> => {
    const verdict = noiseVerdict(values, candidate, row.threshold, {
      confidence: rowConfidence,
      direction: row.direction,
      historyRepetitions,
      ...(options.minHistory !== undefined ? { minHistory: options.minHistory } : {}),
      ...(options.maxHistory !== undefined ? { maxHistory: options.maxHistory } : {}),
    });
    // A history that has seen two machine states explains a result in either of them.
    const states = verdict.status === 'fail' || verdict.status === 'warn' ? splitStates(values) : undefined;
    const stateChange = states !== undefined && stateOf(states, verdict.result, row.threshold) !== undefined;
    return {
      reference: verdict.reference,
      result: verdict.result,
      deltaPercent: verdict.effect * 100,
      status: stateChange ? 'state-change' : verdict.status,
      failed: stateChange ? false : verdict.failed,
      historyRuns: verdict.historyRuns,
      repetitions: verdict.repetitions,
      confidence: rowConfidence,
      ...(Number.isFinite(verdict.band.lower) ? { band: { lower: verdict.band.lower, upper: verdict.band.upper } } : {}),
      ...(Number.isFinite(verdict.detectable) ? { detectable: verdict.detectable } : {}),
      ...(Number.isFinite(verdict.pValue) ? { pValue: verdict.pValue } : {}),
    };
  };
  const judged = plain.rows.map((row): ComparisonRow => {
    const shape = resultByKey.get(rowKey(row)) ?? byKey[byKey.length - 1]!.get(rowKey(row));
    if (row.status === 'new' || row.status === 'missing') return regate(row, gate, shape);
    const candidate = valuesOf(resultByKey.get(rowKey(row)), row.statistic);
    // The band is estimated on logs: only positive results can be judged against it.
    if (candidate.length === 0) return regate(row, gate, shape);
    const values = byKey.map((m) => levelOf(m.get(rowKey(row)), row.statistic)).filter((v): v is number => v !== undefined && Number.isFinite(v));
    const rowConfidence = 1 - rowAlpha(alpha, sizes.get(familyKey(row)) ?? 1);
    const pooledRuns = median(byKey.map((m) => m.get(rowKey(row))?.repetitions ?? 1));
    return regate({ ...row, ...noise(values, candidate, row, rowConfidence, pooledRuns) }, gate, shape);
  });
  const pooled = pooledRows(
    judged,
    (row, parameters) => {
      // Per history run and per candidate repetition: the mean log over every parameter of the family.
      const historyLevels = byKey
        .map((runByKey) => meanLog(parameters.map((p) => levelOf(runByKey.get(rowKey({ ...row, parameter: p })), row.statistic))))
        .filter(Number.isFinite)
        .map(Math.exp);
      const candidate = perRepetitionLevels(parameters.map((p) => valuesOf(resultByKey.get(rowKey({ ...row, parameter: p })), row.statistic)));
      if (candidate.length === 0) return undefined;
      const pooledRuns = median(byKey.flatMap((runByKey) => parameters.map((p) => runByKey.get(rowKey({ ...row, parameter: p }))?.repetitions ?? 1)));
      return noise(historyLevels, candidate, row, 1 - alpha / 2, pooledRuns);
    },
    gate,
    resultByKey,
  );
  const rows = [...judged, ...pooled];
  return { ...plain, status: rows.some(comparisonRowFailed) ? 'failed' : 'passed', rows };
}

/** One A/B pair of interleaved runs on the same runner: the base build's run and the candidate's. */
export interface ExperimentPair {
  reference: ExperimentSide | undefined;
  result: ExperimentSide | undefined;
}

/**
 * Compares one experiment from k interleaved A/B pairs (base and candidate run alternately on
 * the same runner, so the machine's state cancels in each pair's ratio). Per row: the mean of the
 * per-pair log ratios with a t interval on k − 1 degrees of freedom; with several parameters a
 * pooled geomean row (per pair, the mean log ratio over the parameters). A row fails when its
 * change exceeds the threshold and its interval excludes no change. Reference and result shown
 * are the geometric means of the pairs' values.
 */
export function compareExperimentPaired(experimentType: string, pairs: readonly ExperimentPair[], thresholds: Thresholds, options: VerdictOptions = {}): SubExperimentComparison {
  const gate = options.gate ?? DEFAULT_GATE;
  const alpha = 1 - confidenceOf(options, 'paired');
  const refs = pairs.map((p) => p.reference).filter((s): s is ExperimentSide => s !== undefined);
  const ress = pairs.map((p) => p.result).filter((s): s is ExperimentSide => s !== undefined);
  // Rows and new/missing from the first pair that has each side; values from every pair.
  const plain = compareExperiment(experimentType, refs[0], ress[0], thresholds, { gate: ALL_GATED });
  const pairMaps = pairs.map((p) => ({
    reference: new Map((p.reference?.measurements ?? []).map((m) => [keyOf(m), m])),
    result: new Map((p.result?.measurements ?? []).map((m) => [keyOf(m), m])),
  }));
  const shapeOf = (row: ComparisonRow) => pairMaps.map((p) => p.result.get(rowKey(row)) ?? p.reference.get(rowKey(row))).find((m) => m !== undefined);
  const logRatios = (row: ComparisonRow, parameter: string) =>
    pairMaps.map((p) => {
      const a = p.reference.get(rowKey({ ...row, parameter }))?.statistics[row.statistic];
      const b = p.result.get(rowKey({ ...row, parameter }))?.statistics[row.statistic];
      return a !== undefined && b !== undefined && a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b) ? { a, b, d: logWorse(a, b, row.direction) } : undefined;
    });
  const sizes = familySizes(plain.rows);
  const judge = (row: ComparisonRow, pairValues: ({ a: number; b: number; d: number } | undefined)[], rowConfidence: number): Partial<ComparisonRow> | undefined => {
    const usable = pairValues.filter((v): v is { a: number; b: number; d: number } => v !== undefined);
    const reference = Math.exp(meanAndSd(usable.map((v) => Math.log(v.a))).mean);
    const result = Math.exp(meanAndSd(usable.map((v) => Math.log(v.b))).mean);
    if (usable.length < 2) {
      if (usable.length === 0) return undefined;
      const status = judge1(reference, result, row);
      return { reference, result, deltaPercent: deltaPercent(reference, result, row.direction), repetitions: 1, ...statusOf(status) };
    }
    const test = pairedLogTest(
      usable.map((v) => v.d),
      1 - rowConfidence,
      row.direction,
    );
    const over = test.effect > row.threshold;
    const under = test.effect < -row.threshold;
    const status: ComparisonStatus =
      over && test.significant ? 'fail' : over ? 'warn' : under && test.significantlyBetter ? 'improved' : test.detectable > row.threshold && !test.significant ? 'noisy' : 'pass';
    return {
      reference,
      result,
      deltaPercent: test.effect * 100,
      repetitions: usable.length,
      interval: test.interval,
      detectable: Math.max(row.threshold, test.detectable),
      pValue: test.pValue,
      confidence: rowConfidence,
      ...statusOf(status),
    };
  };
  const judged = plain.rows.map((row): ComparisonRow => {
    if (row.status === 'new' || row.status === 'missing') return regate(row, gate, shapeOf(row));
    const rowConfidence = 1 - rowAlpha(alpha, sizes.get(familyKey(row)) ?? 1);
    const outcome = judge(row, logRatios(row, row.parameter), rowConfidence);
    return regate(outcome ? { ...row, ...outcome } : row, gate, shapeOf(row));
  });
  const resultByKey = new Map(pairMaps.flatMap((p) => [...p.result.entries()]));
  const pooled = pooledRows(
    judged,
    (row, parameters) => {
      // Per pair: the mean log ratio over the parameters (the log of the geometric-mean ratio).
      const perParameter = parameters.map((p) => logRatios(row, p));
      const perPair = pairs.map((_, i) => {
        const cells = perParameter.map((values) => values[i]);
        if (cells.some((c) => c === undefined)) return undefined;
        const defined = cells as { a: number; b: number; d: number }[];
        const mean = (f: (c: { a: number; b: number; d: number }) => number) => defined.reduce((acc, c) => acc + f(c), 0) / defined.length;
        return { a: Math.exp(mean((c) => Math.log(c.a))), b: Math.exp(mean((c) => Math.log(c.b))), d: mean((c) => c.d) };
      });
      return judge(row, perPair, 1 - alpha / 2);
    },
    gate,
    resultByKey,
  );
  const rows = [...judged, ...pooled];
  const status = refs.length === 0 ? 'new' : ress.length === 0 ? 'missing' : rows.some(comparisonRowFailed) ? 'failed' : 'passed';
  return { ...plain, status, rows };
}

/** The median of counts (the history's typical repetitions per record); 1 for none. */
function median(values: readonly number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The threshold rule for a row judged on one value per side. */
function judge1(reference: number, result: number, row: ComparisonRow): ComparisonStatus {
  return judge(reference, result, row.threshold, row.direction);
}

/** Every statistic gated: the rows are built first, the gate applied once they are judged. */
const ALL_GATED: GateStatistics = { primary: true, statistics: new Set(), all: true };

function regate(row: ComparisonRow, gate: GateStatistics, ...shapes: (Measurement | ExperimentSide | undefined)[]): ComparisonRow {
  const shape = shapes.map((s) => (s && 'measurements' in s ? s.measurements.find((m) => keyOf(m) === rowKey(row)) : s)).find((m) => m !== undefined);
  const isGated = shape ? gates(gate, row.statistic, shape) : gate.all || gate.statistics.has(row.statistic);
  const { gated: _previous, ...rest } = row;
  return gated(rest, isGated);
}

function rowKey(row: Pick<ComparisonRow, 'parameter' | 'metric'>): string {
  return `${row.parameter}\u0000${row.metric.toLowerCase()}`;
}

/** The mean of the logs of values that must all be positive numbers; NaN if any is not. */
function meanLog(values: readonly (number | undefined)[]): number {
  if (values.length === 0 || values.some((v) => v === undefined || !Number.isFinite(v) || v <= 0)) return NaN;
  return values.reduce((a: number, v) => a + Math.log(v!), 0) / values.length;
}

/**
 * A candidate's pooled level per repetition: repetition i's mean log over the parameters. When the
 * parameters hold different numbers of repetitions, the first min(k) of each.
 */
function perRepetitionLevels(perParameter: readonly number[][]): number[] {
  if (perParameter.length === 0 || perParameter.some((v) => v.length === 0)) return [];
  const k = Math.min(...perParameter.map((v) => v.length));
  return Array.from({ length: k }, (_, i) => Math.exp(meanLog(perParameter.map((v) => v[i]))));
}

/**
 * The pooled (geomean) rows of a judged experiment: one per metric × statistic that has two or
 * more parameters with numbers on both sides, after the parameter rows of the family's metric.
 */
function pooledRows(
  rows: readonly ComparisonRow[],
  judgeFamily: (row: ComparisonRow, parameters: string[]) => Partial<ComparisonRow> | undefined,
  gate: GateStatistics,
  shapes: ReadonlyMap<string, Measurement>,
): ComparisonRow[] {
  const families = new Map<string, ComparisonRow[]>();
  for (const row of rows) {
    if (row.status === 'new' || row.status === 'missing' || row.pooled) continue;
    const list = families.get(familyKey(row)) ?? [];
    list.push(row);
    families.set(familyKey(row), list);
  }
  const out: ComparisonRow[] = [];
  for (const family of families.values()) {
    if (family.length < 2) continue;
    const first = family[0]!;
    const outcome = judgeFamily(
      first,
      family.map((r) => r.parameter),
    );
    if (!outcome) continue;
    const row: ComparisonRow = {
      ...first,
      parameter: POOLED_PARAMETER,
      payloadBytes: NaN,
      pooled: true,
      reference: NaN,
      result: NaN,
      deltaPercent: NaN,
      ...outcome,
    } as ComparisonRow;
    delete row.band;
    if (outcome.band) row.band = outcome.band;
    out.push(regate(row, gate, shapes.get(rowKey(first))));
  }
  return out;
}

/** A comparison whose reference was measured on another kind of machine: every row reported as `not-comparable`, none failing. */
export function asNotComparable(comparison: SubExperimentComparison): SubExperimentComparison {
  return { ...comparison, status: 'passed', rows: comparison.rows.map((row) => ({ ...row, status: 'not-comparable', failed: false })) };
}

/** A Fast-DDS summary as one side of a comparison. */
export function sideOfSummary(summary: Summary): ExperimentSide {
  return { measurements: resultSetOfSummary(summary, 'fastdds-summary').measurements, summary };
}

/** Compares two Fast-DDS summaries of one sub-experiment (the reference's compare step). */
export function compareSummaries(experimentType: string, reference: Summary | undefined, result: Summary | undefined, thresholds: Thresholds): SubExperimentComparison {
  return compareExperiment(experimentType, reference && sideOfSummary(reference), result && sideOfSummary(result), thresholds);
}

/** compareExperimentWithHistory on Fast-DDS summaries. */
export function compareWithHistory(
  experimentType: string,
  history: readonly (Summary | undefined)[],
  result: Summary | undefined,
  thresholds: Thresholds,
  options: NoiseOptions = {},
): SubExperimentComparison {
  return compareExperimentWithHistory(
    experimentType,
    history.map((s) => s && sideOfSummary(s)),
    result && sideOfSummary(result),
    thresholds,
    options,
  );
}
