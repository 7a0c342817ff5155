import { InputError } from '../../errors.js';
import { baseName } from '../../model/experimentType.js';
import type { Measurement, ResultSet, StatisticName } from '../../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from '../adapter.js';
import { LATENCY_METRIC, splitLines } from './common.js';

/**
 * Fast-DDS LatencyTest legacy `--export_csv` files (spec §5.1, reference semantics §8):
 *
 * - `<prefix>_<bytes>_<reliable|besteffort>.csv`:
 *   `"Minimum of 5000 samples (reliable)","Average of 5000 samples (reliable)"` then `"13.365","41.9759"`;
 * - `<prefix>_minimum_<rel>.csv` / `<prefix>_average_<rel>.csv`:
 *   `"5000 samples of 16 bytes (us)","5000 samples of 64 bytes (us)",…` then, because of an upstream
 *   bug, `,,,,,"13.365""15.789"…` (n−1 leading commas, values not separated, no final newline).
 *   Values are read as the quoted strings in order, so a fixed exporter's `"a","b"` reads too.
 */

const PER_SIZE_HEADER =
  /^"Minimum of (\d+) samples \((reliable|besteffort)\)","Average of (\d+) samples \((reliable|besteffort)\)"\s*$/;
const ACROSS_HEADER_CELL = /^"(\d+) samples of (\d+) bytes \(us\)"$/;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

export const fastddsLatencyCsvAdapter: FormatAdapter = {
  id: 'fastdds-latency-csv',
  title: 'Fast-DDS LatencyTest --export_csv (minimum/average) files',
  recognises(head: string): boolean {
    const first = splitLines(head)[0] ?? '';
    return (
      PER_SIZE_HEADER.test(first) ||
      /^"\d+ samples of \d+ bytes \(us\)"(,"\d+ samples of \d+ bytes \(us\)")*\s*$/.test(first)
    );
  },
  parse(input: AdapterInput, _options: ParseOptions): ResultSet {
    return parseFastddsLatencyCsv(input.file, input.text);
  },
};

/** `shm_reliable_16_reliable.csv` → { prefix: 'shm_reliable', key: '16', reliability: 'reliable' }. */
function splitName(file: string): { prefix: string; key: string; reliability: string } | undefined {
  const m = /^(.*)_([^_]+)_(reliable|besteffort)\.csv$/i.exec(baseName(file));
  return m ? { prefix: m[1]!, key: m[2]!, reliability: m[3]! } : undefined;
}

function quotedValues(file: string, text: string, line: number): { value: number; column: number }[] {
  const values: { value: number; column: number }[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ',' || c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c !== '"')
      throw new InputError(`expected a quoted value, found "${text.slice(i, i + 10)}"`, { file, line, column: i + 1 });
    const end = text.indexOf('"', i + 1);
    if (end < 0) throw new InputError('a quoted value is not closed (truncated file?)', { file, line, column: i + 1 });
    const inner = text.slice(i + 1, end).trim();
    if (!NUMBER.test(inner)) throw new InputError(`expected a number, found "${inner}"`, { file, line, column: i + 2 });
    values.push({ value: Number(inner), column: i + 2 });
    i = end + 1;
  }
  return values;
}

/** The file name's parts: `<prefix>_<key>_<reliable|besteffort>.csv`. */
type FileName = NonNullable<ReturnType<typeof splitName>>;

export function parseFastddsLatencyCsv(file: string, text: string): ResultSet {
  const lines = splitLines(text);
  const header = lines[0] ?? '';
  const dataIndex = lines.findIndex((l, i) => i > 0 && l.trim() !== '');
  const notes = [
    'Fast-DDS LatencyTest --export_csv: values in µs (half round trip minus clock overhead), 6 significant digits.',
  ];
  const name = splitName(file);
  const perSize = PER_SIZE_HEADER.exec(header);
  const measurements = perSize
    ? [perSizeMeasurement(file, lines, dataIndex, perSize, name)]
    : acrossSizesMeasurements(file, lines, dataIndex, name, notes);
  return { format: fastddsLatencyCsvAdapter.id, file, measurements, notes };
}

/** The per-size export: one payload (named by the file) with its minimum and average. */
function perSizeMeasurement(
  file: string,
  lines: readonly string[],
  dataIndex: number,
  perSize: RegExpExecArray,
  name: FileName | undefined,
): Measurement {
  if (dataIndex < 0) throw new InputError('the file has a header but no data row', { file, line: 2 });
  const values = quotedValues(file, lines[dataIndex]!, dataIndex + 1);
  if (values.length !== 2) {
    throw new InputError(`expected 2 values (minimum, average), found ${values.length}`, {
      file,
      line: dataIndex + 1,
      column: 1,
    });
  }
  if (!name || !/^\d+$/.test(name.key)) {
    throw new InputError(
      'cannot tell the payload size from the file name: expected <prefix>_<bytes>_<reliable|besteffort>.csv',
      { file, line: 1 },
    );
  }
  const bytes = Number(name.key);
  return {
    experiment: name.prefix,
    parameter: { label: `${bytes} B`, payloadBytes: bytes, settings: { reliability: perSize[2]! } },
    metric: LATENCY_METRIC,
    statistics: { samples: Number(perSize[1]), min: values[0]!.value, mean: values[1]!.value },
    place: { file, line: dataIndex + 1 },
  };
}

/** The minimum or average export (the file name says which): one column per payload size. */
function acrossSizesMeasurements(
  file: string,
  lines: readonly string[],
  dataIndex: number,
  name: FileName | undefined,
  notes: string[],
): Measurement[] {
  const cells = (lines[0] ?? '').trim().split(',');
  const columns = cells.map((cell, index) => {
    const m = ACROSS_HEADER_CELL.exec(cell.trim());
    if (!m)
      throw new InputError(`expected "<n> samples of <bytes> bytes (us)", found ${cell}`, {
        file,
        line: 1,
        column: index + 1,
      });
    return { samples: Number(m[1]), bytes: Number(m[2]) };
  });
  const kind = name?.key.toLowerCase();
  if (!name || (kind !== 'minimum' && kind !== 'average')) {
    throw new InputError(
      'cannot tell minimum from average: expected the file name <prefix>_<minimum|average>_<reliable|besteffort>.csv',
      {
        file,
        line: 1,
      },
    );
  }
  if (dataIndex < 0) throw new InputError('the file has a header but no data row', { file, line: 2 });
  const values = quotedValues(file, lines[dataIndex]!, dataIndex + 1);
  if (values.length !== columns.length) {
    throw new InputError(
      `expected ${columns.length} values like the header, found ${values.length} (truncated file?)`,
      {
        file,
        line: dataIndex + 1,
        column: lines[dataIndex]!.length + 1,
      },
    );
  }
  const statistic: StatisticName = kind === 'minimum' ? 'min' : 'mean';
  notes.push(
    'Fast-DDS LatencyTest minimum/average export: upstream writes the values without separators; they are read as quoted values in header order.',
  );
  const seen = new Set<number>();
  return columns.map((column, index) => {
    if (seen.has(column.bytes))
      throw new InputError(`payload ${column.bytes} appears twice in the header`, { file, line: 1 });
    seen.add(column.bytes);
    return {
      experiment: name.prefix,
      parameter: {
        label: `${column.bytes} B`,
        payloadBytes: column.bytes,
        settings: { reliability: name.reliability },
      },
      metric: LATENCY_METRIC,
      statistics: { samples: column.samples, [statistic]: values[index]!.value },
      place: { file, line: dataIndex + 1 },
    };
  });
}
