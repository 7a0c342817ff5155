/**
 * How a measurement's statistics are read wherever they are checked, compared, charted or
 * exported: which statistic stands for the measurement, which way is worse, which unit shows it.
 */
import type { Direction, Measurement, Metric, MetricRole, StatisticName } from './measurement.js';
import { parseUnit, type BASE_UNITS } from './units.js';

/**
 * The statistic that stands for a measurement (a limit without one applies to it, the default gate judges it): the
 * single value, else the slope (the estimate Criterion prints, when its sampling gives one), else the median, else
 * the mean.
 */
export function primaryStatistic(m: Measurement): StatisticName {
  for (const s of ['value', 'slope', 'median', 'mean'] as const) if (m.statistics[s] !== undefined) return s;
  return 'value';
}

/**
 * Which way is worse for a statistic of a metric: spreads (standard deviation, variance, jitter)
 * are worse when larger, whatever the metric's own direction; every other statistic follows the metric.
 */
export function statisticDirection(statistic: StatisticName, metricDirection: Direction): Direction {
  return SPREADS.includes(statistic) ? 'lower-is-better' : metricDirection;
}
const SPREADS: readonly StatisticName[] = ['stdev', 'variance', 'jitter', 'maxJitter'];

/**
 * The unit a statistic is reported in, and the factor from the stored base unit to it. Values stay
 * in the base unit unless the tool printed a smaller unit of the same dimension (Google Benchmark's
 * ns, B/s), which keeps their digits (10.3 ns, not 0.010 µs). A sample count has no unit; a
 * variance is in the unit squared.
 */
export function shownUnit(m: Measurement, statistic: StatisticName): { unit: string; scale: number } {
  if (statistic === 'samples') return { unit: '', scale: 1 };
  let unit = displayUnit(m.metric.unit, m.metric.dimension);
  let scale = 1;
  const printed = parseUnit(m.metric.displayUnit);
  if (printed && printed.dimension === m.metric.dimension && printed.toBase < 1) {
    unit = printed.symbol === 'us' || printed.symbol === 'μs' ? 'µs' : printed.symbol;
    scale = 1 / printed.toBase;
  }
  if (statistic === 'variance') return { unit: unit === '' ? '' : `(${unit})²`, scale: scale * scale };
  return { unit, scale };
}

/** `us` is shown as µs; a count has no unit. */
export function displayUnit(unit: string, dimension: keyof typeof BASE_UNITS): string {
  return dimension === 'time' && unit === 'us' ? 'µs' : unit;
}

/** What a metric is to its benchmark: its adapter's mark, else primary. */
export function metricRole(metric: Metric): MetricRole {
  return metric.role ?? 'primary';
}
