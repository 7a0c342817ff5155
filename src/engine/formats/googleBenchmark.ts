import { InputError } from '../errors.js';
import type { Measurement, Metric, Parameter, SkippedBenchmark, StatisticName } from '../model/measurement.js';
import { parseUnit, toBaseUnit, type Unit } from '../model/units.js';
import type { FormatAdapter, ParseOptions } from './adapter.js';
import { medianOfSorted } from '../stats/median.js';
import { isJsonObject, type JsonObject, type JsonValue } from './looseJson.js';
import { JsonFields } from './jsonFields.js';
import { JsonStreamReader } from './jsonStream.js';
import { measuredAtOf, isObjectWithArray } from './shared.js';
import { finishShaped, ModelLimits, streamedFormat, type TextReader } from './streamed.js';
import type { EnvironmentFingerprint } from '../model/environment.js';
import { splitName, wallDecides, withClock } from './googleBenchmarkNames.js';
import {
  KNOWN_FIELDS,
  runNameOfAggregate,
  skipMessage,
  statisticOfEntry,
  timeUnitOfEntry,
} from './googleBenchmarkEntry.js';

export { splitName };

/**
 * Google Benchmark JSON (`--benchmark_format=json`, `--benchmark_out_format=json`):
 * `{"context": {...}, "benchmarks": [...]}` with bare `NaN`/`Infinity` since v1.5.0.
 *
 * - A benchmark is identified by `run_name` (or `name`, minus `_<aggregate_name>` for aggregates).
 *   Trailing argument segments of that name (`/64`, `/threads:2`, `/real_time`, `/repeats:3`)
 *   become the parameter label; the rest (`BM_memcpy`, `Prefix/BM_Zero`) is the experiment.
 * - Metrics: `real time` and `cpu time` (per iteration, `time_unit` → µs, lower is better),
 *   `bytes per second` (MB/s) and `items per second` (Hz), higher is better. The CPU time is primary:
 *   on a loaded runner the real time (the console's `Time`) counts the other jobs' time slices, and
 *   on the loaded runs of fixtures/ecosystems its band of unchanged reruns was ten to a hundred times
 *   the CPU time's (docs/statistics.md, "Which time decides"; `npm run validate`). The real time stays
 *   primary where the CPU time is not the benchmark's time: a multi-threaded one (`threads:N`, N > 1:
 *   its CPU time sums the threads), one that asked for real time (`UseRealTime()`, `/real_time`) or
 *   timed itself (`UseManualTime()`, `/manual_time`). The other time is secondary and the rates,
 *   the counters' size or items over the time, derived: reported, gated on request (`--gate all-metrics`).
 * - Iteration rows (one per repetition) are the samples; aggregate rows give `mean`, `median` and
 *   `stddev`. Statistics the aggregates do not give are taken from two or more repetitions (min
 *   and max always; mean, median, stdev when there is no such aggregate); a single run gives only
 *   `mean` (its time is a mean over its iterations). `samples` is the number of
 *   repetitions, not of iterations. `cv`, BigO, RMS and custom aggregates are skipped with a note,
 *   as are custom user counters (their direction is not in the file) and runs of no iterations
 *   (their NaN or infinite times measure nothing). A run that reported an error
 *   (`state.SkipWithError`: `error_occurred`, `error_message`) or was skipped (`skipped`,
 *   `skip_message`) is a skipped benchmark with the library's message. An impossible time or rate (0,
 *   −1, NaN, see model/validity.ts) is an error at its field.
 * - `context.num_cpus` is the machine's cores (its fingerprint, see environmentOfContext).
 */
const NANOSECONDS = parseUnit('ns') as Unit;

interface MetricSpec {
  field: string;
  metric: Metric;
  unit: Unit | 'time_unit';
}

const METRICS: MetricSpec[] = [
  {
    field: 'real_time',
    metric: { name: 'real time', dimension: 'time', unit: 'us', displayUnit: 'ns', direction: 'lower-is-better' },
    unit: 'time_unit',
  },
  {
    field: 'cpu_time',
    metric: { name: 'cpu time', dimension: 'time', unit: 'us', displayUnit: 'ns', direction: 'lower-is-better' },
    unit: 'time_unit',
  },
  {
    field: 'bytes_per_second',
    metric: {
      name: 'bytes per second',
      role: 'derived',
      dimension: 'byterate',
      unit: 'MB/s',
      displayUnit: 'B/s',
      direction: 'higher-is-better',
    },
    unit: parseUnit('B/s') as Unit,
  },
  {
    field: 'items_per_second',
    metric: {
      name: 'items per second',
      role: 'derived',
      dimension: 'rate',
      unit: 'Hz',
      displayUnit: 'items/s',
      direction: 'higher-is-better',
    },
    unit: parseUnit('Hz') as Unit,
  },
];

interface Group {
  experiment: string;
  parameter: Parameter;
  line: number;
  /** The most threads an entry of the run reports (its `threads` field). */
  threads: number;
  /** Per metric field: the aggregate statistics and the repetition values. */
  metrics: Map<string, { metric: Metric; statistics: Partial<Record<StatisticName, number>>; repetitions: number[] }>;
}

