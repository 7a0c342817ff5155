import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { InputError, UsageError } from '../src/engine/errors.js';
import { ddsperfAdapter } from '../src/engine/formats/ddsperf.js';
import type { Measurement, ResultSet } from '../src/engine/model/measurement.js';
import { describeShared, read, repoRoot, sharedDir } from './helpers/shared.js';

const own = join(repoRoot, 'fixtures', 'formats', 'ddsperf');
const realDir = join(sharedDir, 'fixtures', 'real-runs', 'ddsperf');
const repeatsDir = join(sharedDir, 'fixtures', 'real-runs', 'repeats', 'ddsperf');

const head = (path: string) => read(path).slice(0, 65536);

function parse(path: string, skipSeconds?: number): ResultSet {
  return ddsperfAdapter.parse({ file: path, text: read(path) }, skipSeconds === undefined ? {} : { skipSeconds });
}

function parseText(text: string, skipSeconds?: number): ResultSet {
  return ddsperfAdapter.parse({ file: 'in.txt', text }, skipSeconds === undefined ? {} : { skipSeconds });
}

function find(result: ResultSet, experiment: string, label: string, metric: string): Measurement {
  const found = result.measurements.find(
    (m) => m.experiment === experiment && m.parameter.label === label && m.metric.name === metric,
  );
  if (!found) throw new Error(`no ${experiment} / ${label} / ${metric} in ${result.file}`);
  return found;
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

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? allFiles(path) : [path];
  });
}

