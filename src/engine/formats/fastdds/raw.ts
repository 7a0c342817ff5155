import { InputError } from '../../errors.js';
import { resolveColumns, stripBom } from '../../csv/header.js';
import { splitQuotedLine } from '../../csv/quotedLine.js';
import type { PayloadSamples, RawMeasurements } from '../../model/rawMeasurements.js';
import { EXACT_POW10, legacyScale, parseDecimalBytes, type FloatParse } from '../../numeric/parseNumber.js';

/**
 * Fast-DDS LatencyTest raw measurement CSV (`--export_raw_data`):
 * `Sample,Payload [Bytes],Latency [us]`, one row per sample. `Sample` is ignored, as by the
 * reference; payloads keep their order of first appearance and samples their file order.
 *
 * This is the hot path (millions of rows), so it works on bytes as they are read, keeps the
 * samples in one growable Float64Array per payload and never builds an object per row.
 */
export const RAW_HEADER = 'Sample,Payload [Bytes],Latency [us]';
const PAYLOAD = 'Payload [Bytes]';
const LATENCY = 'Latency [us]';
export const RAW_REQUIRED_COLUMNS = [PAYLOAD, LATENCY] as const;
export const RAW_COLUMNS = ['Sample', PAYLOAD, LATENCY] as const;

export function looksLikeRawMeasurements(headerLine: string): boolean {
  const names = stripBom(headerLine)
    .split(',')
    .map((s) => s.trim());
  return names.includes(PAYLOAD) && names.includes(LATENCY);
}

class GrowableSamples {
  values = new Float64Array(1024);
  length = 0;
  constructor(readonly payloadBytes: number) {}
  push(v: number): void {
    if (this.length === this.values.length) this.grow();
    this.values[this.length++] = v;
  }
  grow(): void {
    const bigger = new Float64Array(this.values.length * 2);
    bigger.set(this.values);
    this.values = bigger;
  }
}

const NEWLINE = 10;
/** The longest line a raw file may have: a real row is under 100 bytes. */
export const MAX_RAW_LINE_BYTES = 1 << 20;
const QUOTE = 34;
const CR = 13;
const COMMA = 44;
const SPACE = 32;
const TAB = 9;
const DOT = 46;

export class RawMeasurementReader {
  private lineNumber = 0;
  private headerSeen = false;
  private payloadField = -1;
  private latencyField = -1;
  private fieldCount = 0;
  /** The header is `Sample,Payload [Bytes],Latency [us]` in that order: `fastLines` reads the rows. */
  private fastLayout = false;
  /**
   * The start of a line split across chunks, as the pieces it came in: joined once when its
   * newline arrives (copying it on every chunk made a 128 MiB line take 16 s).
   */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private readonly groups = new Map<number, GrowableSamples>();
  private readonly order: GrowableSamples[] = [];
  private last: GrowableSamples | undefined;
  private rows = 0;

  constructor(
    readonly file: string,
    private readonly floatParse: FloatParse,
  ) {}

