import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { pytestBenchmarkAdapter } from '../src/engine/formats/pytestBenchmark.js';
import { jmhAdapter } from '../src/engine/formats/jmh.js';
import { benchmarkDotNetAdapter } from '../src/engine/formats/benchmarkDotNet.js';
import { ADAPTERS, recogniseFormat } from '../src/engine/formats/registry.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { expectInputError, find } from './helpers/formats.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

// Python, JVM and .NET benchmark harnesses' JSON results (see fixtures/formats/SOURCES.md: which
// samples the tools wrote and which are hand-written after the tools' sources). Expected values
// are read off the sample files by hand.

const formats = join(repoRoot, 'fixtures', 'formats');

function parseFile(adapter: FormatAdapter, file: string): ResultSet {
  const text = readFileSync(file, 'utf8');
  expect(ADAPTERS.filter((a) => a.recognises(text.slice(0, 65536), file)).map((a) => a.id)).toEqual([adapter.id]);
  return adapter.parse({ file, text }, {});
}

function parseText(adapter: FormatAdapter, text: string, file = 'bench.json'): ResultSet {
  return adapter.parse({ file, text }, {});
}

/** Seconds as stored (µs). */
const us = (seconds: number) => expect.closeTo(seconds * 1e6, 9);

describe('pytest-benchmark JSON (pytest-benchmark)', () => {
  const saved = join(formats, 'pytest-benchmark', '0001_codec.json');
  const withData = join(formats, 'pytest-benchmark', 'codec.json');
  const v5 = join(formats, 'pytest-benchmark', 'codec_v5.json');

  it('reads a run with a skipped test: pytest-benchmark writes nothing of it, so it is simply not there', () => {
    // fixtures/formats/pytest-benchmark/source/test_publish.py: test_publish_shm calls pytest.skip.
    const set = parseFile(pytestBenchmarkAdapter, join(formats, 'pytest-benchmark', 'skipped.json'));
    expect([...new Set(set.measurements.map((m) => m.experiment))]).toEqual(['test_publish_64', 'test_publish_4096']);
    expect(set.skipped).toBeUndefined();
  });

  it('reads a saved run (--benchmark-save): group/function as the experiment, params as the parameter, time in µs and ops', () => {
    const set = parseFile(pytestBenchmarkAdapter, saved);
    expect(set.format).toBe('pytest-benchmark');
    // 9 tests × (time, ops)
    expect(set.measurements).toHaveLength(18);
    expect([...new Set(set.measurements.map((m) => m.experiment))]).toEqual([
      'encode/test_encode_json',
      'encode/test_encode_struct',
      'decode/test_decode',
      'test_checksum',
    ]);

    const time = find(set, 'decode/test_decode', 'time', 'codec=json,size=64');
    expect(time.parameter).toEqual({
      label: 'codec=json,size=64',
      payloadBytes: 64,
      settings: { codec: 'json', size: 64 },
    });
    expect(time.metric).toEqual({
      name: 'time',
      dimension: 'time',
      unit: 'us',
      displayUnit: 's',
      direction: 'lower-is-better',
    });
    expect(time.statistics).toEqual({
      min: us(2.986000254168175e-6),
      max: us(5.821000740979798e-6),
      mean: us(3.6650002584792673e-6),
      median: us(3.155999365844764e-6),
      stdev: us(1.2091549210497065e-6),
      samples: 5,
    });
    // Saved without --benchmark-save-data: no rounds' data.
    expect(time.samples).toBeUndefined();
    expect(time.place).toEqual({ file: saved, line: 179 });

    const ops = find(set, 'decode/test_decode', 'ops', 'codec=json,size=64');
    expect(ops.metric).toEqual({
      name: 'ops',
      role: 'derived',
      dimension: 'rate',
      unit: 'Hz',
      displayUnit: 'ops/s',
      direction: 'higher-is-better',
    });
    expect(ops.statistics).toEqual({ value: 272851.2768004371 });

    // No group, no params: the function alone, an empty label.
    expect(find(set, 'test_checksum', 'time', '').parameter).toEqual({ label: '' });
    expect(find(set, 'encode/test_encode_struct', 'time', 'size=1024').parameter).toEqual({
      label: 'size=1024',
      payloadBytes: 1024,
      settings: { size: 1024 },
    });

    expect(set.notes).toEqual([
      'machine: node vm, Linux 6.18.44-fc-v782 x86_64, CPython 3.11.2, AMD EPYC',
      'commit: unversioned on (unknown)',
      'pytest-benchmark 3.2.2, run at 2026-11-25T00:53:10.520118',
    ]);
  });

  it('reads stats.data of --benchmark-json as the raw samples (time per iteration of each round)', () => {
    const set = parseFile(pytestBenchmarkAdapter, withData);
    const struct = find(set, 'encode/test_encode_struct', 'time', 'size=64');
    // 200 iterations a round; data holds each round's time per iteration
    expect(Array.from(struct.samples!)).toEqual(
      [
        4.503999662119895e-8, 4.458500370674301e-8, 4.4384996726876124e-8, 4.4329999582259914e-8, 4.4534999688039534e-8,
      ].map(us),
    );
    expect(struct.statistics.samples).toBe(5);
    expect(struct.statistics.mean).toBeCloseTo(0.04457499926502351, 12);
    expect(struct.place.line).toBe(119);
    const checksum = find(set, 'test_checksum', 'time', '');
    expect(Array.from(checksum.samples!)).toEqual(
      [
        7.403999916277826e-6, 7.245000233524479e-6, 7.403999916277826e-6, 7.224000000860542e-6, 7.1639988163951784e-6,
      ].map(us),
    );
    expect(find(set, 'test_checksum', 'ops', '').statistics).toEqual({ value: 137208.09399345133 });
  });

  it('reads pytest-benchmark 5 output the same way, with its cpuinfo in the machine note', () => {
    const set = parseFile(pytestBenchmarkAdapter, v5);
    expect(set.measurements.map((m) => `${m.experiment}|${m.parameter.label}|${m.metric.name}`)).toEqual(
      parseFile(pytestBenchmarkAdapter, withData).measurements.map(
        (m) => `${m.experiment}|${m.parameter.label}|${m.metric.name}`,
      ),
    );
    expect(find(set, 'test_checksum', 'time', '').statistics.mean).toBeCloseTo(15.0123996718321, 9);
    expect(set.notes).toEqual([
      'machine: node vm, Linux 6.18.44-fc-v782 x86_64, CPython 3.11.7, AMD EPYC, 2 cores',
      'commit: unversioned on (unknown)',
      'pytest-benchmark 5.2.3, run at 2026-11-25T00:53:17.595936+00:00',
    ]);
  });

  it('qualifies a function two test files share by its path; a test with an id but no params is labelled by the id', () => {
    const stats =
      '"stats": {"min": 1e-6, "max": 3e-6, "mean": 2e-6, "stddev": 1e-6, "rounds": 3, "median": 2e-6, "ops": 500000.0}';
    const text = `{"benchmarks": [
      {"group": null, "name": "test_send", "fullname": "tests/a/test_net.py::test_send", "params": null, "param": null, ${stats}},
      {"group": null, "name": "test_send", "fullname": "tests/b/test_net.py::test_send", "params": null, "param": null, ${stats}},
      {"group": "io", "name": "test_read[big]", "fullname": "tests/test_io.py::test_read[big]", "params": null, "param": "big", ${stats}},
      {"group": "io", "name": "test_read[x-True]", "fullname": "tests/test_io.py::test_read[x-True]", "params": {"mode": "x", "sync": true, "sizes": [1, 2]}, "param": "x-True", ${stats}}
    ]}`;
    const set = parseText(pytestBenchmarkAdapter, text);
    expect(
      set.measurements.filter((m) => m.metric.name === 'time').map((m) => [m.experiment, m.parameter.label]),
    ).toEqual([
      ['tests/a/test_net.py::test_send', ''],
      ['tests/b/test_net.py::test_send', ''],
      ['io/test_read', 'big'],
      ['io/test_read', 'mode=x,sync=True,sizes=[1,2]'],
    ]);
    expect(set.notes).toEqual([]);
  });

  it.each([
    ['{"machine_info": {}, "benchmarks": []}', 1, 36, /has no benchmarks/],
    ['{"benchmarks": [{"name": "t", "stats": {"min": 1}}]}', 1, 40, /the stats of t have no "mean"/],
    [
      '{"benchmarks": [\n  {"name": "t", "stats": {"mean": "fast"}}]}',
      2,
      27,
      /expected a number for "mean", found the string "fast"/,
    ],
    ['{"benchmarks": [{"name": "t", "stats": {"mean": 1, "data": [1, "x"]}}]}', 1, 64, /expected a number in "data"/],
    ['{"benchmarks": [{"name": "t"}]}', 1, 17, /expected a "stats" object for t/],
    [
      '{"benchmarks": [{"name": "t", "params": 3, "stats": {"mean": 1}}]}',
      1,
      31,
      /expected an object for "params", found 3/,
    ],
    [
      '{"benchmarks": [{"name": "t", "stats": {"mean": 1}},\n{"name": "t", "stats": {"mean": 2}}]}',
      2,
      1,
      /the benchmark t reads as the same experiment and parameter as t/,
    ],
    ['{"benchmarks": [{"name": "t", "stats": {"mean": 1', 1, 50, /truncated/],
  ])('reports %j as one InputError at line %i column %i', (text, line, column, message) => {
    expectInputError(
      () => parseText(pytestBenchmarkAdapter, text, 'pb.json'),
      { file: 'pb.json', line, column },
      message,
    );
  });
});

