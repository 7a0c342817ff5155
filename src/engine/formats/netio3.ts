import { InputError } from '../errors.js';
import { stripBom } from '../csv/header.js';
import { medianOfSorted } from '../stats/median.js';
import { baseName } from '../model/experimentType.js';
import type { Measurement, Metric, ResultSet } from '../model/measurement.js';
import { parseUnit, type Unit } from '../model/units.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from './adapter.js';

/**
 * netio3 / FELIX throughput sweeps (seed 002; spec §4). netio3's benchmark code is not public, so
 * there is no tool format to copy: this reads the CSV such a sweep is reduced to, one row per run:
 *
 * ```
 * backend,buffer_size_B,num_buffers,repetition,msg_rate_Hz,throughput_Gbps
 * LIBFABRIC-RDMA,4096,16,1,2950000,96.67
 * ```
 *
 * Columns are found by name (case, spaces and `_` ignored); a unit may follow in `[…]`, `(…)` or as
 * the last `_` token (`buffer_size_B`, `msg_rate_Hz`, `throughput [Gb/s]`). Required: buffer size,
 * buffer count, and a message rate or a throughput. Optional: `backend` (the experiment; otherwise the
 * file name stem), `msg_size_B`, a repetition column. Repeated rows of one backend × buffer size ×
 * buffer count are repetitions: the thesis compares their median, so the median is the statistic,
 * with min, max, mean and the repetitions as samples.
 */

type Column = 'backend' | 'bufferSize' | 'bufferCount' | 'msgSize' | 'repetition' | 'rate' | 'throughput';

const NAMES: Record<Column, string[]> = {
  backend: ['backend', 'netiobackend', 'network', 'networktype', 'transport'],
  bufferSize: ['buffersize', 'bufsize', 'buffersizebytes'],
  bufferCount: ['numbuffers', 'buffercount', 'numberofbuffers', 'nbuffers', 'buffers', 'nbufs', 'numbufs'],
  msgSize: ['msgsize', 'messagesize'],
  repetition: ['repetition', 'rep', 'run', 'iteration', 'repeat'],
  rate: ['msgrate', 'messagerate', 'rate', 'messagefrequency', 'frequency', 'msgfrequency'],
  throughput: ['throughput', 'datathroughput', 'bandwidth'],
};

const MESSAGE_RATE: Omit<Metric, 'displayUnit'> = {
  name: 'message rate',
  dimension: 'rate',
  unit: 'Hz',
  direction: 'higher-is-better',
};
const THROUGHPUT: Omit<Metric, 'displayUnit'> = {
  name: 'throughput',
  dimension: 'bitrate',
  unit: 'Mb/s',
  direction: 'higher-is-better',
};

/** `buffer_size_B` → { key: 'buffersize', unit: 'B' }; `throughput [Gb/s]` → { key: 'throughput', unit: 'Gb/s' }. */
function splitHeader(name: string): { key: string; unit?: string } {
  const trimmed = name.trim();
  const bracket = unitInBrackets(trimmed);
  if (bracket) return { key: normalise(bracket.name), unit: bracket.unit.trim() };
  const tokens = trimmed.split('_');
  const last = tokens[tokens.length - 1]!;
  if (tokens.length > 1 && (parseUnit(last) || /^(Gbps|Mbps|MBps|GBps|KB|KiB)$/.test(last))) {
    return { key: normalise(tokens.slice(0, -1).join('_')), unit: last };
  }
  return { key: normalise(trimmed) };
}

/**
 * `name [unit]` or `name (unit)`: what /^(.*?)\s*[[(]([^\])]*)[\])]\s*$/ matches, without its
 * quadratic backtracking on a long header cell full of brackets. The closing bracket is the last
 * character (before spaces); the opening one is the first after any earlier closing bracket.
 */
