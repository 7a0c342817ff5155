/**
 * `perfgate qualify`'s verdict, without a file or a process: A/A pairs of one build on this runner,
 * judged exactly as a confirmation judges A/B pairs (compareExperimentsPaired, with the shared-shift
 * model across the run's experiments unless it is off), give each gated row's noise (with the model a
 * benchmark's deviation from the suite, and the suite's own row), the smallest change the confirmation
 * catches 9 times in 10 at the pairs run and projected to its cap, and whether the cap reaches the
 * threshold (the fit rule, passBoundAtCap); a known slowdown applied to one side's parsed results
 * must then fail, each benchmark alone and each suite as a whole.
 */
import type { ExperimentPair } from '../compare/method.js';
import { PASS_BETA } from '../compare/pairedRows.js';
import { compareExperimentsPaired, type PairedRun, type RunSuite } from '../compare/suiteShift.js';
import {
  keyOf,
  rowKey,
  type ComparisonRow,
  type ExperimentSide,
  pairsEvidenceOf,
  type PairsEvidence,
} from '../compare/rows.js';
import type { VerdictOptions } from '../compare/defaults.js';
import type { Thresholds } from '../compare/thresholds.js';
import type { Direction, Measurement } from '../model/measurement.js';
import { detectableChange, meanAndSd, relativeOfLog } from '../stats/effectTest.js';
import { DEFAULT_SPENDING, sequentialNominalAlpha } from '../stats/sequential.js';
import { studentTQuantile } from '../stats/studentT.js';
import { chiSquaredQuantile } from '../stats/moderatedVariance.js';

/**
 * A/A pairs a qualification runs when `--pairs` is not given: 12 gives the per-pair spread on 11
 * degrees of freedom (its estimate within about ±25 % at 90 %), at half the runs of a 24-pair cap.
 */
export const QUALIFY_DEFAULT_PAIRS = 12;

/**
 * The known slowdown is SLOWDOWN_MULTIPLE × the threshold (or more, see knownSlowdown): a change well past the
 * threshold, which a working gate must fail.
 */
export const SLOWDOWN_MULTIPLE = 2;

/**
 * The fit rule (docs/statistics.md, "Qualifying a runner"): the issue calls a runner unfit when "the threshold cannot
 * be reached within the maximum pairs". A confirmation reaches the threshold when it can show an unchanged row below
 * it: it passes a deciding row only when the row's upper bound at PASS_BETA (spent over the looks) lies below the
 * threshold, and leaves it inconclusive otherwise. So a gated row is fit when, at the cap's last look, the noise term
 * of that bound for an unchanged build, t(1 − the look's level of PASS_BETA, cap − 1) · se at the cap, is below the
 * threshold (passBoundAtCap < threshold). Catches ≥ at the cap is reported beside it; the known slowdown proves that
 * the gate can fail.
 */
export function passBoundAtCap(row: Pick<ComparisonRow, 'direction'>, se: number, pairs: number, cap: number): number {
  const seAtCap = se * Math.sqrt(pairs / cap);
  const critical = studentTQuantile(1 - sequentialNominalAlpha(cap, cap, PASS_BETA, DEFAULT_SPENDING), cap - 1);
  return relativeOfLog(critical * seAtCap, row.direction);
}

/** One side of each A/A pair: the experiments of the first and of the second run. */
export interface AaPair {
  reference: ReadonlyMap<string, ExperimentSide>;
  result: ReadonlyMap<string, ExperimentSide>;
}

