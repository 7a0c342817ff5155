/**
 * Rust libtest benchmarks: the console output of `cargo bench` with `#[bench]` functions (nightly,
 * `#![feature(test)]`). One line per benchmark:
 *
 *     test bench_publish_64   ... bench:          22.24 ns/iter (+/- 198.24)
 *     test bench_publish_4096 ... bench:       1,234 ns/iter (+/- 56) = 3319 MB/s
 *
 * Older toolchains print whole nanoseconds, newer ones two decimals; both use `,` thousands
 * separators. The time is the median over libtest's samples of the time per iteration (metric
 * `time/iter`, stored in µs); the `+/-` figure is their range (max − min after winsorising), not
 * a deviation, and is not read. `= N MB/s` (with `b.bytes` set) is the metric `MB/s`, higher is
 * better, computed from that median. The experiment is the benchmark's full path
 * (`tests::bench_add_two`; Criterion's `--output-format bencher` ids may hold spaces); there is no
 * parameter. Other units (custom measurements: `cycles/iter`, `MS/s`) are metrics named as
 * written, rates higher-is-better, units perfgate does not know lower-is-better with a note. Tests
 * (`... ok`, `... ignored`) are skipped; failed benchmarks are noted. libtest rounds to whole nanoseconds on older
 * toolchains: `0 ns/iter` (work optimised away) is a measurement below 1 ns (`belowResolution`), noted, never an error.
 */
import { InputError } from '../errors.js';
import type { Measurement, Metric } from '../model/measurement.js';
import type { FormatAdapter, ParseOptions } from './adapter.js';
import { stripBom } from '../csv/header.js';
import { LineSplitter, ModelLimits, streamedFormat, type TextReader } from './streamed.js';
import { ownCopy } from '../text/ownCopy.js';
import { toBaseUnit } from '../model/units.js';
import { ANSI_ESCAPE, consoleLines, metricOfUnit, resolutionFloorNote } from './shared.js';

const NUMBER = '(\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)';
// Names may hold spaces: Criterion's `--output-format bencher` prints its ids (`Fibonacci (Execution)`)
// in this layout; they are found by the ` ... ` that ends them, without a backtracking pattern.
// Units other than ns/iter come from custom measurements (`cycles/iter`, `MS/s`).
const BENCH_MARK = ' ... bench:';
const RESULT = new RegExp(`^ +${NUMBER} (\\S+) \\(\\+/- ${NUMBER}\\)(?: = ${NUMBER} MB/s)?$`);
const FAILED_MARK = ' ... FAILED';

/** The name and the text after `bench:` of a benchmark line, or undefined for another line. */
function benchLine(line: string): { name: string; rest: string; restColumn: number } | undefined {
  if (!line.startsWith('test ')) return undefined;
  const at = line.indexOf(BENCH_MARK);
  if (at < 0) return undefined;
  const name = line.slice(5, at).trimEnd();
  return name === ''
    ? undefined
    : { name, rest: line.slice(at + BENCH_MARK.length), restColumn: at + BENCH_MARK.length + 1 };
}

const TIME: Metric = {
  name: 'time/iter',
  dimension: 'time',
  unit: 'us',
  displayUnit: 'ns/iter',
  direction: 'lower-is-better',
};
const RATE: Metric = {
  name: 'MB/s',
  dimension: 'byterate',
  unit: 'MB/s',
  displayUnit: 'MB/s',
  direction: 'higher-is-better',
};

const number = (text: string) => Number(text.replace(/,/g, ''));

export const rustLibtestAdapter: FormatAdapter = {
  id: 'rust-libtest',
  title: 'Rust libtest benchmark output (cargo bench, #[bench])',

  recognises(head: string): boolean {
    return consoleLines(head).some((line) => {
      const bench = benchLine(line);
      return bench !== undefined && RESULT.test(bench.rest);
    });
  },

  ...streamedFormat(rustLibtestReader),
};

/** Reads the output line by line as it comes (consoleLines' cleaning, one line at a time). */
function rustLibtestReader(file: string, options: ParseOptions): TextReader {
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  const seen = new Map<string, number>();
  const unknownUnits = new Set<string>();
  const floors: string[] = [];
  const limits = new ModelLimits(file, options);
  let first = true;
  const lines = new LineSplitter((raw, lineNo) => {
    const line = (first ? stripBom(raw) : raw).replace(ANSI_ESCAPE, '').replace(/\r$/, '').trimEnd();
    first = false;
    const place = { file, line: lineNo };
    if (line.startsWith('test ') && line.endsWith(FAILED_MARK)) {
      notes.push(`${line.slice(5, -FAILED_MARK.length).trim()} (line ${place.line}) failed; it has no result`);
      return;
    }
    const bench = benchLine(line);
    if (!bench) return;
    const match = RESULT.exec(bench.rest);
    if (!match) {
      const column = bench.restColumn + bench.rest.search(/\S|$/);
      throw new InputError(
        `expected "<time> ns/iter (+/- <range>)" after "bench:", found "${line.slice(column - 1, column + 39)}"`,
        { ...place, column },
      );
    }
    // A copy: a slice of the line keeps the piece of the file it was cut from (text/ownCopy.ts).
    const experiment = ownCopy(bench.name);
    const earlier = seen.get(experiment);
    if (earlier !== undefined)
      throw new InputError(
        `benchmark ${experiment} is listed twice (first on line ${earlier}); give each run its own file`,
        place,
      );
    seen.set(experiment, place.line);
    limits.experiment(experiment, place.line);
    limits.measurement(place.line);
    if (match[4] !== undefined) limits.measurement(place.line);
    const symbol = match[2]!;
    if (symbol === 'ns/iter') {
      const nanoseconds = number(match[1]!);
      if (nanoseconds === 0) floors.push(experiment);
      measurements.push({
        experiment,
        parameter: { label: '' },
        metric: TIME,
        statistics: { median: nanoseconds / 1000 },
        place,
        ...(nanoseconds === 0 ? { belowResolution: true as const } : {}),
      });
    } else {
      const { metric, unit, known } = metricOfUnit(symbol);
      if (!known) unknownUnits.add(symbol);
      measurements.push({
        experiment,
        parameter: { label: '' },
        metric,
        statistics: { median: toBaseUnit(number(match[1]!), unit) },
        place,
      });
    }
    if (match[4] !== undefined)
      measurements.push({
        experiment,
        parameter: { label: '' },
        metric: RATE,
        statistics: { median: number(match[4]) },
        place,
      });
  });
  return {
    push: (text) => lines.push(text),
    finish() {
      lines.finish();
      if (floors.length > 0) notes.push(resolutionFloorNote(floors, 'ns/iter'));
      if (unknownUnits.size > 0)
        notes.push(
          `units perfgate does not know are kept as written and read as lower-is-better: ${[...unknownUnits].join(', ')}`,
        );
      if (measurements.length === 0)
        throw new InputError('no libtest benchmark lines ("test name ... bench: 123 ns/iter (+/- 4)") found', {
          file,
          line: 1,
        });
      return { format: 'rust-libtest', file, measurements, notes };
    },
  };
}