describe('JMH JSON results (jmh)', () => {
  const avgt = join(formats, 'jmh', 'publish_avgt_gc.json');
  const modes = join(formats, 'jmh', 'queue_modes.json');

  it('reads avgt runs: rawData forks × iterations as samples of one run, GC profiler results as costs', () => {
    const set = parseFile(jmhAdapter, avgt);
    expect(set.format).toBe('jmh');
    // 2 parameter sets × (avgt + 4 GC profiler results)
    expect(set.measurements).toHaveLength(10);
    const time = find(set, 'PublishBench.publish', 'avgt', 'mode=copy,size=64');
    expect(time.parameter).toEqual({
      label: 'mode=copy,size=64',
      payloadBytes: 64,
      settings: { mode: 'copy', size: 64 },
    });
    expect(time.metric).toEqual({
      name: 'avgt',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'us/op',
      direction: 'lower-is-better',
    });
    // 2 forks × 5 iterations; the mean is JMH's score 0.11350000000000002
    expect(time.statistics).toEqual({
      median: expect.closeTo(0.1135, 12),
      mean: expect.closeTo(0.1135, 12),
      min: 0.109,
      max: 0.118,
      samples: 10,
    });
    // Iterations inside one JVM are not runs: no repetitions for a history comparison to count.
    expect(time.repetitions).toBeUndefined();
    expect(time.repetitionValues).toBeUndefined();
    expect([...time.samples!]).toEqual([0.112, 0.109, 0.111, 0.11, 0.113, 0.118, 0.115, 0.116, 0.117, 0.114]);
    expect(time.place).toEqual({ file: avgt, line: 2 });
    expect(find(set, 'PublishBench.publish', 'avgt', 'mode=copy,size=1024').place.line).toBe(214);

    // "·gc.alloc.rate" (JMH 1.35 names) in MB/sec: a rate by its unit, a cost by what it is.
    const rate = find(set, 'PublishBench.publish', 'gc.alloc.rate', 'mode=copy,size=64');
    expect(rate.metric).toEqual({
      name: 'gc.alloc.rate',
      role: 'secondary',
      dimension: 'byterate',
      unit: 'MB/s',
      displayUnit: 'MB/sec',
      direction: 'lower-is-better',
    });
    expect(rate.statistics).toEqual({
      median: expect.closeTo(739.427, 9),
      mean: expect.closeTo(739.8884, 9),
      min: 711.223,
      max: 769.939,
      samples: 10,
    });
    const norm = find(set, 'PublishBench.publish', 'gc.alloc.rate.norm', 'mode=copy,size=1024');
    expect(norm.metric).toEqual({
      name: 'gc.alloc.rate.norm',
      role: 'secondary',
      dimension: 'size',
      unit: 'B',
      displayUnit: 'B/op',
      direction: 'lower-is-better',
    });
    expect(norm.statistics).toEqual({
      median: 1112,
      mean: expect.closeTo(1112.0002, 9),
      min: 1112,
      max: 1112.001,
      samples: 10,
    });
    // gc.time in ms, per iteration (JMH's score, 26.0, is their sum)
    const gcTime = find(set, 'PublishBench.publish', 'gc.time', 'mode=copy,size=64');
    expect(gcTime.metric).toEqual({
      name: 'gc.time',
      role: 'secondary',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ms',
      direction: 'lower-is-better',
    });
    expect(gcTime.statistics).toEqual({ median: 3000, mean: 2600, min: 2000, max: 3000, samples: 10 });
    expect(find(set, 'PublishBench.publish', 'gc.count', 'mode=copy,size=64').metric).toEqual({
      name: 'gc.count',
      role: 'secondary',
      dimension: 'count',
      unit: '',
      displayUnit: 'counts',
      direction: 'lower-is-better',
    });
    expect(set.notes).toEqual([
      'JMH 1.35, OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1',
      'units perfgate does not know are kept as written (GC profiler results as costs, others in the direction of the mode): counts',
    ]);
  });

  it('reads thrpt as a floor in Hz, sample mode from its percentiles and histogram count, ss iterations as samples', () => {
    const set = parseFile(jmhAdapter, modes);
    const offer = find(set, 'QueueBench.offer', 'thrpt', 'capacity=1024');
    expect(offer.metric).toEqual({
      name: 'thrpt',
      dimension: 'rate',
      unit: 'Hz',
      displayUnit: 'ops/ms',
      direction: 'higher-is-better',
    });
    // 10512.3, 10631.8, 10498.2, 10577.0, 10602.4 ops/ms
    expect(offer.statistics).toEqual({
      median: expect.closeTo(10577000, 6),
      mean: expect.closeTo(10564340, 6),
      min: expect.closeTo(10498200, 6),
      max: expect.closeTo(10631800, 6),
      samples: 5,
    });
    expect(offer.repetitions).toBeUndefined();
    expect(offer.samples).toHaveLength(5);
    expect(find(set, 'QueueBench.offer', 'gc.alloc.rate.norm', 'capacity=1024').statistics.max).toBeCloseTo(2.6e-4, 12);

    const poll = find(set, 'QueueBench.poll', 'sample', 'capacity=1024');
    expect(poll.metric).toEqual({
      name: 'sample',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'us/op',
      direction: 'lower-is-better',
    });
    expect(poll.statistics).toEqual({
      mean: 0.05517500000000295,
      min: 0.05,
      median: 0.05,
      p90: 0.06,
      p95: 0.07899999999999636,
      p99: 0.08,
      p999: 0.2,
      p9999: 2.1,
      max: 2.1,
      // 1500 + 400 + 90 + 9 + 1 and 1450 + 450 + 85 + 14 + 1
      samples: 4000,
    });
    expect(poll.repetitions).toBeUndefined();

    const cold = find(set, 'StartupBench.coldStart', 'ss', '');
    expect(cold.metric).toEqual({
      name: 'ss',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ms/op',
      direction: 'lower-is-better',
    });
    // five forks of one 41.2, 39.8, 40.5, 43.1, 40.0 ms shot each
    expect(cold.statistics).toEqual({
      median: 40500,
      mean: expect.closeTo(40920, 9),
      min: 39800,
      max: 43100,
      samples: 5,
    });
    // Forks run back to back in one job: one run's samples, not five runs.
    expect(cold.repetitions).toBeUndefined();
    expect(cold.samples).toHaveLength(5);
    expect(set.notes).toEqual(['JMH 1.37, OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1']);
  });

  it('keeps the whole name where two classes share Class.method; without rawData the score is the mean; unknown units are noted', () => {
    const run = (benchmark: string, unit: string, extra = '') =>
      `{"benchmark": "${benchmark}", "mode": "thrpt", "primaryMetric": {"score": 12.5, "scoreError": "NaN", "scoreUnit": "${unit}", "rawData": []}${extra}}`;
    const text = `[${run('org.a.Codec.encode', 'ops/s')}, ${run('org.b.Codec.encode', 'ops/min')}, ${run('org.a.Codec.decode', 'widgets', ', "secondaryMetrics": {"rejected": {"score": 2.0, "scoreUnit": "ops/s", "rawData": [[1.0, "+INF", 3.0, "NaN"]]}}')}]`;
    const set = parseText(jmhAdapter, text);
    expect(
      set.measurements.map((m) => [
        m.experiment,
        m.metric.name,
        m.metric.direction,
        m.metric.displayUnit,
        m.statistics.mean,
      ]),
    ).toEqual([
      ['org.a.Codec.encode', 'thrpt', 'higher-is-better', 'ops/s', 12.5],
      ['org.b.Codec.encode', 'thrpt', 'higher-is-better', 'ops/min', expect.closeTo(12.5 / 60, 12)],
      ['Codec.decode', 'thrpt', 'higher-is-better', 'widgets', 12.5],
      ['Codec.decode', 'rejected', 'higher-is-better', 'ops/s', 2],
    ]);
    expect(set.notes).toEqual([
      'units perfgate does not know are kept as written (GC profiler results as costs, others in the direction of the mode): widgets',
    ]);
  });

  const runOf = (primary: string, extra = '') =>
    `[{"benchmark": "a.B.c", "mode": "avgt", "primaryMetric": ${primary}${extra}}]`;
  it.each([
    ['[]', 1, 1, /no benchmark runs/],
    ['[{"benchmark": "a.B.c", "mode": "fast", "primaryMetric": {}}]', 1, 25, /unknown JMH mode "fast"/],
    ['[{"benchmark": "a.B.c", "mode": "avgt"}]', 1, 2, /expected a "primaryMetric" object for a.B.c/],
    [runOf('{"score": 1}'), 1, 58, /the metric avgt has no "scoreUnit"/],
    [runOf('{"scoreUnit": "us/op", "rawData": [[1, true]]}'), 1, 97, /expected an iteration score, found true/],
    [runOf('{"scoreUnit": "us/op"}'), 1, 58, /neither a score nor raw data/],
    [runOf('{"score": 1, "scoreUnit": "us/op"}', ', "params": {"n": 5}'), 1, 105, /expected a string for "n", found 5/],
    [
      runOf('{"score": 1, "scoreUnit": "us/op"}', ', "secondaryMetrics": {"x": 3}'),
      1,
      115,
      /expected a metric object for the secondary metric "x"/,
    ],
    [
      `[{"benchmark": "a.B.c", "mode": "sample", "primaryMetric": {"score": 1, "scoreUnit": "us/op", "rawDataHistogram": [[[[0.5, 2.5]]]]}}]`,
      1,
      118,
      /a \[value, count\] pair with a whole count/,
    ],
    [
      `${runOf('{"score": 1, "scoreUnit": "us/op"}').slice(0, -1)},\n${runOf('{"score": 2, "scoreUnit": "us/op"}').slice(1)}`,
      2,
      1,
      /a.B.c in avgt mode with these params is in the file twice/,
    ],
    ['[{"benchmark": "a.B.c", "mode": "avgt", "primaryMetric": {"score": 1', 1, 69, /truncated/],
  ])('reports %j as one InputError at line %i column %i', (text, line, column, message) => {
    expectInputError(() => parseText(jmhAdapter, text, 'jmh.json'), { file: 'jmh.json', line, column }, message);
  });
});

