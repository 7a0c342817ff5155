import { overLimit } from './streamed.js';
import { InputError, UsageError } from '../errors.js';
import { fieldColumn } from '../csv/header.js';
import { forEachCsvRow, type CsvRow } from '../csv/table.js';
import {
  resolveStatistic,
  STATISTIC_NAMES,
  type Measurement,
  type Metric,
  type Parameter,
  type StatisticName,
} from '../model/measurement.js';
import { BASE_UNITS, type Unit } from '../model/units.js';
import { requirePossibleValue } from '../model/validity.js';
import type { FormatAdapter, GenericCsvMapping } from './adapter.js';
import { readNumberCell, readUnit } from './shared.js';

/**
 * Any comma-separated table, read through a declared column mapping (`options.mapping`): which
 * column names the experiment, which the parameter, and which columns are which statistic of which
 * metric. Never recognised by content; used only when the user names `format: generic-csv`.
 *
 * - Columns are matched by exact header name; a missing one is an error at line 1 with a
 *   did-you-mean, like the reference formats.
 * - A metric is named by `metric`, else by its column. Several columns may feed one metric (`p50_ms` → latency median,
 *   `p99_ms` → latency p99); they are one Measurement per experiment × parameter × metric.
 * - Without an experiment column, the experiment is the file's base name; without a parameter
 *   column the parameter label is empty.
 * - Statistic defaults to `value`; unit defaults to none (a plain number); direction defaults to
 *   what the unit says (time lower, rates higher), else lower-is-better with a note.
 * - Empty and `nan` cells leave the statistic out; any other non-number is an error at its cell.
 */
const PAYLOAD_COLUMN = /bytes|size|payload/i;

interface ColumnPlan {
  column: string;
  metric: Metric;
  statistic: StatisticName;
  unit: Unit;
}

export const genericCsvAdapter: FormatAdapter = {
  id: 'generic-csv',
  title: 'CSV with a declared column mapping',

  recognises(): boolean {
    return false;
  },

  parse({ file, text }, options) {
    const mapping = options.mapping;
    if (!mapping)
      throw new UsageError(
        `${file}: the generic-csv format needs a column mapping (which columns are the experiment, parameter and metrics)`,
      );
    const notes: string[] = [];
    const plans = planColumns(mapping, notes);
    const required = [
      ...new Set(
        [mapping.experiment, mapping.parameter, ...plans.map((p) => p.column)].filter(
          (c): c is string => c !== undefined,
        ),
      ),
    ];
    const defaultExperiment = baseName(file);
    if (mapping.experiment === undefined)
      notes.push(`no experiment column mapped: the experiment is the file name "${defaultExperiment}"`);
    const table: MeasurementTable = {
      file,
      maxMeasurements: options.maxMeasurements,
      measurements: [],
      byKey: new Map(),
      laterLines: new Map(),
    };
    let rowCount = 0;
    // Rows are handed over as they are read: a file near the size limit never has all its rows held at once.
    forEachCsvRow(file, text, required, required.join(','), required, (row, columns) => {
      rowCount++;
      const experiment = experimentOfRow(file, mapping, row, columns, defaultExperiment);
      const parameter = parameterOfRow(mapping, row, columns);
      for (const plan of plans) {
        const index = columns[plan.column]!;
        const value = readCell(file, plan, row, index);
        if (value !== undefined) addStatistic(table, { experiment, parameter, plan, row, index, value });
      }
    });
    if (rowCount === 0) throw new InputError('the CSV has a header but no rows', { file, line: 2 });
    return { format: 'generic-csv', file, measurements: table.measurements, notes };
  },
};

/** The experiment named by the row's experiment column (which must not be empty), else the file's. */
function experimentOfRow(
  file: string,
  mapping: GenericCsvMapping,
  row: CsvRow,
  columns: Record<string, number>,
  defaultExperiment: string,
): string {
  if (mapping.experiment === undefined) return defaultExperiment;
  const index = columns[mapping.experiment]!;
  const experiment = (row.fields[index] ?? '').trim();
  if (experiment === '') {
    throw new InputError(`the experiment column "${mapping.experiment}" is empty`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, index),
    });
  }
  return experiment;
}

/** The row's parameter label; a whole number in a size-like column is also its payload in bytes. */
function parameterOfRow(mapping: GenericCsvMapping, row: CsvRow, columns: Record<string, number>): Parameter {
  if (mapping.parameter === undefined) return { label: '' };
  const label = (row.fields[columns[mapping.parameter]!] ?? '').trim();
  const parameter: Parameter = { label };
  if (PAYLOAD_COLUMN.test(mapping.parameter) && /^\d+$/.test(label) && Number.isSafeInteger(Number(label)))
    parameter.payloadBytes = Number(label);
  return parameter;
}

/** The cell's number (checked possible for its statistic); undefined for an empty or `nan` cell. */
function readCell(file: string, plan: ColumnPlan, row: CsvRow, index: number): number | undefined {
  const value = readNumberCell(file, row, index, plan.column);
  if (value === undefined) return undefined;
  const kind = { dimension: plan.metric.dimension, statistic: plan.statistic, metric: plan.metric.name };
  requirePossibleValue(
    kind,
    value,
    `the ${plan.metric.name} in column "${plan.column}"`,
    { file, line: row.line, column: fieldColumn(row.text, index) },
    plan.unit.symbol,
  );
  return value;
}

