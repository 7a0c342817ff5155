/**
 * Criterion.rs console output (`cargo bench` with Criterion benchmarks), per benchmark:
 *
 *     publish/64              time:   [1.2345 µs 1.2400 µs 1.2456 µs]
 *                             thrpt:  [49.001 MiB/s 49.222 MiB/s 49.441 MiB/s]
 *                             change: [-2.1034% -1.0021% +0.1123%] (p = 0.08 > 0.05)
 *
 * An id longer than 23 characters stands on a line of its own, the `time:` line indented below
 * it. Each bracket is a confidence interval: lower bound, Criterion's estimate of the time per
 * iteration (the slope of a linear sampling, else the mean), upper bound. The estimate is read as
 * the `mean` of the metric `time` (stored in µs; the bounds have no statistic of their own and are
 * not read); `thrpt:` is the metric `throughput` (bytes or elements per second), higher is
 * better, derived from the time (reported, not gated by default). `change:` lines are Criterion's comparison with its own saved baseline and are not read.
 * The id `group/function/value` is split at its last `/`: experiment `group/function`,
 * parameter `value`; an id without `/` is an experiment with no parameter.
 */
import { InputError } from '../../errors.js';
import { BASE_UNITS, parseUnit, toBaseUnit, type Unit } from '../../model/units.js';
import type { Measurement, Metric, Parameter } from '../../model/measurement.js';
import type { FormatAdapter } from '../adapter.js';
import { consoleLines, readUnit } from '../shared.js';
import { splitId } from './common.js';

/** `time:` or `thrpt:` and a bracket of three value–unit pairs. */
const INTERVAL = /(?:^|\s)(time|thrpt): +\[([^[\]]*)\]/;
const RECOGNISED = /(?:^|\s)time: +\[\d[\d.]* \S+ \d[\d.]* \S+ \d[\d.]* \S+\]/;
const NUMBER = /^\d+(?:\.\d+)?(?:e[-+]?\d+)?$/;
/** Criterion's element rates. */
const ELEMENTS: Record<string, number> = { 'elem/s': 1, 'Kelem/s': 1e3, 'Melem/s': 1e6, 'Gelem/s': 1e9 };
/** Lines of Criterion's own that are not a benchmark id. */
const NOT_AN_ID =
  /^(Benchmarking |Found \d+ outliers|Gnuplot not found|WARNING|Warning|Running |running |test result:)/;

