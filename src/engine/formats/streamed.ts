/**
 * What the formats read piece by piece share (issue 38): the bytes decoded as the whole-file read
 * decodes them, lines split as `text.split('\n')` splits them, and the per-file limits checked as
 * the model grows, so a file over a limit is refused at the entry that crosses it, not after it
 * has been read whole.
 */
import { InputError } from '../errors.js';
import type { ResultSet } from '../model/measurement.js';
import type { AdapterInput, ParseOptions, StreamingReader } from './adapter.js';
import type { StreamedJson } from './jsonStream.js';
import type { JsonArray, JsonObject, JsonPlace, JsonValue } from './looseJson.js';

/** A reader fed the file's text in pieces, in order (a piece may end anywhere, even inside a line). */
export interface TextReader {
  push(text: string): void;
  finish(): ResultSet;
}

/**
 * `parse` and `stream` of a format read piece by piece: `parse` is the same reader given the whole
 * text as one piece, so both read alike.
 */
export function streamedFormat(reader: (file: string, options: ParseOptions) => TextReader): {
  parse(input: AdapterInput, options: ParseOptions): ResultSet;
  stream(file: string, options: ParseOptions): StreamingReader;
} {
  return {
    parse({ file, text }, options) {
      const read = reader(file, options);
      read.push(text);
      return read.finish();
    },
    stream(file, options) {
      const read = reader(file, options);
      // As a whole-file read decodes: invalid bytes become U+FFFD, a BOM is kept (adapters strip it).
      const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      return {
        push(chunk) {
          const text = decoder.decode(chunk, { stream: true });
          if (text !== '') read.push(text);
        },
        finish() {
          const text = decoder.decode();
          if (text !== '') read.push(text);
          return read.finish();
        },
      };
    },
  };
}

/**
 * Splits text pieces into lines as `text.split('\n')` does (a `\r` stays at the end of its line):
 * each whole line to `line`, with its 1-based number; the last, possibly empty, at `finish`. A line
 * is a slice of the piece it came in: what a reader keeps of it, it copies (ownCopy).
 */
export class LineSplitter {
  private rest = '';
  private lineNo = 0;

  constructor(private readonly line: (text: string, lineNo: number) => void) {}

  /** How many characters it holds: the start of a line whose end has not come. */
  get buffered(): number {
    return this.rest.length;
  }

  push(text: string): void {
    let start = 0;
    let rest = this.rest;
    for (let end = text.indexOf('\n'); end >= 0; end = text.indexOf('\n', start)) {
      const piece = text.slice(start, end);
      this.line(rest === '' ? piece : rest + piece, ++this.lineNo);
      rest = '';
      start = end + 1;
    }
    this.rest = rest + text.slice(start);
  }

  finish(): void {
    this.line(this.rest, ++this.lineNo);
    this.rest = '';
  }
}

/**
 * The limits of one file's model, counted as it grows: the measurements (ParseOptions.maxMeasurements)
 * and the experiments (maxExperiments). The error names the limit, where the file crossed it, and
 * what to do.
 */
export class ModelLimits {
  private measurements = 0;
  private readonly experiments = new Set<string>();

  constructor(
    private readonly file: string,
    private readonly options: Pick<ParseOptions, 'maxMeasurements' | 'maxExperiments'>,
  ) {}

  /** One more measurement, read at `line`. */
  measurement(line: number): void {
    const max = this.options.maxMeasurements;
    if (max !== undefined && ++this.measurements > max) throw overLimit(this.file, max, 'measurements', line);
  }

  /** An experiment, new or not, read at `line`. */
  experiment(name: string, line: number): void {
    const max = this.options.maxExperiments;
    if (max === undefined || this.experiments.has(name)) return;
    this.experiments.add(name);
    if (this.experiments.size > max) throw overLimit(this.file, max, 'experiments', line);
  }
}

/** The error of a file whose model grows past a per-file limit at `line`. */
export function overLimit(file: string, max: number, what: 'measurements' | 'experiments', line: number): InputError {
  return new InputError(
    `the file holds more than ${max} ${what} (found by line ${line}); the limit is ${max} per file: ` +
      'split the results into several files (a folder or a pattern reads them all as one set)',
    { file, line },
  );
}

/** What a format says of a streamed JSON file not of its shape, and where its entries stand in the root. */
export interface StreamedShape<Root extends JsonValue> {
  /** The error when the root is not of the format's shape, at the file's start. */
  expected: string;
  /** The container of the entries in the root; with no entry, the error `empty` names its place. */
  entries: (root: Root) => JsonArray | JsonObject;
  empty: string;
}

/**
 * Finishes a streamed JSON file and checks it has the format's shape (`is`) and at least one entry: the root, and the
 * place of its entries' container.
 */
export function finishShaped<Root extends JsonValue>(
  json: { finish(): StreamedJson },
  file: string,
  is: (root: JsonValue) => root is Root,
  shape: StreamedShape<Root>,
): { root: Root; entriesPlace: JsonPlace } {
  const { doc, streamed, count } = json.finish();
  const root = doc.value;
  if (!is(root)) throw new InputError(shape.expected, { file, line: 1, column: 1 });
  const entriesPlace = doc.placeOf(streamed ?? shape.entries(root));
  if (count === 0) throw new InputError(shape.empty, { file, ...entriesPlace });
  return { root, entriesPlace };
}
