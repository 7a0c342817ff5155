import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { benchmarkJsAdapter } from '../src/engine/formats/benchmarkJs.js';
import { juliaBenchmarkToolsAdapter } from '../src/engine/formats/juliaBenchmarkTools.js';
import { bmfAdapter, bmfMeasure } from '../src/engine/formats/bmf.js';
import { readUnit } from '../src/engine/formats/shared.js';
import { recogniseFormat } from '../src/engine/formats/registry.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { expectInputError, find } from './helpers/formats.js';
import { cli, describeShared, repoRoot, sharedDir, tempDir, walkFiles as walk } from './helpers/shared.js';

// benchmark.js console lines (generated here with benchmark 2.1.4), Julia BenchmarkTools JSON
// and Bencher Metric Format JSON (hand-written after their sources and docs): see
// fixtures/formats/SOURCES.md. Expected values are read off the sample files by hand.

const formats = join(repoRoot, 'fixtures', 'formats');
const NEW_ADAPTERS: FormatAdapter[] = [benchmarkJsAdapter, juliaBenchmarkToolsAdapter, bmfAdapter];

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
    expect(regexp.metric).toEqual({
      name: 'throughput',
      dimension: 'rate',
      unit: 'Hz',
      displayUnit: 'ops/sec',
      direction: 'higher-is-better',
    });
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
    const text =
      '\x1b[32mfast x 1,000 ops/sec \u00b10.00% (1 run sampled)\x1b[0m\r\nfast x 2,000 ops/sec \u00b11.50% (5 runs sampled)\r\n';
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
    expectInputError(
      () => parseText(benchmarkJsAdapter, ' x 12 ops/sec \u00b10.99% (93 runs sampled)\n'),
      { file: 'bench.txt', line: 1, column: 1 },
      /without a benchmark name/,
    );
    expectInputError(
      () => parseText(benchmarkJsAdapter, 'Fastest is RegExp#test\n'),
      { file: 'bench.txt', line: 1 },
      /no benchmark\.js result lines/,
    );
  });
});

