import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import { fepAdapter } from '../src/engine/formats/fep.js';
import { netio3Adapter } from '../src/engine/formats/netio3.js';
import type { Measurement, ResultSet } from '../src/engine/model/measurement.js';
import { describeShared, repoRoot, sharedDir } from './helpers/shared.js';

const local = (dir: string, name: string): string => join(repoRoot, 'fixtures', 'formats', dir, name);

function get(result: ResultSet, label: string, metric: string, experiment?: string): Measurement {
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

describe('FEP throughput table (project fixtures)', () => {
  it('reads the CSV form', () => {
    const file = local('fep', 'results.csv');
    const text = readFileSync(file, 'utf8');
    expect(fepAdapter.recognises(text, file)).toBe(true);
    const r = fepAdapter.parse({ file, text }, {});
    expect(r.measurements).toHaveLength(6);
    const t = get(r, '500 B, 1 ms, continuous', 'throughput');
    expect(t.experiment).toBe('results');
    expect(t.parameter).toEqual({
      label: '500 B, 1 ms, continuous',
      payloadBytes: 500,
      settings: { cycleTimeMs: 1, syncMode: 'continuous' },
    });
    expect(t.statistics).toEqual({ mean: 0.5, variance: 0.000000061941 });
    expect(t.metric).toMatchObject({ unit: 'MB/s', dimension: 'byterate', direction: 'higher-is-better' });
    expect(t.place.line).toBe(3);
    expect(get(r, '10000000 B, 100 ms, discrete', 'samples received').statistics).toEqual({ mean: 10.546 });
  });

  it('reads the RST grid form', () => {
    const file = local('fep', 'results.rst');
    const text = readFileSync(file, 'utf8');
    expect(fepAdapter.recognises(text, file)).toBe(true);
    const r = fepAdapter.parse({ file, text }, {});
    expect(r.measurements).toHaveLength(4);
    const t = get(r, '10000000 B, 100 ms, discrete', 'throughput');
    expect(t.statistics).toEqual({ mean: 99.12, variance: 0.0081 });
    expect(t.place.line).toBe(9);
  });

  it('rejects garbage, truncation and a table without rows', () => {
    const csv = readFileSync(local('fep', 'results.csv'), 'utf8');
    const g = inputError(() => fepAdapter.parse({ file: 'r.csv', text: csv.replace('0.500,', '0.5OO,') }, {}));
    expect(g.place).toEqual({ file: 'r.csv', line: 3, column: 1 });
    const t = inputError(() =>
      fepAdapter.parse({ file: 'r.csv', text: csv.split('\n').slice(0, 3).join('\n') + '\n100.037,0.0077' }, {}),
    );
    expect(t.place?.line).toBe(4);
    expect(inputError(() => fepAdapter.parse({ file: 'r.csv', text: csv.split('\n')[0]! + '\n' }, {})).message).toMatch(
      /no data rows/,
    );
    const rst = readFileSync(local('fep', 'results.rst'), 'utf8');
    const rstLines = rst.split('\n');
    const cut = inputError(() =>
      fepAdapter.parse(
        { file: 'r.rst', text: rstLines.slice(0, 8).join('\n') + '\n|              99.120 |      0.0081' },
        {},
      ),
    );
    expect(cut.place?.line).toBe(9);
    const bad = inputError(() => fepAdapter.parse({ file: 'r.rst', text: rst.replace('999.870', '999.8x0') }, {}));
    expect(bad.place).toEqual({ file: 'r.rst', line: 7, column: 62 });
    const noClose = inputError(() =>
      fepAdapter.parse({ file: 'r.rst', text: rstLines.slice(0, 7).join('\n') + '\n' }, {}),
    );
    expect(noClose.message).toMatch(/closing/);
  });
});

describe('netio3 sweep CSV (project fixture)', () => {
  const file = local('netio3', 'sweep.csv');
  const text = readFileSync(file, 'utf8');
  const r = netio3Adapter.parse({ file, text }, {});

  it('is recognised', () => expect(netio3Adapter.recognises(text, file)).toBe(true));

  it('takes the median over repetitions, per backend × buffer size × buffer count', () => {
    const rate = get(r, '4096 B × 16', 'message rate', 'LIBFABRIC-RDMA');
    expect(rate.parameter).toEqual({ label: '4096 B × 16', settings: { bufferBytes: 4096, bufferCount: 16 } });
    expect(rate.metric).toMatchObject({ unit: 'Hz', direction: 'higher-is-better' });
    // By hand: 2950000, 3010000, 1200000 → median 2950000.
    expect(rate.statistics).toMatchObject({ median: 2950000, min: 1200000, max: 3010000, samples: 3 });
    expect(rate.place.line).toBe(3);
    const thr = get(r, '4096 B × 16', 'throughput', 'LIBFABRIC-RDMA');
    expect(thr.metric).toMatchObject({ unit: 'Mb/s', displayUnit: 'Gbps' });
    expect(thr.statistics.median).toBeCloseTo(96670, 6);
    // Two repetitions: the median is their mean, (188.74 + 189.79) / 2 Gb/s.
    expect(get(r, '65536 B × 16', 'throughput').statistics.median).toBeCloseTo(189265, 6);
    expect(get(r, '1024 B × 8', 'message rate', 'ASYNCMSG-TCP').statistics).toMatchObject({
      median: 88000,
      samples: 1,
    });
  });

  it('rejects garbage, truncation and no rows', () => {
    const g = inputError(() => netio3Adapter.parse({ file, text: text.replace('3010000', '3O10000') }, {}));
    expect(g.place).toEqual({ file, line: 4, column: 26 });
    const t = inputError(() =>
      netio3Adapter.parse({ file, text: text.split('\n').slice(0, 4).join('\n') + '\nLIBFABRIC-RDMA,4096,1' }, {}),
    );
    expect(t.place?.line).toBe(5);
    const e = inputError(() => netio3Adapter.parse({ file, text: text.split('\n').slice(0, 2).join('\n') + '\n' }, {}));
    expect(e.message).toMatch(/no data rows/);
    expect(e.place?.line).toBe(2);
  });

  it('assumes units when the header names none, and says so', () => {
    const plain = 'buffer size,number of buffers,throughput\n1K,4,12.5\n';
    expect(netio3Adapter.recognises(plain, 'p.csv')).toBe(true);
    const p = netio3Adapter.parse({ file: 'p.csv', text: plain }, {});
    expect(p.measurements[0]!.parameter.label).toBe('1024 B × 4');
    expect(p.measurements[0]!.statistics.median).toBe(12500);
    expect(p.notes.some((n) => n.includes('assumed Gb/s'))).toBe(true);
  });
});

describeShared('FEP and netio3 on real files', () => {
  it('reads the FEP SDK perf_test.rst results table (and skips the hardware table)', () => {
    const file = join(sharedDir, 'fixtures', 'formats', 'fep3_sdk', 'perf_test.rst');
    const text = readFileSync(file, 'utf8');
    expect(fepAdapter.recognises(text, file)).toBe(true);
    const r = fepAdapter.parse({ file, text }, {});
    expect(r.measurements).toHaveLength(12);
    expect(r.measurements.every((m) => m.experiment === 'perf_test')).toBe(true);
    const c = get(r, '10000000 B, 100 ms, continuous', 'throughput');
    expect(c.statistics).toEqual({ mean: 100.037, variance: 0.007762639499 });
    expect(c.place.line).toBe(100);
    expect(get(r, '10 B, 1 ms, discrete', 'samples received').statistics).toEqual({ mean: 1000.606 });
    expect(get(r, '500 B, 1 ms, discrete', 'throughput').statistics).toEqual({ mean: 0.5, variance: 0.000000062269 });
    expect(get(r, '10000000 B, 100 ms, discrete', 'throughput').statistics.mean).toBe(100.038);
  });

  it('the seed 000 document (same table) reads the same', () => {
    const file = join(sharedDir, 'seeds', '000_c3b617b042579b21.txt');
    const r = fepAdapter.parse({ file, text: readFileSync(file, 'utf8') }, {});
    expect(get(r, '10 B, 1 ms, continuous', 'throughput').statistics).toEqual({ mean: 0.01, variance: 0.000000000025 });
  });

  const others = [
    'fixtures/formats/kuksa-perf/README.md',
    'fixtures/formats/iceperf/README.md',
    'fixtures/formats/cyclonedds-ddsperf/throughput.txt',
    'fixtures/formats/iceoryx2/benchmark_mechanism_comparison_rp4.dat',
    'fixtures/formats/hdrhistogram/example2.txt',
    'fixtures/formats/google-benchmark/test2_run.json',
    'fixtures/formats/fast-dds/throughput/README.md',
    'fixtures/formats/fast-dds/eProsima-benchmarking/performance_results/dds_vendors_comparisons/throughput/localhost/fastrtps/results_max_2019-11-04_15-39-11',
    'fixtures/formats/fast-dds/eProsima-benchmarking/performance_results/dds_vendors_comparisons/throughput/localhost/fastrtps/raw_pub_2019-11-04_15-39-11',
    'fixtures/real-runs/fastdds/shm_reliable_raw_data.csv',
    'fixtures/real-runs/fastdds/udp_reliable_publisher_stdout.txt',
    'fixtures/real-runs/ddsperf/throughput_size64_sub.txt',
    'fixtures/real-runs/hyperfine/hyperfine_true_vs_sleep.md',
    'fixtures/real-runs/redis/redis_benchmark_d1024_c10_n20000.csv',
    'seeds/002_a6660d485dd89ef1.txt',
  ];
  it.each(others)('neither FEP nor netio3 claims %s', (path) => {
    const head = readFileSync(join(sharedDir, path), 'utf8').slice(0, 65536);
    expect(fepAdapter.recognises(head, path)).toBe(false);
    expect(netio3Adapter.recognises(head, path)).toBe(false);
  });
});
