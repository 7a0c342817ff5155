/**
 * What a reader must see first, as plain text cells: the verdict line of the comparison (what
 * changed, by benchmark) and of the check, and their failing (and, for a comparison, warning)
 * rows. report.html shows them above its charts, the comparison first. Formats what the report
 * models hold; computes nothing new.
 */
import type { ComparisonReport } from '../comparison/comparisonReport.js';
import {
  changeCells,
  headline as comparisonHeadline,
  needsAttention,
  rowDisplay,
  belowResolutionText,
  probability,
} from '../comparison/comparisonMarkdown.js';
import { acceptanceWords } from '../../compare/acceptance.js';
import { quantityDisplay } from '../quantity.js';
import { changeFromRequirement, changePercent, changeRangeText, valueChange, valueChangeRange } from '../change.js';
import { percent, requirementsHeadline } from '../check/markdown.js';
import { headline as checkHeadline, type CheckReport } from '../check/model.js';
import { formatFixed3 } from '../../numeric/formatFixed.js';

export interface VerdictTable {
  verdict: 'pass' | 'fail';
  /** The verdict line without its icon. */
  headline: string;
  header: string[];
  /** The failing and warning rows, worst first. */
  rows: string[][];
  /** How many rows the full report holds besides these. */
  otherRows: number;
  /** The full report's file. */
  file: string;
}

export function checkVerdictTable(report: CheckReport): VerdictTable {
  const rows: string[][] = [];
  let cells = 0;
  for (const row of report.table) {
    for (const [column, cell] of Object.entries(row.cells)) {
      if (!cell) continue;
      cells++;
      if (cell.status === 'passed') continue;
      // Reference latency checks keep the report's µs with 3 decimals; other rows one unit for result and limit.
      const shown = report.latencyOnly
        ? undefined
        : quantityDisplay(cell.unit ?? 'µs', [cell.experiment, cell.requirement], cell.printedUnit);
      const measured = (x: number) => (Number.isNaN(x) ? '—' : shown ? shown.withUnit(x) : formatFixed3(x));
      rows.push([
        row.experimentType,
        row.parameter,
        column,
        cell.status === 'missing' ? 'missing' : measured(cell.experiment),
        measured(cell.requirement),
        percent(changeFromRequirement(cell.percentOver, cell.direction)),
      ]);
    }
  }
  return {
    verdict: report.verdict,
    headline: `${requirementsHeadline(report).replace(/^\S+ /, '')}: ${checkHeadline(report)}`,
    header: ['Sub-experiment', 'Parameter', 'Check', 'Result', 'Requirement', 'vs req.'],
    rows,
    otherRows: cells - rows.length,
    file: 'report.md',
  };
}

export function comparisonVerdictTable(report: ComparisonReport): VerdictTable {
  const attention = report.rows.filter(needsAttention);
  const measured = (r: ComparisonReport['rows'][number], x: number) =>
    Number.isNaN(x) ? '—' : (belowResolutionText(r, x) ?? rowDisplay(r).withUnit(x));
  return {
    verdict: report.verdict,
    headline: comparisonHeadline(report).replace(/^\S+ /, ''),
    header: [
      'Experiment',
      'Parameter',
      'Statistic',
      'Reference',
      'Result',
      attention.some((r) => r.changeInterval !== undefined) ? 'Δ (90 % interval)' : 'Δ',
      'Status',
    ],
    rows: attention.map((r) => [
      r.experimentType,
      r.parameter,
      `${r.metric} ${r.magnitude}`,
      measured(r, r.reference),
      measured(r, r.result),
      changeCells(r).change,
      r.acceptance ? `${r.status} (${acceptanceWords(r.acceptance)})` : r.status,
    ]),
    otherRows: report.rows.length - attention.length,
    file: 'comparison.md',
  };
}

/** Every row of a comparison as plain text cells, with the numbers a column sorts by (report.html's full table). */
export interface RowsTable {
  header: string[];
  /** Per column: whether it sorts by number (the row's `keys`) rather than by text. */
  numeric: boolean[];
  rows: { cells: string[]; keys: (number | undefined)[] }[];
}

/**
 * The full table of a comparison, in the report's order (failing rows first, then worst first): experiment,
 * parameter, statistic, reference, result, the change (%), its 90 % interval, p, gated and status. Numbers are
 * formatted as comparison.md formats them; the change and p also give the number a column sorts by.
 */
export function comparisonRowsTable(report: ComparisonReport): RowsTable {
  const measured = (r: ComparisonReport['rows'][number], x: number) =>
    Number.isNaN(x) ? '—' : (belowResolutionText(r, x) ?? rowDisplay(r).withUnit(x));
  const rows = report.rows.map((r) => {
    const change = Number.isFinite(r.deltaPercent) ? valueChange(r.deltaPercent, r.direction) : undefined;
    const interval = valueChangeRange(r.changeInterval, r.direction);
    return {
      cells: [
        r.experimentType,
        r.pooled ? 'geomean' : r.parameter,
        `${r.metric} ${r.magnitude}${r.direction === 'higher-is-better' ? ' ↑' : ''}`,
        measured(r, r.reference),
        measured(r, r.result),
        change !== undefined ? changePercent(change) : '—',
        interval ? changeRangeText({ lower: interval.lower * 100, upper: interval.upper * 100 }) : '',
        r.pValue !== undefined ? probability(r.pValue) : '',
        r.gated ? 'yes' : 'no',
        r.acceptance ? `${r.status} (${acceptanceWords(r.acceptance)})` : r.status,
      ],
      keys: [
        undefined,
        undefined,
        undefined,
        Number.isFinite(r.reference) ? r.reference : undefined,
        Number.isFinite(r.result) ? r.result : undefined,
        change,
        undefined,
        r.pValue,
        undefined,
        undefined,
      ],
    };
  });
  return {
    header: [
      'Experiment',
      'Parameter',
      'Statistic',
      'Reference',
      'Result',
      'Δ',
      '90 % interval',
      'p',
      'Gated',
      'Status',
    ],
    numeric: [false, false, false, true, true, true, false, true, false, false],
    rows,
  };
}
