import { InputError } from '../errors.js';
import type { JsonPlace } from './looseJson.js';
import { containerEnd, SCALAR, SPACE, stringEnd, type Open } from './jsonScan.js';

/**
 * The text of a JSON file as it arrives in pieces, below the grammar JsonStreamReader
 * (jsonStream.ts) reads from it: what is buffered and what was read of it, the place (line,
 * column) of an offset, counted forward as places are asked in file order; how far the text of a
 * value at an offset surely reaches, or that more text is needed to say; and the words for what
 * stands at an offset, as the loose JSON reader (looseJson.ts) words them.
 */
export abstract class JsonPieces {
  /** The text kept: from the entry being read to the end of the last piece. */
  protected buf = '';
  /** Where reading stands in buf. */
  protected i = 0;
  /** The file has ended: no more text will come. */
  protected ended = false;
  /** The place of buf[cursor]; places are asked in file order, so the cursor only moves forward. */
  private cursor = 0;
  private cursorLine = 1;
  private cursorColumn = 1;
  /** How far containerEnd scanned a container the text so far does not close. */
  private scan: { start: number; next: number; depth: number } | undefined;

  protected constructor(protected readonly file: string) {}

  /** How many characters of the file it holds: the entry being read and what is left of the last piece. */
  get buffered(): number {
    return this.buf.length - this.i;
  }

  /** Drops what has been read, keeping the place of what remains. */
  protected rebase(): void {
    if (this.i === 0) return;
    this.advanceCursor(this.i);
    this.buf = this.buf.slice(this.i);
    this.cursor -= this.i;
    if (this.scan) this.scan = { ...this.scan, start: this.scan.start - this.i, next: this.scan.next - this.i };
    this.i = 0;
  }

  private advanceCursor(to: number): void {
    const s = this.buf;
    let line = this.cursorLine;
    let lineStart = -1;
    for (let k = s.indexOf('\n', this.cursor); k >= 0 && k < to; k = s.indexOf('\n', k + 1)) {
      line++;
      lineStart = k + 1;
    }
    this.cursorColumn = lineStart < 0 ? this.cursorColumn + (to - this.cursor) : to - lineStart + 1;
    this.cursorLine = line;
    this.cursor = to;
  }

  protected placeAt(offset: number): JsonPlace {
    this.advanceCursor(offset);
    return { line: this.cursorLine, column: this.cursorColumn };
  }

  protected error(message: string, offset: number): InputError {
    return new InputError(message, { file: this.file, ...this.placeAt(offset) });
  }

  /** Skips blanks; false when the text so far ends first (more may come). */
  protected skipSpace(): boolean {
    const s = this.buf;
    while (this.i < s.length && SPACE(s.charCodeAt(this.i))) this.i++;
    return this.i < s.length;
  }

  /** What stands at `offset`, as looseJson says it: undefined when more text is needed to say. */
  protected describeAt(offset: number): string | undefined {
    const s = this.buf;
    if (offset >= s.length) return this.ended ? 'end of file' : undefined;
    const c = s[offset]!;
    if (c === '\n' || c === '\r') return 'end of line';
    if (!this.ended && s.length < offset + 40) return undefined;
    const word = /^[A-Za-z_][\w.+-]*/.exec(s.slice(offset, offset + 40));
    if (word) return `"${word[0]}"`;
    return `"${c}"`;
  }

  protected truncated(open: Open): InputError {
    const kind = open.kind === 'object' ? 'an object' : 'an array';
    return this.error(
      `unexpected end of file: the JSON document is truncated (${kind} opened on line ${open.place.line} is not closed)`,
      this.buf.length,
    );
  }

  /** An error about what stands at `offset`, or undefined when more text is needed to word it. */
  protected unexpected(offset: number, words: (found: string) => string): InputError | undefined {
    const found = this.describeAt(offset);
    return found === undefined ? undefined : this.error(words(found), offset);
  }

  /**
   * Where the text of the value at `start` surely ends: past its closing bracket or quote, or past a
   * bare number or literal and the few characters an error message about it quotes; the end of the
   * file when the value runs to it; undefined when more text is needed.
   */
  protected valueEnd(start: number): number | undefined {
    const s = this.buf;
    const c = s[start]!;
    if (c === '"') return this.stringEnd(start) ?? this.atEnd();
    if (c === '{' || c === '[') return this.containerEnd(start) ?? this.atEnd();
    let k = start;
    while (k < s.length && SCALAR.test(s[k]!)) k++;
    // A number's error quotes up to 8 characters past it; "expected a JSON value" up to 40 from its start.
    const need = Math.max(k + 8, start + 40);
    if (need <= s.length) return need;
    return this.atEnd();
  }

  protected atEnd(): number | undefined {
    return this.ended ? this.buf.length : undefined;
  }

  protected stringEnd(start: number): number | undefined {
    return stringEnd(this.buf, start) ?? this.atEnd();
  }

  /** Past the bracket that closes the container at `start`; a long one is scanned on from where the last call stopped. */
  protected containerEnd(start: number): number | undefined {
    const resume = this.scan !== undefined && this.scan.start === start ? this.scan : undefined;
    const found = containerEnd(this.buf, start, resume);
    this.scan = found.end === undefined ? { start, next: found.next, depth: found.depth } : undefined;
    return found.end;
  }
}
