/**
 * One experiment's measurements in each history run, found by row key (rows.ts's keyOf), for the history method: each
 * run's level of a statistic and repetition count, read from its measurements or from a record's levels (levels.ts).
 */
import type { Measurement, StatisticName } from '../model/measurement.js';
import { levelOf, type SideLevels } from './levels.js';
import { keyOf, rowKey, type ExperimentSide } from './rows.js';

/** A history run's side of an experiment; with `levels`, the history method reads those, not its measurements. */
export interface HistorySide extends ExperimentSide {
  readonly levels?: SideLevels;
}

/** A side's measurements by keyOf (the last of a key, as a Map built from them in order gives). */
export function measurementsByKey(side: ExperimentSide): Map<string, Measurement> {
  const byKey = new Map<string, Measurement>();
  for (const m of side.measurements) byKey.set(keyOf(m), m);
  return byKey;
}

/** One key's measurement in every run, oldest first, as the history method reads it. */
export class KeyInRuns {
  constructor(
    private readonly readers: readonly RunReader[],
    /** The key's position in each run; undefined where the run lacks it. */
    private readonly at: readonly (number | undefined)[],
  ) {}

  /** Each run's level of `statistic` (levelOf): undefined where it has none or lacks the key. */
  levels(statistic: StatisticName): (number | undefined)[] {
    const out: (number | undefined)[] = [];
    for (let r = 0; r < this.readers.length; r++) {
      const p = this.at[r];
      out.push(p === undefined ? undefined : this.readers[r]!.level(p, statistic));
    }
    return out;
  }

  /** Each run's repetition count: 1 where it says none or lacks the key. */
  repetitions(): number[] {
    const out: number[] = [];
    for (let r = 0; r < this.readers.length; r++) {
      const p = this.at[r];
      out.push(p === undefined ? 1 : this.readers[r]!.repetitions(p));
    }
    return out;
  }
}

/** A run's side read by position: where a key is, and the level and repetition count there. */
interface RunReader {
  /** The key's position; `inResult` is its position in the result, which a run in the result's order shares. */
  positionOf(key: string, inResult: number | undefined): number | undefined;
  level(position: number, statistic: StatisticName): number | undefined;
  repetitions(position: number): number;
}

/**
 * Each run's measurement of a key (`across`). A run whose measurements have the result's parameters and metrics in the
 * result's order (nearly every run of a suite: one tool writes them in one order) is read through the result's
 * positions, not a Map of its own: 30 runs × 20,000 measurements would each build a key string and a Map entry. Equal
 * labels and metric names give equal keys, so every lookup finds what the run's own Map would (the last of a key).
 */
export function runsByKey(
  runs: readonly HistorySide[],
  result: ExperimentSide,
): { resultByKey: Map<string, Measurement>; across: (key: string) => KeyInRuns } {
  const resultByKey = new Map<string, Measurement>();
  const positions = new Map<string, number>();
  result.measurements.forEach((m, i) => {
    const key = keyOf(m);
    resultByKey.set(key, m);
    positions.set(key, i);
  });
  // The result's labels and metric names, which every run is checked against.
  const order = {
    labels: result.measurements.map((m) => m.parameter.label),
    metrics: result.measurements.map((m) => m.metric.name),
  };
  const readers = runs.map((run) =>
    run.levels ? new LevelsReader(run.levels, order) : new MeasurementsReader(run.measurements, order),
  );
  const across = (key: string): KeyInRuns => {
    const inResult = positions.get(key);
    return new KeyInRuns(
      readers,
      readers.map((reader) => reader.positionOf(key, inResult)),
    );
  };
  return { resultByKey, across };
}

/** A side's parameter labels and metric names, position by position. */
interface Order {
  readonly labels: readonly string[];
  readonly metrics: readonly string[];
}

/** A side read through its measurements. */
class MeasurementsReader implements RunReader {
  /** Each key's position, for a side in another order than the result (the last of a key); undefined otherwise. */
  private readonly own: Map<string, number> | undefined;

  constructor(
    private readonly measurements: readonly Measurement[],
    result: Order,
  ) {
    const labels = measurements.map((m) => m.parameter.label);
    const metrics = measurements.map((m) => m.metric.name);
    if (sameOrder({ labels, metrics }, 0, measurements.length, result)) return;
    this.own = new Map();
    for (let i = 0; i < measurements.length; i++) this.own.set(keyOf(measurements[i]!), i);
  }

  positionOf(key: string, inResult: number | undefined): number | undefined {
    return this.own ? this.own.get(key) : inResult;
  }

  level(p: number, statistic: StatisticName): number | undefined {
    return levelOf(this.measurements[p], statistic);
  }

  repetitions(p: number): number {
    return this.measurements[p]!.repetitions ?? 1;
  }
}

/** A side read through a record's levels. */
class LevelsReader implements RunReader {
  private readonly own: Map<string, number> | undefined;
  // The column of the statistic last read: a Map lookup saved per run and row.
  private statistic: StatisticName | undefined;
  private column: Float64Array | undefined;

  constructor(
    private readonly side: SideLevels,
    result: Order,
  ) {
    const { record, start, count } = side;
    if (sameOrder(record, start, count, result)) return;
    this.own = new Map();
    for (let i = 0; i < count; i++)
      this.own.set(rowKey({ parameter: record.labels[start + i]!, metric: record.metrics[start + i]! }), i);
  }

  positionOf(key: string, inResult: number | undefined): number | undefined {
    return this.own ? this.own.get(key) : inResult;
  }

  level(p: number, statistic: StatisticName): number | undefined {
    if (statistic !== this.statistic) this.column = this.side.record.levels.get((this.statistic = statistic));
    const level = this.column?.[this.side.start + p];
    return level === undefined || Number.isNaN(level) ? undefined : level;
  }

  repetitions(p: number): number {
    const counts = this.side.record.repetitions;
    return counts !== undefined ? counts[this.side.start + p]! : 1;
  }
}

/** Whether a side's `count` measurements from `start` have the result's labels and metric names, position by position. */
function sameOrder(side: Order, start: number, count: number, result: Order): boolean {
  if (count !== result.labels.length) return false;
  for (let i = 0; i < count; i++)
    if (side.labels[start + i] !== result.labels[i] || side.metrics[start + i] !== result.metrics[i]) return false;
  return true;
}
