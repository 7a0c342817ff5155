import { InputError } from '../../errors.js';
import { stripBom } from '../../csv/header.js';
import { baseName } from '../../model/experimentType.js';
import type { Measurement, Metric, ResultSet } from '../../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from '../adapter.js';

/**
 * Fast-DDS ThroughputTest `--export_csv FILE` (spec §5.2, reference semantics §8):
 *
 * ```
 * Payload [Bytes],Demand [sample/burst],Recovery time [ms],Sent [samples],Publication time [us],
 * Publication sample rate [Sample/s],Publication throughput [Mb/s],Received [samples],Lost [samples],
 * Subscription time [us],Subscription sample rate [Sample/s],Subscription throughput [Mb/s]
 * ```
 * Fast-RTPS 1.9.x spelled the units `[samples/burst]`, `[samples/s]` and `[Mbits/s]` (as in
 * eProsima/benchmarking's `results_max_*` files); both spellings are read. One row per payload ×
 * demand × recovery time; with several subscribers one row per subscriber.
 */

type Column =
  | 'payload'
  | 'demand'
  | 'recovery'
  | 'sent'
  | 'pubTime'
  | 'pubRate'
  | 'pubThroughput'
  | 'received'
  | 'lost'
  | 'subTime'
  | 'subRate'
  | 'subThroughput';

const COLUMN_PATTERNS: Record<Column, RegExp> = {
  payload: /^Payload \[Bytes\]$/,
  demand: /^Demand \[samples?\/burst\]$/,
  recovery: /^Recovery time \[ms\]$/,
  sent: /^Sent \[samples\]$/,
  pubTime: /^Publication time \[us\]$/,
  pubRate: /^Publication sample rate \[[Ss]amples?\/s\]$/,
  pubThroughput: /^Publication throughput \[(Mb\/s|Mbits\/s)\]$/,
  received: /^Received \[samples\]$/,
  lost: /^Lost \[samples\]$/,
  subTime: /^Subscription time \[us\]$/,
  subRate: /^Subscription sample rate \[[Ss]amples?\/s\]$/,
  subThroughput: /^Subscription throughput \[(Mb\/s|Mbits\/s)\]$/,
};
const REQUIRED: Column[] = ['payload', 'demand', 'subThroughput'];
const INTEGER_COLUMNS: Column[] = ['payload', 'demand', 'recovery', 'sent', 'received', 'lost'];
const NUMBER = /^-?\d+(\.\d+)?$/;

const metric = (
  name: string,
  dimension: Metric['dimension'],
  unit: string,
  displayUnit: string,
  direction: Metric['direction'],
): Metric => ({
  name,
  dimension,
  unit,
  displayUnit,
  direction,
});
const THROUGHPUT = metric('throughput', 'bitrate', 'Mb/s', 'Mb/s', 'higher-is-better');
const SAMPLE_RATE = metric('sample rate', 'rate', 'Hz', 'Sample/s', 'higher-is-better');
const LOST = metric('lost samples', 'count', '', 'samples', 'lower-is-better');
const PUB_THROUGHPUT = metric('publication throughput', 'bitrate', 'Mb/s', 'Mb/s', 'higher-is-better');
const PUB_RATE = metric('publication sample rate', 'rate', 'Hz', 'Sample/s', 'higher-is-better');

export const fastddsThroughputAdapter: FormatAdapter = {
  id: 'fastdds-throughput',
  title: 'Fast-DDS ThroughputTest --export_csv',
  recognises(head: string): boolean {
    const first = stripBom(head).split(/\r?\n/, 1)[0] ?? '';
    return /^Payload \[Bytes\],Demand \[samples?\/burst\],/.test(first) && first.includes('Subscription throughput [');
  },
  parse(input: AdapterInput, _options: ParseOptions): ResultSet {
    return parseFastddsThroughput(input.file, input.text);
  },
};

function experimentOf(file: string): string {
  const name = baseName(file);
  const stem = name.toLowerCase().endsWith('.csv') ? name.slice(0, -4) : name;
  // throughput_tests.py names the file measurements_<intra|inter>process_<profile>….csv.
  const cut = stem.replace(/^measurements_/, '');
  return cut === '' ? stem : cut;
}

interface Row {
  line: number;
  values: Partial<Record<Column, number>>;
}

