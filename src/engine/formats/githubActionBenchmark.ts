import { InputError } from '../errors.js';
import type { Direction, Measurement, Metric } from '../model/measurement.js';
import { BASE_UNITS, toBaseUnit, type Unit } from '../model/units.js';
import type { FormatAdapter } from './adapter.js';
import { isJsonObject } from './looseJson.js';
import { DistinctNames, readUnit, readJsonReport, isJsonArray } from './shared.js';

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

  parse({ file, text }) {
    const { doc, fields, root } = readJsonReport(
      file,
      text,
      isJsonArray,
      'expected a github-action-benchmark JSON array of {"name", "unit", "value"} objects',
    );
    if (root.length === 0)
      throw new InputError('the benchmark array is empty: no results', { file, ...doc.placeOf(root) });
    const measurements: Measurement[] = [];
    const notes: string[] = [];
    const guessed = new Set<string>();
    const inferred = new Map<string, Direction>();
    const names = new DistinctNames(notes);
    root.forEach((entry, index) => {
      if (!isJsonObject(entry)) throw fields.error('expected a {"name", "unit", "value"} object', root, index);
      const line = doc.placeOf(entry).line;
      const name = fields.string(entry, 'name', { required: true, what: 'the benchmark' })!;
      const unitText = fields.string(entry, 'unit', { required: true, what: `the benchmark "${name}"` })!;
      const value = fields.number(entry, 'value', { required: true, what: `the benchmark "${name}"` })!;
      const reading = readUnit(unitText);
      if (reading.known) inferred.set(unitText, reading.direction);
      else guessed.add(unitText);
      const metric: Metric = {
        name: metricNameOf(reading.unit),
        dimension: reading.unit.dimension,
        unit: BASE_UNITS[reading.unit.dimension],
        displayUnit: unitText,
        direction: reading.direction,
      };
      measurements.push({
        experiment: names.name(name, metric.name, line),
        parameter: { label: '' },
        metric,
        statistics: { value: toBaseUnit(value, reading.unit) },
        place: { file, line },
      });
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
