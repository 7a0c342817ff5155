import { InputError } from '../../errors.js';
import type { Measurement, Metric, Parameter, StatisticName } from '../../model/measurement.js';
import { parseUnit, toBaseUnit, type Unit } from '../../model/units.js';
import type { FormatAdapter } from '../adapter.js';
import { isJsonObject, type JsonObject } from '../looseJson.js';
import { JsonFields } from '../jsonFields.js';
import { templateOf, readJsonReport, isObjectWithArray } from '../shared.js';
import { parameterSetting, SYSTEM_TIME, TIME_STATISTICS, USER_TIME, WALL_TIME } from './common.js';

/**
 * hyperfine `--export-json FILE`: `{"results": [{command, mean, stddev, median, user, system, min,
 * max, times?, memory_usage_byte?, exit_codes, parameters?}]}`, all times in seconds.
 *
 * Experiment: the command. For a parameter scan (`-L n 1,2` / `-P`), hyperfine writes the
 * substituted command and `parameters`; the experiment is then the command with each parameter
 * value put back as `{name}` (`seq 1000` with n=1000 → `seq {n}`), and the parameter is `n=1000`,
 * so that the runs of one scan are one experiment. Without parameters the label is empty.
 */
const SECONDS = parseUnit('s') as Unit;
const BYTES = parseUnit('B') as Unit;

const MEMORY_METRIC: Metric = {
  name: 'memory usage',
  role: 'secondary',
  dimension: 'size',
  unit: 'B',
  displayUnit: 'B',
  direction: 'lower-is-better',
};

/** Parameter names taken for a payload size in bytes. */

export const hyperfineAdapter: FormatAdapter = {
  id: 'hyperfine',
  title: 'hyperfine --export-json output',

  recognises(head: string): boolean {
    return /^\uFEFF?\s*\{\s*"results"\s*:\s*\[\s*(\{\s*"command"\s*:|\])/.test(head);
  },

  parse({ file, text }) {
    const { doc, fields, root } = readJsonReport(
      file,
      text,
      isObjectWithArray('results'),
      'expected a hyperfine JSON export: an object with a "results" array',
    );
    const results = root.results;
    if (results.length === 0) {
      throw new InputError('the hyperfine export has no results (the "results" array is empty)', {
        file,
        ...doc.placeOf(results),
      });
    }
    const measurements: Measurement[] = [];
    const notes: string[] = [];
    const seen = new Map<string, number>();
    results.forEach((result, index) => {
      if (!isJsonObject(result))
        throw fields.error(`expected a benchmark result object in "results", found ${typeof result}`, results, index);
      const line = doc.placeOf(result).line;
      const command = fields.string(result, 'command', { required: true, what: 'the result' })!;
      const [parameter, rawValues] = parameterOf(fields, result);
      let experiment = templateOf(command, rawValues);
      const key = `${experiment}\u0000${parameter.label}`;
      const earlier = seen.get(key);
      seen.set(key, (earlier ?? 0) + 1);
      if (earlier !== undefined) {
        const renamed = `${experiment} (${earlier + 1})`;
        notes.push(
          `the command "${experiment}"${parameter.label ? ` with ${parameter.label}` : ''} appears more than once; line ${line} is read as "${renamed}"`,
        );
        experiment = renamed;
      }
      const place = { file, line };

      measurements.push(...resultMeasurements(fields, result, command, { experiment, parameter, place }));

      const exitCodes = result.exit_codes;
      if (Array.isArray(exitCodes)) {
        const failed = exitCodes.filter((c) => c !== 0).length;
        if (failed > 0)
          notes.push(
            `"${command}" (line ${line}): ${failed} of ${exitCodes.length} runs exited with a non-zero or no exit code`,
          );
      }
    });
    return { format: 'hyperfine', file, measurements, notes };
  },
};

/** Where a result's measurements go: its experiment, parameter and place. */
type ResultPlace = Pick<Measurement, 'experiment' | 'parameter' | 'place'>;

/** A result's wall time (with its runs as samples), user and system time, and memory when measured. */
function resultMeasurements(fields: JsonFields, result: JsonObject, command: string, at: ResultPlace): Measurement[] {
  const { experiment, parameter, place } = at;
  const statistics: Partial<Record<StatisticName, number>> = {};
  for (const [name, statistic] of TIME_STATISTICS) {
    const value = fields.measured(
      result,
      name,
      { dimension: 'time', statistic },
      { nullable: true, required: name === 'mean', what: `the result for "${command}"` },
    );
    if (value !== undefined) statistics[statistic] = toBaseUnit(value, SECONDS);
  }
  const times = fields.measuredArray(result, 'times', { dimension: 'time', statistic: 'sample' });
  const time: Measurement = { experiment, parameter, metric: WALL_TIME, statistics, place };
  if (times) {
    statistics.samples = times.length;
    time.samples = Float64Array.from(times, (t) => toBaseUnit(t, SECONDS));
  }
  const measurements: Measurement[] = [time];

  for (const [name, metric] of [
    ['user', USER_TIME],
    ['system', SYSTEM_TIME],
  ] as const) {
    const value = fields.measured(
      result,
      name,
      { dimension: 'time', statistic: 'mean', metric: metric.name },
      { nullable: true },
    );
    if (value !== undefined)
      measurements.push({ experiment, parameter, metric, statistics: { mean: toBaseUnit(value, SECONDS) }, place });
  }
  const memory = memoryMeasurement(fields, result, at);
  if (memory) measurements.push(memory);
  return measurements;
}

/** The memory of each run (`memory_usage_byte`) as samples. */
function memoryMeasurement(fields: JsonFields, result: JsonObject, at: ResultPlace): Measurement | undefined {
  const memory = fields.measuredArray(result, 'memory_usage_byte', { dimension: 'size', statistic: 'sample' });
  if (!memory || memory.length === 0) return undefined;
  const bytes = Float64Array.from(memory, (b) => toBaseUnit(b, BYTES));
  let sum = 0;
  for (const b of bytes) sum += b;
  return {
    experiment: at.experiment,
    parameter: at.parameter,
    metric: MEMORY_METRIC,
    statistics: {
      samples: bytes.length,
      min: Math.min(...bytes),
      max: Math.max(...bytes),
      mean: sum / bytes.length,
    },
    samples: bytes,
    place: at.place,
  };
}

/** The parameter, and each parameter's value as hyperfine substituted it into the command. */
function parameterOf(fields: JsonFields, result: JsonObject): [Parameter, Record<string, string>] {
  const raw = result.parameters;
  if (raw === undefined || raw === null) return [{ label: '' }, {}];
  if (!isJsonObject(raw)) throw fields.error('expected an object for "parameters"', result, 'parameters');
  const names = Object.keys(raw);
  if (names.length === 0) return [{ label: '' }, {}];
  const settings: Record<string, number | string> = {};
  const texts: Record<string, string> = {};
  const labels: string[] = [];
  let payloadBytes: number | undefined;
  for (const name of names) {
    const value = raw[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw fields.error(`expected a string for the parameter "${name}"`, raw, name);
    }
    const text = String(value);
    texts[name] = text;
    const { setting, payloadBytes: bytes } = parameterSetting(name, text);
    settings[name] = setting;
    labels.push(`${name}=${text}`);
    if (bytes !== undefined) payloadBytes = bytes;
  }
  const parameter: Parameter = { label: labels.join(', '), settings };
  if (payloadBytes !== undefined) parameter.payloadBytes = payloadBytes;
  return [parameter, texts];
}
