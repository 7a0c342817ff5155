/**
 * Catch2 console output with benchmarks (v2 `CATCH_CONFIG_ENABLE_BENCHMARKING`, v3): per test
 * case a table headed `benchmark name  samples  iterations  estimated` (v3: `est run time`),
 * three rows per benchmark:
 *
 *     publish 64 bytes                                20          3078    1.35432 ms
 *                                             20.8906 ns    20.1293 ns    23.8369 ns
 *                                             3.14784 ns   0.230395 ns    6.26037 ns
 *
 * the sample count, iterations per sample and estimated run time; the mean with its bootstrap
 * interval; the standard deviation with its interval. A name too long for its column continues
 * on the rows above the numbers. The experiment is the test case (with its sections, joined by
 * ` / `), the parameter the benchmark's name; `time` (µs) has the `mean`, `stdev` and `samples`
 * (the intervals have no statistic of their own and are not read).
 */
import { InputError } from '../../errors.js';
import type { Measurement } from '../../model/measurement.js';
import { parseUnit, toBaseUnit } from '../../model/units.js';
import type { FormatAdapter } from '../adapter.js';
import { consoleLines } from '../shared.js';
import { catch2Measurement, experimentOfScopes } from './common.js';

const HEADER = /^benchmark name +samples +iterations +(estimated|est run time)$/;
const RULE = /^-{20,}$/;
const END = /^(={20,}|\.{20,})$/;
const NUMBER = /^\d+(?:\.\d+)?(?:e[-+]?\d+)?$/;

export const catch2ConsoleAdapter: FormatAdapter = {
  id: 'catch2-console',
  title: 'Catch2 console output with benchmarks',

  recognises(head: string): boolean {
    return consoleLines(head).some((line) => HEADER.test(line));
  },

  parse({ file, text }) {
    const lines = consoleLines(text);
    const measurements: Measurement[] = [];
    let experiment = '';
    let i = 0;
    // A table cut off early is reported at the last line there is.
    const fail: Fail = (message, line, column) =>
      new InputError(message, {
        file,
        line: Math.min(line, lines.length - 1) + 1,
        ...(column !== undefined ? { column } : {}),
      });
    while (i < lines.length) {
      const banner = testCaseBanner(lines, i);
      if (banner) {
        experiment = banner.experiment;
        i = banner.next;
        continue;
      }
      if (!HEADER.test(lines[i]!)) {
        i++;
        continue;
      }
      i = readBenchmarkTable({ file, lines, experiment, fail }, i, measurements);
    }
    if (measurements.length === 0)
      throw new InputError('no Catch2 benchmark results found (a "benchmark name  samples  iterations" table)', {
        file,
        line: 1,
      });
    return { format: 'catch2-console', file, measurements, notes: [] };
  },
};

/** An InputError at a 0-based line index (kept within the file). */
type Fail = (message: string, line: number, column?: number) => InputError;

/**
 * A test case's banner at `i` (a rule, its name and sections, a rule): the experiment it names and
 * the index after it; undefined when there is none.
 */
function testCaseBanner(lines: readonly string[], i: number): { experiment: string; next: number } | undefined {
  const line = lines[i]!;
  if (!(RULE.test(line) && i + 2 < lines.length && !RULE.test(lines[i + 1]!) && !HEADER.test(lines[i - 1] ?? '')))
    return undefined;
  let end = i + 1;
  while (end < lines.length && !RULE.test(lines[end]!)) end++;
  if (end >= lines.length) return undefined;
  const scopes = lines
    .slice(i + 1, end)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  return { experiment: experimentOfScopes(scopes), next: end + 1 };
}

interface BenchmarkTable {
  file: string;
  lines: readonly string[];
  /** The test case the table is in ('' before any banner). */
  experiment: string;
  fail: Fail;
}

/** Reads the table whose header is at `i` into `measurements`; returns the index of the line that ends it. */
function readBenchmarkTable(
  { file, lines, experiment, fail }: BenchmarkTable,
  i: number,
  measurements: Measurement[],
): number {
  // The header's two continuation rows and a rule, then the benchmarks.
  i += 3;
  if (!RULE.test(lines[i] ?? '')) throw fail('expected the rule under the benchmark table header', i);
  i++;
  let name: string[] = [];
  let nameLine = i;
  for (; i < lines.length; i++) {
    const row = lines[i]!;
    if (row.trim() === '') {
      if (name.length > 0)
        throw fail(`benchmark "${name.join(' ')}" has no samples, iterations and estimate`, nameLine);
      continue;
    }
    if (END.test(row) || RULE.test(row)) break;
    if (name.length === 0) nameLine = i;
    const tokens = row.trim().split(/ +/);
    const n = tokens.length;
    if (!isSummaryRow(tokens)) {
      // The name's first part; the numbers come with its last part.
      name.push(row.trim());
      continue;
    }
    name.push(tokens.slice(0, n - 4).join(' '));
    const mean = readTriple(lines[i + 1], i + 1, 'mean', fail);
    const stdev = readTriple(lines[i + 2], i + 2, 'std dev', fail);
    measurements.push(
      catch2Measurement(
        file,
        experiment,
        name.join(' '),
        { mean, stdev, samples: Number(tokens[n - 4]) },
        nameLine + 1,
      ),
    );
    name = [];
    i += 2;
  }
  if (name.length > 0) throw fail(`benchmark "${name.join(' ')}" has no samples, iterations and estimate`, nameLine);
  return i;
}

/** A row ending in the sample count, iterations and estimated time: the last row of a benchmark's name. */
function isSummaryRow(tokens: readonly string[]): boolean {
  const n = tokens.length;
  return (
    n >= 5 &&
    /^\d+$/.test(tokens[n - 4]!) &&
    /^\d+$/.test(tokens[n - 3]!) &&
    NUMBER.test(tokens[n - 2]!) &&
    parseUnit(tokens[n - 1]!)?.dimension === 'time'
  );
}

/** `20.8906 ns    20.1293 ns    23.8369 ns` → the first value in µs. */
function readTriple(row: string | undefined, index: number, what: string, fail: Fail): number {
  const tokens = (row ?? '').trim().split(/ +/);
  const ok =
    tokens.length === 6 &&
    [0, 2, 4].every((k) => NUMBER.test(tokens[k]!) && parseUnit(tokens[k + 1]!)?.dimension === 'time');
  if (!ok)
    throw fail(
      `expected the ${what} row: three times with units ("20.8 ns  20.1 ns  23.8 ns"), found "${(row ?? '').trim().slice(0, 60)}"`,
      index,
      1,
    );
  return toBaseUnit(Number(tokens[0]), parseUnit(tokens[1]!)!);
}