export const googleBenchmarkAdapter: FormatAdapter = {
  id: 'google-benchmark',
  title: 'Google Benchmark JSON output',

  recognises(head: string): boolean {
    if (!/^\uFEFF?\s*\{/.test(head)) return false;
    if (!/"benchmarks"\s*:\s*\[/.test(head)) return false;
    // The context block, or the fields every benchmark entry has.
    return (
      /^\uFEFF?\s*\{\s*"context"\s*:\s*\{/.test(head) ||
      /"(run_type|time_unit|real_time|per_family_instance_index)"\s*:/.test(head)
    );
  },

  ...streamedFormat(googleBenchmarkReader),
};

const EXPECTED = 'expected a Google Benchmark JSON output: an object with a "benchmarks" array';

/**
 * Reads the file piece by piece: each entry of `benchmarks` is read into its group as it comes
 * and dropped (a 54 MB file of 10,000 benchmarks × 10 repetitions held 300 MB as a whole tree).
 */
function googleBenchmarkReader(file: string, options: ParseOptions): TextReader {
  const fresh = (): Reading => ({
    file,
    fields: undefined!,
    notes: [],
    skipped: new Map(),
    groups: new Map(),
    skippedAggregates: new Set(),
    customCounters: new Set(),
    assumedNs: false,
    limits: new ModelLimits(file, options),
  });
  let reading = fresh();
  const json = new JsonStreamReader(file, {
    key: 'benchmarks',
    begin: () => {
      reading = fresh();
    },
    element: (entry, doc, place) => {
      if (!isJsonObject(entry)) throw new InputError('expected a benchmark object in "benchmarks"', { file, ...place });
      reading.fields = new JsonFields(file, doc);
      readBenchmarkEntry(reading, entry, place.line);
    },
  });
  return {
    push: (text) => json.push(text),
    finish() {
      const { root, entriesPlace } = finishShaped(json, file, isObjectWithArray('benchmarks'), {
        expected: EXPECTED,
        entries: (r) => r.benchmarks,
        empty: 'the Google Benchmark output has no benchmarks (the "benchmarks" array is empty)',
      });
      const measurements = [...reading.groups.values()].flatMap((group) => measurementsOfGroup(file, group));
      const skipped = [...reading.skipped.values()];
      if (measurements.length === 0 && skipped.length === 0) {
        throw new InputError(
          'the Google Benchmark output has no benchmark with a real_time, cpu_time or rate counter',
          { file, ...entriesPlace },
        );
      }
      const notes = [...reading.notes, ...closingNotes(reading)];
      const environment = environmentOfContext(root.context);
      const measuredAt = isJsonObject(root.context) ? measuredAtOf(root.context.date) : undefined;
      return {
        format: 'google-benchmark',
        file,
        measurements,
        notes,
        ...(skipped.length > 0 ? { skipped } : {}),
        ...(environment ? { environment } : {}),
        ...(measuredAt ? { measuredAt } : {}),
      };
    },
  };
}

/** What reading the benchmarks gathers: the groups by run name, and what to say of what was skipped. */
interface Reading {
  file: string;
  fields: JsonFields;
  notes: string[];
  /** Runs that reported an error or were skipped, by run name (each repetition reports it again). */
  skipped: Map<string, SkippedBenchmark>;
  groups: Map<string, Group>;
  skippedAggregates: Set<string>;
  customCounters: Set<string>;
  /** Some entry had no `time_unit`, so nanoseconds were assumed. */
  assumedNs: boolean;
  limits: ModelLimits;
}

/** Adds one entry of `benchmarks` to its group, or notes why it is skipped. */
function readBenchmarkEntry(reading: Reading, entry: JsonObject, line: number): void {
  const { fields, notes } = reading;
  const name = fields.string(entry, 'name', { required: true, what: 'the benchmark' })!;
  const runType = fields.string(entry, 'run_type');
  const aggregateName = fields.string(entry, 'aggregate_name');
  const message = skipMessage(entry);
  if (message !== undefined) {
    const runName = fields.string(entry, 'run_name') ?? runNameOfAggregate(name, aggregateName);
    if (!reading.skipped.has(runName)) {
      const { experiment, parameter } = splitName(runName);
      reading.skipped.set(runName, { experiment, name: parameter.label, message, place: { file: reading.file, line } });
    }
    return;
  }
  const statistic = statisticOfEntry(fields, entry, runType, aggregateName);
  if (statistic === undefined) {
    reading.skippedAggregates.add(aggregateName ?? '(no aggregate_name)');
    return;
  }
  const runName = fields.string(entry, 'run_name') ?? runNameOfAggregate(name, aggregateName);
  const timeUnit = timeUnitOfEntry(fields, entry);
  for (const key of Object.keys(entry)) {
    if (!KNOWN_FIELDS.has(key) && typeof entry[key] === 'number') reading.customCounters.add(key);
  }
  if (entry.iterations === 0) {
    // Google Benchmark divides by the iterations: with none, its times are NaN or infinite and measure nothing.
    notes.push(`"${name}" (line ${line}) ran no iterations and is skipped`);
    return;
  }
  addMetricValues(reading, entry, { runName, line, statistic, timeUnit });
}

interface EntryContext {
  runName: string;
  line: number;
  statistic: StatisticName | 'repetition';
  timeUnit: Unit | undefined;
}

/** Puts each metric the entry has into its group, as a repetition value or an aggregate statistic. */
function addMetricValues(reading: Reading, entry: JsonObject, context: EntryContext): void {
  const { statistic } = context;
  let { timeUnit } = context;
  for (const spec of METRICS) {
    const value = reading.fields.measured(
      entry,
      spec.field,
      {
        dimension: spec.metric.dimension,
        statistic: statistic === 'repetition' ? 'sample' : statistic,
        metric: spec.metric.name,
      },
      { nullable: true },
    );
    if (value === undefined) continue;
    let unit: Unit;
    if (spec.unit === 'time_unit') {
      if (!timeUnit) {
        reading.assumedNs = true;
        timeUnit = NANOSECONDS;
      }
      unit = timeUnit;
    } else {
      unit = spec.unit;
    }
    const group = groupOf(reading, context.runName, context.line);
    if (typeof entry.threads === 'number' && entry.threads > group.threads) group.threads = entry.threads;
    let slot = group.metrics.get(spec.field);
    if (!slot) {
      reading.limits.measurement(context.line);
      const metric = spec.unit === 'time_unit' ? { ...spec.metric, displayUnit: unit.symbol } : spec.metric;
      slot = { metric, statistics: {}, repetitions: [] };
      group.metrics.set(spec.field, slot);
    }
    const base = toBaseUnit(value, unit);
    if (statistic === 'repetition') slot.repetitions.push(base);
    else slot.statistics[statistic] = base;
  }
}

/** One measurement per metric of the group, its aggregates completed from the repetitions. */
function measurementsOfGroup(file: string, group: Group): Measurement[] {
  const wall = wallDecides(group.parameter, group.threads);
  return [...group.metrics.values()].map(({ metric, statistics, repetitions }) => {
    const measurement: Measurement = {
      experiment: group.experiment,
      parameter: group.parameter,
      metric: withClock(metric, wall, group.metrics.has('real_time') && group.metrics.has('cpu_time')),
      statistics: { ...statistics },
      place: { file, line: group.line },
    };
    if (repetitions.length > 0) {
      completeFromRepetitions(measurement.statistics, repetitions);
      measurement.samples = Float64Array.from(repetitions);
    }
    return measurement;
  });
}

/** samples and mean always; min, max and the missing median/stdev from two or more repetitions. */
function completeFromRepetitions(s: Partial<Record<StatisticName, number>>, repetitions: readonly number[]): void {
  const sorted = [...repetitions].sort((a, b) => a - b);
  const n = sorted.length;
  s.samples = n;
  const mean = repetitions.reduce((a, b) => a + b, 0) / n;
  if (s.mean === undefined) s.mean = mean;
  if (n > 1) {
    // Over repetitions; one run's value is a mean over its iterations and nothing more.
    s.min = sorted[0]!;
    s.max = sorted[n - 1]!;
    if (s.median === undefined) s.median = medianOfSorted(sorted);
    if (s.stdev === undefined) s.stdev = Math.sqrt(repetitions.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
  }
}

/** The notes on what was assumed or left unread over all entries. */
function closingNotes(reading: Reading): string[] {
  const notes: string[] = [];
  if (reading.assumedNs)
    notes.push('some benchmarks have no "time_unit"; their times were read as nanoseconds (the library default)');
  if (reading.skippedAggregates.size > 0)
    notes.push(
      `aggregates other than mean, median and stddev are not read: ${[...reading.skippedAggregates].join(', ')}`,
    );
  if (reading.customCounters.size > 0) {
    notes.push(
      `user counters are not read, as the file does not say whether more is better: ${[...reading.customCounters].join(', ')}`,
    );
  }
  return notes;
}

/**
 * What the `context` block says of the machine: `num_cpus` (the logical CPUs, as the action counts
 * them). Its `host_name` names one host, not a kind of machine, and `mhz_per_cpu` is often the
 * current, scaled frequency: neither is compared. The block names no CPU model and no OS.
 */
function environmentOfContext(context: JsonValue | undefined): EnvironmentFingerprint | undefined {
  if (!isJsonObject(context)) return undefined;
  const cpus = context.num_cpus;
  return typeof cpus === 'number' && Number.isSafeInteger(cpus) && cpus > 0 ? { cores: cpus } : undefined;
}

function groupOf(reading: Reading, runName: string, line: number): Group {
  let group = reading.groups.get(runName);
  if (!group) {
    group = { ...splitName(runName), line, threads: 1, metrics: new Map() };
    reading.limits.experiment(group.experiment, line);
    reading.groups.set(runName, group);
  }
  return group;
}
