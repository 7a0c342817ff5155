import type { Measurement } from '../model/measurement.js';
import type { MetricRequirement } from '../model/metricRequirement.js';
import type { CheckedMagnitude } from '../model/requirement.js';
import { checkLimit, notInResults, type CheckRow } from './checkRow.js';

/**
 * One magnitude against its limit, with the reference's arithmetic (spec §4):
 * diff = req − exp; perc = (−diff·100)/req; fail iff diff < 0. Departures: a NaN value fails with
 * a message (the reference prints `passed`), and a zero requirement gives perc = −diff·100 like the
 * reference throughput tooling instead of ±inf.
 */
export function checkMagnitude(
  check: CheckedMagnitude | string,
  payloadBytes: number,
  requirement: number,
  experiment: number,
): CheckRow {
  const row: CheckRow = { check, payloadBytes, ...checkLimit({ limit: requirement }, 'lower-is-better', experiment) };
  if (Number.isNaN(experiment)) row.message = `no ${check} value for ${payloadBytes} bytes in the results`;
  else if (Number.isNaN(requirement)) row.message = `no ${check} requirement for ${payloadBytes} bytes`;
  return row;
}

/**
 * A reference requirement (Median, 99% or Max of a payload, in µs) against Fast-DDS latency
 * measurements: the row and the messages of the reference check.
 */
export function checkReferenceRequirement(
  requirement: MetricRequirement,
  measurements: readonly Measurement[],
): CheckRow[] {
  const payloadBytes = Number(requirement.parameter);
  const m = measurements.find((x) => x.metric.name === 'latency' && x.parameter.payloadBytes === payloadBytes);
  if (!m) return [missingReferenceRow(requirement, notInResults(`payload ${payloadBytes} bytes`, requirement))];
  const row = checkMagnitude(
    requirement.label,
    payloadBytes,
    requirement.limit,
    m.statistics[requirement.statistic!] ?? NaN,
  );
  if (m.place.line !== undefined) row.line = m.place.line;
  return [row];
}

/**
 * A reference requirement with nothing to check it against: a `missing` row in the reference's
 * shape, which fails the gate (the reference crashes on a missing payload and ignores a missing
 * sub-experiment; perfgate's verdict carries both).
 */
export function missingReferenceRow(requirement: MetricRequirement, message: string): CheckRow {
  return {
    check: requirement.label,
    payloadBytes: Number(requirement.parameter),
    requirement: requirement.limit,
    experiment: NaN,
    difference: NaN,
    percentOver: NaN,
    status: 'missing',
    message,
  };
}
