import { cachegrindAdapter } from '../src/engine/formats/valgrind/cachegrind.js';
import { callgrindAdapter } from '../src/engine/formats/valgrind/callgrind.js';
import { benchmarkName } from '../src/engine/formats/valgrind/common.js';
import { ADAPTERS, recogniseFormat } from '../src/engine/formats/registry.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { expectInputError, find } from './helpers/formats.js';

// Valgrind out files ("Callgrind Format, Version 1"): the whole-run cost of each event, what counted it, and the
// benchmark the file is. The texts below are cut down from real Valgrind 3.19 files (fixtures/formats/valgrind/).

const CACHEGRIND = [
  'desc: I1 cache:         32768 B, 64 B, 8-way associative',
  'desc: D1 cache:         49152 B, 64 B, 12-way associative',
  'desc: LL cache:         50331648 B, 64 B, 12-way associative',
  'cmd: ./checksum',
  'events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw ',
  'fl=/work/src/checksum.c',
  'fn=main',
  '0 15937720 7 7 2621452 40964 3 4097 1025 1024',
  'summary: 15976101 534 534 2628308 41195 170 5764 1168 1159',
  '',
].join('\n');

const CALLGRIND = [
  '# callgrind format',
  'version: 1',
  'creator: callgrind-3.19.0',
  'pid: 5743',
  'cmd:  ./checksum',
  'part: 1',
  '',
  '',
  'desc: I1 cache: 32768 B, 64 B, 8-way associative',
  'desc: D1 cache: 49152 B, 64 B, 12-way associative',
  'desc: LL cache: 50331648 B, 64 B, 12-way associative',
  '',
  'desc: Timerange: Basic block 0 - 2636273',
  'desc: Trigger: Program termination',
  '',
  'positions: line',
  'events: Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw',
  'summary: 15975044 2628266 5789 523 41193 1169 523 169 1160',
  '',
  '',
  'ob=(1) /tmp/build/checksum',
  'fl=(1) ???',
  'fn=(1) main',
  '0 65 16 15 7 0 0 7',
  '',
  'totals: 15975042 2628266 5789 523 41193 1169 523 169 1160',
  '',
].join('\n');

function parse(adapter: FormatAdapter, text: string, file: string): ResultSet {
  expect(recogniseFormat(text, file)?.id).toBe(adapter.id);
  // Through the registry's adapter: the impossible-value check runs as it does on a real read.
  return ADAPTERS.find((a) => a.id === adapter.id)!.parse({ file, text }, {});
}

describe('cachegrind out files', () => {
  test('each event is a metric of the benchmark the file name gives, its value the summary: count', () => {
    const set = parse(cachegrindAdapter, CACHEGRIND, 'runs/base/cachegrind.out.checksum');
    expect(set.format).toBe('cachegrind');
    expect(set.measurements.map((m) => [m.experiment, m.metric.name, m.statistics.value])).toEqual([
      ['checksum', 'Ir', 15976101],
      ['checksum', 'I1mr', 534],
      ['checksum', 'ILmr', 534],
      ['checksum', 'Dr', 2628308],
      ['checksum', 'D1mr', 41195],
      ['checksum', 'DLmr', 170],
      ['checksum', 'Dw', 5764],
      ['checksum', 'D1mw', 1168],
      ['checksum', 'DLmw', 1159],
    ]);
    expect(set.notes).toEqual([]);
  });

  test('Ir is the primary count; every other event is secondary, the cache figures counted with the caches', () => {
    const set = parse(cachegrindAdapter, CACHEGRIND, 'cachegrind.out.checksum');
    const ir = find(set, 'checksum', 'Ir').metric;
    expect(ir).toMatchObject({ kind: 'count', dimension: 'count', direction: 'lower-is-better' });
    expect(ir.role).toBeUndefined();
    // cachegrind 3.19 writes no creator: line, so the tool alone names what counted.
    expect(ir.instrument).toBe('cachegrind');
    expect(find(set, 'checksum', 'Dr').metric).toMatchObject({ role: 'secondary', instrument: 'cachegrind' });
    const d1mr = find(set, 'checksum', 'D1mr').metric;
    expect(d1mr.role).toBe('secondary');
    expect(d1mr.kind).toBeUndefined();
    expect(d1mr.instrument).toBe(
      'cachegrind; I1 cache: 32768 B, 64 B, 8-way associative; D1 cache: 49152 B, 64 B, 12-way associative; ' +
        'LL cache: 50331648 B, 64 B, 12-way associative',
    );
  });

  test('a file name ending in a process id: the cmd: line names the benchmark, with a note', () => {
    const set = parse(cachegrindAdapter, CACHEGRIND, 'cachegrind.out.5597');
    expect(set.measurements[0]!.experiment).toBe('./checksum');
    expect(set.notes).toEqual(['cachegrind.out.5597: the benchmark is named by its "cmd:" line, "./checksum"']);
  });

  test('without cache simulation only Ir: still the primary count', () => {
    const text = 'desc: I1 cache: \ncmd: ./sort\nevents: Ir\nfn=main\n0 10\nsummary: 8566434\n';
    const set = parse(cachegrindAdapter, text, 'out/cachegrind.out.sort');
    expect(set.measurements.map((m) => [m.experiment, m.metric.name, m.statistics.value, m.metric.kind])).toEqual([
      ['sort', 'Ir', 8566434, 'count'],
    ]);
  });
});

