import type { PayloadSummary, Summary } from '../model/summary.js';
import { COMPARED_FIELDS, COMPARED_MAGNITUDES, type ComparedMagnitude, type Thresholds } from './thresholds.js';

/**
 * - `pass`: within the threshold; `improved`: faster by more than the threshold;
 * - `fail`: slower than reference × (1 + threshold);
 * - `new`: in the results only; `missing`: in the reference only (fails).
 */
export type ComparisonStatus = 'pass' | 'improved' | 'fail' | 'new' | 'missing';

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
}

export function comparisonRowFailed(row: ComparisonRow): boolean {
  return row.status === 'fail' || row.status === 'missing';
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
        status: !res ? 'missing' : !ref ? 'new' : judge(r, x, thresholds[magnitude]),
      });
    }
  }
  const status = !reference ? 'new' : !result ? 'missing' : rows.some(comparisonRowFailed) ? 'failed' : 'passed';
  return { experimentType, ...(reference ? { reference } : {}), ...(result ? { result } : {}), status, rows };
}
