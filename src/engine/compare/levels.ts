/**
 * A history run's level of a statistic, what the history method judges against, and a history record held as those
 * levels alone. A comparison reads 30 records of 20,000 measurements; the verdict needs of each only its level of
 * each statistic and its repetition count, so those are kept in columns, position by position, and not a Measurement
 * with a statistics object per entry (600,000 of them, a third of the reading's time spent collecting garbage).
 */
import type { StatisticName } from '../model/measurement.js';

/** What a level is read from: a Measurement, or a stored one whose numbers may be null (not a number). */
export interface Levelled {
  readonly statistics: Partial<Record<StatisticName, number | null>>;
  readonly repetitionValues?: Partial<Record<StatisticName, readonly (number | null)[]>>;
}

/** The values a side gives for a statistic: its repetitions where it pooled some, else its one value. */
export function valuesOf(m: Levelled | undefined, statistic: StatisticName): number[] {
  if (!m) return [];
  const reps = m.repetitionValues?.[statistic];
  const values = reps && reps.length > 0 ? reps : [m.statistics[statistic] ?? NaN];
  return values.filter((v): v is number => Number.isFinite(v) && v! > 0);
}

/**
 * A history run's level of a statistic, as the candidate's is judged (noiseVerdict): the
 * geometric mean of its repetitions where it pooled some, else its one value; undefined when it
 * has no positive value.
 */
export function levelOf(m: Levelled | undefined, statistic: StatisticName): number | undefined {
  if (!m) return undefined;
  const reps = m.repetitionValues?.[statistic];
  if (!reps || reps.length === 0) {
    // One value: valuesOf's one-element array, without the array (a row reads 30 runs of it).
    const value = m.statistics[statistic] ?? NaN;
    return Number.isFinite(value) && value > 0 ? value : undefined;
  }
  const values = valuesOf(m, statistic);
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0]! : Math.exp(meanLog(values));
}

/** The mean of the logs of values that must all be positive numbers; NaN if any is not. */
function meanLog(values: readonly (number | undefined)[]): number {
  return weightedMeanLog(values, undefined);
}

/** The weighted mean of the logs (equal weights when `weights` is undefined); NaN if any value is not positive. */
export function weightedMeanLog(
  values: readonly (number | undefined)[],
  weights: readonly number[] | undefined,
): number {
  if (values.length === 0 || values.some((v) => v === undefined || !Number.isFinite(v) || v <= 0)) return NaN;
  return values.reduce((a: number, v, i) => a + (weights ? weights[i]! : 1 / values.length) * Math.log(v!), 0);
}

/** A history record's measurements as levels, position by position in the record's order. */
export interface RecordLevels {
  /** Each measurement's parameter label and metric name: what finds it by row key. */
  readonly labels: readonly string[];
  readonly metrics: readonly string[];
  /** Each measurement's repetition count (1 where it says none); undefined when every one is 1, as in most records. */
  readonly repetitions: Float64Array | undefined;
  /** Per statistic, each measurement's level (levelOf); NaN where it has none. */
  readonly levels: ReadonlyMap<StatisticName, Float64Array>;
}

/** One experiment's measurements in a record's levels: positions `start` to `start + count − 1`. */
export interface SideLevels {
  readonly record: RecordLevels;
  readonly start: number;
  readonly count: number;
}

/** A record's levels, filled one measurement at a time as it is read, then `done`. */
export function recordLevelsBuilder(): {
  /** Adds a measurement at the next position, which it returns. */
  add(m: Levelled & { readonly parameter: string; readonly metric: string }, repetitions: number | undefined): number;
  done(): RecordLevels;
} {
  const labels: string[] = [];
  const metrics: string[] = [];
  // Filled from the first measurement that pooled repetitions on, with 1 for those before it.
  let repetitions: number[] | undefined;
  const levels = new Map<StatisticName, number[]>();
  return {
    add(m, count) {
      const at = labels.length;
      labels.push(m.parameter);
      metrics.push(m.metric);
      if (count !== undefined && count !== 1) repetitions ??= new Array<number>(at).fill(1);
      repetitions?.push(count ?? 1);
      for (const name in m.statistics) putLevel(levels, at, m, name as StatisticName);
      // A statistic with repetition values only has a level too (levelOf reads those first).
      for (const name in m.repetitionValues)
        if (!(name in m.statistics)) putLevel(levels, at, m, name as StatisticName);
      return at;
    },
    done() {
      const columns = new Map<StatisticName, Float64Array>();
      for (const [statistic, column] of levels) {
        const values = new Float64Array(labels.length).fill(NaN);
        values.set(column);
        columns.set(statistic, values);
      }
      return {
        labels,
        metrics,
        repetitions: repetitions !== undefined ? Float64Array.from(repetitions) : undefined,
        levels: columns,
      };
    },
  };
}

/** `m`'s level of `statistic` at position `at` of its column. */
function putLevel(levels: Map<StatisticName, number[]>, at: number, m: Levelled, statistic: StatisticName): void {
  let column = levels.get(statistic);
  if (column === undefined) levels.set(statistic, (column = []));
  // The positions before this statistic's first measurement, or between its measurements, have none.
  while (column.length < at) column.push(NaN);
  column.push(levelOf(m, statistic) ?? NaN);
}
