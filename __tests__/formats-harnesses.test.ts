import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { goBenchAdapter } from '../src/engine/formats/goBench.js';
import { rustLibtestAdapter } from '../src/engine/formats/rustLibtest.js';
import { criterionConsoleAdapter } from '../src/engine/formats/criterion/console.js';
import { criterionJsonAdapter } from '../src/engine/formats/criterion/json.js';
import { catch2ConsoleAdapter } from '../src/engine/formats/catch2/console.js';
import { catch2XmlAdapter } from '../src/engine/formats/catch2/xml.js';
import { recogniseFormat } from '../src/engine/formats/registry.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { primaryStatistic } from '../src/engine/model/statisticRules.js';
import { expectInputError, find, inputError } from './helpers/formats.js';
import { repoRoot, runCliInProcess, cwdFiles } from './helpers/shared.js';
import { makeTempDir, removeTempDirs } from './helpers/runner-action.js';
import { loadResultSet } from '../src/pipeline/resultSets.js';

// Benchmark harnesses' console outputs (Go testing, …), on samples generated here (see
// fixtures/formats/SOURCES.md). Expected values are read off the sample files by hand.

const formats = join(repoRoot, 'fixtures', 'formats');

function parseFile(adapter: FormatAdapter, file: string): ResultSet {
  const text = readFileSync(file, 'utf8');
  expect(recogniseFormat(text, file)?.id).toBe(adapter.id);
  return adapter.parse({ file, text }, {});
}

function parseText(adapter: FormatAdapter, text: string, file = 'bench.txt'): ResultSet {
  return adapter.parse({ file, text }, {});
}

