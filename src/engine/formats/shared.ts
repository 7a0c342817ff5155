/**
 * Helpers more than one format adapter needs, in one place: how tools spell units, command
 * templates, terminal colour codes, and repetitions within one file.
 */
import {
  PAYLOAD_PARAMETER_NAMES,
  type Direction,
  type Measurement,
  type Metric,
  type Parameter,
  type StatisticName,
} from '../model/measurement.js';
import {
  isJsonObject,
  parseLooseJson,
  type JsonArray,
  type JsonDocument,
  type JsonObject,
  type JsonValue,
} from './looseJson.js';
import { describeJson, JsonFields } from './jsonFields.js';
import { InputError } from '../errors.js';
import { percentileOfSorted } from '../numeric/numpy.js';
import { BASE_UNITS, parseUnit, type Unit } from '../model/units.js';
import type { ValueOf } from '../model/validity.js';
import { fieldColumn, stripBom } from '../csv/header.js';
import type { CsvRow } from '../csv/table.js';
import { isMissingValue, parseNumber } from '../numeric/parseNumber.js';

/** ANSI CSI escape sequences (colours, cursor moves) that console outputs carry; stripped before parsing. */
export const ANSI_ESCAPE = /\x1b\[[0-9;?]*[A-Za-z]/g;

/** A cell or token quoted in a message: its first 40 characters, and an ellipsis if it had more. */
export function clip(text: string): string {
  return text.length > 40 ? text.slice(0, 40) + '…' : text;
}

/**
 * A CSV cell read as a number: undefined when it is empty or `nan` (the statistic is left out),
 * an error at the cell when it is anything else that is not a number.
 */
export function readNumberCell(file: string, row: CsvRow, index: number, column: string): number | undefined {
  const cell = row.fields[index] ?? '';
  if (isMissingValue(cell)) return undefined;
  const value = parseNumber(cell, 'precise');
  if (value === undefined) {
    throw new InputError(`expected a number in column "${column}", found "${clip(cell)}"`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, index),
    });
  }
  return value;
}

/** A console output's lines without BOM, colour codes, carriage returns and trailing blanks. */
export function consoleLines(text: string): string[] {
  return stripBom(text)
    .split('\n')
    .map((line) => line.replace(ANSI_ESCAPE, '').replace(/\r$/, '').trimEnd());
}

export interface UnitReading {
  unit: Unit;
  direction: Direction;
  /** False when the unit did not say and the direction is a guess. */
  known: boolean;
}

const RATE_SUFFIXES = new Set(['s', 'sec', 'secs', 'second', 'seconds']);
const PER_OPERATION_SUFFIXES = new Set(['iter', 'iters', 'iteration', 'op', 'ops', 'operation', 'call', 'run']);
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * `quantity / suffix` split at the last `/`, blanks around it dropped, when the suffix is one of
 * `suffixes`: what `/^(.+?)\s*\/\s*(suffix)$/` matched, scanned by hand because that regex
 * backtracks quadratically on a long run of blanks (50,000 spaces took 4.6 s).
 */
function splitPerSuffix(symbol: string, suffixes: ReadonlySet<string>): string | undefined {
  const slash = symbol.lastIndexOf('/');
  if (slash < 0 || !suffixes.has(symbol.slice(slash + 1).trimStart())) return undefined;
  // trimEnd drops exactly what \s matches; `.` never matched a line terminator.
  const quantity = symbol.slice(0, slash).trimEnd();
  return quantity === '' || LINE_TERMINATOR.test(quantity) ? undefined : quantity;
}

/**
 * Reads a unit as benchmark tools write it (`ns/iter`, `ops/sec`, `B/op`, `ms`, `MB/s`) and says
 * whether more is better. Time and size (also per operation) → lower; rates → higher; unknown
 * units → a plain count, lower-is-better, `known: false`.
 */
