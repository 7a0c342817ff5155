import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import { iceperfAdapter } from '../src/engine/formats/iceperf.js';
import { iceoryx2Adapter } from '../src/engine/formats/iceoryx2.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import type { Measurement, ResultSet } from '../src/engine/model/measurement.js';
import { describeShared, read, repoRoot, sharedDir } from './helpers/shared.js';

const own = join(repoRoot, 'fixtures', 'formats');
const real = join(sharedDir, 'fixtures', 'real-runs', 'iceperf');

function parse(adapter: FormatAdapter, path: string, skipSeconds?: number): ResultSet {
  const text = read(path);
  return adapter.parse({ file: path, text }, skipSeconds === undefined ? {} : { skipSeconds });
}

function parseText(adapter: FormatAdapter, text: string): ResultSet {
  return adapter.parse({ file: 'in.txt', text }, {});
}

function find(result: ResultSet, experiment: string, label: string): Measurement {
  const found = result.measurements.find((m) => m.experiment === experiment && m.parameter.label === label);
  if (!found) throw new Error(`no ${experiment} / ${label} in ${result.file}`);
  return found;
}

/** The InputError `fn` throws (failing the test when it throws something else or nothing). */
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

const head = (path: string) => read(path).slice(0, 65536);

describe('iceperf: project fixtures', () => {
  const v295 = join(own, 'iceperf', 'v2.95_leader.txt');

  test('v2.95+ table with [unit] per row: technologies are experiments, sizes in bytes (kB = KiB)', () => {
    expect(iceperfAdapter.recognises(head(v295), v295)).toBe(true);
    const result = parse(iceperfAdapter, v295);
    expect(result.format).toBe('iceperf');
    expect(result.measurements).toHaveLength(8);
    expect([...new Set(result.measurements.map((m) => m.experiment))]).toEqual(['MESSAGE QUEUE', 'ICEORYX WAITSET']);
    const mq16 = find(result, 'MESSAGE QUEUE', '16');
    expect(mq16).toEqual({
      experiment: 'MESSAGE QUEUE',
      parameter: { label: '16', payloadBytes: 16 },
      metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'µs', direction: 'lower-is-better' },
      statistics: { mean: 2.1, samples: 10000 },
      place: { file: v295, line: 12 },
    });
    expect(find(result, 'MESSAGE QUEUE', '1024').statistics.mean).toBe(2.5);
    expect(find(result, 'MESSAGE QUEUE', '524288').statistics.mean).toBe(160); // 1.6e+02
    expect(find(result, 'MESSAGE QUEUE', '4194304').statistics.mean).toBe(1200); // 1.2e+03
    expect(find(result, 'ICEORYX WAITSET', '1024').statistics).toEqual({ mean: 1, samples: 5000 });
    expect(find(result, 'ICEORYX WAITSET', '4194304').place.line).toBe(32);
  });

  test('unreleased 2023 generation: bytes without unit, µ as U+03BC', () => {
    const path = join(own, 'iceperf', 'master2023_bytes_leader.txt');
    expect(iceperfAdapter.recognises(head(path), path)).toBe(true);
    const result = parse(iceperfAdapter, path);
    expect(result.measurements.map((m) => [m.experiment, m.parameter.payloadBytes, m.statistics.mean])).toEqual([
      ['ICEORYX', 16, 0.34],
      ['ICEORYX', 32, 0.35],
      ['ICEORYX', 4194304, 300],
    ]);
    expect(find(result, 'ICEORYX', '16').statistics.samples).toBe(1000);
  });

  test('v1.0 iceperf-laurel generation: "[kB]" header, KiB rows', () => {
    const path = join(own, 'iceperf', 'v1.0_laurel.txt');
    const result = parse(iceperfAdapter, path);
    expect(result.measurements.map((m) => [m.experiment, m.parameter.label, m.statistics.mean])).toEqual([
      ['UNIX DOMAIN SOCKET', '1024', 4.3],
      ['UNIX DOMAIN SOCKET', '2048', 4.6],
      ['UNIX DOMAIN SOCKET', '4194304', 1700],
    ]);
  });

  test('CRLF line ends and a BOM are accepted', () => {
    const text = '\ufeff' + read(v295).replace(/\n/g, '\r\n');
    expect(parseText(iceperfAdapter, text).measurements).toHaveLength(8);
  });

  test('skip-seconds does not apply and says so', () => {
    expect(parse(iceperfAdapter, v295, 2).notes.join('\n')).toMatch(/skip-seconds does not apply/);
  });

  describe('broken input gives InputError with the line', () => {
    const lines = () => read(v295).split('\n');

    test('garbled latency', () => {
      const l = lines();
      l[12] = '|       1 [kB] |                  2.x |'; // line 13
      const error = inputError(() => parseText(iceperfAdapter, l.join('\n')));
      expect(error.place).toEqual({ file: 'in.txt', line: 13, column: 35 });
      expect(error.message).toMatch(/2\.x/);
    });

    test('a row cut in the middle', () => {
      const text = lines().slice(0, 13).join('\n') + '\n|     512 [kB] |      ';
      expect(inputError(() => parseText(iceperfAdapter, text)).place).toEqual({ file: 'in.txt', line: 14 });
    });

    test('a table cut after a whole row', () => {
      const text = lines().slice(0, 13).join('\n') + '\n';
      const error = inputError(() => parseText(iceperfAdapter, text));
      expect(error.place).toEqual({ file: 'in.txt', line: 14 });
      expect(error.message).toMatch(/truncated/);
    });

    test('a header without rows', () => {
      const text = lines().slice(0, 11).join('\n') + '\n\nFinished!\n';
      const error = inputError(() => parseText(iceperfAdapter, text));
      expect(error.message).toMatch(/header but no rows/);
      expect(error.place?.line).toBe(12);
    });

    test('a header without its separator line', () => {
      const text = lines().slice(0, 10).join('\n') + '\n';
      expect(inputError(() => parseText(iceperfAdapter, text)).place).toEqual({ file: 'in.txt', line: 11 });
    });

    test('an unknown payload unit', () => {
      const l = lines();
      l[11] = '|      16 [XB] |                  2.1 |';
      expect(inputError(() => parseText(iceperfAdapter, l.join('\n'))).place).toEqual({
        file: 'in.txt',
        line: 12,
        column: 11,
      });
    });

    test('a payload twice', () => {
      const l = lines();
      l[12] = '|      16 [B]  |                  2.5 |';
      expect(inputError(() => parseText(iceperfAdapter, l.join('\n'))).message).toMatch(
        /payload 16 B appears twice in the MESSAGE QUEUE table \(first on line 12\)/,
      );
    });

    test('a technology banner and no table at all', () => {
      const text = lines().slice(0, 5).join('\n') + '\n';
      expect(inputError(() => parseText(iceperfAdapter, text)).message).toMatch(
        /without a "#### Measurement Result ####" table/,
      );
    });
  });
});