describe('BenchmarkDotNet JSON reports (benchmarkdotnet)', () => {
  const brief = join(formats, 'benchmarkdotnet', 'Perfgate.Benchmarks.PublishBenchmarks-report-brief.json');
  const full = join(formats, 'benchmarkdotnet', 'Perfgate.Benchmarks.PublishBenchmarks-report-full-compressed.json');

  it('reads the brief report: Type.Method, Parameters, Statistics in µs, Memory per operation', () => {
    const set = parseFile(benchmarkDotNetAdapter, brief);
    expect(set.format).toBe('benchmarkdotnet');
    // 3 benchmarks × (time, allocated, gen0, gen1, gen2)
    expect(set.measurements).toHaveLength(15);
    const time = find(set, 'PublishBenchmarks.Publish', 'time', 'Size=64,Mode=Copy');
    expect(time.parameter).toEqual({
      label: 'Size=64,Mode=Copy',
      payloadBytes: 64,
      settings: { Size: 64, Mode: 'Copy' },
    });
    expect(time.metric).toEqual({
      name: 'time',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns',
      direction: 'lower-is-better',
    });
    expect(time.statistics).toEqual({
      mean: expect.closeTo(0.05230111111111111, 12),
      median: expect.closeTo(0.0522, 12),
      min: expect.closeTo(0.05187, 12),
      max: expect.closeTo(0.05312, 12),
      stdev: expect.closeTo(0.00039466582207116796, 12),
      p90: expect.closeTo(0.05276, 12),
      p95: expect.closeTo(0.05294, 12),
      // one upper outlier (71.3 ns) removed
      samples: 9,
    });
    // Statistics.OriginalValues: all ten, the outlier too
    expect(Array.from(time.samples!)).toEqual(
      [52.31, 51.87, 52.05, 53.12, 52.44, 51.96, 71.3, 52.2, 52.67, 52.09].map((ns) => expect.closeTo(ns / 1000, 12)),
    );
    expect(time.place).toEqual({ file: brief, line: 23 });

    const allocated = find(set, 'PublishBenchmarks.Publish', 'allocated', 'Size=1024,Mode=Copy');
    expect(allocated.metric).toEqual({
      name: 'allocated',
      role: 'secondary',
      dimension: 'size',
      unit: 'B',
      displayUnit: 'B/op',
      direction: 'lower-is-better',
    });
    expect(allocated.statistics).toEqual({ value: 1112 });
    expect(allocated.place.line).toBe(88);
    // 36 and 1 collections in 5242880 operations, per 1000
    const gen0 = find(set, 'PublishBenchmarks.Publish', 'gen0', 'Size=1024,Mode=Copy');
    expect(gen0.metric).toEqual({
      name: 'gen0',
      role: 'secondary',
      dimension: 'count',
      unit: '',
      displayUnit: 'per 1000 op',
      direction: 'lower-is-better',
    });
    expect(gen0.statistics.value).toBeCloseTo(0.006866455078125, 15);
    expect(find(set, 'PublishBenchmarks.Publish', 'gen1', 'Size=1024,Mode=Copy').statistics.value).toBeCloseTo(
      0.00019073486328125,
      15,
    );
    expect(find(set, 'PublishBenchmarks.Checksum', 'time', '').statistics.mean).toBeCloseTo(1.2015111111111112, 12);
    expect(set.notes).toEqual([
      'BenchmarkDotNet 0.13.12',
      'OS: Ubuntu 22.04.4 LTS (Jammy Jellyfish)',
      'CPU: AMD EPYC 7763, 4 logical and 2 physical cores',
      'runtime: .NET 8.0.6 (8.0.624.26715), X64, RELEASE',
    ]);
  });

  it('reads the full compressed report alike, with the Workload Result measurements as samples and no memory metric twice', () => {
    const set = parseFile(benchmarkDotNetAdapter, full);
    const briefSet = benchmarkDotNetAdapter.parse({ file: brief, text: readFileSync(brief, 'utf8') }, {});
    expect(set.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.statistics])).toEqual(
      briefSet.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.statistics]),
    );
    // Nanoseconds / Operations of the ten Result iterations (4194304 operations each)
    const time = find(set, 'PublishBenchmarks.Publish', 'time', 'Size=64,Mode=Copy');
    expect(Array.from(time.samples!)).toEqual(
      [52.31, 51.87, 52.05, 53.12, 52.44, 51.96, 71.3, 52.2, 52.67, 52.09].map((ns) => expect.closeTo(ns / 1000, 9)),
    );
    expect(time.place).toEqual({ file: full, line: 1 });
  });

  const host = '"HostEnvironmentInfo": {"BenchmarkDotNetVersion": "0.14.0"}';
  const bench = (method: string, parameters: string, job: string, rest: string) =>
    `{"DisplayInfo": "T.${method}: ${job}${parameters === '' ? '' : ` [${parameters.replace(/&/g, ', ')}]`}", "Namespace": "N", "Type": "T", "Method": "${method}", "Parameters": "${parameters}", ${rest}}`;
  const stats =
    '"Statistics": {"N": 3, "Mean": 100, "Median": 100, "Min": 90, "Max": 110, "StandardDeviation": 10, "Skewness": "", "Kurtosis": "NaN"}';

  it('names the job where a report has several; reads other diagnosers’ metrics in their own direction; notes failed benchmarks', () => {
    const metrics =
      '"Metrics": [{"Value": 12, "Descriptor": {"Id": "CompletedWorkItemCount", "DisplayName": "Completed Work Items", "Unit": "Count", "TheGreaterTheBetter": false}},' +
      ' {"Value": 2048, "Descriptor": {"Id": "Goodput", "DisplayName": "Goodput", "Unit": "KB", "TheGreaterTheBetter": true}}]';
    const text = `{"Title": "T", ${host}, "Benchmarks": [
      ${bench('Run', 'N=10', '.NET 6.0(Runtime=.NET 6.0)', `${stats}, ${metrics}`)},
      ${bench('Run', 'N=10', '.NET 8.0(Runtime=.NET 8.0)', stats)},
      ${bench('Broken', '', '.NET 8.0(Runtime=.NET 8.0)', '"Statistics": null')}
    ]}`;
    const set = parseText(benchmarkDotNetAdapter, text);
    expect(
      set.measurements.map((m) => [
        m.experiment,
        m.parameter.label,
        m.metric.name,
        m.metric.direction,
        m.metric.displayUnit,
        m.statistics.mean ?? m.statistics.value,
      ]),
    ).toEqual([
      ['T.Run', 'N=10,job=.NET 6.0', 'time', 'lower-is-better', 'ns', 0.1],
      ['T.Run', 'N=10,job=.NET 6.0', 'Completed Work Items', 'lower-is-better', 'Count', 12],
      ['T.Run', 'N=10,job=.NET 6.0', 'Goodput', 'higher-is-better', 'KB', 2048000],
      ['T.Run', 'N=10,job=.NET 8.0', 'time', 'lower-is-better', 'ns', 0.1],
    ]);
    expect(set.measurements[0]!.parameter.settings).toEqual({ N: 10, job: '.NET 6.0' });
    expect(set.notes).toEqual([
      'BenchmarkDotNet 0.14.0',
      'T.Broken (job=.NET 8.0) (line 4) has no statistics (it failed?) and is left out',
    ]);
  });

  it.each([
    [`{${host}, "Benchmarks": []}`, 1, 77, /has no benchmarks/],
    [`{${host}, "Benchmarks": [{"Type": "T", "Statistics": {}}]}`, 1, 78, /the benchmark has no "Method"/],
    [
      `{${host}, "Benchmarks": [{"Method": "M", "Statistics": {"Median": 1}}]}`,
      1,
      108,
      /the statistics have no "Mean"/,
    ],
    [
      `{${host}, "Benchmarks": [{"Method": "M", "Statistics": {"Mean": [1]}}]}`,
      1,
      109,
      /expected a number for "Mean", found an array/,
    ],
    [
      `{${host}, "Benchmarks": [{"Method": "M", "Parameters": 5, "Statistics": {"Mean": 1}}]}`,
      1,
      94,
      /expected a string for "Parameters"/,
    ],
    [
      `{${host}, "Benchmarks": [{"Method": "M", "Statistics": {"Mean": 1}, "Measurements": [{"IterationMode": "Workload", "IterationStage": "Result", "Operations": 0, "Nanoseconds": 5}]}]}`,
      1,
      196,
      /expected a positive number of operations, found 0/,
    ],
    [
      `{${host}, "Benchmarks": [{"Method": "M", "Statistics": {"Mean": 1}},\n {"Method": "M", "Statistics": {"Mean": 2}}]}`,
      2,
      2,
      /M is in the report twice/,
    ],
    [
      `{${host}, "Benchmarks": [{"Method": "M", "Statistics": null}]}`,
      1,
      77,
      /no benchmark of the BenchmarkDotNet report has statistics/,
    ],
    [`{${host}, "Benchmarks": [{"Method": "M", "Statistics": {"Mean": 1`, 1, 118, /truncated/],
  ])('reports %j as one InputError at line %i column %i', (text, line, column, message) => {
    expectInputError(
      () => parseText(benchmarkDotNetAdapter, text, 'bdn.json'),
      { file: 'bdn.json', line, column },
      message,
    );
  });
});

