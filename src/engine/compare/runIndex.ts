/**
 * One experiment's measurements in each history run, found by row key (rows.ts's keyOf), for the history method.
 */
import type { Measurement } from '../model/measurement.js';
import { keyOf, type ExperimentSide } from './rows.js';

/** A run's measurements by keyOf (the last of a key, as a Map built from them in order gives). */
export type MeasurementsByKey = Pick<ReadonlyMap<string, Measurement>, 'get'>;

/** A side's measurements by keyOf, built with no array per entry. */
export function measurementsByKey(side: ExperimentSide): Map<string, Measurement> {
  const byKey = new Map<string, Measurement>();
  for (const m of side.measurements) byKey.set(keyOf(m), m);
  return byKey;
}

/**
 * Each run's measurements by keyOf. A run whose measurements have the result's parameters and metrics in the result's
 * order (nearly every run of a suite: one tool writes them in one order) is read through the result's positions, not
 * a Map of its own: 30 runs × 20,000 measurements would each build a key string and a Map entry. Equal labels and
 * metric names give equal keys, so every lookup finds what the run's own Map would.
 */
export function runsByKey(
  runs: readonly ExperimentSide[],
  result: ExperimentSide,
): {
  resultByKey: Map<string, Measurement>;
  byKey: MeasurementsByKey[];
  /** Each run's measurement of `key` (undefined where it has none), oldest first: every run's byKey get, at once. */
  across: (key: string) => (Measurement | undefined)[];
} {
  const resultByKey = new Map<string, Measurement>();
  const positions = new Map<string, number>();
  result.measurements.forEach((m, i) => {
    const key = keyOf(m);
    resultByKey.set(key, m);
    positions.set(key, i);
  });
  // Per run: its measurements where they are in the result's order, else its own Map.
  const indexes = runs.map((run) =>
    sameOrder(run.measurements, result.measurements) ? run.measurements : measurementsByKey(run),
  );
  const byKey = indexes.map((index): MeasurementsByKey => {
    if (index instanceof Map) return index;
    return {
      get: (key) => {
        const i = positions.get(key);
        return i === undefined ? undefined : index[i];
      },
    };
  });
  const across = (key: string) => {
    const i = positions.get(key);
    return indexes.map((index) => (index instanceof Map ? index.get(key) : i === undefined ? undefined : index[i]));
  };
  return { resultByKey, byKey, across };
}

/** Whether two lists of measurements have the same parameter labels and metric names, position by position. */
function sameOrder(a: readonly Measurement[], b: readonly Measurement[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++)
    if (a[i]!.parameter.label !== b[i]!.parameter.label || a[i]!.metric.name !== b[i]!.metric.name) return false;
  return true;
}