export const criterionConsoleAdapter: FormatAdapter = {
  id: 'criterion-console',
  title: 'Criterion.rs console output (cargo bench)',

  recognises(head: string): boolean {
    return consoleLines(head).some((line) => RECOGNISED.test(line));
  },

  parse({ file, text }) {
    const measurements: Measurement[] = [];
    const seen = new Map<string, number>();
    let changeLines = 0;
    /** The last unindented line that can be an id: the id of an indented `time:` line below it. */
    let candidate: { id: string; line: number } | undefined;
    /** The benchmark whose `time:` line came last, for its `thrpt:` line. */
    let current: { experiment: string; parameter: Parameter; line: number } | undefined;

    consoleLines(text).forEach((line, index) => {
      const lineNo = index + 1;
      if (line.trim() === '') return;
      const interval = INTERVAL.exec(line);
      if (!interval) {
        if (/^\s*change:/.test(line)) changeLines++;
        if (!/^\s/.test(line) && !NOT_AN_ID.test(line)) candidate = { id: line, line: lineNo };
        else if (!/^\s/.test(line)) candidate = undefined;
        return;
      }
      const kind = interval[1]!;
      const bracketColumn = interval.index + interval[0].indexOf('[') + 2;
      // A change is in percent: Criterion's own comparison with its saved baseline.
      if (interval[2]!.includes('%')) {
        changeLines++;
        return;
      }
      const prefix = line.slice(0, interval.index + (interval[0].startsWith(kind) ? 0 : 1)).trim();
      if (kind === 'time') {
        let id: string;
        let idLine: number;
        if (prefix !== '') {
          id = prefix;
          idLine = lineNo;
        } else if (candidate) {
          id = candidate.id;
          idLine = candidate.line;
        } else {
          throw new InputError('a "time:" line with no benchmark id before it', { file, line: lineNo, column: 1 });
        }
        candidate = undefined;
        const earlier = seen.get(id);
        if (earlier !== undefined)
          throw new InputError(
            `benchmark ${id} is listed twice (first on line ${earlier}); give each run its own file`,
            { file, line: lineNo },
          );
        seen.set(id, lineNo);
        current = { ...splitId(id), line: idLine };
        const { unit, estimate } = readInterval(interval[2]!, file, lineNo, bracketColumn, 'time');
        measurements.push({
          ...current,
          metric: metricOf('time', unit),
          statistics: { mean: estimate },
          place: { file, line: idLine },
        });
      } else {
        if (!current || prefix !== '')
          throw new InputError('a "thrpt:" line that does not follow a "time:" line', {
            file,
            line: lineNo,
            column: 1,
          });
        const { unit, estimate } = readInterval(interval[2]!, file, lineNo, bracketColumn, 'thrpt');
        measurements.push({
          ...current,
          metric: metricOf('throughput', unit),
          statistics: { mean: estimate },
          place: { file, line: current.line },
        });
        current = undefined;
      }
    });
    if (measurements.length === 0)
      throw new InputError('no Criterion "time: [low estimate high]" lines found', { file, line: 1 });
    const notes =
      changeLines > 0 ? ["Criterion's change: lines (its comparison with its own saved baseline) are not read"] : [];
    return { format: 'criterion-console', file, measurements, notes };
  },
};

/** A time unit, a byte rate or an element rate as Criterion prints it. */
function unitOf(symbol: string, kind: 'time' | 'thrpt'): Unit | undefined {
  if (kind === 'time') {
    const unit = parseUnit(symbol);
    return unit?.dimension === 'time' ? unit : undefined;
  }
  const elements = ELEMENTS[symbol];
  if (elements !== undefined) return { symbol, dimension: 'rate', toBase: elements };
  const reading = readUnit(symbol);
  return reading.known && reading.direction === 'higher-is-better' ? reading.unit : undefined;
}

/** `[1.2345 µs 1.2400 µs 1.2456 µs]` → the middle value in its dimension's base unit. */
function readInterval(
  body: string,
  file: string,
  line: number,
  column: number,
  kind: 'time' | 'thrpt',
): { unit: Unit; estimate: number } {
  const tokens = body.split(' ');
  const fail = (message: string) => new InputError(message, { file, line, column });
  if (tokens.length !== 6)
    throw fail(`expected three values with units in "${kind}: [...]", found "${body.slice(0, 60)}"`);
  const values: { value: number; unit: Unit }[] = [];
  for (let i = 0; i < 6; i += 2) {
    const unit = unitOf(tokens[i + 1]!, kind);
    if (!NUMBER.test(tokens[i]!))
      throw fail(`expected a number in "${kind}: [...]", found "${tokens[i]!.slice(0, 40)}"`);
    if (!unit) throw fail(`unknown ${kind === 'time' ? 'time' : 'throughput'} unit "${tokens[i + 1]!.slice(0, 20)}"`);
    values.push({ value: Number(tokens[i]), unit });
  }
  const middle = values[1]!;
  return { unit: middle.unit, estimate: toBaseUnit(middle.value, middle.unit) };
}

function metricOf(name: 'time' | 'throughput', unit: Unit): Metric {
  return {
    name,
    // The throughput is the declared bytes or elements over the time: derived from it.
    ...(name === 'throughput' ? { role: 'derived' as const } : {}),
    dimension: unit.dimension,
    unit: BASE_UNITS[unit.dimension],
    displayUnit: unit.symbol,
    direction: name === 'time' ? 'lower-is-better' : 'higher-is-better',
  };
}
