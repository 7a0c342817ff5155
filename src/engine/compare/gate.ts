/**
 * Which statistics can fail the gate. By default only the primary statistic of a measurement (its
 * single value, else its median, else its mean): on a CI machine the run-to-run spread of Max and
 * 99 % is 3–5× the median's (0.3–0.6 in log), so a tail gate fails unchanged builds. Tails are
 * still compared and shown; a user opts in per statistic.
 */
import { primaryStatistic } from '../model/statisticRules.js';
import { UsageError } from '../errors.js';
import { resolveStatistic, type Measurement, type StatisticName } from '../model/measurement.js';

export interface GateStatistics {
  /** The measurement's primary statistic is gated. */
  primary: boolean;
  /** These statistics are gated as well. */
  statistics: ReadonlySet<StatisticName>;
  /** Every statistic is gated. */
  all: boolean;
}

export const DEFAULT_GATE: GateStatistics = { primary: true, statistics: new Set(), all: false };

const MAGNITUDE_SPELLINGS: Record<string, StatisticName> = {
  '99%': 'p99',
  '99': 'p99',
  'median': 'median',
  'min': 'min',
  'max': 'max',
};

/**
 * `primary` (the default), `all`, or a comma list of statistics (`median,p99`, `99%`, `max`;
 * `primary` may be one of them). `what` names the flag or input in errors.
 */
export function parseGateStatistics(text: string | undefined, what = '--gate'): GateStatistics {
  if (text === undefined || text.trim() === '') return DEFAULT_GATE;
  let primary = false;
  let all = false;
  const statistics = new Set<StatisticName>();
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const lower = part.toLowerCase();
    if (lower === 'primary') primary = true;
    else if (lower === 'all') all = true;
    else {
      const name = MAGNITUDE_SPELLINGS[lower] ?? resolveStatistic(part);
      if (!name)
        throw new UsageError(
          `${what}: "${part}" is not a statistic; give primary, all, or names such as median, mean, p99, max`,
        );
      statistics.add(name);
    }
  }
  if (!primary && !all && statistics.size === 0)
    throw new UsageError(`${what}: name at least one statistic, primary or all`);
  return { primary, statistics, all };
}

/** Whether `statistic` of a measurement shaped like `shape` can fail the gate. */
export function gates(gate: GateStatistics, statistic: StatisticName, shape: Measurement): boolean {
  return gate.all || gate.statistics.has(statistic) || (gate.primary && statistic === primaryStatistic(shape));
}

/** How reports name the gated statistics. */
export function describeGate(gate: GateStatistics): string {
  if (gate.all) return 'every statistic';
  const names = [...(gate.primary ? ['the primary statistic (median, mean or single value)'] : []), ...gate.statistics];
  return names.join(', ');
}
