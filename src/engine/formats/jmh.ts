/**
 * JMH JSON results (`java -jar benchmarks.jar -rf json -rff jmh.json`): an array with one run per
 * benchmark × mode × parameter set, each with `benchmark`, `mode`, `params`, `primaryMetric` and
 * `secondaryMetrics`, as JMH's JSONResultFormat writes them.
 *
 * - The experiment is the benchmark's `Class.method` (the whole name where two classes of the
 *   file share it); the parameter is `params` (`mode=copy,size=64`, in JMH's order). The metric is
 *   the mode as JMH's table shows it: `thrpt`, `avgt`, `sample` or `ss`.
 * - `scoreUnit` decides unit and direction: `ops/s`, `ops/ms`, `ops/us`, … are rates (stored in
 *   Hz), higher-is-better; `s/op`, `ms/op`, `us/op`, `ns/op` are times (stored in µs),
 *   lower-is-better. Other units are kept as written, with a note, and read in the mode's direction.
 * - `rawData` (forks × iterations, each an iteration's score) are the samples of one run: median,
 *   min, max and mean over all iterations of all forks (the mean is JMH's score). Iterations are
 *   not runs: a history comparison judges the file as one run. Without raw data
 *   (`-Djmh.json.rawData=false`), the score is the mean. In `sample` mode, `score` is the mean and
 *   `scorePercentiles` give min, median, p90 … p9999 and max; the histogram's counts add up to
 *   the number of samples. JMH writes `"NaN"`, `"+INF"` and `"-INF"` for scores that are not
 *   finite: they are left out.
 * - Secondary metrics (`gc.alloc.rate.norm`, and `·gc.alloc.rate` before JMH dropped the `·`)
 *   are metrics of their own, named without the `·` and read like the primary one (per iteration;
 *   for `gc.count` JMH's score is their sum). The GC profiler's results are costs,
 *   lower-is-better, whatever their unit (`gc.alloc.rate` is in MB/sec). They are secondary
 *   (reported, gated on request): the score of `primaryMetric` is the benchmark's number.
 * - The JMH and JVM versions are noted once per file; the JVM is the run's runtime (its
 *   fingerprint, see runtimeOfRuns). JMH names no CPU, cores or OS.
 */
import { InputError } from '../errors.js';
import type { Direction, Measurement, Metric, Parameter, StatisticName } from '../model/measurement.js';
import { BASE_UNITS, toBaseUnit, type Unit } from '../model/units.js';
import type { FormatAdapter, ParseOptions } from './adapter.js';
import { JsonStreamReader } from './jsonStream.js';
import { finishShaped, ModelLimits, streamedFormat, type TextReader } from './streamed.js';
import { isJsonObject, type JsonArray, type JsonObject, type JsonPlace } from './looseJson.js';
import { describeJson, JsonFields } from './jsonFields.js';
import type { EnvironmentFingerprint } from '../model/environment.js';
import {
  NOT_FINITE_TEXTS,
  isJsonArray,
  optionalStatistic,
  readUnit,
  iterationMeasurement,
  settingsParameter,
} from './shared.js';

