/**
 * Julia BenchmarkTools results saved with `BenchmarkTools.save("out.json", results)`:
 * `[{"Julia": …, "BenchmarkTools": …}, [value, …]]`, each value `[type name, fields]` as the
 * package's `JSON.lower` writes it (src/serialization.jl).
 *
 * - A `BenchmarkGroup` (`{"data": {key: value, …}, "tags": […]}`) nests: the keys down to a
 *   result, but the last, joined by `/`, are the experiment; the last key is the parameter (a
 *   result straight under the top group has an empty parameter).
 * - A `Trial`'s `times` (ns per evaluation) are the raw samples of the metric `time` (µs):
 *   count, min, max, mean, median, p90, p95, p99 and the population standard deviation.
 *   `memory` (bytes) and `allocs` (a count) are single values, lower-is-better (ceilings),
 *   secondary to the time (reported, gated on request).
 *   `gctimes` are not read.
 * - A `TrialEstimate` (what `save` writes for `median(results)`, `minimum(results)`…) has one
 *   `time`: read as the single value of `time`, since the file does not say which estimate it is.
 * - `TrialRatio`, `TrialJudgement`, `Parameters` and `TagFilter` hold no results: skipped with a
 *   note. A trial without samples is skipped with a note.
 */
import { InputError } from '../errors.js';
import type { Measurement, Metric, StatisticName } from '../model/measurement.js';
import type { FormatAdapter } from './adapter.js';
import { isJsonObject, type JsonArray, type JsonDocument, type JsonObject, type JsonValue } from './looseJson.js';
import { JsonFields } from './jsonFields.js';
import { sampleStatistics, readJsonReport } from './shared.js';

const TIME: Metric = { name: 'time', dimension: 'time', unit: 'us', displayUnit: 'ns', direction: 'lower-is-better' };
const MEMORY: Metric = {
  name: 'memory',
  role: 'secondary',
  dimension: 'size',
  unit: 'B',
  displayUnit: 'bytes',
  direction: 'lower-is-better',
};
const ALLOCS: Metric = {
  name: 'allocs',
  role: 'secondary',
  dimension: 'count',
  unit: '',
  displayUnit: 'allocs',
  direction: 'lower-is-better',
};
const NO_RESULTS = new Set(['TrialRatio', 'TrialJudgement', 'Parameters', 'TagFilter']);

