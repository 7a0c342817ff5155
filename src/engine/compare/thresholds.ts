import { UsageError } from '../errors.js';
import type { StatisticName } from '../model/measurement.js';

/** The magnitudes the reference compare step looks at, in its order (spec §6). */
export const COMPARED_MAGNITUDES = ['Min', 'Median', 'Max', '99%'] as const;
export type ComparedMagnitude = (typeof COMPARED_MAGNITUDES)[number];
export const COMPARED_FIELDS = { Min: 'min', Median: 'median', Max: 'max', '99%': 'p99' } as const satisfies Record<
  ComparedMagnitude,
  string
>;

/** Relative slow-down allowed per magnitude before a comparison fails (0.1 = 10 %). */
export type Thresholds = Record<ComparedMagnitude, number>;

export const DEFAULT_THRESHOLD = 0.1;

const KEYS: Record<string, ComparedMagnitude> = {
  min: 'Min',
  median: 'Median',
  max: 'Max',
  '99%': '99%',
  p99: '99%',
  '99': '99%',
};

/**
 * `0.1` sets every magnitude; `median=0.05,max=0.5` sets some, the others keep 0.1.
 * `what` names the flag or input in error messages.
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
    const magnitude = KEYS[(key ?? '').trim().toLowerCase()];
    if (!magnitude || raw === undefined) {
      throw new UsageError(
        `${what}: "${part.trim()}" should be <magnitude>=<fraction> with magnitude one of min, median, max, 99%`,
      );
    }
    thresholds[magnitude] = value(raw);
  }
  return thresholds;
}

/**
 * The threshold of a statistic: Min, Max and 99% have their own; every other statistic (the single value, median, mean)
 * the Median's.
 */
export function thresholdOf(thresholds: Thresholds, statistic: StatisticName): number {
  return statistic === 'min'
    ? thresholds.Min
    : statistic === 'max'
      ? thresholds.Max
      : statistic === 'p99'
        ? thresholds['99%']
        : thresholds.Median;
}