describe('iceoryx2: project fixtures', () => {
  test('publish-subscribe: one experiment per service variant, Sample Size is the parameter, ns → µs', () => {
    const path = join(own, 'iceoryx2', 'publish_subscribe.txt');
    expect(iceoryx2Adapter.recognises(head(path), path)).toBe(true);
    const result = parse(iceoryx2Adapter, path);
    expect(result.format).toBe('iceoryx2');
    expect(result.measurements.map((m) => [m.experiment, m.parameter.label, m.statistics.mean, m.place.line])).toEqual([
      ['publish-subscribe ipc', '8192', 0.094, 3],
      ['publish-subscribe ipc_threadsafe', '8192', 0.105, 4],
      ['publish-subscribe local', '8192', 0.085, 5],
      ['publish-subscribe local_threadsafe', '8192', 0.095, 6],
      ['publish-subscribe ipc', '65536', 0.2, 7],
    ]);
    const first = result.measurements[0]!;
    expect(first.parameter).toEqual({ label: '8192', payloadBytes: 8192, settings: { iterations: 100000 } });
    expect(first.metric).toEqual({
      name: 'latency',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns',
      direction: 'lower-is-better',
    });
    expect(first.statistics.samples).toBe(100000);
  });

  test('event, request-response, queue and v0.3 lines', () => {
    const event = parse(iceoryx2Adapter, join(own, 'iceoryx2', 'event.txt'));
    expect(event.measurements.map((m) => [m.experiment, m.parameter.label, m.statistics.mean])).toEqual([
      ['event ipc', 'max event id 128', 6.15],
      ['event local', 'max event id 128', 5.05],
    ]);
    expect(event.measurements[0]!.parameter.settings).toEqual({ iterations: 1000, maxEventId: 128 });
    const rr = parse(iceoryx2Adapter, join(own, 'iceoryx2', 'request_response.txt'));
    expect(rr.measurements.map((m) => [m.experiment, m.parameter.label, m.statistics.mean])).toEqual([
      ['request-response requests ipc', 'default', 0.155],
      ['request-response response-stream ipc', 'default', 0.226],
    ]);
    const queue = parse(iceoryx2Adapter, join(own, 'iceoryx2', 'queue.txt'));
    expect(queue.measurements.map((m) => [m.experiment, m.statistics.mean])).toEqual([
      ['queue iceoryx2_bb_lock_free::spsc::queue::Queue<usize, 1>', 0.026],
    ]);
    const old = parse(iceoryx2Adapter, join(own, 'iceoryx2', 'v0.3_publish_subscribe.txt'));
    expect(old.measurements.map((m) => [m.experiment, m.statistics.mean])).toEqual([
      ['publish-subscribe zero_copy', 0.051],
      ['publish-subscribe process_local', 0.042],
    ]);
  });

  test('the usage hint alone is an InputError that says what to pass', () => {
    const path = join(own, 'iceoryx2', 'usage_hint.txt');
    expect(iceoryx2Adapter.recognises(head(path), path)).toBe(true);
    const error = inputError(() => parse(iceoryx2Adapter, path));
    expect(error.message).toMatch(/--bench-all/);
    expect(error.place).toEqual({ file: path, line: 1 });
  });

  test('a garbled or cut line gives the line and column', () => {
    const lines = read(join(own, 'iceoryx2', 'publish_subscribe.txt')).split('\n');
    lines[3] =
      'iceoryx2::service::ipc_threadsafe::Service ::: Iterations: 100000, Time: 0.021034 s, Latency: 1O5 ns, Sample Size: 8192';
    const garbled = inputError(() => parseText(iceoryx2Adapter, lines.join('\n')));
    expect(garbled.place).toEqual({ file: 'in.txt', line: 4, column: 86 });
    // Cut inside "Iterations: 1000": the column is where that field starts (36 + 17 characters before it).
    const cut = read(join(own, 'iceoryx2', 'event.txt'))
      .split('\n')[0]!
      .slice(0, 70);
    expect(inputError(() => parseText(iceoryx2Adapter, cut)).place).toEqual({ file: 'in.txt', line: 1, column: 54 });
  });

  test('the same variant and size twice is an error', () => {
    const line = 'iceoryx2::service::ipc::Service ::: Iterations: 10, Time: 0.1 s, Latency: 94 ns, Sample Size: 8';
    expect(inputError(() => parseText(iceoryx2Adapter, `${line}\n${line}\n`)).message).toMatch(
      /appears twice \(first on line 1\)/,
    );
  });

  test('iceoryx2 and iceperf project fixtures are not taken for each other', () => {
    for (const name of ['v2.95_leader.txt', 'master2023_bytes_leader.txt', 'v1.0_laurel.txt']) {
      const path = join(own, 'iceperf', name);
      expect(iceoryx2Adapter.recognises(head(path), path)).toBe(false);
    }
    for (const name of ['publish_subscribe.txt', 'event.txt', 'request_response.txt', 'queue.txt', 'usage_hint.txt']) {
      const path = join(own, 'iceoryx2', name);
      expect(iceperfAdapter.recognises(head(path), path)).toBe(false);
    }
  });
});