describe('Go testing benchmarks (go-bench)', () => {
  const count3 = join(formats, 'go-bench', 'publish_count3.txt');
  const cpus = join(formats, 'go-bench', 'publish_cpu1_2.txt');

  it('reads -count 3 as one run of each benchmark: median, min, max and mean over its 3 values, which are its samples', () => {
    const set = parseFile(goBenchAdapter, count3);
    expect(set.format).toBe('go-bench');
    // 4 sub-benchmarks × (ns/op, MB/s, B/op, allocs/op) + QueueDepth × (ns/op, 2 custom, B/op, allocs/op)
    expect(set.measurements).toHaveLength(21);
    const time = find(set, 'BenchmarkPublish', 'time/op', 'size=64,mode=copy');
    expect(time.parameter).toEqual({
      label: 'size=64,mode=copy',
      payloadBytes: 64,
      settings: { size: 64, mode: 'copy', procs: 2 },
    });
    expect(time.metric).toEqual({
      name: 'time/op',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns/op',
      direction: 'lower-is-better',
    });
    // 1060, 112.6 and 109.3 ns/op
    expect(time.statistics).toEqual({
      median: expect.closeTo(0.1126, 9),
      min: expect.closeTo(0.1093, 9),
      max: expect.closeTo(1.06, 9),
      mean: expect.closeTo(0.4273, 9),
      samples: 3,
    });
    // One process's repeats are not runs: no repetitions for a history comparison to count.
    expect(time.repetitions).toBeUndefined();
    expect(time.repetitionValues).toBeUndefined();
    expect([...time.samples!]).toEqual([expect.closeTo(1.06, 9), expect.closeTo(0.1126, 9), expect.closeTo(0.1093, 9)]);
    expect(time.place).toEqual({ file: count3, line: 5 });

    const rate = find(set, 'BenchmarkPublish', 'MB/s', 'size=1024,mode=copy');
    // SetBytes over the time: derived from ns/op, reported but not gated by default.
    expect(rate.metric).toEqual({
      name: 'MB/s',
      role: 'derived',
      dimension: 'byterate',
      unit: 'MB/s',
      displayUnit: 'MB/s',
      direction: 'higher-is-better',
    });
    // 538.67, 893.21, 505.64
    expect(rate.statistics).toEqual({
      median: 538.67,
      min: 505.64,
      max: 893.21,
      mean: expect.closeTo(645.84, 9),
      samples: 3,
    });
    expect(rate.parameter.payloadBytes).toBe(1024);

    const bytes = find(set, 'BenchmarkPublish', 'B/op', 'size=1024,mode=copy');
    expect(bytes.metric).toEqual({
      name: 'B/op',
      role: 'secondary',
      dimension: 'size',
      unit: 'B',
      displayUnit: 'B/op',
      direction: 'lower-is-better',
    });
    expect(bytes.statistics).toEqual({ median: 1152, min: 1152, max: 1152, mean: 1152, samples: 3 });
    const allocs = find(set, 'BenchmarkPublish', 'allocs/op', 'size=64,mode=zero');
    expect(allocs.metric).toEqual({
      name: 'allocs/op',
      role: 'secondary',
      dimension: 'count',
      unit: '',
      displayUnit: 'allocs/op',
      direction: 'lower-is-better',
    });
    expect(allocs.statistics.median).toBe(0);

    // A benchmark without sub-benchmarks: empty label; ReportMetric units kept as written.
    const aux = find(set, 'BenchmarkQueueDepth', 'auxMetricUnits', '');
    expect(aux.metric).toEqual({
      name: 'auxMetricUnits',
      role: 'secondary',
      dimension: 'count',
      unit: '',
      displayUnit: 'auxMetricUnits',
      direction: 'lower-is-better',
    });
    expect(aux.statistics.median).toBe(3);
    expect(aux.parameter).toEqual({ label: '', settings: { procs: 2 } });
    expect(find(set, 'BenchmarkQueueDepth', 'frames/op', '').metric.direction).toBe('lower-is-better');
    expect(find(set, 'BenchmarkQueueDepth', 'time/op', '').statistics.median).toBeCloseTo(0.004095, 9);

    expect(set.notes).toEqual([
      'goos: linux',
      'goarch: amd64',
      'pkg: example.com/perfgate/publish',
      'cpu: Oxide Virtual Turin-like Processor',
      'units perfgate does not know are kept as written and read as lower-is-better: auxMetricUnits',
    ]);
  });

  it('labels runs of one benchmark at several GOMAXPROCS (-cpu 1,2) by procs', () => {
    const set = parseFile(goBenchAdapter, cpus);
    const one = find(set, 'BenchmarkPublish', 'time/op', 'size=64,mode=copy,procs=1');
    expect(one.statistics).toEqual({
      median: expect.closeTo(0.04244, 9),
      min: expect.closeTo(0.04244, 9),
      max: expect.closeTo(0.04244, 9),
      mean: expect.closeTo(0.04244, 9),
      samples: 1,
    });
    expect(one.repetitions).toBeUndefined();
    expect(one.parameter.settings).toEqual({ size: 64, mode: 'copy', procs: 1 });
    expect(find(set, 'BenchmarkPublish', 'time/op', 'size=64,mode=copy,procs=2').statistics.median).toBeCloseTo(
      0.1144,
      9,
    );
    expect(find(set, 'BenchmarkQueueDepth', 'frames/op', 'procs=1').statistics.median).toBe(2);
    expect(find(set, 'BenchmarkQueueDepth', 'frames/op', 'procs=2').statistics.median).toBe(1);
  });

  it('reads numbers printed after the benchmark’s own output, and notes failed benchmarks', () => {
    const text = [
      'pkg: example.com/a',
      'BenchmarkLoud-4   \tstarting the server',
      'server up',
      '    1000\t      2500 ns/op',
      'BenchmarkBroken-4 \t--- FAIL: BenchmarkBroken-4',
      '    broken_test.go:12: no connection',
      'BenchmarkQuiet \t 50\t 3.5 ns/op',
      'FAIL',
      'pkg: example.com/b',
      'BenchmarkQuiet \t 40\t 4.5 ns/op',
      '',
    ].join('\r\n');
    const set = parseText(goBenchAdapter, text);
    expect(set.measurements.map((m) => [m.experiment, m.parameter.label, m.statistics.median, m.place.line])).toEqual([
      ['example.com/a.BenchmarkLoud', '', 2.5, 2],
      ['example.com/a.BenchmarkQuiet', '', expect.closeTo(0.0035, 12), 7],
      ['example.com/b.BenchmarkQuiet', '', expect.closeTo(0.0045, 12), 10],
    ]);
    expect(set.notes).toContain('BenchmarkBroken-4 (line 5) failed; it has no results');
  });

  it.each([
    ['BenchmarkX-8   100   abc ns/op\n', 1, 22, /expected a number before a unit, found "abc"/],
    ['BenchmarkX-8 \t 100 \t 5\n', 1, 22, /the value 5 has no unit/],
    ['goos: linux\nBenchmarkX-8   100\n', 2, 16, /followed by no results/],
    ['goos: linux\nBenchmarkX-8   \t', 2, 1, /BenchmarkX-8 has a name but no results \(the run was cut short\?\)/],
    ['BenchmarkX\nBenchmarkX-8   100   5 ns/op\nBenchmarkY\n', 3, 1, /BenchmarkY has a name but no results/],
    ['goos: linux\nPASS\n', 1, undefined, /no Go benchmark result lines/],
  ])('reports %j as one InputError at line %i column %s', (text, line, column, message) => {
    expectInputError(
      () => parseText(goBenchAdapter, text, 'go.txt'),
      { file: 'go.txt', line, ...(column !== undefined ? { column } : {}) },
      message,
    );
  });

  it('reads go test -v, which prints every name alone before its result (a parent only so)', () => {
    const verbose = join(formats, 'go-bench', 'publish_verbose.txt');
    const set = parseFile(goBenchAdapter, verbose);
    // 4 sub-benchmarks × (ns/op, MB/s, B/op, allocs/op) + QueueDepth × (ns/op, 2 custom, B/op, allocs/op); no
    // experiment for the parent line "BenchmarkPublish", which has no numbers.
    expect(set.measurements).toHaveLength(21);
    expect([...new Set(set.measurements.map((m) => m.experiment))]).toEqual([
      'BenchmarkPublish',
      'BenchmarkQueueDepth',
    ]);
    // "BenchmarkPublish/size=64,mode=copy-2 \t 20000 \t 777.2 ns/op" on line 7, announced on line 6.
    const time = find(set, 'BenchmarkPublish', 'time/op', 'size=64,mode=copy');
    // One run: median, min, max and mean are that run's value.
    const single = expect.closeTo(0.7772, 9);
    expect(time.statistics).toEqual({ median: single, min: single, max: single, mean: single, samples: 1 });
    expect(time.place).toEqual({ file: verbose, line: 7 });
    expect(find(set, 'BenchmarkPublish', 'MB/s', 'size=1024,mode=zero').statistics.median).toBe(530666.18);
  });

  it('is not taken for other text that mentions benchmarks', () => {
    expect(
      goBenchAdapter.recognises('Benchmarking alloc: Collecting 100 samples in estimated 5 s (5050 iterations)\n', 'x'),
    ).toBe(false);
    expect(goBenchAdapter.recognises('BenchmarkX-8   \tPASS\nok  \tpkg\t0.1s\n', 'x')).toBe(false);
    expect(goBenchAdapter.recognises('goos: linux\nBenchmarkX-8 \t 100\t 5 ns/op\n', 'x')).toBe(true);
  });
});

