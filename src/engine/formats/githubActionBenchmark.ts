import { InputError } from '../errors.js';
import type { Direction, Measurement, Metric } from '../model/measurement.js';
import { BASE_UNITS, toBaseUnit, type Unit } from '../model/units.js';
import type { FormatAdapter, ParseOptions } from './adapter.js';
import { JsonFields } from './jsonFields.js';
import { JsonStreamReader } from './jsonStream.js';
import { isJsonObject } from './looseJson.js';
import { DistinctNames, isJsonArray, readUnit } from './shared.js';
import { finishShaped, ModelLimits, streamedFormat, type TextReader } from './streamed.js';

/**
 * github-action-benchmark's custom JSON (`tool: customSmallerIsBetter` / `customBiggerIsBetter`):
 * `[{"name": …, "unit": …, "value": …, "range"?: …, "extra"?: …}]`.
 *
 * Which way is better is a setting of the action, not part of the file, so it is inferred from the
 * unit: times (`ns/iter`, `ms`) and costs per operation (`B/op`, `allocs/op`) are lower-is-better, rates
 * (`ops/sec`, `req/s`, `MB/s`) higher-is-better; anything else is taken as lower-is-better and a
 * note says so. Experiment: `name`; no parameter; the statistic is `value`.
 */

/** A metric name for a unit's dimension. */
export function metricNameOf(unit: Unit): string {
  switch (unit.dimension) {
    case 'time':
      return 'time';
    case 'rate':
    case 'bitrate':
    case 'byterate':
      return 'throughput';
    case 'size':
      return 'size';
    default:
      return 'value';
  }
}

export const githubActionBenchmarkAdapter: FormatAdapter = {
  id: 'github-action-benchmark',
  title: 'github-action-benchmark custom JSON (customSmallerIsBetter / customBiggerIsBetter)',

  recognises(head: string): boolean {
    const m = /^\uFEFF?\s*\[\s*\{/.exec(head);
    if (!m) return false;
    const end = head.indexOf('}', m[0].length);
    const first = head.slice(m[0].length - 1, end < 0 ? Math.min(head.length, 4096) : end + 1);
    return /"name"\s*:\s*"/.test(first) && /"unit"\s*:\s*"/.test(first) && /"value"\s*:/.test(first);
  },

  ...streamedFormat(githubActionBenchmarkReader),
};

/** Reads the array entry by entry as it comes; one metric object per unit, shared by its measurements. */
function githubActionBenchmarkReader(file: string, options: ParseOptions): TextReader {
  const measurements: Measurement[] = [];
  const notes: string[] = [];
  const guessed = new Set<string>();
  const inferred = new Map<string, Direction>();
  const metrics = new Map<string, { metric: Metric; unit: Unit }>();
  const names = new DistinctNames(notes);
  const limits = new ModelLimits(file, options);
  const json = new JsonStreamReader(file, {
    begin() {},
    element(entry, doc, place) {
      if (!isJsonObject(entry)) throw new InputError('expected a {"name", "unit", "value"} object', { file, ...place });
      const fields = new JsonFields(file, doc);
      const line = place.line;
      const name = fields.string(entry, 'name', { required: true, what: 'the benchmark' })!;
      const unitText = fields.string(entry, 'unit', { required: true, what: `the benchmark "${name}"` })!;
      const value = fields.number(entry, 'value', { required: true, what: `the benchmark "${name}"` })!;
      let known = metrics.get(unitText);
      if (!known) {
        const reading = readUnit(unitText);
        if (reading.known) inferred.set(unitText, reading.direction);
        else guessed.add(unitText);
        known = {
          metric: {
            name: metricNameOf(reading.unit),
            dimension: reading.unit.dimension,
            unit: BASE_UNITS[reading.unit.dimension],
            displayUnit: unitText,
            direction: reading.direction,
          },
          unit: reading.unit,
        };
        metrics.set(unitText, known);
      }
      const experiment = names.name(name, known.metric.name, line);
      limits.experiment(experiment, line);
      limits.measurement(line);
      measurements.push({
        experiment,
        parameter: { label: '' },
        metric: known.metric,
        statistics: { value: toBaseUnit(value, known.unit) },
        place: { file, line },
      });
    },
  });
  return {
    push: (text) => json.push(text),
    finish() {
      finishShaped(json, file, isJsonArray, {
        expected: 'expected a github-action-benchmark JSON array of {"name", "unit", "value"} objects',
        entries: (r) => r,
        empty: 'the benchmark array is empty: no results',
      });
      if (inferred.size > 0) {
        const list = [...inferred].map(([unit, direction]) => `"${unit}" ${direction}`).join(', ');
        notes.push(`the file does not say whether smaller or bigger is better; inferred from the unit: ${list}`);
      }
      if (guessed.size > 0) {
        notes.push(
          `unknown unit${guessed.size > 1 ? 's' : ''} ${[...guessed].map((u) => `"${u}"`).join(', ')}: values kept as plain numbers and taken as lower-is-better (customSmallerIsBetter)`,
        );
      }
      return { format: 'github-action-benchmark', file, measurements, notes };
    },
  };
}
