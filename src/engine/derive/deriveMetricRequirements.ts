import { primaryStatistic } from '../check/metricCheck.js';
import type { Direction, Measurement, StatisticName } from '../model/measurement.js';
import { percentileOfSorted } from '../numeric/numpy.js';
import { csvText } from '../report/csvText.js';

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
}

export interface DeriveMetricOptions {
  /** Percentile across runs on the worse side: 99 takes the 99th percentile of a latency, the 1st of a throughput. */
  percentile: number;
  /** Relative safety margin on the worse side: a ceiling × (1 + margin), a floor × (1 − margin). */
  margin: number;
}

/**
 * The general form of `latency_determine_requirements.py`: for every experiment × parameter ×
 * metric, the primary statistic, 99% and Max (those the measurement has), each the percentile
 * across runs on the side that is worse for the metric. Order: experiments, parameters and
 * metrics as first met over the runs in order.
 */
export function deriveMetricLimits(runs: readonly MeasurementRun[], options: DeriveMetricOptions): DerivedLimit[] {
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
  const limits: DerivedLimit[] = [];
  for (const { shape, values, runs: count } of byKey.values()) {
    const higher = shape.metric.direction === 'higher-is-better';
    for (const [statistic, list] of values) {
      const percentile = higher ? 100 - options.percentile : options.percentile;
      const value = list.some(Number.isNaN) ? NaN : percentileOfSorted(Float64Array.from(list).sort(), percentile);
      const limit = options.margin === 0 ? value : value * (higher ? 1 - options.margin : 1 + options.margin);
      limits.push({
        experiment: shape.experiment,
        parameter: shape.parameter.label,
        metric: shape.metric.name,
        statistic,
        unit: shape.metric.unit,
        direction: shape.metric.direction,
        limit,
        runs: count,
      });
    }
  }
  return limits;
}

/** The statistics a derived requirement limits: the primary one, 99% and Max, as the reference's Median, 99%, Max. */
export function derivedStatistics(m: Measurement): StatisticName[] {
  const primary = primaryStatistic(m);
  return [primary, ...(['p99', 'max'] as StatisticName[]).filter((s) => s !== primary && m.statistics[s] !== undefined)];
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
 * The general requirements CSV (`Experiment,Parameter,<limit columns>`): one row per experiment ×
 * parameter, one column per metric × statistic, empty where a limit does not apply.
 */
export function renderMetricRequirementsCsv(limits: readonly DerivedLimit[]): string {
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
  let out = ['Experiment', 'Parameter', ...columns].map(csvText).join(',') + '\n';
  for (const row of rows.values()) {
    const cells = columns.map((c) => {
      const limit = row.cells.get(c);
      return limit ? formatLimit(limit.limit, limit.direction) : '';
    });
    // A measurement without a parameter (one value per experiment) is limited for every parameter: `*`.
    out += [csvText(row.experiment), row.parameter === '' ? '*' : csvText(row.parameter), ...cells].join(',') + '\n';
  }
  return out;
}
