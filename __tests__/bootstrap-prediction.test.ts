import { describe, expect, test } from '@jest/globals';
import { bootstrapPrediction } from '../src/engine/stats/bootstrapPrediction.js';

const OPTIONS = { resamples: 1000, seed: 7, level: 0.9 };

describe('bootstrapPrediction', () => {
  test('a history of one level: its band is that level, a higher candidate has the floor 1/(n + 1)', () => {
    const flat = [2, 2, 2, 2, 2, 2, 2, 2, 2];
    expect(bootstrapPrediction(flat, 2, OPTIONS)).toEqual({ pValue: 1, effect: 0, band: { lower: 0, upper: 0 } });
    // Every resampled statistic is 0 < 0.5: (1 + 0) / 1001 is below 1/10, so the floor decides.
    expect(bootstrapPrediction(flat, 2.5, OPTIONS)!.pValue).toBe(1 / 10);
  });

  test('the floor holds however far the candidate lies: n runs cannot tell more than 1/(n + 1)', () => {
    const history = [0, 0.1, -0.1, 0.05, -0.05];
    expect(bootstrapPrediction(history, 100, OPTIONS)!.pValue).toBe(1 / 6);
  });

  test('fewer than two runs: no test', () => {
    expect(bootstrapPrediction([1], 2, OPTIONS)).toBeUndefined();
  });

  test('seeded: the same inputs give the same numbers, another seed others', () => {
    const history = [0.3, -0.2, 0.1, 0.0, 0.25, -0.15, 0.05];
    const a = bootstrapPrediction(history, 0.2, OPTIONS);
    expect(bootstrapPrediction(history, 0.2, OPTIONS)).toEqual(a);
    expect(bootstrapPrediction(history, 0.2, { ...OPTIONS, seed: 8 })!.pValue).not.toBe(a!.pValue);
  });

  test('the observed effect is the candidate less the median of the history', () => {
    expect(bootstrapPrediction([1, 5, 2, 4, 3], 10, OPTIONS)!.effect).toBe(7);
    expect(bootstrapPrediction([1, 2, 3, 4], 10, OPTIONS)!.effect).toBe(7.5);
  });
});
