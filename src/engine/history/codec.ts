/**
 * The bytes of a history record: written in a fixed layout (same record, same bytes) and read
 * back with every field checked, version 1 records included.
 */
import { InputError } from '../errors.js';
import { STATISTIC_NAMES, type Direction, type StatisticName } from '../model/measurement.js';
import { BASE_UNITS, type Dimension } from '../model/units.js';
import { environmentOfJson, orderedEnvironment } from '../model/environment.js';
import { checkStoredValue, isPayloadBytes, measurementsOfColumns, renderColumns } from './columns.js';
import { checkNesting } from './nesting.js';
import { legacyRole } from './legacyRoles.js';
import {
  HISTORY_FORMAT,
  HISTORY_VERSION,
  READABLE_HISTORY_VERSIONS,
  orderedAcceptance,
  type HistoryMeasurement,
  type HistoryRecord,
  type RecordedAcceptance,
} from './record.js';

/**
 * Deterministic bytes: fixed key order, two-space indent, the run's identity, then its measurements
 * as columns (columns.ts), final newline.
 */
export function renderHistoryRecord(record: HistoryRecord): string {
  const lines = [
    '{',
    `  "format": ${JSON.stringify(record.format)},`,
    `  "version": ${record.version},`,
    `  "sha": ${JSON.stringify(record.sha)},`,
    `  "date": ${JSON.stringify(record.date)},`,
    `  "runId": ${JSON.stringify(record.runId)},`,
    `  "runUrl": ${JSON.stringify(record.runUrl)},`,
    ...(record.environment ? [`  "environment": ${JSON.stringify(orderedEnvironment(record.environment))},`] : []),
    ...(record.accepted ? [`  "accepted": ${JSON.stringify(orderedAcceptance(record.accepted))},`] : []),
  ];
  // concat, not push(...): a record of 100,000 experiments would overflow the call stack as arguments.
  return lines.concat(renderColumns(record.measurements), '}', '').join('\n');
}

/** A JSON object (an array too: its named fields are then missing, and the checks below say which). */
type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null;
}

function isStatisticName(name: string): name is StatisticName {
  return (STATISTIC_NAMES as readonly string[]).includes(name);
}

function isDimension(value: unknown): value is Dimension {
  return typeof value === 'string' && Object.hasOwn(BASE_UNITS, value);
}

function isDirection(value: unknown): value is Direction {
  return value === 'lower-is-better' || value === 'higher-is-better';
}

/** How a field that fails its check is reported. */
type Bad = (what: string) => InputError;
type NumberOrNull = (v: unknown, what: string) => number | null;

/**
 * Reads a record back: version 3 from its columns, version 2 as it is, version 1 (Fast-DDS payload
 * rows) as latency measurements. Anything else is an InputError at `source`.
 */
export function parseHistoryRecord(text: string, source: string): HistoryRecord {
  return parseHistoryRecordAs(text, source, () => (m) => m);
}

/** A record without its measurements: the run's identity. */
export type HistoryRecordHead = Omit<HistoryRecord, 'measurements'>;

/**
 * parseHistoryRecord with each measurement passed, as soon as it is read (for version 3, while its columns are
 * expanded), through the conversion `reader` gives for the record's head: a comparison reads 30 records of 20,000
 * measurements into the common model, and holding each record's stored measurements first doubles what the garbage
 * collector copies.
 */
export function parseHistoryRecordAs<T>(
  text: string,
  source: string,
  reader: (head: HistoryRecordHead) => (m: HistoryMeasurement) => T,
): HistoryRecordHead & { measurements: T[] } {
  checkNesting(text, source, 'history record');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`not a perfgate history record: ${(error as Error).message}`, { file: source });
  }
  const bad: Bad = (what) => new InputError(`not a perfgate history record: ${what}`, { file: source });
  if (!isObject(data) || data['format'] !== HISTORY_FORMAT) throw bad('no "format": "perfgate-history"');
  const version = data['version'];
  if (!(READABLE_HISTORY_VERSIONS as readonly unknown[]).includes(version)) {
    throw bad(
      `unsupported version ${JSON.stringify(version)} (this perfgate reads versions ${readableVersions()}; a newer perfgate may have written it)`,
    );
  }
  const stringField = (key: 'sha' | 'date' | 'runId' | 'runUrl'): string => {
    const value = data[key];
    if (typeof value !== 'string') throw bad(`"${key}" is not a string`);
    return value;
  };
  const [sha, date, runId, runUrl] = [
    stringField('sha'),
    stringField('date'),
    stringField('runId'),
    stringField('runUrl'),
  ];
  const numberOrNull: NumberOrNull = (v, what) => {
    if (v === null) return null;
    if (typeof v !== 'number') throw bad(`${what} is not a number`);
    return v;
  };
  const environment = environmentOfJson(data['environment']);
  const accepted = data['accepted'] === undefined ? undefined : acceptanceOfJson(data['accepted'], bad);
  const head = {
    format: HISTORY_FORMAT,
    version: HISTORY_VERSION,
    sha,
    date,
    runId,
    runUrl,
    ...(environment ? { environment } : {}),
    ...(accepted ? { accepted } : {}),
  } as const;
  const convert = reader(head);
  if (version === 1) return { ...head, measurements: measurementsOfVersion1(data, bad, numberOrNull).map(convert) };
  if (version === 3) return { ...head, measurements: measurementsOfColumns(data, bad, convert) };
  const stored = data['measurements'];
  if (!Array.isArray(stored)) throw bad('"measurements" is not a list');
  const read = stored.map((m: unknown, i) => measurementOfJson(m, `measurement ${i + 1}`, bad, numberOrNull));
  return { ...head, measurements: withLegacyRoles(read).map(convert) };
}