export function readUnit(text: string): UnitReading {
  const symbol = text.trim();
  const direct = parseUnit(symbol);
  if (direct && direct.dimension !== 'count' && direct.dimension !== 'ratio')
    return { unit: direct, direction: directionOf(direct), known: true };
  const perOperation = splitPerSuffix(symbol, PER_OPERATION_SUFFIXES);
  if (perOperation !== undefined) {
    const inner = parseUnit(perOperation);
    if (inner && (inner.dimension === 'time' || inner.dimension === 'size')) {
      return { unit: { ...inner, symbol }, direction: 'lower-is-better', known: true };
    }
    // Anything else per operation (`allocs/op`) is a cost.
    return { unit: { symbol, dimension: 'count', toBase: 1 }, direction: 'lower-is-better', known: true };
  }
  const rate = splitPerSuffix(symbol, RATE_SUFFIXES);
  if (rate !== undefined) {
    const perSecond = parseUnit(`${rate}/s`);
    if (perSecond && perSecond.dimension !== 'time')
      return { unit: { ...perSecond, symbol }, direction: 'higher-is-better', known: true };
    // Operations, iterations, messages… per second: a rate.
    return { unit: { symbol, dimension: 'rate', toBase: 1 }, direction: 'higher-is-better', known: true };
  }
  if (direct?.dimension === 'ratio') return { unit: direct, direction: 'lower-is-better', known: false };
  return { unit: { symbol, dimension: 'count', toBase: 1 }, direction: 'lower-is-better', known: false };
}

/**
 * The metric of a value printed with `symbol` (`ns/op`, `MB/s`, `cycles/iter`): named `name`
 * (default the symbol), stored in its dimension's base unit, shown in the symbol, in the unit's
 * direction. `known: false` for a unit perfgate does not know (kept as written, lower-is-better).
 */
export function metricOfUnit(symbol: string, name = symbol): { metric: Metric; unit: Unit; known: boolean } {
  const reading = readUnit(symbol);
  const metric: Metric = {
    name,
    dimension: reading.unit.dimension,
    unit: BASE_UNITS[reading.unit.dimension],
    displayUnit: symbol,
    direction: reading.direction,
  };
  return { metric, unit: reading.unit, known: reading.known };
}

function directionOf(unit: Unit): Direction {
  return unit.dimension === 'rate' || unit.dimension === 'bitrate' || unit.dimension === 'byterate'
    ? 'higher-is-better'
    : 'lower-is-better';
}

/**
 * The command with each parameter's value, where it stands as a whole word, put back as `{name}`.
 * No regular expression is built from the value (a value of 65,000 characters made one too big
 * to compile): the occurrences are found with Knuth–Morris–Pratt, in time linear in the command
 * and the value, and the leftmost ones not inside a longer word are replaced.
 */
export function templateOf(command: string, values: Record<string, string>): string {
  let template = command;
  for (const [name, text] of Object.entries(values)) {
    if (text === '') continue;
    let result = '';
    let copied = 0;
    for (const start of occurrences(template, text)) {
      const end = start + text.length;
      if (start < copied || isWordCharacter(template, start - 1) || isWordCharacter(template, end)) continue;
      result += template.slice(copied, start) + `{${name}}`;
      copied = end;
    }
    template = result + template.slice(copied);
  }
  return template;
}

/** Whether the character at `index` continues a word or number (`\w` or `.`); false outside the text. */
function isWordCharacter(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const c = text.charCodeAt(index);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 46;
}

/**
 * Every index where `needle` (not empty) starts in `haystack`, overlapping ones included, in O(|haystack| + |needle|).
 */
