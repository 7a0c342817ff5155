/**
 * Holm's step-down procedure (stats/holm.ts) on examples worked by hand below.
 */
import { describe, expect, test } from '@jest/globals';
import { holmLevels } from '../src/engine/stats/holm.js';

describe('holmLevels', () => {
  test('rejects step by step and stops at the first p over its level', () => {
    // m = 4, α = 0.05. Sorted: 0.005 ≤ 0.05/4 = 0.0125 (rejected), 0.01 ≤ 0.05/3 = 0.01667 (rejected),
    // 0.03 > 0.05/2 = 0.025: stop, so 0.03 and 0.04 are not rejected (0.04 ≤ 0.05/1 never gets its turn).
    const levels = holmLevels([0.01, 0.04, 0.03, 0.005], 0.05);
    expect(levels[0]).toBeCloseTo(0.05 / 3, 15);
    expect(levels[3]).toBeCloseTo(0.0125, 15);
    expect(levels[1]).toBeNaN();
    expect(levels[2]).toBeNaN();
  });

  test('rejects more than Bonferroni: all four when each clears its step', () => {
    // 0.001 ≤ 0.0125, 0.002 ≤ 0.01667, 0.02 ≤ 0.025, 0.045 ≤ 0.05; Bonferroni (p ≤ 0.0125) rejects only two.
    const levels = holmLevels([0.045, 0.02, 0.002, 0.001], 0.05);
    expect(levels.map((l) => Number(l.toFixed(5)))).toEqual([0.05, 0.025, 0.01667, 0.0125]);
  });

  test('a NaN p-value is never rejected and counts in m', () => {
    // m = 2: 0.03 > 0.05/2 = 0.025, so nothing; were NaN dropped (m = 1), 0.03 ≤ 0.05 would be rejected.
    expect(holmLevels([0.03, NaN], 0.05).every(Number.isNaN)).toBe(true);
    expect(holmLevels([0.03], 0.05)).toEqual([0.05]);
  });

  test('an empty list, and α outside (0, 1)', () => {
    expect(holmLevels([], 0.05)).toEqual([]);
    expect(() => holmLevels([0.01], 0)).toThrow(RangeError);
    expect(() => holmLevels([0.01], 1)).toThrow(RangeError);
  });
});