describe('recognition and --format', () => {
  const ours = [pytestBenchmarkAdapter, jmhAdapter, benchmarkDotNetAdapter];

  it('does not take any other format’s project fixture', () => {
    const folders = ['pytest-benchmark', 'jmh', 'benchmarkdotnet'];
    const others = [
      'go-bench/publish_count3.txt',
      'google-benchmark/repetitions.json',
      'hyperfine/scan.json',
      'github-action-benchmark/custom.json',
      'criterion/target/criterion/publish/64/new/estimates.json',
      'catch2/v2_results.xml',
    ];
    for (const other of others) {
      const file = join(formats, other);
      const text = readFileSync(file, 'utf8');
      expect({ other, by: ours.filter((a) => a.recognises(text, file)).map((a) => a.id) }).toEqual({ other, by: [] });
      expect(folders).not.toContain(recogniseFormat(text, file)?.id);
    }
    // look-alikes: Google Benchmark's "benchmarks" array, github-action-benchmark's array of {name, unit, value}
    expect(
      pytestBenchmarkAdapter.recognises(
        '{"context": {}, "benchmarks": [{"name": "BM_x", "run_type": "iteration"}]}',
        'x',
      ),
    ).toBe(false);
    expect(jmhAdapter.recognises('[{"name": "a", "unit": "ns/op", "value": 1}]', 'x')).toBe(false);
    expect(benchmarkDotNetAdapter.recognises('{"Benchmarks": [{"Method": "M"}]}', 'x')).toBe(false);
  });

  it('reads a file detection does not recognise when the format is named', async () => {
    const dir = tempDir('perfgate-jmh-');
    const file = join(dir, 'reordered.json');
    // A JMH result re-written by another tool with the keys in another order.
    writeFileSync(
      file,
      '[{"mode": "avgt", "benchmark": "a.B.c", "primaryMetric": {"score": 1.5, "scoreUnit": "us/op", "rawData": [[1.0, 2.0]]}}]\n',
    );
    const auto = await cli(['inspect', file]);
    expect(auto.code).not.toBe(0);
    const named = await cli(['inspect', '--json', '--format', 'jmh', file]);
    expect(named.code).toBe(0);
    const files = (JSON.parse(named.out) as { files: { format: string }[] }).files;
    expect(files.map((f) => f.format)).toEqual(['jmh']);
  });
});
