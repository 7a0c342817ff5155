/**
 * What the `perf stat` readers (`-x<sep>` CSV and `-j` JSON) share: a counter's row, the metric it is, and the result
 * set of one file.
 *
 * - A file is one command's run (`perf stat -x, -o <benchmark>.csv -e instructions,cycles,task-clock -- <cmd>`): the
 *   benchmark is the file's name without its last extension (perf writes no command line in these forms).
 * - Each counter is a metric: `instructions` (and `instructions:u`, `cpu/instructions/`, …) is the benchmark's primary
 *   metric and an exact count (Metric.kind), gated at the count threshold; every other counter is secondary (reported,
 *   gated on request): `task-clock` is a time in ms, the rest counts.
 * - `<not supported>` and `<not counted>` are never numbers: such a counter has no row, and the file's skipped list
 *   says which counters this machine could not count (GitHub-hosted runners count no hardware event).
 * - A counter that ran less than 100 % of the time (perf multiplexed it with others and scaled its count) is an
 *   estimate: its metric is secondary and its instrument says the percentage, so it is never gated, and a note says so.
 */
import { InputError } from '../../errors.js';
import type { Measurement, Metric, ResultSet, SkippedBenchmark } from '../../model/measurement.js';
import { BASE_UNITS, parseUnit } from '../../model/units.js';
import type { ParseOptions } from '../adapter.js';
import { ModelLimits } from '../streamed.js';

/** What counted the rows: perf writes no version in these outputs. */
export const PERF_INSTRUMENT = 'perf stat';

/** Counters of instructions retired, with an event modifier or a PMU prefix. */
const INSTRUCTIONS = /^(?:[\w-]+\/)?instructions\/?(?::[ukhHGPpS]+)?$/;
/** The values perf prints for a counter it has no count of. */
const NO_COUNT = /^<not (?:supported|counted)>$/;
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

/** One counter as a reader found it: its texts as written, and where the value is. */
export interface CounterRow {
  event: string;
  value: string;
  unit: string;
  /** The percentage of the time the counter ran (`pcnt-running`), as written; '' when absent. */
  running: string;
  line: number;
  /** The column of the value and of the running percentage, for errors. */
  valueColumn: number;
  runningColumn: number;
}

/** The benchmark a file is: its base name without the last extension. */
export function benchmarkOfFile(file: string): string {
  const parts = file.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? file;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/** Whether a value is one perf prints for a counter it could not count. */
export function isNoCount(value: string): boolean {
  return NO_COUNT.test(value.trim());
}

/** Whether a text reads as a number (perf's values and percentages, with no grouping). */
export function isNumber(text: string): boolean {
  return NUMBER.test(text.trim());
}

function counterMetric(event: string, unitText: string, instrument: string, multiplexed: boolean): Metric {
  const instructions = INSTRUCTIONS.test(event);
  const unit = parseUnit(unitText);
  const dimension = unit?.dimension ?? 'count';
  return {
    name: event,
    ...(instructions && !multiplexed ? {} : { role: 'secondary' as const }),
    ...(instructions ? { kind: 'count' as const } : {}),
    dimension,
    unit: BASE_UNITS[dimension],
    displayUnit: unitText.trim(),
    direction: 'lower-is-better',
    instrument,
  };
}

/** The result set of one perf stat file's counter rows. */
export function perfStatSet(
  format: string,
  file: string,
  rows: readonly CounterRow[],
  options: ParseOptions,
  lastLine: number,
): ResultSet {
  const experiment = benchmarkOfFile(file);
  const measurements: Measurement[] = [];
  const skipped: SkippedBenchmark[] = [];
  const notes: string[] = [];
  const limits = new ModelLimits(file, options);
  const seen = new Map<string, number>();
  for (const row of rows) {
    const first = seen.get(row.event);
    if (first !== undefined)
      throw new InputError(`the counter "${row.event}" again (first on line ${first}): give each run its own file`, {
        file,
        line: row.line,
        column: row.valueColumn,
      });
    seen.set(row.event, row.line);
    const value = row.value.trim();
    if (isNoCount(value)) {
      skipped.push({
        experiment,
        name: row.event,
        message: `perf stat printed ${value}: this machine cannot count ${row.event}; left out, never read as 0`,
        place: { file, line: row.line },
      });
      continue;
    }
    if (!isNumber(value) || Number(value) < 0)
      throw new InputError(`expected the count of ${row.event}, found "${value.slice(0, 40)}"`, {
        file,
        line: row.line,
        column: row.valueColumn,
      });
    let multiplexed = false;
    let instrument = PERF_INSTRUMENT;
    if (row.running.trim() !== '') {
      const running = row.running.trim();
      if (!isNumber(running) || Number(running) < 0 || Number(running) > 100)
        throw new InputError(`expected the percentage of the time ${row.event} ran, found "${running.slice(0, 40)}"`, {
          file,
          line: row.line,
          column: row.runningColumn,
        });
      if (Number(running) < 100) {
        multiplexed = true;
        instrument = `${PERF_INSTRUMENT}, multiplexed: counted ${running} % of the time`;
        notes.push(
          `${row.event} ran ${running} % of the time (multiplexed; perf scaled its count): an estimate, reported and never gated`,
        );
      }
    }
    const metric = counterMetric(row.event, row.unit, instrument, multiplexed);
    const unit = parseUnit(row.unit);
    const toBase = unit && unit.dimension !== 'count' ? unit.toBase : 1;
    limits.measurement(row.line);
    measurements.push({
      experiment,
      parameter: { label: '' },
      metric,
      statistics: { value: Number(value) * toBase },
      place: { file, line: row.line },
    });
  }
  if (measurements.length === 0 && skipped.length === 0)
    throw new InputError('no counter rows: perf stat wrote none', { file, line: Math.max(lastLine, 1) });
  if (skipped.length > 0)
    notes.push(`this machine cannot count ${skipped.map((s) => s.name).join(', ')} (perf stat: not supported/counted)`);
  if (!measurements.some((m) => m.metric.kind === 'count' && m.metric.role === undefined))
    notes.push('no instructions counted in full: every counter is reported, none is gated by default');
  return { format, file, measurements, notes, ...(skipped.length > 0 ? { skipped } : {}) };
}