describeShared('iceperf: real outputs in ../shared', () => {
  test('cpp_n10000_leader.txt: ICEORYX, 13 payloads 1 kB … 4096 kB', () => {
    const path = join(real, 'cpp_n10000_leader.txt');
    expect(iceperfAdapter.recognises(head(path), path)).toBe(true);
    const result = parse(iceperfAdapter, path);
    expect(result.measurements).toHaveLength(13);
    expect(new Set(result.measurements.map((m) => m.experiment))).toEqual(new Set(['ICEORYX']));
    expect(find(result, 'ICEORYX', '1024')).toMatchObject({
      statistics: { mean: 29, samples: 10000 },
      place: { line: 14 },
    });
    expect(find(result, 'ICEORYX', '262144').statistics.mean).toBe(12);
    expect(find(result, 'ICEORYX', '2097152').statistics.mean).toBe(1.5);
    expect(find(result, 'ICEORYX', '4194304')).toMatchObject({ statistics: { mean: 1.5 }, place: { line: 26 } });
  });

  test('cpp_n10000_run2_leader.txt', () => {
    const result = parse(iceperfAdapter, join(real, 'cpp_n10000_run2_leader.txt'));
    expect(result.measurements).toHaveLength(13);
    expect(find(result, 'ICEORYX', '16384')).toMatchObject({ statistics: { mean: 0.99 }, place: { line: 18 } });
    expect(find(result, 'ICEORYX', '4194304').statistics.mean).toBe(1.2);
  });

  test('c_n10000_leader.txt: ICEORYX C API with the 2.5e+02 outlier', () => {
    const result = parse(iceperfAdapter, join(real, 'c_n10000_leader.txt'));
    expect(result.measurements).toHaveLength(13);
    expect(find(result, 'ICEORYX C API', '262144')).toMatchObject({ statistics: { mean: 250 }, place: { line: 22 } });
    expect(find(result, 'ICEORYX C API', '16384').statistics.mean).toBe(3.5);
  });

  test.each(['cpp_n10000_follower.txt', 'c_n10000_follower.txt', 'cpp_n10000_run2_follower.txt'])(
    'follower output %s is recognised and refused with a reason',
    (name) => {
      const path = join(real, name);
      expect(iceperfAdapter.recognises(head(path), path)).toBe(true);
      const error = inputError(() => parse(iceperfAdapter, path));
      expect(error.message).toMatch(/follower/);
      expect(error.place).toEqual({ file: path, line: 8 });
    },
  );

  test('the upstream README (old [kB] generation, quoted in a code block) is no result file but parses', () => {
    const path = join(sharedDir, 'fixtures', 'formats', 'iceperf', 'README.md');
    expect(iceperfAdapter.recognises(head(path), path)).toBe(false);
    const result = parse(iceperfAdapter, path);
    expect([...new Set(result.measurements.map((m) => m.experiment))]).toEqual([
      'MESSAGE QUEUE',
      'UNIX DOMAIN SOCKET',
      'ICEORYX',
      'ICEORYX C API',
    ]);
    expect(result.measurements).toHaveLength(52);
    expect(find(result, 'MESSAGE QUEUE', '1024')).toMatchObject({
      statistics: { mean: 3.1, samples: 100000 },
      place: { line: 69 },
    });
    expect(find(result, 'MESSAGE QUEUE', '524288').statistics.mean).toBe(160);
    expect(find(result, 'MESSAGE QUEUE', '1048576').statistics.mean).toBe(300);
    expect(find(result, 'UNIX DOMAIN SOCKET', '4194304').statistics.mean).toBe(1700);
    expect(find(result, 'ICEORYX', '65536').statistics.mean).toBe(0.6);
  });
});

describeShared('iceoryx adapters recognise no other tool’s files in ../shared', () => {
  const files = allFiles(join(sharedDir, 'fixtures')).filter((f) => !f.endsWith('.gz'));

  test('iceperf says yes to exactly the iceperf runs', () => {
    const yes = files
      .filter((f) => iceperfAdapter.recognises(head(f), f))
      .map((f) => relative(sharedDir, f))
      .sort();
    expect(yes).toEqual(
      [
        'c_n10000_follower.txt',
        'c_n10000_leader.txt',
        'cpp_n10000_follower.txt',
        'cpp_n10000_leader.txt',
        'cpp_n10000_run2_follower.txt',
        'cpp_n10000_run2_leader.txt',
      ].map((n) => join('fixtures', 'real-runs', 'iceperf', n)),
    );
  });

  test('iceoryx2 says yes to none (the .dat plot files are derived data, not benchmark output)', () => {
    expect(files.filter((f) => iceoryx2Adapter.recognises(head(f), f)).map((f) => relative(sharedDir, f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.dat')).length).toBe(4);
  });
});
