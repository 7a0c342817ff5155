import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { fastddsLatencyConsoleAdapter } from '../src/engine/formats/fastdds/latencyConsole.js';
import { fastddsLatencyCsvAdapter } from '../src/engine/formats/fastdds/latencyCsv.js';
import { fastddsThroughputAdapter } from '../src/engine/formats/fastdds/throughput.js';
import type { Measurement, ResultSet } from '../src/engine/model/measurement.js';
import { describeShared, repoRoot, sharedDir } from './helpers/shared.js';

const local = (name: string): string => join(repoRoot, 'fixtures', 'formats', 'fastdds-tools', name);
const realRuns = (name: string): string => join(sharedDir, 'fixtures', 'real-runs', name);
const bench = (name: string): string =>
  join(sharedDir, 'fixtures', 'formats', 'fast-dds', 'eProsima-benchmarking', 'performance_results', name);

function parseFile(adapter: FormatAdapter, file: string): ResultSet {
  const text = readFileSync(file, 'utf8');
  expect(adapter.recognises(text.slice(0, 65536), file)).toBe(true);
  return adapter.parse({ file, text }, {});
}

function find(result: ResultSet, label: string, metric = 'latency', experiment?: string): Measurement {
  const m = result.measurements.find(
    (x) =>
      x.parameter.label === label &&
      x.metric.name === metric &&
      (experiment === undefined || x.experiment === experiment),
  );
  if (!m) throw new Error(`no ${metric} at ${label}`);
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

describe('Fast-DDS LatencyTest console table (project fixture)', () => {
  const result = parseFile(fastddsLatencyConsoleAdapter, local('latency_publisher_stdout.txt'));

  it('reads every row with its statistics in µs', () => {
    expect(result.format).toBe('fastdds-latency-console');
    expect(result.measurements).toHaveLength(3);
    const m = find(result, '16 B');
    expect(m.experiment).toBe('latency');
    expect(m.parameter.payloadBytes).toBe(16);
    expect(m.metric).toMatchObject({ unit: 'us', dimension: 'time', direction: 'lower-is-better' });
    expect(m.statistics).toEqual({
      samples: 10000,
      stdev: 0.248,
      mean: 1.279,
      min: 1.106,
      median: 1.263,
      p90: 1.358,
      p99: 2.509,
      p9999: 6.932,
      max: 7.261,
    });
    expect(m.place).toEqual({ file: local('latency_publisher_stdout.txt'), line: 6 });
  });

  it('keeps nan percentiles as NaN and reads fields wider than 8 characters', () => {
    const m = find(result, '1048576 B');
    expect(m.statistics.mean).toBe(12345.678);
    expect(m.statistics.max).toBe(12345.678);
    expect(Number.isNaN(m.statistics.median)).toBe(true);
    expect(result.notes.some((n) => n.includes('nan'))).toBe(true);
  });

  it('rejects a truncated row, a garbage value and a table without rows, naming the line', () => {
    const text = readFileSync(local('latency_publisher_stdout.txt'), 'utf8');
    const lines = text.split('\n');
    const truncated = lines.slice(0, 6).join('\n') + '\n   16384,   10000,   0.822,   3.678,   3.0';
    expect(
      inputError(() => fastddsLatencyConsoleAdapter.parse({ file: 'x.txt', text: truncated }, {})).place,
    ).toMatchObject({ file: 'x.txt', line: 7 });
    const cut =
      lines.slice(0, 6).join('\n') +
      '\n   16384,   10000,   0.822,   3.678,   3.078,   3.145,   4.399,   5.538,  17.373,  17.8';
    expect(inputError(() => fastddsLatencyConsoleAdapter.parse({ file: 'x.txt', text: cut }, {})).place).toMatchObject({
      line: 7,
      column: 84,
    });
    const garbage = text.replace('   2.509,', '   2.5o9,');
    const error = inputError(() => fastddsLatencyConsoleAdapter.parse({ file: 'x.txt', text: garbage }, {}));
    expect(error.place).toMatchObject({ line: 6, column: 67 });
    const empty = lines.slice(0, 5).join('\n') + '\nEVERYTHING STOPPED FINE\n';
    const noRows = inputError(() => fastddsLatencyConsoleAdapter.parse({ file: 'x.txt', text: empty }, {}));
    expect(noRows.message).toMatch(/no data rows/);
    expect(noRows.place).toMatchObject({ line: 3 });
  });
});

describe('Fast-DDS ThroughputTest --export_csv (project fixture)', () => {
  const file = local('measurements_interprocess_best_effort.csv');
  const result = parseFile(fastddsThroughputAdapter, file);

  it('reads throughput, sample rate and lost samples with directions', () => {
    expect(result.format).toBe('fastdds-throughput');
    const t = find(result, '1024 B × 10000 × 5 ms', 'throughput');
    expect(t.experiment).toBe('interprocess_best_effort');
    expect(t.parameter).toEqual({
      label: '1024 B × 10000 × 5 ms',
      payloadBytes: 1024,
      settings: { demand: 10000, recoveryMs: 5 },
    });
    expect(t.statistics).toEqual({ value: 3286.052 });
    expect(t.metric).toMatchObject({ unit: 'Mb/s', direction: 'higher-is-better' });
    expect(find(result, '16 B × 100 × 0 ms', 'sample rate').statistics.value).toBe(2343927.6);
    const lost = find(result, '16 B × 100 × 0 ms', 'lost samples');
    expect(lost.statistics.value).toBe(600);
    expect(lost.metric.direction).toBe('lower-is-better');
    expect(lost.place.line).toBe(2);
    expect(find(result, '16 B × 100 × 0 ms', 'publication throughput').statistics.value).toBe(300.2);
  });

  it('sums the rows of several subscribers of one test', () => {
    const text =
      readFileSync(file, 'utf8') +
      '16,100,0,2345600,1000123.400,2345311.400,300.200,2344000,1600,1000456.700,2342927.600,299.978\n';
    const r = fastddsThroughputAdapter.parse({ file, text }, {});
    expect(find(r, '16 B × 100 × 0 ms', 'throughput').statistics.value).toBeCloseTo(600.0, 9);
    expect(find(r, '16 B × 100 × 0 ms', 'lost samples').statistics.value).toBe(2200);
  });

  it('rejects truncation, garbage and a header without rows', () => {
    const text = readFileSync(file, 'utf8');
    const [header, row1] = text.split('\n');
    expect(
      inputError(() => fastddsThroughputAdapter.parse({ file, text: `${header}\n${row1}\n1024,10000,5,4100` }, {}))
        .place,
    ).toMatchObject({ line: 3 });
    const bad = inputError(() =>
      fastddsThroughputAdapter.parse({ file, text: text.replace('300.022', '300,02x') }, {}),
    );
    expect(bad.place?.line).toBe(2);
    const garbage = inputError(() =>
      fastddsThroughputAdapter.parse({ file, text: text.replace('3286.052', 'n/a') }, {}),
    );
    expect(garbage.place).toMatchObject({ line: 3, column: 77 });
    const empty = inputError(() => fastddsThroughputAdapter.parse({ file, text: `${header}\n` }, {}));
    expect(empty.message).toMatch(/no data rows/);
  });
});

describe('Fast-DDS LatencyTest --export_csv legacy files (project fixture)', () => {
  it('reads a per-size file', () => {
    const result = parseFile(fastddsLatencyCsvAdapter, local('perf_LatencyTest_16_besteffort.csv'));
    expect(result.measurements).toHaveLength(1);
    expect(result.measurements[0]).toMatchObject({
      experiment: 'perf_LatencyTest',
      parameter: { label: '16 B', payloadBytes: 16, settings: { reliability: 'besteffort' } },
      statistics: { samples: 10000, min: 1.106, mean: 1.279 },
      place: { line: 2 },
    });
  });

  it('rejects a truncated minimum file', () => {
    const text = '"10 samples of 16 bytes (us)","10 samples of 64 bytes (us)"\n,"1.5""2.';
    const error = inputError(() => fastddsLatencyCsvAdapter.parse({ file: 'p_minimum_reliable.csv', text }, {}));
    expect(error.place).toMatchObject({ line: 2, column: 7 });
  });
});

describeShared('Fast-DDS tools on real files', () => {
  it('reads the real-runs LatencyTest publisher stdout (Fast-DDS 2.9.1)', () => {
    const result = parseFile(fastddsLatencyConsoleAdapter, realRuns('fastdds/shm_reliable_publisher_stdout.txt'));
    expect(result.measurements).toHaveLength(6);
    const m16 = find(result, '16 B');
    expect(m16.experiment).toBe('shm_reliable');
    expect(m16.statistics).toEqual({
      samples: 5000,
      stdev: 32.866,
      mean: 41.976,
      min: 13.365,
      median: 38.164,
      p90: 58.72,
      p99: 100.044,
      p9999: 1316.718,
      max: 1404.831,
    });
    expect(m16.place.line).toBe(7);
    expect(find(result, '16384 B').statistics).toMatchObject({ p9999: 2894.894, max: 3059.935, stdev: 125.441 });
    const udp = parseFile(fastddsLatencyConsoleAdapter, realRuns('fastdds/udp_reliable_publisher_stdout.txt'));
    expect(udp.measurements[0]!.experiment).toBe('udp_reliable');
    expect(udp.measurements).toHaveLength(6);
  });

  it('reads every *_publisher_stdout.txt of real-runs and repeats', () => {
    const files = [
      'fastdds/udp_reliable_run2_publisher_stdout.txt',
      ...[
        'shm_reliable_r02',
        'shm_reliable_r03',
        'shm_reliable_r04',
        'shm_reliable_r05',
        'udp_reliable_r03',
        'udp_reliable_r04',
        'udp_reliable_r05',
        'udp_reliable_r06',
      ].map((t) => `repeats/fastdds/${t}_publisher_stdout.txt`),
    ];
    for (const f of files) {
      const r = parseFile(fastddsLatencyConsoleAdapter, realRuns(f));
      expect(r.measurements.map((m) => m.parameter.payloadBytes)).toEqual([16, 64, 256, 1024, 4096, 16384]);
      for (const m of r.measurements) expect(m.statistics.samples).toBe(5000);
    }
  });

  it('reads Fast-RTPS 1.9.2 publisher.out with ANSI colours (eProsima/benchmarking)', () => {
    const result = parseFile(fastddsLatencyConsoleAdapter, bench('fastrtps/latency/v192/publisher.out'));
    expect(result.measurements).toHaveLength(11);
    expect(result.measurements[0]!.experiment).toBe('publisher');
    expect(find(result, '16 B').statistics).toEqual({
      samples: 10001,
      stdev: 2.367,
      mean: 8.272,
      min: 7.029,
      median: 7.486,
      p90: 10.606,
      p99: 14.735,
      p9999: 58.625,
      max: 122.599,
    });
    expect(find(result, '16384 B').statistics).toMatchObject({ mean: 16.457, max: 148.989 });
  });

  it('reads Fast-RTPS 1.9.3 intraprocess output with rows between progress lines and no trailing space', () => {
    const result = parseFile(fastddsLatencyConsoleAdapter, bench('fastrtps/latency/v193/publisher_intraprocess.out'));
    expect(result.measurements).toHaveLength(11);
    expect(result.measurements[0]!.experiment).toBe('intraprocess');
    const m = find(result, '32 B');
    expect(m.statistics).toMatchObject({
      samples: 10000,
      stdev: 0.476,
      mean: 1.592,
      min: 0.838,
      p9999: 8.677,
      max: 12.358,
    });
    expect(m.place.line).toBe(31);
    expect(find(result, '16384 B').statistics.max).toBe(15.109);
  });

  it('reads the 1.9.3 interprocess output', () => {
    const result = parseFile(fastddsLatencyConsoleAdapter, bench('fastrtps/latency/v193/publisher_interprocess.out'));
    expect(result.measurements).toHaveLength(11);
    expect(find(result, '8192 B').statistics).toMatchObject({ mean: 13.51, max: 141.266 });
    expect(find(result, '16384 B').statistics).toMatchObject({ stdev: 13.064, p9999: 147.682, max: 148.186 });
    expect(find(result, '16384 B').place.line).toBe(21);
  });

  it('reads the legacy --export_csv files, including the run-together minimum/average files', () => {
    const perSize = parseFile(fastddsLatencyCsvAdapter, realRuns('fastdds/shm_reliable_16_reliable.csv'));
    expect(perSize.measurements[0]).toMatchObject({
      experiment: 'shm_reliable',
      parameter: { payloadBytes: 16, settings: { reliability: 'reliable' } },
      statistics: { samples: 5000, min: 13.365, mean: 41.9759 },
    });
    const minimum = parseFile(fastddsLatencyCsvAdapter, realRuns('fastdds/shm_reliable_minimum_reliable.csv'));
    expect(minimum.measurements.map((m) => [m.parameter.payloadBytes, m.statistics.min])).toEqual([
      [16, 13.365],
      [64, 15.789],
      [256, 17.939],
      [1024, 13.7805],
      [4096, 14.702],
      [16384, 19.011],
    ]);
    const average = parseFile(fastddsLatencyCsvAdapter, realRuns('fastdds/shm_reliable_average_reliable.csv'));
    expect(average.measurements.map((m) => m.statistics.mean)).toEqual([
      41.9759, 59.255, 59.853, 64.6918, 75.5792, 75.3379,
    ]);
    for (const tag of ['udp_reliable', 'udp_reliable_run2']) {
      for (const kind of ['16', '64', '256', '1024', '4096', '16384', 'minimum', 'average']) {
        const r = parseFile(fastddsLatencyCsvAdapter, realRuns(`fastdds/${tag}_${kind}_reliable.csv`));
        expect(r.measurements[0]!.experiment).toBe(tag);
      }
    }
  });

  it('reads the Fast-RTPS 1.9.x throughput CSV spelling (results_max)', () => {
    const file = bench('dds_vendors_comparisons/throughput/localhost/fastrtps/results_max_2019-11-04_15-39-11');
    const result = parseFile(fastddsThroughputAdapter, file);
    expect(result.measurements.filter((m) => m.metric.name === 'throughput')).toHaveLength(11);
    const t = find(result, '16384 B × 20000 × 70 ms', 'throughput');
    expect(t.statistics.value).toBe(21946.479);
    expect(t.place.line).toBe(12);
    expect(find(result, '16 B × 10000 × 30 ms', 'sample rate').statistics.value).toBe(306502.42);
    expect(find(result, '2048 B × 10000 × 0 ms', 'lost samples').statistics.value).toBe(0);
    expect(find(result, '512 B × 30000 × 80 ms', 'publication throughput').statistics.value).toBe(2737.388);
  });

  const others = [
    'fixtures/real-runs/fastdds/shm_reliable_raw_data.csv',
    'fixtures/real-runs/fastdds/payloads_demands.csv',
    'fixtures/real-runs/fastdds/shm_reliable_subscriber_stdout.txt',
    'fixtures/formats/fast-dds/eProsima-benchmarking/performance_results/fastrtps/latency/v192/summary.csv',
    'fixtures/formats/fast-dds/eProsima-benchmarking/performance_results/fastrtps/latency/v193/summary_intraprocess.csv',
    'fixtures/formats/fast-dds/eProsima-benchmarking/performance_results/dds_vendors_comparisons/latency/localhost/fastrtps/results_2019-09-23_07-28-16.csv',
    'fixtures/formats/fast-dds/eProsima-benchmarking/performance_results/dds_vendors_comparisons/throughput/localhost/fastrtps/raw_pub_2019-11-04_15-39-11',
    'fixtures/formats/fast-dds/latency/README.md',
    'fixtures/formats/fast-dds/throughput/README.md',
    'fixtures/formats/kuksa-perf/README.md',
    'fixtures/formats/fep3_sdk/perf_test.rst',
    'fixtures/formats/iceperf/README.md',
    'fixtures/formats/cyclonedds-ddsperf/ping.log',
    'fixtures/real-runs/ddsperf/throughput_size1024_sub.txt',
    'fixtures/real-runs/hyperfine/hyperfine_seq_param.csv',
    'fixtures/real-runs/redis/redis_benchmark_d16_c10_n20000.csv',
    'fixtures/real-runs/iceperf/cpp_n10000_leader.txt',
  ];

  it.each(others)('no Fast-DDS tool adapter claims %s', (path) => {
    const text = readFileSync(join(sharedDir, path), 'utf8').slice(0, 65536);
    expect(fastddsLatencyCsvAdapter.recognises(text, path)).toBe(false);
    expect(fastddsThroughputAdapter.recognises(text, path)).toBe(false);
    expect(fastddsLatencyConsoleAdapter.recognises(text, path)).toBe(false);
  });

  it('the requirements CSVs and the fastdds reference fixtures are not claimed', () => {
    const requirements =
      'Experiment type,Payload [Bytes],Lost [samples],Subscription throughput [Mb/s]\ninterprocess,16,0,300.0\n';
    expect(fastddsThroughputAdapter.recognises(requirements, 'r.csv')).toBe(false);
    const latencyRequirements = 'Experiment type,Bytes,Median,99%,Max\ninterprocess,16,1,2,3\n';
    for (const a of [fastddsLatencyConsoleAdapter, fastddsLatencyCsvAdapter, fastddsThroughputAdapter]) {
      expect(a.recognises(latencyRequirements, 'r.csv')).toBe(false);
    }
  });
});
