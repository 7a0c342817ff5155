import type { CheckRow } from '../../check/checkRow.js';
import { formatFixed3 } from '../../numeric/formatFixed.js';
import { changeFromRequirement } from '../change.js';
import { escapeMarkdown } from '../escape.js';
import { quantityDisplay, type QuantityDisplay } from '../quantity.js';
import { headline, type CheckReport, type PercentRow } from './model.js';

/** Above this many rows, passing rows fold into a <details> block. */
export const FOLD_ROWS_ABOVE = 20;

const PASS = '✅';
const FAIL = '❌';

/** The parts of report.md, for a document that puts them in another order (the reviewer comment). */
export interface CheckMarkdownParts {
  /** Failures that are not just "over the limit", one `- ❌` line each (escaped). */
  problems: string;
  /** One `- ⚠️` line each (escaped). */
  warnings: string;
  failing: PercentRow[];
  passing: PercentRow[];
  /** The percentage-over-requirement table of some of the report's rows. */
  table: (rows: PercentRow[]) => string[];
  /** What a check and *over* mean; '' without rows. */
  legend: string;
}

export function checkMarkdownParts(report: CheckReport): CheckMarkdownParts {
  let legend = '';
  if (report.table.length > 0 && report.latencyOnly) {
    legend =
      'Latencies in µs. A check passes when the result is at most the requirement; ' +
      '*over* = (result − requirement) / requirement, positive when worse.';
  } else if (report.table.length > 0) {
    legend =
      'A ≤ check passes when the result is at most the requirement, a ≥ check (throughput, rates) when it is at least the requirement; ' +
      '*vs req.* = (result − requirement) / requirement, the change from the requirement to the result: + above it, − below it, so a ≤ check fails above 0 and a ≥ check below 0.';
  }
  return {
    problems: report.problems.map((p) => `- ${FAIL} ${escapeMarkdown(p)}`).join('\n'),
    warnings: report.warnings.map((w) => `- ⚠️ ${escapeMarkdown(w)}`).join('\n'),
    failing: report.table.filter((r) => r.failed),
    passing: report.table.filter((r) => !r.failed),
    table: (rows) => table(rows, report.columns, report.latencyOnly),
    legend,
  };
}

/** The Markdown report: verdict headline, then the percentage-over-requirement table. */
export function renderMarkdown(report: CheckReport): string {
  const parts = checkMarkdownParts(report);
  const lines: string[] = [];
  const icon = report.verdict === 'pass' ? PASS : FAIL;
  lines.push(`### ${icon} perfgate: ${headline(report)}`, '');
  if (parts.problems !== '') lines.push(parts.problems, '');
  if (parts.warnings !== '') lines.push(parts.warnings, '');
  if (report.skipped.length > 0) {
    for (const w of report.skipped) lines.push(`- ⏭️ ${escapeMarkdown(w)}`);
    lines.push('');
  }
  // Notes are perfgate's own sentences (no text from result files), so they are not escaped.
  for (const note of report.notes ?? []) lines.push(`> ${note}`, '');
  if (report.table.length <= FOLD_ROWS_ABOVE) {
    if (report.table.length > 0) lines.push(...parts.table(report.table), '');
  } else {
    if (parts.failing.length > 0) lines.push(...parts.table(parts.failing), '');
    if (parts.passing.length > 0) {
      lines.push(
        '<details>',
        `<summary>${passingRows(parts.passing.length)}</summary>`,
        '',
        ...parts.table(parts.passing),
        '',
        '</details>',
        '',
      );
    }
  }
  if (parts.legend !== '') lines.push(parts.legend, '');
  return lines.join('\n');
}

/** `19 passing rows` */
export function passingRows(n: number): string {
  return `${n} passing row${n === 1 ? '' : 's'}`;
}

/**
 * The requirement part of a first line: "❌ 2 of 54 requirements over their limit", with those
 * that had no result said apart; "✅ 54 requirements met"; "❌ no requirement was checked".
 */