function unitInBrackets(text: string): { name: string; unit: string } | undefined {
  const end = text.trimEnd();
  const close = end.length - 1;
  if (close < 1 || (end[close] !== ']' && end[close] !== ')')) return undefined;
  let from = 0;
  for (let i = close - 1; i >= 0; i--) {
    if (end[i] === ']' || end[i] === ')') {
      from = i + 1;
      break;
    }
  }
  for (let open = from; open < close; open++) {
    if (end[open] !== '[' && end[open] !== '(') continue;
    const name = end.slice(0, open).trimEnd();
    // `.` does not cross a line break
    if (/[\n\r\u2028\u2029]/.test(name)) return undefined;
    return { name, unit: end.slice(open + 1, close) };
  }
  return undefined;
}

function normalise(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function unitOf(text: string | undefined): Unit | undefined {
  if (text === undefined) return undefined;
  const aliases: Record<string, string> = { MBps: 'MB/s', GBps: 'GB/s' };
  return parseUnit(aliases[text] ?? text);
}

interface Header {
  index: Partial<Record<Column, number>>;
  units: Partial<Record<Column, string>>;
}

function readHeader(line: string): Header {
  const index: Partial<Record<Column, number>> = {};
  const units: Partial<Record<Column, string>> = {};
  line.split(',').forEach((name, i) => {
    const { key, unit } = splitHeader(name);
    const column = (Object.keys(NAMES) as Column[]).find((c) => NAMES[c].includes(key));
    if (column && index[column] === undefined) {
      index[column] = i;
      if (unit !== undefined) units[column] = unit;
    }
  });
  return { index, units };
}

function headerLineOf(text: string): { line: string; number: number } | undefined {
  const lines = stripBom(text).split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '' || line.startsWith('#')) continue;
    return { line, number: i + 1 };
  }
  return undefined;
}

export const netio3Adapter: FormatAdapter = {
  id: 'netio3',
  title: 'netio3 throughput sweep (buffer size × number of buffers)',
  recognises(head: string): boolean {
    const header = headerLineOf(head);
    if (!header || !header.line.includes(',')) return false;
    return hasSweepColumns(readHeader(header.line).index);
  },
  parse(input: AdapterInput, _options: ParseOptions): ResultSet {
    return parseNetio3(input.file, input.text);
  },
};

/** Buffer size: whole bytes, or `4K`/`4KB`/`4KiB` (binary kilobytes, as buffer sizes are). */
function parseBytes(text: string): number | undefined {
  const m = /^(\d+)\s*(K|KB|KiB|k|kB|M|MB|MiB)?$/.exec(text);
  if (!m) return undefined;
  const factor = m[2] === undefined ? 1 : /^[kK]/.test(m[2]) ? 1024 : 1024 * 1024;
  return Number(m[1]) * factor;
}

interface Group {
  experiment: string;
  bufferBytes: number;
  bufferCount: number;
  msgBytes?: number;
  line: number;
  rate: number[];
  throughput: number[];
}

/** The columns a sweep needs: buffer size, number of buffers, and a rate or a throughput. */
type SweepColumns = Partial<Record<Column, number>> & { bufferSize: number; bufferCount: number };

function hasSweepColumns(index: Partial<Record<Column, number>>): index is SweepColumns {
  return (
    index.bufferSize !== undefined &&
    index.bufferCount !== undefined &&
    (index.rate !== undefined || index.throughput !== undefined)
  );
}

/** The header as the rows are read against it. */
interface Table {
  file: string;
  /** The header's 1-based line. */
  line: number;
  names: string[];
  index: SweepColumns;
}

/** The units of the rate, throughput and buffer-size columns, as stated or assumed. */
interface ColumnUnits {
  rateUnit: Unit | undefined;
  throughputUnit: Unit | undefined;
  /** From the throughput column's unit to Mb/s (bits). */
  throughputFactor: number;
  sizeUnit: Unit | undefined;
}

