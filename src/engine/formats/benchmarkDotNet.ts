/**
 * BenchmarkDotNet JSON reports (`--exporters json`, `[JsonExporter…]`): `<Type>-report-full.json`,
 * `-full-compressed.json` (the default) and the `-brief` variants, as its JsonExporterBase writes
 * them: `{"Title", "HostEnvironmentInfo": {...}, "Benchmarks": [...]}`.
 *
 * - The experiment is `Type.Method` (with the namespace where two namespaces share it). The
 *   parameter is `Parameters` (`Size=64&Mode=Copy` → label `Size=64,Mode=Copy`, `Size` the
 *   payload); with several jobs in one report, the job's id (`ShortRun`, `Job-ABCDEF`) is the
 *   setting `job`.
 * - `Statistics` are nanoseconds per operation: `Mean`, `Median`, `Min`, `Max`,
 *   `StandardDeviation` and the `P90` and `P95` percentiles become statistics of `time` (stored
 *   in µs), `N` the number of samples (BenchmarkDotNet's, after it removed outliers). The raw
 *   samples are the `Measurements` of stage `Result` and mode `Workload` (Nanoseconds ÷
 *   Operations; the brief report has `Statistics.OriginalValues` instead); warm-up, pilot and
 *   overhead iterations are not.
 * - `Memory` (with `[MemoryDiagnoser]`): `allocated` (`BytesAllocatedPerOperation`, B/op) and
 *   `gen0`, `gen1`, `gen2` (collections per 1000 operations, the report's Gen0 … columns), all
 *   lower-is-better. Other `Metrics` (other diagnosers) are metrics of their own, in the direction
 *   their descriptor gives (`TheGreaterTheBetter`), with their unit as written. All of them are
 *   secondary to the time (reported, gated on request).
 * - `HostEnvironmentInfo` becomes notes; a benchmark without statistics (it failed) is noted and
 *   left out.
 */
import { InputError } from '../errors.js';
import type { Measurement, Metric, Parameter, StatisticName } from '../model/measurement.js';
import { BASE_UNITS, toBaseUnit } from '../model/units.js';
import type { FormatAdapter, ParseOptions } from './adapter.js';
import { JsonStreamReader } from './jsonStream.js';
import { finishShaped, ModelLimits, streamedFormat, type TextReader } from './streamed.js';
import { isJsonObject, type JsonObject, type JsonPlace, type JsonValue } from './looseJson.js';
import { describeJson, JsonFields } from './jsonFields.js';
import { optionalStatistic, readUnit, settingsParameter, isObjectWithArray } from './shared.js';

const TIME: Metric = { name: 'time', dimension: 'time', unit: 'us', displayUnit: 'ns', direction: 'lower-is-better' };
const ALLOCATED: Metric = {
  name: 'allocated',
  role: 'secondary',
  dimension: 'size',
  unit: 'B',
  displayUnit: 'B/op',
  direction: 'lower-is-better',
};
const STATISTICS: [string, StatisticName][] = [
  ['Mean', 'mean'],
  ['Median', 'median'],
  ['Min', 'min'],
  ['Max', 'max'],
  ['StandardDeviation', 'stdev'],
];
const PERCENTILES: [string, StatisticName][] = [
  ['P90', 'p90'],
  ['P95', 'p95'],
];
/** The Metrics entries that repeat what `Memory` says. */
const MEMORY_METRICS = /^(Allocated Memory|Gen[012]Collects)$/;

interface Entry {
  experiment: string;
  namespace: string;
  job: string;
  pairs: [string, string][];
  /** Its measurements (their experiment and parameter set at the end); undefined when it has no statistics. */
  measurements: Measurement[] | undefined;
  place: JsonPlace;
}

