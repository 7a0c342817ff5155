/**
 * benchmark.js console lines, as `String(bench)` prints them in a suite's `on('cycle')` handler:
 * `RegExp#test x 4,161,532 ops/sec ±0.99% (93 runs sampled)`.
 *
 * - The name (everything before the last ` x `, so a name may hold spaces, `#`, `/` and ` x `
 *   itself) is the experiment; there is no parameter.
 * - The rate (thousands separators; two decimals under 100) is the mean of the metric
 *   `throughput` in ops/sec, higher-is-better (a floor); the runs sampled are its `samples`.
 * - The `±` relative margin of error (benchmark.js' 95 % confidence margin of the mean) is checked
 *   but not read: it is not a spread of the runs.
 * - Other lines (`Fastest is …`, an errored benchmark's `name: error`, the program's own output)
 *   are not results and are skipped. A name given twice (two suites with one case name) is read
 *   as `name (2)`, with a note.
 */
import { InputError } from '../errors.js';
import type { Measurement, Metric } from '../model/measurement.js';
import type { FormatAdapter } from './adapter.js';
import { consoleLines, DistinctNames } from './shared.js';

/** What follows a result line's last ` x `, to the end of the line: `4,161,532 ops/sec ±0.99% (93 runs sampled)`. */
const RESULT_TAIL = /^\d[\d,]*(?:\.\d+)? ops\/sec \u00b1\d+(?:\.\d+)?% \(\d+ runs? sampled\)$/;

/**
 * Files that quote result lines without being an output: documents (a README's example) and
 * source code (a test's expected string). Their names say so.
 */
const QUOTING_FILE =
  /^(?:readme|changelog|changes|contributing)(?:[.-]|$)|\.(?:md|markdown|mdx|rst|adoc|html?|[cm]?[jt]sx?|json|ya?ml|xml|py|go|rs|java|kt|cs|c|cc|cpp|h|hpp|rb|sh)$/i;

const THROUGHPUT: Metric = {
  name: 'throughput',
  dimension: 'rate',
  unit: 'Hz',
  displayUnit: 'ops/sec',
  direction: 'higher-is-better',
};

/** The parts of a result line after ` x `, each with what it should be for an error message. */
const PARTS: [RegExp, string][] = [
  [/(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?/y, 'a rate such as 4,161,532 or 66.93'],
  [/ ops\/sec \u00b1/y, '" ops/sec ±"'],
  [/\d+(?:\.\d+)?/y, 'a margin of error in percent'],
  [/% \(/y, '"% ("'],
  [/\d+/y, 'the number of runs sampled'],
  [/ runs? sampled\)$/y, '" runs sampled)" at the end of the line'],
];

export const benchmarkJsAdapter: FormatAdapter = {
  id: 'benchmarkjs',
  title: 'benchmark.js console output (String(bench) per cycle)',

  recognises(head: string, file: string): boolean {
    if (QUOTING_FILE.test(file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1))) return false;
    // A whole line as String(bench) prints it: in source code a quote or a comma follows it, and
    // Markdown fences it. Each line is cut at its last ` x ` (no regular expression scans a line
    // from every start: linear in the head).
    for (const raw of head.split('\n')) {
      const line = raw.trimEnd();
      if (line.startsWith('```') || line.startsWith('~~~')) return false;
      const cut = line.lastIndexOf(' x ');
      if (cut > 0 && RESULT_TAIL.test(line.slice(cut + 3))) return true;
    }
    return false;
  },

  parse({ file, text }) {
    const notes: string[] = [];
    const names = new DistinctNames(notes);
    const measurements: Measurement[] = [];
    consoleLines(text).forEach((line, index) => {
      const lineNo = index + 1;
      const cut = line.lastIndexOf(' x ');
      if (cut < 0 || !line.includes(' ops/sec', cut)) return;
      const [hz, runs] = readParts(line, cut + 3, file, lineNo);
      if (cut === 0 || line.slice(0, cut).trim() === '')
        throw new InputError('a result line without a benchmark name before " x "', { file, line: lineNo, column: 1 });
      const samples = Number(runs);
      if (samples < 1)
        throw new InputError(`expected at least 1 run sampled, found ${runs}`, {
          file,
          line: lineNo,
          column: line.lastIndexOf('(') + 2,
        });
      measurements.push({
        experiment: names.name(line.slice(0, cut), THROUGHPUT.name, lineNo),
        parameter: { label: '' },
        metric: THROUGHPUT,
        statistics: { mean: Number(hz!.replace(/,/g, '')), samples },
        place: { file, line: lineNo },
      });
    });
    if (measurements.length === 0) {
      throw new InputError('no benchmark.js result lines ("name x 1,234 ops/sec ±0.50% (90 runs sampled)") found', {
        file,
        line: 1,
      });
    }
    return { format: 'benchmarkjs', file, measurements, notes };
  },
};

/** The rate and the runs sampled of a result line from `start`; an error names the first part that is not there. */
function readParts(line: string, start: number, file: string, lineNo: number): string[] {
  const out: string[] = [];
  let at = start;
  for (const [pattern, expected] of PARTS) {
    pattern.lastIndex = at;
    const m = pattern.exec(line);
    if (!m) {
      const found = line.slice(at, at + 20);
      throw new InputError(
        `expected ${expected} after the benchmark name, found ${found === '' ? 'the end of the line' : `"${found}"`}`,
        { file, line: lineNo, column: at + 1 },
      );
    }
    out.push(m[0]);
    at += m[0].length;
  }
  return [out[0]!, out[4]!];
}
