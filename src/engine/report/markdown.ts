import type { CheckRow } from '../check/checkRow.js';
import { formatFixed3 } from '../numeric/formatFixed.js';
import { escapeMarkdown } from './escape.js';
import { headline, type CheckReport, type PercentRow } from './model.js';

/** Above this many rows, passing rows fold into a <details> block. */
export const FOLD_ROWS_ABOVE = 20;

const PASS = '✅';
const FAIL = '❌';

/** The Markdown report: verdict headline, then the percentage-over-requirement table. */
export function renderMarkdown(report: CheckReport): string {
  const lines: string[] = [];
  const icon = report.verdict === 'pass' ? PASS : FAIL;
  lines.push(`### ${icon} perfgate: ${headline(report)}`, '');
  if (report.problems.length > 0) {
    for (const p of report.problems) lines.push(`- ${FAIL} ${escapeMarkdown(p)}`);
    lines.push('');
  }
  if (report.warnings.length > 0) {
    for (const w of report.warnings) lines.push(`- ⚠️ ${escapeMarkdown(w)}`);
    lines.push('');
  }
  const failing = report.table.filter((r) => r.failed);
  const passing = report.table.filter((r) => !r.failed);
  const columns = report.columns;
  if (report.table.length <= FOLD_ROWS_ABOVE) {
    if (report.table.length > 0) lines.push(...table(report.table, columns, report.latencyOnly), '');
  } else {
    if (failing.length > 0) lines.push(...table(failing, columns, report.latencyOnly), '');
    if (passing.length > 0) {
      lines.push(
        '<details>',
        `<summary>${passing.length} passing row${passing.length === 1 ? '' : 's'}</summary>`,
        '',
        ...table(passing, columns, report.latencyOnly),
        '',
        '</details>',
        '',
      );
    }
  }
  if (report.table.length > 0 && report.latencyOnly) {
    lines.push('Latencies in µs. A check passes when the result is at most the requirement; ' + '*over* = (result − requirement) / requirement, positive when worse.', '');
  } else if (report.table.length > 0) {
    lines.push(
      'A ≤ check passes when the result is at most the requirement, a ≥ check (throughput, rates) when it is at least the requirement; ' +
        '*over* is the relative distance to the requirement, positive when worse in either direction.',
      '',
    );
  }
  return lines.join('\n');
}

function table(rows: PercentRow[], columns: readonly string[], latencyOnly: boolean): string[] {
  const header = ['Sub-experiment', latencyOnly ? 'Bytes' : 'Parameter'];
  const align = [':--', '--:'];
  for (const column of columns) {
    header.push(latencyOnly ? column : escapeMarkdown(columnTitle(column, rows)), 'req.', 'over', '');
    align.push('--:', '--:', '--:', ':-:');
  }
  const out = [`| ${header.join(' | ')} |`, `| ${align.join(' | ')} |`];
  for (const row of rows) {
    const cells = [escapeMarkdown(row.experimentType), escapeMarkdown(row.parameter)];
    for (const column of columns) cells.push(...magnitudeCells(row.cells[column]));
    out.push(`| ${cells.join(' | ')} |`);
  }
  return out;
}

/** `throughput [Mb/s] ≥`: the column's unit and direction, taken from its first row. */
export function columnTitle(column: string, rows: readonly PercentRow[]): string {
  const sample = rows.map((r) => r.cells[column]).find((c) => c !== undefined);
  if (!sample) return column;
  const unit = sample.unit ?? 'µs';
  return `${column}${unit ? ` [${unit}]` : ''} ${sample.direction === 'higher-is-better' ? '≥' : '≤'}`;
}

function magnitudeCells(row: CheckRow | undefined): string[] {
  if (!row) return ['', '', '', ''];
  const value = row.status === 'missing' ? 'missing' : number(row.experiment);
  return [value, number(row.requirement), percent(row.percentOver), row.status === 'passed' ? PASS : FAIL];
}

function number(x: number): string {
  return Number.isNaN(x) ? '—' : formatFixed3(x);
}

/**
 * A band edge or a detectable change in %: beyond ±10 000 % (a factor of 100) the digits say
 * nothing a reader can use, so it reads `> +10000 %`.
 */
export function boundedPercent(x: number): string {
  if (x > 10_000) return '> +10000 %';
  return percent(x);
}

export function percent(x: number): string {
  if (Number.isNaN(x)) return '—';
  const text = formatFixed3(x);
  return (text.startsWith('-') ? text : '+' + text) + ' %';
}
