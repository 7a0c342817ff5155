/**
 * A history run held as a record's levels (engine/compare/levels.ts, what compare --history reads from records) is
 * judged exactly as the same run held as measurements: the same rows, field for field, whether the run is in the
 * result's order or not, with pooled repetitions, a statistic some measurements lack, and values that are not numbers.
 */
import { describe, expect, test } from '@jest/globals';
import { compareExperimentWithHistory, type ExperimentSide } from '../src/engine/compare/compare.js';
import { recordLevelsBuilder } from '../src/engine/compare/levels.js';
import type { HistorySide } from '../src/engine/compare/runIndex.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';

const METRICS = ['real time', 'cpu time'] as const;
const PARAMETERS = ['8', '64', '512', '4096'];

function measurement(parameter: string, metric: string, median: number, extra: Partial<Measurement> = {}): Measurement {
  return {
    experiment: 'BM_Copy',
    parameter: { label: parameter },
    metric: { name: metric, dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
    statistics: { median, mean: median * 1.01 },
    place: { file: 'x' },
    ...extra,
  };
}

/** Run `r` of the history: every parameter × metric, moved by a fixed pattern of noise. */
function run(r: number, scale = 1): Measurement[] {
  const noise = [0.02, -0.03, 0.01, 0.04, -0.01, 0, -0.02, 0.03, -0.04, 0.015, -0.025, 0.005];
  return PARAMETERS.flatMap((p, i) =>
    METRICS.map((metric, j) =>
      measurement(p, metric, 100 * (i + 1) * (j + 1) * scale * Math.exp(noise[(r + i + j) % 12]!)),
    ),
  );
}

/** The runs as one record's levels (as a record is read: every run after the other), each run's side reading them. */
function asLevels(runs: readonly Measurement[][]): HistorySide[] {
  const builder = recordLevelsBuilder();
  const ranges = runs.map((measurements) => {
    const positions = measurements.map((m) =>
      builder.add({ ...m, parameter: m.parameter.label, metric: m.metric.name }, m.repetitions),
    );
    return { start: positions[0]!, count: measurements.length };
  });
  const record = builder.done();
  // No measurements but the newest run's: the verdict must read every other run from its levels.
  return runs.map((measurements, k) => ({
    measurements: k === runs.length - 1 ? measurements : [],
    levels: { record, ...ranges[k]! },
  }));
}

function bothWays(history: Measurement[][], result: ExperimentSide) {
  const thresholds = parseThresholds('0.1');
  const asMeasurements = compareExperimentWithHistory(
    'BM_Copy',
    history.map((measurements) => ({ measurements })),
    result,
    thresholds,
    { maxHistory: 6 },
  );
  const fromLevels = compareExperimentWithHistory('BM_Copy', asLevels(history), result, thresholds, { maxHistory: 6 });
  return { asMeasurements, fromLevels };
}

describe('a history run read from its levels', () => {
  test('in the result’s order: the same rows as from its measurements, the regressed one failing', () => {
    const history = Array.from({ length: 10 }, (_, r) => run(r));
    const result = run(3).map((m) =>
      m.parameter.label === '512' && m.metric.name === 'real time'
        ? { ...m, statistics: { median: m.statistics.median! * 1.5, mean: m.statistics.mean! * 1.5 } }
        : m,
    );
    const { asMeasurements, fromLevels } = bothWays(history, { measurements: result });
    expect(asMeasurements.status).toBe('failed');
    expect(fromLevels).toEqual(asMeasurements);
  });

  test('in another order, with a statistic some runs lack and one that is not a number: the same rows', () => {
    const history = Array.from({ length: 10 }, (_, r) => {
      const measurements = run(r).reverse();
      if (r % 3 === 0)
        measurements[1] = { ...measurements[1]!, statistics: { median: measurements[1]!.statistics.median! } };
      if (r === 4) measurements[2] = { ...measurements[2]!, statistics: { median: NaN, mean: 5 } };
      return measurements;
    });
    const { asMeasurements, fromLevels } = bothWays(history, { measurements: run(5, 1.02) });
    expect(fromLevels).toEqual(asMeasurements);
  });

  test('runs that pooled repetitions: their levels are the geometric means, their counts the runs', () => {
    const pooled = (r: number) =>
      run(r).map((m) => ({
        ...m,
        repetitions: 3,
        repetitionValues: { median: [0.98, 1, 1.03].map((f) => m.statistics.median! * f), mean: [NaN, 1, 2] },
      }));
    // The oldest run pooled none: its count is 1, the others 3.
    const history = Array.from({ length: 8 }, (_, r) => (r === 0 ? run(r) : pooled(r)));
    const { asMeasurements, fromLevels } = bothWays(history, { measurements: pooled(2) });
    expect(asMeasurements.rows.some((row) => row.repetitions !== undefined)).toBe(true);
    expect(fromLevels).toEqual(asMeasurements);
  });
});

describe('a record’s levels', () => {
  const stored = (parameter: string, statistics: Record<string, number | null>, extra = {}) => ({
    parameter,
    metric: 'real time',
    statistics,
    ...extra,
  });

  test('one column per statistic, NaN where a measurement has none; repetition counts only where one pooled', () => {
    const builder = recordLevelsBuilder();
    builder.add(stored('8', { median: 10 }), undefined);
    builder.add(stored('64', { median: 0, mean: 12 }), undefined);
    builder.add(stored('512', { median: null, mean: -1 }), undefined);
    expect(builder.done()).toEqual({
      labels: ['8', '64', '512'],
      metrics: ['real time', 'real time', 'real time'],
      repetitions: undefined,
      levels: new Map([
        ['median', new Float64Array([10, NaN, NaN])],
        ['mean', new Float64Array([NaN, 12, NaN])],
      ]),
    });
  });

  test('a pooled measurement: the geometric mean of its positive repetitions, and its count; 1 for the others', () => {
    const builder = recordLevelsBuilder();
    builder.add(stored('8', { median: 10 }), undefined);
    builder.add(stored('64', { median: 99 }, { repetitionValues: { median: [4, 9, null, -2] } }), 4);
    builder.add(stored('512', { median: 7 }), undefined);
    const record = builder.done();
    expect(record.repetitions).toEqual(new Float64Array([1, 4, 1]));
    expect(record.levels.get('median')).toEqual(new Float64Array([10, 6, 7]));
  });
});
