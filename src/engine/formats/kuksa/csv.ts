import { InputError } from '../../errors.js';
import { stripBom } from '../../csv/header.js';
import { baseName } from '../../model/experimentType.js';
import type { ResultSet } from '../../model/measurement.js';
import type { AdapterInput, FormatAdapter, ParseOptions } from '../adapter.js';
import { sampleStatistics } from '../shared.js';
import { latencyMetric } from './common.js';

/**
 * databroker-perf `--detailed-output` per-group latency file `output/<group_name>.csv` (spec §2.4):
 * the header `Latency (ms)` and one whole number per received update, in arrival order. The header
 * is wrong: the values are microseconds (`as_micros()`), and they are read as such.
 */

const HEADER = 'Latency (ms)';
/** The values are microseconds, whatever the header says: shown as such. */
const LATENCY = latencyMetric('us');

export const kuksaCsvAdapter: FormatAdapter = {
  id: 'kuksa-csv',
  title: 'Eclipse Kuksa databroker-perf per-group latency CSV',
  recognises(head: string): boolean {
    const [first, second] = stripBom(head).split(/\r?\n/, 2);
    return first?.trim() === HEADER && (second === undefined || second.trim() === '' || /^\s*\d+\s*$/.test(second));
  },
  parse(input: AdapterInput, _options: ParseOptions): ResultSet {
    return parseKuksaCsv(input.file, input.text);
  },
};

export function parseKuksaCsv(file: string, text: string): ResultSet {
  const lines = stripBom(text).split(/\r?\n/);
  if ((lines[0] ?? '').trim() !== HEADER) {
    throw new InputError(`expected the header "${HEADER}"`, { file, line: 1, column: 1 });
  }
  const values: number[] = [];
  let firstLine = 0;
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    if (!/^\s*\d+\s*$/.test(raw)) {
      throw new InputError(`expected a latency in whole microseconds, found "${raw.trim().slice(0, 40)}"`, {
        file,
        line: i + 1,
        column: raw.length - raw.trimStart().length + 1,
      });
    }
    if (firstLine === 0) firstLine = i + 1;
    values.push(Number(raw));
  }
  if (values.length === 0) throw new InputError('the latency file has a header but no data rows', { file, line: 2 });
  const samples = Float64Array.from(values);
  const name = baseName(file);
  const experiment = name.toLowerCase().endsWith('.csv') ? name.slice(0, -4) : name;
  return {
    format: kuksaCsvAdapter.id,
    file,
    measurements: [
      {
        experiment,
        parameter: { label: experiment },
        metric: LATENCY,
        statistics: sampleStatistics(values),
        samples,
        place: { file, line: firstLine },
      },
    ],
    notes: [
      'databroker-perf CSV: the header says "Latency (ms)" but the values are whole microseconds (the tool writes as_micros()); read as µs.',
      'databroker-perf CSV: percentiles computed here with linear interpolation (numpy default), stdev is the population value; the console figures come from an HdrHistogram (3 significant digits) and may differ slightly.',
      `databroker-perf CSV: the experiment is the group name taken from the file name ("${experiment}").`,
    ],
  };
}