export function parseNetio3(file: string, text: string): ResultSet {
  const lines = stripBom(text).split(/\r?\n/);
  const found = headerLineOf(text);
  if (!found)
    throw new InputError(
      'the file is empty; expected a header with buffer size, number of buffers and rate/throughput',
      { file, line: 1 },
    );
  const names = found.line.split(',').map((s) => s.trim());
  const { index, units } = readHeader(found.line);
  if (!hasSweepColumns(index)) {
    throw new InputError('expected columns for buffer size, number of buffers and message rate or throughput', {
      file,
      line: found.number,
      column: 1,
    });
  }
  const table: Table = { file, line: found.number, names, index };
  const notes: string[] = [];
  const columnUnits = readColumnUnits(table, units, notes);
  const stem = (() => {
    const name = baseName(file);
    const dot = name.lastIndexOf('.');
    return dot > 0 ? name.slice(0, dot) : name;
  })();
  const groups = new Map<string, Group>();
  let rows = 0;
  for (let i = found.number; i < lines.length; i++) {
    const textLine = lines[i]!;
    if (textLine.trim() === '' || textLine.startsWith('#')) continue;
    addSweepRow(groups, readSweepRow(table, columnUnits, textLine, i + 1, stem));
    rows++;
  }
  if (rows === 0) throw new InputError('the netio3 table has a header but no data rows', { file, line: found.number });

  const measurements = [...groups.values()].flatMap((g) => measurementsOfGroup(file, g, columnUnits));
  notes.push(
    'netio3: rows repeating a backend × buffer size × number of buffers are repetitions; the median is the statistic to compare (as in the FELIX thesis).',
  );
  return { format: netio3Adapter.id, file, measurements, notes };
}

/** The rate, throughput and size units from the header, with a note for each one assumed. */
function readColumnUnits(
  { file, line, names, index }: Table,
  units: Partial<Record<Column, string>>,
  notes: string[],
): ColumnUnits {
  let rateUnit: Unit | undefined;
  if (index.rate !== undefined) {
    const given = units.rate;
    const unit = unitOf(given ?? 'Hz');
    if (!unit || unit.dimension !== 'rate')
      throw new InputError(`unknown rate unit "${given}" in column "${names[index.rate]}"`, { file, line, column: 1 });
    if (given === undefined) notes.push(`netio3: column "${names[index.rate]}" names no unit; assumed Hz.`);
    rateUnit = unit;
  }
  // Throughput may be given as bits or bytes per second; stored as Mb/s (bits).
  let throughputUnit: Unit | undefined;
  let throughputFactor = 1;
  if (index.throughput !== undefined) {
    const given = units.throughput;
    const unit = unitOf(given ?? 'Gb/s');
    if (!unit || (unit.dimension !== 'bitrate' && unit.dimension !== 'byterate')) {
      throw new InputError(`unknown throughput unit "${given}" in column "${names[index.throughput]}"`, {
        file,
        line,
        column: 1,
      });
    }
    if (given === undefined) notes.push(`netio3: column "${names[index.throughput]}" names no unit; assumed Gb/s.`);
    throughputUnit = unit;
    throughputFactor = unit.dimension === 'byterate' ? unit.toBase * 8 : unit.toBase;
    if (unit.dimension === 'byterate') notes.push(`netio3: throughput in ${unit.symbol} converted to Mb/s (× 8).`);
  }
  const sizeUnit = units.bufferSize !== undefined ? unitOf(units.bufferSize) : undefined;
  if (units.bufferSize !== undefined && (!sizeUnit || sizeUnit.dimension !== 'size')) {
    throw new InputError(`unknown size unit "${units.bufferSize}"`, { file, line, column: 1 });
  }
  return { rateUnit, throughputUnit, throughputFactor, sizeUnit };
}

/** One data row: its sweep point and its rate and throughput in base units. */
interface SweepRow {
  experiment: string;
  bufferBytes: number;
  bufferCount: number;
  msgBytes: number | undefined;
  line: number;
  rate: number | undefined;
  throughput: number | undefined;
}

