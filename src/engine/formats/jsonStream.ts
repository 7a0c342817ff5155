import {
  newJsonObject,
  parseJsonPiece,
  parseLooseJson,
  type JsonArray,
  type JsonDocument,
  type JsonObject,
  type JsonPlace,
  type JsonValue,
} from './looseJson.js';
import { documentAround, type Open, type State } from './jsonScan.js';
import { JsonPieces } from './jsonPieces.js';
import { ownCopy } from '../text/ownCopy.js';

/**
 * A JSON file read in pieces, for the formats whose files grow with the suite (issue 38): one
 * container of the document (the root's `"benchmarks"` array, or the root itself) is streamed, each
 * of its elements parsed on its own by the loose JSON reader (looseJson.ts) and handed to the
 * adapter, then dropped; the rest of the document is kept. Memory is the element being read and the
 * rest, not the file. What it accepts, and every error and its place, are those of parseLooseJson on
 * the whole text; the one difference is order: an element's own error is found before a syntax
 * error later in the file.
 *
 * Measured against the maintained streaming parsers on a 54 MB Google Benchmark file (10,000 ×
 * 10 repetitions, load 13): this reader 1.3 s, @streamparser/json 0.0.26 2.0 s, stream-json 3.8.0
 * 4.4 s. Neither library reads the bare `NaN` and `Infinity` Google Benchmark writes, and both give
 * byte offsets, not the line and column in characters this project's errors name.
 */

/** What a streamed container is handed: each element with its own document of places. */
export interface JsonStreamTarget {
  /** The key of the root object whose array (or object) is streamed; undefined for the root itself. */
  key?: string;
  /** Whether the streamed container is an object, its members streamed (BMF); else an array. */
  objects?: boolean;
  /** The streamed container opens (again, for a repeated key: what the earlier one gave is dropped). */
  begin(container: JsonPlace): void;
  /** One element: the value, its document, its place; for an object's member, its key and the key's place. */
  element(value: JsonValue, doc: JsonDocument, place: JsonPlace, key?: string, keyPlace?: JsonPlace): void;
}

/** The document around the streamed container, once the file has ended. */
export interface StreamedJson {
  /** The root, with the streamed container empty (`[]` or `{}`); its elements went to the target. */
  doc: JsonDocument;
  /** The streamed container as it stands in the root (empty), undefined when the file had none. */
  streamed: JsonArray | JsonObject | undefined;
  /** The elements the target was given for the container the root holds. */
  count: number;
}

/**
 * Reads a JSON document text piece by piece: `push` each piece of text in order, then `finish`.
 * A document whose root is not what the target streams (not an object holding the key, or not an
 * array or object for a root stream) is kept whole and parsed at the end as parseLooseJson does.
 * This class reads the document's grammar; the text as it arrives, its places and where a value's
 * text ends are JsonPieces' (jsonPieces.ts).
 */
export class JsonStreamReader extends JsonPieces {
  private first = true;
  private state: State = 'start';
  private root: JsonObject | undefined;
  private rootOpen: Open | undefined;
  private streamOpen: Open | undefined;
  private streamContainer: JsonArray | JsonObject | undefined;
  private count = 0;
  private key = '';
  private keyPlace: JsonPlace = { line: 1, column: 1 };
  /** The documents of the root's members, and the places of the root's keys, for the root's document. */
  private readonly memberDocs: JsonDocument[] = [];
  private readonly keyPlaces = new Map<string, JsonPlace>();
  private readonly containerPlaces = new Map<object, JsonPlace>();

  constructor(
    file: string,
    private readonly target: JsonStreamTarget,
  ) {
    super(file);
  }

  push(text: string): void {
    if (this.first) {
      this.first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text === '') return;
    if (this.state !== 'whole') this.rebase();
    this.buf = this.buf === '' ? text : this.buf + text;
    this.run();
  }

  finish(): StreamedJson {
    this.ended = true;
    if (this.state !== 'whole') this.rebase();
    this.run();
    if (this.state === 'whole') {
      const doc = parseLooseJson(this.file, this.buf);
      return { doc, streamed: undefined, count: 0 };
    }
    return { doc: this.rootDocument(), streamed: this.streamContainer, count: this.count };
  }

