import { InputError } from '../errors.js';
import type { Measurement, Metric, Parameter, StatisticName } from '../model/measurement.js';
import { parseUnit, toBaseUnit, type Unit } from '../model/units.js';
import type { FormatAdapter } from './adapter.js';
import { medianOfSorted } from '../stats/median.js';
import { isJsonObject, type JsonValue } from './looseJson.js';
import { readJsonReport, isObjectWithArray } from './shared.js';
import type { EnvironmentFingerprint } from '../model/environment.js';
import { PAYLOAD_PARAMETER_NAMES } from '../model/measurement.js';

/**
 * Google Benchmark JSON (`--benchmark_format=json`, `--benchmark_out_format=json`):
 * `{"context": {...}, "benchmarks": [...]}` with bare `NaN`/`Infinity` since v1.5.0.
 *
 * - A benchmark is identified by `run_name` (or `name`, minus `_<aggregate_name>` for aggregates).
 *   Trailing argument segments of that name (`/64`, `/threads:2`, `/real_time`, `/repeats:3`)
 *   become the parameter label; the rest (`BM_memcpy`, `Prefix/BM_Zero`) is the experiment.
 * - Metrics: `real time` and `cpu time` (per iteration, `time_unit` → µs, lower is better),
 *   `bytes per second` (MB/s) and `items per second` (Hz), higher is better.
 * - Iteration rows (one per repetition) are the samples; aggregate rows give `mean`, `median` and
 *   `stddev`. Statistics the aggregates do not give are taken from two or more repetitions (min
 *   and max always; mean, median, stdev when there is no such aggregate); a single run gives only
 *   `mean` (its time is a mean over its iterations). `samples` is the number of
 *   repetitions, not of iterations. `cv`, BigO, RMS and custom aggregates are skipped with a note,
 *   as are custom user counters (their direction is not in the file), errored/skipped runs and runs
 *   of no iterations (their NaN or infinite times measure nothing). An impossible time or rate (0,
 *   −1, NaN, see model/validity.ts) is an error at its field.
 * - `context.num_cpus` is the machine's cores (its fingerprint, see environmentOfContext).
 */
const ARGUMENT_SEGMENT = /^(-?\d+(\.\d+)?|[A-Za-z_][\w]*:[^/]*|real_time|process_time|manual_time)$/;

