import { CHANGE_POINT_DEFAULTS, detectChangePoints, EDivisive, tTest } from '../src/engine/stats/changePoints.js';

/** A small fixed wiggle (mean 0, sd ≈ 0.0087), so that segments have a variance and p-values are finite. */
const WIGGLE = [0, 0.01, -0.01, 0.005, -0.005, 0.01, -0.01, 0];
const level = (mean: number, n = WIGGLE.length) =>
  Array.from({ length: n }, (_, i) => mean + WIGGLE[i % WIGGLE.length]!);

describe('tTest', () => {
  test('pooled two-sample t-test: [1,2,3] against [4,5,6]', () => {
    // Means 2 and 5, pooled variance 1, se = √(2/3): t = 3.6742; two-sided p with 4 df = 0.021312 (numerical
    // integration).
    const r = tTest([1, 2, 3], [4, 5, 6]);
    expect(r.df).toBe(4);
    expect(r.t).toBeCloseTo(3.674235, 5);
    expect(r.pValue).toBeCloseTo(0.0213116, 6);
  });

  test('no degrees of freedom: p = 1; identical constant sides: p = 1; different constant sides: p = 0', () => {
    expect(tTest([1], [2]).pValue).toBe(1);
    expect(tTest([3, 3], [3, 3]).pValue).toBe(1);
    expect(tTest([3, 3], [4, 4]).pValue).toBe(0);
  });
});

describe('EDivisive', () => {
  test('Q of [0,0] against [1,1] is 2/(2+2)·Σ|x−y| = 2, and the best split of [0,0,1,1] is at index 2', () => {
    const e = new EDivisive([0, 0, 1, 1]);
    expect(e.q(0, 2, 4)).toBeCloseTo(2, 12);
    // One element each side: 2/2·|0−1| = 1, no within terms.
    expect(e.q(1, 2, 3)).toBeCloseTo(1, 12);
    expect(e.candidate(0, 4)).toEqual({ index: 2, end: 4, qhat: 2 });
  });
});

describe('detectChangePoints', () => {
  test('a clean +50 % step is found at its index with the geometric-mean ratio', () => {
    const values = [...level(0), ...level(Math.log(1.5))];
    const r = detectChangePoints(values);
    expect(r.outliers).toEqual([]);
    expect(r.pending).toBeUndefined();
    expect(r.steps).toHaveLength(1);
    const [step] = r.steps;
    expect(step!.index).toBe(8);
    expect(step!.lastBefore).toBe(7);
    expect(step!.runsBefore).toBe(8);
    expect(step!.runsAfter).toBe(8);
    expect(step!.before).toBeCloseTo(0, 12);
    expect(step!.after).toBeCloseTo(Math.log(1.5), 12);
    expect(step!.relativeChange).toBeCloseTo(0.5, 10);
    expect(step!.pValue).toBeLessThan(1e-10);
  });

  test('a constant series and a wiggle have no change point', () => {
    expect(detectChangePoints(Array(20).fill(1))).toEqual({ steps: [], outliers: [] });
    expect(detectChangePoints(level(0, 24))).toEqual({ steps: [], outliers: [] });
  });

  test('a single spike that returns is an outlier, not a step', () => {
    const values = level(0, 16);
    values[6] = Math.log(2);
    const r = detectChangePoints(values);
    expect(r.steps).toEqual([]);
    expect(r.pending).toBeUndefined();
    expect(r.outliers).toHaveLength(1);
    expect(r.outliers[0]).toMatchObject({ index: 6, length: 1 });
    // The level around it is that of the segment before (indices 0–5, mean −0.00083…).
    expect(r.outliers[0]!.level).toBeCloseTo((0 + 0.01 - 0.01 + 0.005 - 0.005 + 0.01) / 6, 12);
    expect(r.outliers[0]!.relativeChange).toBeCloseTo(2 / Math.exp(0.01 / 6) - 1, 10);
  });

  test('two steps: up 30 %, then back down', () => {
    const values = [...level(0), ...level(Math.log(1.3)), ...level(0)];
    const r = detectChangePoints(values);
    expect(r.steps.map((s) => s.index)).toEqual([8, 16]);
    expect(r.steps[0]!.relativeChange).toBeCloseTo(0.3, 10);
    expect(r.steps[1]!.relativeChange).toBeCloseTo(1 / 1.3 - 1, 10);
    expect(r.steps.every((s) => s.runsBefore === 8 && s.runsAfter === 8)).toBe(true);
  });

  test('a change in the last runs is pending until minSegment runs follow it', () => {
    const values = [...level(0, 16), ...level(Math.log(1.5), 2)];
    const r = detectChangePoints(values);
    expect(CHANGE_POINT_DEFAULTS.minSegment).toBe(3);
    expect(r.steps).toEqual([]);
    expect(r.pending).toMatchObject({ index: 16, runsAfter: 2 });
    // With minSegment 2 the same two runs make a step.
    const two = detectChangePoints(values, { minSegment: 2 });
    expect(two.pending).toBeUndefined();
    expect(two.steps.map((s) => s.index)).toEqual([16]);
    // One more run and the default sees a step.
    const three = detectChangePoints([...values, Math.log(1.5)]);
    expect(three.steps.map((s) => s.index)).toEqual([16]);
  });

  test('a two-run excursion is an outlier with minSegment 3 and a pair of steps with minSegment 2', () => {
    const values = level(0, 16);
    values[6] = values[7] = Math.log(2);
    expect(detectChangePoints(values).outliers.map((o) => [o.index, o.length])).toEqual([[6, 2]]);
    expect(detectChangePoints(values, { minSegment: 2 }).steps.map((s) => s.index)).toEqual([6, 8]);
  });

  test('the magnitude floor drops significant but small steps', () => {
    const values = [...level(0), ...level(Math.log(1.05))];
    expect(detectChangePoints(values).steps).toEqual([]);
    expect(detectChangePoints(values, { minMagnitude: 0.04 }).steps.map((s) => s.index)).toEqual([8]);
  });

  test('a series whose whole range is under the magnitude floor has no change point of any kind', () => {
    // A two-run spike of 7 %, then a 7 % step: log 1.07 + the wiggle's 0.02 is under log 1.1.
    const values = [...level(0, 16), ...level(Math.log(1.07), 16)];
    for (const i of [4, 5]) values[i] = Math.log(1.07);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThan(Math.log1p(CHANGE_POINT_DEFAULTS.minMagnitude));
    expect(detectChangePoints(values)).toEqual({ steps: [], outliers: [] });
    // With a floor of 5 % the same series is split: the two-run excursion at 4 and the step at 16.
    const lower = detectChangePoints(values, { minMagnitude: 0.05 });
    expect(lower.outliers.map((o) => [o.index, o.length])).toEqual([[4, 2]]);
    expect(lower.steps.map((s) => s.index)).toEqual([16]);
  });

  test('deterministic: the same series gives the same result, byte for byte', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5) * 0.3;
    const values = Array.from({ length: 50 }, (_, i) => next() + (i >= 30 ? 0.4 : 0));
    const a = JSON.stringify(detectChangePoints(values));
    expect(JSON.stringify(detectChangePoints([...values]))).toBe(a);
  });

  test('rejects non-finite values and bad options', () => {
    expect(() => detectChangePoints([0, NaN, 1])).toThrow(/value 1 is not a finite number/);
    expect(() => detectChangePoints([0, 1], { minSegment: 0 })).toThrow(/minSegment/);
    expect(() => detectChangePoints([0, 1], { maxPValue: 0 })).toThrow(/maxPValue/);
  });
});
