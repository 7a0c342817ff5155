import { UsageError } from '../errors.js';
import type { Metric, StatisticName } from '../model/measurement.js';

/** The magnitudes the reference compare step looks at, in its order (spec §6). */
export const COMPARED_MAGNITUDES = ['Min', 'Median', 'Max', '99%'] as const;
export type ComparedMagnitude = (typeof COMPARED_MAGNITUDES)[number];
export const COMPARED_FIELDS = { Min: 'min', Median: 'median', Max: 'max', '99%': 'p99' } as const satisfies Record<
  ComparedMagnitude,
  string
>;

/**
 * Relative slow-down allowed per magnitude before a comparison fails (0.1 = 10 %); `count`, when the user set it, that
 * of the metrics that are exact counts (Metric.kind `count`: instructions), else DEFAULT_COUNT_THRESHOLD.
 */
export type Thresholds = Record<ComparedMagnitude, number> & { count?: number };

export const DEFAULT_THRESHOLD = 0.1;
/**
 * The threshold of an exact count (instructions under Valgrind or perf): one build counts the same on every run, so a
 * change of 1 % is the code's, not noise.
 */
export const DEFAULT_COUNT_THRESHOLD = 0.01;

const KEYS: Record<string, ComparedMagnitude> = {
  min: 'Min',
  median: 'Median',
  max: 'Max',
  '99%': '99%',
  p99: '99%',
  '99': '99%',
};
const COUNT_KEY = 'count';

/**
 * `0.1` sets every magnitude; `median=0.05,max=0.5` sets some, the others keep 0.1. `count=0.02` sets the threshold of
 * exact counts (instructions), which a single number leaves at 1 %. `what` names the flag or input in error messages.
 */
export function parseThresholds(text: string | undefined, what = '--threshold'): Thresholds {
  const thresholds: Thresholds = {
    Min: DEFAULT_THRESHOLD,
    Median: DEFAULT_THRESHOLD,
    Max: DEFAULT_THRESHOLD,
    '99%': DEFAULT_THRESHOLD,
  };
  if (text === undefined || text.trim() === '') return thresholds;
  const value = (s: string) => {
    const v = Number(s.trim());
    if (s.trim() === '' || !Number.isFinite(v) || v < 0) {
      throw new UsageError(`${what}: "${s.trim()}" is not a threshold; expected a fraction such as 0.1 (10 %)`);
    }
    return v;
  };
  if (!text.includes('=')) {
    const v = value(text);
    for (const m of COMPARED_MAGNITUDES) thresholds[m] = v;
    return thresholds;
  }
  for (const part of text.split(',')) {
    const [key, raw] = part.split('=', 2);
    const name = (key ?? '').trim().toLowerCase();
    const magnitude = KEYS[name];
    if ((!magnitude && name !== COUNT_KEY) || raw === undefined) {
      throw new UsageError(
        `${what}: "${part.trim()}" should be <magnitude>=<fraction> with magnitude one of min, median, max, 99%, count`,
      );
    }
    if (magnitude) thresholds[magnitude] = value(raw);
    else thresholds.count = value(raw);
  }
  return thresholds;
}

/**
 * The threshold of a statistic: an exact count's (Metric.kind `count`) is the count threshold; otherwise Min, Max and
 * 99% have their own, and every other statistic (the single value, median, mean) the Median's.
 */
export function thresholdOf(thresholds: Thresholds, statistic: StatisticName, metric?: Pick<Metric, 'kind'>): number {
  if (metric?.kind === 'count') return thresholds.count ?? DEFAULT_COUNT_THRESHOLD;
  return statistic === 'min'
    ? thresholds.Min
    : statistic === 'max'
      ? thresholds.Max
      : statistic === 'p99'
        ? thresholds['99%']
        : thresholds.Median;
}