function readSweepRow(table: Table, units: ColumnUnits, textLine: string, lineNo: number, stem: string): SweepRow {
  const { file, names, index } = table;
  const fields = textLine.split(',');
  if (fields.length !== names.length) {
    throw new InputError(`expected ${names.length} fields like the header, found ${fields.length} (truncated row?)`, {
      file,
      line: lineNo,
      column: textLine.length + 1,
    });
  }
  // Every index below is a header column's, and the row has as many fields as the header (checked above).
  const field = (at: number): string => fields[at] ?? '';
  const columnOf = (at: number): number => {
    let c = 1;
    for (let k = 0; k < at; k++) c += field(k).length + 1;
    return c + (field(at).length - field(at).trimStart().length);
  };
  const fail = (at: number, what: string): never => {
    throw new InputError(`expected ${what} in column "${names[at]}", found "${field(at).trim()}"`, {
      file,
      line: lineNo,
      column: columnOf(at),
    });
  };
  const bytesAt = (at: number): number => {
    const value = parseBytes(field(at).trim());
    if (value === undefined) return fail(at, 'a size in bytes');
    return units.sizeUnit && at === index.bufferSize ? value * units.sizeUnit.toBase : value;
  };
  const numberAt = (at: number): number => {
    const t = field(at).trim();
    if (!/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(t)) return fail(at, 'a number');
    return Number(t);
  };
  const bufferBytes = bytesAt(index.bufferSize);
  const countText = field(index.bufferCount).trim();
  if (!/^\d+$/.test(countText)) fail(index.bufferCount, 'a whole number of buffers');
  const bufferCount = Number(countText);
  const msgBytes = index.msgSize !== undefined ? bytesAt(index.msgSize) : undefined;
  const experiment = index.backend !== undefined ? field(index.backend).trim() || stem : stem;
  const rate = index.rate !== undefined ? numberAt(index.rate) * units.rateUnit!.toBase : undefined;
  const throughput = index.throughput !== undefined ? numberAt(index.throughput) * units.throughputFactor : undefined;
  return { experiment, bufferBytes, bufferCount, msgBytes, line: lineNo, rate, throughput };
}

/** Rows repeating a backend × buffer size × number of buffers (× message size) are one group. */
function addSweepRow(groups: Map<string, Group>, row: SweepRow): void {
  const { experiment, bufferBytes, bufferCount, msgBytes } = row;
  const key = `${experiment}|${bufferBytes}|${bufferCount}|${msgBytes ?? ''}`;
  let group = groups.get(key);
  if (!group) {
    group = { experiment, bufferBytes, bufferCount, line: row.line, rate: [], throughput: [] };
    if (msgBytes !== undefined) group.msgBytes = msgBytes;
    groups.set(key, group);
  }
  if (row.rate !== undefined) group.rate.push(row.rate);
  if (row.throughput !== undefined) group.throughput.push(row.throughput);
}

/** The group's message rate and throughput over its repetitions. */
function measurementsOfGroup(file: string, g: Group, units: ColumnUnits): Measurement[] {
  const measurements: Measurement[] = [];
  let label = `${g.bufferBytes} B × ${g.bufferCount}`;
  const settings: Record<string, number> = { bufferBytes: g.bufferBytes, bufferCount: g.bufferCount };
  if (g.msgBytes !== undefined) {
    settings.msgBytes = g.msgBytes;
    label += `, msg ${g.msgBytes} B`;
  }
  const parameter = g.msgBytes !== undefined ? { label, payloadBytes: g.msgBytes, settings } : { label, settings };
  const add = (metric: Omit<Metric, 'displayUnit'>, displayUnit: string, values: number[]): void => {
    if (values.length === 0) return;
    const sorted = [...values].sort((a, b) => a - b);
    measurements.push({
      experiment: g.experiment,
      parameter,
      metric: { ...metric, displayUnit },
      statistics: {
        median: medianOfSorted(sorted),
        min: sorted[0]!,
        max: sorted[sorted.length - 1]!,
        mean: values.reduce((a, b) => a + b, 0) / values.length,
        samples: values.length,
      },
      samples: Float64Array.from(values),
      place: { file, line: g.line },
    });
  };
  add(MESSAGE_RATE, units.rateUnit?.symbol ?? 'Hz', g.rate);
  add(THROUGHPUT, units.throughputUnit?.symbol ?? 'Gb/s', g.throughput);
  return measurements;
}
