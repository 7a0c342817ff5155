/**
 * Bencher Metric Format (BMF) JSON: `{"<benchmark>": {"<measure>": {"value": n, "lower_value"?: n,
 * "upper_value"?: n}}}`, what Bencher's `json` adapter reads and what `perfgate export --format
 * bmf` writes.
 *
 * - The benchmark name is the experiment; there is no parameter. `value` is the statistic
 *   `value`; `lower_value` and `upper_value` (Bencher's bounds) are read as `min` and `max`.
 * - Measures Bencher defines: `latency` (ns, lower-is-better) and `throughput` (operations per
 *   second, higher-is-better); those of its `--build-time` and `--file-size` options:
 *   `build-time` (s) and `file-size` (bytes), lower-is-better.
 * - Any other measure is kept as written. Its unit is the one in brackets at its end
 *   (`cpu time [ns]`: metric `cpu time`, ns), else the measure itself when it is a unit
 *   (`allocs/op`, `MB/s`); the unit gives the direction (times, sizes and costs per operation
 *   lower-is-better, rates higher-is-better). Without a unit, a plain number: higher-is-better
 *   when the name says a rate (`throughput`, `-rate`, `per-second`), else lower-is-better; a
 *   note lists such measures.
 */
import { InputError } from '../errors.js';
import type { Direction, Measurement, Metric, StatisticName } from '../model/measurement.js';
import { BASE_UNITS, toBaseUnit, type Unit } from '../model/units.js';
import type { FormatAdapter, ParseOptions } from './adapter.js';
import { JsonFields } from './jsonFields.js';
import { JsonStreamReader } from './jsonStream.js';
import { ModelLimits, streamedFormat, type TextReader } from './streamed.js';
import { isJsonObject } from './looseJson.js';
import { readUnit } from './shared.js';

const STRING = '"(?:[^"\\\\\\n]|\\\\.)*"';
/** `{"<benchmark>": {"<measure>": {"value"` (or `lower_value`, `upper_value`) at the start. */
const RECOGNISED = new RegExp(
  `^\\uFEFF?\\s*\\{\\s*${STRING}\\s*:\\s*\\{\\s*${STRING}\\s*:\\s*\\{\\s*"(?:value|lower_value|upper_value)"\\s*:`,
);

/** Measures with a meaning Bencher documents: their metric name, unit and direction. */
export const BENCHER_MEASURES: Record<string, { unit: string; direction: Direction }> = {
  latency: { unit: 'ns', direction: 'lower-is-better' },
  throughput: { unit: 'ops/s', direction: 'higher-is-better' },
  'build-time': { unit: 's', direction: 'lower-is-better' },
  'file-size': { unit: 'bytes', direction: 'lower-is-better' },
};

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/**
 * `name [unit]` split into its name and the text in the brackets: what `/^(.*\S)\s*\[([^\]]*)\]$/`
 * matched, scanned by hand because that regex backtracks quadratically on a name with many `[`
 * and no `]` at its end (100 KB of `[` took 3.6 s of CPU, 1 MB minutes).
 */
function bracketedUnit(measure: string): { name: string; unit: string } | undefined {
  const close = measure.length - 1;
  if (close < 1 || measure[close] !== ']') return undefined;
  // The greedy `.*` made the last `[` the opening one; the unit holds no `]`.
  let open = measure.lastIndexOf('[', close - 1);
  if (open < 0 || measure.indexOf(']', open + 1) !== close) return undefined;
  // trimEnd drops exactly what \s matches.
  let name = measure.slice(0, open).trimEnd();
  const terminator = name.search(LINE_TERMINATOR);
  if (terminator >= 0) {
    // `.` never matched a line terminator, so the name ends on its first line: the unit opens at
    // the first `[` after nothing but blanks from there, else at the first line's last `[`.
    open = terminator;
    while (open < close && /\s/.test(measure[open]!)) open++;
    if (measure[open] === '[') name = measure.slice(0, terminator).trimEnd();
    else {
      open = measure.lastIndexOf('[', terminator - 1);
      if (open < 0) return undefined;
      name = measure.slice(0, open).trimEnd();
    }
    if (measure.indexOf(']', open + 1) !== close) return undefined;
  }
  return name === '' ? undefined : { name, unit: measure.slice(open + 1, close) };
}
const RATE_NAME = /throughput|[-_ ]rate$|per[-_ ]?s(ec(ond)?)?$/i;

const BOUNDS: [string, StatisticName][] = [
  ['value', 'value'],
  ['lower_value', 'min'],
  ['upper_value', 'max'],
];