describe('Rust libtest benchmarks (rust-libtest)', () => {
  const nightly = join(formats, 'rust-libtest', 'nightly_1.97.txt');
  const old = join(formats, 'rust-libtest', 'old_integer_ns.txt');

  it('reads names with spaces (Criterion --output-format bencher) and custom units', () => {
    const text = [
      'Gnuplot not found, using plotters backend',
      'test Parse Header (cold) ... bench:       1,204 ns/iter (+/- 31)',
      '',
      'test crc32 ... bench:        4120 cycles/iter (+/- 22)',
      'test decode ... bench:         850 MS/s (+/- 12)',
      'test Broken (x) ... FAILED',
      '',
    ].join('\n');
    expect(rustLibtestAdapter.recognises(text, 'bencher.txt')).toBe(true);
    const set = parseText(rustLibtestAdapter, text, 'bencher.txt');
    expect(
      set.measurements.map((m) => [m.experiment, m.metric.name, m.metric.direction, m.statistics.median, m.place.line]),
    ).toEqual([
      ['Parse Header (cold)', 'time/iter', 'lower-is-better', expect.closeTo(1.204, 12), 2],
      ['crc32', 'cycles/iter', 'lower-is-better', 4120, 4],
      ['decode', 'MS/s', 'higher-is-better', 850, 5],
    ]);
    // cycles/iter is a cost per iteration, MS/s a rate: both units perfgate reads, so no note for them.
    expect(set.notes).toEqual(['Broken (x) (line 6) failed; it has no result']);
  });

  it('reads the median time per iteration and MB/s of a current nightly (two decimals)', () => {
    const set = parseFile(rustLibtestAdapter, nightly);
    expect(set.measurements.map((m) => [m.experiment, m.metric.name, m.statistics, m.place.line])).toEqual([
      ['bench_publish_4096', 'time/iter', { median: expect.closeTo(0.09115, 12) }, 9],
      ['bench_publish_4096', 'MB/s', { median: 45010 }, 9],
      ['bench_publish_64', 'time/iter', { median: expect.closeTo(0.02224, 12) }, 10],
      ['bench_sum_small', 'time/iter', { median: expect.closeTo(0.00107, 12) }, 11],
    ]);
    const time = find(set, 'bench_publish_64', 'time/iter');
    expect(time.parameter).toEqual({ label: '' });
    expect(time.metric).toEqual({
      name: 'time/iter',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns/iter',
      direction: 'lower-is-better',
    });
    expect(find(set, 'bench_publish_4096', 'MB/s').metric).toEqual({
      name: 'MB/s',
      dimension: 'byterate',
      unit: 'MB/s',
      displayUnit: 'MB/s',
      direction: 'higher-is-better',
    });
    expect(set.notes).toEqual([]);
  });

  it('reads whole nanoseconds with thousands separators, and notes a failed benchmark', () => {
    const set = parseFile(rustLibtestAdapter, old);
    expect(find(set, 'tests::bench_decode_frame', 'time/iter').statistics).toEqual({ median: 1.234 });
    expect(find(set, 'tests::bench_publish_64', 'time/iter').statistics).toEqual({ median: 0.087 });
    expect(find(set, 'tests::bench_publish_65536', 'time/iter').statistics).toEqual({ median: 18.211 });
    expect(find(set, 'tests::bench_publish_65536', 'MB/s').statistics).toEqual({ median: 3598 });
    expect(set.measurements).toHaveLength(4);
    expect(set.notes).toEqual(['tests::bench_flaky (line 7) failed; it has no result']);
  });

  it.each([
    [
      'test x ... bench:   abc ns/iter (+/- 1)\n',
      1,
      21,
      /expected "<time> ns\/iter \(\+\/- <range>\)" after "bench:", found "abc ns\/iter/,
    ],
    ['test x ... ok\ntest y ... bench:       12 ns/iter\n', 2, 25, /found "12 ns\/iter"/],
    [
      'test x ... bench: 1 ns/iter (+/- 0)\ntest x ... bench: 2 ns/iter (+/- 0)\n',
      2,
      undefined,
      /benchmark x is listed twice \(first on line 1\)/,
    ],
    ['running 1 test\ntest x ... ok\n', 1, undefined, /no libtest benchmark lines/],
  ])('reports %j as one InputError at line %i column %s', (text, line, column, message) => {
    expectInputError(
      () => parseText(rustLibtestAdapter, text, 'bench.txt'),
      { file: 'bench.txt', line, ...(column !== undefined ? { column } : {}) },
      message,
    );
  });
});

