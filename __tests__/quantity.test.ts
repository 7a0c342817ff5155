import { itemWord, quantityDisplay } from '../src/engine/report/quantity.js';

/** A row's values as a report writes them. */
const row = (unit: string, values: number[], printed?: string) => {
  const d = quantityDisplay(unit, values, printed);
  return values.map((x) => d.withUnit(x));
};

describe('quantityDisplay: one unit per row, 3–4 significant digits', () => {
  test('a 2.35 ns/op Go benchmark and its 3 ns limit read in ns, not 0.002 µs', () => {
    expect(row('µs', [0.00235, 0.003])).toEqual(['2.350 ns', '3.000 ns']);
    expect(row('ns', [2.35, 3])).toEqual(['2.350 ns', '3.000 ns']);
  });

  test('comparison rows of a ns-scale benchmark', () => {
    expect(row('µs', [0.0216526, 0.0247046])).toEqual(['21.65 ns', '24.70 ns']);
  });

  test('hyperfine 154617 µs reads 154.6 ms', () => {
    expect(row('µs', [154617, 149000])).toEqual(['154.6 ms', '149.0 ms']);
  });

  test('µs and seconds', () => {
    expect(row('µs', [1.24, 1.3])).toEqual(['1.240 µs', '1.300 µs']);
    expect(row('µs', [2_500_000, 12_345_678])).toEqual(['2.50 s', '12.35 s']);
    expect(row('µs', [5_000_000_000])).toEqual(['5000 s']);
  });

  test('the largest value picks the unit after rounding: 999.96 ns reads 1.000 µs', () => {
    expect(row('ns', [999.96, 998])).toEqual(['1.000 µs', '0.998 µs']);
  });

  test('a value far below the row largest keeps 3 significant digits', () => {
    expect(row('µs', [0.9, 1200])).toEqual(['0.000900 ms', '1.200 ms']);
  });

  test('JMH throughput in ops/ms reads as M ops/s, never Hz; a row shares its decimals', () => {
    expect(row('Hz', [10568700, 8074050], 'ops/ms')).toEqual(['10.57 M ops/s', '8.07 M ops/s']);
  });

  test('rates take their item word from the tool, else /s', () => {
    expect(row('Hz', [12345], 'items/s')).toEqual(['12.35 k items/s']);
    expect(row('Hz', [1000, 771], 'ops/s')).toEqual(['1000 ops/s', '771 ops/s']);
    expect(row('Hz', [512], 'elem/s')).toEqual(['512.0 elem/s']);
    expect(row('Hz', [2.5e9], 'Hz')).toEqual(['2.500 G/s']);
    expect(row('Hz', [0.5])).toEqual(['0.5000 /s']);
  });

  test('byte rates go to GB/s from 1000 MB/s; bit rates to Gb/s', () => {
    expect(row('MB/s', [1250, 980])).toEqual(['1.250 GB/s', '0.980 GB/s']);
    expect(row('MB/s', [95.25])).toEqual(['95.25 MB/s']);
    expect(row('B/s', [3.2e9])).toEqual(['3.200 GB/s']);
    expect(row('Mb/s', [940.1, 812])).toEqual(['940.1 Mb/s', '812.0 Mb/s']);
  });

  test('sizes and counts: integers as they are, others to 3–4 significant digits', () => {
    expect(row('', [392, 4096])).toEqual(['392', '4096']);
    expect(row('B', [1024, 2048])).toEqual(['1024 B', '2048 B']);
    expect(row('', [12.34567, 3.5])).toEqual(['12.35', '3.50']);
    expect(row('', [392.000000000003])).toEqual(['392.0']);
    expect(row('%', [0.123456])).toEqual(['0.1235 %']);
  });

  test('units perfgate does not know keep their name', () => {
    expect(row('(µs)²', [0.5])).toEqual(['0.5000 (µs)²']);
    expect(row('samples/window', [7, 9])).toEqual(['7 samples/window', '9 samples/window']);
  });

  test('a row of zeros, negatives and non-finite values', () => {
    expect(row('µs', [0, 0])).toEqual(['0.000 µs', '0.000 µs']);
    expect(row('µs', [-2.5, 1])).toEqual(['-2.500 µs', '1.000 µs']);
    const d = quantityDisplay('µs', [NaN, 0.0025]);
    expect(d.unit).toBe('ns');
    expect(d.number(0.0025)).toBe('2.500');
    expect(d.scale).toBe(1000);
  });
});

describe('itemWord', () => {
  test.each([
    ['ops/ms', 'ops'],
    ['items/s', 'items'],
    ['elem/s', 'elem'],
    ['req/s', 'req'],
    ['Hz', ''],
    ['1/s', ''],
    ['k/s', ''],
    ['', ''],
  ])('%s → %s', (printed, word) => expect(itemWord(printed)).toBe(word));
});
