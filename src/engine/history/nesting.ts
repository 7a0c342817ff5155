/**
 * How deep a history file's JSON nests, checked before it is parsed. JSON.parse reads any depth, but what handles the
 * parsed value afterwards (JSON.stringify in a message, a recursive copy) overflows the call stack on a file of a
 * hundred thousand `[`: a RangeError and a stack trace instead of an input error. A record or an archive nests five
 * levels; deeper than MAX_HISTORY_NESTING is refused at the bracket that goes too deep.
 */
import { InputError } from '../errors.js';

/** Far above the five levels a record or an archive has (its environment included), far below a stack's depth. */
export const MAX_HISTORY_NESTING = 64;

/**
 * Throws an InputError at the file, line and column of the first `[` or `{` nested deeper than `limit`, naming the
 * top-level field it is in; `kind` is how the file is named in the message ("history record"). One pass over the
 * text, outside strings; a text that is not JSON is left for JSON.parse to refuse.
 */
export function checkNesting(text: string, file: string, kind: string, limit = MAX_HISTORY_NESTING): void {
  // Each of the five characters that matter found by indexOf (memchr-fast), not by a look at every character: most of
  // a record is columns of numbers, which hold none of them.
  const find = (c: string, from: number) => {
    const at = text.indexOf(c, from);
    return at === -1 ? Infinity : at;
  };
  let quote = find('"', 0);
  let open = find('[', 0);
  let close = find(']', 0);
  let openObject = find('{', 0);
  let closeObject = find('}', 0);
  let depth = 0;
  /** The last string at depth 1: the top-level field a deeper value belongs to. */
  let field: [from: number, to: number] | undefined;
  for (;;) {
    const at = Math.min(quote, open, close, openObject, closeObject);
    if (at === Infinity) return;
    if (at === quote) {
      const end = stringEnd(text, at);
      if (depth === 1) field = [at + 1, end];
      // Brackets inside the string are no brackets: each cursor moves past its end.
      quote = find('"', end + 1);
      if (open < end) open = find('[', end + 1);
      if (close < end) close = find(']', end + 1);
      if (openObject < end) openObject = find('{', end + 1);
      if (closeObject < end) closeObject = find('}', end + 1);
    } else if (at === open || at === openObject) {
      if (at === open) open = find('[', at + 1);
      else openObject = find('{', at + 1);
      if (++depth > limit) {
        const name = field ? text.slice(field[0], Math.min(field[1], field[0] + 60)) : undefined;
        throw new InputError(
          `not a perfgate ${kind}: ${name !== undefined ? `"${name}" nests` : 'values nest'} deeper than ${limit} levels`,
          { file, ...lineAndColumn(text, at) },
        );
      }
    } else {
      if (at === close) close = find(']', at + 1);
      else closeObject = find('}', at + 1);
      depth--;
    }
  }
}

/** Where the string opened at `open` ends: its closing quote (one not escaped by an odd run of backslashes), or the end. */
function stringEnd(text: string, open: number): number {
  let close = text.indexOf('"', open + 1);
  while (close !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return close;
    close = text.indexOf('"', close + 1);
  }
  return text.length;
}

/** The 1-based line and column (UTF-16 code units) of an offset; lines end at LF. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