describe('Criterion.rs console output (criterion-console)', () => {
  const file = join(formats, 'criterion', 'criterion_console.txt');

  it('reads the estimate of each time and throughput interval as the mean; change lines are not read', () => {
    const set = parseFile(criterionConsoleAdapter, file);
    expect(
      set.measurements.map((m) => [
        m.experiment,
        m.parameter.label,
        m.metric.name,
        m.metric.displayUnit,
        m.statistics,
        m.place.line,
      ]),
    ).toEqual([
      ['publish', '64', 'time', 'µs', { mean: expect.closeTo(1.24, 12) }, 5],
      ['publish', '64', 'throughput', 'MiB/s', { mean: expect.closeTo((49.222 * 1024 * 1024) / 1e6, 9) }, 5],
      ['publish', '4096', 'time', 'µs', { mean: expect.closeTo(1.0021, 12) }, 17],
      ['publish', '4096', 'throughput', 'GiB/s', { mean: expect.closeTo((3.8067 * 1024 ** 3) / 1e6, 6) }, 17],
      ['decode', 'frame_with_a_long_benchmark_name', 'time', 'ns', { mean: expect.closeTo(0.08731, 12) }, 28],
      [
        'decode',
        'frame_with_a_long_benchmark_name',
        'throughput',
        'Melem/s',
        { mean: expect.closeTo(11.453e6, 3) },
        28,
      ],
      ['checksum', '', 'time', 'ms', { mean: expect.closeTo(2530.6, 9) }, 36],
    ]);
    expect(find(set, 'publish', 'time', '64').metric).toEqual({
      name: 'time',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'µs',
      direction: 'lower-is-better',
    });
    expect(find(set, 'publish', 'throughput', '64').metric).toEqual({
      name: 'throughput',
      role: 'derived',
      dimension: 'byterate',
      unit: 'MB/s',
      displayUnit: 'MiB/s',
      direction: 'higher-is-better',
    });
    expect(find(set, 'decode', 'throughput', 'frame_with_a_long_benchmark_name').metric).toMatchObject({
      dimension: 'rate',
      unit: 'Hz',
      direction: 'higher-is-better',
    });
    expect(set.notes).toEqual(["Criterion's change: lines (its comparison with its own saved baseline) are not read"]);
  });

  it.each([
    ['a                       time:   [1.0 ns 2.0 ns]\n', 1, 34, /expected three values with units in "time: \[...\]"/],
    [
      'a                       time:   [1.0 ns x ns 3.0 ns]\n',
      1,
      34,
      /expected a number in "time: \[...\]", found "x"/,
    ],
    ['a                       time:   [1.0 ns 2.0 parsecs 3.0 ns]\n', 1, 34, /unknown time unit "parsecs"/],
    [
      'a                       time:   [1.0 ns 2.0 ns 3.0 ns]\n                        thrpt:  [1 MiB 2 MiB 3 MiB]\n',
      2,
      34,
      /unknown throughput unit "MiB"/,
    ],
    ['                        time:   [1.0 ns 2.0 ns 3.0 ns]\n', 1, 1, /a "time:" line with no benchmark id before it/],
    [
      'Found 1 outliers among 100 measurements\n                        thrpt:  [1 B/s 2 B/s 3 B/s]\n',
      2,
      1,
      /a "thrpt:" line that does not follow a "time:" line/,
    ],
    [
      'a   time:   [1.0 ns 2.0 ns 3.0 ns]\na   time:   [1.0 ns 2.0 ns 3.0 ns]\n',
      2,
      undefined,
      /benchmark a is listed twice \(first on line 1\)/,
    ],
    ['Benchmarking a\n', 1, undefined, /no Criterion "time: \[low estimate high\]" lines found/],
  ])('reports %j as one InputError at line %i column %s', (text, line, column, message) => {
    expectInputError(
      () => parseText(criterionConsoleAdapter, text, 'criterion.txt'),
      { file: 'criterion.txt', line, ...(column !== undefined ? { column } : {}) },
      message,
    );
  });
});