/** Version 2 measurements with the roles their formats' rules give (legacyRoles.ts): version 2 kept none. */
function withLegacyRoles(measurements: HistoryMeasurement[]): HistoryMeasurement[] {
  const metricsOf = new Map<string, Set<string>>();
  for (const m of measurements) {
    let metrics = metricsOf.get(m.experiment);
    if (!metrics) metricsOf.set(m.experiment, (metrics = new Set()));
    metrics.add(m.metric);
  }
  for (const m of measurements) {
    const role = legacyRole(m.format, m.metric, metricsOf.get(m.experiment)!, undefined);
    if (role !== undefined) m.role = role;
  }
  return measurements;
}

/** A record's `accepted`, every field checked. */
export function acceptanceOfJson(value: unknown, bad: Bad): RecordedAcceptance {
  if (!isObject(value) || Array.isArray(value)) throw bad('"accepted" is not an object');
  const text = (v: unknown, what: string, optional = false): string | undefined => {
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'string') throw bad(`${what} is not a string`);
    return v;
  };
  const out: RecordedAcceptance = {};
  const pullRequest = value['pullRequest'];
  if (pullRequest !== undefined) {
    if (typeof pullRequest !== 'number' || !Number.isSafeInteger(pullRequest) || pullRequest < 1)
      throw bad('"accepted.pullRequest" is not a pull request number');
    out.pullRequest = pullRequest;
  }
  const label = value['label'];
  if (label !== undefined) {
    if (!isObject(label)) throw bad('"accepted.label" is not an object');
    const by = text(label['by'], '"accepted.label.by"', true);
    const description = text(label['description'], '"accepted.label.description"', true);
    out.label = {
      label: text(label['label'], '"accepted.label.label"')!,
      ...(by !== undefined ? { by } : {}),
      ...(description !== undefined ? { description } : {}),
    };
  }
  const waivers = value['waivers'];
  if (waivers !== undefined) {
    if (!Array.isArray(waivers)) throw bad('"accepted.waivers" is not a list');
    out.waivers = waivers.map((w: unknown, i) => {
      const where = `"accepted.waivers" ${i + 1}`;
      if (!isObject(w)) throw bad(`${where} is not an object`);
      const ceiling = w['ceilingPercent'];
      if (typeof ceiling !== 'number' || !Number.isFinite(ceiling) || ceiling < 0)
        throw bad(`${where}: ceilingPercent is not a change in % (a finite number ≥ 0)`);
      return {
        benchmark: text(w['benchmark'], `${where}: benchmark`)!,
        metric: text(w['metric'], `${where}: metric`)!,
        ceilingPercent: ceiling,
        expires: text(w['expires'], `${where}: expires`)!,
        link: text(w['link'], `${where}: link`)!,
        reason: text(w['reason'], `${where}: reason`)!,
        place: text(w['place'], `${where}: place`)!,
      };
    });
  }
  return out;
}