const RECOGNISED = /^\uFEFF?\s*\[\s*\{\s*"(jmhVersion|benchmark)"\s*:\s*"/;
const MODES = new Set(['thrpt', 'avgt', 'sample', 'ss']);
/** Each time unit JMH prints (TimeUnit's short names) in µs, and operations per unit in Hz. */
const MICROSECONDS = new Map(Object.entries({ ns: 1e-3, us: 1, ms: 1e3, s: 1e6, min: 6e7, hr: 3.6e9, day: 8.64e10 }));
const HERTZ = new Map(Object.entries({ ns: 1e9, us: 1e6, ms: 1e3, s: 1, min: 1 / 60, hr: 1 / 3600, day: 1 / 86400 }));
const PERCENTILES: [string, StatisticName][] = [
  ['0.0', 'min'],
  ['50.0', 'median'],
  ['90.0', 'p90'],
  ['95.0', 'p95'],
  ['99.0', 'p99'],
  ['99.9', 'p999'],
  ['99.99', 'p9999'],
  ['100.0', 'max'],
];

interface Run {
  benchmark: string;
  mode: string;
  parameter: Parameter;
  entry: JsonObject;
  place: JsonPlace;
}

export const jmhAdapter: FormatAdapter = {
  id: 'jmh',
  title: 'JMH JSON results (-rf json)',

  recognises(head: string): boolean {
    return RECOGNISED.test(head) && /"primaryMetric"\s*:\s*\{/.test(head);
  },

  ...streamedFormat(jmhReader),
};

/** A run as read: its measurements (their experiment set once every run is read) and what names it. */
interface ReadRun {
  benchmark: string;
  mode: string;
  parameter: Parameter;
  place: JsonPlace;
  measurements: Measurement[];
}

/**
 * Reads the array run by run as it comes: each run's measurements are made from its entry, which
 * is then dropped; only the experiment names wait for the end (`Class.method`, unless two
 * benchmarks of the file share it).
 */
function jmhReader(file: string, options: ParseOptions): TextReader {
  const runs: ReadRun[] = [];
  const versions = new Set<string>();
  const unknownUnits = new Set<string>();
  const limits = new ModelLimits(file, options);
  let environment: EnvironmentFingerprint | undefined;
  let runtimeFound = false;
  const json = new JsonStreamReader(file, {
    begin() {},
    element(entry, doc, place) {
      if (!isJsonObject(entry)) throw new InputError('expected a benchmark run object', { file, ...place });
      const fields = new JsonFields(file, doc);
      const benchmark = fields.string(entry, 'benchmark', { required: true, what: 'the benchmark run' })!;
      const mode = fields.string(entry, 'mode', { required: true, what: `the run of ${benchmark}` })!;
      if (!MODES.has(mode))
        throw fields.error(`unknown JMH mode "${mode}" (expected thrpt, avgt, sample or ss)`, entry, 'mode');
      const run: Run = { benchmark, mode, parameter: parameterOf(fields, entry), entry, place };
      limits.experiment(benchmark, place.line);
      const measurements = runMeasurements(
        fields,
        run,
        { experiment: benchmark, parameter: run.parameter, place: { file, line: place.line } },
        unknownUnits,
      );
      for (let k = 0; k < measurements.length; k++) limits.measurement(place.line);
      const version = versionNote(entry);
      if (version !== undefined) versions.add(version);
      if (!runtimeFound) {
        environment = runtimeOfRuns([entry]);
        runtimeFound = environment !== undefined;
      }
      runs.push({ benchmark, mode, parameter: run.parameter, place, measurements });
    },
  });
  return {
    push: (text) => json.push(text),
    finish() {
      finishShaped(json, file, isJsonArray, {
        expected: 'expected JMH JSON results: an array of benchmark runs',
        entries: (r) => r,
        empty: 'the JMH results have no benchmark runs (the array is empty)',
      });
      const names = new Map<string, Set<string>>();
      for (const run of runs)
        names.set(shortName(run.benchmark), (names.get(shortName(run.benchmark)) ?? new Set()).add(run.benchmark));
      const measurements: Measurement[] = [];
      const seen = new Set<string>();
      for (const run of runs) {
        const short = shortName(run.benchmark);
        const experiment = names.get(short)!.size > 1 ? run.benchmark : short;
        const key = `${experiment}\u0000${run.parameter.label}\u0000${run.mode}`;
        if (seen.has(key))
          throw new InputError(`${run.benchmark} in ${run.mode} mode with these params is in the file twice`, {
            file,
            ...run.place,
          });
        seen.add(key);
        for (const measurement of run.measurements) {
          measurement.experiment = experiment;
          measurements.push(measurement);
        }
      }
      const notes: string[] = [...versions];
      if (unknownUnits.size > 0)
        notes.push(
          `units perfgate does not know are kept as written (GC profiler results as costs, others in the direction of the mode): ${[...unknownUnits].join(', ')}`,
        );
      return { format: 'jmh', file, measurements, notes, ...(environment ? { environment } : {}) };
    },
  };
}

/**
 * A run's primary metric (its direction from the mode) and its secondary metrics (profilers'
 * results); units perfgate does not know are added to `unknownUnits`.
 */
function runMeasurements(
  fields: JsonFields,
  run: Run,
  at: Pick<Measurement, 'experiment' | 'parameter' | 'place'>,
  unknownUnits: Set<string>,
): Measurement[] {
  const { experiment, parameter, place } = at;
  const primary = run.entry.primaryMetric;
  if (!isJsonObject(primary))
    throw fields.error(
      `expected a "primaryMetric" object for ${run.benchmark}`,
      run.entry,
      primary === undefined ? undefined : 'primaryMetric',
    );
  const modeDirection: Direction = run.mode === 'thrpt' ? 'higher-is-better' : 'lower-is-better';
  const measurements: Measurement[] = [
    {
      experiment,
      parameter,
      place,
      ...readMetric(fields, primary, run.mode, modeDirection, run.mode === 'sample', unknownUnits),
    },
  ];

  const secondaries = run.entry.secondaryMetrics;
  if (secondaries === undefined || secondaries === null) return measurements;
  if (!isJsonObject(secondaries))
    throw fields.error(
      `expected an object for "secondaryMetrics", found ${describeJson(secondaries)}`,
      run.entry,
      'secondaryMetrics',
    );
  for (const [label, secondary] of Object.entries(secondaries)) {
    if (!isJsonObject(secondary))
      throw fields.error(`expected a metric object for the secondary metric "${label}"`, secondaries, label);
    const name = label.replace(/^\u00b7/, '');
    // The GC profiler's results are costs, whatever their unit says.
    const direction: Direction | undefined = name.startsWith('gc.') ? 'lower-is-better' : undefined;
    const read = readMetric(fields, secondary, name, direction ?? modeDirection, false, unknownUnits, direction);
    // JMH's own word: the score is the primary metric; profilers' and counters' results are secondary.
    measurements.push({ experiment, parameter, place, ...read, metric: { ...read.metric, role: 'secondary' } });
  }
  return measurements;
}

/** `org.acme.PublishBench.publish` → `PublishBench.publish`. */
function shortName(benchmark: string): string {
  const parts = benchmark.split('.');
  return parts.length <= 2 ? benchmark : parts.slice(-2).join('.');
}

function parameterOf(fields: JsonFields, entry: JsonObject): Parameter {
  const params = entry.params;
  if (params === undefined || params === null) return { label: '' };
  if (!isJsonObject(params))
    throw fields.error(`expected an object for "params", found ${describeJson(params)}`, entry, 'params');
  return settingsParameter(Object.keys(params).map((key) => [key, fields.string(params, key)!] as const));
}

function versionNote(entry: JsonObject): string | undefined {
  const text = (key: string): string | undefined => {
    const value = entry[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const jmh = text('jmhVersion');
  const vm = [text('vmName'), text('vmVersion')].filter((s) => s !== undefined).join(' ');
  if (jmh === undefined && vm === '') return undefined;
  return [jmh !== undefined ? `JMH ${jmh}` : '', vm].filter((s) => s !== '').join(', ');
}

/** A JMH unit: `ops/ms` (a rate), `us/op` (a time), else as the shared reader sees it. */
function jmhUnit(symbol: string): { unit: Unit; direction: Direction | undefined } {
  const hertz = HERTZ.get(/^ops\/(\w+)$/.exec(symbol)?.[1] ?? '');
  if (hertz !== undefined) return { unit: { symbol, dimension: 'rate', toBase: hertz }, direction: 'higher-is-better' };
  const microseconds = MICROSECONDS.get(/^(\w+)\/op$/.exec(symbol)?.[1] ?? '');
  if (microseconds !== undefined)
    return { unit: { symbol, dimension: 'time', toBase: microseconds }, direction: 'lower-is-better' };
  const reading = readUnit(symbol);
  return { unit: reading.unit, direction: reading.known ? reading.direction : undefined };
}

/** One primary or secondary metric: its unit, and its raw data as samples (or the score, or the sample percentiles). */
function readMetric(
  fields: JsonFields,
  metricObject: JsonObject,
  name: string,
  fallbackDirection: Direction,
  sample: boolean,
  unknownUnits: Set<string>,
  forcedDirection?: Direction,
): Pick<Measurement, 'metric' | 'statistics' | 'samples'> {
  const symbol = fields.string(metricObject, 'scoreUnit', { required: true, what: `the metric ${name}` })!;
  const { unit, direction } = jmhUnit(symbol);
  if (direction === undefined) unknownUnits.add(symbol);
  const metric: Metric = {
    name,
    dimension: unit.dimension,
    unit: BASE_UNITS[unit.dimension],
    displayUnit: symbol,
    direction: forcedDirection ?? direction ?? fallbackDirection,
  };
  const score = optionalStatistic(fields, metricObject, 'score', {
    dimension: unit.dimension,
    statistic: 'mean',
    metric: name,
  });

  if (sample) {
    const statistics: Partial<Record<StatisticName, number>> = {};
    if (score !== undefined) statistics.mean = toBaseUnit(score, unit);
    const percentiles = metricObject.scorePercentiles;
    if (isJsonObject(percentiles)) {
      for (const [key, statistic] of PERCENTILES) {
        const value = optionalStatistic(fields, percentiles, key, {
          dimension: unit.dimension,
          statistic,
          metric: name,
        });
        if (value !== undefined) statistics[statistic] = toBaseUnit(value, unit);
      }
    }
    const count = histogramCount(fields, metricObject);
    if (count !== undefined) statistics.samples = count;
    if (Object.keys(statistics).length === 0) throw fields.error(`the metric ${name} has no score`, metricObject);
    return { metric, statistics };
  }

  const raw = rawValues(fields, metricObject);
  if (raw.length > 0) return { metric, ...iterationMeasurement(raw.map((v) => toBaseUnit(v, unit))) };
  if (score === undefined) throw fields.error(`the metric ${name} has neither a score nor raw data`, metricObject);
  return { metric, statistics: { mean: toBaseUnit(score, unit) } };
}

/** `rawData`: forks × iterations, flattened. */
function rawValues(fields: JsonFields, metricObject: JsonObject): number[] {
  const raw = metricObject.rawData;
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw fields.error(`expected an array of forks for "rawData", found ${describeJson(raw)}`, metricObject, 'rawData');
  const out: number[] = [];
  raw.forEach((fork, index) => {
    if (!Array.isArray(fork))
      throw fields.error('expected a fork\'s array of iteration scores in "rawData"', raw, index);
    fork.forEach((value, i) => {
      if (typeof value === 'number' && Number.isFinite(value)) out.push(value);
      else if (typeof value !== 'string' || !NOT_FINITE_TEXTS.has(value))
        throw fields.error(`expected an iteration score, found ${describeJson(value)}`, fork, i);
    });
  });
  return out;
}

/** The number of samples in `rawDataHistogram` (forks × iterations × [value, count]). */
function histogramCount(fields: JsonFields, metricObject: JsonObject): number | undefined {
  const histogram = metricObject.rawDataHistogram;
  if (histogram === undefined || histogram === null) return undefined;
  const expectArray = (
    value: unknown,
    parent: JsonArray | JsonObject,
    key: number | string,
    what: string,
  ): JsonArray => {
    if (!Array.isArray(value)) throw fields.error(`expected ${what} in "rawDataHistogram"`, parent, key);
    return value as JsonArray;
  };
  let count = 0;
  for (const [f, fork] of expectArray(histogram, metricObject, 'rawDataHistogram', 'an array of forks').entries()) {
    for (const [i, iteration] of expectArray(fork, histogram as JsonArray, f, 'an array of iterations').entries()) {
      for (const [b, bin] of expectArray(
        iteration,
        fork as JsonArray,
        i,
        'an array of [value, count] pairs',
      ).entries()) {
        const pair = expectArray(bin, iteration as JsonArray, b, 'a [value, count] pair');
        const n = pair[1];
        if (
          pair.length !== 2 ||
          typeof pair[0] !== 'number' ||
          typeof n !== 'number' ||
          !Number.isSafeInteger(n) ||
          n < 0
        ) {
          throw fields.error('expected a [value, count] pair with a whole count', iteration as JsonArray, b);
        }
        count += n;
      }
    }
  }
  return count;
}

/**
 * The JVM the runs ran in: `vmName` with the major version of `jdkVersion` (`OpenJDK 64-Bit Server
 * VM 17`; `1.8` for Java 8's `1.8.0_392`), compared; `vmVersion` (else `jdkVersion`) as the full
 * version, shown. One JMH run has one JVM: the first run that names it is read.
 */
function runtimeOfRuns(entries: readonly JsonObject[]): EnvironmentFingerprint | undefined {
  const text = (entry: JsonObject, key: string) =>
    typeof entry[key] === 'string' && (entry[key] as string).trim() !== '' ? (entry[key] as string).trim() : undefined;
  const entry = entries.find((e) => text(e, 'vmName') !== undefined || text(e, 'jdkVersion') !== undefined);
  if (!entry) return undefined;
  const name = text(entry, 'vmName');
  const jdk = text(entry, 'jdkVersion');
  const major = jdk !== undefined ? /^(1\.\d+|\d+)/.exec(jdk)?.[1] : undefined;
  const runtime = [name ?? 'JVM', major].filter((s) => s !== undefined).join(' ');
  const full = text(entry, 'vmVersion') ?? jdk;
  return { runtime, ...(full !== undefined ? { runtimeVersion: full } : {}) };
}