export interface QualifyRow {
  experiment: string;
  parameter: string;
  metric: string;
  statistic: string;
  direction: Direction;
  gated: boolean;
  pooled: boolean;
  threshold: number;
  /** The spread (sd) of the per-pair log ratios, as a relative change (0.17: ±17 %); absent below 2 pairs. */
  pairNoise?: number;
  /** The spread (sd) of the single runs' logs, as a relative change; absent on pooled rows. */
  runNoise?: number;
  /** The paired method's Catches ≥ at the pairs run (a fixed design of that many pairs). */
  detectable?: number;
  /** The same, projected to the confirmation's cap (its last look, at its sequential boundary). */
  detectableAtCap?: number;
  /**
   * The upper bound an unchanged row's interval reaches at the cap's last look, at the confirmation's pass level
   * (passBoundAtCap): the confirmation passes a row only when this is below the threshold.
   */
  passBoundAtCap?: number;
  /** Gated rows: whether passBoundAtCap is below the threshold (the fit rule, passBoundAtCap's comment). */
  fit?: boolean;
  /**
   * With the shared-shift model (the engine's field): `benchmark`, a row judged on its deviation from the suite (its
   * noise is that deviation's, the shared runner noise cancelled); `suite`, the suite's own row (the shared noise in).
   */
  sharedShift?: 'suite' | 'benchmark';
  /** A suite across the run's experiments (suiteShift.ts): how many benchmarks in how many experiments. */
  suite?: { benchmarks: number; experiments: number };
}

/** The known slowdown applied to the second run of every pair of one experiment, and whether the gate failed it. */
export interface SlowdownProof {
  experiment: string;
  /** The factor the second side's values were made worse by (×1.2: 20 % slower). */
  factor: number;
  failed: boolean;
  /** A suite across experiments: every one of its benchmarks slowed at once, and every one must fail. */
  suite?: boolean;
}

export interface Qualification {
  pairs: number;
  maxPairs: number;
  confidence: number;
  /** Whether the confirmation qualified models the shared shift (confirm's default; --no-shared-shift: off). */
  sharedShift: boolean;
  rows: QualifyRow[];
  proofs: SlowdownProof[];
  fit: boolean;
  /** Why the runner is unfit, one sentence each; empty when fit. */
  reasons: string[];
  /** How sure the verdict is, from how well the pairs run pin the noise down. */
  uncertainty: QualifyUncertainty;
}

/**
 * The noise is estimated from the pairs run: its 90 % interval, as factors of the estimate (a standard deviation from
 * n pairs: √((n − 1) / χ²(0.95 or 0.05, n − 1))). The bound an unchanged build reaches and the Catches ≥ scale with the
 * noise, so the same factors bound them. A fit runner is `marginal` when a gated row's bound at the cap, at the top of
 * the interval, would reach the threshold; `pairsForMargin` is then the pairs whose top factor would keep every gated
 * row below it (undefined past 1000).
 */
export interface QualifyUncertainty {
  low: number;
  high: number;
  marginal: boolean;
  pairsForMargin?: number;
}

/** The 90 % interval of a standard deviation estimated from `n` pairs, as factors of the estimate. */
export function noiseInterval(n: number): { low: number; high: number } {
  const df = Math.max(1, n - 1);
  return { low: Math.sqrt(df / chiSquaredQuantile(0.95, df)), high: Math.sqrt(df / chiSquaredQuantile(0.05, df)) };
}

function uncertaintyOf(rows: readonly QualifyRow[], pairs: number, fit: boolean): QualifyUncertainty {
  const interval = noiseInterval(pairs);
  // The gated row nearest its threshold: its bound at the cap against the threshold.
  const worst = rows
    .filter((r) => r.gated && r.passBoundAtCap !== undefined && Number.isFinite(r.passBoundAtCap) && r.threshold > 0)
    .reduce((m, r) => Math.max(m, r.passBoundAtCap! / r.threshold), 0);
  const marginal = fit && worst * interval.high >= 1;
  if (!marginal) return { ...interval, marginal };
  let n = pairs;
  while (n <= 1000 && worst * noiseInterval(n).high >= 1) n++;
  return { ...interval, marginal, ...(n <= 1000 ? { pairsForMargin: n } : {}) };
}

/** The log of a relative change, worse positive (the inverse of effectTest's relativeOfLog). */
function logOfRelative(relative: number, direction: Direction): number {
  return direction === 'higher-is-better' ? -Math.log1p(-relative) : Math.log1p(relative);
}

/**
 * The standard error of a paired row's mean log ratio, read back from its interval: judged as a
 * fixed design, the interval is the mean ± t(1 − α, k − 1) · se with α = 1 − the row's confidence.
 */
