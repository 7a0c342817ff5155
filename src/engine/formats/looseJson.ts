import { InputError } from '../errors.js';
import { stripBom } from '../csv/header.js';

/**
 * A small JSON reader for benchmark outputs. It accepts what strict JSON does plus the bare
 * non-finite numbers Google Benchmark writes (`NaN`, `-NaN`, `Infinity`, `-Infinity`), reports
 * syntax errors as InputError with 1-based line and column, and remembers where every object and
 * array starts and where every key is, so adapters can point at the result an error concerns.
 */
export type JsonValue = null | boolean | number | string | JsonArray | JsonObject;
export type JsonArray = JsonValue[];
export interface JsonObject {
  [key: string]: JsonValue;
}

export interface JsonPlace {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units from the start of the line. */
  column: number;
}

/** A parsed document: the value and the places of its objects, arrays and keys. */
export interface JsonDocument {
  value: JsonValue;
  /** Where an object or array (by identity) starts: its `{` or `[`. */
  placeOf(container: JsonObject | JsonArray): JsonPlace;
  /** Where a key of an object is written (its opening quote); the object's place if unknown. */
  placeOfKey(object: JsonObject, key: string): JsonPlace;
  /** Where the element `index` of an array starts; the array's place if unknown. */
  placeOfElement(array: JsonArray, index: number): JsonPlace;
}

const MAX_DEPTH = 1000;

/**
 * A parsed object: no inherited properties (a key `__proto__` or `constructor` is plain data), like
 * Object.create(null), but objects of the same keys share one shape. Object.create(null) makes each
 * one a hash table, several times the size: most of the memory of a large file.
 */
class JsonRecord {}
Object.setPrototypeOf(JsonRecord.prototype, null);
delete (JsonRecord.prototype as { constructor?: unknown }).constructor;

/** An empty object as the reader makes them (no prototype). */
export function newJsonObject(): JsonObject {
  return new JsonRecord() as JsonObject;
}

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses `text` (a BOM is skipped). Throws InputError `{ file, line, column }` on a syntax error,
 * including a truncated document.
 */
export function parseLooseJson(file: string, text: string): JsonDocument {
  const source = stripBom(text);
  const parser = new Parser(file, source);
  return parser.document();
}

/**
 * Where a piece of a larger document starts (jsonStream.ts parses a streamed file piece by piece):
 * its place in the file and how many containers are open around it.
 */
export interface JsonOrigin {
  line: number;
  column: number;
  depth: number;
  /** The innermost container open around it (`an array opened on line 7`), for a truncated file's message. */
  opened?: string;
}

/**
 * One complete value of a larger document, `text` holding it from its first character (and what
 * follows it, if anything): the value, its document of places (in the file), and where in `text`
 * it ends. Errors are those parseLooseJson gives on the whole file, at the same places.
 */
export function parseJsonPiece(
  file: string,
  text: string,
  origin: JsonOrigin,
): { document: JsonDocument; end: number } {
  const parser = new Parser(file, text, origin);
  return parser.piece();
}

class Parser {
  private i = 0;
  private depth = 0;
  private lineStartsOf: number[] | undefined;
  private readonly containerPlaces = new WeakMap<object, number>();
  private readonly elementPlaces = new WeakMap<object, number[]>();
  /** Offsets of the containers currently open, to say which one a truncated file leaves open. */
  private readonly open: number[] = [];

  constructor(
    private readonly file: string,
    private readonly s: string,
    private readonly origin: JsonOrigin = { line: 1, column: 1, depth: 0 },
  ) {
    this.depth = origin.depth;
  }

  /** Where each line of the text starts, counted when a place is first asked. */
  private get lineStarts(): number[] {
    if (this.lineStartsOf === undefined) {
      const starts = [0];
      const s = this.s;
      for (let k = s.indexOf('\n'); k >= 0; k = s.indexOf('\n', k + 1)) starts.push(k + 1);
      this.lineStartsOf = starts;
    }
    return this.lineStartsOf;
  }

  /** One value from the start of the text, which may go on after it. */
  piece(): { document: JsonDocument; end: number } {
    const value = this.value();
    return { document: this.documentOf(value), end: this.i };
  }

  document(): JsonDocument {
    this.skipSpace();
    if (this.i >= this.s.length) throw this.error('the file is empty; expected a JSON document', this.i);
    const value = this.value();
    this.skipSpace();
    if (this.i < this.s.length)
      throw this.error(`unexpected ${this.describeAt(this.i)} after the end of the JSON document`, this.i);
    return this.documentOf(value);
  }

