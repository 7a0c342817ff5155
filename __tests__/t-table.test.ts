/**
 * The t table (src/engine/stats/tTable.ts): each (probability, df) pair's quantile computed once and kept. It must
 * give exactly what studentTQuantile gives, on the first call and every later one, so that no verdict changes; the
 * printed tables' values (t₀.₉₇₅,₁₀ = 2.2281, t₀.₉₅,₅ = 2.0150, t₀.₉₉₅,₂₀ = 2.8453, t₀.₉₇₅,₁ = 12.7062) check that
 * what is kept is the quantile.
 */
import { describe, expect, test } from '@jest/globals';
import { studentTQuantile } from '../src/engine/stats/studentT.js';
import { tTableQuantile } from '../src/engine/stats/tTable.js';

describe('tTableQuantile', () => {
  // The levels a history comparison asks for (a row's share of 0.995, the change interval's 0.95) and the tails.
  const levels = [0.5, 0.75, 0.9, 0.95, 0.975, 0.995, 0.9999875, 0.999996875, 1e-6, 0.05, 0.0025];
  const dfs = [1, 2, 3, 4, 9, 19, 20, 29, 2.5, 27.75, 120, 1e6];

  test('the same value as studentTQuantile, bit for bit, first asked and asked again', () => {
    for (const p of levels)
      for (const df of dfs) {
        const direct = studentTQuantile(p, df);
        expect(Object.is(tTableQuantile(p, df), direct)).toBe(true);
        expect(Object.is(tTableQuantile(p, df), direct)).toBe(true);
      }
  });

  test('the printed tables', () => {
    expect(tTableQuantile(0.975, 10)).toBeCloseTo(2.2281, 4);
    expect(tTableQuantile(0.95, 5)).toBeCloseTo(2.015, 4);
    expect(tTableQuantile(0.995, 20)).toBeCloseTo(2.8453, 4);
    expect(tTableQuantile(0.975, 1)).toBeCloseTo(12.7062, 4);
    expect(tTableQuantile(0.025, 1)).toBeCloseTo(-12.7062, 4);
  });

  test('keeps answering past its size, with the same values', () => {
    const p = 0.995;
    const first = tTableQuantile(p, 19);
    // More distinct pairs than the table keeps: it starts again and recomputes.
    for (let i = 0; i < 5000; i++) tTableQuantile(0.9 + (i % 97) / 1000, 3 + Math.floor(i / 97));
    expect(Object.is(tTableQuantile(p, 19), first)).toBe(true);
    expect(Object.is(first, studentTQuantile(p, 19))).toBe(true);
  });

  test('out-of-range arguments throw as studentTQuantile does, and are not kept', () => {
    expect(() => tTableQuantile(1, 5)).toThrow(RangeError);
    expect(() => tTableQuantile(0.9, 0.5)).toThrow(RangeError);
    expect(() => tTableQuantile(Number.NaN, 5)).toThrow(RangeError);
    expect(() => tTableQuantile(1, 5)).toThrow(RangeError);
  });
});