describe('ddsperf: project fixtures', () => {
  const ping = join(own, 'ping_size64.txt');
  const sub = join(own, 'sub_size1024.txt');

  test('ping: one latency measurement per size, seconds combined as documented', () => {
    expect(ddsperfAdapter.recognises(head(ping), ping)).toBe(true);
    const result = parse(ping);
    expect(result.format).toBe('ddsperf');
    expect(result.measurements).toHaveLength(1);
    const m = result.measurements[0]!;
    expect(m.experiment).toBe('ping');
    expect(m.parameter).toEqual({ label: '64', payloadBytes: 64 });
    expect(m.metric).toEqual({
      name: 'latency',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'us',
      direction: 'lower-is-better',
    });
    // means 40/10/12/11 with counts 1000/3000/2000/2000: (40000+30000+24000+22000)/8000 = 14.5
    expect(m.statistics.mean).toBeCloseTo(14.5, 12);
    expect(m.statistics).toMatchObject({ min: 7.5, max: 900, samples: 8000 });
    // medians of the per-second values: 50% 39/9/9.5/10 → 9.75; 90% 45/11/12/13 → 12.5; 99% 60/20/22/21 → 21.5
    expect(m.statistics.median).toBeCloseTo(9.75, 12);
    expect(m.statistics.p90).toBeCloseTo(12.5, 12);
    expect(m.statistics.p99).toBeCloseTo(21.5, 12);
    expect(m.place).toEqual({ file: ping, line: 3 });
  });

  test('skip-seconds drops the first lines of the series and says so', () => {
    const result = parse(ping, 1);
    const m = result.measurements[0]!;
    // seconds 3, 4, 5 remain: means 10/12/11 with counts 3000/2000/2000 → 76000/7000
    expect(m.statistics.mean).toBeCloseTo(76000 / 7000, 12);
    expect(m.statistics).toMatchObject({ min: 7.5, max: 300, samples: 7000, median: 9.5, p90: 12, p99: 21 });
    expect(m.place.line).toBe(6);
    expect(result.notes.join('\n')).toMatch(
      /skipped the first 1 per-second line\(s\) of each series as warm-up \(1 line\(s\) in all\)/,
    );
  });

  test('skip-seconds that drops everything is an InputError; a bad value is a UsageError', () => {
    const error = inputError(() => parse(ping, 4));
    expect(error.message).toMatch(/drops all 4 per-second ping lines of size 64/);
    expect(error.place).toEqual({ file: ping, line: 3 });
    expect(() => parse(ping, -1)).toThrow(UsageError);
    expect(() => parse(ping, 1.5)).toThrow(UsageError);
  });

  test('sub: throughput and rate (higher is better), lost samples, and sublat one-way latency', () => {
    const result = parse(sub);
    expect(result.measurements.map((m) => `${m.experiment}/${m.parameter.label}/${m.metric.name}`).sort()).toEqual([
      'sub/1024/latency',
      'sub/1024/lost samples',
      'sub/1024/message rate',
      'sub/1024/throughput',
    ]);
    const thr = find(result, 'sub', '1024', 'throughput');
    expect(thr.metric).toEqual({
      name: 'throughput',
      dimension: 'bitrate',
      unit: 'Mb/s',
      displayUnit: 'Mb/s',
      direction: 'higher-is-better',
    });
    // per-second Mb/s 8.19, 3276.80, 4096.00, 3686.40 → median (3276.8 + 3686.4) / 2
    expect(thr.statistics.median).toBeCloseTo(3481.6, 9);
    expect(thr.statistics).toMatchObject({ min: 8.19, max: 4096, samples: 1351000 });
    expect(thr.place).toEqual({ file: sub, line: 3 });
    const rate = find(result, 'sub', '1024', 'message rate');
    expect(rate.metric).toMatchObject({
      dimension: 'rate',
      unit: 'Hz',
      displayUnit: 'kS/s',
      direction: 'higher-is-better',
    });
    expect(rate.statistics.median).toBeCloseTo(425000, 6); // (400 + 450) / 2 kS/s
    expect(rate.statistics.max).toBeCloseTo(500000, 6);
    expect(find(result, 'sub', '1024', 'lost samples').statistics).toEqual({ value: 5 });
    const sublat = find(result, 'sub', '1024', 'latency');
    expect(sublat.statistics).toMatchObject({ min: 14, max: 25, samples: 400, median: 15.5 });
    expect(sublat.statistics.mean).toBeCloseTo((15.1 * 100 + 16.1 * 300) / 400, 12);
    expect(sublat.place.line).toBe(5);
  });

  test('sub lines without the 10-second average (before 0.7.0)', () => {
    const result = parse(join(own, 'sub_old_no_average.txt'));
    const thr = find(result, 'sub', '12', 'throughput');
    expect(thr.statistics).toMatchObject({ median: 78.72, min: 77.27, max: 81.6, samples: 804907 + 850000 + 820000 });
    expect(find(result, 'sub', '12', 'lost samples').statistics.value).toBe(2);
  });

  describe('broken lines give InputError with line and column', () => {
    const lines = () => read(ping).split('\n');

    test('a garbled number', () => {
      const l = lines();
      l[7] =
        '[500] 4.000  host2:600 size 64 mean 12.000us min 8.5O0us 50% 9.500us 90% 12.000us 99% 22.000us max 300.000us cnt 2000';
      const error = inputError(() => parseText(l.join('\n')));
      expect(error.place).toEqual({ file: 'in.txt', line: 8, column: 45 });
      expect(error.message).toMatch(/expected "min <number>us"/);
    });

    test('a line cut off at the end of the file', () => {
      const text = lines().slice(0, 7).join('\n') + '\n[500] 4.000  host2:600 size 64 mean 12.000us min 8.5';
      const error = inputError(() => parseText(text));
      expect(error.place).toEqual({ file: 'in.txt', line: 8, column: 45 });
    });

    test('a cut subscriber line', () => {
      const l = read(sub).split('\n');
      l[3] = '[700] 2.000  size 1024 total 401000 lost 0 delta 400000 lost 0 rate 400.00 kS/s';
      expect(inputError(() => parseText(l.join('\n'))).place).toEqual({ file: 'in.txt', line: 4, column: 80 });
    });

    test('trailing text after cnt', () => {
      const l = lines();
      l[2] = l[2] + ' extra';
      expect(inputError(() => parseText(l.join('\n'))).place).toMatchObject({ line: 3, column: 120 });
    });

    test('participant lines only: no measurements, said so', () => {
      const text = lines().slice(0, 2).join('\n') + '\n';
      expect(inputError(() => parseText(text)).message).toMatch(/without ping latency or subscriber throughput lines/);
    });
  });
});

