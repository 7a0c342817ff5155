import { marginOver, perLimitConfidence, predictionLimit } from '../src/engine/stats/predictionBound.js';
import { studentTQuantile } from '../src/engine/stats/studentT.js';

// Expected values computed independently with scipy 1.17 / numpy 2.4 (python3):
//   scipy.stats.t.ppf(q, df)
//   l = numpy.log(x); numpy.exp(l.mean() ± t.ppf(q, n−1) * l.std(ddof=1) * numpy.sqrt(1 + 1/n))

describe('Student t quantiles used by the bound', () => {
  test.each([
    [0.99, 7, 2.9979515668685277],
    [0.999, 4, 7.173182219782307],
    [0.95, 1, 6.313751514675037],
    [0.9999722222222222, 5, 12.617005480830743],
    [0.99975, 2, 44.70458729293313],
  ])('t(%p, %p) = %p (scipy)', (p, df, expected) => {
    expect(studentTQuantile(p, df)).toBeCloseTo(expected, 8);
  });
});

describe('predictionLimit', () => {
  const runs = [10.2, 10.5, 9.9, 10.8, 10.1, 10.4, 10.0, 10.6];

  test('a ceiling is exp(mean + t(q, n−1)·sd·√(1 + 1/n)) of the log values', () => {
    const p = predictionLimit(runs, 'lower-is-better', 0.99, 0.01);
    expect(p.limit).toBeCloseTo(11.353060219643904, 10);
    expect(p.centre).toBeCloseTo(10.30833739990398, 10);
    expect(p.spread).toBeCloseTo(0.030358534761846852, 12);
    expect(p.t).toBeCloseTo(2.9979515668685277, 8);
    expect(p).toMatchObject({ scale: 'log', runs: 8, setBy: 'bound' });
    expect(p.margin).toBeCloseTo(11.353060219643904 / 10.30833739990398 - 1, 10);
  });

  test('a floor (higher is better) mirrors it below the mean, with the same margin on the log scale', () => {
    const p = predictionLimit(runs, 'higher-is-better', 0.99, 0.01);
    expect(p.limit).toBeCloseTo(9.359751282424899, 10);
    expect(p.margin).toBeCloseTo(10.30833739990398 / 9.359751282424899 - 1, 10);
    expect(p.margin).toBeCloseTo(predictionLimit(runs, 'lower-is-better', 0.99, 0.01).margin, 10);
  });

  test('a higher confidence widens the bound: q = 1 − 1 %/4 for one of four limits', () => {
    expect(perLimitConfidence(0.99, 4)).toBeCloseTo(0.9975, 15);
    expect(perLimitConfidence(0.99, 1)).toBe(0.99);
    expect(predictionLimit(runs, 'lower-is-better', 0.9975, 0.01).limit).toBeCloseTo(11.736434213829437, 10);
    expect(predictionLimit(runs, 'higher-is-better', 0.9975, 0.01).limit).toBeCloseTo(9.054012318754129, 10);
  });

  test('a series with a value ≤ 0 is bounded on the values themselves', () => {
    const ceiling = predictionLimit([0, 2, 1, 3], 'lower-is-better', 0.99, 0.01);
    expect(ceiling.scale).toBe('linear');
    expect(ceiling.limit).toBeCloseTo(8.053940044261036, 10);
    expect(ceiling.margin).toBeCloseTo((8.053940044261036 - 1.5) / 1.5, 10);
    expect(predictionLimit([0, 2, 1, 3], 'higher-is-better', 0.99, 0.01).limit).toBeCloseTo(-5.053940044261036, 10);
  });

  test('no spread: the limit is the floor margin beyond the worst run (1 allocs/op → 1.01; 0 B/op → 0)', () => {
    expect(predictionLimit([1, 1, 1], 'lower-is-better', 0.99, 0.01)).toMatchObject({
      limit: 1.01,
      setBy: 'floor',
      spread: 0,
    });
    expect(predictionLimit([0, 0, 0], 'lower-is-better', 0.99, 0.01)).toMatchObject({
      limit: 0,
      setBy: 'floor',
      margin: 0,
    });
    expect(predictionLimit([500, 500], 'higher-is-better', 0.99, 0.01)).toMatchObject({ limit: 495, setBy: 'floor' });
  });

  test('one run: no spread to measure, the run plus the floor margin', () => {
    const p = predictionLimit([200], 'lower-is-better', 0.99, 0.02);
    expect(p).toMatchObject({ limit: 204, setBy: 'floor', runs: 1 });
    expect(p.spread).toBeNaN();
    expect(p.t).toBeNaN();
  });

  test('never inside a run it was derived from: an outlier run sets the limit at its value plus the floor margin', () => {
    // 24 quiet runs and one 3× slower: the bound from the spread is below the outlier.
    const values = [...Array.from({ length: 24 }, (_, i) => 100 + (i % 3)), 300];
    const p = predictionLimit(values, 'lower-is-better', 0.9, 0.01);
    expect(p.setBy).toBe('floor');
    expect(p.limit).toBe(303);
  });

  test('a run without the value makes no limit, as a percentile would', () => {
    expect(predictionLimit([1, NaN, 2], 'lower-is-better', 0.99, 0.01).limit).toBeNaN();
    expect(predictionLimit([], 'lower-is-better', 0.99, 0.01).limit).toBeNaN();
  });

  test('the confidence is a probability', () => {
    expect(() => predictionLimit(runs, 'lower-is-better', 1, 0.01)).toThrow(RangeError);
    expect(() => predictionLimit(runs, 'lower-is-better', 0, 0.01)).toThrow(RangeError);
  });
});

describe('marginOver', () => {
  test('ratios on the log scale, differences on the linear one', () => {
    expect(marginOver(100, 112, 'lower-is-better', 'log')).toBeCloseTo(0.12, 12);
    expect(marginOver(112, 100, 'higher-is-better', 'log')).toBeCloseTo(0.12, 12);
    expect(marginOver(100, 0, 'higher-is-better', 'log')).toBe(Infinity);
    expect(marginOver(100, 95, 'lower-is-better', 'log')).toBeCloseTo(-0.05, 12);
    expect(marginOver(2, 3, 'lower-is-better', 'linear')).toBeCloseTo(0.5, 12);
    expect(marginOver(2, 1, 'higher-is-better', 'linear')).toBeCloseTo(0.5, 12);
    expect(marginOver(0, 0, 'lower-is-better', 'linear')).toBe(0);
    expect(marginOver(0, 1, 'lower-is-better', 'linear')).toBeNaN();
  });
});
