/**
 * Requirements for any metric. The reference file (`Experiment type,Bytes,Median,99%,Max`) is one
 * case; the general form names each limit column after what it limits:
 *
 *   Experiment,Parameter,latency.p99 [us],throughput [Mb/s] >=
 *
 * A column is `<metric>[.<statistic>] [<unit>] [>=|<=]`: the statistic defaults to the metric's
 * primary one (its single value, else the slope, else the median, else the mean), the unit to the one the tool
 * printed (`ns/op` for Go; the check reads it), and the direction to the metric's own (throughput
 * and rates: higher is better). Units are written as the tools print them (`ns/op`, `ops/ms`, `s`).
 * `Parameter` may be `*` to limit every parameter. An `Optional` column (yes/no) lets a row's
 * experiment or parameter be absent from the results without failing the check.
 */
import { InputError } from '../errors.js';
import { readCsvTable, type CsvRow } from '../csv/table.js';
import { fieldColumn, stripBom } from '../csv/header.js';
import { resolveStatistic, STATISTIC_NAMES, type Direction, type StatisticName } from '../model/measurement.js';
import type { MetricRequirement } from '../model/metricRequirement.js';
import { CHECKED_MAGNITUDES, MAGNITUDE_FIELDS, type Requirement } from '../model/requirement.js';
import { parseToolUnit, type Dimension } from '../model/units.js';
import { isMissingValue, parseNumber, type FloatParse } from '../numeric/parseNumber.js';
import { clip } from './shared.js';
import { optionalColumnIndex, readOptionalCell } from './requirementsCsv.js';

export const METRIC_REQUIREMENTS_EXAMPLE = 'Experiment,Parameter,latency.p99 [us],throughput [Mb/s] >=';

/** Reference-style latency columns, accepted in the general form too. */
const LATENCY_COLUMNS: Record<string, StatisticName> = {
  Min: 'min',
  Mean: 'mean',
  Median: 'median',
  '90%': 'p90',
  '99%': 'p99',
  '99.99%': 'p9999',
  Max: 'max',
};

interface LimitColumn {
  index: number;
  label: string;
  metric: string;
  statistic?: StatisticName;
  dimension?: Dimension;
  /** As written between the brackets. */
  unit?: string;
  toBase: number;
  direction?: Direction;
}

/**
 * Whether a requirements header is the general form: it has an `Experiment` or `Parameter`
 * column, or a limit column with a statistic, unit or direction. Anything else is read as the
 * reference form, whose parser names a misspelled or missing column precisely.
 */
export function isMetricRequirementsHeader(headerLine: string): boolean {
  // `#` comment lines (what derive-requirements states about its limits) exist only in the general form.
  if (stripBom(headerLine).startsWith('#')) return true;
  const fields = stripBom(headerLine)
    .split(',')
    .map((f) => f.trim().replace(/^"|"$/g, ''));
  if (fields.includes('Experiment') || fields.includes('Parameter')) return true;
  return fields.some((f) => !(f in LATENCY_COLUMNS) && /[.[\]]|>=|<=|≥|≤/.test(f));
}