  /** The innermost container open at the root level. */
  private innermost(): Open {
    return (this.streamOpen ?? this.rootOpen)!;
  }

  /** Reads as far as the text goes. */
  private run(): void {
    for (;;) {
      if (!this.step()) return;
    }
  }

  /** One step of the state machine; false when it needs more text. */
  private step(): boolean {
    const s = this.buf;
    switch (this.state) {
      case 'whole':
        this.i = 0;
        return false;
      case 'start': {
        if (!this.skipSpace()) {
          if (this.ended) throw this.error('the file is empty; expected a JSON document', this.i);
          this.i = 0; // the blanks stay: a document read whole is read from its first line
          return false;
        }
        const c = s[this.i];
        const rootStream = this.target.key === undefined;
        if (c === '{' && (!rootStream || this.target.objects === true)) {
          this.rootOpen = this.openAt(this.i, 'object');
          this.root = this.record();
          this.containerPlaces.set(this.root, this.rootOpen.place);
          this.i++;
          if (rootStream) return this.openStream(this.rootOpen, this.root);
          this.state = 'root-first';
          return true;
        }
        if (c === '[' && rootStream && this.target.objects !== true) {
          const open = this.openAt(this.i, 'array');
          this.i++;
          return this.openStream(open, []);
        }
        // Not the shape streamed: the document is read whole at the end, as before.
        this.state = 'whole';
        return false;
      }
      case 'root-key':
      case 'stream-key': {
        if (!this.skipSpace()) {
          if (this.ended) throw this.truncated(this.innermost());
          return false;
        }
        if (s[this.i] !== '"') {
          const error = this.unexpected(this.i, (found) => `expected a quoted key, found ${found}`);
          if (!error) return false;
          throw error;
        }
        const end = this.stringEnd(this.i);
        if (end === undefined) return false;
        const start = this.i;
        const { document } = this.piece(start, end, 1);
        this.key = document.value as string;
        this.keyPlace = this.placeAt(start);
        this.i = end;
        this.state = this.state === 'root-key' ? 'root-colon' : 'stream-colon';
        return true;
      }
      case 'root-colon':
      case 'stream-colon': {
        if (!this.skipSpace()) {
          if (this.ended) throw this.truncated(this.innermost());
          return false;
        }
        if (s[this.i] !== ':') {
          const error = this.unexpected(this.i, (found) => `expected ":" after the key "${this.key}", found ${found}`);
          if (!error) return false;
          throw error;
        }
        this.i++;
        this.state = this.state === 'root-colon' ? 'root-value' : 'stream-value';
        return true;
      }
      case 'root-value': {
        if (!this.skipSpace()) {
          if (this.ended) throw this.truncated(this.rootOpen!);
          return false;
        }
        const c = s[this.i];
        this.keyPlaces.set(this.key, this.keyPlace);
        if (this.key === this.target.key && c === (this.target.objects === true ? '{' : '[')) {
          const open = this.openAt(this.i, c === '[' ? 'array' : 'object');
          const container = c === '[' ? [] : this.record();
          this.root![this.key] = container;
          this.i++;
          return this.openStream(open, container);
        }
        const end = this.valueEnd(this.i);
        if (end === undefined) return false;
        const { document, end: valueEnd } = this.piece(this.i, end, 1);
        this.memberDocs.push(document);
        if (this.key === this.target.key) this.streamContainer = undefined;
        this.root![this.key] = document.value;
        this.i += valueEnd;
        this.state = 'root-after';
        return true;
      }
      case 'root-first':
        return this.closeIfEmpty('}', 'root-end');
      case 'root-after':
        return this.after(this.rootOpen!, 'root-key', 'root-end');
      case 'stream-first':
        return this.closeIfEmpty(this.streamOpen!.kind === 'array' ? ']' : '}', 'stream-end');
      case 'stream-value': {
        if (!this.skipSpace()) {
          if (this.ended) throw this.truncated(this.streamOpen!);
          return false;
        }
        const start = this.i;
        const end = this.valueEnd(start);
        if (end === undefined) return false;
        const { document, end: valueEnd } = this.piece(start, end, this.rootOpen && this.target.key ? 2 : 1);
        const place = this.placeAt(start);
        this.i = start + valueEnd;
        this.state = 'stream-after';
        this.count++;
        if (this.streamOpen!.kind === 'object')
          this.target.element(document.value, document, place, this.key, this.keyPlace);
        else this.target.element(document.value, document, place);
        return true;
      }
      case 'stream-after':
        return this.after(
          this.streamOpen!,
          this.streamOpen!.kind === 'array' ? 'stream-value' : 'stream-key',
          'stream-end',
        );
      case 'end': {
        if (!this.skipSpace()) return false;
        const error = this.unexpected(this.i, (found) => `unexpected ${found} after the end of the JSON document`);
        if (!error) return false;
        throw error;
      }
    }
  }