describe('Julia BenchmarkTools JSON (julia-benchmarktools)', () => {
  const results = join(formats, 'julia-benchmarktools', 'results.json');

  it('reads Trials: nested group keys as experiment and parameter, times as raw samples, memory and allocs as ceilings', () => {
    const set = parseFile(juliaBenchmarkToolsAdapter, results);
    expect(set.format).toBe('julia-benchmarktools');
    expect([...new Set(set.measurements.map((m) => `${m.experiment} | ${m.parameter.label}`))]).toEqual([
      'string | replace',
      'string | join',
      'sum | 100',
      'sum | 10000',
      'io/parse | Int',
      'alloc vector | ',
    ]);
    const time = find(set, 'string', 'time', 'replace');
    expect(time.metric).toEqual({
      name: 'time',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns',
      direction: 'lower-is-better',
    });
    // times 2285.5 2290.125 2301.0 2296.75 2310.375 2288.0 2405.25 2293.5 ns: sorted, the middle two
    // are 2293.5 and 2296.75; the sum is 18470.5.
    expect(time.statistics).toMatchObject({
      samples: 8,
      min: expect.closeTo(2.2855, 9),
      max: expect.closeTo(2.40525, 9),
      median: expect.closeTo(2.295125, 9),
      mean: expect.closeTo(2.3088125, 9),
      stdev: expect.closeTo(0.03719795, 6),
    });
    expect(time.samples).toHaveLength(8);
    expect(time.samples![6]).toBeCloseTo(2.40525, 9);
    expect(find(set, 'string', 'memory', 'replace')).toMatchObject({
      metric: { name: 'memory', dimension: 'size', unit: 'B', displayUnit: 'bytes', direction: 'lower-is-better' },
      statistics: { value: 1104 },
    });
    expect(find(set, 'string', 'allocs', 'join')).toMatchObject({
      metric: { name: 'allocs', dimension: 'count', unit: '', displayUnit: 'allocs', direction: 'lower-is-better' },
      statistics: { value: 12 },
    });
    // A Trial straight under the top group: no parameter. times 812.0 … 4210.75 (a GC pause), 8064 bytes, 1 alloc.
    expect(find(set, 'alloc vector', 'time', '').statistics).toMatchObject({
      max: expect.closeTo(4.21075, 9),
      min: expect.closeTo(0.7985, 9),
    });
    expect(find(set, 'alloc vector', 'memory', '').statistics).toEqual({ value: 8064 });
    expect(find(set, 'io/parse', 'time', 'Int').statistics.samples).toBe(8);
    expect(set.notes).toEqual(['Julia 1.10.4, BenchmarkTools 1.5.0']);
  });

  it('reads TrialEstimates (save of median(results)) as single values, with a note', () => {
    const set = parseFile(juliaBenchmarkToolsAdapter, join(formats, 'julia-benchmarktools', 'median.json'));
    expect(set.measurements).toHaveLength(12);
    expect(find(set, 'sum', 'time', '10000').statistics).toEqual({ value: expect.closeTo(1.03155, 9) });
    expect(find(set, 'sum', 'allocs', '100').statistics).toEqual({ value: 0 });
    expect(set.notes[1]).toMatch(/^4 TrialEstimate result\(s\): their time is read as a single value/);
  });

  it('skips ratios and empty trials with a note', () => {
    const text = JSON.stringify([
      { Julia: '1.10.4', BenchmarkTools: '1.5.0' },
      [
        [
          'BenchmarkGroup',
          {
            data: {
              a: ['TrialRatio', { time: 1.02 }],
              b: ['Trial', { times: [], gctimes: [], memory: 0, allocs: 0 }],
              c: ['Trial', { times: [1000], gctimes: [0], memory: 0, allocs: 0 }],
            },
            tags: [],
          },
        ],
      ],
    ]);
    const set = parseText(juliaBenchmarkToolsAdapter, text, 'r.json');
    expect(
      set.measurements.map((m) => [m.experiment, m.metric.name, m.statistics.median ?? m.statistics.value]),
    ).toEqual([
      ['c', 'time', 1],
      ['c', 'memory', 0],
      ['c', 'allocs', 0],
    ]);
    expect(set.notes).toEqual([
      'Julia 1.10.4, BenchmarkTools 1.5.0',
      '"a" is a TrialRatio, which holds no results: skipped',
      'the Trial "b" has no samples: skipped',
    ]);
  });

  it('names file, line and column of broken input', () => {
    const text = readFileSync(results, 'utf8');
    const badTime = text.replace('2405.25', '"slow"');
    expectInputError(
      () => parseText(juliaBenchmarkToolsAdapter, badTime, 'r.json'),
      { file: 'r.json', line: 1, column: badTime.indexOf('"slow"') + 1 },
      /expected a number in "times"/,
    );
    const badType = text.replace(
      '["Trial",{"allocs":0,"gctimes":[0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0],"memory":0',
      '["Benchmark",{"allocs":0,"gctimes":[0.0,0.0,0.0,0.0,0.0,0.0,0.0,0.0],"memory":0',
    );
    expectInputError(
      () => parseText(juliaBenchmarkToolsAdapter, badType, 'r.json'),
      { file: 'r.json', line: 1, column: badType.indexOf('["Benchmark"') + 1 },
      /unknown BenchmarkTools type "Benchmark"/,
    );
    const noMemory = text.replace('"memory":1104,', '');
    expectInputError(
      () => parseText(juliaBenchmarkToolsAdapter, noMemory, 'r.json'),
      { file: 'r.json', line: 1, column: noMemory.indexOf('{"allocs":3') + 1 },
      /has no "memory"/,
    );
    expectInputError(
      () => parseText(juliaBenchmarkToolsAdapter, text.slice(0, 500), 'r.json'),
      { file: 'r.json', line: 1, column: 501 },
      /truncated/,
    );
    expectInputError(
      () => parseText(juliaBenchmarkToolsAdapter, '[{"Julia":"1.10.4","BenchmarkTools":"1.5.0"},[]]', 'r.json'),
      { file: 'r.json', line: 1, column: 46 },
      /no Trial/,
    );
  });
});