  private documentOf(value: JsonValue): JsonDocument {
    const place = (offset: number): JsonPlace => this.place(offset);
    const containers = this.containerPlaces;
    const elements = this.elementPlaces;
    const source = this.s;
    return {
      value,
      placeOf: (container) => place(containers.get(container) ?? 0),
      // Found again in the text when asked (for an error): a map of key places per object took
      // more memory than the objects themselves in a large file.
      placeOfKey: (object, key) => {
        const start = containers.get(object);
        return place(start === undefined ? 0 : (keyOffset(source, start, key) ?? start));
      },
      placeOfElement: (array, index) => place(elements.get(array)?.[index] ?? containers.get(array) ?? 0),
    };
  }

  private place(offset: number): JsonPlace {
    const lineStarts = this.lineStarts;
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const { line, column } = this.origin;
    return { line: line + lo, column: lo === 0 ? column + offset : offset - lineStarts[lo]! + 1 };
  }

  private error(message: string, offset: number): InputError {
    return new InputError(message, { file: this.file, ...this.place(offset) });
  }

  private describeAt(offset: number): string {
    if (offset >= this.s.length) return 'end of file';
    const c = this.s[offset]!;
    if (c === '\n' || c === '\r') return 'end of line';
    const word = /^[A-Za-z_][\w.+-]*/.exec(this.s.slice(offset, offset + 40));
    if (word) return `"${word[0]}"`;
    return `"${c}"`;
  }

  private truncated(): InputError {
    const innermost = this.open[this.open.length - 1];
    let message = 'unexpected end of file: the JSON document is truncated';
    if (innermost !== undefined) {
      const kind = this.s[innermost] === '{' ? 'an object' : 'an array';
      message += ` (${kind} opened on line ${this.place(innermost).line} is not closed)`;
    } else if (this.origin.opened !== undefined) {
      message += ` (${this.origin.opened} is not closed)`;
    }
    return this.error(message, this.s.length);
  }

  private skipSpace(): void {
    const s = this.s;
    while (this.i < s.length) {
      const c = s.charCodeAt(this.i);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.i++;
      else break;
    }
  }

  private value(): JsonValue {
    this.skipSpace();
    const s = this.s;
    if (this.i >= s.length) throw this.truncated();
    const c = s[this.i]!;
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (s.startsWith('true', this.i)) return this.literal('true', true);
    if (s.startsWith('false', this.i)) return this.literal('false', false);
    if (s.startsWith('null', this.i)) return this.literal('null', null);
    if (s.startsWith('NaN', this.i)) return this.literal('NaN', NaN);
    if (s.startsWith('Infinity', this.i)) return this.literal('Infinity', Infinity);
    throw this.error(`expected a JSON value, found ${this.describeAt(this.i)}`, this.i);
  }

  private literal<T extends JsonValue>(word: string, value: T): T {
    const end = this.i + word.length;
    if (end < this.s.length && /[\w]/.test(this.s[end]!))
      throw this.error(`expected a JSON value, found ${this.describeAt(this.i)}`, this.i);
    this.i = end;
    return value;
  }

  private enter(offset: number): void {
    if (++this.depth > MAX_DEPTH) throw this.error(`the JSON is nested more than ${MAX_DEPTH} levels deep`, offset);
    this.open.push(offset);
  }

  private leave(): void {
    this.depth--;
    this.open.pop();
  }

