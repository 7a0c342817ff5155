/**
 * The weighted geomean series of `perfgate trends` (src/engine/trends/weighted.ts): its σ, its weights, its values,
 * and how analyzeTrends shows and judges it. Expected numbers are worked by hand (noted beside each).
 */
import { analyzeTrends, type TrendRun } from '../src/engine/trends/trends.js';
import { renderTrendsJson, renderTrendsMarkdown } from '../src/engine/trends/render.js';
import type { ChangePoint } from '../src/engine/stats/changePoints.js';
import {
  confirmWeightedSteps,
  MIN_WEIGHTED_VALUES,
  runToRunSd,
  WEIGHTED_PARAMETER,
  weightedGeomeanSeries,
} from '../src/engine/trends/weighted.js';
import type { Measurement } from '../src/engine/model/measurement.js';

/** Logs alternating centre ± deviation, starting with + (run 0), for `runs` runs; values, not logs. */
function alternating(centre: number, deviation: number, runs: number): number[] {
  return Array.from({ length: runs }, (_, r) => centre * Math.exp(r % 2 === 0 ? deviation : -deviation));
}

describe('runToRunSd', () => {
  test('the sample sd (n − 1) of the logs, from MIN_WEIGHTED_VALUES (10) values on', () => {
    expect(MIN_WEIGHTED_VALUES).toBe(10);
    // sd of 1 … 10 with n − 1: √(82.5 / 9) = 3.0276503540974917.
    expect(runToRunSd([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBeCloseTo(3.0276503540974917, 12);
    // ±0.1 alternating over 10 runs: √(10 · 0.01 / 9) = 0.10540925533894598.
    expect(runToRunSd(alternating(100, 0.1, 10).map(Math.log))).toBeCloseTo(0.10540925533894598, 12);
    expect(runToRunSd([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBeUndefined();
  });
});

describe('weightedGeomeanSeries', () => {
  test('weights 1/σ²: a payload half as noisy counts four times as much', () => {
    // A: 100 · e^±0.1 (σ 0.1054), B: 1000 · e^∓0.2 (σ 0.2108, opposite phase): weights 0.8 and 0.2.
    const series = weightedGeomeanSeries(
      [
        { parameter: '64', values: alternating(100, 0.1, 10) },
        { parameter: '1024', values: alternating(1000, -0.2, 10) },
      ],
      10,
    )!;
    expect(series.weights.map((w) => w.parameter)).toEqual(['64', '1024']);
    expect(series.weights[0]!.weight).toBeCloseTo(0.8, 12);
    expect(series.weights[1]!.weight).toBeCloseTo(0.2, 12);
    expect(series.weights[1]!.sd).toBeCloseTo(0.21081851067789195, 12);
    // Level 100^0.8 · 1000^0.2 = 10^2.2; run 0 is e^(0.8 · 0.1 − 0.2 · 0.2) = e^0.04 above it, run 1 e^−0.04 below.
    expect(series.values[0]).toBeCloseTo(10 ** 2.2 * Math.exp(0.04), 9);
    expect(series.values[1]).toBeCloseTo(10 ** 2.2 * Math.exp(-0.04), 9);
    expect(series.values[0]).toBeCloseTo(164.9573910657698, 9);
  });

  test('a run without a parameter averages the others, without a jump of level; too little weight present: none', () => {
    // 12 runs: A (weight 0.8) lacks run 11, B (weight 0.2) lacks run 10.
    const a: (number | undefined)[] = alternating(100, 0.1, 11);
    const b: (number | undefined)[] = alternating(1000, -0.2, 12);
    b[10] = undefined;
    const series = weightedGeomeanSeries(
      [
        { parameter: 'a', values: a },
        { parameter: 'b', values: b },
      ],
      12,
    )!;
    // σ: A √(11 · 0.01 / 10 − mean²·11/10) = 0.10444659357341833, B twice that: weights 0.8 and 0.2 again.
    expect(series.weights[0]!.weight).toBeCloseTo(0.8, 12);
    expect(series.weights[0]!.sd).toBeCloseTo(0.10444659357341833, 12);
    // Centres (medians of the logs): A log 100 + 0.1, B log 1000 + 0.2; level e^(0.8 · cA + 0.2 · cB) = 178.696…
    // Run 10 has A only, at its centre: the level itself. Run 11 has B only (0.2 of the weight): no value.
    expect(series.values[10]).toBeCloseTo(178.69620845894855, 9);
    expect(series.values[11]).toBeUndefined();
    expect(series.values[0]).toBeCloseTo(164.95739106576934, 9);
  });

  test('fewer than two parameters with 10 values: no weighted series', () => {
    expect(weightedGeomeanSeries([{ parameter: 'a', values: alternating(100, 0.1, 12) }], 12)).toBeUndefined();
    expect(
      weightedGeomeanSeries(
        [
          { parameter: 'a', values: alternating(100, 0.1, 12) },
          { parameter: 'b', values: alternating(100, 0.1, 9) },
        ],
        12,
      ),
    ).toBeUndefined();
  });
});

function latency(parameter: string, median: number): Measurement {
  return {
    experiment: 'udp',
    parameter: { label: parameter, payloadBytes: Number(parameter) },
    metric: { name: 'latency', unit: 'us', displayUnit: 'us', dimension: 'time', direction: 'lower-is-better' },
    statistics: { median },
    place: { file: 'run.csv', line: 2 },
  } as unknown as Measurement;
}

describe('confirmWeightedSteps', () => {
  const step = (index: number, runsAfter: number, relativeChange: number): ChangePoint => ({
    index,
    lastBefore: index - 1,
    before: 0,
    after: Math.log1p(relativeChange),
    relativeChange,
    pValue: 1e-6,
    runsBefore: index,
    runsAfter,
  });
  const runOf = (i: number) => i + 100; // the analysed values start at run 100

  test('the newest step with minSegment runs after it waits unless a parameter shows a step of its sign within 2 runs', () => {
    const found = { steps: [step(5, 6, 0.2), step(17, 3, 0.25)], outliers: [] };
    expect(confirmWeightedSteps(found, runOf, [], 3)).toEqual({
      steps: [found.steps[0]],
      outliers: [],
      pending: found.steps[1],
    });
    expect(confirmWeightedSteps(found, runOf, [{ firstRun: 119, change: 0.3 }], 3)).toBe(found);
    expect(confirmWeightedSteps(found, runOf, [{ firstRun: 115, change: 0.3 }], 3)).toBe(found);
    // 3 runs away, or the other sign: not the same step.
    expect(confirmWeightedSteps(found, runOf, [{ firstRun: 120, change: 0.3 }], 3).steps).toHaveLength(1);
    expect(confirmWeightedSteps(found, runOf, [{ firstRun: 117, change: -0.3 }], 3).steps).toHaveLength(1);
  });

  test('a step with more runs after it, or followed by a pending change, stands as it is', () => {
    const older = { steps: [step(17, 4, 0.25)], outliers: [] };
    expect(confirmWeightedSteps(older, runOf, [], 3)).toBe(older);
    const withPending = { steps: [step(17, 3, 0.25)], outliers: [], pending: step(20, 1, 0.3) };
    expect(confirmWeightedSteps(withPending, runOf, [], 3)).toBe(withPending);
  });
});

describe('analyzeTrends with the weighted series', () => {
  // 14 runs of 3 payloads; every payload 1.3× slower from run 9 on (5 runs after: one more than minSegment + 1).
  const wiggle = [1, 1.04, 0.97, 1.02, 0.99, 1.03, 0.96, 1.01];
  const runs: TrendRun[] = Array.from({ length: 14 }, (_, r) => ({
    sha: `abc${String(r).padStart(4, '0')}`,
    date: `2026-01-${String(r + 1).padStart(2, '0')}T00:00:00Z`,
    runId: String(r),
    runUrl: '',
    measurements: ['16', '256', '4096'].map((p, i) =>
      latency(p, (10 + 10 * i) * (r >= 9 ? 1.3 : 1) * wiggle[(r + 3 * i) % 8]! ** (i + 1)),
    ),
  }));
  const report = analyzeTrends(runs);

  test('one more series after the last payload, named weighted geomean, judged like the others', () => {
    expect(report.series.map((s) => s.parameter)).toEqual(['16', '256', '4096', WEIGHTED_PARAMETER]);
    const weighted = report.series[3]!;
    expect(weighted.payloadBytes).toBeUndefined();
    expect(weighted.weights!.map((w) => w.parameter)).toEqual(['16', '256', '4096']);
    expect(weighted.weights!.reduce((a, w) => a + w.weight, 0)).toBeCloseTo(1, 12);
    expect(weighted.steps).toHaveLength(1);
    expect(weighted.steps[0]).toMatchObject({ kind: 'regression', firstRun: 9, lastRunBefore: 8, runsAfter: 5 });
    expect(weighted.steps[0]!.change).toBeGreaterThan(0.25);
    expect(weighted.steps[0]!.change).toBeLessThan(0.35);
  });

  test('a step 3 runs old that its parameters show too is reported by all series on the same run', () => {
    const early = analyzeTrends(runs.slice(0, 12));
    expect(early.series.map((s) => s.steps.map((t) => [t.firstRun, t.runsAfter, t.isNew]))).toEqual([
      [[9, 3, true]],
      [[9, 3, true]],
      [[9, 3, true]],
      [[9, 3, true]],
    ]);
  });

  test('trends.json carries the weights; trends.md names them', () => {
    const json = JSON.parse(renderTrendsJson(report)) as { series: { parameter: string; weights?: unknown[] }[] };
    expect(json.series.map((s) => s.weights !== undefined)).toEqual([false, false, false, true]);
    const md = renderTrendsMarkdown(report);
    expect(md).toContain(
      "Weighted geomean series: per run, the parameters' values averaged on the log scale with weights 1/σ², σ each parameter's run-to-run sd of the log; a step with only 3 runs after it waits for one more unless a parameter's series shows it too. Weights:",
    );
    expect(md).toMatch(/\n- udp · latency · median: 16 \d+\.\d % \(σ 0\.\d{3}\), 256 /);
  });

  test('fewer than 10 runs: no weighted series', () => {
    expect(analyzeTrends(runs.slice(0, 9)).series.map((s) => s.parameter)).toEqual(['16', '256', '4096']);
  });
});