export interface BmfMeasure {
  metric: Metric;
  unit: Unit;
  /** False when the measure has no unit and the direction is the name rule's guess. */
  known: boolean;
}

/** What a measure name means: metric, unit and direction (see the module comment). */
export function bmfMeasure(measure: string): BmfMeasure {
  const known = Object.hasOwn(BENCHER_MEASURES, measure) ? BENCHER_MEASURES[measure] : undefined;
  const bracketed = known ? undefined : bracketedUnit(measure);
  const name = bracketed ? bracketed.name : measure;
  const reading = readUnit(known?.unit ?? (bracketed ? bracketed.unit : measure));
  if (reading.known || known) {
    const direction = known?.direction ?? reading.direction;
    return {
      metric: {
        name,
        dimension: reading.unit.dimension,
        unit: BASE_UNITS[reading.unit.dimension],
        displayUnit: reading.unit.symbol,
        direction,
      },
      unit: reading.unit,
      known: true,
    };
  }
  const direction: Direction = RATE_NAME.test(name) ? 'higher-is-better' : 'lower-is-better';
  const symbol = bracketed ? bracketed.unit.trim() : '';
  return {
    metric: { name, dimension: 'count', unit: '', displayUnit: symbol, direction },
    unit: { symbol, dimension: 'count', toBase: 1 },
    known: false,
  };
}

export const bmfAdapter: FormatAdapter = {
  id: 'bmf',
  title: 'Bencher Metric Format (BMF) JSON',

  recognises(head: string): boolean {
    return RECOGNISED.test(head);
  },

  ...streamedFormat(bmfReader),
};

/**
 * Reads the root object benchmark by benchmark as it comes. A benchmark named twice keeps its first
 * place and its last measures, as the whole object would.
 */
function bmfReader(file: string, options: ParseOptions): TextReader {
  const byBenchmark = new Map<string, Measurement[]>();
  const guessed = new Map<string, Direction>();
  const limits = new ModelLimits(file, options);
  const json = new JsonStreamReader(file, {
    objects: true,
    begin() {},
    element(measures, doc, place, benchmark, keyPlace) {
      const at = { file, ...(keyPlace ?? place) };
      if (!isJsonObject(measures))
        throw new InputError(`expected an object of measures for the benchmark "${benchmark!.slice(0, 60)}"`, at);
      const fields = new JsonFields(file, doc);
      const measureNames = Object.keys(measures);
      if (measureNames.length === 0)
        throw new InputError(`the benchmark "${benchmark!.slice(0, 60)}" has no measures`, at);
      limits.experiment(benchmark!, place.line);
      const measurements: Measurement[] = [];
      for (const measure of measureNames) {
        const metric = measures[measure]!;
        if (!isJsonObject(metric))
          throw fields.error(`expected {"value": …} for the measure "${measure.slice(0, 60)}"`, measures, measure);
        const reading = bmfMeasure(measure);
        if (!reading.known) guessed.set(measure, reading.metric.direction);
        const statistics: Partial<Record<StatisticName, number>> = {};
        for (const [key, statistic] of BOUNDS) {
          const value = fields.number(metric, key, {
            required: key === 'value',
            what: `the measure "${measure.slice(0, 60)}" of "${benchmark!.slice(0, 60)}"`,
          });
          if (value !== undefined) statistics[statistic] = toBaseUnit(value, reading.unit);
        }
        const line = doc.placeOfKey(measures, measure).line;
        limits.measurement(line);
        measurements.push({
          experiment: benchmark!,
          parameter: { label: '' },
          metric: reading.metric,
          statistics,
          place: { file, line },
        });
      }
      byBenchmark.set(benchmark!, measurements);
    },
  });
  return {
    push: (text) => json.push(text),
    finish() {
      const { doc, count } = json.finish();
      const root = doc.value;
      if (!isJsonObject(root))
        throw new InputError('expected a BMF JSON object: {"<benchmark>": {"<measure>": {"value": …}}}', {
          file,
          line: 1,
          column: 1,
        });
      if (count === 0) throw new InputError('the BMF object has no benchmarks', { file, ...doc.placeOf(root) });
      const measurements = [...byBenchmark.values()].flat();
      const notes: string[] = [];
      if (guessed.size > 0) {
        const list = [...guessed].map(([measure, direction]) => `"${measure}" ${direction}`).join(', ');
        notes.push(`measures without a unit, kept as plain numbers; the direction is taken from the name: ${list}`);
      }
      return { format: 'bmf', file, measurements, notes };
    },
  };
}
