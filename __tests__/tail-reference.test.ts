/**
 * A p-value read again on Student t with 4 df from 9 df on, min(df, 3) below (stats/tailReference.ts). Student t on
 * 4 df has a closed-form tail, P(T > t) = 1/2 − (3/4)·u·(1 − u²/3) with u = t/√(4 + t²); on 3 df
 * 1/2 − (atan(v) + v/(1 + v²))/π with v = t/√3; on 1 df (Cauchy) 1/2 − atan(t)/π. The quantiles on 5 and 9 df are
 * the printed tables' (t₀.₉₇₅,₅ = 2.5706, t₀.₉₉₅,₉ = 3.2498).
 */
import { describe, expect, test } from '@jest/globals';
import {
  studentTUpperQuantile,
  studentTUpperTail,
  tailReferenceDf,
  tailRobustPValue,
  TAIL_DF,
} from '../src/engine/stats/tailReference.js';

describe('studentTUpperTail and studentTUpperQuantile', () => {
  test('the closed forms on 4 and 1 df', () => {
    // t = 2 on 4 df: u = 2/√8 = 0.70711, 1/2 − 0.75 · 0.70711 · (1 − 0.5/3) = 0.5 − 0.44194 = 0.05806.
    expect(studentTUpperTail(2, 4)).toBeCloseTo(0.05806, 5);
    // t = 1 on 1 df: 1/2 − (π/4)/π = 0.25.
    expect(studentTUpperTail(1, 1)).toBeCloseTo(0.25, 12);
    expect(studentTUpperQuantile(0.25, 1)).toBeCloseTo(1, 9);
  });

  test('the printed tables', () => {
    expect(studentTUpperQuantile(0.025, 5)).toBeCloseTo(2.5706, 4);
    expect(studentTUpperQuantile(0.005, 9)).toBeCloseTo(3.2498, 4);
  });

  test('keeps its precision far below 1e-16, where 1 − cdf cannot', () => {
    // On 1 df the tail is 1/π · 1/t for large t: 1e-20 at t = 1/(π · 1e-20) = 3.1831e19.
    expect(studentTUpperQuantile(1e-20, 1) / 3.1831e19).toBeCloseTo(1, 4);
    expect(studentTUpperTail(3.1831e19, 1) / 1e-20).toBeCloseTo(1, 4);
  });
});

describe('tailRobustPValue', () => {
  test('the same statistic on 4 df: p = 0.005 on 9 df (t = 3.2498) becomes 0.0157', () => {
    // u = 3.2498/√(4 + 10.5612) = 0.85165; 1/2 − 0.75 · 0.85165 · (1 − 0.72531/3) = 0.5 − 0.48431 = 0.01569.
    expect(TAIL_DF).toBe(4);
    expect(tailRobustPValue(0.005, 9)).toBeCloseTo(0.01569, 4);
  });

  test('p = 0.025 on 5 df (t = 2.5706) is read on 3 df: 0.0412', () => {
    // v = 2.5706/√3 = 1.48414, atan(v) = 0.97788, v/(1 + v²) = 1.48414/3.20266 = 0.46341;
    // 1/2 − (0.97788 + 0.46341)/π = 0.5 − 0.45877 = 0.04123.
    expect(tailRobustPValue(0.025, 5)).toBeCloseTo(0.04123, 4);
  });

  test('the reference: 4 from 9 df on, min(df, 3) below', () => {
    expect([1, 2, 3, 4, 5, 8, 9, 19].map(tailReferenceDf)).toEqual([1, 2, 3, 3, 3, 3, 4, 4]);
  });

  test('unchanged up to 3 df (the reference is df itself), at p ≥ 0.5, at 0 and NaN', () => {
    expect(tailRobustPValue(0.001, 3)).toBe(0.001);
    expect(tailRobustPValue(0.001, 1)).toBe(0.001);
    expect(tailRobustPValue(0.7, 9)).toBe(0.7);
    expect(tailRobustPValue(0, 9)).toBe(0);
    expect(tailRobustPValue(NaN, 9)).toBeNaN();
  });

  test('on 4 df, read on 3: p = 0.05806 at t = 2 becomes 0.0697', () => {
    // t = 2: on 4 df 0.05806 (above); on 3 df v = 2/√3 = 1.15470, atan(v) = 0.85707, v/(1 + v²) = 1.15470/2.33333 =
    // 0.49487; 1/2 − (0.85707 + 0.49487)/π = 0.5 − 0.43034 = 0.06966.
    expect(tailRobustPValue(0.5 - 0.75 * (2 / Math.sqrt(8)) * (1 - 0.5 / 3), 4)).toBeCloseTo(0.06966, 4);
  });

  test('the further in the tail, the larger the factor (t^−4 against t^−10 on 9 df)', () => {
    const factor = (p: number) => tailRobustPValue(p, 9) / p;
    expect(factor(0.005)).toBeGreaterThan(3);
    expect(factor(2.5e-6)).toBeGreaterThan(100);
    expect(factor(2.5e-6)).toBeGreaterThan(factor(0.005));
  });
});
