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
 * (`tests::bench_add_two`); there is no parameter. Tests (`... ok`, `... ignored`) are skipped;
 * failed benchmarks are noted.
 */
import { InputError } from '../errors.js';
import type { Measurement, Metric } from '../model/measurement.js';
import type { FormatAdapter } from './adapter.js';
import { consoleLines } from './shared.js';

const NUMBER = '(\\d{1,3}(?:,\\d{3})*(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)';
const BENCH_LINE = new RegExp(`^test (\\S+) +\\.\\.\\. bench: +${NUMBER} ns/iter \\(\\+/- ${NUMBER}\\)(?: = ${NUMBER} MB/s)?$`);
/** Any line that says it is a benchmark's result. */
const LOOKS_LIKE = /^test \S+ +\.\.\. bench:/;
const FAILED = /^test (\S+) +\.\.\. FAILED$/;

const TIME: Metric = { name: 'time/iter', dimension: 'time', unit: 'us', displayUnit: 'ns/iter', direction: 'lower-is-better' };
const RATE: Metric = { name: 'MB/s', dimension: 'byterate', unit: 'MB/s', displayUnit: 'MB/s', direction: 'higher-is-better' };

const number = (text: string) => Number(text.replace(/,/g, ''));

export const rustLibtestAdapter: FormatAdapter = {
  id: 'rust-libtest',
  title: 'Rust libtest benchmark output (cargo bench, #[bench])',

  recognises(head: string): boolean {
    return consoleLines(head).some((line) => BENCH_LINE.test(line));
  },

  parse({ file, text }) {
    const measurements: Measurement[] = [];
    const notes: string[] = [];
    const seen = new Map<string, number>();
    consoleLines(text).forEach((line, index) => {
      const place = { file, line: index + 1 };
      const failed = FAILED.exec(line);
      if (failed) {
        notes.push(`${failed[1]} (line ${place.line}) failed; it has no result`);
        return;
      }
      if (!LOOKS_LIKE.test(line)) return;
      const match = BENCH_LINE.exec(line);
      if (!match) {
        const at = line.indexOf('bench:') + 'bench:'.length;
        const column = at + line.slice(at).search(/\S|$/) + 1;
        throw new InputError(`expected "<time> ns/iter (+/- <range>)" after "bench:", found "${line.slice(column - 1, column + 39)}"`, { ...place, column });
      }
      const experiment = match[1]!;
      const earlier = seen.get(experiment);
      if (earlier !== undefined) throw new InputError(`benchmark ${experiment} is listed twice (first on line ${earlier}); give each run its own file`, place);
      seen.set(experiment, place.line);
      measurements.push({ experiment, parameter: { label: '' }, metric: TIME, statistics: { median: number(match[2]!) / 1000 }, place });
      if (match[4] !== undefined) measurements.push({ experiment, parameter: { label: '' }, metric: RATE, statistics: { median: number(match[4]) }, place });
    });
    if (measurements.length === 0) throw new InputError('no libtest benchmark lines ("test name ... bench: 123 ns/iter (+/- 4)") found', { file, line: 1 });
    return { format: 'rust-libtest', file, measurements, notes };
  },
};