const KNOWN_FIELDS = new Set([
  'name',
  'family_index',
  'per_family_instance_index',
  'run_name',
  'run_type',
  'repetitions',
  'repetition_index',
  'threads',
  'aggregate_name',
  'aggregate_unit',
  'error_occurred',
  'error_message',
  'skipped',
  'skip_message',
  'iterations',
  'real_time',
  'cpu_time',
  'time_unit',
  'cpu_coefficient',
  'real_coefficient',
  'big_o',
  'rms',
  'bytes_per_second',
  'items_per_second',
  'allocs_per_iter',
  'max_bytes_used',
  'total_allocated_bytes',
  'net_heap_growth',
  'label',
]);

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

  parse({ file, text }) {
    const { doc, fields, root } = readJsonReport(
      file,
      text,
      isObjectWithArray('benchmarks'),
      'expected a Google Benchmark JSON output: an object with a "benchmarks" array',
    );
    const benchmarks = root.benchmarks;
    if (benchmarks.length === 0) {
      throw new InputError('the Google Benchmark output has no benchmarks (the "benchmarks" array is empty)', {
        file,
        ...doc.placeOf(benchmarks),
      });
    }
    const notes: string[] = [];
    const groups = new Map<string, Group>();
    const skippedAggregates = new Set<string>();
    const customCounters = new Set<string>();
    let assumedNs = false;

    benchmarks.forEach((entry, index) => {
      if (!isJsonObject(entry)) throw fields.error('expected a benchmark object in "benchmarks"', benchmarks, index);
      const line = doc.placeOf(entry).line;
      const name = fields.string(entry, 'name', { required: true, what: 'the benchmark' })!;
      const runType = fields.string(entry, 'run_type');
      const aggregateName = fields.string(entry, 'aggregate_name');
      if (entry.error_occurred === true) {
        const message = typeof entry.error_message === 'string' ? `: ${entry.error_message}` : '';
        notes.push(`"${name}" (line ${line}) reported an error and is skipped${message}`);
        return;
      }
      if (
        entry.skipped === true ||
        (typeof entry.skipped === 'number' && entry.skipped !== 0) ||
        typeof entry.skip_message === 'string'
      ) {
        notes.push(
          `"${name}" (line ${line}) was skipped by the benchmark${typeof entry.skip_message === 'string' ? `: ${entry.skip_message}` : ''}`,
        );
        return;
      }

      let statistic: StatisticName | 'repetition';
      if (runType === 'aggregate' || aggregateName !== undefined) {
        const mapped =
          aggregateName === undefined
            ? undefined
            : ({ mean: 'mean', median: 'median', stddev: 'stdev' } as const)[aggregateName];
        if (mapped === undefined || fields.string(entry, 'aggregate_unit') === 'percentage') {
          skippedAggregates.add(aggregateName ?? '(no aggregate_name)');
          return;
        }
        statistic = mapped;
      } else {
        statistic = 'repetition';
      }

      let runName = fields.string(entry, 'run_name');
      if (runName === undefined) {
        runName =
          aggregateName !== undefined && name.endsWith('_' + aggregateName)
            ? name.slice(0, -aggregateName.length - 1)
            : name;
      }

      let timeUnit: Unit | undefined;
      const timeUnitText = fields.string(entry, 'time_unit');
      if (timeUnitText !== undefined) {
        timeUnit = parseUnit(timeUnitText);
        if (timeUnit?.dimension !== 'time')
          throw fields.error(`unknown time_unit "${timeUnitText}" (expected ns, us, ms or s)`, entry, 'time_unit');
      }

      for (const key of Object.keys(entry)) {
        if (!KNOWN_FIELDS.has(key) && typeof entry[key] === 'number') customCounters.add(key);
      }

      if (entry.iterations === 0) {
        // Google Benchmark divides by the iterations: with none, its times are NaN or infinite and measure nothing.
        notes.push(`"${name}" (line ${line}) ran no iterations and is skipped`);
        return;
      }
      for (const spec of METRICS) {
        const value = fields.measured(
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
            assumedNs = true;
            timeUnit = parseUnit('ns') as Unit;
          }
          unit = timeUnit;
        } else {
          unit = spec.unit;
        }
        const group = groupOf(groups, runName, line);
        let slot = group.metrics.get(spec.field);
        if (!slot) {
          const metric = spec.unit === 'time_unit' ? { ...spec.metric, displayUnit: unit.symbol } : spec.metric;
          slot = { metric, statistics: {}, repetitions: [] };
          group.metrics.set(spec.field, slot);
        }
        const base = toBaseUnit(value, unit);
        if (statistic === 'repetition') slot.repetitions.push(base);
        else slot.statistics[statistic] = base;
      }
    });

    const measurements: Measurement[] = [];
    for (const group of groups.values()) {
      for (const { metric, statistics, repetitions } of group.metrics.values()) {
        const measurement: Measurement = {
          experiment: group.experiment,
          parameter: group.parameter,
          metric,
          statistics: { ...statistics },
          place: { file, line: group.line },
        };
        if (repetitions.length > 0) {
          const s = measurement.statistics;
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
            if (s.stdev === undefined)
              s.stdev = Math.sqrt(repetitions.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1));
          }
          measurement.samples = Float64Array.from(repetitions);
        }
        measurements.push(measurement);
      }
    }
    if (measurements.length === 0) {
      throw new InputError('the Google Benchmark output has no benchmark with a real_time, cpu_time or rate counter', {
        file,
        ...doc.placeOf(benchmarks),
      });
    }
    if (assumedNs)
      notes.push('some benchmarks have no "time_unit"; their times were read as nanoseconds (the library default)');
    if (skippedAggregates.size > 0)
      notes.push(`aggregates other than mean, median and stddev are not read: ${[...skippedAggregates].join(', ')}`);
    if (customCounters.size > 0) {
      notes.push(
        `user counters are not read, as the file does not say whether more is better: ${[...customCounters].join(', ')}`,
      );
    }
    const environment = environmentOfContext(root.context);
    return { format: 'google-benchmark', file, measurements, notes, ...(environment ? { environment } : {}) };
  },
};

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

function groupOf(groups: Map<string, Group>, runName: string, line: number): Group {
  let group = groups.get(runName);
  if (!group) {
    group = { ...splitName(runName), line, metrics: new Map() };
    groups.set(runName, group);
  }
  return group;
}

/** `Prefix/BM_memcpy/64/threads:2` → experiment `Prefix/BM_memcpy`, parameter `64/threads:2`. */
export function splitName(runName: string): { experiment: string; parameter: Parameter } {
  const segments = runName.split('/');
  let cut = segments.length;
  while (cut > 1 && ARGUMENT_SEGMENT.test(segments[cut - 1]!)) cut--;
  const args = segments.slice(cut);
  const parameter: Parameter = { label: args.join('/') };
  const settings: Record<string, number | string> = {};
  for (const arg of args) {
    const colon = arg.indexOf(':');
    if (colon < 0) continue;
    const key = arg.slice(0, colon);
    const text = arg.slice(colon + 1);
    const numeric = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
    settings[key] = numeric ?? text;
    if (numeric !== undefined && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(key))
      parameter.payloadBytes = numeric;
  }
  if (Object.keys(settings).length > 0) parameter.settings = settings;
  return { experiment: segments.slice(0, cut).join('/'), parameter };
}
