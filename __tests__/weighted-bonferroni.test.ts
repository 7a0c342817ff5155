import { bonferroniShares, scaledByShare, weightedBonferroni } from '../src/engine/stats/weightedBonferroni.js';

describe('weighted Bonferroni: a family of hypotheses at its split of α', () => {
  test('shares follow each α; unknown α gives equal shares', () => {
    // A pooled row at three quarters of 0.004 and two parameter rows at an eighth each.
    expect(bonferroniShares([0.003, 0.0005, 0.0005])).toEqual([0.75, 0.125, 0.125]);
    expect(bonferroniShares([0.003, NaN])).toEqual([0.5, 0.5]);
  });

  test('the family p-value is the smallest p over its share, capped at 1', () => {
    // 0.002 / 0.75 = 0.002667; 0.0001 / 0.125 = 0.0008: the parameter row decides.
    expect(weightedBonferroni([0.002, 0.0001, 0.5], [0.003, 0.0005, 0.0005])).toBeCloseTo(0.0008, 12);
    expect(weightedBonferroni([0.9, 0.8], [0.001, 0.001])).toBe(1);
    expect(scaledByShare(0.01, 0.25)).toBeCloseTo(0.04, 12);
    expect(weightedBonferroni([], [])).toBeNaN();
  });
});
