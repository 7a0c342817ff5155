import { csvText } from './csvText.js';
import { SUMMARY_COLUMNS, SUMMARY_FIELDS, type Summary } from '../model/summary.js';
import { formatCsvFloat } from '../numeric/formatFixed.js';

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

/**
 * The label the reference derives from a folder argument: its base name, one trailing `/` removed.
 * A glob is labelled by its folder, the last segment before the first one with glob characters
 * (`results/**` → `results`, `target/criterion/**\/new/estimates.json` → `criterion`), never `**`.
 */
export function labelOfPath(path: string): string {
  const segments = path.split('/');
  const glob = segments.findIndex((s) => /[*?[\]{}]/.test(s));
  if (glob >= 0)
    return (
      segments
        .slice(0, glob)
        .filter((s) => s !== '' && s !== '.')
        .pop() ?? 'results'
    );
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
