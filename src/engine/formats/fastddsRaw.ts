import { InputError } from '../errors.js';
import { resolveColumns, stripBom } from '../csv/header.js';
import { experimentTypeOfRawFile } from '../model/experimentType.js';
import type { PayloadSamples, RawMeasurements } from '../model/rawMeasurements.js';
import { parseDecimalBytes, type FloatParse } from '../numeric/parseNumber.js';

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

export function looksLikeRawMeasurements(headerLine: string): boolean {
  const names = stripBom(headerLine).split(',').map((s) => s.trim());
  return names.includes(PAYLOAD) && names.includes(LATENCY);
}

class GrowableSamples {
  values = new Float64Array(1024);
  length = 0;
  constructor(readonly payloadBytes: number) {}
  push(v: number): void {
    if (this.length === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.length++] = v;
  }
}

const NEWLINE = 10;
const CR = 13;
const COMMA = 44;
const SPACE = 32;
const TAB = 9;

export class RawMeasurementReader {
  private lineNumber = 0;
  private headerSeen = false;
  private payloadField = -1;
  private latencyField = -1;
  private fieldCount = 0;
  private pending: Uint8Array | undefined;
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
    if (this.pending) {
      const nl = chunk.indexOf(NEWLINE);
      if (nl < 0) {
        this.pending = concat(this.pending, chunk);
        return;
      }
      const line = concat(this.pending, chunk.subarray(0, nl));
      this.pending = undefined;
      this.line(line, 0, line.length);
      start = nl + 1;
    }
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, start);
      if (nl < 0) break;
      this.line(chunk, start, nl);
      start = nl + 1;
    }
    if (start < chunk.length) this.pending = chunk.slice(start);
  }

  /** Ends the file and returns the samples grouped by payload. */
  finish(): RawMeasurements {
    if (this.pending) {
      const rest = this.pending;
      this.pending = undefined;
      this.line(rest, 0, rest.length);
    }
    if (!this.headerSeen) throw new InputError(`the file is empty; expected the header "${RAW_HEADER}"`, { file: this.file, line: 1 });
    if (this.rows === 0) {
      throw new InputError('the file has a header but no measurements', { file: this.file, line: this.lineNumber + 1 });
    }
    const groups: PayloadSamples[] = this.order.map((g) => ({ payloadBytes: g.payloadBytes, latencies: g.values.subarray(0, g.length) }));
    return { source: this.file, experimentType: experimentTypeOfRawFile(this.file), groups, rows: this.rows };
  }

  private line(bytes: Uint8Array, start: number, end: number): void {
    this.lineNumber++;
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
      if (i < end && bytes[i] !== COMMA) continue;
      let a = fieldStart;
      let b = i;
      while (a < b && (bytes[a] === SPACE || bytes[a] === TAB)) a++;
      while (b > a && (bytes[b - 1] === SPACE || bytes[b - 1] === TAB)) b--;
      if (field === this.payloadField) {
        payload = parseCount(bytes, a, b);
        if (payload < 0) this.fail(bytes, start, fieldStart, end, `expected a payload size in bytes (a whole number)`);
      } else if (field === this.latencyField) {
        const value = parseDecimalBytes(bytes, a, b, this.floatParse);
        if (value === undefined || Number.isNaN(value)) this.fail(bytes, start, fieldStart, end, 'expected a latency in microseconds');
        latency = value!;
      }
      field++;
      fieldStart = i + 1;
    }
    if (field !== this.fieldCount) {
      throw new InputError(`expected ${this.fieldCount} fields like the header "${RAW_HEADER}", found ${field}`, {
        file: this.file,
        line: this.lineNumber,
        column: 1,
      });
    }
    let group = this.last;
    if (group === undefined || group.payloadBytes !== payload) {
      group = this.groups.get(payload);
      if (group === undefined) {
        group = new GrowableSamples(payload);
        this.groups.set(payload, group);
        this.order.push(group);
      }
      this.last = group;
    }
    group.push(latency);
    this.rows++;
  }

  private header(text: string): void {
    const line = stripBom(text);
    const fields = line.split(',');
    const columns = resolveColumns(this.file, line, fields, [PAYLOAD, LATENCY], RAW_HEADER);
    this.payloadField = columns[PAYLOAD];
    this.latencyField = columns[LATENCY];
    this.fieldCount = fields.length;
    this.headerSeen = true;
  }

  private fail(bytes: Uint8Array, lineStart: number, fieldStart: number, lineEnd: number, expected: string): never {
    const decoder = new TextDecoder();
    const column = decoder.decode(bytes.subarray(lineStart, fieldStart)).length + 1;
    let fieldEnd = bytes.indexOf(COMMA, fieldStart);
    if (fieldEnd < 0 || fieldEnd > lineEnd) fieldEnd = lineEnd;
    const cell = decoder.decode(bytes.subarray(fieldStart, Math.min(fieldEnd, fieldStart + 40)));
    throw new InputError(`${expected}, found "${cell}"`, { file: this.file, line: this.lineNumber, column });
  }
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

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
