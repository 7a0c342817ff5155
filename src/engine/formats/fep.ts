import { InputError } from '../errors.js';
import { stripBom } from '../csv/header.js';
import { baseName } from '../model/experimentType.js';
import type { Measurement, Metric, ResultSet, StatisticName } from '../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from './adapter.js';

/**
 * FEP SDK 3 throughput test results (spec §3; `fep3_sdk` doc `perf_test.rst`): a table with the
 * columns `throughput (⌀ MB/s) | throughput variance | samples received (⌀ #) | sample size (B) |
 * cycle time (ms) | synchronization mode`, either as the RST grid table of the document (a
 * markdown pipe table reads the same way) or as a CSV with those names or the snake_case ones
 * `throughput_mean_MBps,throughput_variance,samples_received_mean,sample_size_B,cycle_time_ms,sync_mode`.
 * One measurement per row, keyed by sample size × cycle time × synchronization mode.
 */

type Column = 'throughput' | 'variance' | 'received' | 'size' | 'cycle' | 'mode';

/** Column names, compared after lower-casing and dropping everything but letters and digits. */
const ALIASES: Record<Column, string[]> = {
  throughput: ['throughputmbs', 'throughputmeanmbs', 'throughputmeanmbps', 'throughputmbps'],
  variance: ['throughputvariance', 'throughputvariancembs2', 'variance'],
  received: ['samplesreceived', 'samplesreceivedmean', 'samplesreceivedmeanno'],
  size: ['samplesizeb', 'samplesize', 'samplesizebytes'],
  cycle: ['cycletimems', 'cycletime'],
  mode: ['synchronizationmode', 'syncmode', 'synchronisationmode'],
};
const REQUIRED: Column[] = ['throughput', 'size'];
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

const THROUGHPUT: Metric = {
  name: 'throughput',
  dimension: 'byterate',
  unit: 'MB/s',
  displayUnit: 'MB/s',
  direction: 'higher-is-better',
};
const RECEIVED: Metric = {
  name: 'samples received',
  dimension: 'count',
  unit: '',
  displayUnit: 'samples/window',
  direction: 'higher-is-better',
};

function normalise(name: string): string {
  return name
    .toLowerCase()
    .replace(/⌀|#|²/g, '')
    .replace(/[^a-z0-9]/g, '');
}

function columnOf(name: string): Column | undefined {
  const key = normalise(name);
  return (Object.keys(ALIASES) as Column[]).find((c) => ALIASES[c].includes(key));
}

/** A line whose first non-blank character is `|` or `+` (not `^\s*`: it rescans blank lines, quadratic). */
const GRID_LINE = /^[^\S\r\n\u2028\u2029]*[|+]/m;
const HEADER_HINT = /throughput \(⌀ MB\/s\)|throughput_mean_MBps/;

export const fepAdapter: FormatAdapter = {
  id: 'fep',
  title: 'FEP SDK 3 throughput test table',
  recognises(head: string): boolean {
    const text = stripBom(head);
    if (GRID_LINE.test(text) && /\|\s*throughput \(⌀ MB\/s\)\s*\|/.test(text) && /sample size \(B\)/.test(text))
      return true;
    const first = text.split(/\r?\n/, 1)[0] ?? '';
    if (!first.includes(',') || !HEADER_HINT.test(first)) return false;
    const columns = first.split(',').map(columnOf);
    return columns.includes('throughput') && columns.includes('size');
  },
  parse(input: AdapterInput, _options: ParseOptions): ResultSet {
    return parseFep(input.file, input.text);
  },
};

interface Cell {
  text: string;
  line: number;
  column: number;
}

interface RawTable {
  headerLine: number;
  header: string[];
  rows: Cell[][];
}

/** Reads a grid (`+---+` separated, `|` cells) or pipe table whose header names the throughput. */
function readGridTable(file: string, lines: string[]): RawTable | undefined {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!/^\s*\|/.test(line) || !/throughput/i.test(line)) continue;
    const header = splitCells(line, i + 1).map((c) => c.text);
    if (!header.some((h) => columnOf(h) === 'throughput')) continue;
    const rows: Cell[][] = [];
    let pending: Cell[] | undefined;
    let separatorSeen = false;
    let j = i + 1;
    for (; j < lines.length; j++) {
      const text = lines[j]!;
      const trimmed = text.trim();
      if (/^\+[-=+]+\+$/.test(trimmed) || /^\|[-:| ]+\|$/.test(trimmed)) {
        separatorSeen = true;
        if (pending) rows.push(pending);
        pending = undefined;
        continue;
      }
      if (!trimmed.startsWith('|')) break;
      if (!separatorSeen) continue; // a header cell continued on a second line
      const cells = splitCells(text, j + 1);
      if (cells.length !== header.length) {
        throw new InputError(`expected ${header.length} cells like the header, found ${cells.length}`, {
          file,
          line: j + 1,
          column: 1,
        });
      }
      if (!pending) pending = cells;
      else {
        // A grid row that continues over several lines: join the cell texts.
        pending = pending.map((c, k) => ({ ...c, text: [c.text, cells[k]!.text].filter((t) => t !== '').join(' ') }));
      }
    }
    if (pending) {
      // A grid table ends with a `+---+` line; a pipe table with its last row.
      if (/^\s*\+/.test(lines[i - 1] ?? '')) {
        throw new InputError('the grid table ends without its closing "+---+" line (truncated?)', { file, line: j });
      }
      rows.push(pending);
    }
    return { headerLine: i + 1, header, rows };
  }
  return undefined;
}