/** One stored measurement of a version 2 record, every field checked. */
function measurementOfJson(m: unknown, where: string, bad: Bad, numberOrNull: NumberOrNull): HistoryMeasurement {
  if (!isObject(m)) throw bad(`${where} is not an object`);
  const text = (key: 'experiment' | 'format' | 'parameter' | 'metric' | 'unit' | 'displayUnit'): string => {
    const value = m[key];
    if (typeof value !== 'string') throw bad(`${where}: "${key}" is not a string`);
    return value;
  };
  const [experiment, format, parameter, metric, unit, displayUnit] = [
    text('experiment'),
    text('format'),
    text('parameter'),
    text('metric'),
    text('unit'),
    text('displayUnit'),
  ];
  const { dimension, direction, statistics: storedStatistics, repetitions, repetitionValues: storedValues } = m;
  const belowResolution = m['belowResolution'];
  if (belowResolution !== undefined && belowResolution !== true) throw bad(`${where}: "belowResolution" is not true`);
  if (!isDimension(dimension)) throw bad(`${where}: unknown dimension ${JSON.stringify(dimension)}`);
  if (!isDirection(direction)) throw bad(`${where}: unknown direction ${JSON.stringify(direction)}`);
  if (!isObject(storedStatistics) || Array.isArray(storedStatistics))
    throw bad(`${where}: "statistics" is not an object`);
  const of = `${where} (${experiment}${parameter === '' ? '' : ` ${parameter}`}, ${metric})`;
  const possible = (value: number | null, statistic: StatisticName, what: string): number | null => {
    if (value !== null)
      checkStoredValue(value, { dimension, metric, statistic, belowResolution: belowResolution === true }, what, bad);
    return value;
  };
  const statistics: HistoryMeasurement['statistics'] = {};
  for (const [name, value] of Object.entries(storedStatistics)) {
    if (!isStatisticName(name)) throw bad(`${where}: unknown statistic ${JSON.stringify(name)}`);
    statistics[name] = possible(numberOrNull(value, `${where}: "${name}"`), name, `${of}: "${name}"`);
  }
  if (
    repetitions !== undefined &&
    !(typeof repetitions === 'number' && Number.isInteger(repetitions) && repetitions > 1)
  ) {
    throw bad(`${where}: "repetitions" is not a count above 1`);
  }
  let repetitionValues: HistoryMeasurement['repetitionValues'];
  if (storedValues !== undefined) {
    if (repetitions === undefined) throw bad(`${where}: "repetitionValues" without "repetitions"`);
    if (!isObject(storedValues) || Array.isArray(storedValues))
      throw bad(`${where}: "repetitionValues" is not an object`);
    repetitionValues = {};
    for (const [name, values] of Object.entries(storedValues)) {
      if (!isStatisticName(name))
        throw bad(`${where}: unknown statistic ${JSON.stringify(name)} in "repetitionValues"`);
      if (!Array.isArray(values) || values.length !== repetitions)
        throw bad(`${where}: "repetitionValues"."${name}" is not a list of ${repetitions} values`);
      repetitionValues[name] = values.map((v: unknown, j) =>
        possible(
          numberOrNull(v, `${where}: "repetitionValues"."${name}"[${j}]`),
          name,
          `${of}: "repetitionValues"."${name}"[${j}]`,
        ),
      );
    }
  }
  const payloadBytes = m['payloadBytes'] ?? null;
  if (payloadBytes !== null && !isPayloadBytes(payloadBytes))
    throw bad(`${where}: "payloadBytes" is not a number of bytes (a finite number ≥ 0)`);
  return {
    experiment,
    format,
    parameter,
    payloadBytes,
    metric,
    dimension,
    unit,
    displayUnit,
    direction,
    statistics,
    ...(repetitions !== undefined ? { repetitions } : {}),
    ...(repetitionValues !== undefined ? { repetitionValues } : {}),
    ...(belowResolution === true ? { belowResolution } : {}),
  };
}

/** Version 1 stored Fast-DDS summary rows per payload: they are latency measurements in µs. */
function measurementsOfVersion1(data: JsonObject, bad: Bad, numberOrNull: NumberOrNull): HistoryMeasurement[] {
  const experiments = data['experiments'];
  if (!Array.isArray(experiments)) throw bad('"experiments" is not a list');
  return experiments.flatMap((ex: unknown, i) => {
    if (!isObject(ex) || typeof ex['experiment'] !== 'string' || !Array.isArray(ex['payloads']))
      throw bad(`experiment ${i + 1} is malformed`);
    const experiment = ex['experiment'];
    return ex['payloads'].map((p: unknown, j): HistoryMeasurement => {
      const where = `${experiment} payload ${j + 1}`;
      if (!isObject(p) || !isPayloadBytes(p['bytes']))
        throw bad(`${where}: "bytes" is not a number of bytes (a finite number ≥ 0)`);
      const bytes = p['bytes'];
      const statistics: HistoryMeasurement['statistics'] = {};
      for (const name of ['samples', 'min', 'mean', 'median', 'p99', 'max'] as const) {
        const value = numberOrNull(p[name], `${where}: "${name}"`);
        const kind = { dimension: 'time', metric: 'latency', statistic: name } as const;
        if (value !== null) checkStoredValue(value, kind, `${where}: "${name}"`, bad);
        statistics[name] = value;
      }
      return {
        experiment,
        format: 'fastdds-summary',
        parameter: String(bytes),
        payloadBytes: bytes,
        metric: 'latency',
        dimension: 'time',
        unit: 'us',
        displayUnit: 'us',
        direction: 'lower-is-better',
        statistics,
      };
    });
  });
}

/** "1, 2 and 3". */
function readableVersions(): string {
  const all = READABLE_HISTORY_VERSIONS.map(String);
  return `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}