export function rowStandardError(row: ComparisonRow): number | undefined {
  const k = row.repetitions;
  const interval = pairsEvidenceOf(row)?.interval;
  if (interval === undefined || row.confidence === undefined || k === undefined || k < 2) return undefined;
  const critical = studentTQuantile(row.confidence, k - 1);
  const width = logOfRelative(interval.upper, row.direction) - logOfRelative(interval.lower, row.direction);
  const se = width / (2 * critical);
  return Number.isFinite(se) && se >= 0 ? se : undefined;
}

/**
 * The Catches ≥ (effectTest's detectableChange) of a row whose pairs have standard error `se` at `pairs` pairs,
 * projected to the last look of a sequential confirmation of `cap` pairs: se · √(pairs / cap), on cap − 1 degrees of
 * freedom, at the nominal level of that look's boundary.
 */
export function projectedDetectable(row: ComparisonRow, se: number, pairs: number, cap: number): number {
  const alpha = 1 - (row.confidence ?? 0.99);
  const seAtCap = se * Math.sqrt(pairs / cap);
  const critical = studentTQuantile(1 - sequentialNominalAlpha(cap, cap, alpha, DEFAULT_SPENDING), cap - 1);
  return detectableChange(critical, seAtCap, cap - 1, row.threshold, row.direction);
}

/**
 * The known slowdown of a row: SLOWDOWN_MULTIPLE × the threshold, or when the pairs run catches only
 * larger changes, twice (on the log scale) what it catches 9 times in 10, so that the gate failing
 * it proves the gate works (a missed slowdown is then a broken gate, not bad luck).
 */
export function knownSlowdown(threshold: number, detectable: number | undefined): number {
  const byThreshold = 1 + SLOWDOWN_MULTIPLE * threshold;
  const byNoise = detectable !== undefined && Number.isFinite(detectable) ? (1 + detectable) ** 2 : 0;
  return Math.max(byThreshold, byNoise);
}

/** A measurement made worse by `factor`: lower-is-better values × factor, higher-is-better ones ÷ factor. */
export function slowed(m: Measurement, factor: number): Measurement {
  const f = m.metric.direction === 'higher-is-better' ? 1 / factor : factor;
  const scale = (name: string, v: number) => (name === 'samples' ? v : name === 'variance' ? v * f * f : v * f);
  const statistics = Object.fromEntries(
    Object.entries(m.statistics).map(([name, v]) => [name, v === undefined ? v : scale(name, v)]),
  ) as Measurement['statistics'];
  const repetitionValues =
    m.repetitionValues &&
    (Object.fromEntries(
      Object.entries(m.repetitionValues).map(([name, values]) => [name, values?.map((v) => scale(name, v))]),
    ) as Measurement['repetitionValues']);
  return {
    ...m,
    statistics,
    ...(m.samples ? { samples: m.samples.map((v) => v * f) } : {}),
    ...(repetitionValues ? { repetitionValues } : {}),
  };
}

function pairsOf(pairs: readonly AaPair[], experiment: string, factor = 1): ExperimentPair[] {
  return pairs.map((p) => {
    const result = p.result.get(experiment);
    return {
      reference: p.reference.get(experiment),
      result: result && factor !== 1 ? { measurements: result.measurements.map((m) => slowed(m, factor)) } : result,
    };
  });
}