export function parseFastddsThroughput(file: string, text: string): ResultSet {
  const lines = stripBom(text).split(/\r?\n/);
  const header = lines[0] ?? '';
  const names = header.split(',').map((s) => s.trim());
  const index: Partial<Record<Column, number>> = {};
  names.forEach((name, i) => {
    for (const column of Object.keys(COLUMN_PATTERNS) as Column[]) {
      if (COLUMN_PATTERNS[column].test(name)) index[column] = i;
    }
  });
  for (const column of REQUIRED) {
    if (index[column] === undefined) {
      throw new InputError(`missing the column matching ${COLUMN_PATTERNS[column].source.replace(/\\/g, '')}`, {
        file,
        line: 1,
        column: 1,
      });
    }
  }
  const rows = readThroughputRows(file, lines, names, index);
  const notes: string[] = [
    'Fast-DDS ThroughputTest: throughput in Mb/s (10^6 bit/s) = samples·payload·8/time_us; sample rate in samples/s.',
  ];
  const { merged, mergedCount } = mergeSubscriberRows(rows);
  if (mergedCount > 0) {
    notes.push(
      `${mergedCount} row(s) repeat a payload × demand × recovery: taken as further subscribers of one test, their received, lost, sample rate and throughput are summed.`,
    );
  }
  const experiment = experimentOf(file);
  const measurements = merged.flatMap((row) => measurementsOfRow(file, experiment, row));
  return { format: fastddsThroughputAdapter.id, file, measurements, notes };
}

/** The data rows, each field of a found column checked to be a (whole) number. */
function readThroughputRows(
  file: string,
  lines: readonly string[],
  names: readonly string[],
  index: Partial<Record<Column, number>>,
): Row[] {
  const rows: Row[] = [];
  for (let i = 1; i < lines.length; i++) {
    const textLine = lines[i]!;
    if (textLine.trim() === '') continue;
    const fields = textLine.split(',');
    if (fields.length !== names.length) {
      throw new InputError(`expected ${names.length} fields like the header, found ${fields.length} (truncated row?)`, {
        file,
        line: i + 1,
        column: textLine.length + 1,
      });
    }
    const values: Partial<Record<Column, number>> = {};
    let column = 1;
    const starts = fields.map((f) => {
      const start = column;
      column += f.length + 1;
      return start;
    });
    for (const [name, at] of Object.entries(index) as [Column, number][]) {
      const raw = fields[at]!.trim();
      const integer = INTEGER_COLUMNS.includes(name);
      if (!(integer ? /^\d+$/ : NUMBER).test(raw)) {
        throw new InputError(
          `expected ${integer ? 'a whole number' : 'a number'} in column "${names[at]}", found "${raw}"`,
          {
            file,
            line: i + 1,
            column: starts[at]!,
          },
        );
      }
      values[name] = Number(raw);
    }
    rows.push({ line: i + 1, values });
  }
  if (rows.length === 0)
    throw new InputError('the ThroughputTest CSV has a header but no data rows', { file, line: 2 });
  return rows;
}

/** The columns summed over the subscribers of one test. */
const SUBSCRIBER_COLUMNS: readonly Column[] = ['received', 'lost', 'subRate', 'subThroughput'];

/** Several subscribers: one CSV row each for the same test; merged like the console table does. */
function mergeSubscriberRows(rows: readonly Row[]): { merged: Row[]; mergedCount: number } {
  const merged = new Map<string, Row>();
  let mergedCount = 0;
  for (const row of rows) {
    const key = `${row.values.payload}|${row.values.demand}|${row.values.recovery ?? ''}`;
    const earlier = merged.get(key);
    if (!earlier) {
      merged.set(key, { line: row.line, values: { ...row.values } });
      continue;
    }
    mergedCount++;
    for (const c of SUBSCRIBER_COLUMNS) {
      if (earlier.values[c] !== undefined && row.values[c] !== undefined)
        earlier.values[c] = earlier.values[c]! + row.values[c]!;
    }
  }
  return { merged: [...merged.values()], mergedCount };
}

/** One test's subscriber throughput, sample rate and losses, and the publisher's when given. */
function measurementsOfRow(file: string, experiment: string, row: Row): Measurement[] {
  const measurements: Measurement[] = [];
  const v = row.values;
  const payload = v.payload!;
  const settings: Record<string, number> = { demand: v.demand! };
  let label = `${payload} B × ${v.demand}`;
  if (v.recovery !== undefined) {
    settings.recoveryMs = v.recovery;
    label += ` × ${v.recovery} ms`;
  }
  const parameter = { label, payloadBytes: payload, settings };
  const add = (m: Metric, value: number | undefined): void => {
    if (value === undefined) return;
    measurements.push({ experiment, parameter, metric: m, statistics: { value }, place: { file, line: row.line } });
  };
  add(THROUGHPUT, v.subThroughput);
  add(SAMPLE_RATE, v.subRate);
  add(LOST, v.lost);
  add(PUB_THROUGHPUT, v.pubThroughput);
  add(PUB_RATE, v.pubRate);
  return measurements;
}
