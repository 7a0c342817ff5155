/**
 * The measurements of a version 3 record: what repeats is written once, the numbers in columns.
 *
 * A run of 10,000 benchmarks repeats the same nine descriptive fields 20,000 times in a version 2
 * record (5.5 MB, over 90 % of it keys and repeated text). Here:
 *   - `shapes`: each distinct description (shape.ts: format, metric, dimension, units, direction, which
 *     statistics, repetitions, whether below resolution) once, numbered in order of first use;
 *   - `series`: runs of measurements of one experiment, `[experiment, [shape, …], [parameter, …]]`,
 *     standing for every parameter × every shape in that order (a parameter with payload bytes is
 *     `[label, bytes]`);
 *   - `statistics`: one column per statistic, the values of the measurements whose shape names it,
 *     in measurement order (null: not a number);
 *   - `repetitionValues`: one column per statistic, each measurement's `repetitions` values in a row.
 * The same measurements always give the same columns (same record, same bytes); reading checks
 * every field and that each column holds exactly the values its series call for.
 */
import { STATISTIC_NAMES, type StatisticName } from '../model/measurement.js';
import type { Dimension } from '../model/units.js';
import { impossibleValue, isResolutionFloor, valueText } from '../model/validity.js';
import type { HistoryMeasurement } from './record.js';
import { isObject, isStatisticName, shapeOf, shapeOfJson, type Bad, type Shape } from './shape.js';
import { legacyRole, needsSiblings } from './legacyRoles.js';

export type { Bad } from './shape.js';

type Parameter = string | [label: string, payloadBytes: number];

interface SeriesRun {
  experiment: string;
  shapes: number[];
  parameters: Parameter[];
}

/** What a stored value is: its metric, the metric's dimension, its statistic, whether it may be the resolution's 0. */
export interface StoredValueKind {
  dimension: Dimension;
  metric: string;
  statistic: StatisticName;
  belowResolution?: boolean;
}

/**
 * Refuses a stored value no measurement can have, as the formats' validity table (model/validity.ts) does when a
 * result is read: not finite (`1e999` parses as Infinity), a negative time, size, rate or count, a negative spread or
 * number of samples. `where` names the field and its place in the file.
 */
export function checkStoredValue(value: number, kind: StoredValueKind, where: string, bad: Bad): void {
  if (kind.belowResolution && isResolutionFloor(value)) return;
  const reason = impossibleValue({ dimension: kind.dimension, statistic: kind.statistic, metric: kind.metric }, value);
  if (reason !== undefined) throw bad(`${where} is ${valueText(value)}, which is impossible: ${reason}`);
}