export function requirementsHeadline(report: CheckReport): string {
  if (report.checksTotal === 0) return `${FAIL} no requirement was checked`;
  const rows = report.subExperiments.flatMap((s) => s.rows);
  const over = rows.filter((r) => r.status === 'failed').length;
  const missing = rows.filter((r) => r.status === 'missing').length;
  if (report.verdict === 'pass' && over + missing === 0)
    return `${PASS} ${report.checksTotal === 1 ? 'the requirement' : `all ${report.checksTotal} requirements`} met`;
  const parts: string[] = [];
  if (over > 0)
    parts.push(
      `${over} of ${report.checksTotal} requirement${report.checksTotal === 1 ? '' : 's'} over ${over === 1 ? 'its' : 'their'} limit`,
    );
  if (missing > 0) parts.push(`${missing}${over > 0 ? '' : ` of ${report.checksTotal}`} without a result`);
  if (parts.length === 0)
    parts.push(`${report.failedExperiments.length} of ${report.experimentsChecked} sub-experiments failed`);
  return `${FAIL} ${parts.join(', ')}`;
}

/**
 * The failed requirements, one line each: benchmark, check, result, limit and the change from the limit to the result.
 */
export function requirementFailures(report: CheckReport): { header: string[]; rows: string[] } {
  const header = ['| Benchmark | Check | Result | Limit | vs limit |', '| :-- | :-- | --: | --: | --: |'];
  const rows: string[] = [];
  for (const row of report.table) {
    if (!row.failed) continue;
    for (const column of report.columns) {
      const cell = row.cells[column];
      if (!cell || cell.status === 'passed') continue;
      const shown = checkValues(cell, report.latencyOnly);
      const withUnit = (x: number) =>
        Number.isNaN(x) ? '—' : `${shown.number(x)}${shown.unit ? ` ${escapeMarkdown(shown.unit)}` : ''}`;
      const where = report.latencyOnly ? `${row.parameter} B` : row.parameter;
      const check = `${escapeMarkdown(column)} ${cell.direction === 'higher-is-better' ? '≥' : '≤'}`;
      rows.push(
        `| ${escapeMarkdown(where === '' ? row.experimentType : `${row.experimentType} ${where}`)} | ${check} | ${cell.status === 'missing' ? 'missing' : withUnit(cell.experiment)} | ${withUnit(cell.requirement)} | ${percent(changeFromRequirement(cell.percentOver, cell.direction))} |`,
      );
    }
  }
  return { header, rows };
}

function table(rows: PercentRow[], columns: readonly string[], latencyOnly: boolean): string[] {
  const header = ['Sub-experiment', latencyOnly ? 'Bytes' : 'Parameter'];
  const align = [':--', '--:'];
  for (const column of columns) {
    header.push(
      latencyOnly ? column : escapeMarkdown(columnTitle(column, rows)),
      'req.',
      latencyOnly ? 'over' : 'vs req.',
      '',
    );
    align.push('--:', '--:', '--:', ':-:');
  }
  const out = [`| ${header.join(' | ')} |`, `| ${align.join(' | ')} |`];
  for (const row of rows) {
    const cells = [escapeMarkdown(row.experimentType), escapeMarkdown(row.parameter)];
    for (const column of columns) cells.push(...magnitudeCells(row.cells[column], latencyOnly));
    out.push(`| ${cells.join(' | ')} |`);
  }
  return out;
}

/** `throughput ≥`: the column's direction, taken from its first row; each cell carries its row's unit. */
export function columnTitle(column: string, rows: readonly PercentRow[]): string {
  const sample = rows.map((r) => r.cells[column]).find((c) => c !== undefined);
  if (!sample) return column;
  return `${column} ${sample.direction === 'higher-is-better' ? '≥' : '≤'}`;
}

/**
 * A check's result and limit in one display unit (`2.350 ns` and `3.000 ns`). Reference latency
 * checks keep the reference's layout: µs with 3 decimals, the unit in the legend.
 */
export function checkValues(row: CheckRow, latencyOnly: boolean): QuantityDisplay {
  if (latencyOnly) return { unit: 'µs', scale: 1, number: formatFixed3, withUnit: (x) => `${formatFixed3(x)} µs` };
  return quantityDisplay(row.unit ?? 'µs', [row.experiment, row.requirement], row.printedUnit);
}

function magnitudeCells(row: CheckRow | undefined, latencyOnly: boolean): string[] {
  if (!row) return ['', '', '', ''];
  const shown = checkValues(row, latencyOnly);
  const number = (x: number) =>
    Number.isNaN(x)
      ? '—'
      : latencyOnly || shown.unit === ''
        ? shown.number(x)
        : `${shown.number(x)} ${escapeMarkdown(shown.unit)}`;
  const value = row.status === 'missing' ? 'missing' : number(row.experiment);
  return [
    value,
    number(row.requirement),
    percent(changeFromRequirement(row.percentOver, row.direction)),
    row.status === 'passed' ? PASS : FAIL,
  ];
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
