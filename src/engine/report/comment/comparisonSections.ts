/**
 * The comparison's rows in the reviewer's document: the rows behind the headline's numbers (failures,
 * gated warnings, the improvements the headline names), kept longest; and the other rows with how
 * they were judged, folded, counted by status above OTHER_ROWS_LISTED.
 */
import type { ComparisonReport } from '../comparison/comparisonReport.js';
import type { ComparisonRow } from '../../compare/compare.js';
import {
  changeTable,
  comparisonTable,
  statusMark,
  type ComparisonMarkdownParts,
} from '../comparison/comparisonMarkdown.js';
import type { CommentSection } from './commentBody.js';
import { FAMILY_ROWS_NAMED, familyLines, GROUP_ROWS_ABOVE } from './familyLines.js';
import { restCounts } from './restCounts.js';
import { moreIn, plural, rowsSection } from './rowsSection.js';

/** Whether a row is an improvement the headline names (nothing failed): shown with the failing rows. */
function isHeadlineImprovement(comparison: ComparisonReport, row: ComparisonMarkdownParts['rest'][number]): boolean {
  return comparison.verdict === 'pass' && row.gated && row.status === 'improved';
}

/** The comparison's parts with the improvements the headline names apart from the rest: one pass over the rows. */
export interface ReviewerRows extends ComparisonMarkdownParts {
  improved: ComparisonRow[];
  others: ComparisonRow[];
}

export function headlineRows(comparison: ComparisonReport, compared: ComparisonMarkdownParts): ReviewerRows {
  const improved: ComparisonRow[] = [];
  const others: ComparisonRow[] = [];
  for (const r of compared.rest) (isHeadlineImprovement(comparison, r) ? improved : others).push(r);
  return { ...compared, improved, others };
}

/**
 * The rows behind the headline's numbers: failures and gated warnings; improvements when the
 * headline names them (nothing failed). A table up to {@link GROUP_ROWS_ABOVE} rows, else one line
 * per family naming its worst rows (familyLines.ts). Undefined when there are none.
 */
export function failingRowsSection(
  comparison: ComparisonReport,
  compared: ReviewerRows,
  where: string,
): CommentSection | undefined {
  const shown = [...compared.attention, ...compared.improved];
  if (shown.length === 0) return undefined;
  const section = { priority: 1, required: true, label: 'the failing comparison rows' };
  if (shown.length <= GROUP_ROWS_ABOVE)
    return rowsSection(section, '', changeTable(shown, comparison.rows), '', moreIn('failing row', where));
  const lines = familyLines(shown, comparison.rows, where, statusMark);
  // The rows of the families a cut leaves out, counted from the end.
  const rowsFrom = new Array<number>(lines.length + 1).fill(0);
  for (let i = lines.length - 1; i >= 0; i--) rowsFrom[i] = rowsFrom[i + 1]! + lines[i]!.rows;
  const prefix =
    `${plural(shown.length, 'row')} in ${plural(lines.length, 'family', 'families')}, worst first; ` +
    `each line names its worst ${FAMILY_ROWS_NAMED} and counts the rest:`;
  return rowsSection(
    section,
    prefix,
    { header: [], rows: lines.map((l) => l.text) },
    '',
    (n) =>
      `… and ${plural(n, 'more family', 'more families')} (${plural(rowsFrom[lines.length - n]!, 'row')}) in ${where}.`,
  );
}

/**
 * Above this many other rows the reviewer's document counts them by status instead of listing them: a table of a few
 * hundred of thousands of rows tells a reviewer nothing the counts do not, and keeps the job summary far below
 * GitHub's 1 MiB. report.html, comparison.md and comparison.json keep every row.
 */
export const OTHER_ROWS_LISTED = 1000;

/** The other comparison rows and how they were judged, folded in a `<details>`; `reportHtml`: report.html was written. */
export function otherRowsSection(
  comparison: ComparisonReport,
  compared: ReviewerRows,
  everything: string,
  reportHtml: boolean,
): CommentSection {
  const rest = compared.others;
  const summary =
    rest.length > 0
      ? `Comparison: ${plural(rest.length, 'other row')}, and how they were judged`
      : 'Comparison: how it was judged';
  const prefix = [
    '<details>',
    `<summary>${summary}</summary>`,
    '',
    compared.sides,
    ...(compared.notes !== '' ? ['', compared.notes] : []),
  ].join('\n');
  const suffix = [compared.legend, '', '</details>'].join('\n');
  const section = { priority: 6, label: 'the other comparison rows' };
  if (rest.length > OTHER_ROWS_LISTED)
    return { ...section, text: [prefix, '', restCounts(rest, reportHtml), '', suffix].join('\n') };
  const table = rest.length > 0 ? comparisonTable(rest, comparison.rows) : [];
  return rowsSection(
    section,
    prefix,
    { header: table.slice(0, 2), rows: table.slice(2) },
    suffix,
    moreIn('row', everything),
  );
}