test('ddsperf does not take the iceoryx project fixtures, nor they it', async () => {
  const { iceperfAdapter } = await import('../src/engine/formats/iceperf.js');
  const { iceoryx2Adapter } = await import('../src/engine/formats/iceoryx2.js');
  const others = join(repoRoot, 'fixtures', 'formats');
  for (const dir of ['iceperf', 'iceoryx2']) {
    for (const name of readdirSync(join(others, dir)))
      expect(ddsperfAdapter.recognises(head(join(others, dir, name)), name)).toBe(false);
  }
  for (const name of readdirSync(own)) {
    expect(iceperfAdapter.recognises(head(join(own, name)), name)).toBe(false);
    expect(iceoryx2Adapter.recognises(head(join(own, name)), name)).toBe(false);
  }
});

describeShared('ddsperf: real outputs in ../shared', () => {
  test('pingpong_size16_ping.txt: five seconds combined', () => {
    const path = join(realDir, 'pingpong_size16_ping.txt');
    expect(ddsperfAdapter.recognises(head(path), path)).toBe(true);
    const result = parse(path);
    expect(result.measurements).toHaveLength(1);
    const m = find(result, 'ping', '16', 'latency');
    // Read off the file: min 8.197 (t=6), max 1193.884/1224.636/1759.643/4623.675/1385.745 → 4623.675,
    // 50% 8.512/8.462/8.462/8.462/8.482 → 8.462, 90% → 9.093, 99% → 12.948, cnt summed 271553.
    expect(m.statistics).toMatchObject({
      min: 8.197,
      max: 4623.675,
      median: 8.462,
      p90: 9.093,
      p99: 12.948,
      samples: 271553,
    });
    // Σ mean·cnt / Σ cnt = 9.1619 µs (between the per-second means 8.800 and 9.609)
    expect(m.statistics.mean).toBeCloseTo(9.1619, 4);
    expect(m.place).toEqual({ file: path, line: 3 });
  });

  test('pingpong_size16_ping.txt with skip-seconds 2 keeps t = 4, 5, 6', () => {
    const path = join(realDir, 'pingpong_size16_ping.txt');
    const m = parse(path, 2).measurements[0]!;
    expect(m.statistics).toMatchObject({ min: 8.197, max: 4623.675, median: 8.462, samples: 55135 + 51813 + 53092 });
    expect(m.place.line).toBe(9);
  });

  test.each([
    ['pingpong_size64_ping.txt', '64'],
    ['pingpong_size256_ping.txt', '256'],
    ['pingpong_size1024_ping.txt', '1024'],
    ['pingpong_size4096_ping.txt', '4096'],
    ['pingpong_size16384_ping.txt', '16384'],
  ])('%s: one ping latency for size %s', (name, size) => {
    const result = parse(join(realDir, name));
    expect(result.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name])).toEqual([
      ['ping', size, 'latency'],
    ]);
  });

  test('pingpong_size16384_ping.txt with skip-seconds 4: the t = 6 line alone (line 15)', () => {
    const m = parse(join(realDir, 'pingpong_size16384_ping.txt'), 4).measurements[0]!;
    expect(m.statistics).toEqual({
      mean: 25.278,
      min: 17.526,
      median: 19.834,
      p90: 20.711,
      p99: 40.485,
      max: 2670.701,
      samples: 19748,
    });
    expect(m.place.line).toBe(15);
  });

  test('throughput_size64_sub.txt: six seconds of throughput', () => {
    const path = join(realDir, 'throughput_size64_sub.txt');
    const result = parse(path);
    const thr = find(result, 'sub', '64', 'throughput');
    // Mb/s 351.65 327.30 315.96 278.36 566.97 261.80 → median (315.96 + 327.30) / 2 = 321.63
    expect(thr.statistics.median).toBeCloseTo(321.63, 9);
    expect(thr.statistics).toMatchObject({ min: 261.8, max: 566.97, samples: 4105840 });
    expect(thr.place).toEqual({ file: path, line: 3 });
    // kS/s 686.83 639.26 617.11 543.67 1107.37 511.32 → median 628.185 kS/s
    expect(find(result, 'sub', '64', 'message rate').statistics.median).toBeCloseTo(628185, 6);
    expect(find(result, 'sub', '64', 'lost samples').statistics).toEqual({ value: 0 });
  });

  test('throughput_size1024_sub.txt and throughput_size16384_sub.txt', () => {
    const r1024 = parse(join(realDir, 'throughput_size1024_sub.txt'));
    // 3204.18 3682.44 3956.55 3159.69 4116.01 4042.97 → median (3682.44 + 3956.55) / 2
    expect(find(r1024, 'sub', '1024', 'throughput').statistics).toMatchObject({ min: 3159.69, max: 4116.01 });
    expect(find(r1024, 'sub', '1024', 'throughput').statistics.median).toBeCloseTo(3819.495, 9);
    const r16k = parse(join(realDir, 'throughput_size16384_sub.txt'), 1);
    // t = 3…7: 6454.96 6669.42 5381.04 3851.26 4055.63 → median 5381.04
    expect(find(r16k, 'sub', '16384', 'throughput').statistics).toMatchObject({
      median: 5381.04,
      min: 3851.26,
      max: 6669.42,
    });
    expect(find(r16k, 'sub', '16384', 'throughput').place.line).toBe(6);
  });

  test('repeat runs parse: pingpong_size64_r03_ping.txt min 8.317', () => {
    const m = parse(join(repeatsDir, 'pingpong_size64_r03_ping.txt')).measurements[0]!;
    expect(m).toMatchObject({ experiment: 'ping', parameter: { payloadBytes: 64 } });
    expect(m.statistics.min).toBe(8.317);
    for (const name of readdirSync(repeatsDir).filter((n) => n.endsWith('_ping.txt'))) {
      expect(parse(join(repeatsDir, name)).measurements).toHaveLength(1);
    }
  });

  test('2019 ping.log (16 concatenated runs, one size each)', () => {
    const path = join(sharedDir, 'fixtures', 'formats', 'cyclonedds-ddsperf', 'ping.log');
    expect(ddsperfAdapter.recognises(head(path), path)).toBe(true);
    const result = parse(path);
    expect(result.measurements.map((m) => Number(m.parameter.label)).sort((a, b) => a - b)).toEqual([
      12, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000, 1000000,
    ]);
    const m12 = find(result, 'ping', '12', 'latency');
    // 19 seconds of size 12: smallest min 29.139, largest max 47.440, cnt summed 308572, 10th of the sorted 50% values
    // 30.567
    expect(m12.statistics).toMatchObject({ min: 29.139, max: 47.44, samples: 308572, median: 30.567 });
    expect(m12.place.line).toBe(3);
  });

  test.each(readdirSyncSafe(realDir).filter((n) => /_(pong|pub)\.txt$/.test(n)))(
    '%s (pong/pub side) is refused with a reason',
    (name) => {
      const path = join(realDir, name);
      expect(ddsperfAdapter.recognises(head(path), path)).toBe(true);
      expect(inputError(() => parse(path)).message).toMatch(/pong or pub side/);
    },
  );

  test('ddsperf says yes to exactly the ddsperf files in ../shared', () => {
    const files = allFiles(join(sharedDir, 'fixtures')).filter((f) => !f.endsWith('.gz'));
    const yes = files.filter((f) => ddsperfAdapter.recognises(head(f), f)).map((f) => relative(sharedDir, f));
    const expected = files
      .map((f) => relative(sharedDir, f))
      .filter(
        (f) =>
          f.includes(join('real-runs', 'ddsperf')) || f.includes(join('repeats', 'ddsperf')) || f.endsWith('ping.log'),
      );
    expect(yes.sort()).toEqual(expected.sort());
    expect(expected.length).toBe(31);
    // The derived throughput summary and other tools' CSV/JSON/text are not ddsperf output.
    expect(yes.some((f) => f.endsWith('throughput.txt') || f.endsWith('.csv') || f.endsWith('.json'))).toBe(false);
  });
});

function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return ['(missing)'];
  }
}
