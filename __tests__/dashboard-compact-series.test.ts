/**
 * The compact code of a drawn series (src/engine/dashboard/compactSeries.ts): codes worked out by hand, values given
 * back as the doubles the charts drew before (each rounded to its significant digits), and the pages' script
 * (DECODE_SERIES_SCRIPT, run here as the browser runs it) reading what Node's decoder reads.
 */
import { describe, expect, test } from '@jest/globals';
import {
  DECODE_SERIES_SCRIPT,
  decodeSeries,
  encodeSeries,
  seriesExponent,
} from '../src/engine/dashboard/compactSeries.js';
import { mulberry32 } from '../src/engine/stats/shift.js';

/** The pages' decodeSeries, from its script text. */
const pageDecode = new Function(`${DECODE_SERIES_SCRIPT}\nreturn decodeSeries;`)() as typeof decodeSeries;

describe('the code of a drawn series', () => {
  test('three runs at 3 digits, worked out by hand', () => {
    // Runs 0, 1, 2: the first run (A = 0), then one range of 2 more runs 1 apart (step − 1 = 0: A, count − 1 = 1: B).
    // The smallest value 1.25 at 3 digits counts hundredths: exponent −2, zigzag 3 (D). The steps 150, 125, 200:
    // 150 (zigzag 300 = 9 × 32 + 12: s J), −25 (zigzag 49 = 32 + 17: x B), +75 (zigzag 150 = 4 × 32 + 22: 2 E).
    expect(encodeSeries([0, 1, 2], [1.5, 1.25, 2], 3)).toBe('AAB.DsJxB2E');
    for (const decode of [decodeSeries, pageDecode])
      expect(decode('AAB.DsJxB2E')).toEqual({ r: [0, 1, 2], y: [1.5, 1.25, 2] });
    expect(encodeSeries([], [], 6)).toBe('');
    expect(pageDecode('')).toEqual({ r: [], y: [] });
  });

  test('gaps in the runs, strides, zero, negative values and one value', () => {
    const cases: [number[], number[]][] = [
      [
        [3, 4, 5, 9, 11, 13, 15, 16],
        [0.5, 0.25, 0, -7.5, 100, 12.5, 3, 1e-3],
      ],
      [[394], [363.666]],
      [
        [0, 4, 8, 12],
        [1e9, 2e9, 3.5e9, 1e9],
      ],
    ];
    for (const [r, y] of cases) {
      const code = encodeSeries(r, y, 6);
      expect(decodeSeries(code)).toEqual({ r, y });
      expect(pageDecode(code)).toEqual({ r, y });
    }
    // A stride of runs is one range: 0 then 3 runs 4 apart (step − 1 = 3: D, count − 1 = 2: C).
    expect(encodeSeries([0, 4, 8, 12], [1, 1, 1, 1], 3).split('.')[0]).toBe('ADC');
  });

  test('the smallest value keeps its digits; a series over more decades than a double holds keeps its largest 15', () => {
    expect(seriesExponent([363.666, 1200], 6)).toBe(-3);
    expect(seriesExponent([0, -0.0042, 5], 4)).toBe(-6);
    expect(seriesExponent([0, 0], 6)).toBe(0);
    expect(seriesExponent([1e-12, 1e9], 6)).toBe(-6);
  });

  test('a year of noisy values at 6 digits: the drawn doubles back, in under 3 characters a value', () => {
    const random = mulberry32(47);
    for (const level of [0.00123, 3.7, 363.666, 81_234.5, 7.5e9]) {
      // 395 runs, one missing, with a 1 % noise: each value to 6 significant digits, as the charts drew them.
      const r = Array.from({ length: 395 }, (_, i) => i).filter((i) => i !== 200);
      const y = r.map(() => Number((level * (1 + 0.01 * (random() + random() + random() - 1.5))).toPrecision(6)));
      const code = encodeSeries(r, y, 6);
      expect(pageDecode(code)).toEqual({ r, y });
      expect(code.length / y.length).toBeLessThan(3);
      // The same values, the same code.
      expect(encodeSeries([...r], [...y], 6)).toBe(code);
    }
  });

  test('a code that is not one is refused', () => {
    expect(() => pageDecode('AAB.Ds"')).toThrow(/no character "\\""/);
    expect(() => decodeSeries('AAB.DsJ')).toThrow(/3 runs and 1 values/);
  });
});
