/**
 * The weighted geomean row of a history comparison: each parameter weighs 1/σ², σ from history runs older than the
 * band's window, never from the runs under test (docs/statistics.md, "The weighted geomean row").
 */
import { bandOf } from '../src/engine/compare/rows.js';
import { describe, expect, test } from '@jest/globals';
import { compareExperimentWithHistory, type ExperimentSide } from '../src/engine/compare/compare.js';
import { parameterWeights, weightsByParameter } from '../src/engine/compare/historyRows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';

function measurement(parameter: string, median: number): Measurement {
  return {
    experiment: 'udp',
    parameter: { label: parameter, payloadBytes: Number(parameter) },
    metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
    statistics: { median },
    place: { file: 'x' },
  };
}

/** A run whose 16 B payload moves by `quiet` and 1024 B by `loud` (log offsets). */
function run(quiet: number, loud: number, scale = 1): ExperimentSide {
  return {
    measurements: [measurement('16', 50 * scale * Math.exp(quiet)), measurement('1024', 60 * scale * Math.exp(loud))],
  };
}

describe('parameterWeights', () => {
  test('1/σ² per parameter, normalised: a payload twice as noisy weighs a quarter as much', () => {
    // Logs of the first parameter: ±0.05 around its mean; of the second ±0.1 (the same pattern, twice the size).
    const pattern = [1, -1, 1, -1, 0];
    const levels = pattern.map((x) => [50 * Math.exp(0.05 * x), 60 * Math.exp(0.1 * x)]);
    const weights = parameterWeights(levels, 5)!;
    expect(weights[0]).toBeCloseTo(0.8, 12);
    expect(weights[1]).toBeCloseTo(0.2, 12);
  });

  test('too few complete older runs, or a parameter without spread: undefined (equal weights)', () => {
    const levels = [1, -1, 1, -1].map((x) => [50 * Math.exp(0.05 * x), 60 * Math.exp(0.1 * x)]);
    expect(parameterWeights(levels, 5)).toBeUndefined();
    expect(parameterWeights([...levels, [50, undefined]], 5)).toBeUndefined();
    expect(
      parameterWeights(
        [...levels, [50, 60]].map(([a]) => [a, 60]),
        5,
      ),
    ).toBeUndefined();
  });
});

describe('the weighted geomean row', () => {
  const pattern = [0.3, -0.2, 0.1, -0.3, 0.2, 0, -0.1, 0.25, -0.25, 0.15];
  // 6 older runs (they set the weights), then a window of 3 runs; the loud payload moves 4× as far as the quiet one.
  const older = pattern.slice(0, 6).map((x) => run(0.05 * x, 0.2 * x));
  const window = pattern.slice(6, 9).map((x) => run(0.05 * x, 0.2 * x));

  test('weights from the older runs only; the reference is the weighted geometric mean of the window', () => {
    const c = compareExperimentWithHistory('udp', [...older, ...window], run(0, 0, 1.3), parseThresholds('0.1'), {
      maxHistory: 3,
    });
    const pooled = c.rows.find((r) => r.pooled && r.statistic === 'median')!;
    // sd of the quiet logs is a quarter of the loud ones': weights 16/17 and 1/17.
    expect(bandOf(pooled)?.weights?.['16']).toBeCloseTo(16 / 17, 12);
    expect(bandOf(pooled)?.weights?.['1024']).toBeCloseTo(1 / 17, 12);
    expect(bandOf(pooled)?.weightRuns).toBe(6);
    expect(bandOf(pooled)?.historyRuns).toBe(3);
    const level = (x: number) =>
      (16 / 17) * Math.log(50 * Math.exp(0.05 * x)) + (1 / 17) * Math.log(60 * Math.exp(0.2 * x));
    const centre = Math.exp(
      pattern
        .slice(6, 9)
        .map(level)
        .reduce((a, b) => a + b, 0) / 3,
    );
    expect(pooled.reference).toBeCloseTo(centre, 9);
    expect(pooled.result).toBeCloseTo(Math.exp((16 / 17) * Math.log(65) + (1 / 17) * Math.log(78)), 9);
  });

  test('no runs outside the window: every parameter weighs the same, and no weights are reported', () => {
    const c = compareExperimentWithHistory('udp', window, run(0, 0, 1.3), parseThresholds('0.1'), { maxHistory: 3 });
    const pooled = c.rows.find((r) => r.pooled && r.statistic === 'median')!;
    expect(bandOf(pooled)).toBeDefined();
    expect(bandOf(pooled)?.weights).toBeUndefined();
    expect(bandOf(pooled)?.weightRuns).toBeUndefined();
    expect(pooled.result).toBeCloseTo(Math.sqrt(65 * 78), 9);
  });
});

