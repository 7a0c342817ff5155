import { CHECKED_MAGNITUDES, MAGNITUDE_FIELDS, type CheckedMagnitude, type Requirement } from '../model/requirement.js';
import type { PayloadSummary, Summary } from '../model/summary.js';
import { rowFailed, type CheckRow, type SubExperimentCheck } from './checkRow.js';

/**
 * One magnitude against its limit, with the reference's arithmetic (spec §4):
 * diff = req − exp; perc = (−diff·100)/req; fail iff diff < 0. Departures: a NaN value fails with
 * a message (the reference prints `passed`), and a zero requirement gives perc = −diff·100 like the
 * reference throughput tooling instead of ±inf.
 */
export function checkMagnitude(check: CheckedMagnitude, payloadBytes: number, requirement: number, experiment: number): CheckRow {
  const diff = requirement - experiment;
  const percentOver = requirement === 0 ? -diff * 100 : (-diff * 100) / requirement;
  const row: CheckRow = { check, payloadBytes, requirement, experiment, difference: Math.abs(diff), percentOver, status: diff < 0 ? 'failed' : 'passed' };
  if (Number.isNaN(experiment)) {
    row.status = 'failed';
    row.message = `no ${check} value for ${payloadBytes} bytes in the results`;
  } else if (Number.isNaN(requirement)) {
    row.status = 'failed';
    row.message = `no ${check} requirement for ${payloadBytes} bytes`;
  }
  return row;
}

/** Checks one sub-experiment's summary against the requirement rows of its type. */
export function checkSummary(summary: Summary, requirements: readonly Requirement[]): SubExperimentCheck {
  const own = requirements.filter((r) => r.experimentType === summary.experimentType);
  if (own.length === 0) return { experimentType: summary.experimentType, source: summary.source, status: 'unchecked', rows: [] };
  const byPayload = new Map<number, PayloadSummary>(summary.payloads.map((p) => [p.payloadBytes, p]));
  const rows: CheckRow[] = [];
  for (const check of CHECKED_MAGNITUDES) {
    for (const requirement of own) {
      const limit = requirement.limits[check];
      const payload = byPayload.get(requirement.payloadBytes);
      if (!payload) {
        rows.push({
          check,
          payloadBytes: requirement.payloadBytes,
          requirement: limit,
          experiment: NaN,
          difference: NaN,
          percentOver: NaN,
          status: 'missing',
          message: `payload ${requirement.payloadBytes} bytes is required but not in the results`,
        });
        continue;
      }
      const row = checkMagnitude(check, requirement.payloadBytes, limit, payload[MAGNITUDE_FIELDS[check]]);
      if (payload.line !== undefined) row.line = payload.line;
      rows.push(row);
    }
  }
  return { experimentType: summary.experimentType, source: summary.source, status: rows.some(rowFailed) ? 'failed' : 'passed', rows };
}