describe('Bencher Metric Format JSON (bmf)', () => {
  const results = join(formats, 'bmf', 'results.json');

  it('reads latency (ns, a ceiling) and throughput (ops/s, a floor), lower_value and upper_value as min and max', () => {
    const set = parseFile(bmfAdapter, results);
    expect(set.format).toBe('bmf');
    const latency = find(set, 'publish/64', 'latency');
    expect(latency.metric).toEqual({
      name: 'latency',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns',
      direction: 'lower-is-better',
    });
    // "value": 1250.5, "lower_value": 1198.25, "upper_value": 1321.75 (ns)
    expect(latency.statistics).toEqual({
      value: expect.closeTo(1.2505, 9),
      min: expect.closeTo(1.19825, 9),
      max: expect.closeTo(1.32175, 9),
    });
    expect(latency.place).toEqual({ file: results, line: 3 });
    const throughput = find(set, 'publish/64', 'throughput');
    expect(throughput.metric).toEqual({
      name: 'throughput',
      dimension: 'rate',
      unit: 'Hz',
      displayUnit: 'ops/s',
      direction: 'higher-is-better',
    });
    expect(throughput.statistics).toEqual({ value: 799680.1, min: 756572.4, max: 834551.2 });
    expect(find(set, 'publish/1024', 'latency').statistics).toEqual({ value: expect.closeTo(4.012, 9) });
  });

  it("reads Bencher's build-time (s) and file-size (bytes); other measures by their unit, else kept as plain numbers with a note", () => {
    const set = parseFile(bmfAdapter, results);
    expect(find(set, '/bin/sh -c ./build.sh', 'build-time')).toMatchObject({
      metric: { dimension: 'time', unit: 'us', displayUnit: 's', direction: 'lower-is-better' },
      statistics: { value: 42.5e6 },
    });
    expect(find(set, 'target/release/server', 'file-size')).toMatchObject({
      metric: { dimension: 'size', unit: 'B', direction: 'lower-is-better' },
      statistics: { value: 5242880 },
    });
    // "cpu time [us]": the unit in brackets.
    expect(find(set, 'decode frame', 'cpu time')).toMatchObject({
      metric: { dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
      statistics: { value: 12.75 },
    });
    // "allocs/op": the measure is a unit, a cost per operation.
    expect(find(set, 'decode frame', 'allocs/op').metric).toEqual({
      name: 'allocs/op',
      dimension: 'count',
      unit: '',
      displayUnit: 'allocs/op',
      direction: 'lower-is-better',
    });
    expect(find(set, 'publish/1024', 'instructions').metric).toEqual({
      name: 'instructions',
      dimension: 'count',
      unit: '',
      displayUnit: '',
      direction: 'lower-is-better',
    });
    expect(find(set, 'decode frame', 'cache hit rate').metric.direction).toBe('higher-is-better');
    expect(set.notes).toEqual([
      'measures without a unit, kept as plain numbers; the direction is taken from the name: "instructions" lower-is-better, "cache hit rate" higher-is-better',
    ]);
  });

  it('names file, line and column of broken input', () => {
    expectInputError(
      () => parseText(bmfAdapter, '{"a": {"latency": {"lower_value": 1}}}', 'b.json'),
      { file: 'b.json', line: 1, column: 19 },
      /has no "value"/,
    );
    expectInputError(
      () => parseText(bmfAdapter, '{"a": {"latency": {"value": "fast"}}}', 'b.json'),
      { file: 'b.json', line: 1, column: 20 },
      /expected a number for "value"/,
    );
    expectInputError(
      () => parseText(bmfAdapter, '{"a": {"latency": 5}}', 'b.json'),
      { file: 'b.json', line: 1, column: 8 },
      /expected \{"value": …\}/,
    );
    expectInputError(
      () => parseText(bmfAdapter, '{"a": {}}', 'b.json'),
      { file: 'b.json', line: 1, column: 2 },
      /has no measures/,
    );
    expectInputError(
      () => parseText(bmfAdapter, '{}', 'b.json'),
      { file: 'b.json', line: 1, column: 1 },
      /no benchmarks/,
    );
    expectInputError(
      () => parseText(bmfAdapter, '{\n  "a": {\n    "latency": {\n      "value": 1,\n', 'b.json'),
      { file: 'b.json', line: 5, column: 1 },
      /truncated/,
    );
  });

  it('splits "name [unit]" as the regex it replaced did, on every short name of blanks, brackets, line ends and letters', () => {
    // The regex (quadratic on long names, see fuzz-regressions) is the oracle: every name of up
    // to 5 of these characters gets the same metric name and unit from the hand scan.
    const oracle = /^(.*\S)\s*\[([^\]]*)\]$/;
    const alphabet = ['a', ' ', '[', ']', '\n', '\u2028', 'n'];
    let names = [''];
    let checked = 0;
    for (let length = 1; length <= 5; length++) {
      names = names.flatMap((name) => alphabet.map((c) => name + c));
      for (const name of names) {
        const match = oracle.exec(name);
        const measure = bmfMeasure(name);
        expect([name, measure.metric.name, measure.metric.displayUnit]).toEqual([
          name,
          match ? match[1] : name,
          match ? readUnit(match[2]!).unit.symbol : readUnit(name).known ? readUnit(name).unit.symbol : '',
        ]);
        checked++;
      }
    }
    expect(checked).toBe(7 + 49 + 343 + 2401 + 16807);
  });
});