export function parseMetricRequirementsCsv(file: string, content: string, floatParse: FloatParse): MetricRequirement[] {
  const firstLine =
    stripBom(content)
      .split(/\r\n|\n|\r/)
      .find((line) => !line.startsWith('#')) ?? '';
  const headerFields = firstLine.split(',').map((f) => f.trim().replace(/^"|"$/g, ''));
  const experimentName = headerFields.includes('Experiment type') ? 'Experiment type' : 'Experiment';
  const parameterName = headerFields.includes('Bytes') ? 'Bytes' : 'Parameter';
  const table = readCsvTable(
    file,
    content,
    [experimentName, parameterName] as const,
    METRIC_REQUIREMENTS_EXAMPLE,
    headerFields,
    { comments: true },
  );
  const optionalIndex = optionalColumnIndex(headerFields);
  const limitColumns: LimitColumn[] = [];
  headerFields.forEach((name, index) => {
    if (name === experimentName || name === parameterName || index === optionalIndex) return;
    limitColumns.push(parseLimitColumn(file, firstLine, name, index));
  });
  if (limitColumns.length === 0) {
    throw new InputError(
      `no limit columns: add columns such as "latency.p99 [us]" or "throughput [Mb/s] >=" (e.g. ${METRIC_REQUIREMENTS_EXAMPLE})`,
      {
        file,
        line: 1,
      },
    );
  }
  const keys: KeyColumns = {
    experimentName,
    experimentIndex: table.columns[experimentName],
    parameterName,
    parameterIndex: table.columns[parameterName],
  };
  const seen = new Map<string, number>();
  const rows = table.rows.map((row) => readRequirementRow(file, row, keys, seen, optionalIndex));
  const requirements: MetricRequirement[] = [];
  // Column-major like the reference check (all Median rows, then all 99% rows, …).
  for (const column of limitColumns) {
    for (const requirementRow of rows) {
      const requirement = limitRequirement(file, firstLine, column, requirementRow, floatParse);
      if (requirement) requirements.push(requirement);
    }
  }
  if (rows.length === 0) throw new InputError('the requirements file has a header but no rows', { file, line: 2 });
  if (requirements.length === 0)
    throw new InputError('every limit cell is empty: no requirement is set', { file, line: 2 });
  return requirements;
}

/** The experiment and parameter columns: their names (for messages) and indexes. */
interface KeyColumns {
  experimentName: string;
  experimentIndex: number;
  parameterName: string;
  parameterIndex: number;
}

/** A row's experiment and parameter (neither empty) and whether its requirements are optional. */
interface RequirementRow {
  row: CsvRow;
  experiment: string;
  parameter: string;
  optional: boolean;
}

/** Reads a row's key; `seen` (key → line) refuses a second row for the same experiment and parameter. */
function readRequirementRow(
  file: string,
  row: CsvRow,
  keys: KeyColumns,
  seen: Map<string, number>,
  optionalIndex: number,
): RequirementRow {
  const experiment = (row.fields[keys.experimentIndex] ?? '').trim();
  if (experiment === '') {
    throw new InputError(`the "${keys.experimentName}" cell is empty`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, keys.experimentIndex),
    });
  }
  const parameter = (row.fields[keys.parameterIndex] ?? '').trim();
  if (parameter === '') {
    throw new InputError(`the "${keys.parameterName}" cell is empty (use * for every parameter)`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, keys.parameterIndex),
    });
  }
  const key = `${experiment}\u0000${parameter}`;
  const earlier = seen.get(key);
  if (earlier !== undefined) {
    throw new InputError(`duplicate requirement for ${experiment}, ${parameter} (first given on line ${earlier})`, {
      file,
      line: row.line,
      column: 1,
    });
  }
  seen.set(key, row.line);
  return { row, experiment, parameter, optional: readOptionalCell(file, row, optionalIndex) };
}

/** The requirement a limit cell sets; undefined for an empty cell (it sets no limit in the general form). */
function limitRequirement(
  file: string,
  headerLine: string,
  column: LimitColumn,
  { row, experiment, parameter, optional }: RequirementRow,
  floatParse: FloatParse,
): MetricRequirement | undefined {
  const text = row.fields[column.index] ?? '';
  if (isMissingValue(text)) return undefined;
  const value = parseNumber(text, floatParse);
  const place = { file, line: row.line, column: fieldColumn(row.text, column.index) };
  if (value === undefined)
    throw new InputError(`expected a number in column "${column.label}", found "${clip(text)}"`, place);
  return {
    experiment,
    parameter,
    metric: column.metric,
    ...(column.statistic !== undefined ? { statistic: column.statistic } : {}),
    limit: column.toBase === 1 ? value : value * column.toBase,
    ...(column.dimension !== undefined ? { dimension: column.dimension } : {}),
    ...(column.unit !== undefined ? { unit: column.unit } : {}),
    ...(column.direction !== undefined ? { direction: column.direction } : {}),
    label: column.label,
    ...(optional ? { optional } : {}),
    ...place,
    headerColumn: fieldColumn(headerLine, column.index),
  };
}