  private openAt(offset: number, kind: 'object' | 'array'): Open {
    return { kind, offset, place: this.placeAt(offset) };
  }

  private record(): JsonObject {
    return newJsonObject();
  }

  private openStream(open: Open, container: JsonArray | JsonObject): boolean {
    this.streamOpen = open;
    this.streamContainer = container;
    this.containerPlaces.set(container, open.place);
    this.count = 0;
    this.target.begin(open.place);
    this.state = 'stream-first';
    return true;
  }

  /** After an opening bracket: the empty container's closing bracket, or its first element. */
  private closeIfEmpty(close: '}' | ']', closed: 'root-end' | 'stream-end'): boolean {
    if (!this.skipSpace()) {
      if (this.ended) throw this.truncated(closed === 'root-end' ? this.rootOpen! : this.streamOpen!);
      return false;
    }
    if (this.buf[this.i] === close) {
      this.i++;
      this.close(closed);
      return true;
    }
    if (closed === 'root-end') this.state = 'root-key';
    else this.state = this.streamOpen!.kind === 'array' ? 'stream-value' : 'stream-key';
    return true;
  }

  /** After a member or element: `,` and the next, or the closing bracket. */
  private after(open: Open, next: State, closed: 'root-end' | 'stream-end'): boolean {
    if (!this.skipSpace()) {
      if (this.ended) throw this.truncated(open);
      return false;
    }
    const c = this.buf[this.i];
    if (c === ',') {
      this.i++;
      this.state = next;
      return true;
    }
    const close = open.kind === 'object' ? '}' : ']';
    if (c === close) {
      this.i++;
      this.close(closed);
      return true;
    }
    const error = this.unexpected(
      this.i,
      (found) =>
        `expected "," or "${close}" in the ${open.kind === 'object' ? 'object' : 'array'} opened on line ${open.place.line}, found ${found}`,
    );
    if (!error) return false;
    throw error;
  }

  private close(closed: 'root-end' | 'stream-end'): void {
    if (closed === 'root-end') {
      this.state = 'end';
      return;
    }
    this.streamOpen = undefined;
    this.state = this.target.key === undefined ? 'end' : 'root-after';
  }

  /**
   * Parses the value at `start`, whose text ends by `end`, with the project's parser: a fresh copy
   * of its text, so that strings kept from it hold that and not the whole piece of the file read.
   */
  private piece(start: number, end: number, depth: number) {
    const text = ownCopy(this.buf.slice(start, end));
    const open = this.innermost();
    const kind = open.kind === 'object' ? 'an object' : 'an array';
    return parseJsonPiece(this.file, text, {
      ...this.placeAt(start),
      depth,
      opened: `${kind} opened on line ${open.place.line}`,
    });
  }

  /** The root's document: the root's own places, its members' documents for what is inside them. */
  private rootDocument(): JsonDocument {
    return documentAround(
      this.root ?? (this.streamContainer as JsonValue),
      this.memberDocs,
      this.containerPlaces,
      this.keyPlaces,
    );
  }
}
