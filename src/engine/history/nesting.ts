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
  let depth = 0;
  let line = 1;
  let lineStart = 0;
  /** The last string at depth 1: the top-level field a deeper value belongs to. */
  let field: [from: number, to: number] | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const from = i;
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) i++;
        else if (s === 0x22 || s === 0x0a) break;
      }
      if (depth === 1) field = [from + 1, i];
      if (text.charCodeAt(i) === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) {
        const name = field ? text.slice(field[0], Math.min(field[1], field[0] + 60)) : undefined;
        throw new InputError(
          `not a perfgate ${kind}: ${name !== undefined ? `"${name}" nests` : 'values nest'} deeper than ${limit} levels`,
          { file, line, column: i - lineStart + 1 },
        );
      }
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    } else if (c === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
}
