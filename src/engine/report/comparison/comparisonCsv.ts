import { csvText } from '../csvText.js';
import { SUMMARY_COLUMNS, SUMMARY_FIELDS, type Summary } from '../../model/summary.js';
import { formatCsvFloat } from '../../numeric/formatFixed.js';

/**
 * `<type>_comparison.csv` as `latency_compare_experiments.py` writes it: every reference summary
 * row, then every result row, each with a `Label` column (spec §6).
 */
export function renderComparisonCsv(
  reference: Summary,
  result: Summary,
  referenceLabel: string,
  resultLabel: string,
): string {
  let out = SUMMARY_COLUMNS.join(',') + ',Label\n';
  const rows = (summary: Summary, label: string) => {
    for (const p of summary.payloads) {
      const cells = [String(p.payloadBytes), Number.isFinite(p.samples) ? String(p.samples) : ''];
      for (const column of SUMMARY_COLUMNS.slice(2)) cells.push(formatCsvFloat(p[SUMMARY_FIELDS[column]]));
      out += `${cells.join(',')},${csvText(label)}\n`;
    }
  };
  rows(reference, `Reference: ${referenceLabel}`);
  rows(result, `Result: ${resultLabel}`);
  return out;
}

export function comparisonFileName(experimentType: string): string {
  return `${experimentType}_comparison.csv`;
}
