import { checkValues, columnTitle, percent } from './markdown.js';
import { headline, type CheckReport } from './model.js';
import { changeFromRequirement } from '../change.js';
import { withoutControls } from '../escape.js';

/** A plain-text table for terminals and logs: failing rows first, columns aligned. */
export function renderText(report: CheckReport): string {
  const out: string[] = [];
  out.push(`perfgate: ${report.verdict === 'pass' ? 'PASS' : 'FAIL'}: ${headline(report)}`);
  for (const p of report.problems) out.push(`  error: ${sanitize(p)}`);
  for (const w of report.warnings) out.push(`  warning: ${sanitize(w)}`);
  for (const w of report.skipped) out.push(`  skipped: ${sanitize(w)}`);
  for (const n of report.notes ?? []) out.push(`  note: ${n}`);
  if (report.table.length > 0) {
    const header = ['Sub-experiment', report.latencyOnly ? 'Bytes' : 'Parameter'];
    for (const m of report.columns)
      header.push(
        report.latencyOnly ? m : sanitize(columnTitle(m, report.table)),
        'req.',
        report.latencyOnly ? 'over' : 'vs req.',
        '',
      );
    const rows = report.table.map((row) => {
      const cells = [sanitize(row.experimentType), sanitize(row.parameter)];
      for (const m of report.columns) {
        const c = row.cells[m];
        if (!c) cells.push('', '', '', '');
        else {
          const shown = checkValues(c, report.latencyOnly);
          const value = (x: number) =>
            Number.isNaN(x)
              ? '-'
              : report.latencyOnly || shown.unit === ''
                ? shown.number(x)
                : `${shown.number(x)} ${sanitize(shown.unit)}`;
          cells.push(
            c.status === 'missing' ? 'missing' : value(c.experiment),
            value(c.requirement),
            percent(changeFromRequirement(c.percentOver, c.direction)),
            c.status === 'passed' ? 'ok' : 'FAIL',
          );
        }
      }
      return cells;
    });
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
        .join('  ')
        .trimEnd();
    out.push('', line(header), ...rows.map(line));
    if (!report.latencyOnly)
      out.push(
        '',
        'vs req. = (result − requirement) / requirement: + above it, − below it; a ≤ check fails above 0, a ≥ check below 0.',
      );
  }
  return out.join('\n') + '\n';
}

/** Terminal-safe: no control characters (escape sequences) from untrusted names. */
function sanitize(text: string): string {
  return withoutControls(text);
}
