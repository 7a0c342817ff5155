import { InputError } from '../../errors.js';
import { stripBom } from '../../csv/header.js';
import { readCsvTable, type CsvRow } from '../../csv/table.js';
import type { Measurement, StatisticName } from '../../model/measurement.js';
import { parseUnit, toBaseUnit, type Unit } from '../../model/units.js';
import type { FormatAdapter } from '../adapter.js';
import { readNumberCell } from '../shared.js';
import { LATENCY, THROUGHPUT } from './common.js';

/**
 * redis-benchmark `--csv`. Since Redis 6.2/7:
 * `"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"`,
 * one quoted row per test. Older releases write `"test","rps"` or no header at all, only
 * `"PING_INLINE","94339.62"` lines. Experiment: the test name (`SET`, `LRANGE_100 (first 100
 * elements)`); metrics `throughput` (requests/s, higher is better) and `latency` (ms → µs, lower
 * is better). The file does not record `-d`, `-c` or `-P`: no parameter.
 */
const MS = parseUnit('ms') as Unit;

const LATENCY_COLUMNS: [string, StatisticName][] = [
  ['avg_latency_ms', 'mean'],
  ['min_latency_ms', 'min'],
  ['p50_latency_ms', 'median'],
  ['p95_latency_ms', 'p95'],
  ['p99_latency_ms', 'p99'],
  ['max_latency_ms', 'max'],
];
const ALL_COLUMNS = ['test', 'rps', ...LATENCY_COLUMNS.map(([c]) => c)];
const HEADER = /^"test","rps"(,"\w+")*\s*$/;
/** An old headerless line: a quoted test name and a quoted number. */
const OLD_LINE = /^"[^",]+","\d+(\.\d+)?"\s*$/;

export const redisBenchmarkAdapter: FormatAdapter = {
  id: 'redis-benchmark',
  title: 'redis-benchmark --csv output',

  recognises(head: string): boolean {
    const lines = stripBom(head)
      .split(/\r?\n/)
      .slice(0, 20)
      .filter((l) => l.trim() !== '');
    const first = lines[0];
    if (first === undefined) return false;
    if (HEADER.test(first)) return true;
    // Headerless (old releases): every complete line looks like "NAME","12345.67".
    const complete = lines.length > 1 ? lines.slice(0, -1) : lines;
    return complete.every((l) => OLD_LINE.test(l));
  },

  parse({ file, text }) {
    const notes: string[] = [];
    const { rows, testIndex, rpsIndex, headerFields } = readRedisTable(file, text, notes);
    const latencyIndexes = LATENCY_COLUMNS.map(
      ([column, statistic]) => [headerFields.indexOf(column), statistic, column] as const,
    ).filter(([i]) => i >= 0);
    const unknown = headerFields.filter((f) => !ALL_COLUMNS.includes(f));
    if (unknown.length > 0) notes.push(`columns not read: ${unknown.join(', ')}`);

    const measurements: Measurement[] = [];
    const seen = new Map<string, number>();
    for (const row of rows) {
      const test = (row.fields[testIndex] ?? '').trim();
      if (test === '') throw new InputError('a row without a test name', { file, line: row.line, column: 1 });
      const earlier = seen.get(test);
      if (earlier !== undefined) {
        throw new InputError(`the test "${test}" appears twice (first on line ${earlier})`, {
          file,
          line: row.line,
          column: 1,
        });
      }
      seen.set(test, row.line);
      const place = { file, line: row.line };
      const rps = readNumberCell(file, row, rpsIndex, 'rps');
      if (rps !== undefined)
        measurements.push({
          experiment: test,
          parameter: { label: '' },
          metric: THROUGHPUT,
          statistics: { value: rps },
          place,
        });
      const statistics: Partial<Record<StatisticName, number>> = {};
      for (const [index, statistic, column] of latencyIndexes) {
        const value = readNumberCell(file, row, index, column);
        if (value !== undefined) statistics[statistic] = toBaseUnit(value, MS);
      }
      if (Object.keys(statistics).length > 0)
        measurements.push({ experiment: test, parameter: { label: '' }, metric: LATENCY, statistics, place });
    }
    return { format: 'redis-benchmark', file, measurements, notes };
  },
};

/**
 * The result rows (at least one) and the header's fields; headerless old output is read under a
 * made-up `"test","rps"` header, with its rows' and errors' line numbers kept those of the file.
 */
function readRedisTable(
  file: string,
  text: string,
  notes: string[],
): { rows: CsvRow[]; testIndex: number; rpsIndex: number; headerFields: string[] } {
  const body = stripBom(text);
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  let content = body;
  let lineOffset = 0;
  if (!/^"?test"?\s*,/.test(firstLine.trim())) {
    if (body.trim() === '')
      throw new InputError('the file is empty; expected redis-benchmark --csv output', { file, line: 1 });
    // Refused at its first line, before the CSV reader reads on through a file of another kind.
    if (!OLD_LINE.test(firstLine))
      throw new InputError(
        'not redis-benchmark --csv output: line 1 is neither its header ("test","rps",…) nor an old headerless line ("NAME","requests per second")',
        { file, line: 1, column: 1 },
      );
    content = '"test","rps"\n' + body;
    lineOffset = 1;
    notes.push('an old redis-benchmark CSV without header: only requests per second');
  }
  let table: ReturnType<typeof readCsvTable<'test' | 'rps'>>;
  try {
    table = readCsvTable(file, content, ['test', 'rps'] as const, '"test","rps",…', ALL_COLUMNS);
  } catch (error) {
    // Line numbers of the headerless form count the made-up header: take it off again.
    if (lineOffset > 0 && error instanceof InputError && error.place?.line !== undefined) {
      throw new InputError(error.message, { ...error.place, line: Math.max(1, error.place.line - lineOffset) });
    }
    throw error;
  }
  const rows: CsvRow[] = table.rows.map((row) => ({ ...row, line: row.line - lineOffset }));
  if (rows.length === 0) throw new InputError('the redis-benchmark CSV has a header but no results', { file, line: 2 });
  const headerFields = stripBom(content)
    .split(/\r?\n/, 1)[0]!
    .split(',')
    .map((f) => f.trim().replace(/^"(.*)"$/, '$1'));
  return { rows, testIndex: table.columns.test, rpsIndex: table.columns.rps, headerFields };
}