  /** Feeds the next bytes of the file. Lines may be split across chunks. */
  push(chunk: Uint8Array): void {
    let start = 0;
    if (this.pendingBytes > 0) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) {
        this.keepPending(chunk);
        return;
      }
      this.keepPending(chunk.subarray(0, nl));
      const line = this.takePending();
      this.line(line, 0, line.length);
      start = nl + 1;
    }
    const last = chunk.lastIndexOf(NEWLINE);
    while (start <= last) {
      if (this.fastLayout) {
        start = this.fastLines(chunk, start, last + 1);
      } else {
        const nl = chunk.indexOf(NEWLINE, start);
        this.line(chunk, start, nl);
        start = nl + 1;
      }
    }
    if (start < chunk.length) this.keepPending(chunk.slice(start));
  }

  private keepPending(piece: Uint8Array): void {
    this.pendingBytes += piece.length;
    if (this.pendingBytes > MAX_RAW_LINE_BYTES) throw this.tooLong(this.lineNumber + 1);
    if (piece.length > 0) this.pending.push(piece);
  }

  private takePending(): Uint8Array {
    const line = this.pending.length === 1 ? this.pending[0]! : new Uint8Array(this.pendingBytes);
    if (this.pending.length > 1) {
      let at = 0;
      for (const piece of this.pending) {
        line.set(piece, at);
        at += piece.length;
      }
    }
    this.pending = [];
    this.pendingBytes = 0;
    return line;
  }

  private tooLong(line: number): InputError {
    return new InputError(
      `line ${line} is longer than ${MAX_RAW_LINE_BYTES / (1 << 20)} MiB, the limit for a line of raw measurements (a row is under 100 bytes)`,
      {
        file: this.file,
        line,
        column: 1,
      },
    );
  }

  /**
   * The hot loop, for the usual layout `Sample,Payload,Latency`: reads the complete lines of
   * bytes[start, stop) (stop - 1 is a newline) straight from the bytes. A line it is not sure of
   * (quotes, spaces, signs, exponents, more than 15 digits, blank, wrong field count …) goes to
   * `line`, which reads it in full and reports any error, so results and errors are the same.
   * Latencies with at most 15 digits are exact integers over an exact power of ten: one division
   * is the correctly rounded value (precise), and `legacyScale` is what the legacy parser does.
   */
  private fastLines(b: Uint8Array, start: number, stop: number): number {
    const legacy = this.floatParse === 'legacy';
    let p = start;
    let group = this.last;
    while (p < stop) {
      const lineStart = p;
      let c = b[p]!;
      // Sample: ignored, any bytes up to the first comma.
      while (c !== COMMA) {
        if (c === NEWLINE || c === QUOTE) break;
        c = b[++p]!;
      }
      slow: {
        if (c !== COMMA) break slow;
        // Payload: a whole number.
        let payload = 0;
        let digits = 0;
        let d = b[++p]! - 48;
        while (d >= 0 && d <= 9) {
          payload = payload * 10 + d;
          digits++;
          d = b[++p]! - 48;
        }
        if (digits === 0 || digits > 15 || b[p] !== COMMA) break slow;
        // Latency: digits[.digits].
        let mantissa = 0;
        digits = 0;
        d = b[++p]! - 48;
        while (d >= 0 && d <= 9) {
          mantissa = mantissa * 10 + d;
          digits++;
          d = b[++p]! - 48;
        }
        let fraction = 0;
        if (b[p] === DOT) {
          d = b[++p]! - 48;
          while (d >= 0 && d <= 9) {
            mantissa = mantissa * 10 + d;
            fraction++;
            d = b[++p]! - 48;
          }
        }
        digits += fraction;
        if (digits === 0 || digits > 15) break slow;
        c = b[p]!;
        if (c === CR) c = b[++p]!;
        if (c !== NEWLINE) break slow;
        p++;
        if (p - lineStart > MAX_RAW_LINE_BYTES) throw this.tooLong(this.lineNumber + 1);
        const latency =
          fraction === 0 ? mantissa : legacy ? legacyScale(mantissa, -fraction) : mantissa / EXACT_POW10[fraction]!;
        this.lineNumber++;
        if (group === undefined || group.payloadBytes !== payload) group = this.groupOf(payload);
        if (group.length === group.values.length) group.grow();
        group.values[group.length++] = latency;
        this.rows++;
        continue;
      }
      const nl = b.indexOf(NEWLINE, lineStart);
      this.line(b, lineStart, nl);
      group = this.last;
      p = nl + 1;
    }
    return p;
  }

  private groupOf(payload: number): GrowableSamples {
    let group = this.groups.get(payload);
    if (group === undefined) {
      group = new GrowableSamples(payload);
      this.groups.set(payload, group);
      this.order.push(group);
    }
    this.last = group;
    return group;
  }

  /** Ends the file and returns the samples grouped by payload. */
  finish(): RawMeasurements {
    if (this.pendingBytes > 0) {
      const rest = this.takePending();
      this.line(rest, 0, rest.length);
    }
    if (!this.headerSeen)
      throw new InputError(`the file is empty; expected the header "${RAW_HEADER}"`, { file: this.file, line: 1 });
    if (this.rows === 0) {
      throw new InputError('the file has a header but no measurements', { file: this.file, line: this.lineNumber + 1 });
    }
    const groups: PayloadSamples[] = this.order.map((g) => ({
      payloadBytes: g.payloadBytes,
      latencies: g.values.subarray(0, g.length),
    }));
    return { source: this.file, groups, rows: this.rows };
  }

  private line(bytes: Uint8Array, start: number, end: number): void {
    this.lineNumber++;
    if (end - start > MAX_RAW_LINE_BYTES) throw this.tooLong(this.lineNumber);
    if (end > start && bytes[end - 1] === CR) end--;
    if (end === start) return; // blank lines are skipped, as pandas does
    if (!this.headerSeen) {
      this.header(new TextDecoder().decode(bytes.subarray(start, end)));
      return;
    }
    let field = 0;
    let fieldStart = start;
    let payload = -1;
    let latency = NaN;
    for (let i = start; i <= end; i++) {
      if (i < end) {
        const b = bytes[i];
        if (b === QUOTE) {
          // Rare: start over on the slow path, nothing has been recorded for this line yet.
          this.quotedLine(new TextDecoder().decode(bytes.subarray(start, end)));
          return;
        }
        if (b !== COMMA) continue;
      }
      let a = fieldStart;
      let b = i;
      while (a < b && (bytes[a] === SPACE || bytes[a] === TAB)) a++;
      while (b > a && (bytes[b - 1] === SPACE || bytes[b - 1] === TAB)) b--;
      if (field === this.payloadField) {
        payload = parseCount(bytes, a, b);
        if (payload < 0) this.fail(bytes, start, fieldStart, end, `expected a payload size in bytes (a whole number)`);
      } else if (field === this.latencyField) {
        const value = parseDecimalBytes(bytes, a, b, this.floatParse);
        if (!isFiniteLatency(value)) this.fail(bytes, start, fieldStart, end, LATENCY_EXPECTED);
        latency = value!;
      }
      field++;
      fieldStart = i + 1;
    }
    this.checkFieldCount(field);
    this.add(payload, latency);
  }

  /** The rare line with quotes: fields may be quoted, `""` is a quote inside a quoted field. */
  private quotedLine(text: string): void {
    const fields = splitQuotedLine(
      text,
      (message, column) => new InputError(message, { file: this.file, line: this.lineNumber, column }),
    );
    this.checkFieldCount(fields.length);
    const encoder = new TextEncoder();
    const cell = (index: number) => {
      const f = fields[index]!;
      const bytes = encoder.encode(f.value.trim());
      return { bytes, column: f.column, text: f.value };
    };
    const p = cell(this.payloadField);
    const payload = parseCount(p.bytes, 0, p.bytes.length);
    if (payload < 0) this.failAt(p.column, 'expected a payload size in bytes (a whole number)', p.text);
    const l = cell(this.latencyField);
    const latency = parseDecimalBytes(l.bytes, 0, l.bytes.length, this.floatParse);
    if (!isFiniteLatency(latency)) this.failAt(l.column, LATENCY_EXPECTED, l.text);
    this.add(payload, latency!);
  }

  private checkFieldCount(found: number): void {
    if (found !== this.fieldCount) {
      throw new InputError(`expected ${this.fieldCount} fields like the header "${RAW_HEADER}", found ${found}`, {
        file: this.file,
        line: this.lineNumber,
        column: 1,
      });
    }
  }

  private add(payload: number, latency: number): void {
    let group = this.last;
    if (group === undefined || group.payloadBytes !== payload) group = this.groupOf(payload);
    group.push(latency);
    this.rows++;
  }

  private header(text: string): void {
    const line = stripBom(text);
    const fields = line.split(',');
    const columns = resolveColumns(this.file, line, fields, RAW_REQUIRED_COLUMNS, RAW_HEADER, RAW_COLUMNS);
    this.payloadField = columns[PAYLOAD];
    this.latencyField = columns[LATENCY];
    this.fieldCount = fields.length;
    this.fastLayout = this.fieldCount === 3 && this.payloadField === 1 && this.latencyField === 2;
    this.headerSeen = true;
  }

  private fail(bytes: Uint8Array, lineStart: number, fieldStart: number, lineEnd: number, expected: string): never {
    const decoder = new TextDecoder();
    const column = decoder.decode(bytes.subarray(lineStart, fieldStart)).length + 1;
    let fieldEnd = bytes.indexOf(COMMA, fieldStart);
    if (fieldEnd < 0 || fieldEnd > lineEnd) fieldEnd = lineEnd;
    this.failAt(column, expected, decoder.decode(bytes.subarray(fieldStart, fieldEnd)));
  }

  private failAt(column: number, expected: string, cell: string): never {
    const shown = cell.length > 40 ? cell.slice(0, 40) + '…' : cell;
    throw new InputError(`${expected}, found "${shown}"`, { file: this.file, line: this.lineNumber, column });
  }
}

/** Beyond it the squares in the standard deviation could overflow (1e100 µs is 10^86 years). */
const MAX_LATENCY = 1e100;
const LATENCY_EXPECTED = 'expected a latency in microseconds (a finite number below 1e100)';

/**
 * A number the summary can be computed from (`1e309` reads as Infinity). Whether the time is
 * possible (greater than 0) is the validity table's call, made on the summary.
 */
function isFiniteLatency(value: number | undefined): value is number {
  return value !== undefined && Math.abs(value) < MAX_LATENCY;
}

/** A non-negative whole number of bytes, or -1. */
function parseCount(bytes: Uint8Array, start: number, end: number): number {
  if (start === end || end - start > 15) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = bytes[i]! - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}
