import { InputError } from '../../errors.js';
import { baseName } from '../../model/experimentType.js';
import type { Measurement, ResultSet, StatisticName } from '../../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from '../adapter.js';
import { ANSI_ESCAPE } from '../shared.js';
import { LATENCY_METRIC, splitLines } from './common.js';

/**
 * Fast-DDS (Fast-RTPS) `LatencyTest publisher` console output (spec §5.1):
 *
 * ```
 * Printing round-trip times in us, statistics for 10000 samples
 *    Bytes, Samples,   stdev,    mean,     min,     50%,     90%,     99%,  99.99%,     max
 * --------,--------,--------,--------,--------,--------,--------,--------,--------,--------,
 *       16,   10001,   2.367,   8.272,   7.029,   7.486,  10.606,  14.735,  58.625, 122.599
 * ```
 *
 * Rows are `%8u,%8u,%8.3f…` with a trailing space (absent in some 1.9.x builds); fields wider than
 * 8 characters run into the comma. ANSI colour codes and progress lines interleaved with the rows
 * (Fast-RTPS 1.9.x) are skipped.
 */

const BANNER = /Printing round-trip times in (\S+), statistics for (\d+) samples/;
const HEADER = /^\s*Bytes,\s*Samples,\s*stdev,\s*mean,\s*min,\s*50%,\s*90%,\s*99%,\s*99\.99%,\s*max\s*$/;
const DASHES = /^-{8}(,-{8}){9},?\s*$/;
/** Statistics in column order after Bytes and Samples. */
const COLUMNS: StatisticName[] = ['stdev', 'mean', 'min', 'median', 'p90', 'p99', 'p9999', 'max'];
const COLUMN_TITLES = ['stdev', 'mean', 'min', '50%', '90%', '99%', '99.99%', 'max'];
const FIXED3 = /^-?\d+\.\d{3}$/;
const NAN = /^-?(nan|inf)$/i;

/**
 * The experiment of a console capture: the file name stem without the words the benchmark's
 * launchers add (`publisher`, `stdout`, `out`): `shm_reliable_publisher_stdout.txt` → `shm_reliable`,
 * `publisher_intraprocess.out` → `intraprocess`, `publisher.out` → `publisher`.
 */
export function consoleExperimentName(file: string): string {
  const name = baseName(file);
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const kept = stem.split(/[_\-. ]+/).filter((t) => t !== '' && !/^(publisher|pub|stdout|out|log|console)$/i.test(t));
  return kept.length > 0 ? kept.join('_') : stem || 'latency';
}

function firstContentLine(head: string): string | undefined {
  for (const line of splitLines(head)) {
    const clean = line.replace(ANSI_ESCAPE, '');
    if (clean.trim() !== '') return clean;
  }
  return undefined;
}

export const fastddsLatencyConsoleAdapter: FormatAdapter = {
  id: 'fastdds-latency-console',
  title: 'Fast-DDS LatencyTest console table',
  recognises(head: string): boolean {
    if (BANNER.test(head)) return true;
    // A table pasted without its banner: the column header as the first line.
    const first = firstContentLine(head);
    return first !== undefined && HEADER.test(first);
  },
  parse(input: AdapterInput, _options: ParseOptions): ResultSet {
    return parseFastddsLatencyConsole(input.file, input.text);
  },
};

interface Table {
  bannerLine: number;
  declaredSamples?: number;
  headerSeen: boolean;
  dashesSeen: boolean;
  rows: Measurement[];
  payloads: Map<number, number>;
}

export function parseFastddsLatencyConsole(file: string, text: string): ResultSet {
  const lines = splitLines(text);
  const notes: string[] = [
    'Fast-DDS LatencyTest: the banner says "round-trip" but the values are half the round trip minus the clock overhead (a one-way estimate), in µs.',
    'Fast-DDS LatencyTest: percentiles are sorted[floor(N·q) − 1] without interpolation; stdev is the population value.',
  ];
  const { tables, lastContent, nanCount } = readTables(file, lines);
  if (tables.length === 0) {
    throw new InputError('no "Printing round-trip times in us" table found', { file, line: Math.max(lastContent, 1) });
  }
  const stem = consoleExperimentName(file);
  const measurements: Measurement[] = [];
  tables.forEach((t, index) => {
    if (!t.headerSeen) {
      throw new InputError('the round-trip table has a banner but no column header (truncated output?)', {
        file,
        line: t.bannerLine,
      });
    }
    if (t.rows.length === 0) {
      throw new InputError('the round-trip table has a header but no data rows', { file, line: t.bannerLine });
    }
    const experiment = tables.length === 1 ? stem : `${stem} (run ${index + 1})`;
    for (const m of t.rows) measurements.push({ ...m, experiment });
  });
  if (tables.length > 1)
    notes.push(
      `${tables.length} round-trip tables in one file: experiments "${stem} (run 1)" … "${stem} (run ${tables.length})".`,
    );
  if (nanCount > 0) notes.push(`${nanCount} statistic(s) printed as nan (too few samples) are kept as NaN.`);
  return { format: fastddsLatencyConsoleAdapter.id, file, measurements, notes };
}