describe('comparison.json', () => {
  test('a weighted geomean row carries its weights and how many older runs set them', async () => {
    const { renderComparisonJson } = await import('../src/engine/report/comparison/comparisonJson.js');
    const { buildComparisonReport } = await import('../src/engine/report/comparison/comparisonReport.js');
    const pattern = [0.3, -0.2, 0.1, -0.3, 0.2, 0, -0.1, 0.25, -0.25];
    const history = pattern.map((x) => run(0.05 * x, 0.2 * x));
    const c = compareExperimentWithHistory('udp', history, run(0, 0, 1.3), parseThresholds('0.1'), { maxHistory: 3 });
    const json = JSON.parse(renderComparisonJson(buildComparisonReport([c], 'history', 'bench')));
    const rows = json.subExperiments.flatMap((e: { comparisons: Record<string, unknown>[] }) => e.comparisons);
    const pooled = rows.find((r: Record<string, unknown>) => r['pooled'] === true && r['statistic'] === 'median');
    expect(pooled.weightRuns).toBe(6);
    expect(pooled.weights['16']).toBeCloseTo(16 / 17, 12);
  });
});

describe('the note on a large suite', () => {
  test('12 gated statistics at 0.5 % each: up to 5.8 % of unchanged builds fail one, and the confidence that bounds them', async () => {
    const { buildComparisonReport } = await import('../src/engine/report/comparison/comparisonReport.js');
    const pattern = [0.3, -0.2, 0.1, -0.3, 0.2];
    const judged = (n: number) =>
      Array.from({ length: n }, (_, e) =>
        compareExperimentWithHistory(
          `bench${e}`,
          pattern.map((x) => ({
            measurements: [{ ...measurement('16', 50 * Math.exp(0.05 * x)), experiment: `bench${e}` }],
          })),
          { measurements: [{ ...measurement('16', 50), experiment: `bench${e}` }] },
          parseThresholds('0.1'),
        ),
      );
    const note = (n: number) =>
      buildComparisonReport(judged(n), 'history', 'bench').notes.find((t) => t.includes('gated statistics'));
    // 1 − 0.995^12 = 5.84 %; 0.005 / 12 = 4.2·10⁻⁴.
    expect(note(12)).toBe(
      'This comparison judges 12 gated statistics, each at ≤ 0.5 %: an unchanged build fails at least one of them with probability up to 5.84 %. Raise confidence (for example to 0.99958) to bound the whole comparison instead.',
    );
    // 10 of them: 4.9 %, under the 5 % where the note starts.
    expect(note(10)).toBeUndefined();
  });
});

describe('weightsByParameter', () => {
  test('the record Object.fromEntries makes: the same names, order and weights, so the same JSON', () => {
    // Sizes, names that look like numbers and are not array indexes, repeated names, and plain names, shuffled by a
    // fixed LCG.
    const names = ['8', '16', '4096', '0', '08', '-1', '1e3', '999999999', '9999999999', '4294967295', 'BM/8', 'x', ''];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let trial = 0; trial < 200; trial++) {
      const parameters = Array.from({ length: 1 + (next() % 12) }, () => names[next() % names.length]!);
      const weights = parameters.map(() => next() / 2147483648);
      const expected = Object.fromEntries(parameters.map((p, i) => [p, weights[i]!]));
      const record = weightsByParameter(parameters, weights);
      expect(Object.entries(record)).toEqual(Object.entries(expected));
      expect(JSON.stringify(record, null, 2)).toBe(JSON.stringify(expected, null, 2));
    }
  });
});
