/**
 * A shape of a version 3 record (columns.ts): one description shared by many measurements (format, metric, dimension,
 * units, direction, which statistics, repetitions, whether below resolution, what counted it, whether an exact count),
 * as written from a measurement and as read back, every field checked.
 */
import { STATISTIC_NAMES, type Direction, type MetricRole, type StatisticName } from '../model/measurement.js';
import { BASE_UNITS, type Dimension } from '../model/units.js';
import type { HistoryMeasurement } from './record.js';

/** How a field that fails its check is reported (the record's own "not a perfgate history record: …"). */
export type Bad = (what: string) => Error;

/** The longest instrument a record may name (a tool, its version and a cache configuration take about 170). */
const MAX_INSTRUMENT = 1000;

/** One description shared by many measurements. */
export interface Shape {
  format: string;
  metric: string;
  /**
   * What the metric is to its benchmark: written on every shape, `primary` too, so that a shape without one is known to
   * come from a perfgate that kept no role (its role is then inferred: legacyRoles.ts).
   */
  role?: MetricRole;
  dimension: Dimension;
  unit: string;
  displayUnit: string;
  direction: Direction;
  statistics: StatisticName[];
  repetitions?: number;
  repetitionValues?: StatisticName[];
  belowResolution?: true;
  instrument?: string;
  kind?: 'count';
}

export function shapeOf(m: HistoryMeasurement): Shape {
  const statistics = STATISTIC_NAMES.filter((s) => m.statistics[s] !== undefined);
  const repetitionValues = m.repetitionValues
    ? STATISTIC_NAMES.filter((s) => m.repetitionValues![s] !== undefined)
    : undefined;
  return {
    format: m.format,
    metric: m.metric,
    role: m.role ?? 'primary',
    dimension: m.dimension,
    unit: m.unit,
    displayUnit: m.displayUnit,
    direction: m.direction,
    statistics,
    ...(m.repetitions !== undefined ? { repetitions: m.repetitions } : {}),
    ...(repetitionValues !== undefined ? { repetitionValues } : {}),
    ...(m.belowResolution ? { belowResolution: true as const } : {}),
    ...(m.instrument !== undefined ? { instrument: m.instrument } : {}),
    ...(m.kind === 'count' ? { kind: 'count' as const } : {}),
  };
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isStatisticName(name: unknown): name is StatisticName {
  return typeof name === 'string' && (STATISTIC_NAMES as readonly string[]).includes(name);
}

function isRole(value: unknown): value is MetricRole {
  return value === 'primary' || value === 'derived' || value === 'secondary';
}

export function statisticList(value: unknown, what: string, bad: Bad): StatisticName[] {
  if (!Array.isArray(value)) throw bad(`${what} is not a list of statistics`);
  const seen = new Set<string>();
  for (const name of value) {
    if (!isStatisticName(name)) throw bad(`${what}: unknown statistic ${JSON.stringify(name)}`);
    if (seen.has(name)) throw bad(`${what}: "${name}" appears twice`);
    seen.add(name);
  }
  return value as StatisticName[];
}

export function shapeOfJson(value: unknown, where: string, bad: Bad): Shape {
  if (!isObject(value)) throw bad(`${where} is not an object`);
  const text = (key: 'format' | 'metric' | 'unit' | 'displayUnit'): string => {
    const v = value[key];
    if (typeof v !== 'string') throw bad(`${where}: "${key}" is not a string`);
    return v;
  };
  const { dimension, direction, repetitions, belowResolution } = value;
  if (typeof dimension !== 'string' || !Object.hasOwn(BASE_UNITS, dimension))
    throw bad(`${where}: unknown dimension ${JSON.stringify(dimension)}`);
  if (direction !== 'lower-is-better' && direction !== 'higher-is-better')
    throw bad(`${where}: unknown direction ${JSON.stringify(direction)}`);
  if (
    repetitions !== undefined &&
    !(typeof repetitions === 'number' && Number.isInteger(repetitions) && repetitions > 1)
  )
    throw bad(`${where}: "repetitions" is not a count above 1`);
  if (belowResolution !== undefined && belowResolution !== true) throw bad(`${where}: "belowResolution" is not true`);
  const instrument = value['instrument'];
  if (instrument !== undefined && (typeof instrument !== 'string' || instrument.length > MAX_INSTRUMENT))
    throw bad(`${where}: "instrument" is not a string of at most ${MAX_INSTRUMENT} characters`);
  const kind = value['kind'];
  if (kind !== undefined && kind !== 'count') throw bad(`${where}: "kind" is not "count"`);
  const role = value['role'];
  if (role !== undefined && !isRole(role))
    throw bad(`${where}: "role" is ${JSON.stringify(role)}, not "primary", "derived" or "secondary"`);
  let repetitionValues: StatisticName[] | undefined;
  if (value['repetitionValues'] !== undefined) {
    if (repetitions === undefined) throw bad(`${where}: "repetitionValues" without "repetitions"`);
    repetitionValues = statisticList(value['repetitionValues'], `${where}: "repetitionValues"`, bad);
  }
  return {
    format: text('format'),
    metric: text('metric'),
    ...(role !== undefined ? { role } : {}),
    dimension: dimension as Dimension,
    unit: text('unit'),
    displayUnit: text('displayUnit'),
    direction,
    statistics: statisticList(value['statistics'], `${where}: "statistics"`, bad),
    ...(repetitions !== undefined ? { repetitions } : {}),
    ...(repetitionValues !== undefined ? { repetitionValues } : {}),
    ...(belowResolution === true ? { belowResolution } : {}),
    ...(instrument !== undefined ? { instrument } : {}),
    ...(kind === 'count' ? { kind } : {}),
  };
}