/**
 * The round-trip tables of the output (a banner or a header starts one), the last line with
 * content, and how many statistics were printed as nan.
 */
function readTables(
  file: string,
  lines: readonly string[],
): { tables: Table[]; lastContent: number; nanCount: number } {
  const tables: Table[] = [];
  let table: Table | undefined;
  let lastContent = 0;
  let nanCount = 0;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!.replace(ANSI_ESCAPE, '');
    if (raw.trim() === '') continue;
    lastContent = lineNo;
    const banner = BANNER.exec(raw);
    if (banner) {
      if (banner[1] !== 'us') {
        throw new InputError(`expected round-trip times in us, found "${banner[1]}"`, {
          file,
          line: lineNo,
          column: raw.indexOf(banner[1]!) + 1,
        });
      }
      table = {
        bannerLine: lineNo,
        declaredSamples: Number(banner[2]),
        headerSeen: false,
        dashesSeen: false,
        rows: [],
        payloads: new Map(),
      };
      tables.push(table);
      continue;
    }
    if (HEADER.test(raw)) {
      if (!table || table.headerSeen) {
        table = { bannerLine: lineNo, headerSeen: false, dashesSeen: false, rows: [], payloads: new Map() };
        tables.push(table);
      }
      table.headerSeen = true;
      continue;
    }
    if (table?.headerSeen && !table.dashesSeen && DASHES.test(raw)) {
      table.dashesSeen = true;
      continue;
    }
    // A data row starts with the right-aligned payload size and a comma.
    if (!/^\s*\d+\s*,/.test(raw)) continue;
    if (!table || !table.headerSeen) continue;
    nanCount += addTableRow(file, table, raw, lineNo);
  }
  return { tables, lastContent, nanCount };
}

/** Adds a data row to its table (a payload once per table); returns how many of its statistics are nan. */
function addTableRow(file: string, table: Table, raw: string, lineNo: number): number {
  const row = parseRow(file, raw, lineNo);
  const earlier = table.payloads.get(row.bytes);
  if (earlier !== undefined) {
    throw new InputError(`payload ${row.bytes} appears twice in one table (first on line ${earlier})`, {
      file,
      line: lineNo,
      column: 1,
    });
  }
  table.payloads.set(row.bytes, lineNo);
  table.rows.push({
    experiment: '',
    parameter: { label: `${row.bytes} B`, payloadBytes: row.bytes },
    metric: LATENCY_METRIC,
    statistics: row.statistics,
    place: { file, line: lineNo },
  });
  return row.nan;
}

function parseRow(
  file: string,
  text: string,
  line: number,
): { bytes: number; statistics: Partial<Record<StatisticName, number>>; nan: number } {
  // The trailing space after the last field, and no trailing comma (the dash line has one).
  const body = text.trimEnd();
  const fields: { value: string; column: number }[] = [];
  let start = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || body[i] === ',') {
      const rawField = body.slice(start, i);
      const lead = rawField.length - rawField.trimStart().length;
      fields.push({ value: rawField.trim(), column: start + lead + 1 });
      start = i + 1;
    }
  }
  if (fields.length !== 10) {
    throw new InputError(
      `expected 10 comma-separated fields (Bytes, Samples, stdev, mean, min, 50%, 90%, 99%, 99.99%, max), found ${fields.length} (truncated row?)`,
      {
        file,
        line,
        column: fields.length < 10 ? body.length + 1 : fields[10]!.column,
      },
    );
  }
  const [bytesField, samplesField, ...stats] = fields as [(typeof fields)[0], (typeof fields)[0], ...typeof fields];
  if (!/^\d+$/.test(samplesField.value)) {
    throw new InputError(
      `expected the sample count (a whole number) in column "Samples", found "${samplesField.value}"`,
      {
        file,
        line,
        column: samplesField.column,
      },
    );
  }
  const bytes = Number(bytesField.value);
  if (!Number.isSafeInteger(bytes)) {
    throw new InputError(`expected a payload size in bytes, found "${bytesField.value}"`, {
      file,
      line,
      column: bytesField.column,
    });
  }
  const statistics: Partial<Record<StatisticName, number>> = { samples: Number(samplesField.value) };
  let nan = 0;
  stats.forEach((field, index) => {
    const name = COLUMNS[index]!;
    if (NAN.test(field.value)) {
      statistics[name] = NaN;
      nan++;
      return;
    }
    if (!FIXED3.test(field.value)) {
      throw new InputError(
        `expected a number with 3 decimals in column "${COLUMN_TITLES[index]}", found "${field.value}"`,
        {
          file,
          line,
          column: field.column,
        },
      );
    }
    statistics[name] = Number(field.value);
  });
  return { bytes, statistics, nan };
}