function occurrences(haystack: string, needle: string): number[] {
  const failure = new Int32Array(needle.length);
  for (let i = 1, k = 0; i < needle.length; i++) {
    while (k > 0 && needle.charCodeAt(i) !== needle.charCodeAt(k)) k = failure[k - 1]!;
    if (needle.charCodeAt(i) === needle.charCodeAt(k)) k++;
    failure[i] = k;
  }
  const found: number[] = [];
  for (let i = 0, k = 0; i < haystack.length; i++) {
    while (k > 0 && haystack.charCodeAt(i) !== needle.charCodeAt(k)) k = failure[k - 1]!;
    if (haystack.charCodeAt(i) === needle.charCodeAt(k)) k++;
    if (k === needle.length) {
      found.push(i - k + 1);
      k = failure[k - 1]!;
    }
  }
  return found;
}

/**
 * One benchmark's values from repeated measurements inside one process (`go test -count N`, JMH's
 * forks × iterations) as one run's measurement: the median (the primary statistic, as benchstat),
 * min, max and mean over them, with the values as its samples (and their count). They are not runs: their spread is
 * within one process, narrower than the spread between runs on CI, so a history comparison judges
 * the run as one value. Runs are files or folders pooled with `repetitions: pool`.
 */
export function iterationMeasurement(values: readonly number[]): Pick<Measurement, 'statistics' | 'samples'> {
  const sorted = Float64Array.from(values).sort();
  const statistics = {
    median: percentileOfSorted(sorted, 50),
    mean: values.reduce((a, b) => a + b, 0) / values.length,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    samples: values.length,
  };
  return { statistics, samples: Float64Array.from(values) };
}

const NUMERIC_SETTING = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * A parameter from a benchmark's named settings, in the tool's order: label `size=64,mode=copy`,
 * each setting a number where its text is one, and the payload from a size-like name.
 */
export function settingsParameter(pairs: readonly (readonly [string, string | number])[]): Parameter {
  const settings: Record<string, number | string> = {};
  const parts: string[] = [];
  let payloadBytes: number | undefined;
  for (const [key, value] of pairs) {
    const numeric = typeof value === 'number' ? value : NUMERIC_SETTING.test(value) ? Number(value) : undefined;
    settings[key] = numeric ?? value;
    parts.push(`${key}=${value}`);
    if (numeric !== undefined && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(key))
      payloadBytes ??= numeric;
  }
  if (parts.length === 0) return { label: '' };
  return { label: parts.join(','), ...(payloadBytes !== undefined ? { payloadBytes } : {}), settings };
}

/** The texts JMH (`"NaN"`, `"+INF"`, `"-INF"`) and BenchmarkDotNet (`""`) write for a number that is not finite. */
export const NOT_FINITE_TEXTS: ReadonlySet<string> = new Set(['NaN', '+INF', '-INF', '']);

/**
 * A statistic a JSON harness may leave undefined: a finite number, or absent when the field is
 * missing, null, NaN, or one of the NOT_FINITE_TEXTS. Any other value is an error at the field,
 * as is, with `kind`, a value impossible for its dimension and statistic (model/validity.ts):
 * a bare `-Infinity` or a negative time.
 */
export function optionalStatistic(
  fields: JsonFields,
  object: JsonObject,
  key: string,
  kind?: ValueOf,
): number | undefined {
  const value = object[key];
  if (value === undefined || value === null || (typeof value === 'string' && NOT_FINITE_TEXTS.has(value)))
    return undefined;
  if (typeof value !== 'number')
    throw fields.error(`expected a number for "${key}", found ${describeJson(value)}`, object, key);
  if (Number.isNaN(value)) return undefined;
  if (kind === undefined) return Number.isFinite(value) ? value : undefined;
  return fields.measured(object, key, kind);
}

/**
 * The statistics of raw samples: count, min, max, mean, median, p90, p95, p99 (linear
 * interpolation, numpy's default) and the population standard deviation.
 */