describe('--format forcing and recognition', () => {
  it('--format reads a file under any name as the named format; the wrong format is an input error', async () => {
    const dir = tempDir('perfgate-js-julia-bmf-');
    const log = join(dir, 'bench.log');
    writeFileSync(log, readFileSync(join(formats, 'benchmarkjs', 'suite_run1.txt')));
    const forced = await cli(['inspect', '--json', '--format', 'benchmarkjs', log]);
    expect(forced.code).toBe(0);
    expect((JSON.parse(forced.out) as { files: { format: string }[] }).files.map((f) => f.format)).toEqual([
      'benchmarkjs',
    ]);
    const wrong = await cli(['inspect', '--format', 'bmf', log]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toBe(
      `perfgate: error: ${log}:1:1: expected a JSON value, found "RegExp". Read as bmf, the format given, but it looks like benchmarkjs — benchmark.js console output (String(bench) per cycle): give format benchmarkjs, or auto\n`,
    );
    const julia = await cli([
      'inspect',
      '--json',
      '--format',
      'julia-benchmarktools',
      join(formats, 'bmf', 'results.json'),
    ]);
    expect(julia.code).toBe(2);
    expect(julia.err).toMatch(/results\.json:1:1: expected a BenchmarkTools JSON file/);
  });

  it("each new adapter takes its own fixtures and no other format's file in fixtures/", () => {
    const owner = (path: string) =>
      /formats\/(benchmarkjs|julia-benchmarktools|bmf)\/[^/]+\.(txt|json)$/.exec(path)?.[1];
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

describe('benchmark.js recognition does not claim files that quote its lines', () => {
  const line = 'RegExp#test x 4,161,532 ops/sec \u00b10.99% (93 runs sampled)';
  const readme = `# fastregex\n\nOn a laptop:\n\n\`\`\`\n${line}\nString#indexOf x 9,001 ops/sec \u00b11.20% (90 runs sampled)\n\`\`\`\n`;
  const testSource = `import Benchmark from 'benchmark';\n\ntest('prints a cycle', () => {\n  expect(String(bench)).toBe('${line}');\n});\n`;

  it.each([
    ['a README with a fenced example', 'README.md', readme],
    ['the same README under another name', 'notes.txt', readme],
    ['a README without an extension', 'README', `Results:\n\n    ${line}\n`],
    ['reStructuredText docs', 'docs/benchmarks.rst', `Results::\n\n    ${line}\n`],
    ['a TypeScript test', 'test/format.test.ts', testSource],
    ['the same test source under another name', 'format.log', testSource],
    ['a JavaScript file printing a line', 'bench/print.mjs', `console.log("${line}");\n`],
  ])('%s (%s)', (_what, file, text) => {
    expect(benchmarkJsAdapter.recognises(text, file)).toBe(false);
    expect(recogniseFormat(text, file)).toBeUndefined();
  });

  it('still takes a console log, with the program and npm lines around the results', () => {
    const log = `> fastregex@1.0.0 bench\n> node bench.js\n\nwarming up\n${line}\r\nFastest is RegExp#test\n`;
    expect(benchmarkJsAdapter.recognises(log, 'ci/bench-output.txt')).toBe(true);
    expect(benchmarkJsAdapter.recognises(log, 'bench.log')).toBe(true);
    expect(parseText(benchmarkJsAdapter, log).measurements.map((m) => [m.experiment, m.statistics.mean])).toEqual([
      ['RegExp#test', 4161532],
    ]);
  });

  it('recognises in time linear in the head (64 KiB of " x 1" repeats)', () => {
    const hostile = ' x 1'.repeat(16_384);
    const started = performance.now();
    expect(benchmarkJsAdapter.recognises(hostile, 'out.txt')).toBe(false);
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describeShared('the new adapters on ../shared fixtures', () => {
  it('take none of them', () => {
    for (const file of walk(join(sharedDir, 'fixtures'))) {
      const head = readFileSync(file).subarray(0, 65536).toString('utf8');
      expect({ file, recognised: NEW_ADAPTERS.filter((a) => a.recognises(head, file)).map((a) => a.id) }).toEqual({
        file,
        recognised: [],
      });
    }
  });
});