  private object(): JsonObject {
    const start = this.i;
    this.enter(start);
    this.i++; // {
    const object = new JsonRecord() as JsonObject;
    this.containerPlaces.set(object, start);
    this.skipSpace();
    if (this.s[this.i] === '}') {
      this.i++;
      this.leave();
      return object;
    }
    for (;;) {
      this.skipSpace();
      if (this.i >= this.s.length) throw this.truncated();
      if (this.s[this.i] !== '"') {
        throw this.error(`expected a quoted key, found ${this.describeAt(this.i)}`, this.i);
      }
      const key = this.string();
      this.skipSpace();
      if (this.i >= this.s.length) throw this.truncated();
      if (this.s[this.i] !== ':')
        throw this.error(`expected ":" after the key "${key}", found ${this.describeAt(this.i)}`, this.i);
      this.i++;
      const value = this.value();
      object[key] = value;
      this.skipSpace();
      if (this.i >= this.s.length) throw this.truncated();
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === '}') {
        this.i++;
        this.leave();
        return object;
      }
      throw this.error(
        `expected "," or "}" in the object opened on line ${this.place(start).line}, found ${this.describeAt(this.i)}`,
        this.i,
      );
    }
  }

  private array(): JsonArray {
    const start = this.i;
    this.enter(start);
    this.i++; // [
    const array: JsonArray = [];
    const places: number[] = [];
    this.containerPlaces.set(array, start);
    this.elementPlaces.set(array, places);
    this.skipSpace();
    if (this.s[this.i] === ']') {
      this.i++;
      this.leave();
      return array;
    }
    for (;;) {
      this.skipSpace();
      places.push(this.i);
      array.push(this.value());
      this.skipSpace();
      if (this.i >= this.s.length) throw this.truncated();
      const c = this.s[this.i];
      if (c === ',') {
        this.i++;
        continue;
      }
      if (c === ']') {
        this.i++;
        this.leave();
        return array;
      }
      throw this.error(
        `expected "," or "]" in the array opened on line ${this.place(start).line}, found ${this.describeAt(this.i)}`,
        this.i,
      );
    }
  }

  private string(): string {
    const s = this.s;
    const start = this.i;
    this.i++; // "
    let out = '';
    let chunkStart = this.i;
    for (;;) {
      if (this.i >= s.length) throw this.error('a string is not closed (it starts here)', start);
      const c = s.charCodeAt(this.i);
      if (c === 34 /* " */) {
        out += s.slice(chunkStart, this.i);
        this.i++;
        return out;
      }
      if (c < 0x20) {
        if (c === 10) throw this.error('a string is not closed before the end of the line (it starts here)', start);
        throw this.error('a control character inside a string', this.i);
      }
      if (c === 92 /* \ */) {
        out += s.slice(chunkStart, this.i);
        const e = s[this.i + 1];
        if (e === undefined) throw this.truncated();
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        const mapped = simple[e];
        if (mapped !== undefined) {
          out += mapped;
          this.i += 2;
        } else if (e === 'u') {
          const hex = s.slice(this.i + 2, this.i + 6);
          if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw this.error('a \\u escape needs four hexadecimal digits', this.i);
          out += String.fromCharCode(parseInt(hex, 16));
          this.i += 6;
        } else {
          throw this.error(`an invalid escape "\\${e}" in a string`, this.i);
        }
        chunkStart = this.i;
        continue;
      }
      this.i++;
    }
  }

  private number(): number {
    const s = this.s;
    const start = this.i;
    if (s[this.i] === '-') {
      this.i++;
      if (s.startsWith('NaN', this.i)) return this.literal('NaN', NaN);
      if (s.startsWith('Infinity', this.i)) return -this.literal('Infinity', Infinity);
    }
    const re = /(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
    re.lastIndex = this.i;
    const m = re.exec(s);
    if (!m) throw this.error(`expected a number, found ${this.describeAt(start)}`, start);
    this.i += m[0].length;
    const next = s[this.i];
    if (next !== undefined && /[\w.+-]/.test(next)) {
      if (this.i >= s.length) throw this.truncated();
      throw this.error(
        `a malformed number "${s.slice(start, Math.min(s.length, this.i + 8)).split(/[\s,\]}]/)[0]}"`,
        start,
      );
    }
    return Number(s.slice(start, this.i));
  }
}

/**
 * Where `key` is written in the object whose `{` is at `start` of a text that parsed: the offset of
 * its opening quote, the last one when the key is repeated (the value the object holds).
 */
function keyOffset(s: string, start: number, key: string): number | undefined {
  let found: number | undefined;
  let depth = 0;
  for (let i = start + 1; i < s.length;) {
    const c = s.charCodeAt(i);
    if (c === 34 /* " */) {
      let end = i + 1;
      while (end < s.length && s.charCodeAt(end) !== 34) end += s.charCodeAt(end) === 92 /* \ */ ? 2 : 1;
      end++;
      if (depth === 0) {
        let next = end;
        while (next < s.length && /\s/.test(s[next]!)) next++;
        if (s[next] === ':' && decodedString(s.slice(i, end)) === key) found = i;
      }
      i = end;
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) depth++;
    else if (c === 125 /* } */ || c === 93 /* ] */) {
      if (depth === 0) break;
      depth--;
    }
    i++;
  }
  return found;
}

function decodedString(literal: string): string | undefined {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
}