function splitCells(text: string, line: number): Cell[] {
  const cells: Cell[] = [];
  const first = text.indexOf('|');
  const last = text.trimEnd().endsWith('|') ? text.trimEnd().length - 1 : text.length;
  let start = first + 1;
  for (let k = start; k <= last; k++) {
    if (k === last || text[k] === '|') {
      const raw = text.slice(start, k);
      cells.push({ text: raw.trim(), line, column: start + (raw.length - raw.trimStart().length) + 1 });
      start = k + 1;
    }
  }
  return cells;
}

function readCsv(file: string, lines: string[]): RawTable {
  const header = (lines[0] ?? '').split(',').map((s) => s.trim());
  const rows: Cell[][] = [];
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === '') continue;
    const fields = text.split(',');
    if (fields.length !== header.length) {
      throw new InputError(
        `expected ${header.length} fields like the header, found ${fields.length} (truncated row?)`,
        {
          file,
          line: i + 1,
          column: text.length + 1,
        },
      );
    }
    let column = 1;
    rows.push(
      fields.map((f) => {
        const cell = { text: f.trim(), line: i + 1, column: column + (f.length - f.trimStart().length) };
        column += f.length + 1;
        return cell;
      }),
    );
  }
  return { headerLine: 1, header, rows };
}

export function parseFep(file: string, text: string): ResultSet {
  const lines = stripBom(text).split(/\r?\n/);
  const grid = GRID_LINE.test(text) && !HEADER_HINT.test(lines[0] ?? '') ? readGridTable(file, lines) : undefined;
  const table = grid ?? readCsv(file, lines);
  const index: Partial<Record<Column, number>> = {};
  table.header.forEach((name, i) => {
    const column = columnOf(name);
    if (column !== undefined && index[column] === undefined) index[column] = i;
  });
  for (const column of REQUIRED) {
    if (index[column] === undefined) {
      throw new InputError(`missing the ${column === 'size' ? '"sample size (B)"' : '"throughput (⌀ MB/s)"'} column`, {
        file,
        line: table.headerLine,
        column: 1,
      });
    }
  }
  if (table.rows.length === 0)
    throw new InputError('the FEP results table has a header but no data rows', { file, line: table.headerLine });

  const name = baseName(file);
  const dot = name.lastIndexOf('.');
  const experiment = dot > 0 ? name.slice(0, dot) : name;
  const measurements: Measurement[] = [];
  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const r = readFepRow(file, table, index, row);
    const parameter = parameterOfFepRow(r);
    const line = row[0]!.line;
    const earlier = seen.get(parameter.label);
    if (earlier !== undefined)
      throw new InputError(`"${parameter.label}" appears twice (first on line ${earlier})`, { file, line, column: 1 });
    seen.set(parameter.label, line);
    const statistics: Partial<Record<StatisticName, number>> = { mean: r.throughput };
    if (r.variance !== undefined) statistics.variance = r.variance;
    measurements.push({ experiment, parameter, metric: THROUGHPUT, statistics, place: { file, line } });
    if (r.received !== undefined) {
      measurements.push({
        experiment,
        parameter,
        metric: RECEIVED,
        statistics: { mean: r.received },
        place: { file, line },
      });
    }
  }
  return {
    format: fepAdapter.id,
    file,
    measurements,
    notes: [
      'FEP throughput: mean over ~1 s receive windows in MB/s (10^6 B/s); variance in (MB/s)²; "samples received" is the mean count per window.',
      `FEP throughput: the experiment is the file name stem ("${experiment}").`,
    ],
  };
}

/** A data row's values, each checked to be a (whole) number where its column is present. */
interface FepRow {
  throughput: number;
  size: number;
  variance: number | undefined;
  received: number | undefined;
  cycle: number | undefined;
  mode: Cell | undefined;
}

function readFepRow(
  file: string,
  table: RawTable,
  index: Partial<Record<Column, number>>,
  row: readonly Cell[],
): FepRow {
  const number = (column: Column, integer = false): number | undefined => {
    const at = index[column];
    if (at === undefined) return undefined;
    const cell = row[at]!;
    if (!(integer ? /^\d+$/ : NUMBER).test(cell.text)) {
      throw new InputError(
        `expected ${integer ? 'a whole number' : 'a number'} in column "${table.header[at]}", found "${cell.text}"`,
        {
          file,
          line: cell.line,
          column: cell.column,
        },
      );
    }
    return Number(cell.text);
  };
  const throughput = number('throughput')!;
  const size = number('size', true)!;
  const variance = number('variance');
  const received = number('received');
  const cycle = number('cycle');
  const mode = index.mode !== undefined ? row[index.mode]! : undefined;
  if (mode && mode.text === '') {
    throw new InputError('empty synchronization mode', { file, line: mode.line, column: mode.column });
  }
  return { throughput, size, variance, received, cycle, mode };
}

/** `64 B, 10 ms, sync`: the sample size, with the cycle time and synchronization mode when given. */
function parameterOfFepRow({ size, cycle, mode }: FepRow): {
  label: string;
  payloadBytes: number;
  settings: Record<string, string | number>;
} {
  const settings: Record<string, string | number> = {};
  let label = `${size} B`;
  if (cycle !== undefined) {
    settings.cycleTimeMs = cycle;
    label += `, ${cycle} ms`;
  }
  if (mode) {
    settings.syncMode = mode.text;
    label += `, ${mode.text}`;
  }
  return { label, payloadBytes: size, settings };
}