export function sampleStatistics(values: ArrayLike<number>): Partial<Record<StatisticName, number>> {
  const sorted = Float64Array.from(values).sort();
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += values[i]!;
  const mean = sum / values.length;
  let squares = 0;
  for (let i = 0; i < values.length; i++) squares += (values[i]! - mean) ** 2;
  return {
    samples: values.length,
    min: sorted[0]!,
    max: sorted[sorted.length - 1]!,
    mean,
    median: percentileOfSorted(sorted, 50),
    p90: percentileOfSorted(sorted, 90),
    p95: percentileOfSorted(sorted, 95),
    p99: percentileOfSorted(sorted, 99),
    stdev: Math.sqrt(squares / values.length),
  };
}

/**
 * Names that a file gives more than once (one benchmark name in two suites): the second is read
 * as `name (2)`, the third `name (3)`, and a note says so.
 */
export class DistinctNames {
  private readonly seen = new Map<string, number>();
  constructor(private readonly notes: string[]) {}

  /** `name`, or `name (k)` when (name, metric) came k − 1 times before; `line` is for the note. */
  name(name: string, metric: string, line: number): string {
    const key = `${name}\u0000${metric}`;
    const earlier = this.seen.get(key);
    this.seen.set(key, (earlier ?? 0) + 1);
    if (earlier === undefined) return name;
    const renamed = `${name} (${earlier + 1})`;
    this.notes.push(`"${name}" has more than one ${metric} value; line ${line} is read as "${renamed}"`);
    return renamed;
  }
}

/**
 * A JSON report read for its root: the document (for places), its field reader, and the root in the shape the format
 * expects.
 */
export interface JsonReport<T extends JsonValue> {
  doc: JsonDocument;
  fields: JsonFields;
  root: T;
}

/**
 * Reads a JSON report whose root must have one shape (an object, an array, an object with an array
 * field …): a root of any other shape is an InputError at 1:1 saying what the format expects.
 */
export function readJsonReport<T extends JsonValue>(
  file: string,
  text: string,
  isExpected: (root: JsonValue) => root is T,
  expected: string,
): JsonReport<T> {
  const doc = parseLooseJson(file, text);
  const root = doc.value;
  if (!isExpected(root)) throw new InputError(expected, { file, line: 1, column: 1 });
  return { doc, fields: new JsonFields(file, doc), root };
}

/** A JSON array root. */
export function isJsonArray(value: JsonValue): value is JsonArray {
  return Array.isArray(value);
}

/** A JSON object root holding an array under `key` (`{"benchmarks": […]}`). */
export function isObjectWithArray<K extends string>(
  key: K,
): (value: JsonValue) => value is JsonObject & Record<K, JsonArray> {
  return (value): value is JsonObject & Record<K, JsonArray> => isJsonObject(value) && Array.isArray(value[key]);
}

/** `2026-11-25T00:53:10.5`, `2026-11-25 00:53:10+01:00`: an ISO 8601 date and time, its zone optional. */
const FILE_DATE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A date a result file gives (Google Benchmark's `context.date`, pytest-benchmark's `datetime`) as
 * ISO 8601 UTC; undefined when it is not a date. Without a zone it is read as UTC: pytest-benchmark
 * wrote `datetime.utcnow()`, and an older Google Benchmark's local time says no more.
 */
export function measuredAtOf(value: JsonValue | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const m = FILE_DATE.exec(value.trim());
  if (!m) return undefined;
  const zone =
    m[3] === undefined ? 'Z' : m[3] === 'Z' ? 'Z' : m[3].includes(':') ? m[3] : `${m[3].slice(0, 3)}:${m[3].slice(3)}`;
  const ms = Date.parse(`${m[1]}T${m[2]}${zone}`);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/**
 * The note for benchmarks a tool printed as 0 of the unit it rounds to (measurements marked `belowResolution`): they are
 * read as "< 1 unit", shown so, and never gated by a ratio.
 */
export function resolutionFloorNote(names: readonly string[], unit: string): string {
  const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
  return (
    `${shown} measured 0 ${unit}: below the tool's resolution (optimised away?), read as "< 1 ${unit}" and ` +
    'not gated by a ratio'
  );
}
