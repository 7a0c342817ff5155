import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { benchmarkJsAdapter } from '../src/engine/formats/benchmarkJs.js';
import { recogniseFormat } from '../src/engine/formats/registry.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { expectInputError, find } from './helpers/formats.js';
import { describeShared, repoRoot, sharedDir, walkFiles as walk } from './helpers/shared.js';

// benchmark.js console lines, generated here with benchmark 2.1.4: see fixtures/formats/SOURCES.md.
// Expected values are read off the sample files by hand.

const formats = join(repoRoot, 'fixtures', 'formats');
const NEW_ADAPTERS: FormatAdapter[] = [benchmarkJsAdapter];

function parseFile(adapter: FormatAdapter, file: string): ResultSet {
  const text = readFileSync(file, 'utf8');
  expect(recogniseFormat(text.slice(0, 65536), file)?.id).toBe(adapter.id);
  return adapter.parse({ file, text }, {});
}

function parseText(adapter: FormatAdapter, text: string, file = 'bench.txt'): ResultSet {
  return adapter.parse({ file, text }, {});
}

describe('benchmark.js console output (benchmarkjs)', () => {
  const run1 = join(formats, 'benchmarkjs', 'suite_run1.txt');

  it('reads each result line: ops/sec as the mean throughput (a floor), the runs sampled as samples', () => {
    const set = parseFile(benchmarkJsAdapter, run1);
    expect(set.format).toBe('benchmarkjs');
    // Six results; the errored case ("JSON.parse / broken input: ") and "Fastest is …" are not results.
    expect(set.measurements.map((m) => m.experiment)).toEqual([
      'RegExp#test',
      'String#indexOf',
      'JSON.parse / small object',
      'Array#join with 160 words',
      'matrix 4 x 4 multiply',
      'slow spin (15 ms)',
    ]);
    const regexp = find(set, 'RegExp#test', 'throughput');
    // RegExp#test x 33,279,336 ops/sec ±5.61% (77 runs sampled)
    expect(regexp.metric).toEqual({ name: 'throughput', dimension: 'rate', unit: 'Hz', displayUnit: 'ops/sec', direction: 'higher-is-better' });
    expect(regexp.statistics).toEqual({ mean: 33279336, samples: 77 });
    expect(regexp.parameter).toEqual({ label: '' });
    expect(regexp.place).toEqual({ file: run1, line: 1 });
    // A name holding " x " itself: matrix 4 x 4 multiply x 813,724 ops/sec ±11.63% (61 runs sampled)
    expect(find(set, 'matrix 4 x 4 multiply', 'throughput').statistics).toEqual({ mean: 813724, samples: 61 });
    // Under 100 ops/sec benchmark.js prints two decimals: slow spin (15 ms) x 57.65 ops/sec ±8.51% (27 runs sampled)
    expect(find(set, 'slow spin (15 ms)', 'throughput').statistics).toEqual({ mean: 57.65, samples: 27 });
    expect(find(set, 'slow spin (15 ms)', 'throughput').place.line).toBe(6);
    expect(set.notes).toEqual([]);
  });

  it('reads the second run alike (String#indexOf x 132,030,016 ops/sec ±11.93% (59 runs sampled))', () => {
    const set = parseFile(benchmarkJsAdapter, join(formats, 'benchmarkjs', 'suite_run2.txt'));
    expect(find(set, 'String#indexOf', 'throughput').statistics).toEqual({ mean: 132030016, samples: 59 });
    expect(find(set, 'JSON.parse / small object', 'throughput').statistics).toEqual({ mean: 4009103, samples: 93 });
  });

  it('reads one run sampled, colour codes and CRLF; a name given twice becomes "name (2)"', () => {
    const text = '\x1b[32mfast x 1,000 ops/sec \u00b10.00% (1 run sampled)\x1b[0m\r\nfast x 2,000 ops/sec \u00b11.50% (5 runs sampled)\r\n';
    const set = parseText(benchmarkJsAdapter, text);
    expect(set.measurements.map((m) => [m.experiment, m.statistics])).toEqual([
      ['fast', { mean: 1000, samples: 1 }],
      ['fast (2)', { mean: 2000, samples: 5 }],
    ]);
    expect(set.notes).toEqual(['"fast" has more than one throughput value; line 2 is read as "fast (2)"']);
  });

  it('names file, line and column of a broken result line', () => {
    const ok = 'RegExp#test x 4,161,532 ops/sec \u00b10.99% (93 runs sampled)\n';
    expectInputError(
      () => parseText(benchmarkJsAdapter, ok + 'RegExp#test x 4,161,532 ops/sec \u00b10.99% (93 runs sampl\n'),
      { file: 'bench.txt', line: 2, column: 43 },
      /expected " runs sampled\)"/,
    );
    expectInputError(
      () => parseText(benchmarkJsAdapter, 'RegExp#test x abc ops/sec \u00b10.99% (93 runs sampled)\n'),
      { file: 'bench.txt', line: 1, column: 15 },
      /expected a rate/,
    );
    expectInputError(
      () => parseText(benchmarkJsAdapter, 'RegExp#test x 4,161,532 ops/sec 0.99% (93 runs sampled)\n'),
      { file: 'bench.txt', line: 1, column: 24 },
      /expected " ops\/sec ±"/,
    );
    expectInputError(() => parseText(benchmarkJsAdapter, ' x 12 ops/sec \u00b10.99% (93 runs sampled)\n'), { file: 'bench.txt', line: 1, column: 1 }, /without a benchmark name/);
    expectInputError(() => parseText(benchmarkJsAdapter, 'Fastest is RegExp#test\n'), { file: 'bench.txt', line: 1 }, /no benchmark\.js result lines/);
  });
});

describe('recognition', () => {
  it("the benchmark.js adapter takes its own fixtures and no other format's file in fixtures/", () => {
    const owner = (path: string) => /formats\/(benchmarkjs)\/[^/]+\.(txt|json)$/.exec(path)?.[1];
    const files = walk(join(repoRoot, 'fixtures'));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const head = readFileSync(file, 'utf8').slice(0, 65536);
      const recognised = NEW_ADAPTERS.filter((a) => a.recognises(head, file)).map((a) => a.id);
      const expected = owner(file);
      expect({ file, recognised }).toEqual({ file, recognised: expected ? [expected] : [] });
      if (expected) expect(recogniseFormat(head, file)?.id).toBe(expected);
    }
  });
});

describeShared('the benchmark.js adapter on ../shared fixtures', () => {
  it('take none of them', () => {
    for (const file of walk(join(sharedDir, 'fixtures'))) {
      const head = readFileSync(file).subarray(0, 65536).toString('utf8');
      expect({ file, recognised: NEW_ADAPTERS.filter((a) => a.recognises(head, file)).map((a) => a.id) }).toEqual({ file, recognised: [] });
    }
  });
});
