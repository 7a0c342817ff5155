import type { SubExperimentCheck } from '../check/checkRow.js';
import { formatCsvFloat } from '../numeric/formatFixed.js';

export const CHECKS_HEADER = 'Check,Bytes,Requirement,Experiment,Difference,Percentage over requirement,Status';

/** `checks_<type>.csv` exactly as `latency_check_experiment.py` writes it (spec §4). */
export function renderChecksCsv(check: SubExperimentCheck): string {
  let out = CHECKS_HEADER + '\n';
  for (const r of check.rows) {
    out += `${r.check},${r.payloadBytes},${formatCsvFloat(r.requirement)},${formatCsvFloat(r.experiment)},${formatCsvFloat(r.difference)},${formatCsvFloat(r.percentOver)},${r.status}\n`;
  }
  return out;
}

export function checksFileName(experimentType: string): string {
  return `checks_${experimentType}.csv`;
}
