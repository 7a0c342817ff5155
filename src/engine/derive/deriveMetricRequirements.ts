import { primaryStatistic } from '../model/statisticRules.js';
import type { Direction, Measurement, StatisticName } from '../model/measurement.js';
import { csvText } from '../report/csvText.js';
import { deriveLimitValues, type DeriveMethod, type LimitBasis } from './method.js';
import { marginNote, rowNote } from './notes.js';

/** One run for deriving: each experiment's measurements. */
export interface MeasurementRun {
  name: string;
  experiments: ReadonlyMap<string, { measurements: readonly Measurement[] }>;
}

export interface DerivedLimit {
  experiment: string;
  parameter: string;
  metric: string;
  statistic: StatisticName;
  /** The metric's base unit (`us`, `Mb/s`, `` for a count). */
  unit: string;
  direction: Direction;
  /** NaN when some run has no number for it (the reference's empty cell). */
  limit: number;
  /** How many runs had this measurement. */
  runs: number;
  /** How the limit was set: the runs' centre and spread, and the margin beyond the centre. */
  basis: LimitBasis;
}

/**
 * The general form of `latency_determine_requirements.py`: for every experiment × parameter ×
 * metric, the primary statistic, 99% and Max (those the measurement has), each a limit on the
 * side that is worse for the metric (a ceiling for a time, a floor for a throughput), set by
 * `method`. Order: experiments, parameters and metrics as first met over the runs in order.
 */
export function deriveMetricLimits(
  runs: readonly MeasurementRun[],
  method: DeriveMethod,
): { limits: DerivedLimit[]; perLimitConfidence?: number } {
  const byKey = new Map<string, { shape: Measurement; values: Map<StatisticName, number[]>; runs: number }>();
  for (const run of runs) {
    for (const [experiment, { measurements }] of run.experiments) {
      for (const m of measurements) {
        const key = `${experiment}\u0000${m.parameter.label}\u0000${m.metric.name.toLowerCase()}`;
        let entry = byKey.get(key);
        if (!entry) byKey.set(key, (entry = { shape: m, values: new Map(), runs: 0 }));
        entry.runs++;
        for (const statistic of derivedStatistics(entry.shape)) {
          let list = entry.values.get(statistic);
          if (!list) entry.values.set(statistic, (list = []));
          list.push(m.statistics[statistic] ?? NaN);
        }
      }
    }
  }
  const series = [...byKey.values()].flatMap(({ shape, values, runs: count }) =>
    [...values].map(([statistic, list]) => ({ shape, statistic, list, count })),
  );
  const derived = deriveLimitValues(
    series.map(({ shape, list }) => ({ values: list, direction: shape.metric.direction })),
    method,
  );
  const limits = series.map(({ shape, statistic, count }, i): DerivedLimit => {
    const { limit, basis } = derived.values[i]!;
    return {
      experiment: shape.experiment,
      parameter: shape.parameter.label,
      metric: shape.metric.name,
      statistic,
      unit: shape.metric.unit,
      direction: shape.metric.direction,
      limit,
      runs: count,
      basis,
    };
  });
  return derived.perLimitConfidence !== undefined
    ? { limits, perLimitConfidence: derived.perLimitConfidence }
    : { limits };
}

/** The statistics a derived requirement limits: the primary one, 99% and Max, as the reference's Median, 99%, Max. */
export function derivedStatistics(m: Measurement): StatisticName[] {
  const primary = primaryStatistic(m);
  return [
    primary,
    ...(['p99', 'max'] as StatisticName[]).filter((s) => s !== primary && m.statistics[s] !== undefined),
  ];
}

/** A limit column of the general requirements form: `latency.p99 [us] <=`, `throughput.value [Mb/s] >=`. */
export function limitColumnName(limit: Pick<DerivedLimit, 'metric' | 'statistic' | 'unit' | 'direction'>): string {
  return `${limit.metric}.${limit.statistic}${limit.unit ? ` [${limit.unit}]` : ''} ${limit.direction === 'higher-is-better' ? '>=' : '<='}`;
}