/** The spread of a row's single runs (both sides of every pair), as a relative change. */
function runNoise(pairs: readonly AaPair[], experiment: string, row: ComparisonRow): number | undefined {
  const logs = pairs.flatMap((p) =>
    [p.reference, p.result].flatMap((side) => {
      const m = side.get(experiment)?.measurements.find((x) => keyOf(x) === rowKey(row));
      const v = m?.statistics[row.statistic];
      return v !== undefined && v > 0 && Number.isFinite(v) ? [Math.log(v)] : [];
    }),
  );
  const { sd } = meanAndSd(logs);
  return Number.isFinite(sd) ? Math.expm1(sd) : undefined;
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The options of the confirmation being qualified: its verdict settings and whether it models the shared shift. */
export type QualifyVerdict = VerdictOptions & { confidence: number; sharedShift?: boolean | undefined };

/** The rows of a judged run, with the fit of each gated one at the cap. */
function judgedRow(
  row: ComparisonRow,
  name: string,
  maxPairs: number,
  reasons: string[],
): Pick<QualifyRow, 'pairNoise' | 'detectable' | 'detectableAtCap' | 'passBoundAtCap' | 'fit'> {
  const se = rowStandardError(row);
  const detectableAtCap = se === undefined ? undefined : projectedDetectable(row, se, row.repetitions!, maxPairs);
  const bound = se === undefined ? undefined : passBoundAtCap(row, se, row.repetitions!, maxPairs);
  const fit = row.gated ? bound !== undefined && bound < row.threshold : undefined;
  if (fit === false)
    reasons.push(
      bound === undefined
        ? `${name}: no noise could be measured (fewer than 2 pairs have it)`
        : `${name}: after ${maxPairs} pairs an unchanged build's bound is still ${percent(bound)}, not below the threshold of ${percent(row.threshold)} (catches ${percent(detectableAtCap!)} 9 times in 10)`,
    );
  return {
    ...(se !== undefined ? { pairNoise: Math.expm1(se * Math.sqrt(row.repetitions!)) } : {}),
    ...(row.detectable !== undefined ? { detectable: row.detectable } : {}),
    ...(detectableAtCap !== undefined ? { detectableAtCap } : {}),
    ...(bound !== undefined ? { passBoundAtCap: bound } : {}),
    ...(fit !== undefined ? { fit } : {}),
  };
}

/** The name of a suite across experiments in the report. */
export function suiteName(suite: Pick<RunSuite, 'benchmarks' | 'experiments'>): string {
  return `suite of ${suite.benchmarks} benchmarks in ${suite.experiments} experiments`;
}

/**
 * The qualification of A/A `pairs` for a confirmation of at most `maxPairs` pairs: see the file's comment. The pairs
 * are judged by compareExperimentsPaired (the entry point of `compare --paired` and of every look of `confirm`), with
 * the shared-shift model when `verdict.sharedShift` is on (confirm's default), as a fixed design of the pairs run.
 */
export function qualify(
  pairs: readonly AaPair[],
  thresholds: Thresholds,
  verdict: QualifyVerdict,
  maxPairs: number,
): Qualification {
  const experiments = [...new Set(pairs.flatMap((p) => [...p.reference.keys(), ...p.result.keys()]))];
  const judge = (factorOf: (experiment: string) => number) =>
    compareExperimentsPaired(
      experiments.map((type) => ({ type, pairs: pairsOf(pairs, type, factorOf(type)) })),
      thresholds,
      { ...verdict, sharedShift: verdict.sharedShift === true },
    );
  const run = judge(() => 1);
  const reasons: string[] = [];
  const { rows, factors } = experimentRows(run, experiments, pairs, maxPairs, reasons);
  // The suites across experiments: their own row (the shared runner noise in it), gated (a suite that fails fails
  // every benchmark that moved with it), and the known slowdown of all their benchmarks at once.
  for (const suite of run.suites) rows.push(suiteRow(suite, maxPairs, reasons));
  const proofs = [
    ...experimentSlowdownProofs(factors, experiments, judge, reasons),
    ...run.suites.map((suite) => suiteSlowdownProof(suite, experiments, judge, reasons)),
  ];
  if (!rows.some((r) => r.gated)) reasons.push('no gated row: nothing the gate judges was measured');
  return {
    pairs: pairs.length,
    maxPairs,
    confidence: verdict.confidence,
    sharedShift: verdict.sharedShift === true,
    rows,
    proofs,
    fit: reasons.length === 0,
    reasons,
    uncertainty: uncertaintyOf(rows, pairs.length, reasons.length === 0),
  };
}

/** The rows of every experiment of the A/A run, and per experiment the known slowdown its gated rows call for. */
function experimentRows(
  run: PairedRun,
  experiments: readonly string[],
  pairs: readonly AaPair[],
  maxPairs: number,
  reasons: string[],
): { rows: QualifyRow[]; factors: Map<string, number> } {
  const rows: QualifyRow[] = [];
  const factors = new Map<string, number>();
  run.comparisons.forEach((sub, i) => {
    const experiment = experiments[i]!;
    for (const row of sub.rows) {
      const pooled = row.pooled === true;
      const noise = pooled ? undefined : runNoise(pairs, experiment, row);
      const name = [experiment, row.parameter, row.statistic].filter((s) => s !== '').join(' ');
      if (row.gated)
        factors.set(experiment, Math.max(factors.get(experiment) ?? 0, knownSlowdown(row.threshold, row.detectable)));
      rows.push({
        experiment,
        parameter: row.parameter,
        metric: row.metric,
        statistic: row.statistic,
        direction: row.direction,
        gated: row.gated,
        pooled,
        threshold: row.threshold,
        ...shiftOf(pairsEvidenceOf(row)),
        ...judgedRow(row, name, maxPairs, reasons),
        ...(noise !== undefined ? { runNoise: noise } : {}),
      });
    }
  });
  return { rows, factors };
}

/** A suite's own row, gated. */
function suiteRow(suite: RunSuite, maxPairs: number, reasons: string[]): QualifyRow {
  const name = suiteName(suite);
  return {
    experiment: name,
    parameter: suite.row.parameter,
    metric: suite.row.metric,
    statistic: suite.row.statistic,
    direction: suite.row.direction,
    gated: true,
    pooled: true,
    threshold: suite.row.threshold,
    sharedShift: 'suite',
    suite: { benchmarks: suite.benchmarks, experiments: suite.experiments },
    ...judgedRow({ ...suite.row, gated: true }, `${name} ${suite.row.statistic}`, maxPairs, reasons),
  };
}

/** Whether each experiment's known slowdown, applied to one side, fails it. */
function experimentSlowdownProofs(
  factors: ReadonlyMap<string, number>,
  experiments: readonly string[],
  judge: (factorOf: (experiment: string) => number) => PairedRun,
  reasons: string[],
): SlowdownProof[] {
  const proofs: SlowdownProof[] = [];
  for (const [experiment, factor] of factors) {
    const i = experiments.indexOf(experiment);
    const failed = judge((t) => (t === experiment ? factor : 1)).comparisons[i]!.status === 'failed';
    proofs.push({ experiment, factor, failed });
    if (!failed)
      reasons.push(
        `${experiment}: a known slowdown of ×${factor.toFixed(3)} applied to one side did not fail the gate, so the gate cannot fail on this runner`,
      );
  }
  return proofs;
}

/** Whether a suite's known slowdown, applied to all its benchmarks on one side, fails every one of them. */
function suiteSlowdownProof(
  suite: RunSuite,
  experiments: readonly string[],
  judge: (factorOf: (experiment: string) => number) => PairedRun,
  reasons: string[],
): SlowdownProof {
  const members = new Set(suite.members.map((m) => experiments[m.experiment]!));
  const factor = knownSlowdown(suite.row.threshold, suite.row.detectable);
  const slowedRun = judge((t) => (members.has(t) ? factor : 1));
  const failed = slowedRun.comparisons.every((sub, i) => !members.has(experiments[i]!) || sub.status === 'failed');
  const experiment = suiteName(suite);
  if (!failed)
    reasons.push(
      `${experiment}: a known slowdown of ×${factor.toFixed(3)} applied to all its benchmarks on one side did not fail every one of them, so a change of the whole suite cannot fail on this runner`,
    );
  return { experiment, factor, failed, suite: true };
}

/** A row's place in the shared-shift model, where it has one. */
function shiftOf(pairs: PairsEvidence | undefined): { sharedShift?: 'suite' | 'benchmark' } {
  return pairs?.sharedShift !== undefined ? { sharedShift: pairs.sharedShift } : {};
}