describe('Criterion.rs estimates.json with sample.json (criterion-json)', () => {
  const folder = join(formats, 'criterion', 'target', 'criterion', 'publish', '64');
  const estimates = join(folder, 'new', 'estimates.json');
  const siblings = () => ({
    'sample.json': readFileSync(join(folder, 'new', 'sample.json'), 'utf8'),
    'benchmark.json': readFileSync(join(folder, 'new', 'benchmark.json'), 'utf8'),
  });

  it('reads mean, median, std_dev and the slope (ns → µs), the id of benchmark.json and the per-iteration samples', () => {
    const text = readFileSync(estimates, 'utf8');
    expect(recogniseFormat(text, estimates)?.id).toBe('criterion-json');
    const set = criterionJsonAdapter.parse({ file: estimates, text, siblings: siblings() }, {});
    expect(set.measurements).toHaveLength(1);
    const m = set.measurements[0]!;
    expect(m.experiment).toBe('publish');
    expect(m.parameter).toEqual({ label: '64' });
    expect(m.metric).toEqual({
      name: 'time',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns',
      direction: 'lower-is-better',
    });
    expect(m.statistics).toEqual({
      mean: expect.closeTo(1.2415, 12),
      median: expect.closeTo(1.2395, 12),
      stdev: expect.closeTo(0.009698224, 12),
      // "slope": {"point_estimate": 1240.981818, …}: what cargo bench prints as the time, the primary statistic.
      slope: expect.closeTo(1.240981818, 12),
      samples: 10,
    });
    expect(primaryStatistic(m)).toBe('slope');
    // times[i] / iters[i]: 1231000 ns / 1000, 2490000 / 2000, …
    expect(Array.from(m.samples!)).toEqual(
      [1.231, 1.245, 1.238, 1.262, 1.24, 1.236, 1.251, 1.239, 1.244, 1.229].map((v) => expect.closeTo(v, 12)),
    );
    expect(set.notes).toEqual([]);
  });

  it('is read with its sibling files by the pipeline', () => {
    const { set } = loadResultSet(
      cwdFiles,
      { path: estimates, experimentType: '', format: 'criterion-json' },
      { floatParse: 'precise' },
    );
    expect(
      set.measurements.map((m) => [m.experiment, m.parameter.label, m.statistics.samples, m.samples?.length]),
    ).toEqual([['publish', '64', 10, 10]]);
  });

  it('without benchmark.json takes the id from the target/criterion/<id>/new/ path; without sample.json has no samples', () => {
    const text = readFileSync(estimates, 'utf8');
    const set = criterionJsonAdapter.parse({ file: 'target/criterion/publish/64/new/estimates.json', text }, {});
    expect(set.measurements.map((m) => [m.experiment, m.parameter.label, m.samples, m.statistics.samples])).toEqual([
      ['publish', '64', undefined, undefined],
    ]);
    const bare = criterionJsonAdapter.parse({ file: 'estimates.json', text }, {});
    expect(bare.measurements[0]!.experiment).toBe('criterion');
    expect(bare.notes).toContain(
      'no benchmark.json and no target/criterion/<id>/new/ path: the benchmark id "criterion" is the folder\'s name',
    );
  });

  it("is told apart from Criterion's saved baseline, which folder discovery skips", () => {
    const base = join(folder, 'base', 'estimates.json');
    expect(criterionJsonAdapter.companion!(readFileSync(base, 'utf8'), base)).toBe(
      "Criterion's saved baseline (base/), not the results of the run (new/); name the file on its own to read it",
    );
    expect(criterionJsonAdapter.companion!(readFileSync(estimates, 'utf8'), estimates)).toBeUndefined();
    // change/estimates.json: relative changes, no std_dev
    expect(
      criterionJsonAdapter.recognises(
        '{"mean":{"confidence_interval":{"confidence_level":0.95},"point_estimate":0.01},"median":{}}',
        'x',
      ),
    ).toBe(false);
  });

  const good = readFileSync(estimates, 'utf8');
  it.each([
    [
      'estimates.json',
      '{"mean": {"point_estimate": 1}, "median": {"point_estimate": 1}}',
      {},
      1,
      1,
      /expected an estimate object for "std_dev"/,
    ],
    [
      'estimates.json',
      '{"mean": {"point_estimate": "x"}}',
      {},
      1,
      11,
      /expected a number for "point_estimate", found the string "x"/,
    ],
    [
      'estimates.json',
      good,
      { 'sample.json': '{"iters": [1, 2], "times": [5]}' },
      1,
      19,
      /"iters" has 2 values and "times" 1; they pair up/,
    ],
    [
      'estimates.json',
      good,
      { 'sample.json': '{"iters": [1, 0],\n "times": [5, 6]}' },
      1,
      15,
      /expected a positive iteration count, found 0/,
    ],
    ['estimates.json', good, { 'sample.json': '{"times": [5]}' }, 1, 1, /needs "iters" and "times" arrays/],
  ])('reports bad input %# (%s and its siblings) as one InputError', (file, text, sibling, line, column, message) => {
    const error = inputError(() => criterionJsonAdapter.parse({ file, text, siblings: sibling }, {}));
    expect(error.place).toMatchObject({ line, column });
    expect(error.place!.file).toMatch(/(estimates|sample)\.json$/);
    expect(error.message).toMatch(message);
  });
});

