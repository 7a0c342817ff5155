/**
 * A text cell: quoted when it holds a delimiter, quote or line break, and prefixed with `'` when a
 * spreadsheet would take it for a formula (`=`, `+`, `-`, `@`, tab, CR), unless it is a number.
 */
export function csvText(text: string): string {
  let cell = text;
  if (/^[=+\-@\t\r]/.test(cell) && !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(cell)) cell = "'" + cell;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}
