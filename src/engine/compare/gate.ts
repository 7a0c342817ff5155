/**
 * Which rows can fail the gate. By default one number per benchmark: the primary statistic of a measurement (its
 * single value, else its slope, else its median, else its mean) of the benchmark's primary metric (its time, or the
 * tool's own measure; the adapter marks the others). On a CI machine the run-to-run spread of Max and 99 % is 3–5×
 * the median's (0.3–0.6 in log), so a tail gate fails unchanged builds; a derived metric repeats the primary one (Go's
 * MB/s mirrors ns/op) or magnifies one stall (pytest's ops = 1/mean), and every gated metric spends false-alarm
 * budget. Tails and the other metrics are still compared and shown; a user opts in.
 */
import { metricRole, primaryStatistic } from '../model/statisticRules.js';
import { UsageError } from '../errors.js';
import { resolveStatistic, type Measurement, type StatisticName } from '../model/measurement.js';

export interface GateStatistics {
  /** The measurement's primary statistic is gated. */
  primary: boolean;
  /** These statistics are gated as well. */
  statistics: ReadonlySet<StatisticName>;
  /** Every statistic of every metric is gated. */
  all: boolean;
  /** The statistics above are gated on every metric, derived and secondary ones too, not only the primary metric. */
  everyMetric: boolean;
}

export const DEFAULT_GATE: GateStatistics = { primary: true, statistics: new Set(), all: false, everyMetric: false };

const MAGNITUDE_SPELLINGS: Record<string, StatisticName> = {
  '99%': 'p99',
  '99': 'p99',
  'median': 'median',
  'min': 'min',
  'max': 'max',
};

/**
 * `primary` (the default), `all`, `all-metrics`, or a comma list of statistics (`median,p99`, `99%`, `max`; `primary`
 * and `all-metrics` may be among them). Statistics are gated on each benchmark's primary metric; `all-metrics` gates
 * them on every metric (alone: the primary statistic of every metric); `all` gates every statistic of every metric.
 * `what` names the flag or input in errors.
 */
export function parseGateStatistics(text: string | undefined, what = '--gate'): GateStatistics {
  if (text === undefined || text.trim() === '') return DEFAULT_GATE;
  let primary = false;
  let all = false;
  let everyMetric = false;
  const statistics = new Set<StatisticName>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const lower = part.toLowerCase();
    if (lower === 'primary') primary = true;
    else if (lower === 'all') all = true;
    else if (lower === 'all-metrics') everyMetric = true;
    else {
      const name = MAGNITUDE_SPELLINGS[lower] ?? resolveStatistic(part);
      if (!name)
        throw new UsageError(
          `${what}: "${part}" is not a statistic; give primary, all-metrics, all, or names such as median, mean, p99, max`,
        );
      statistics.add(name);
    }
  }
  // `all-metrics` alone widens the default: the primary statistic of every metric.
  if (everyMetric && !primary && statistics.size === 0) primary = true;
  if (!primary && !all && statistics.size === 0)
    throw new UsageError(`${what}: name at least one statistic, primary, all-metrics or all`);
  return { primary, statistics, all, everyMetric: everyMetric || all };
}

/** Whether `statistic` of a measurement shaped like `shape` can fail the gate. */
export function gates(gate: GateStatistics, statistic: StatisticName, shape: Measurement): boolean {
  // Counted by different instruments on the two sides (rows.ts rowShape): reported, never gated.
  if (shape.metric.incomparable) return false;
  if (gate.all) return true;
  if (!gate.everyMetric && metricRole(shape.metric) !== 'primary') return false;
  return gate.statistics.has(statistic) || (gate.primary && statistic === primaryStatistic(shape));
}

/** How reports name the gated rows. */
export function describeGate(gate: GateStatistics): string {
  if (gate.all) return 'every statistic of every metric';
  const names = [
    ...(gate.primary ? ['the primary statistic (single value, slope, median or mean)'] : []),
    ...gate.statistics,
  ];
  const statistics = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]!;
  return `${statistics} of ${gate.everyMetric ? 'every metric' : "each benchmark's primary metric"}`;
}
