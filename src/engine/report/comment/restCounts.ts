/**
 * The other comparison rows of a large comparison, counted by status instead of listed: no text is
 * made per row, so a reviewer's document of 10,000 benchmarks stays small (reviewerComment.ts).
 */
import type { ComparisonRow } from '../../compare/compare.js';
import { showNotGated, statusMark } from '../comparison/comparisonMarkdown.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `65900 other rows: 〰️ 60000 noisy, ✅ 5800 pass, ⚠️ 100 warn (not gated). Every row is in report.html, …` */
export function restCounts(rest: readonly ComparisonRow[], reportHtml: boolean): string {
  // Per status, the rows that can fail the gate and those that cannot: no text made per row.
  const counts = new Map<ComparisonRow['status'], { row: ComparisonRow; gated: number; notGated: number }>();
  for (const r of rest) {
    let count = counts.get(r.status);
    if (count === undefined) counts.set(r.status, (count = { row: r, gated: 0, notGated: 0 }));
    if (showNotGated(r)) count.notGated++;
    else count.gated++;
  }
  const byCount = [...counts.values()]
    .flatMap(({ row, gated, notGated }) => [
      ...(gated > 0 ? [{ n: gated, words: `${statusMark(row)} ${row.status}` }] : []),
      ...(notGated > 0 ? [{ n: notGated, words: `${statusMark(row)} ${row.status} (not gated)` }] : []),
    ])
    .sort((a, b) => b.n - a.n || (a.words < b.words ? -1 : a.words > b.words ? 1 : 0));
  const files = [...(reportHtml ? ['report.html (sortable and searchable)'] : []), 'comparison.md', 'comparison.json'];
  const listed = `${files.slice(0, -1).join(', ')} and ${files.at(-1)!}`;
  return (
    `${plural(rest.length, 'other row')}, too many to list here: ${byCount.map(({ n, words }) => `${n} ${words}`).join(', ')}. ` +
    `Every row is in ${listed} in the report folder.`
  );
}