export const juliaBenchmarkToolsAdapter: FormatAdapter = {
  id: 'julia-benchmarktools',
  title: 'Julia BenchmarkTools.save JSON',

  recognises(head: string): boolean {
    const m = /^\uFEFF?\s*\[\s*\{([^{}]*)\}\s*,\s*\[/.exec(head.slice(0, 4096));
    return m !== null && /"BenchmarkTools"\s*:/.test(m[1]!) && /"Julia"\s*:/.test(m[1]!);
  },

  parse({ file, text }) {
    const { doc, fields, root } = readJsonReport(
      file,
      text,
      isBenchmarkToolsRoot,
      'expected a BenchmarkTools JSON file: [{"Julia": …, "BenchmarkTools": …}, [results…]]',
    );
    const versions = root[0];
    const notes: string[] = [];
    const julia = fields.string(versions, 'Julia');
    const tools = fields.string(versions, 'BenchmarkTools');
    notes.push(`Julia ${julia ?? '?'}, BenchmarkTools ${tools ?? '?'}`);
    const reader = new Reader(file, doc, fields, notes);
    const values = root[1];
    values.forEach((_value, index) => reader.value(values, index, []));
    if (reader.measurements.length === 0)
      throw new InputError('the file holds no Trial or TrialEstimate results', { file, ...doc.placeOf(values) });
    if (reader.estimates > 0) {
      notes.push(
        `${reader.estimates} TrialEstimate result(s): their time is read as a single value (the file does not say whether it is a minimum, median or mean)`,
      );
    }
    return { format: 'julia-benchmarktools', file, measurements: reader.measurements, notes };
  },
};

/** `[{"Julia": …, "BenchmarkTools": …}, [results…]]`: the versions, then the results. */
function isBenchmarkToolsRoot(root: JsonValue): root is [JsonObject, JsonArray] {
  return Array.isArray(root) && root.length === 2 && isJsonObject(root[0]!) && Array.isArray(root[1]);
}

class Reader {
  readonly measurements: Measurement[] = [];
  estimates = 0;
  private readonly keys = new Set<string>();

  constructor(
    private readonly file: string,
    private readonly doc: JsonDocument,
    private readonly fields: JsonFields,
    private readonly notes: string[],
  ) {}

  /** The `[type name, fields]` pair at `container[key]`, reached by `path`. */
  value(container: JsonArray | JsonObject, key: number | string, path: string[]): void {
    const pair = (container as Record<string | number, unknown>)[key] as JsonArray | JsonObject | undefined;
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string' || !isJsonObject(pair[1]!)) {
      throw this.fields.error('expected a BenchmarkTools value: ["TypeName", {fields}]', container, key);
    }
    const type = pair[0].replace(/^BenchmarkTools\./, '');
    const body = pair[1];
    const place = this.doc.placeOf(pair);
    switch (type) {
      case 'BenchmarkGroup': {
        const data = body.data;
        if (!isJsonObject(data ?? null))
          throw this.fields.error(
            'a BenchmarkGroup needs a "data" object',
            body,
            data === undefined ? undefined : 'data',
          );
        for (const name of Object.keys(data as JsonObject)) this.value(data as JsonObject, name, [...path, name]);
        return;
      }
      case 'Trial':
        this.trial(body, path, place.line);
        return;
      case 'TrialEstimate':
        this.estimate(body, path, place.line);
        return;
      default:
        if (NO_RESULTS.has(type)) {
          this.notes.push(`${describePath(path)} is a ${type}, which holds no results: skipped`);
          return;
        }
        throw new InputError(
          `unknown BenchmarkTools type "${type.slice(0, 40)}" (expected BenchmarkGroup, Trial or TrialEstimate)`,
          { file: this.file, ...place },
        );
    }
  }

  private trial(body: JsonObject, path: string[], line: number): void {
    const times = this.fields.numbers(body, 'times');
    if (!times) throw this.fields.error(`the Trial ${describePath(path)} has no "times"`, body);
    if (times.length === 0) {
      this.notes.push(`the Trial ${describePath(path)} has no samples: skipped`);
      return;
    }
    times.forEach((t, i) => {
      if (!(t >= 0) || !Number.isFinite(t))
        throw this.fields.error(`expected a time in ns of 0 or more, found ${t}`, body.times as JsonArray, i);
    });
    const samples = Float64Array.from(times, (t) => t / 1000);
    this.push(path, line, TIME, sampleStatistics(samples), samples);
    this.costs(body, path, line);
  }

  private estimate(body: JsonObject, path: string[], line: number): void {
    const time = this.fields.number(body, 'time', { required: true, what: `the TrialEstimate ${describePath(path)}` })!;
    this.estimates++;
    this.push(path, line, TIME, { value: time / 1000 });
    this.costs(body, path, line);
  }

  /** `memory` and `allocs`, single values. */
  private costs(body: JsonObject, path: string[], line: number): void {
    for (const metric of [MEMORY, ALLOCS]) {
      const value = this.fields.number(body, metric.name, {
        required: true,
        what: `the result ${describePath(path)}`,
      })!;
      this.push(path, line, metric, { value });
    }
  }

  private push(
    path: string[],
    line: number,
    metric: Metric,
    statistics: Partial<Record<StatisticName, number>>,
    samples?: Float64Array,
  ): void {
    const experiment = path.length <= 1 ? (path[0] ?? 'results') : path.slice(0, -1).join('/');
    const label = path.length <= 1 ? '' : path[path.length - 1]!;
    const key = `${experiment}\u0000${label}\u0000${metric.name}`;
    if (this.keys.has(key))
      throw new InputError(`the result ${describePath(path)} is given twice`, { file: this.file, line });
    this.keys.add(key);
    this.measurements.push({
      experiment,
      parameter: { label },
      metric,
      statistics,
      ...(samples ? { samples } : {}),
      place: { file: this.file, line },
    });
  }
}

function describePath(path: readonly string[]): string {
  return path.length === 0 ? 'at the top level' : `"${path.join('/')}"`;
}