export const benchmarkDotNetAdapter: FormatAdapter = {
  id: 'benchmarkdotnet',
  title: 'BenchmarkDotNet JSON report (-report-full.json, -report-brief.json)',

  recognises(head: string): boolean {
    if (!/^\uFEFF?\s*\{/.test(head)) return false;
    return /"Benchmarks"\s*:\s*\[/.test(head) && /"HostEnvironmentInfo"\s*:\s*\{/.test(head);
  },

  ...streamedFormat(benchmarkDotNetReader),
};

/**
 * Reads `Benchmarks` entry by entry as it comes: each entry's measurements are made from it, and it
 * is dropped; the experiment names (the namespace only where two share a name) and the job in the
 * parameter (only where the report ran several) wait for the end.
 */
function benchmarkDotNetReader(file: string, options: ParseOptions): TextReader {
  let entries: Entry[] = [];
  const limits = new ModelLimits(file, options);
  const json = new JsonStreamReader(file, {
    key: 'Benchmarks',
    begin() {
      entries = [];
    },
    element(benchmark, doc, place) {
      if (!isJsonObject(benchmark))
        throw new InputError('expected a benchmark object in "Benchmarks"', { file, ...place });
      const fields = new JsonFields(file, doc);
      const method = fields.string(benchmark, 'Method', { required: true, what: 'the benchmark' })!;
      const type = fields.string(benchmark, 'Type');
      const parameters = fields.string(benchmark, 'Parameters') ?? '';
      const experiment = type === undefined || type === '' ? method : `${type}.${method}`;
      const namespace = fields.string(benchmark, 'Namespace') ?? '';
      limits.experiment(`${namespace}\u0000${experiment}`, place.line);
      const entry: Entry = {
        experiment,
        namespace,
        job: jobOf(fields.string(benchmark, 'DisplayInfo') ?? '', parameters !== ''),
        pairs: parameters === '' ? [] : parameters.split('&').map((part) => splitPair(part)),
        measurements: undefined,
        place,
      };
      const stats = benchmark.Statistics;
      if (stats !== undefined && stats !== null) {
        if (!isJsonObject(stats))
          throw fields.error(`expected a "Statistics" object, found ${describeJson(stats)}`, benchmark, 'Statistics');
        // The experiment and parameter are set at the end, once every entry is read.
        const at = { experiment: '', parameter: { label: '' }, place: { file, line: place.line } };
        const measurements = [timeMeasurement(fields, benchmark, stats, at)];
        const memory = benchmark.Memory;
        const memoryRead = isJsonObject(memory);
        if (memoryRead) measurements.push(...memoryMeasurements(fields, memory, at));
        measurements.push(...descriptorMeasurements(fields, benchmark, memoryRead, at));
        for (let k = 0; k < measurements.length; k++) limits.measurement(place.line);
        entry.measurements = measurements;
      }
      entries.push(entry);
    },
  });
  return {
    push: (text) => json.push(text),
    finish() {
      const { root, entriesPlace } = finishShaped(json, file, isObjectWithArray('Benchmarks'), {
        expected: 'expected a BenchmarkDotNet JSON report: an object with a "Benchmarks" array',
        entries: (r) => r.Benchmarks,
        empty: 'the BenchmarkDotNet report has no benchmarks (the "Benchmarks" array is empty)',
      });
      const notes = hostNotes(root.HostEnvironmentInfo);
      const namespaces = new Map<string, Set<string>>();
      for (const e of entries)
        namespaces.set(e.experiment, (namespaces.get(e.experiment) ?? new Set()).add(e.namespace));
      const jobs = new Set(entries.map((e) => e.job));

      const measurements: Measurement[] = [];
      const seen = new Set<string>();
      for (const e of entries) {
        const experiment =
          namespaces.get(e.experiment)!.size > 1 && e.namespace !== ''
            ? `${e.namespace}.${e.experiment}`
            : e.experiment;
        const parameter: Parameter = settingsParameter(jobs.size > 1 ? [...e.pairs, ['job', e.job]] : e.pairs);
        const key = `${experiment}\u0000${parameter.label}`;
        if (seen.has(key))
          throw new InputError(
            `${experiment} ${parameter.label === '' ? '' : `(${parameter.label}) `}is in the report twice`,
            { file, ...e.place },
          );
        seen.add(key);
        if (e.measurements === undefined) {
          notes.push(
            `${experiment}${parameter.label === '' ? '' : ` (${parameter.label})`} (line ${e.place.line}) has no statistics (it failed?) and is left out`,
          );
          continue;
        }
        for (const measurement of e.measurements) {
          measurement.experiment = experiment;
          measurement.parameter = parameter;
          measurements.push(measurement);
        }
      }
      if (measurements.length === 0)
        throw new InputError('no benchmark of the BenchmarkDotNet report has statistics', {
          file,
          ...entriesPlace,
        });
      return { format: 'benchmarkdotnet', file, measurements, notes };
    },
  };
}

/** The time per operation: the `Statistics` (ns → µs) and the samples of the run. */
function timeMeasurement(
  fields: JsonFields,
  benchmark: JsonObject,
  stats: JsonObject,
  at: Pick<Measurement, 'experiment' | 'parameter' | 'place'>,
): Measurement {
  const statistics: Partial<Record<StatisticName, number>> = {};
  for (const [field, statistic] of STATISTICS) {
    const value = optionalStatistic(fields, stats, field, { dimension: 'time', statistic });
    if (value !== undefined) statistics[statistic] = value / 1000;
  }
  if (isJsonObject(stats.Percentiles)) {
    for (const [field, statistic] of PERCENTILES) {
      const value = optionalStatistic(fields, stats.Percentiles, field, { dimension: 'time', statistic });
      if (value !== undefined) statistics[statistic] = value / 1000;
    }
  }
  if (statistics.mean === undefined) throw fields.error('the statistics have no "Mean"', stats);
  const n = optionalStatistic(fields, stats, 'N');
  if (n !== undefined) statistics.samples = n;
  const { experiment, parameter, place } = at;
  const time: Measurement = { experiment, parameter, metric: TIME, statistics, place };
  const samples = resultSamples(fields, benchmark) ?? fields.numbers(stats, 'OriginalValues')?.map((v) => v / 1000);
  if (samples !== undefined && samples.length > 0) time.samples = Float64Array.from(samples);
  return time;
}

/** The `Metrics` of the benchmark (diagnosers' descriptors), less the memory ones when `Memory` was read. */
function descriptorMeasurements(
  fields: JsonFields,
  benchmark: JsonObject,
  memoryRead: boolean,
  at: Pick<Measurement, 'experiment' | 'parameter' | 'place'>,
): Measurement[] {
  const metrics = benchmark.Metrics;
  if (metrics === undefined || metrics === null) return [];
  if (!Array.isArray(metrics))
    throw fields.error(`expected an array for "Metrics", found ${describeJson(metrics)}`, benchmark, 'Metrics');
  const measurements: Measurement[] = [];
  metrics.forEach((entry, index) => {
    if (!isJsonObject(entry) || !isJsonObject(entry.Descriptor))
      throw fields.error('expected a metric with a "Descriptor"', metrics, index);
    const descriptor = entry.Descriptor;
    const id = fields.string(descriptor, 'Id') ?? '';
    if (memoryRead && MEMORY_METRICS.test(id)) return;
    const value = optionalStatistic(fields, entry, 'Value');
    if (value === undefined) return;
    const name = fields.string(descriptor, 'DisplayName') || id;
    if (name === '') throw fields.error('the metric has neither a "DisplayName" nor an "Id"', descriptor);
    const reading = readUnit(fields.string(descriptor, 'Unit') ?? '');
    const metric: Metric = {
      name,
      role: 'secondary',
      dimension: reading.unit.dimension,
      unit: BASE_UNITS[reading.unit.dimension],
      displayUnit: reading.unit.symbol,
      direction: descriptor.TheGreaterTheBetter === true ? 'higher-is-better' : 'lower-is-better',
    };
    measurements.push({
      experiment: at.experiment,
      parameter: at.parameter,
      metric,
      statistics: { value: toBaseUnit(value, reading.unit) },
      place: at.place,
    });
  });
  return measurements;
}

/** `Size=64` → [Size, 64]; a part without `=` is a value without a name. */
function splitPair(part: string): [string, string] {
  const eq = part.indexOf('=');
  return eq < 0 ? [part, ''] : [part.slice(0, eq), part.slice(eq + 1)];
}

/** `PublishBenchmarks.Publish: ShortRun(IterationCount=3, …) [Size=64]` → `ShortRun`. */
function jobOf(displayInfo: string, hasParameters: boolean): string {
  const colon = displayInfo.indexOf(': ');
  if (colon < 0) return '';
  let job = displayInfo.slice(colon + 2);
  if (hasParameters) {
    const bracket = job.lastIndexOf(' [');
    if (bracket >= 0) job = job.slice(0, bracket);
  }
  const paren = job.indexOf('(');
  return (paren > 0 ? job.slice(0, paren) : job).trim();
}

/** Per-operation times (µs) of the Workload iterations of stage Result; undefined without Measurements. */
function resultSamples(fields: JsonFields, benchmark: JsonObject): number[] | undefined {
  const list = benchmark.Measurements;
  if (list === undefined || list === null) return undefined;
  if (!Array.isArray(list))
    throw fields.error(`expected an array for "Measurements", found ${describeJson(list)}`, benchmark, 'Measurements');
  const out: number[] = [];
  list.forEach((m, index) => {
    if (!isJsonObject(m)) throw fields.error('expected a measurement object', list, index);
    if (m.IterationMode !== 'Workload' || m.IterationStage !== 'Result') return;
    const operations = fields.number(m, 'Operations', { required: true, what: 'the measurement' })!;
    const nanoseconds = fields.number(m, 'Nanoseconds', { required: true, what: 'the measurement' })!;
    if (!(operations > 0))
      throw fields.error(`expected a positive number of operations, found ${operations}`, m, 'Operations');
    out.push(nanoseconds / operations / 1000);
  });
  return out;
}

/** `allocated` and, when operations were counted, `gen0` … `gen2` per 1000 operations. */
function memoryMeasurements(
  fields: JsonFields,
  memory: JsonObject,
  at: Pick<Measurement, 'experiment' | 'parameter' | 'place'>,
): Measurement[] {
  const out: Measurement[] = [];
  const allocated = optionalStatistic(fields, memory, 'BytesAllocatedPerOperation');
  if (allocated !== undefined) out.push({ ...at, metric: ALLOCATED, statistics: { value: allocated } });
  const operations = optionalStatistic(fields, memory, 'TotalOperations');
  if (operations === undefined || !(operations > 0)) return out;
  for (const generation of [0, 1, 2]) {
    const collections = optionalStatistic(fields, memory, `Gen${generation}Collections`);
    if (collections === undefined) continue;
    const metric: Metric = {
      name: `gen${generation}`,
      role: 'secondary',
      dimension: 'count',
      unit: '',
      displayUnit: 'per 1000 op',
      direction: 'lower-is-better',
    };
    out.push({ ...at, metric, statistics: { value: (collections / operations) * 1000 } });
  }
  return out;
}

/** BenchmarkDotNet's version, the OS, CPU and runtime. */
function hostNotes(info: JsonValue | undefined): string[] {
  if (!isJsonObject(info)) return [];
  const text = (key: string) => (typeof info[key] === 'string' && info[key] !== '' ? (info[key] as string) : undefined);
  const count = (key: string) => (typeof info[key] === 'number' ? (info[key] as number) : undefined);
  const notes: string[] = [];
  const version = text('BenchmarkDotNetVersion');
  if (version !== undefined) notes.push(`BenchmarkDotNet ${version}`);
  const os = text('OsVersion');
  if (os !== undefined) notes.push(`OS: ${os}`);
  const cpu = text('ProcessorName');
  if (cpu !== undefined) {
    const logical = count('LogicalCoreCount');
    const physical = count('PhysicalCoreCount');
    const cores =
      logical !== undefined && physical !== undefined ? `, ${logical} logical and ${physical} physical cores` : '';
    notes.push(`CPU: ${cpu}${cores}`);
  }
  const runtime = [text('RuntimeVersion'), text('Architecture'), text('Configuration')].filter((s) => s !== undefined);
  if (runtime.length > 0) notes.push(`runtime: ${runtime.join(', ')}`);
  return notes;
}
