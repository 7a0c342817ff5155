/**
 * The suite's geomean per run (stats/suiteGeomean.ts), on levels written by hand: the expected geomeans and spreads
 * are worked out below each case, not computed by the module.
 */
import { describe, expect, test } from '@jest/globals';
import { suiteGeomeans } from '../src/engine/stats/suiteGeomean.js';

describe('suiteGeomeans', () => {
  test('per history run and per candidate repetition: the geometric mean over the benchmarks', () => {
    // Run 1: √(1·4) = 2; run 2: √(4·1) = 2; run 3: √(2·8) = 4. Candidate repetition 1: √(2·8) = 4; repetition 2:
    // √(8·2) = 4.
    const got = suiteGeomeans(
      [
        [1, 4, 2],
        [4, 1, 8],
      ],
      [
        [2, 8],
        [8, 2],
      ],
    );
    expect(got?.benchmarks).toBe(2);
    expect(got?.history.map((x) => Number(x.toFixed(12)))).toEqual([2, 2, 4]);
    expect(got?.candidate.map((x) => Number(x.toFixed(12)))).toEqual([4, 4]);
  });

  test("the recorded spread: each run's geomean against the geomean of them all", () => {
    // Geomeans 1, 2, 4: their geomean is 2, so the runs sit at −50 %, 0 and +100 %.
    const got = suiteGeomeans(
      [
        [1, 2, 4],
        [1, 2, 4],
      ],
      [[3], [3]],
    );
    expect(got?.spread.lower).toBeCloseTo(-0.5, 12);
    expect(got?.spread.upper).toBeCloseTo(1, 12);
  });

  test('a benchmark some run lacks, or with no positive candidate value, is left out of every run', () => {
    // Benchmark 3 misses run 2 and benchmark 4 has no candidate value: the suite is benchmarks 1 and 2 alone, √(1·9) = 3
    // in both runs, √(4·9) = 6 for the candidate.
    const got = suiteGeomeans(
      [
        [1, 1],
        [9, 9],
        [5, undefined],
        [7, 7],
      ],
      [[4], [9], [5], [0]],
    );
    expect(got?.benchmarks).toBe(2);
    expect(got?.history.map((x) => Number(x.toFixed(12)))).toEqual([3, 3]);
    expect(got?.candidate.map((x) => Number(x.toFixed(12)))).toEqual([6]);
  });

  test('candidates of unequal repetitions: the first min(k) of each', () => {
    // √(1·4) = 2 and √(9·16) = 12; the third repetition of benchmark 1 is dropped.
    const got = suiteGeomeans(
      [[1], [1]],
      [
        [1, 9, 100],
        [4, 16],
      ],
    );
    expect(got?.candidate.map((x) => Number(x.toFixed(12)))).toEqual([2, 12]);
  });

  test('fewer benchmarks than the minimum, no run, or sides of different lengths: none', () => {
    expect(suiteGeomeans([[1, 2]], [[1]])).toBeUndefined();
    expect(suiteGeomeans([[1, 2]], [[1]], 1)?.benchmarks).toBe(1);
    expect(suiteGeomeans([[], []], [[1], [1]])).toBeUndefined();
    expect(suiteGeomeans([[1], [1]], [[1]])).toBeUndefined();
  });
});
