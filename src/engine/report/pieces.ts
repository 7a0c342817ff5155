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
 * on (two spaces a level). As JSON.stringify does, a member whose value is undefined (or a function) is left out, and such an element is
 * written as null.
 */
export function* jsonPieces(value: unknown, indent = ''): Generator<string> {
  if (value instanceof JsonArrayInPieces) {
    if (value.length === 0) {
      yield '[]';
      return;
    }
    const inner = `${indent}  `;
    // Plain elements are written a few dozen at a time by one JSON.stringify, nested as deep as they stand so that
    // it indents them itself; a pieced element is written in its own pieces.
    let started = false;
    const opening = () => {
      const text = started ? `,\n${inner}` : `[\n${inner}`;
      started = true;
      return text;
    };
    let batch: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const element = value.at(i);
      if (element instanceof JsonArrayInPieces || element instanceof JsonObjectInPieces) {
        if (batch.length > 0) yield opening() + elementsAt(batch, inner);
        batch = [];
        yield opening();
        yield* jsonPieces(element, inner);
      } else if (batch.push(element) === ELEMENTS_AT_ONCE) {
        yield opening() + elementsAt(batch, inner);
        batch = [];
      }
    }
    if (batch.length > 0) yield opening() + elementsAt(batch, inner);
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

/** Plain elements of a pieced array written by one JSON.stringify: a few dozen rows, some tens of KB. */
const ELEMENTS_AT_ONCE = 64;

/**
 * `elements` as JSON.stringify(…, null, 2) writes them inside an array at the depth of `inner` (its indentation):
 * separated by `,\n` and `inner`, without the first one's indentation. Wrapped in as many arrays as stand above them,
 * so that JSON.stringify indents every line itself; an element that is undefined or a function is null, as there.
 */
function elementsAt(elements: unknown[], inner: string): string {
  const depth = inner.length / 2;
  let wrapped: unknown = elements;
  for (let d = 1; d < depth; d++) wrapped = [wrapped];
  const text = JSON.stringify(wrapped, null, 2);
  // `[\n  [\n … [\n` then the first element's indentation; at the end `\n … ]\n  ]\n]`.
  // Each array above them opens with `[` and a line feed at its depth's indentation, and closes alike.
  let brackets = 0;
  for (let d = 0; d < depth; d++) brackets += 2 * d + 2;
  return text.slice(brackets + inner.length, text.length - brackets);
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
