import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { pytestBenchmarkAdapter } from '../src/engine/formats/pytestBenchmark.js';
import { ADAPTERS } from '../src/engine/formats/registry.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { expectInputError, find } from './helpers/formats.js';
import { repoRoot } from './helpers/shared.js';

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

  it('reads a saved run (--benchmark-save): group/function as the experiment, params as the parameter, time in µs and ops', () => {
    const set = parseFile(pytestBenchmarkAdapter, saved);
    expect(set.format).toBe('pytest-benchmark');
    // 9 tests × (time, ops)
    expect(set.measurements).toHaveLength(18);
    expect([...new Set(set.measurements.map((m) => m.experiment))]).toEqual(['encode/test_encode_json', 'encode/test_encode_struct', 'decode/test_decode', 'test_checksum']);

    const time = find(set, 'decode/test_decode', 'time', 'codec=json,size=64');
    expect(time.parameter).toEqual({ label: 'codec=json,size=64', payloadBytes: 64, settings: { codec: 'json', size: 64 } });
    expect(time.metric).toEqual({ name: 'time', dimension: 'time', unit: 'us', displayUnit: 's', direction: 'lower-is-better' });
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
    expect(ops.metric).toEqual({ name: 'ops', dimension: 'rate', unit: 'Hz', displayUnit: 'ops/s', direction: 'higher-is-better' });
    expect(ops.statistics).toEqual({ value: 272851.2768004371 });

    // No group, no params: the function alone, an empty label.
    expect(find(set, 'test_checksum', 'time', '').parameter).toEqual({ label: '' });
    expect(find(set, 'encode/test_encode_struct', 'time', 'size=1024').parameter).toEqual({ label: 'size=1024', payloadBytes: 1024, settings: { size: 1024 } });

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
    expect(Array.from(struct.samples!)).toEqual([4.503999662119895e-8, 4.458500370674301e-8, 4.4384996726876124e-8, 4.4329999582259914e-8, 4.4534999688039534e-8].map(us));
    expect(struct.statistics.samples).toBe(5);
    expect(struct.statistics.mean).toBeCloseTo(0.04457499926502351, 12);
    expect(struct.place.line).toBe(119);
    const checksum = find(set, 'test_checksum', 'time', '');
    expect(Array.from(checksum.samples!)).toEqual([7.403999916277826e-6, 7.245000233524479e-6, 7.403999916277826e-6, 7.224000000860542e-6, 7.1639988163951784e-6].map(us));
    expect(find(set, 'test_checksum', 'ops', '').statistics).toEqual({ value: 137208.09399345133 });
  });

  it('reads pytest-benchmark 5 output the same way, with its cpuinfo in the machine note', () => {
    const set = parseFile(pytestBenchmarkAdapter, v5);
    expect(set.measurements.map((m) => `${m.experiment}|${m.parameter.label}|${m.metric.name}`)).toEqual(
      parseFile(pytestBenchmarkAdapter, withData).measurements.map((m) => `${m.experiment}|${m.parameter.label}|${m.metric.name}`),
    );
    expect(find(set, 'test_checksum', 'time', '').statistics.mean).toBeCloseTo(15.0123996718321, 9);
    expect(set.notes).toEqual([
      'machine: node vm, Linux 6.18.44-fc-v782 x86_64, CPython 3.11.7, AMD EPYC, 2 cores',
      'commit: unversioned on (unknown)',
      'pytest-benchmark 5.2.3, run at 2026-11-25T00:53:17.595936+00:00',
    ]);
  });

  it('qualifies a function two test files share by its path; a test with an id but no params is labelled by the id', () => {
    const stats = '"stats": {"min": 1e-6, "max": 3e-6, "mean": 2e-6, "stddev": 1e-6, "rounds": 3, "median": 2e-6, "ops": 500000.0}';
    const text = `{"benchmarks": [
      {"group": null, "name": "test_send", "fullname": "tests/a/test_net.py::test_send", "params": null, "param": null, ${stats}},
      {"group": null, "name": "test_send", "fullname": "tests/b/test_net.py::test_send", "params": null, "param": null, ${stats}},
      {"group": "io", "name": "test_read[big]", "fullname": "tests/test_io.py::test_read[big]", "params": null, "param": "big", ${stats}},
      {"group": "io", "name": "test_read[x-True]", "fullname": "tests/test_io.py::test_read[x-True]", "params": {"mode": "x", "sync": true, "sizes": [1, 2]}, "param": "x-True", ${stats}}
    ]}`;
    const set = parseText(pytestBenchmarkAdapter, text);
    expect(set.measurements.filter((m) => m.metric.name === 'time').map((m) => [m.experiment, m.parameter.label])).toEqual([
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
    ['{"benchmarks": [\n  {"name": "t", "stats": {"mean": "fast"}}]}', 2, 27, /expected a number for "mean", found the string "fast"/],
    ['{"benchmarks": [{"name": "t", "stats": {"mean": 1, "data": [1, "x"]}}]}', 1, 64, /expected a number in "data"/],
    ['{"benchmarks": [{"name": "t"}]}', 1, 17, /expected a "stats" object for t/],
    ['{"benchmarks": [{"name": "t", "params": 3, "stats": {"mean": 1}}]}', 1, 31, /expected an object for "params", found 3/],
    ['{"benchmarks": [{"name": "t", "stats": {"mean": 1}},\n{"name": "t", "stats": {"mean": 2}}]}', 2, 1, /the benchmark t reads as the same experiment and parameter as t/],
    ['{"benchmarks": [{"name": "t", "stats": {"mean": 1', 1, 50, /truncated/],
  ])('reports %j as one InputError at line %i column %i', (text, line, column, message) => {
    expectInputError(() => parseText(pytestBenchmarkAdapter, text, 'pb.json'), { file: 'pb.json', line, column }, message);
  });
});
