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
 *
 * A benchmark Catch2 could not measure prints `Benchmark failed (<message>)` instead of its
 * numbers, and is a skipped benchmark with that message. Before the estimate (v2.13's "could not
 * measure benchmark, maybe it was optimized away") it follows the name on the name's row. After
 * the estimate it starts the next row, and Catch2 2.13's table printer then breaks no row after
 * it: the rest of the test case's table is one cell to the right (the next benchmark's name
 * follows the message on its row, each row ends with the cell that starts the next). Such rows
 * are read back into their places, and the table is read as if they had never moved.
 */
import { InputError } from '../../errors.js';
import type { Measurement, SkippedBenchmark } from '../../model/measurement.js';
import { parseUnit, toBaseUnit } from '../../model/units.js';
import type { FormatAdapter } from '../adapter.js';
import { consoleLines } from '../shared.js';
import { catch2FloorNotes, catch2Measurement, catch2Skipped, experimentOfScopes } from './common.js';

const HEADER = /^benchmark name +samples +iterations +(estimated|est run time)$/;
const RULE = /^-{20,}$/;
const END = /^(={20,}|\.{20,})$/;
const NUMBER = /^\d+(?:\.\d+)?(?:e[-+]?\d+)?$/;
const FAILED = 'Benchmark failed (';
/** A benchmark that failed before its estimate: the last part of its name, then the message. */
const FAILED_AFTER_NAME = /^(.*?\S) +Benchmark failed \((.*)\)$/;

export const catch2ConsoleAdapter: FormatAdapter = {
  id: 'catch2-console',
  title: 'Catch2 console output with benchmarks',

  recognises(head: string): boolean {
    return consoleLines(head).some((line) => HEADER.test(line));
  },

  parse({ file, text }) {
    const lines = consoleLines(text);
    const measurements: Measurement[] = [];
    const skipped: SkippedBenchmark[] = [];
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
      i = readBenchmarkTable({ file, lines, experiment, fail }, i, measurements, skipped);
    }
    if (measurements.length === 0 && skipped.length === 0)
      throw new InputError('no Catch2 benchmark results found (a "benchmark name  samples  iterations" table)', {
        file,
        line: 1,
      });
    return {
      format: 'catch2-console',
      file,
      measurements,
      notes: catch2FloorNotes(measurements),
      ...(skipped.length > 0 ? { skipped } : {}),
    };
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

/** A row of the table as Catch2 meant it, and the 0-based index of the line it starts on. */
interface TableRow {
  text: string;
  line: number;
}

/**
 * Reads the table whose header is at `i` into `measurements` and `skipped`; returns the index of
 * the line that ends it.
 */
function readBenchmarkTable(
  { file, lines, experiment, fail }: BenchmarkTable,
  i: number,
  measurements: Measurement[],
  skipped: SkippedBenchmark[],
): number {
  // The name column's width: where the header's second column starts.
  const nameWidth = lines[i]!.indexOf('samples');
  // The header's two continuation rows and a rule, then the benchmarks.
  i += 3;
  if (!RULE.test(lines[i] ?? '')) throw fail('expected the rule under the benchmark table header', i);
  const { rows, end } = tableRows(lines, i + 1, nameWidth);
  let name: string[] = [];
  let nameLine = i + 1;
  for (let r = 0; r < rows.length; r++) {
    const { text: row, line } = rows[r]!;
    if (row.trim() === '') {
      if (name.length > 0)
        throw fail(`benchmark "${name.join(' ')}" has no samples, iterations and estimate`, nameLine);
      continue;
    }
    if (name.length === 0) nameLine = line;
    const failedEarly = FAILED_AFTER_NAME.exec(row.trim());
    if (failedEarly) {
      name.push(failedEarly[1]!);
      skipped.push(catch2Skipped(file, experiment, name.join(' '), failedEarly[2]!, nameLine + 1));
      name = [];
      continue;
    }
    const tokens = row.trim().split(/ +/);
    const n = tokens.length;
    if (!isSummaryRow(tokens)) {
      // The name's first part; the numbers come with its last part.
      name.push(row.trim());
      continue;
    }
    name.push(tokens.slice(0, n - 4).join(' '));
    const next = rows[r + 1];
    if (next?.text.startsWith(FAILED)) {
      // Failed after its estimate: the message is the whole next row.
      skipped.push(catch2Skipped(file, experiment, name.join(' '), next.text.slice(FAILED.length, -1), nameLine + 1));
      name = [];
      r += 1;
      continue;
    }
    const mean = readTriple(next, rows[r]!, 'mean', fail);
    const stdev = readTriple(rows[r + 2], next ?? rows[r]!, 'std dev', fail);
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
    r += 2;
  }
  if (name.length > 0) throw fail(`benchmark "${name.join(' ')}" has no samples, iterations and estimate`, nameLine);
  return end;
}

/**
 * The rows of a table from line `start` to the rule or line that ends it (`end`), with the rows a
 * benchmark failed after its estimate moved put back (see the module comment). While they are
 * moved, a line's first cell (`nameWidth` wide, never a name then) ends the row before it.
 */
function tableRows(lines: readonly string[], start: number, nameWidth: number): { rows: TableRow[]; end: number } {
  const rows: TableRow[] = [];
  let moved: TableRow | undefined;
  let k = start;
  for (; k < lines.length; k++) {
    const line = lines[k]!;
    if (END.test(line) || RULE.test(line)) break;
    if (moved) {
      rows.push({ text: `${moved.text} ${line.slice(0, nameWidth).trim()}`, line: moved.line });
      const rest = line.slice(nameWidth);
      // A failure ends its row: the table is back in place from the next line.
      moved = rest.includes(FAILED) ? (rows.push({ text: rest.trim(), line: k }), undefined) : { text: rest, line: k };
      continue;
    }
    if (!line.startsWith(FAILED)) {
      rows.push({ text: line, line: k });
      continue;
    }
    const split = failureCellEnd(line, nameWidth);
    rows.push({ text: line.slice(0, split), line: k });
    const rest = line.slice(split).trim();
    if (rest === '') continue;
    if (rest.includes(FAILED)) rows.push({ text: rest, line: k });
    else moved = { text: rest, line: k };
  }
  if (moved) rows.push(moved);
  return { rows, end: k };
}

/**
 * Where the cell `Benchmark failed (<message>)` at the start of `line` ends. The cell is padded to
 * the name column's width (or followed by one space when longer), and what follows is the start of
 * the next benchmark (or nothing). The message may hold `)` itself: the first `)` after which the
 * line goes on as a cell would is taken, preferring one after which a benchmark's row follows.
 */
function failureCellEnd(line: string, nameWidth: number): number {
  const ends: number[] = [];
  for (let p = line.indexOf(')', FAILED.length); p !== -1; p = line.indexOf(')', p + 1)) {
    const cell = p + 1;
    const next = cell + 1 < nameWidth ? nameWidth : cell + 1;
    if (line.slice(cell, next).trim() === '' && line[next] !== ' ') ends.push(cell);
  }
  const startsBenchmark = (cell: number) => {
    const rest = line.slice(cell).trim();
    return rest === '' || rest.includes(FAILED) || /\S +\d+ +\d+$/.test(rest);
  };
  return ends.find(startsBenchmark) ?? ends[0] ?? line.lastIndexOf(')') + 1;
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

/** `20.8906 ns    20.1293 ns    23.8369 ns` → the first value in µs; `before` is the row above it. */
function readTriple(tableRow: TableRow | undefined, before: TableRow, what: string, fail: Fail): number {
  const row = tableRow?.text;
  const index = tableRow?.line ?? before.line + 1;
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
