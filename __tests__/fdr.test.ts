/**
 * Benjamini–Hochberg on the worked example of Benjamini & Hochberg (1995, section 4.2): 15
 * p-values from a multiple-endpoint study. Expected values are worked by hand below.
 */
import { describe, expect, test } from '@jest/globals';
import { benjaminiHochberg, benjaminiHochbergCutoff } from '../src/engine/stats/fdr.js';

// Benjamini & Hochberg (1995), §4.2.
const PAPER = [
  0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1,
];

describe('benjaminiHochbergCutoff', () => {
  test('the paper rejects 4 of 15 at q = 0.05 (Bonferroni at 0.05/15 = 0.0033 rejects 3)', () => {
    // k·q/m for k = 4: 0.01333 ≥ 0.0095; for k = 5…9: 0.0167 < 0.0201, 0.02 < 0.0278, 0.0233 < 0.0298,
    // 0.0267 < 0.0344, 0.03 < 0.0459; above 9 the p-values exceed q.
    const cutoff = benjaminiHochbergCutoff(PAPER, 0.05);
    expect(cutoff).toBe(0.0095);
    expect(PAPER.filter((p) => p <= cutoff)).toHaveLength(4);
    expect(PAPER.filter((p) => p <= 0.05 / 15)).toHaveLength(3);
  });

  test('order does not matter; nothing rejected gives −Infinity', () => {
    expect(benjaminiHochbergCutoff([...PAPER].reverse(), 0.05)).toBe(0.0095);
    expect(benjaminiHochbergCutoff([0.2, 0.5, 0.9], 0.05)).toBe(-Infinity);
    expect(benjaminiHochbergCutoff([], 0.05)).toBe(-Infinity);
  });

  test('all small: the cut-off is q itself, not q/m', () => {
    // 50 rows each at p = 0.004: the 50th rank's bound is 50·0.005/50 = 0.005 ≥ 0.004, so all 50 are rejected,
    // where Bonferroni (0.005/50 = 0.0001) rejects none.
    const fifty = Array.from({ length: 50 }, () => 0.004);
    expect(benjaminiHochbergCutoff(fifty, 0.005)).toBe(0.004);
  });

  test('a NaN p-value counts in m as 1', () => {
    // m = 3, sorted 0.01, 0.04, 1: rank 2 needs 0.04 ≤ 2·0.05/3 = 0.0333 (no), rank 1 0.01 ≤ 0.0167 (yes).
    // Were NaN dropped (m = 2), rank 2 would need only 0.04 ≤ 0.05 and both would be rejected.
    expect(benjaminiHochbergCutoff([0.01, 0.04, NaN], 0.05)).toBe(0.01);
    expect(benjaminiHochbergCutoff([0.01, 0.04], 0.05)).toBe(0.04);
  });

  test('q outside (0, 1) is a programming error', () => {
    expect(() => benjaminiHochbergCutoff([0.1], 0)).toThrow(RangeError);
    expect(() => benjaminiHochbergCutoff([0.1], 1)).toThrow(RangeError);
  });
});

describe('benjaminiHochberg adjusted p-values (R p.adjust "BH")', () => {
  test('the paper example, worked by hand', () => {
    // From the largest rank down, p̃_(i) = min(p̃_(i+1), 15·p_(i)/i):
    // 15: 1; 14: 15·0.759/14 = 0.813214; 13: 15·0.6528/13 = 0.753231; 12: 15·0.5719/12 = 0.714875;
    // 11: 15·0.4262/11 = 0.581182; 10: 15·0.324/10 = 0.486; 9: 15·0.0459/9 = 0.0765; 8: 15·0.0344/8 = 0.0645;
    // 7: 15·0.0298/7 = 0.063857; 6: 15·0.0278/6 = 0.0695 → 0.063857 (the running minimum); 5: 15·0.0201/5 = 0.0603;
    // 4: 15·0.0095/4 = 0.035625; 3: 15·0.0019/3 = 0.0095; 2: 15·0.0004/2 = 0.003; 1: 15·0.0001 = 0.0015.
    const expected = [
      0.0015, 0.003, 0.0095, 0.035625, 0.0603, 0.063857, 0.063857, 0.0645, 0.0765, 0.486, 0.581182, 0.714875, 0.753231,
      0.813214, 1,
    ];
    const adjusted = benjaminiHochberg(PAPER);
    expected.forEach((e, i) => expect(adjusted[i]).toBeCloseTo(e, 6));
    // Rejected at q = 0.05 are exactly those the cut-off rejects.
    expect(adjusted.filter((p) => p <= 0.05)).toHaveLength(4);
  });

  test('returned in the input order; NaN counts as 1', () => {
    // m = 3, sorted 0.01, 0.03, 1: 1 → 1; 3·0.03/2 = 0.045; 3·0.01/1 = 0.03.
    expect(benjaminiHochberg([0.03, NaN, 0.01])).toEqual([0.045, 1, 0.03].map((v) => expect.closeTo(v, 12)));
  });
});