describe('callgrind out files', () => {
  test('summary: in the header is the whole run; creator: names the tool and version', () => {
    const set = parse(callgrindAdapter, CALLGRIND, 'callgrind.out.checksum');
    expect(set.format).toBe('callgrind');
    expect(find(set, 'checksum', 'Ir').statistics.value).toBe(15975044);
    expect(find(set, 'checksum', 'DLmw').statistics.value).toBe(1160);
    expect(find(set, 'checksum', 'Ir').metric.instrument).toBe('callgrind-3.19.0');
    // The run's time range and trigger are not the cache configuration.
    expect(find(set, 'checksum', 'I1mr').metric.instrument).toBe(
      'callgrind-3.19.0; I1 cache: 32768 B, 64 B, 8-way associative; D1 cache: 49152 B, 64 B, 12-way associative; ' +
        'LL cache: 50331648 B, 64 B, 12-way associative',
    );
  });

  test('without summary: the totals: line; missing trailing numbers are 0', () => {
    const text = CALLGRIND.replace(/^summary:.*\n/m, '').replace(/^totals:.*$/m, 'totals: 1000 20');
    const set = parse(callgrindAdapter, text, 'callgrind.out.checksum');
    expect(set.measurements.map((m) => [m.metric.name, m.statistics.value])).toEqual([
      ['Ir', 1000],
      ['Dr', 20],
      ['Dw', 0],
      ['I1mr', 0],
      ['D1mr', 0],
      ['D1mw', 0],
      ['ILmr', 0],
      ['DLmr', 0],
      ['DLmw', 0],
    ]);
  });

  test('callgrind.out.<pid>.<part>: a process id with its dump part, named by cmd:', () => {
    expect(benchmarkName('x/callgrind.out.5743.2', './checksum --fast')).toEqual({
      name: './checksum --fast',
      byCommand: true,
    });
    expect(benchmarkName('x\\callgrind.out.copy', './copy')).toEqual({ name: 'copy', byCommand: false });
    expect(benchmarkName('profile.txt', undefined)).toEqual({ name: 'profile.txt', byCommand: false });
  });
});

describe('broken files: one error naming file, line and column', () => {
  test('a count that is not a number', () => {
    const text = CACHEGRIND.replace('summary: 15976101 534', 'summary: 15976101 5x4');
    expectInputError(
      () => cachegrindAdapter.parse({ file: 'cachegrind.out.checksum', text }, {}),
      { file: 'cachegrind.out.checksum', line: 9, column: 19 },
      /expected a count of I1mr, found "5x4"/,
    );
  });

  test('more numbers than events', () => {
    const text = 'cmd: ./a\nevents: Ir Dr\nsummary: 1 2 3\n';
    expectInputError(
      () => cachegrindAdapter.parse({ file: 'cachegrind.out.a', text }, {}),
      { file: 'cachegrind.out.a', line: 3, column: 14 },
      /more numbers than the 2 events/,
    );
  });

  test('a file cut short before its summary', () => {
    const text = CACHEGRIND.replace(/^summary:.*\n/m, '');
    expectInputError(
      () => cachegrindAdapter.parse({ file: 'cachegrind.out.checksum', text }, {}),
      { file: 'cachegrind.out.checksum', line: 9 },
      /no "summary:" or "totals:" line: the cachegrind run did not finish writing its file/,
    );
  });

  test('an event named twice, and a second part', () => {
    expectInputError(
      () => cachegrindAdapter.parse({ file: 'c.out.a', text: 'cmd: a\nevents: Ir Dr Ir\nsummary: 1 2 3\n' }, {}),
      { file: 'c.out.a', line: 2, column: 15 },
      /the event "Ir" is named twice/,
    );
    expectInputError(
      () => callgrindAdapter.parse({ file: 'c.out.a', text: `${CALLGRIND}events: Ir\n` }, {}),
      { file: 'c.out.a', line: 27, column: 1 },
      /a second "events:" line \(the first is on line 17\)/,
    );
  });
});

describe('recognising', () => {
  test('other text is not a Valgrind file', () => {
    expect(cachegrindAdapter.recognises('cmd: ./a\nno events here\n', 'a')).toBe(false);
    expect(callgrindAdapter.recognises(CACHEGRIND, 'a')).toBe(false);
    expect(cachegrindAdapter.recognises(CALLGRIND, 'a')).toBe(false);
    expect(cachegrindAdapter.recognises('command,mean\n', 'x.csv')).toBe(false);
  });
});
