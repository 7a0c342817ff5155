import type { Direction } from '../model/measurement.js';
import type { MetricRequirement } from '../model/metricRequirement.js';

/**
 * `passed`/`failed` as in the reference; `missing` when the requirement's payload is not in the
 * results (the reference crashes there). `missing` fails the gate.
 */
export type CheckStatus = 'passed' | 'failed' | 'missing';

/**
 * One line of a check report: one magnitude of one payload (or other parameter) against its
 * requirement. Reference latency checks are `Median`, `99%`, `Max` at a payload size; checks of
 * other metrics name the metric (`throughput`, `latency p95`) and may have a direction and unit.
 */
export interface CheckRow {
  check: string;
  /** NaN when the parameter is not a payload size (then `parameter` names it). */
  payloadBytes: number;
  /** The parameter as reports show it, when it is not just the payload size. */
  parameter?: string;
  /** Absent for reference latency checks: lower is better. */
  direction?: Direction;
  /** The unit of requirement and experiment values; absent means µs. */
  unit?: string;
  /**
   * The unit the tool printed (the metric's displayUnit), which names what a rate counts; absent for reference latency
   * checks.
   */
  printedUnit?: string;
  requirement: number;
  /** NaN when the value is missing. */
  experiment: number;
  /** |requirement − experiment| */
  difference: number;
  /**
   * (experiment − requirement) / requirement × 100, negated for higher-is-better metrics, so that
   * positive always means worse than the requirement.
   */
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

/**
 * `checked` sub-experiments pass or fail; `unchecked` ones have no requirement rows at all;
 * `skipped` ones have only optional requirements, none of which is in the results.
 */
export type SubExperimentStatus = 'passed' | 'failed' | 'unchecked' | 'skipped';

export interface SubExperimentCheck {
  experimentType: string;
  /** The summary (or raw file) the values came from; the requirements file when `absent`. */
  source: string;
  status: SubExperimentStatus;
  /** Median rows, then 99% rows, then Max rows, each in requirement payload order. */
  rows: CheckRow[];
  /**
   * Required but not in the results at all (a misspelled or renamed experiment): every row is
   * `missing`, and there is no summary to write a checks file for.
   */
  absent?: boolean;
  /** Optional requirements not in the results, one sentence each: reported, not failed. */
  skipped?: string[];
}

/**
 * One statistic against its limit, in the metric's direction, with the reference's arithmetic
 * (spec §4) mirrored for floors: margin = limit − value for a ceiling (value − limit for a
 * floor), % over = (−margin·100)/|limit|, fail iff margin < 0. `percentOver` is signed so that
 * positive always means worse; a tie gives −0 (`-0.000`), as the reference prints. A zero limit
 * gives −margin × 100, as the reference throughput tooling does.
 */
export function checkLimit(
  requirement: Pick<MetricRequirement, 'limit'>,
  direction: Direction,
  value: number,
): Pick<CheckRow, 'requirement' | 'experiment' | 'difference' | 'percentOver' | 'status'> {
  const limit = requirement.limit;
  const margin = direction === 'higher-is-better' ? value - limit : limit - value;
  const percentOver = limit === 0 ? -margin * 100 : (-margin * 100) / Math.abs(limit);
  const failed = Number.isNaN(value) || Number.isNaN(limit) || margin < 0;
  return {
    requirement: limit,
    experiment: value,
    difference: Math.abs(limit - value),
    percentOver,
    status: failed ? 'failed' : 'passed',
  };
}

/** Why a requirement has no row to check: a failure, or for an optional one a skip. */
export function notInResults(what: string, requirement: Pick<MetricRequirement, 'optional'>, hint = ''): string {
  return requirement.optional
    ? `${what} is not in the results (optional: skipped)${hint}`
    : `${what} is required but not in the results${hint}`;
}
