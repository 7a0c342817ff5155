/**
 * pytest-benchmark JSON: the file of `pytest --benchmark-json=out.json`, or a run saved with
 * `--benchmark-save` / `--benchmark-autosave` (`.benchmarks/<machine>/0001_<name>.json`, the same
 * layout): `{"machine_info": {...}, "commit_info": {...}, "benchmarks": [...], "datetime", "version"}`.
 *
 * - Each benchmark is one test: the experiment is the test function (`name` without its
 *   `[param]` id; where two test files have a function of that name, the `fullname` path), with
 *   the `group` in front when there is one (`encode/test_encode_json`). The parameter is `params`
 *   (`size=64` or `codec=json,size=64`, numbers as settings, `size`-like names the payload); a
 *   test with an id but no `params` has the id as its label.
 * - `stats` are seconds per iteration of one round: `min`, `max`, `mean`, `median` and `stddev`
 *   become the statistics of `time` (stored in µs), `rounds` the number of samples. `stats.data`
 *   (every round's time per iteration; always in `--benchmark-json`, in saved runs only with
 *   `--benchmark-save-data`) gives the raw samples; `data` cut short by a string starting with an
 *   ellipsis (`"... omitted to keep this file small"`, github-action-benchmark's test files) gives
 *   none, with a warning. `ops` (1 / mean, operations per second) is the
 *   `value` of the metric `ops`, higher-is-better, derived from the time (reported, not gated by default: the
 *   plugin's table leads with the time). `iqr`, quartiles and outlier counts are not read.
 * - `machine_info` and `commit_info` become notes, with the plugin's version and the date;
 *   `machine_info` is also the run's machine fingerprint (see environmentOfMachine).
 */
import { InputError } from '../errors.js';
import type { Measurement, Metric, Parameter, StatisticName } from '../model/measurement.js';
import type { FormatAdapter, ParseOptions } from './adapter.js';
import { JsonStreamReader } from './jsonStream.js';
import { finishShaped, ModelLimits, streamedFormat, type TextReader } from './streamed.js';
import { isJsonObject, type JsonObject, type JsonPlace, type JsonValue } from './looseJson.js';
import { describeJson, JsonFields } from './jsonFields.js';
import { measuredAtOf, optionalStatistic, settingsParameter, isObjectWithArray } from './shared.js';
import { cpuName, nodeArchName, nodeOsName, type EnvironmentFingerprint } from '../model/environment.js';

const TIME: Metric = { name: 'time', dimension: 'time', unit: 'us', displayUnit: 's', direction: 'lower-is-better' };
/** 1 / mean: derived from the time, so one stalled round moves it as it moves the mean. */
const OPS: Metric = {
  name: 'ops',
  role: 'derived',
  dimension: 'rate',
  unit: 'Hz',
  displayUnit: 'ops/s',
  direction: 'higher-is-better',
};
const STATISTICS: [string, StatisticName][] = [
  ['min', 'min'],
  ['max', 'max'],
  ['mean', 'mean'],
  ['median', 'median'],
  ['stddev', 'stdev'],
];
/** Seconds → µs. */
const US = 1e6;

interface Entry {
  group: string | undefined;
  name: string;
  /** The test function: `name` without its `[param]` id. */
  fn: string;
  /** `fullname` without the id (`tests/test_codec.py::test_encode_json`). */
  path: string;
  parameter: Parameter;
  /** Its measurements, their experiment set once every entry is read. */
  measurements: Measurement[];
  place: JsonPlace;
}

