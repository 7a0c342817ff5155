import type { PayloadSummary, Summary } from '../model/summary.js';
import { noiseVerdict, type NoiseOptions } from './noise.js';
import { COMPARED_FIELDS, COMPARED_MAGNITUDES, type ComparedMagnitude, type Thresholds } from './thresholds.js';

/**
 * - `pass`: within the threshold; `improved`: faster by more than the threshold;
 * - `fail`: slower than reference × (1 + threshold) (with a history: and outside the noise band);
 * - `new`: in the results only; `missing`: in the reference only (fails);
 * - with a history only: `warn` (over the threshold, inside the noise band), `noisy` (the band is
 *   wider than the threshold), `insufficient-history` (fewer than 3 runs: judged on the threshold
 *   against the newest run).
 */
export type ComparisonStatus = 'pass' | 'improved' | 'fail' | 'new' | 'missing' | 'warn' | 'noisy' | 'insufficient-history';

export interface ComparisonRow {
  experimentType: string;
  payloadBytes: number;
  magnitude: ComparedMagnitude;
  /** NaN when absent. */
  reference: number;
  result: number;
  /** (result − reference) / reference × 100: positive means slower. */
  deltaPercent: number;
  threshold: number;
  status: ComparisonStatus;
  /** Whether the row breaks the gate. */
  failed: boolean;
  /** With a history: the relative effects an unchanged build is expected to give (e.g. −0.2 … +0.25). */
  band?: { lower: number; upper: number };
  /** With a history: how many runs the band was estimated from. */
  historyRuns?: number;
}

export function comparisonRowFailed(row: ComparisonRow): boolean {
  return row.failed;
}

export interface SubExperimentComparison {
  experimentType: string;
  reference?: Summary;
  result?: Summary;
  status: 'passed' | 'failed' | 'new' | 'missing';
  rows: ComparisonRow[];
}

/**
 * The intended rule of `latency_compare_experiments.py`: a magnitude fails when
 * result > reference × (1 + threshold). (Upstream, misplaced parentheses make it fail on any
 * increase at all; spec §6.)
 */
export function judge(reference: number, result: number, threshold: number): ComparisonStatus {
  if (Number.isNaN(result)) return 'missing';
  if (Number.isNaN(reference)) return 'new';
  if (result > reference * (1 + threshold)) return 'fail';
  if (result < reference * (1 - threshold)) return 'improved';
  return 'pass';
}

export function deltaPercent(reference: number, result: number): number {
  return reference === 0 ? (result === 0 ? 0 : NaN) : ((result - reference) / reference) * 100;
}

/** Compares one sub-experiment; payloads in reference order, then payloads new in the results. */
export function compareSummaries(experimentType: string, reference: Summary | undefined, result: Summary | undefined, thresholds: Thresholds): SubExperimentComparison {
  const refPayloads = reference?.payloads ?? [];
  const resultByPayload = new Map<number, PayloadSummary>((result?.payloads ?? []).map((p) => [p.payloadBytes, p]));
  const refByPayload = new Map<number, PayloadSummary>(refPayloads.map((p) => [p.payloadBytes, p]));
  const payloads = [...refPayloads.map((p) => p.payloadBytes), ...(result?.payloads ?? []).map((p) => p.payloadBytes).filter((b) => !refByPayload.has(b))];
  const rows: ComparisonRow[] = [];
  for (const payloadBytes of payloads) {
    const ref = refByPayload.get(payloadBytes);
    const res = resultByPayload.get(payloadBytes);
    for (const magnitude of COMPARED_MAGNITUDES) {
      const field = COMPARED_FIELDS[magnitude];
      const r = ref ? ref[field] : NaN;
      const x = res ? res[field] : NaN;
      rows.push({
        experimentType,
        payloadBytes,
        magnitude,
        reference: r,
        result: x,
        deltaPercent: deltaPercent(r, x),
        threshold: thresholds[magnitude],
        ...statusOf(!res ? 'missing' : !ref ? 'new' : judge(r, x, thresholds[magnitude])),
      });
    }
  }
  const status = !reference ? 'new' : !result ? 'missing' : rows.some(comparisonRowFailed) ? 'failed' : 'passed';
  return { experimentType, ...(reference ? { reference } : {}), ...(result ? { result } : {}), status, rows };
}

function statusOf(status: ComparisonStatus): { status: ComparisonStatus; failed: boolean } {
  return { status, failed: status === 'fail' || status === 'missing' };
}

/**
 * Compares one sub-experiment with a history window of runs (oldest first; a run may lack the
 * sub-experiment). Each row is judged against the between-run spread of that statistic over the
 * window: it fails only when the change exceeds the threshold and lies outside the noise band.
 * The newest run that has the sub-experiment is the reference for the comparison CSV.
 */
export function compareWithHistory(
  experimentType: string,
  history: readonly (Summary | undefined)[],
  result: Summary | undefined,
  thresholds: Thresholds,
  options: NoiseOptions = {},
): SubExperimentComparison {
  const present = history.filter((s): s is Summary => s !== undefined);
  const newest = present[present.length - 1];
  if (!newest || !result) return compareSummaries(experimentType, newest, result, thresholds);
  const plain = compareSummaries(experimentType, newest, result, thresholds);
  const resultByPayload = new Map(result.payloads.map((p) => [p.payloadBytes, p]));
  const rows = plain.rows.map((row): ComparisonRow => {
    if (row.status === 'new' || row.status === 'missing') return row;
    const field = COMPARED_FIELDS[row.magnitude];
    const values = present.map((s) => s.payloads.find((p) => p.payloadBytes === row.payloadBytes)?.[field]).filter((v): v is number => v !== undefined && Number.isFinite(v));
    const x = resultByPayload.get(row.payloadBytes)![field];
    const verdict = noiseVerdict(values, x, row.threshold, options);
    return {
      ...row,
      reference: verdict.reference,
      deltaPercent: verdict.effect * 100,
      status: verdict.status,
      failed: verdict.failed,
      historyRuns: verdict.historyRuns,
      ...(Number.isFinite(verdict.band.lower) ? { band: { lower: verdict.band.lower, upper: verdict.band.upper } } : {}),
    };
  });
  return { ...plain, status: rows.some(comparisonRowFailed) ? 'failed' : 'passed', rows };
}