/**
 * A limit with the digits it needs: three decimals as the reference writes, six significant
 * digits for small values (ns in µs). Rounded outwards (a ceiling up, a floor down), so that a
 * limit derived from a run never fails that same run by rounding.
 */
export function formatLimit(value: number, direction: Direction): string {
  if (!Number.isFinite(value)) return '';
  const up = direction === 'lower-is-better';
  const fixed = Math.abs(value) >= 100 || value === 0;
  const step = fixed ? 0.001 : 10 ** (Math.floor(Math.log10(Math.abs(value))) - 5);
  const text = (x: number) => (fixed ? x.toFixed(3) : String(Number(x.toPrecision(6))));
  // The nearest written value, moved one step outwards when it would cut into the value itself.
  const nearest = Number(text(value));
  if (up ? nearest >= value : nearest <= value) return text(nearest);
  return text(up ? nearest + step : nearest - step);
}

/**
 * What the file says about itself as `#` comment lines: the method above the header, each row's margins above the row.
 */
export interface RequirementsNotes {
  method: readonly string[];
  /** The floor margin of the prediction method (for the notes of limits it set). */
  floorMargin: number;
}

/**
 * The general requirements CSV (`Experiment,Parameter,<limit columns>`): one row per experiment ×
 * parameter, one column per metric × statistic, empty where a limit does not apply. With `notes`,
 * `#` comment lines state the method and each row's margins (the requirements reader skips them).
 */
export function renderMetricRequirementsCsv(limits: readonly DerivedLimit[], notes?: RequirementsNotes): string {
  const columns: string[] = [];
  const rows = new Map<string, { experiment: string; parameter: string; cells: Map<string, DerivedLimit> }>();
  for (const l of limits) {
    const column = limitColumnName(l);
    if (!columns.includes(column)) columns.push(column);
    const key = `${l.experiment}\u0000${l.parameter}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { experiment: l.experiment, parameter: l.parameter, cells: new Map() }));
    row.cells.set(column, l);
  }
  let out = notes ? notes.method.map((line) => `# ${line}\n`).join('') : '';
  out += ['Experiment', 'Parameter', ...columns].map(csvText).join(',') + '\n';
  for (const row of rows.values()) {
    if (notes) out += `# ${metricRowNote(row.experiment, row.parameter, [...row.cells.values()], notes.floorMargin)}\n`;
    const cells = columns.map((c) => {
      const limit = row.cells.get(c);
      return limit ? formatLimit(limit.limit, limit.direction) : '';
    });
    // A measurement without a parameter (one value per experiment) is limited for every parameter: `*`.
    out += [firstCell(row.experiment), row.parameter === '' ? '*' : csvText(row.parameter), ...cells].join(',') + '\n';
  }
  return out;
}

/** One row's limits with their margins, for the terminal and the file's comment line. */
export function metricRowNote(
  experiment: string,
  parameter: string,
  limits: readonly DerivedLimit[],
  floorMargin: number,
): string {
  return rowNote(
    experiment,
    parameter,
    limits.map((l) => l.runs),
    limits.map((l) => `${l.metric}.${l.statistic} ${marginNote(l.basis, floorMargin, l.unit)}`),
  );
}

/** Every row's note, in the file's row order. */
export function metricRowNotes(limits: readonly DerivedLimit[], floorMargin: number): string[] {
  const rows = new Map<string, DerivedLimit[]>();
  for (const l of limits) {
    const key = `${l.experiment}\u0000${l.parameter}`;
    const row = rows.get(key);
    if (row) row.push(l);
    else rows.set(key, [l]);
  }
  return [...rows.values()].map((row) => metricRowNote(row[0]!.experiment, row[0]!.parameter, row, floorMargin));
}

/** A line starting with `#` is a comment: an experiment named `#…` is quoted so that its row stays a row. */
function firstCell(experiment: string): string {
  const cell = csvText(experiment);
  return cell.startsWith('#') ? `"${cell}"` : cell;
}
