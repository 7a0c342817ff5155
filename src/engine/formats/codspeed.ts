/**
 * CodSpeed's walltime results (`$CODSPEED_PROFILE_FOLDER/results/<pid>.json`, written by codspeed-rust,
 * pytest-codspeed, codspeed-node, …): `{"creator": {name, version, pid}, "instrument": {"type": "walltime"},
 * "benchmarks": [{name, uri, config, stats: {min_ns, max_ns, mean_ns, stdev_ns, q1_ns, median_ns, q3_ns, rounds,
 * total_time, iter_per_round, …}}]}`, so that a CodSpeed user can gate without the service.
 *
 * - The benchmark is its `uri` (`<file>::<group>::<benchmark>[<param>]`, unique, where `name` need not be): the
 *   experiment is the uri without a trailing `[<param>]`, the parameter that param (empty without one).
 * - `time` is each benchmark's wall time per iteration (CodSpeed divides each round's time by its iterations): min,
 *   max, mean, median (the gated statistic) and stdev, in ns; `rounds` is its sample count.
 * - A results file of another instrument (CodSpeed's simulation) holds no times: it is refused, naming the instrument.
 */
import { InputError } from '../errors.js';
import type { Measurement, Metric, Parameter, StatisticName } from '../model/measurement.js';
import type { FormatAdapter } from './adapter.js';
import { isJsonObject, type JsonObject } from './looseJson.js';
import { describeJson } from './jsonFields.js';
import { isObjectWithArray, optionalStatistic, readJsonReport } from './shared.js';
import { ModelLimits } from './streamed.js';

/** ns in µs, the model's unit of time. */
const NS = 0.001;

const TIME: Metric = { name: 'time', dimension: 'time', unit: 'us', displayUnit: 'ns', direction: 'lower-is-better' };

const STATISTICS: readonly (readonly [string, StatisticName])[] = [
  ['min_ns', 'min'],
  ['max_ns', 'max'],
  ['mean_ns', 'mean'],
  ['median_ns', 'median'],
  ['stdev_ns', 'stdev'],
];

/** `path::bench[param]`: the benchmark and its parameter. */
const PARAMETRISED = /^(.*\S)\[([^[\]]*)\]$/s;

export const codspeedWalltimeAdapter: FormatAdapter = {
  id: 'codspeed-walltime',
  title: 'CodSpeed walltime results JSON',

  recognises(head: string): boolean {
    return (
      /^\uFEFF?\s*\{/.test(head) &&
      /"instrument"\s*:\s*\{\s*"type"\s*:\s*"/.test(head) &&
      /"benchmarks"\s*:\s*\[/.test(head) &&
      /"(?:uri|creator)"\s*:/.test(head)
    );
  },

  parse({ file, text }, options) {
    const { doc, fields, root } = readJsonReport(
      file,
      text,
      isObjectWithArray('benchmarks'),
      'expected CodSpeed walltime results: an object with a "benchmarks" array',
    );
    const instrument = root['instrument'];
    const type = isJsonObject(instrument) ? instrument['type'] : undefined;
    if (type !== 'walltime')
      throw isJsonObject(instrument)
        ? fields.error(
            `CodSpeed results of the instrument ${describeJson(type ?? null)}: perfgate reads the walltime results`,
            instrument,
            type === undefined ? undefined : 'type',
          )
        : fields.error(
            'expected "instrument": {"type": "walltime"}',
            root,
            instrument === undefined ? undefined : 'instrument',
          );
    const benchmarks = root.benchmarks;
    if (benchmarks.length === 0)
      throw new InputError('the CodSpeed results have no benchmarks (the "benchmarks" array is empty)', {
        file,
        ...doc.placeOf(benchmarks),
      });
    const limits = new ModelLimits(file, options);
    const measurements: Measurement[] = [];
    const seen = new Map<string, number>();
    benchmarks.forEach((benchmark, index) => {
      if (!isJsonObject(benchmark))
        throw fields.error(`expected a benchmark object, found ${describeJson(benchmark)}`, benchmarks, index);
      const place = { file, line: doc.placeOf(benchmark).line };
      const name = fields.string(benchmark, 'name');
      const uri = fields.string(benchmark, 'uri') ?? name;
      if (uri === undefined) throw fields.error('the benchmark has no "uri" nor "name"', benchmark);
      const first = seen.get(uri);
      if (first !== undefined)
        throw fields.error(`the benchmark ${uri.slice(0, 80)} again (first on line ${first})`, benchmark, 'uri');
      seen.set(uri, place.line);
      const { experiment, parameter } = benchmarkOf(uri);
      limits.experiment(experiment, place.line);
      limits.measurement(place.line);
      measurements.push({
        experiment,
        parameter,
        metric: TIME,
        statistics: statisticsOf(fields, benchmark, uri),
        place,
      });
    });
    const creator = root['creator'];
    const notes: string[] = [];
    if (isJsonObject(creator) && typeof creator['name'] === 'string')
      notes.push(
        `written by ${creator['name']}${typeof creator['version'] === 'string' ? ` ${creator['version']}` : ''}; times are per iteration (each round's time divided by its iterations)`,
      );
    return { format: 'codspeed-walltime', file, measurements, notes };
  },
};

function benchmarkOf(uri: string): { experiment: string; parameter: Parameter } {
  const m = PARAMETRISED.exec(uri);
  return m ? { experiment: m[1]!, parameter: { label: m[2]! } } : { experiment: uri, parameter: { label: '' } };
}

function statisticsOf(
  fields: Parameters<typeof optionalStatistic>[0],
  benchmark: JsonObject,
  uri: string,
): Partial<Record<StatisticName, number>> {
  const stats = benchmark['stats'];
  if (!isJsonObject(stats))
    throw fields.error(
      `expected a "stats" object for ${uri.slice(0, 80)}`,
      benchmark,
      stats === undefined ? undefined : 'stats',
    );
  const statistics: Partial<Record<StatisticName, number>> = {};
  for (const [field, statistic] of STATISTICS) {
    const value = optionalStatistic(fields, stats, field, { dimension: 'time', statistic });
    if (value !== undefined) statistics[statistic] = value * NS;
  }
  if (statistics.median === undefined && statistics.mean === undefined)
    throw fields.error(`the stats of ${uri.slice(0, 80)} have no "median_ns" nor "mean_ns"`, stats);
  const rounds = optionalStatistic(fields, stats, 'rounds', { dimension: 'count', statistic: 'samples' });
  if (rounds !== undefined) statistics.samples = rounds;
  return statistics;
}
