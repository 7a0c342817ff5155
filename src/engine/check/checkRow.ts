import type { CheckedMagnitude } from '../model/requirement.js';

/**
 * `passed`/`failed` as in the reference; `missing` when the requirement's payload is not in the
 * results (the reference crashes there). `missing` fails the gate.
 */
export type CheckStatus = 'passed' | 'failed' | 'missing';

/** One line of a check report: one magnitude of one payload against its requirement. */
export interface CheckRow {
  check: CheckedMagnitude;
  payloadBytes: number;
  requirement: number;
  /** NaN when the value is missing. */
  experiment: number;
  /** |requirement − experiment| */
  difference: number;
  /** (experiment − requirement) / requirement × 100: positive means over the limit. */
  percentOver: number;
  status: CheckStatus;
  /** Why a row failed other than by being over the limit. */
  message?: string;
  /** The line of the payload in the summary file, for annotations. */
  line?: number;
}

export function rowFailed(row: CheckRow): boolean {
  return row.status !== 'passed';
}

/** `checked` sub-experiments pass or fail; `unchecked` ones have no requirement rows at all. */
export type SubExperimentStatus = 'passed' | 'failed' | 'unchecked';

export interface SubExperimentCheck {
  experimentType: string;
  /** The summary (or raw file) the values came from. */
  source: string;
  status: SubExperimentStatus;
  /** Median rows, then 99% rows, then Max rows, each in requirement payload order. */
  rows: CheckRow[];
}
