import { CHECKED_MAGNITUDES } from '../model/requirement.js';
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
  if (report.table.length <= FOLD_ROWS_ABOVE) {
    if (report.table.length > 0) lines.push(...table(report.table), '');
  } else {
    if (failing.length > 0) lines.push(...table(failing), '');
    if (passing.length > 0) {
      lines.push('<details>', `<summary>${passing.length} passing row${passing.length === 1 ? '' : 's'}</summary>`, '', ...table(passing), '', '</details>', '');
    }
  }
  if (report.table.length > 0) {
    lines.push(
      'Latencies in µs. A check passes when the result is at most the requirement; ' +
        '*over* = (result − requirement) / requirement, positive when worse.',
      '',
    );
  }
  return lines.join('\n');
}

function table(rows: PercentRow[]): string[] {
  const header = ['Sub-experiment', 'Bytes'];
  const align = [':--', '--:'];
  for (const m of CHECKED_MAGNITUDES) {
    header.push(m, 'req.', 'over', '');
    align.push('--:', '--:', '--:', ':-:');
  }
  const out = [`| ${header.join(' | ')} |`, `| ${align.join(' | ')} |`];
  for (const row of rows) {
    const cells = [escapeMarkdown(row.experimentType), String(row.payloadBytes)];
    for (const m of CHECKED_MAGNITUDES) cells.push(...magnitudeCells(row.cells[m]));
    out.push(`| ${cells.join(' | ')} |`);
  }
  return out;
}

function magnitudeCells(row: CheckRow | undefined): string[] {
  if (!row) return ['', '', '', ''];
  const value = row.status === 'missing' ? 'missing' : number(row.experiment);
  return [value, number(row.requirement), percent(row.percentOver), row.status === 'passed' ? PASS : FAIL];
}

function number(x: number): string {
  return Number.isNaN(x) ? '—' : formatFixed3(x);
}

export function percent(x: number): string {
  if (Number.isNaN(x)) return '—';
  const text = formatFixed3(x);
  return (text.startsWith('-') ? text : '+' + text) + ' %';
}