export const pytestBenchmarkAdapter: FormatAdapter = {
  id: 'pytest-benchmark',
  title: 'pytest-benchmark JSON (--benchmark-json, --benchmark-save)',

  recognises(head: string): boolean {
    if (!/^\uFEFF?\s*\{/.test(head)) return false;
    return (
      /"benchmarks"\s*:\s*\[/.test(head) && /"stats"\s*:\s*\{/.test(head) && /"(machine_info|fullname)"\s*:/.test(head)
    );
  },

  ...streamedFormat(pytestBenchmarkReader),
};

/**
 * Reads `benchmarks` entry by entry as it comes: each entry's measurements are made from its
 * `stats`, which are then dropped; only the experiment names wait for the end (a function name that
 * more than one test file has is qualified by its path).
 */
function pytestBenchmarkReader(file: string, options: ParseOptions): TextReader {
  let entries: Entry[] = [];
  /** Benchmarks whose `data` hold a string in place of samples, and the first such string. */
  let placeholders: [name: string, text: string][] = [];
  const limits = new ModelLimits(file, options);
  const json = new JsonStreamReader(file, {
    key: 'benchmarks',
    begin() {
      entries = [];
      placeholders = [];
    },
    element(value, doc, place) {
      if (!isJsonObject(value)) throw new InputError('expected a benchmark object in "benchmarks"', { file, ...place });
      const fields = new JsonFields(file, doc);
      const name = fields.string(value, 'name', { required: true, what: 'the benchmark' })!;
      const fullname = fields.string(value, 'fullname') ?? name;
      const group = value.group === null ? undefined : fields.string(value, 'group');
      const stats = value.stats;
      if (!isJsonObject(stats))
        throw fields.error(`expected a "stats" object for ${name}`, value, stats === undefined ? undefined : 'stats');
      const parameter = parameterOf(fields, value);
      limits.experiment(`${group ?? ''}\u0000${withoutId(fullname)}`, place.line);
      const measurements = measurementsOfStats(fields, name, stats, parameter, { file, line: place.line }, (n, text) =>
        placeholders.push([n, text]),
      );
      for (let k = 0; k < measurements.length; k++) limits.measurement(place.line);
      entries.push({
        group: group === '' ? undefined : group,
        name,
        fn: withoutId(name),
        path: withoutId(fullname),
        parameter,
        measurements,
        place,
      });
    },
  });
  return {
    push: (text) => json.push(text),
    finish() {
      const { root } = finishShaped(json, file, isObjectWithArray('benchmarks'), {
        expected: 'expected a pytest-benchmark JSON file: an object with a "benchmarks" array',
        entries: (r) => r.benchmarks,
        empty: 'the pytest-benchmark file has no benchmarks (the "benchmarks" array is empty)',
      });
      const paths = new Map<string, Set<string>>();
      for (const e of entries) paths.set(e.fn, (paths.get(e.fn) ?? new Set()).add(e.path));
      const measurements: Measurement[] = [];
      const seen = new Map<string, string>();
      for (const e of entries) {
        const test = paths.get(e.fn)!.size > 1 ? e.path : e.fn;
        const experiment = e.group === undefined ? test : `${e.group}/${test}`;
        const key = `${experiment}\u0000${e.parameter.label}`;
        const earlier = seen.get(key);
        if (earlier !== undefined)
          throw new InputError(`the benchmark ${e.name} reads as the same experiment and parameter as ${earlier}`, {
            file,
            ...e.place,
          });
        seen.set(key, e.name);
        for (const measurement of e.measurements) {
          measurement.experiment = experiment;
          measurements.push(measurement);
        }
      }
      const environment = environmentOfMachine(root.machine_info);
      const measuredAt = measuredAtOf(root.datetime);
      return {
        format: 'pytest-benchmark',
        file,
        measurements,
        notes: notesOf(root),
        ...(placeholders.length > 0 ? { warnings: [placeholderWarning(placeholders)] } : {}),
        ...(environment ? { environment } : {}),
        ...(measuredAt ? { measuredAt } : {}),
      };
    },
  };
}

/** The time (its statistics and rounds) and the ops of one benchmark's `stats`; the experiment is set later. */
function measurementsOfStats(
  fields: JsonFields,
  name: string,
  stats: JsonObject,
  parameter: Parameter,
  place: { file: string; line: number },
  onPlaceholder: (name: string, text: string) => void,
): Measurement[] {
  const statistics: Partial<Record<StatisticName, number>> = {};
  for (const [field, statistic] of STATISTICS) {
    const value = optionalStatistic(fields, stats, field, { dimension: 'time', statistic });
    if (value !== undefined) statistics[statistic] = value * US;
  }
  if (statistics.mean === undefined) throw fields.error(`the stats of ${name} have no "mean"`, stats);
  const rounds = optionalStatistic(fields, stats, 'rounds', { dimension: 'count', statistic: 'samples' });
  if (rounds !== undefined) statistics.samples = rounds;
  const time: Measurement = { experiment: '', parameter, metric: TIME, statistics, place };
  // github-action-benchmark's test files cut `data` short with a string ("... omitted to keep this file small"): the
  // samples are not all there, the stats are. Read from the stats alone, and said (placeholderWarning). Any other
  // string in `data` is an error, as before.
  const placeholder = placeholderOf(stats.data);
  const data =
    placeholder === undefined ? fields.measuredArray(stats, 'data', { dimension: 'time', statistic: 'sample' }) : [];
  if (data !== undefined && data.length > 0) time.samples = Float64Array.from(data, (v) => v * US);
  if (placeholder !== undefined) onPlaceholder(name, placeholder);
  const measurements = [time];
  const ops = optionalStatistic(fields, stats, 'ops', { dimension: 'rate', statistic: 'value' });
  if (ops !== undefined)
    measurements.push({ experiment: '', parameter, metric: OPS, statistics: { value: ops }, place });
  return measurements;
}

/** The string that ends a `data` list cut short, an ellipsis first (`"... omitted"`, `"…"`); else undefined. */
function placeholderOf(data: JsonValue | undefined): string | undefined {
  if (!Array.isArray(data) || data.length === 0) return undefined;
  const last = data[data.length - 1];
  return typeof last === 'string' && /^(?:\.\.\.|\u2026)/.test(last) ? last : undefined;
}

/** One warning for every benchmark whose `data` hold a placeholder string: the first three named. */
function placeholderWarning(placeholders: readonly [name: string, text: string][]): string {
  const [first] = placeholders;
  const text = first![1].length > 60 ? `${first![1].slice(0, 60)}…` : first![1];
  const names = placeholders.slice(0, 3).map(([name]) => name);
  const more = placeholders.length > 3 ? ` and ${placeholders.length - 3} more` : '';
  return (
    `the "data" of ${placeholders.length === 1 ? 'benchmark' : `${placeholders.length} benchmarks`} ` +
    `${names.join(', ')}${more} hold a string (${JSON.stringify(text)}) in place of samples: ` +
    'read from their "stats" alone, without raw samples'
  );
}

/** `test_decode[json-64]` → `test_decode`; `file.py::test_x[a]` → `file.py::test_x`. */
function withoutId(name: string): string {
  const bracket = name.indexOf('[');
  return bracket > 0 && name.endsWith(']') ? name.slice(0, bracket) : name;
}

/** `params` as the parameter's settings; else the test's `param` id as its label. */
function parameterOf(fields: JsonFields, benchmark: JsonObject): Parameter {
  const params = benchmark.params;
  if (isJsonObject(params)) {
    return settingsParameter(
      Object.entries(params).map(
        ([key, value]) =>
          [key, typeof value === 'number' || typeof value === 'string' ? value : settingText(value)] as const,
      ),
    );
  }
  if (params !== undefined && params !== null)
    throw fields.error(`expected an object for "params", found ${describeJson(params)}`, benchmark, 'params');
  const id = benchmark.param;
  if (typeof id === 'string' && id !== '') return { label: id };
  return { label: '' };
}

/** A parameter value that is no number or string (`true`, `null`, a list) as the text pytest would show. */
function settingText(value: JsonValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return JSON.stringify(value);
}

function notesOf(root: JsonObject): string[] {
  const notes: string[] = [];
  const machine = root.machine_info;
  if (isJsonObject(machine)) {
    const text = (key: string) => (typeof machine[key] === 'string' ? (machine[key] as string) : '');
    const cpu = isJsonObject(machine.cpu) ? machine.cpu : undefined;
    const brand =
      cpu && typeof cpu.brand_raw === 'string' ? cpu.brand_raw : cpu && typeof cpu.brand === 'string' ? cpu.brand : '';
    const cores = cpu && typeof cpu.count === 'number' ? `, ${cpu.count} cores` : '';
    const system = [text('system'), text('release'), text('machine')].filter((s) => s !== '').join(' ');
    const python = [text('python_implementation'), text('python_version')].filter((s) => s !== '').join(' ');
    const parts = [
      text('node') !== '' ? `node ${text('node')}` : '',
      system,
      python,
      brand !== '' ? `${brand}${cores}` : '',
    ].filter((s) => s !== '');
    if (parts.length > 0) notes.push(`machine: ${parts.join(', ')}`);
  }
  const commit = root.commit_info;
  if (isJsonObject(commit) && typeof commit.id === 'string' && commit.id !== '') {
    const branch = typeof commit.branch === 'string' && commit.branch !== '' ? ` on ${commit.branch}` : '';
    notes.push(`commit: ${commit.id}${branch}${commit.dirty === true ? ' (dirty)' : ''}`);
  }
  const version = typeof root.version === 'string' ? `pytest-benchmark ${root.version}` : 'pytest-benchmark';
  if (typeof root.datetime === 'string') notes.push(`${version}, run at ${root.datetime}`);
  else if (typeof root.version === 'string') notes.push(version);
  return notes;
}

/**
 * `machine_info` as the fingerprint the action records: `system` (Python's platform.system()) as
 * the OS, `machine` as the architecture, both in Node's spelling; `release` as the kernel;
 * py-cpuinfo's `cpu.brand_raw` (`cpu.brand` before py-cpuinfo 7) and `cpu.count`; the Python
 * implementation and its major.minor version as the runtime. `node` (the host name) is not used.
 */
function environmentOfMachine(machine: JsonValue | undefined): EnvironmentFingerprint | undefined {
  if (!isJsonObject(machine)) return undefined;
  const text = (object: JsonObject, key: string) =>
    typeof object[key] === 'string' && (object[key] as string).trim() !== ''
      ? (object[key] as string).trim()
      : undefined;
  const out: EnvironmentFingerprint = {};
  const system = text(machine, 'system');
  if (system !== undefined) out.os = nodeOsName(system);
  const release = text(machine, 'release');
  if (release !== undefined) out.kernel = release;
  const arch = text(machine, 'machine');
  if (arch !== undefined) out.arch = nodeArchName(arch);
  const cpu = isJsonObject(machine.cpu) ? machine.cpu : undefined;
  const brand = cpu && (text(cpu, 'brand_raw') ?? text(cpu, 'brand'));
  if (brand !== undefined) out.cpu = cpuName(brand);
  if (cpu && typeof cpu.count === 'number' && Number.isSafeInteger(cpu.count) && cpu.count > 0) out.cores = cpu.count;
  const implementation = text(machine, 'python_implementation');
  const version = text(machine, 'python_version');
  const minor = version !== undefined ? /^\d+\.\d+/.exec(version)?.[0] : undefined;
  if (implementation !== undefined && minor !== undefined) out.runtime = `${implementation} ${minor}`;
  if (version !== undefined) out.runtimeVersion = version;
  return Object.keys(out).length > 0 ? out : undefined;
}