/** The measurements gathered so far, one per experiment × parameter × metric. */
interface MeasurementTable {
  file: string;
  maxMeasurements: number | undefined;
  measurements: Measurement[];
  byKey: Map<string, Measurement>;
  // Where a statistic was first given, when not on its measurement's own first row (rare: one map
  // entry per statistic of every row held more than the measurements).
  laterLines: Map<Measurement, Partial<Record<StatisticName, number>>>;
}

interface CellValue {
  experiment: string;
  parameter: Parameter;
  plan: ColumnPlan;
  row: CsvRow;
  index: number;
  value: number;
}

/** Sets the cell's statistic on its measurement (made on first sight); a statistic given twice is an error. */
function addStatistic(table: MeasurementTable, { experiment, parameter, plan, row, index, value }: CellValue): void {
  const { file, byKey, laterLines, measurements, maxMeasurements } = table;
  const key = `${experiment}\u0000${parameter.label}\u0000${plan.metric.name}`;
  let measurement = byKey.get(key);
  if (measurement?.statistics[plan.statistic] !== undefined) {
    const earlier = laterLines.get(measurement)?.[plan.statistic] ?? measurement.place.line;
    const what = `${experiment}${parameter.label ? ` / ${parameter.label}` : ''}`;
    throw new InputError(`"${what}" has a second ${plan.metric.name} ${plan.statistic} (first on line ${earlier})`, {
      file,
      line: row.line,
      column: fieldColumn(row.text, index),
    });
  }
  if (!measurement) {
    measurement = { experiment, parameter, metric: plan.metric, statistics: {}, place: { file, line: row.line } };
    byKey.set(key, measurement);
    measurements.push(measurement);
    if (maxMeasurements !== undefined && measurements.length > maxMeasurements)
      throw overLimit(file, maxMeasurements, 'measurements', row.line);
  } else if (row.line !== measurement.place.line) {
    // A statistic first given on a later row than its measurement's: remembered for the message above.
    let lines = laterLines.get(measurement);
    if (!lines) laterLines.set(measurement, (lines = {}));
    lines[plan.statistic] = row.line;
  }
  measurement.statistics[plan.statistic] = scale(value, plan.statistic, plan.unit);
}

function scale(value: number, statistic: StatisticName, unit: Unit): number {
  if (statistic === 'samples') return value;
  if (statistic === 'variance') return value * unit.toBase * unit.toBase;
  return value * unit.toBase;
}

/** Checks the mapping (a usage problem, not the file's) and works out each column's metric. */
function planColumns(mapping: GenericCsvMapping, notes: string[]): ColumnPlan[] {
  if (!Array.isArray(mapping.metrics) || mapping.metrics.length === 0) {
    throw new UsageError('the generic-csv mapping declares no metric columns');
  }
  const metrics = new Map<string, Metric>();
  const plans: ColumnPlan[] = [];
  const guessed: string[] = [];
  const seenColumns = new Set<string>();
  for (const spec of mapping.metrics) {
    if (!spec.column) throw new UsageError('a generic-csv metric mapping has no column name');
    if (seenColumns.has(spec.column))
      throw new UsageError(`the column "${spec.column}" is mapped twice in the generic-csv mapping`);
    seenColumns.add(spec.column);
    if (spec.column === mapping.experiment || spec.column === mapping.parameter) {
      throw new UsageError(`the column "${spec.column}" is mapped both as a metric and as the experiment or parameter`);
    }
    const statistic = statisticOf(spec.statistic ?? 'value', spec.column);
    const reading = readUnit(spec.unit ?? '');
    if (spec.unit && !reading.known && reading.unit.dimension === 'count') {
      notes.push(`unknown unit "${spec.unit}" for column "${spec.column}": values kept as plain numbers`);
    }
    let direction = spec.direction;
    if (direction === undefined) {
      direction = reading.direction;
      if (!reading.known) guessed.push(spec.column);
    } else if (direction !== 'lower-is-better' && direction !== 'higher-is-better') {
      throw new UsageError(
        `the direction of column "${spec.column}" must be lower-is-better or higher-is-better, not "${String(direction)}"`,
      );
    }
    const name = spec.metric ?? spec.column;
    const metric: Metric = {
      name,
      dimension: reading.unit.dimension,
      unit: BASE_UNITS[reading.unit.dimension],
      displayUnit: spec.unit ?? '',
      direction,
    };
    const earlier = metrics.get(name);
    if (earlier) {
      if (earlier.dimension !== metric.dimension || earlier.direction !== metric.direction) {
        throw new UsageError(
          `the columns of metric "${name}" disagree on its unit or direction in the generic-csv mapping`,
        );
      }
      plans.push({ column: spec.column, metric: earlier, statistic, unit: reading.unit });
    } else {
      metrics.set(name, metric);
      plans.push({ column: spec.column, metric, statistic, unit: reading.unit });
    }
  }
  if (guessed.length > 0) {
    notes.push(
      `no direction declared or implied by a unit for ${guessed.map((c) => `"${c}"`).join(', ')}: taken as lower-is-better`,
    );
  }
  return plans;
}

function statisticOf(text: string, column: string): StatisticName {
  const known = resolveStatistic(text);
  if (known) return known;
  throw new UsageError(
    `unknown statistic "${text}" for column "${column}"; expected one of ${STATISTIC_NAMES.join(', ')}`,
  );
}

function baseName(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.[^.]+$/, '') || base;
}