describe('Catch2 benchmarks (catch2-console, catch2-xml)', () => {
  const catch2 = join(formats, 'catch2');
  const rows = (set: ResultSet) =>
    set.measurements.map((m) => [m.experiment, m.parameter.label, m.statistics, m.place.line]);

  it('reads the v2 console table: test case, benchmark, mean and std dev (ns → µs), samples', () => {
    const set = parseFile(catch2ConsoleAdapter, join(catch2, 'v2_console.txt'));
    expect(set.format).toBe('catch2-console');
    expect(rows(set)).toEqual([
      [
        'Publish',
        'publish 64 bytes',
        { mean: expect.closeTo(0.0208906, 12), stdev: expect.closeTo(0.00314784, 12), samples: 20 },
        16,
      ],
      [
        'Publish',
        'publish 4096 bytes',
        { mean: expect.closeTo(0.140236, 12), stdev: expect.closeTo(0.0398498, 12), samples: 20 },
        20,
      ],
      [
        'Checksum',
        'sum of 1000 ints',
        { mean: expect.closeTo(0.486758, 12), stdev: expect.closeTo(0.0819596, 12), samples: 20 },
        35,
      ],
    ]);
    expect(set.measurements[0]!.metric).toEqual({
      name: 'time',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns',
      direction: 'lower-is-better',
    });
  });

  it('reads the v3 table (est run time), a section in the experiment and a name wrapped over two rows', () => {
    const set = parseFile(catch2ConsoleAdapter, join(catch2, 'v3_sections_console.txt'));
    expect(rows(set)).toEqual([
      [
        'Publish over loopback / small payloads',
        'publish 64 bytes with a zero-copy loan',
        { mean: expect.closeTo(0.0610352, 12), stdev: expect.closeTo(0.00186211, 12), samples: 100 },
        18,
      ],
      [
        'Publish over loopback / small payloads',
        'publish 1024 bytes',
        { mean: expect.closeTo(0.455112, 12), stdev: expect.closeTo(0.0149012, 12), samples: 100 },
        23,
      ],
    ]);
  });

  it('reads the v2 and v3 XML reporter outputs, sections and entities included', () => {
    const v2 = parseFile(catch2XmlAdapter, join(catch2, 'v2_results.xml'));
    expect(v2.format).toBe('catch2-xml');
    expect(rows(v2)).toEqual([
      [
        'Publish',
        'publish 64 bytes',
        { mean: expect.closeTo(0.0292794, 12), stdev: expect.closeTo(0.0132012, 12), samples: 20 },
        5,
      ],
      [
        'Publish',
        'publish 4096 bytes',
        { mean: expect.closeTo(0.147147, 12), stdev: expect.closeTo(0.026325, 12), samples: 20 },
        11,
      ],
      [
        'Checksum',
        'sum of 1000 ints',
        { mean: expect.closeTo(0.515383, 12), stdev: expect.closeTo(0.165612, 12), samples: 20 },
        20,
      ],
    ]);
    const v3 = parseFile(catch2XmlAdapter, join(catch2, 'v3_sections.xml'));
    expect(rows(v3)).toEqual([
      [
        'Publish over loopback / small payloads',
        'publish 64 bytes & flush',
        { mean: expect.closeTo(0.0610352, 12), stdev: expect.closeTo(0.00186211, 12), samples: 100 },
        5,
      ],
      [
        'Publish over loopback / large payloads',
        'publish 65536 bytes',
        { mean: expect.closeTo(9.10722, 12), stdev: expect.closeTo(0.33809, 12), samples: 100 },
        14,
      ],
    ]);
  });

  // Catch2 2.13.10's own output (fixtures/formats/SOURCES.md): "publish discarded" failed before its
  // estimate, "publish from a pool" after it, which moves the rest of that test case's table.
  const failed = [
    ['Publish', 'publish discarded', 'could not measure benchmark, maybe it was optimized away'],
    ['Publish pool', 'publish from a pool', 'payload pool exhausted'],
  ];

  it("reads a console table with failed benchmarks as skipped ones with Catch2's message, none glued to the next", () => {
    const file = join(catch2, 'v2_failed_console.txt');
    const set = parseFile(catch2ConsoleAdapter, file);
    expect(rows(set)).toEqual([
      [
        'Publish',
        'publish 64 bytes',
        { mean: expect.closeTo(0.0104353, 12), stdev: expect.closeTo(0.00039564, 12), samples: 20 },
        16,
      ],
      [
        'Publish',
        'publish 64 bytes again',
        { mean: expect.closeTo(0.00999337, 12), stdev: expect.closeTo(0.000198186, 12), samples: 20 },
        21,
      ],
      // The row after the failure, read back from where Catch2's table printer moved it.
      [
        'Publish pool',
        'publish 64 bytes from the heap',
        { mean: expect.closeTo(0.00981432, 12), stdev: expect.closeTo(0.00023882, 12), samples: 20 },
        37,
      ],
    ]);
    expect(set.skipped!.map((s) => [s.experiment, s.name, s.message])).toEqual(failed);
    expect(set.skipped!.map((s) => s.place)).toEqual([
      { file, line: 20 },
      { file, line: 36 },
    ]);
  });

  it('reads failed benchmarks in the XML (<failed message>, with or without samples) as skipped ones', () => {
    const file = join(catch2, 'v2_failed.xml');
    const set = parseFile(catch2XmlAdapter, file);
    expect(rows(set)).toEqual([
      [
        'Publish',
        'publish 64 bytes',
        { mean: expect.closeTo(0.0102118, 12), stdev: expect.closeTo(0.000114749, 12), samples: 20 },
        5,
      ],
      [
        'Publish',
        'publish 64 bytes again',
        { mean: expect.closeTo(0.00982613, 12), stdev: expect.closeTo(0.000105222, 12), samples: 20 },
        14,
      ],
      [
        'Publish pool',
        'publish 64 bytes from the heap',
        { mean: expect.closeTo(0.00996245, 12), stdev: expect.closeTo(0.00126109, 12), samples: 20 },
        27,
      ],
    ]);
    expect(set.skipped!.map((s) => [s.experiment, s.name, s.message])).toEqual(failed);
    expect(set.skipped!.map((s) => s.place)).toEqual([
      { file, line: 11 },
      { file, line: 23 },
    ]);
  });

  it('compares Catch2 outputs with failed benchmarks through the CLI: exit 0, each skipped one warned with its message', async () => {
    const out = makeTempDir('perfgate-catch2-failed-');
    try {
      const run = await runCliInProcess([
        'compare',
        '--reference',
        join(catch2, 'v2_failed_console.txt'),
        '--results',
        join(catch2, 'v2_failed.xml'),
        '-o',
        out,
      ]);
      expect(run.status).toBe(0);
      // Skipped alike on both sides: said once, at the first file that skipped it, with the report's
      // other warnings (not on stderr as well).
      const said = run.stdout.split('\n').filter((line) => line.includes('skipped: '));
      expect(said).toEqual([
        `  warning: skipped: Publish / publish discarded — could not measure benchmark, maybe it was optimized away (${join(catch2, 'v2_failed_console.txt')}, line 20)`,
        `  warning: skipped: Publish pool / publish from a pool — payload pool exhausted (${join(catch2, 'v2_failed_console.txt')}, line 36)`,
      ]);
      expect(run.stderr).toBe('');
      const markdown = readFileSync(join(out, 'comparison.md'), 'utf8');
      expect(markdown).toContain(
        '- ⚠️ skipped\\: Publish / publish discarded — could not measure benchmark, maybe it was optimized away',
      );
      expect(markdown).not.toMatch(/Benchmark failed/);
    } finally {
      removeTempDirs();
    }
  });

  it.each([
    // Failed before its estimate, name wrapped over two rows; a message holding ") " after its estimate,
    // the last of its table (nothing moved), then a benchmark in place again.
    [
      [
        'a long benchmark name that Catch2',
        'wraps                                Benchmark failed (could not measure benchmark, maybe it was optimized away)',
        'after                                          20          2766     1.1064 ms',
        '                                        9.93098 ns    9.87793 ns    10.1133 ns',
        '                                       0.201215 ns  0.0441504 ns   0.401616 ns',
      ],
      [['a long benchmark name that Catch2 wraps', 'could not measure benchmark, maybe it was optimized away']],
      ['after'],
    ],
    [
      [
        'moved                                          20          2766     1.1064 ms',
        'Benchmark failed (pool (64 B) exhausted) next  20          2701',
        '1.0804 ms                                             10.0241 ns    9.98236 ns',
        '10.1848 ns                                           0.173206 ns  0.0132649 ns',
        '0.344975 ns                                                                   ',
        '                                     last                 Benchmark failed (no peer)',
        'in place                                       20          2766     1.1064 ms',
        '                                        9.93098 ns    9.87793 ns    10.1133 ns',
        '                                       0.201215 ns  0.0441504 ns   0.401616 ns',
      ],
      [
        ['moved', 'pool (64 B) exhausted'],
        ['last', 'no peer'],
      ],
      ['next', 'in place'],
    ],
  ])("reads failed benchmarks in Catch2's layouts (%#)", (body, skipped, measured) => {
    const set = parseText(catch2ConsoleAdapter, `${table}\n${body.join('\n')}\n${'='.repeat(79)}\n`);
    expect(set.skipped!.map((s) => [s.name, s.message])).toEqual(skipped);
    expect(set.measurements.map((m) => m.parameter.label)).toEqual(measured);
  });

  const table = [
    'benchmark name                       samples       iterations    estimated',
    ' mean',
    ' std dev',
    '-'.repeat(79),
  ].join('\n');
  it.each([
    [
      `${table}\nx                              20    30    1.0 ms\n       1 ns  2 ns\n`,
      6,
      1,
      /expected the mean row: three times with units/,
    ],
    [
      `${table}\nx                              20    30    1.0 ms\n       1 ns  2 ns  3 ns\n       1 ns  2 ns  3 parsecs\n`,
      7,
      1,
      /expected the std dev row/,
    ],
    [`${table}\nonly a name\n\n`, 5, undefined, /benchmark "only a name" has no samples, iterations and estimate/],
    [
      'benchmark name                       samples       iterations    estimated\n mean\n std dev\nx\n',
      4,
      undefined,
      /expected the rule under the benchmark table header/,
    ],
    ['no table here\n', 1, undefined, /no Catch2 benchmark results found/],
    // cut off after the header: at its last line, not past the end
    [
      'benchmark name                       samples       iterations    estimated\n mean',
      2,
      undefined,
      /expected the rule under the benchmark table header/,
    ],
    [`${table}\nx                              20    30    1.0 ms`, 5, 1, /expected the mean row/],
  ])('reports console input %# as one InputError at line %i column %s', (text, line, column, message) => {
    expectInputError(
      () => parseText(catch2ConsoleAdapter, text, 'catch2.txt'),
      { file: 'catch2.txt', line, ...(column !== undefined ? { column } : {}) },
      message,
    );
  });

  const open = '<Catch name="b">\n<TestCase name="t">\n';
  it.each([
    [
      `${open}<BenchmarkResults name="x">\n</BenchmarkResults>\n`,
      3,
      /<BenchmarkResults> of "x" has no samples="…" and no <failed message="…"\/>/,
    ],
    [
      `${open}<BenchmarkResults name="x" samples="20">\n<standardDeviation value="1"/>\n</BenchmarkResults>\n`,
      5,
      /benchmark "x" has no <mean value="…"\/>/,
    ],
    [
      `${open}<BenchmarkResults name="x" samples="20">\n<mean value="1"/>\n`,
      3,
      /benchmark "x" is not closed \(<\/BenchmarkResults> missing: the output was cut short\?\)/,
    ],
    [`${open}</BenchmarkResults>\n`, 3, /<\/BenchmarkResults> with no <BenchmarkResults> before it/],
    [`${open}</TestCase></Catch>\n`, 1, /no <BenchmarkResults> in this Catch2 XML output/],
  ])('reports XML input %# as one InputError at line %i', (text, line, message) => {
    // A value that is not a number (its column too) is in the table below.
    expectInputError(() => parseText(catch2XmlAdapter, text, 'catch2.xml'), { file: 'catch2.xml', line }, message);
  });

  // Issue 38: value="0x10" read as 16 ns (Number() takes hex, binary and octal literals).
  it.each([
    [`${open}<BenchmarkResults name="x" samples="20">\n<mean value="fast"/>\n`, 4, 14, 'mean value', 'fast'],
    [`${open}<BenchmarkResults name="x" samples="20">\n<mean value="0x10"/>\n`, 4, 14, 'mean value', '0x10'],
    [`${open}<BenchmarkResults name="x" samples="20">\n<mean  value="0b1"/>\n`, 4, 15, 'mean value', '0b1'],
    [
      `${open}<BenchmarkResults name="x" samples="0x14">\n<mean value="1"/>\n`,
      3,
      37,
      'BenchmarkResults samples',
      '0x14',
    ],
    [
      `${open}<BenchmarkResults name="x" samples="20">\n<mean value="1"/>\n<standardDeviation value="0o7"/>\n`,
      5,
      27,
      'standardDeviation value',
      '0o7',
    ],
  ])(
    'numbers in attributes are decimal only: input %# is an InputError at line %i column %i',
    (text, line, column, where, found) => {
      expectInputError(
        () => parseText(catch2XmlAdapter, text, 'catch2.xml'),
        { file: 'catch2.xml', line, column },
        new RegExp(`^expected a decimal number in <${where}="…">, found "${found}"$`),
      );
    },
  );
});
