import type { SubExperimentCheck } from '../../check/checkRow.js';
import { formatCsvFloat } from '../../numeric/formatFixed.js';
import { csvText } from '../csvText.js';

export const CHECKS_HEADER = 'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status';

/** The check CSV of metrics other than reference latencies: parameter, unit and direction added. */
export const METRIC_CHECKS_HEADER =
  'Check,Parameter,Unit,Direction,Requirement,Experiment,Difference,Percentage over requirement,Status';

/**
 * `checks_<type>.csv` exactly as `latency_check_experiment.py` writes it (spec §4); checks of
 * other metrics get the wider header, with untrusted names neutralised for spreadsheets.
 */
export function renderChecksCsv(check: SubExperimentCheck): string {
  if (check.rows.some((r) => r.parameter !== undefined || r.direction !== undefined))
    return renderMetricChecksCsv(check);
  let out = CHECKS_HEADER + '\n';
  for (const r of check.rows) {
    out += `${r.check},${r.payloadBytes},${formatCsvFloat(r.requirement)},${formatCsvFloat(r.experiment)},${formatCsvFloat(r.difference)},${formatCsvFloat(r.percentOver)},${r.status}\n`;
  }
  return out;
}

export function checksFileName(experimentType: string): string {
  return `checks_${experimentType}.csv`;
}

function renderMetricChecksCsv(check: SubExperimentCheck): string {
  let out = METRIC_CHECKS_HEADER + '\n';
  for (const r of check.rows) {
    const cells = [
      csvText(r.check),
      csvText(r.parameter ?? String(r.payloadBytes)),
      csvText(r.unit ?? 'µs'),
      r.direction === 'higher-is-better' ? '>=' : '<=',
      formatCsvFloat(r.requirement),
      formatCsvFloat(r.experiment),
      formatCsvFloat(r.difference),
      formatCsvFloat(r.percentOver),
      r.status,
    ];
    out += cells.join(',') + '\n';
  }
  return out;
}