/** A payload size as a record stores it: a finite number of bytes, 0 or more. */
export function isPayloadBytes(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function num(value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'null' : JSON.stringify(value);
}

/** `[v, v, …]`, or the value alone when every one of two or more is the same (`"samples": 1` for a run of single runs). */
function columnText(values: readonly string[]): string {
  const first = values[0];
  return values.length > 1 && values.every((v) => v === first) ? first! : `[${values.join(',')}]`;
}

function parameterOf(m: HistoryMeasurement): Parameter {
  return m.payloadBytes === null || !Number.isFinite(m.payloadBytes) ? m.parameter : [m.parameter, m.payloadBytes];
}

/** The shapes of measurements, each numbered once, and the runs of series they form. */
interface Layout {
  shapes: Shape[];
  /** Each measurement's shape. */
  shapeIds: number[];
  runs: SeriesRun[];
}

function layoutOf(measurements: readonly HistoryMeasurement[]): Layout {
  const shapes: Shape[] = [];
  const shapeIndex = new Map<string, number>();
  const shapeIds = measurements.map((m) => {
    const shape = shapeOf(m);
    const key = JSON.stringify(shape);
    let index = shapeIndex.get(key);
    if (index === undefined) {
      index = shapes.length;
      shapes.push(shape);
      shapeIndex.set(key, index);
    }
    return index;
  });
  const parameterKeys = measurements.map((m) => JSON.stringify(parameterOf(m)));
  // Greedy runs: the shapes of the first parameter, then every following parameter with exactly those shapes.
  const runs: SeriesRun[] = [];
  let i = 0;
  while (i < measurements.length) {
    const experiment = measurements[i]!.experiment;
    const same = (j: number, key: string) => measurements[j]!.experiment === experiment && parameterKeys[j] === key;
    const kinds: number[] = [];
    let j = i;
    while (j < measurements.length && same(j, parameterKeys[i]!)) kinds.push(shapeIds[j++]!);
    const parameters = [parameterOf(measurements[i]!)];
    while (j + kinds.length <= measurements.length) {
      const key = parameterKeys[j]!;
      if (!kinds.every((shape, k) => same(j + k, key) && shapeIds[j + k] === shape)) break;
      parameters.push(parameterOf(measurements[j]!));
      j += kinds.length;
    }
    runs.push({ experiment, shapes: kinds, parameters });
    i = j;
  }
  return { shapes, shapeIds, runs };
}

/** `  "name": [` … `  ]`, an entry a line. */
export function listBlock(name: string, entries: readonly string[]): string[] {
  return entries.length === 0
    ? [`  "${name}": []`]
    : [`  "${name}": [`, ...entries.map((e, k) => `    ${e}${k < entries.length - 1 ? ',' : ''}`), '  ]'];
}

/** Blocks of lines as members of one object: a comma after every block but the last. */
export function joinBlocks(blocks: readonly string[][]): string[] {
  return blocks.flatMap((lines, k) =>
    k < blocks.length - 1 ? [...lines.slice(0, -1), `${lines[lines.length - 1]!},`] : lines,
  );
}

/**
 * The `"shapes"` and `"series"` blocks of these measurements (their statistics' names, not their values): what the
 * history archive writes once for the runs of a month.
 */
export function seriesBlocks(measurements: readonly HistoryMeasurement[]): string[][] {
  const { shapes, runs } = layoutOf(measurements);
  return [
    listBlock(
      'shapes',
      shapes.map((s) => JSON.stringify(s)),
    ),
    listBlock(
      'series',
      runs.map((r) => JSON.stringify([r.experiment, r.shapes, r.parameters])),
    ),
  ];
}

/** The `"shapes"`, `"series"`, `"statistics"` and `"repetitionValues"` lines of a record (no trailing comma). */
export function renderColumns(measurements: readonly HistoryMeasurement[]): string[] {
  const { shapes, shapeIds } = layoutOf(measurements);
  const columns = new Map<StatisticName, string[]>();
  const repetitionColumns = new Map<StatisticName, string[]>();
  measurements.forEach((m, k) => {
    const shape = shapes[shapeIds[k]!]!;
    for (const s of shape.statistics) {
      let column = columns.get(s);
      if (!column) columns.set(s, (column = []));
      column.push(num(m.statistics[s]!));
    }
    for (const s of shape.repetitionValues ?? []) {
      let column = repetitionColumns.get(s);
      if (!column) repetitionColumns.set(s, (column = []));
      for (const v of m.repetitionValues![s]!) column.push(num(v));
    }
  });
  const object = (name: string, byStatistic: Map<StatisticName, string[]>) => {
    const names = STATISTIC_NAMES.filter((s) => byStatistic.has(s));
    if (names.length === 0) return [`  "${name}": {}`];
    return [
      `  "${name}": {`,
      ...names.map((s, k) => `    "${s}": ${columnText(byStatistic.get(s)!)}${k < names.length - 1 ? ',' : ''}`),
      '  }',
    ];
  };
  return joinBlocks([
    ...seriesBlocks(measurements),
    object('statistics', columns),
    ...(repetitionColumns.size > 0 ? [object('repetitionValues', repetitionColumns)] : []),
  ]);
}

function seriesRunOfJson(value: unknown, where: string, shapeCount: number, bad: Bad): SeriesRun {
  if (!Array.isArray(value) || value.length !== 3)
    throw bad(`${where} is not [experiment, [shape, …], [parameter, …]]`);
  const [experiment, shapes, parameters] = value as unknown[];
  if (typeof experiment !== 'string') throw bad(`${where}: the experiment is not a string`);
  if (!Array.isArray(shapes) || shapes.length === 0) throw bad(`${where}: no list of shapes`);
  for (const s of shapes)
    if (!(typeof s === 'number' && Number.isInteger(s) && s >= 0 && s < shapeCount))
      throw bad(`${where}: ${JSON.stringify(s)} is not one of the ${shapeCount} shapes`);
  if (!Array.isArray(parameters) || parameters.length === 0) throw bad(`${where}: no list of parameters`);
  for (const p of parameters) {
    const ok =
      typeof p === 'string' || (Array.isArray(p) && p.length === 2 && typeof p[0] === 'string' && isPayloadBytes(p[1]));
    if (!ok) throw bad(`${where}: parameter ${JSON.stringify(p)} is not a label or [label, payload bytes]`);
  }
  return { experiment, shapes: shapes as number[], parameters: parameters as Parameter[] };
}

/** A column being read: its values, or the one value all of them have; `at` counts the values taken. */
interface Column {
  values: readonly (number | null)[] | undefined;
  constant: number | null;
  at: number;
}

/** A column of values, every one a number or null, or one such value standing for all of them. */
function columnOfJson(value: unknown, what: string, bad: Bad): Column {
  if (value === null || typeof value === 'number') return { values: undefined, constant: value, at: 0 };
  if (!Array.isArray(value)) throw bad(`${what} is neither a list nor a number`);
  for (let k = 0; k < value.length; k++) {
    const v: unknown = value[k];
    if (v !== null && typeof v !== 'number') throw bad(`${what}[${k}] is not a number`);
  }
  return { values: value as (number | null)[], constant: null, at: 0 };
}

function columnsOfJson(value: unknown, name: string, bad: Bad): Map<StatisticName, Column> {
  if (!isObject(value)) throw bad(`"${name}" is not an object`);
  const out = new Map<StatisticName, Column>();
  for (const [key, column] of Object.entries(value)) {
    if (!isStatisticName(key)) throw bad(`"${name}": unknown statistic ${JSON.stringify(key)}`);
    out.set(key, columnOfJson(column, `"${name}"."${key}"`, bad));
  }
  return out;
}

/** A record's or an archive's `"shapes"` and `"series"`, checked. */
function readLayout(data: Record<string, unknown>, bad: Bad): { shapes: Shape[]; runs: SeriesRun[] } {
  if (!Array.isArray(data['shapes'])) throw bad('"shapes" is not a list');
  const shapes = data['shapes'].map((s: unknown, k) => shapeOfJson(s, `shape ${k}`, bad));
  if (!Array.isArray(data['series'])) throw bad('"series" is not a list');
  const runs = data['series'].map((r: unknown, k) => seriesRunOfJson(r, `series ${k + 1}`, shapes.length, bad));
  return { shapes, runs };
}

/**
 * The measurements `"shapes"` and `"series"` stand for, in order, each with its shape's statistics (and repetition
 * values) taken from `valueOf`, each passed through `convert` as soon as it is made.
 */
function expandLayout<T>(
  { shapes, runs }: { shapes: Shape[]; runs: SeriesRun[] },
  valueOf: (from: 'statistics' | 'repetitionValues', s: StatisticName) => number | null,
  convert: (m: HistoryMeasurement) => T,
  bad: Bad,
  /** Where in its column the value just taken is (for an error). */
  placeOf?: (from: 'statistics' | 'repetitionValues', s: StatisticName) => number,
): T[] {
  const out: T[] = [];
  type From = 'statistics' | 'repetitionValues';
  const take = (from: From, s: StatisticName, shape: Shape, run: SeriesRun, label: string): number | null => {
    const value = valueOf(from, s);
    // Every bound is 0 (model/validity.ts): a finite value above it needs no further look.
    if (value !== null && !(value > 0 && value < Infinity)) {
      const of = `${run.experiment}${label === '' ? '' : ` ${label}`}, ${shape.metric}`;
      const at = placeOf ? `[${placeOf(from, s)}]` : '';
      const kind = { ...shape, statistic: s, belowResolution: shape.belowResolution === true };
      checkStoredValue(value, kind, `"${from}"."${s}"${at} (${of})`, bad);
    }
    return value;
  };
  const roleOf = shapeRoles(shapes, runs);
  for (const run of runs) {
    const roles = run.shapes.map((index) => roleOf(run, index));
    for (const parameter of run.parameters) {
      const [label, payloadBytes] = typeof parameter === 'string' ? [parameter, null] : parameter;
      for (let k = 0; k < run.shapes.length; k++) {
        const shape = shapes[run.shapes[k]!]!;
        const role = roles[k];
        const statistics: HistoryMeasurement['statistics'] = {};
        for (const s of shape.statistics) statistics[s] = take('statistics', s, shape, run, label);
        let repetitionValues: HistoryMeasurement['repetitionValues'];
        if (shape.repetitionValues) {
          repetitionValues = {};
          for (const s of shape.repetitionValues) {
            const values: (number | null)[] = [];
            for (let k = 0; k < shape.repetitions!; k++) values.push(take('repetitionValues', s, shape, run, label));
            repetitionValues[s] = values;
          }
        }
        const m: HistoryMeasurement = {
          experiment: run.experiment,
          format: shape.format,
          parameter: label,
          payloadBytes,
          metric: shape.metric,
          dimension: shape.dimension,
          unit: shape.unit,
          displayUnit: shape.displayUnit,
          direction: shape.direction,
          statistics,
        };
        // Assigned, not spread: 20,000 measurements a record, 30 records a comparison.
        if (shape.repetitions !== undefined) m.repetitions = shape.repetitions;
        if (repetitionValues !== undefined) m.repetitionValues = repetitionValues;
        if (shape.belowResolution) m.belowResolution = true;
        if (shape.instrument !== undefined) m.instrument = shape.instrument;
        if (shape.kind !== undefined) m.kind = shape.kind;
        if (role !== undefined) m.role = role;
        out.push(convert(m));
      }
    }
  }
  return out;
}

/**
 * The role (non-primary) of a shape's measurements in a series run: the shape's own, else (a record or archive written
 * before shapes kept roles) the one its format's rules give (legacyRoles.ts), the experiment's other metrics read over
 * all its runs.
 */
function shapeRoles(
  shapes: readonly Shape[],
  runs: readonly SeriesRun[],
): (run: SeriesRun, index: number) => HistoryMeasurement['role'] {
  let metricsOf: Map<string, Set<string>> | undefined;
  const siblingsOf = (experiment: string): Set<string> => {
    if (metricsOf === undefined) {
      metricsOf = new Map();
      for (const run of runs) {
        let metrics = metricsOf.get(run.experiment);
        if (!metrics) metricsOf.set(run.experiment, (metrics = new Set()));
        for (const index of run.shapes) {
          const shape = shapes[index];
          if (shape !== undefined) metrics.add(shape.metric);
        }
      }
    }
    return metricsOf.get(experiment)!;
  };
  const none = new Set<string>();
  return (run, index) => {
    const shape = shapes[index]!;
    if (shape.role !== undefined) return shape.role === 'primary' ? undefined : shape.role;
    const siblings = needsSiblings(shape.format) ? siblingsOf(run.experiment) : none;
    return legacyRole(shape.format, shape.metric, siblings, shape.kind);
  };
}

/** The series of an archive's `"shapes"` and `"series"`: measurements whose statistics are the names, values null. */
export function seriesOfJson(data: Record<string, unknown>, bad: Bad): HistoryMeasurement[] {
  return expandLayout(
    readLayout(data, bad),
    () => null,
    (m) => m,
    bad,
  );
}

/**
 * The measurements of a version 3 record's parsed JSON, every field checked, each passed through `convert` as soon as
 * it is read (a reader that keeps them in another form need not hold them all stored first).
 */
export function measurementsOfColumns<T>(
  data: Record<string, unknown>,
  bad: Bad,
  convert: (m: HistoryMeasurement) => T,
): T[] {
  const layout = readLayout(data, bad);
  const columns = columnsOfJson(data['statistics'], 'statistics', bad);
  const repetitionColumns =
    data['repetitionValues'] === undefined
      ? new Map<StatisticName, Column>()
      : columnsOfJson(data['repetitionValues'], 'repetitionValues', bad);
  const next = (from: 'statistics' | 'repetitionValues', s: StatisticName): number | null => {
    const column = (from === 'statistics' ? columns : repetitionColumns).get(s);
    if (column === undefined) throw bad(`"${from}" has no "${s}", which a shape names`);
    if (column.values === undefined) {
      column.at++;
      return column.constant;
    }
    if (column.at >= column.values.length)
      throw bad(`"${from}"."${s}" holds ${column.values.length} values; the series call for more`);
    return column.values[column.at++]!;
  };
  const placeOf = (from: 'statistics' | 'repetitionValues', s: StatisticName) =>
    (from === 'statistics' ? columns : repetitionColumns).get(s)!.at - 1;
  const out = expandLayout(layout, next, convert, bad, placeOf);
  for (const [from, byStatistic] of [
    ['statistics', columns],
    ['repetitionValues', repetitionColumns],
  ] as const) {
    for (const [s, column] of byStatistic) {
      if (column.at === 0) throw bad(`"${from}"."${s}": no shape names this statistic`);
      if (column.values !== undefined && column.at !== column.values.length)
        throw bad(`"${from}"."${s}" holds ${column.values.length} values; the series call for ${column.at}`);
    }
  }
  return out;
}
