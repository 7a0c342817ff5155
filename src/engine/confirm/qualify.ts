/**
 * `perfgate qualify`'s verdict, without a file or a process: A/A pairs of one build on this runner,
 * judged by the paired method exactly as a confirmation judges A/B pairs, give each row's noise and
 * the smallest change the confirmation catches 9 times in 10, at the pairs run and projected to the
 * confirmation's cap; a known slowdown applied to one side's parsed results must then fail.
 */
import { compareExperimentPaired, type ExperimentPair } from '../compare/pairedMethod.js';
import { keyOf, rowKey, type ComparisonRow, type ExperimentSide } from '../compare/rows.js';
import type { VerdictOptions } from '../compare/defaults.js';
import type { Thresholds } from '../compare/thresholds.js';
import type { Direction, Measurement } from '../model/measurement.js';
import { detectableChange, meanAndSd } from '../stats/effectTest.js';
import { DEFAULT_SPENDING, sequentialNominalAlpha } from '../stats/sequential.js';
import { studentTQuantile } from '../stats/studentT.js';

/**
 * A/A pairs a qualification runs when `--pairs` is not given: 12 gives the per-pair spread on 11
 * degrees of freedom (its estimate within about ±25 % at 90 %), at half the runs of a 24-pair cap.
 */
export const QUALIFY_DEFAULT_PAIRS = 12;

/**
 * A runner is fit when the confirmation at its cap catches a change of FIT_MULTIPLE × the threshold
 * 9 times in 10 (every gated row's projected Catches ≥ is at most that): a change the size of the
 * threshold itself is caught about half the time by any design, so the threshold is "reached" when
 * the noise leaves at most a factor of 2 between the threshold and what is surely caught.
 */
export const FIT_MULTIPLE = 2;

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
  /** Gated rows: whether the projected Catches ≥ is at most FIT_MULTIPLE × the threshold. */
  fit?: boolean;
}

/** The known slowdown applied to the second run of every pair of one experiment, and whether the gate failed it. */
export interface SlowdownProof {
  experiment: string;
  /** The factor the second side's values were made worse by (×1.2: 20 % slower). */
  factor: number;
  failed: boolean;
}

export interface Qualification {
  pairs: number;
  maxPairs: number;
  confidence: number;
  rows: QualifyRow[];
  proofs: SlowdownProof[];
  fit: boolean;
  /** Why the runner is unfit, one sentence each; empty when fit. */
  reasons: string[];
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
  if (row.interval === undefined || row.confidence === undefined || k === undefined || k < 2) return undefined;
  const critical = studentTQuantile(row.confidence, k - 1);
  const width = logOfRelative(row.interval.upper, row.direction) - logOfRelative(row.interval.lower, row.direction);
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
  return detectableChange(critical * seAtCap, seAtCap, cap - 1, row.threshold, row.direction);
}

/**
 * The known slowdown of a row: FIT_MULTIPLE × the threshold, or when the pairs run catches only
 * larger changes, twice (on the log scale) what it catches 9 times in 10, so that the gate failing
 * it proves the gate works (a missed slowdown is then a broken gate, not bad luck).
 */
export function knownSlowdown(threshold: number, detectable: number | undefined): number {
  const byThreshold = 1 + FIT_MULTIPLE * threshold;
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

/** The qualification of A/A `pairs` for a confirmation of at most `maxPairs` pairs: see the file's comment. */
export function qualify(
  pairs: readonly AaPair[],
  thresholds: Thresholds,
  verdict: VerdictOptions & { confidence: number },
  maxPairs: number,
): Qualification {
  const experiments = [...new Set(pairs.flatMap((p) => [...p.reference.keys(), ...p.result.keys()]))];
  const rows: QualifyRow[] = [];
  const proofs: SlowdownProof[] = [];
  const reasons: string[] = [];
  for (const experiment of experiments) {
    const sub = compareExperimentPaired(experiment, pairsOf(pairs, experiment), thresholds, verdict);
    let factor = 0;
    for (const row of sub.rows) {
      const pooled = row.pooled === true;
      const se = rowStandardError(row);
      const detectableAtCap = se === undefined ? undefined : projectedDetectable(row, se, row.repetitions!, maxPairs);
      const fit = row.gated
        ? detectableAtCap !== undefined && detectableAtCap <= FIT_MULTIPLE * row.threshold
        : undefined;
      const noise = pooled ? undefined : runNoise(pairs, experiment, row);
      const name = [experiment, row.parameter, row.statistic].filter((s) => s !== '').join(' ');
      if (fit === false)
        reasons.push(
          detectableAtCap === undefined
            ? `${name}: no noise could be measured (fewer than 2 pairs have it)`
            : `${name}: ${maxPairs} pairs catch ${percent(detectableAtCap)} 9 times in 10, more than ${FIT_MULTIPLE} × the threshold of ${percent(row.threshold)}`,
        );
      if (row.gated) factor = Math.max(factor, knownSlowdown(row.threshold, row.detectable));
      rows.push({
        experiment,
        parameter: row.parameter,
        metric: row.metric,
        statistic: row.statistic,
        direction: row.direction,
        gated: row.gated,
        pooled,
        threshold: row.threshold,
        ...(se !== undefined ? { pairNoise: Math.expm1(se * Math.sqrt(row.repetitions!)) } : {}),
        ...(noise !== undefined ? { runNoise: noise } : {}),
        ...(row.detectable !== undefined ? { detectable: row.detectable } : {}),
        ...(detectableAtCap !== undefined ? { detectableAtCap } : {}),
        ...(fit !== undefined ? { fit } : {}),
      });
    }
    if (factor === 0) continue;
    const slowedSub = compareExperimentPaired(experiment, pairsOf(pairs, experiment, factor), thresholds, verdict);
    const failed = slowedSub.status === 'failed';
    proofs.push({ experiment, factor, failed });
    if (!failed)
      reasons.push(
        `${experiment}: a known slowdown of ×${factor.toFixed(3)} applied to one side did not fail the gate, so the gate cannot fail on this runner`,
      );
  }
  if (!rows.some((r) => r.gated)) reasons.push('no gated row: nothing the gate judges was measured');
  return {
    pairs: pairs.length,
    maxPairs,
    confidence: verdict.confidence,
    rows,
    proofs,
    fit: reasons.length === 0,
    reasons,
  };
}
