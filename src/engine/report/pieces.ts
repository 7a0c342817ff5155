/**
 * Reports written in pieces. A report of 400,000 rows is hundreds of MB of text: its renderers yield it piece by
 * piece (a line, a row's JSON), the pipeline writes each piece as it comes, and the whole text is held only where a
 * caller asks for it as one string (`joinPieces`).
 */

/** The text of a report, piece by piece, in order: the pieces concatenated are the report. */
export type TextPieces = Iterable<string>;

/** The pieces as one string. */
export function joinPieces(pieces: TextPieces): string {
  let text = '';
  for (const piece of pieces) text += piece;
  return text;
}

/** `lines.join(separator)`, a line at a time. */
export function* joinedLines(lines: Iterable<string>, separator = '\n'): Generator<string> {
  let first = true;
  for (const line of lines) {
    yield first ? line : separator + line;
    first = false;
  }
}

/** An array whose elements are made and written one at a time (`jsonPieces`). */
export class JsonArrayInPieces {
  constructor(
    readonly length: number,
    readonly at: (index: number) => unknown,
  ) {}
}

/** An object whose members are written one at a time, so that a member may itself be written in pieces. */
export class JsonObjectInPieces {
  constructor(readonly members: Readonly<Record<string, unknown>>) {}
}

/**
 * `JSON.stringify(value, null, 2)` in pieces, byte for byte: a `JsonArrayInPieces` or `JsonObjectInPieces` is written
 * an element or a member at a time, any other value whole. `indent` is the indentation of the line the value starts
 * on. As JSON.stringify does, a member whose value is undefined (or a function) is left out, and such an element is
 * written as null.
 */
export function* jsonPieces(value: unknown, indent = ''): Generator<string> {
  if (value instanceof JsonArrayInPieces) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    const inner = `${indent}  `;
    for (let i = 0; i < value.length; i++) {
      yield i === 0 ? `[\n${inner}` : `,\n${inner}`;
      const element = value.at(i);
      if (omitted(element)) yield 'null';
      else yield* jsonPieces(element, inner);
    }
    yield `\n${indent}]`;
    return;
  }
  if (value instanceof JsonObjectInPieces) {
    const inner = `${indent}  `;
    let first = true;
    for (const [key, member] of Object.entries(value.members)) {
      if (omitted(member)) continue;
      yield `${first ? '{\n' : ',\n'}${inner}${JSON.stringify(key)}: `;
      yield* jsonPieces(member, inner);
      first = false;
    }
    yield first ? '{}' : `\n${indent}}`;
    return;
  }
  // JSON.stringify escapes a line break inside a string, so every '\n' of its text is between lines of the layout.
  const text = JSON.stringify(value, null, 2);
  yield indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
}

const omitted = (value: unknown) => value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Pieces passed on as they are, and kept while they come to at most `maxCharacters`: `text` is the whole text once
 * the pieces have been read, when it was that short, and undefined when it was longer (or the pieces were not read
 * to the end). A caller that wants a short report's text as well as its file gets both from one rendering.
 */
export class PiecesKeptWhenShort implements Iterable<string> {
  private kept: string[] | undefined = [];
  private length = 0;
  private ended = false;
  constructor(
    private readonly pieces: TextPieces,
    private readonly maxCharacters: number,
  ) {}

  *[Symbol.iterator](): Generator<string> {
    for (const piece of this.pieces) {
      if (this.kept) {
        this.length += piece.length;
        if (this.length <= this.maxCharacters) this.kept.push(piece);
        else this.kept = undefined;
      }
      yield piece;
    }
    this.ended = true;
  }

  get text(): string | undefined {
    return this.ended && this.kept ? this.kept.join('') : undefined;
  }
}
