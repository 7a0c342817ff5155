import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import { kuksaConsoleAdapter } from '../src/engine/formats/kuksa/console.js';
import { kuksaCsvAdapter } from '../src/engine/formats/kuksa/csv.js';
import type { Measurement, ResultSet } from '../src/engine/model/measurement.js';
import { describeShared, repoRoot, sharedDir } from './helpers/shared.js';

const local = (name: string): string => join(repoRoot, 'fixtures', 'formats', 'kuksa', name);

function get(result: ResultSet, experiment: string, metric: string): Measurement {
  const m = result.measurements.find((x) => x.experiment === experiment && x.metric.name === metric);
  if (!m) throw new Error(`no ${metric} in ${experiment}`);
  return m;
}

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error('expected an InputError');
}

describe('kuksa databroker-perf console (project fixture, --detailed-output)', () => {
  const file = local('detailed.txt');
  const text = readFileSync(file, 'utf8');
  const result = kuksaConsoleAdapter.parse({ file, text }, { skipSeconds: 2 });

  it('is recognised', () => expect(kuksaConsoleAdapter.recognises(text, file)).toBe(true));

  it('reads the global summary into experiment "global", in µs', () => {
    const latency = get(result, 'global', 'latency');
    expect(latency.metric).toMatchObject({ unit: 'us', displayUnit: 'ms', direction: 'lower-is-better' });
    expect(latency.statistics).toEqual({
      samples: 748,
      min: 61,
      max: 412,
      mean: 152,
      p95: 231,
      median: 131,
      p90: 198,
      p99: 388,
    });
    expect(latency.parameter).toEqual({
      label: 'kuksa.val.v2, 4 signals',
      settings: { api: 'kuksa.val.v2', signals: 4 },
    });
    expect(latency.place.line).toBe(4);
    const throughput = get(result, 'global', 'throughput');
    expect(throughput.statistics).toEqual({ value: 149 });
    expect(throughput.metric.direction).toBe('higher-is-better');
    expect(throughput.place.line).toBe(11);
  });

  it('reads each group block into its own experiment', () => {
    expect([...new Set(result.measurements.map((m) => m.experiment))]).toEqual(['global', 'Frame 1', 'Frame 2']);
    const f2 = get(result, 'Frame 2', 'latency');
    expect(f2.statistics).toEqual({
      samples: 249,
      min: 61,
      max: 412,
      mean: 176,
      p95: 262,
      median: 171,
      p90: 241,
      p99: 401,
    });
    expect(f2.parameter).toEqual({
      label: 'kuksa.val.v2, cycle 20 ms, 4 signals in all',
      settings: { api: 'kuksa.val.v2', cycleTimeMs: 20, signals: 3, totalSignals: 4 },
    });
    expect(get(result, 'Frame 1', 'throughput').statistics.value).toBe(99);
  });

  it('ignores skipSeconds (no per-second data) and says so', () => {
    expect(result.notes.some((n) => n.includes('skipSeconds is ignored'))).toBe(true);
  });

  it('rejects truncated output and garbage, naming the line', () => {
    const lines = text.split('\n');
    // Cut inside the Frame 2 histogram.
    const cut = lines.slice(0, 76).join('\n');
    expect(cut.endsWith('[100  ] |∎∎∎∎∎∎∎∎∎∎')).toBe(true);
    const t = inputError(() => kuksaConsoleAdapter.parse({ file, text: cut }, {}));
    expect(t.message).toMatch(/Latency distribution/);
    expect(t.place).toEqual({ file, line: 76 });
    // Cut inside the global summary.
    const summaryCut = inputError(() => kuksaConsoleAdapter.parse({ file, text: lines.slice(0, 12).join('\n') }, {}));
    expect(summaryCut.place).toEqual({ file, line: 12 });
    // Cut in the middle of a distribution.
    const distCut = inputError(() => kuksaConsoleAdapter.parse({ file, text: lines.slice(0, 27).join('\n') }, {}));
    expect(distCut.message).toMatch(/no 75% line/);
    expect(distCut.place?.line).toBe(27);
    const garbage = inputError(() =>
      kuksaConsoleAdapter.parse({ file, text: text.replace('Average:   0.140 ms', 'Average:   0,14O ms') }, {}),
    );
    expect(garbage.place).toEqual({ file, line: 45, column: 14 });
    const badHistogram = inputError(() =>
      kuksaConsoleAdapter.parse({ file, text: text.replace('0.090 ms [424  ]', '0.090 ms [42') }, {}),
    );
    expect(badHistogram.place?.line).toBe(49);
  });
});

describe('kuksa databroker-perf CSV (project fixture)', () => {
  const file = local('Frame 1.csv');
  const text = readFileSync(file, 'utf8');

  it('reads the values as µs despite the "ms" header, group name from the file name', () => {
    expect(kuksaCsvAdapter.recognises(text, file)).toBe(true);
    const result = kuksaCsvAdapter.parse({ file, text }, {});
    expect(result.measurements).toHaveLength(1);
    const m = result.measurements[0]!;
    expect(m.experiment).toBe('Frame 1');
    expect(m.metric).toMatchObject({ name: 'latency', unit: 'us', direction: 'lower-is-better' });
    expect(Array.from(m.samples!)).toEqual([140, 152, 98, 201, 175]);
    // By hand: sorted 98 140 152 175 201; sum 766.
    expect(m.statistics).toMatchObject({ samples: 5, min: 98, max: 201, mean: 153.2, median: 152 });
    expect(m.place.line).toBe(2);
    expect(result.notes.some((n) => n.includes('microseconds'))).toBe(true);
  });

  it('rejects garbage, truncation to the header and an empty file', () => {
    expect(inputError(() => kuksaCsvAdapter.parse({ file, text: 'Latency (ms)\n140\n15x\n' }, {})).place).toEqual({
      file,
      line: 3,
      column: 1,
    });
    expect(inputError(() => kuksaCsvAdapter.parse({ file, text: 'Latency (ms)\n' }, {})).message).toMatch(
      /no data rows/,
    );
    expect(inputError(() => kuksaCsvAdapter.parse({ file, text: '' }, {})).place?.line).toBe(1);
  });
});

