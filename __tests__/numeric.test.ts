import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exactFixed3, formatCsvFloat, formatFixed3 } from '../src/engine/numeric/formatFixed.js';
import {
  extremes,
  mean,
  medianOfSorted,
  percentileOfSorted,
  populationStdev,
  sum,
} from '../src/engine/numeric/numpy.js';
import { legacyScale, parseNumber } from '../src/engine/numeric/parseNumber.js';
import { repoRoot } from './helpers/shared.js';

describe("formatFixed3 matches Python's '%.3f'", () => {
  // Expected strings printed by CPython 3.11 ('%.3f' % x).
  const python: [number, string][] = [
    [0.0625, '0.062'],
    [0.1875, '0.188'],
    [0.3125, '0.312'],
    [0.4375, '0.438'],
    [1.0625, '1.062'],
    [2.5625, '2.562'],
    [-0.0625, '-0.062'],
    [-0, '-0.000'],
    [0, '0.000'],
    [-0.0004, '-0.000'],
    [-0.0005, '-0.001'],
    [0.0005, '0.001'],
    [0.0015, '0.002'],
    [0.0025, '0.003'],
    [1e21, '1000000000000000000000.000'],
    [1e22, '10000000000000000000000.000'],
    [1.2345678901234569e23, '123456789012345685803008.000'],
    [5e-324, '0.000'],
    [0.1, '0.100'],
    [1.0005, '1.000'],
    [2.675, '2.675'],
    [1234.5675, '1234.568'],
    [9.9995, '9.999'],
    [99.9995, '99.999'],
    [0.0001, '0.000'],
    [NaN, 'nan'],
    [Infinity, 'inf'],
    [-Infinity, '-inf'],
  ];
  test.each(python)('%p → %p', (x, expected) => {
    expect(formatFixed3(x)).toBe(expected);
  });

  test('the largest double prints all its digits', () => {
    expect(formatFixed3(Number.MAX_VALUE)).toBe(
      '179769313486231570814527423731704356798070567525844996598917476803157260780028538760589558632766878171540458953514382464234321326889464182768467546703537516986049910576551282076245490090389328944075868508455133942304583236903222948165808559332123348274797826204144723168738177180919299881250404026184124858368.000',
    );
  });

  test('the toFixed fast path agrees with exact integer rounding on 200 000 values', () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 200_000; i++) {
      const scale = 10 ** Math.floor(random() * 12 - 4);
      const x = (random() - 0.3) * scale;
      const direct = formatFixed3(x);
      const exact = (x < 0 || Object.is(x, -0) ? '-' : '') + exactFixed3(Math.abs(x));
      if (direct !== exact) throw new Error(`${x}: ${direct} vs ${exact}`);
    }
  });

  test('CSV cells: NaN is an empty cell as in pandas to_csv', () => {
    expect(formatCsvFloat(NaN)).toBe('');
    expect(formatCsvFloat(-0)).toBe('-0.000');
  });
});

describe('number parsing', () => {
  test('legacy parsing is pandas xstrtod: digits accumulated, then scaled by binary powers of ten', () => {
    // spec §2.3: "111.466" becomes 111466/10/100, one ulp away from the correctly rounded value.
    expect(parseNumber('111.466', 'legacy')).toBe(111466 / 10 / 100);
    expect(parseNumber('111.466', 'precise')).toBe(111.466);
    expect(111466 / 10 / 100).not.toBe(111.466);
    expect(legacyScale(111466, -3)).toBe(111466 / 10 / 100);
    expect(parseNumber('1.5e3', 'legacy')).toBe(1500);
    expect(parseNumber('-2.5E-1', 'legacy')).toBe(-0.25);
  });

  test('precise parsing equals JavaScript Number() on 100 000 decimal strings', () => {
    let seed = 99;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 100_000; i++) {
      const digits = 1 + Math.floor(random() * 19);
      let text = '';
      for (let d = 0; d < digits; d++) text += Math.floor(random() * 10);
      const point = Math.floor(random() * (digits + 1));
      text = text.slice(0, point) + '.' + text.slice(point);
      if (random() < 0.2) text += 'e' + (Math.floor(random() * 60) - 30);
      if (text.startsWith('.') && random() < 0.5) text = '0' + text;
      const expected = Number(text);
      if (parseNumber(text, 'precise') !== expected)
        throw new Error(`${text}: ${parseNumber(text, 'precise')} vs ${expected}`);
    }
  });

  test.each(['', '-', '.', 'e5', '1e', '1.2.3', '12a', '0x10', 'inf', '1,5', '1 2'])('%p is not a number', (text) => {
    expect(parseNumber(text, 'precise')).toBeUndefined();
    expect(parseNumber(text, 'legacy')).toBeUndefined();
  });

  test('surrounding spaces and signs are accepted', () => {
    expect(parseNumber('  +7.25 ', 'precise')).toBe(7.25);
    expect(parseNumber('-0', 'legacy')).toBe(-0);
  });
});

interface OracleCase {
  shape: string;
  values: string[];
  sum: string;
  mean: string;
  std: string;
  median: string;
  p90: string;
  p99: string;
  p9999: string;
}

describe('numpy reductions are bit-identical to real numpy', () => {
  // Produced by fixtures/oracle/generate_numpy_oracle.py with real numpy.
  const oracle = JSON.parse(readFileSync(join(repoRoot, 'fixtures', 'oracle', 'numpy-oracle.json'), 'utf8')) as {
    numpy: string;
    cases: OracleCase[];
  };

  test.each(oracle.cases.map((c) => [c.values.length, c.shape, c] as const))('n = %i (%s)', (_n, _shape, c) => {
    const values = Float64Array.from(c.values.map(Number));
    const sorted = Float64Array.from(values).sort();
    const m = mean(values);
    expect(sum(values)).toBe(Number(c.sum));
    expect(m).toBe(Number(c.mean));
    expect(populationStdev(values, m)).toBe(Number(c.std));
    expect(medianOfSorted(sorted)).toBe(Number(c.median));
    expect(percentileOfSorted(sorted, 90)).toBe(Number(c.p90));
    expect(percentileOfSorted(sorted, 99)).toBe(Number(c.p99));
    expect(percentileOfSorted(sorted, 99.99)).toBe(Number(c.p9999));
  });

  test('sums beyond 8192 values add the pairwise sums of 8192-value buffers left to right (numpy 1.22)', () => {
    const values = Float64Array.from({ length: 10000 }, (_, i) => 1 / (i + 1));
    expect(sum(values)).toBe(sum(values, 0, 8192) + sum(values, 8192, 10000));
  });

  test('extremes propagate NaN like np.max', () => {
    expect(extremes(Float64Array.from([1, NaN, 3]))).toEqual({ min: NaN, max: NaN });
    expect(extremes(Float64Array.from([2, -1, 3]))).toEqual({ min: -1, max: 3 });
  });
});