function parseLimitColumn(file: string, headerLine: string, name: string, index: number): LimitColumn {
  const place = { file, line: 1, column: fieldColumn(headerLine, index) };
  const latency = LATENCY_COLUMNS[name];
  if (latency !== undefined)
    return {
      index,
      label: name,
      metric: 'latency',
      statistic: latency,
      dimension: 'time',
      toBase: 1,
      direction: 'lower-is-better',
    };
  const parts = splitLimitColumn(name);
  if (parts === undefined) {
    throw new InputError(
      `cannot read the limit column "${clip(name)}"; write <metric>[.<statistic>] [<unit>] [>=|<=], e.g. "latency.p99 [us]"`,
      place,
    );
  }
  const { subject, unitText, relation } = parts;
  const dot = subject.lastIndexOf('.');
  let metric = subject;
  let statistic: StatisticName | undefined;
  if (dot > 0) {
    const statText = subject.slice(dot + 1);
    const known = resolveStatistic(statText);
    if (known === undefined) {
      // JMH's secondary metrics have dots in their names (gc.alloc.rate.norm).
      const dotted = `${clip(subject)}.median`;
      throw new InputError(
        `unknown statistic "${clip(statText)}" in column "${clip(name)}"; known: ${STATISTIC_NAMES.join(', ')} (a metric whose name has dots needs its statistic: "${dotted}")`,
        place,
      );
    }
    metric = subject.slice(0, dot);
    statistic = known;
  }
  const column: LimitColumn = { index, label: subject.trim(), metric: metric.trim(), toBase: 1 };
  if (statistic !== undefined) column.statistic = statistic;
  if (unitText !== undefined) {
    column.unit = unitText.trim();
    // A unit perfgate does not know is kept as written: the check accepts it where it is the unit
    // the tool printed for the metric (a custom `frames/window`), and otherwise names the known ones.
    const unit = parseToolUnit(unitText);
    if (unit) {
      column.dimension = unit.dimension;
      column.toBase = unit.toBase;
    }
  }
  if (relation !== undefined)
    column.direction = relation === '>=' || relation === '≥' ? 'higher-is-better' : 'lower-is-better';
  return column;
}

/**
 * `<subject> [<unit>] [>=|<=]` split from the end, in linear time (a regular expression with a
 * lazy subject backtracks quadratically on long hostile headers).
 */
function splitLimitColumn(name: string): { subject: string; unitText?: string; relation?: string } | undefined {
  let rest = name.trim();
  let relation: string | undefined;
  for (const r of ['>=', '<=', '≥', '≤']) {
    if (rest.endsWith(r)) {
      relation = r;
      rest = rest.slice(0, -r.length).trimEnd();
      break;
    }
  }
  let unitText: string | undefined;
  if (rest.endsWith(']')) {
    const open = rest.lastIndexOf('[');
    if (open < 0) return undefined;
    unitText = rest.slice(open + 1, -1);
    if (unitText.includes(']')) return undefined;
    rest = rest.slice(0, open).trimEnd();
  }
  if (rest === '') return undefined;
  return {
    subject: rest,
    ...(unitText !== undefined ? { unitText } : {}),
    ...(relation !== undefined ? { relation } : {}),
  };
}

/** The reference requirement rows as general requirements (`Median` → latency median in µs). */
export function metricRequirementsOf(requirements: readonly Requirement[], file: string): MetricRequirement[] {
  return CHECKED_MAGNITUDES.flatMap((magnitude) =>
    requirements.map((r) => ({
      experiment: r.experimentType,
      parameter: String(r.payloadBytes),
      metric: 'latency',
      statistic: MAGNITUDE_FIELDS[magnitude],
      limit: r.limits[magnitude],
      dimension: 'time' as const,
      direction: 'lower-is-better' as const,
      label: magnitude,
      ...(r.optional ? { optional: true } : {}),
      file,
      line: r.line,
    })),
  );
}