describeShared('kuksa databroker-perf on real files', () => {
  const readme = join(sharedDir, 'fixtures', 'formats', 'kuksa-perf', 'README.md');
  const text = readFileSync(readme, 'utf8');
  /** The console examples in the README are its fenced blocks that contain "Global Summary:". */
  const blocks = text.split('```').filter((b) => b.includes('Global Summary:'));

  it('reads the real output in the kuksa-perf README', () => {
    expect(blocks).toHaveLength(2);
    expect(kuksaConsoleAdapter.recognises(blocks[0]!, readme)).toBe(true);
    const r = kuksaConsoleAdapter.parse({ file: readme, text: blocks[0]! }, {});
    expect(r.measurements).toHaveLength(2);
    expect(get(r, 'global', 'latency').statistics).toEqual({
      samples: 251807,
      min: 56,
      max: 4187,
      mean: 225,
      p95: 294,
      median: 199,
      p90: 263,
      p99: 1205,
    });
    expect(get(r, 'global', 'throughput').statistics).toEqual({ value: 83935 });
    expect(get(r, 'global', 'latency').parameter.settings).toEqual({ api: 'kuksa.val.v2', signals: 101 });
  });

  it('reads the README\'s second example with the "Signal/Second" doc drift', () => {
    const r = kuksaConsoleAdapter.parse({ file: readme, text: blocks[1]! }, {});
    expect(get(r, 'global', 'throughput').statistics).toEqual({ value: 1028 });
    expect(get(r, 'global', 'latency').statistics).toEqual({
      samples: 3086,
      min: 67,
      max: 295,
      mean: 140,
      p95: 215,
      median: 132,
      p90: 199,
      p99: 253,
    });
  });

  it("the whole README (two runs in one file, as kuksa-perf's CI tees every configuration into perf-result.txt) reads as two runs", () => {
    const r = kuksaConsoleAdapter.parse({ file: readme, text }, {});
    expect(r.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name])).toEqual([
      ['global', 'kuksa.val.v2, 101 signals', 'latency'],
      ['global', 'kuksa.val.v2, 101 signals', 'throughput'],
      ['global', 'kuksa.val.v2, 55 signals', 'latency'],
      ['global', 'kuksa.val.v2, 55 signals', 'throughput'],
    ]);
    // The same configuration gets the same key in a file of its own.
    const alone = kuksaConsoleAdapter.parse({ file: readme, text: blocks[1]! }, {});
    expect(alone.measurements.map((m) => m.parameter.label)).toEqual([
      'kuksa.val.v2, 55 signals',
      'kuksa.val.v2, 55 signals',
    ]);
  });

  it('a run repeating an earlier configuration in the same file is told apart as run N, never merged', () => {
    const r = kuksaConsoleAdapter.parse({ file: readme, text: `${blocks[0]!}\n${blocks[0]!}` }, {});
    expect(r.measurements.map((m) => m.parameter.label)).toEqual([
      'kuksa.val.v2, 101 signals',
      'kuksa.val.v2, 101 signals',
      'kuksa.val.v2, 101 signals, run 2',
      'kuksa.val.v2, 101 signals, run 2',
    ]);
    expect(r.notes.some((n) => n.includes('2 runs in one file'))).toBe(true);
  });

  const others = [
    'fixtures/formats/kuksa-perf/sensors/data_group_2.json',
    'fixtures/formats/fep3_sdk/perf_test.rst',
    'fixtures/formats/iceperf/README.md',
    'fixtures/formats/cyclonedds-ddsperf/ping.log',
    'fixtures/formats/hdrhistogram/example1.txt',
    'fixtures/formats/google-benchmark/test1_run1.json',
    'fixtures/real-runs/fastdds/shm_reliable_publisher_stdout.txt',
    'fixtures/real-runs/fastdds/shm_reliable_raw_data.csv',
    'fixtures/real-runs/ddsperf/pingpong_size1024_ping.txt',
    'fixtures/real-runs/hyperfine/hyperfine_true_vs_sleep.csv',
    'fixtures/real-runs/redis/redis_benchmark_d16_c10_n20000.csv',
    'fixtures/real-runs/iceperf/c_n10000_leader.txt',
    'fixtures/formats/fast-dds/eProsima-benchmarking/performance_results/fastrtps/latency/v192/summary.csv',
  ];
  it.each(others)('the kuksa adapters do not claim %s', (path) => {
    const head = readFileSync(join(sharedDir, path), 'utf8').slice(0, 65536);
    expect(kuksaConsoleAdapter.recognises(head, path)).toBe(false);
    expect(kuksaCsvAdapter.recognises(head, path)).toBe(false);
  });
});
