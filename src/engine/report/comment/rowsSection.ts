/**
 * Parts of the reviewer's document that can give up lines from their end when the comment must be
 * cut to fit (commentBody.ts): a table keeps its header and as many rows as fit, a list as many
 * lines, and each says how many it left out and where they are.
 */
import type { CommentSection } from './commentBody.js';

/** `1 row`, `2 rows`; `words` for a plural that is not the word with an s. */
export const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/**
 * A table that can give up rows from its end: `prefix`, the header and as many rows as fit, then
 * a line saying how many were left out, then `suffix` (a closing `</details>`). Shortening reads
 * the rows' lengths once: linear in the rows, whatever the room.
 */
export function rowsSection(
  section: Omit<CommentSection, 'text' | 'shorten'>,
  prefix: string,
  table: { header: string[]; rows: string[] },
  suffix: string,
  more: (n: number) => string,
): CommentSection {
  const text = (k: number) => {
    let lines = prefix !== '' ? [prefix, ''] : [];
    // concat, not push(...rows): 400,000 rows overflow the call stack as arguments.
    if (k > 0) lines = lines.concat(table.header, table.rows.slice(0, k), '');
    if (k < table.rows.length) lines.push(more(table.rows.length - k), '');
    if (suffix !== '') lines.push(suffix);
    return lines.join('\n').replace(/\s+$/, '');
  };
  const shorten = (room: number) => {
    if (text(0).length > room) return '';
    // The most rows whose lines fit beside the rest of the part (the count line is at most as long as text(0)'s).
    const fixed = text(0).length + table.header.join('\n').length + 2;
    let used = fixed;
    let k = 0;
    while (k < table.rows.length && used + table.rows[k]!.length + 1 <= room) used += table.rows[k++]!.length + 1;
    while (k > 0 && text(k).length > room) k--;
    while (k < table.rows.length && text(k + 1).length <= room) k++;
    return text(k);
  };
  return { ...section, text: text(table.rows.length), shorten };
}

/** A list of `- ` lines that can give up lines from its end. */
export function listSection(
  section: Omit<CommentSection, 'text' | 'shorten'>,
  lines: string[],
  more: (n: number) => string,
): CommentSection {
  return rowsSection(section, '', { header: [], rows: lines }, '', more);
}

/** What a cut list or table says of the lines it left out, and where to find them. */
export function moreIn(what: string, where: string): (n: number) => string {
  return (n) => `… and ${plural(n, `more ${what}`)} in ${where}.`;
}
