import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { githubActionBenchmarkAdapter } from '../src/engine/formats/githubActionBenchmark.js';
import { readUnit, templateOf } from '../src/engine/formats/shared.js';
import { googleBenchmarkAdapter, splitName } from '../src/engine/formats/googleBenchmark.js';
import { hdrHistogramAdapter } from '../src/engine/formats/hdrHistogram.js';
import { hyperfineAdapter } from '../src/engine/formats/hyperfine/json.js';
import { hyperfineCsvAdapter } from '../src/engine/formats/hyperfine/csv.js';
import { isJsonObject, parseLooseJson } from '../src/engine/formats/looseJson.js';
import { redisBenchmarkAdapter } from '../src/engine/formats/redis/csv.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { find, inputError } from './helpers/formats.js';
import { describeShared, repoRoot, sharedDir, walkFiles as walk } from './helpers/shared.js';
import { ADAPTERS as REGISTRY } from '../src/engine/formats/registry.js';

const ADAPTERS: FormatAdapter[] = [
  hyperfineAdapter,
  googleBenchmarkAdapter,
  githubActionBenchmarkAdapter,
  hdrHistogramAdapter,
  redisBenchmarkAdapter,
];
const project = join(repoRoot, 'fixtures', 'formats');
const realRuns = join(sharedDir, 'fixtures', 'real-runs');
const sharedFormats = join(sharedDir, 'fixtures', 'formats');

function parseFile(adapter: FormatAdapter, file: string): ResultSet {
  return adapter.parse({ file, text: readFileSync(file, 'utf8') }, {});
}

function parseText(adapter: FormatAdapter, text: string, file = 'input'): ResultSet {
  return adapter.parse({ file, text }, {});
}

/** The first 64 KiB of a file, as the recogniser sees it. */
function head(file: string): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(65536);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------
describe('looseJson', () => {
  it('reads strict JSON like JSON.parse', () => {
    const text = '{"a": [1, -2.5e3, 0, true, false, null, "x\\n\\u00b5\\"y"], "b": {"c": {}}, "d": []}';
    expect(parseLooseJson('f', text).value).toEqual(JSON.parse(text));
  });

  it('accepts bare NaN, -NaN, Infinity and -Infinity as Google Benchmark writes them', () => {
    const doc = parseLooseJson('f', '[NaN, -NaN, Infinity, -Infinity, 1.5000000000000000e+00]');
    expect(doc.value).toEqual([NaN, NaN, Infinity, -Infinity, 1.5]);
  });

  it('strips a BOM and remembers where objects and keys are', () => {
    const doc = parseLooseJson('f', '\uFEFF{\n  "list": [\n    {"k": 1},\n      {"k": 2}\n  ]\n}\n');
    const root = doc.value;
    if (!isJsonObject(root) || !Array.isArray(root.list)) throw new Error('shape');
    const second = root.list[1]!;
    if (!isJsonObject(second)) throw new Error('shape');
    expect(doc.placeOf(second)).toEqual({ line: 4, column: 7 });
    expect(doc.placeOfKey(second, 'k')).toEqual({ line: 4, column: 8 });
    expect(doc.placeOf(root.list)).toEqual({ line: 2, column: 11 });
  });

  it('keeps a "__proto__" key as data', () => {
    const doc = parseLooseJson('f', '{"__proto__": {"polluted": 1}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(isJsonObject(doc.value) && isJsonObject(doc.value['__proto__']!)).toBe(true);
  });

  it.each([
    ['{"a": [1, 2,\n  3, }', 2, 6, /expected a JSON value, found "}"/],
    ['{"a": 1 "b": 2}', 1, 9, /expected "," or "}"/],
    ['{"a": 01}', 1, 7, /malformed number/],
    ['{"a": nan}', 1, 7, /expected a JSON value, found "nan"/],
    ['{"a": "x\n"}', 1, 7, /string is not closed/],
    ['{\n  "a": [\n    1,\n', 4, 1, /truncated \(an array opened on line 2 is not closed\)/],
    ['{"a": 1} x', 1, 10, /after the end/],
    ['', 1, 1, /empty/],
    ['{a: 1}', 1, 2, /expected a quoted key/],
  ])('reports %j as an InputError at line %i column %i', (text, line, column, message) => {
    const error = inputError(() => parseLooseJson('bad.json', text));
    expect(error.place).toEqual({ file: 'bad.json', line, column });
    expect(error.message).toMatch(message);
  });
});

// ---------------------------------------------------------------------------------------------
describe('hyperfine adapter (project fixture)', () => {
  const file = join(project, 'hyperfine', 'scan.json');

  it('reads a parameter scan as one experiment with the command as a template', () => {
    const set = parseFile(hyperfineAdapter, file);
    expect(set.format).toBe('hyperfine');
    const small = find(set, './z_ping {size}', 'wall time', 'size=64');
    expect(small.parameter).toEqual({ label: 'size=64', payloadBytes: 64, settings: { size: 64 } });
    expect(small.metric.direction).toBe('lower-is-better');
    expect(small.metric.unit).toBe('us');
    expect(small.statistics.mean).toBeCloseTo(102540, 6);
    expect(small.statistics.stdev).toBeCloseTo(2310, 6);
    expect(small.statistics.median).toBeCloseTo(102100, 6);
    expect(small.statistics.min).toBeCloseTo(99800, 6);
    expect(small.statistics.max).toBeCloseTo(107700, 6);
    expect(small.statistics.samples).toBe(3);
    expect(Array.from(small.samples!)).toEqual([
      expect.closeTo(101200, 6),
      expect.closeTo(99800, 6),
      expect.closeTo(107700, 6),
    ]);
    expect(small.place).toEqual({ file, line: 3 });
    expect(find(set, './z_ping {size}', 'user time', 'size=64').statistics).toEqual({ mean: expect.closeTo(50000, 6) });
    expect(find(set, './z_ping {size}', 'system time', 'size=64').statistics).toEqual({
      mean: expect.closeTo(20000, 6),
    });
    const memory = find(set, './z_ping {size}', 'memory usage', 'size=64');
    expect(memory.statistics.max).toBe(5246976);
    expect(memory.statistics.min).toBe(5242880);
    expect(memory.metric.dimension).toBe('size');

    const big = find(set, './z_ping {size}', 'wall time', 'size=1024');
    expect(big.statistics.stdev).toBeUndefined(); // null: only one run
    expect(big.statistics.mean).toBeCloseTo(250000, 6);
    expect(big.place.line).toBe(31);
    expect(set.notes.join('\n')).toMatch(/"\.\/z_ping 1024" \(line 31\): 1 of 1 runs exited/);
  });

  it('puts parameter values back only where they stand as whole words', () => {
    expect(templateOf('seq 10 1', { n: '1' })).toBe('seq 10 {n}');
    expect(templateOf('sleep 0.1', { t: '0.1' })).toBe('sleep {t}');
    expect(templateOf('sleep 10.1', { t: '0.1' })).toBe('sleep 10.1');
    expect(templateOf('cp a.b a.bc xa.b a.b', { f: 'a.b' })).toBe('cp {f} a.bc xa.b {f}');
    // Characters a regular expression would give a meaning to are plain text.
    expect(templateOf('grep (a|b)* x$1', { p: '(a|b)*', q: 'x$1' })).toBe('grep {p} {q}');
  });

  it('puts a parameter value of 100,000 characters back in linear time (no regular expression built from it)', () => {
    // A RegExp of a 65,000-character value was too big to compile: exit 3. Overlapping
    // candidates (a run of one letter) are the worst case for a naive search.
    const value = 'a'.repeat(100_000);
    const started = performance.now();
    expect(templateOf(`echo ${value} ${value}a ${value}`, { v: value })).toBe(`echo {v} ${value}a {v}`);
    expect(templateOf('b'.repeat(200_000), { v: 'b'.repeat(100_000) })).toBe('b'.repeat(200_000));
    expect(performance.now() - started).toBeLessThan(1000);

    const json = JSON.stringify({ results: [{ command: `echo ${value}`, mean: 0.5, parameters: { v: value } }] });
    const set = parseText(hyperfineAdapter, json);
    expect(set.measurements[0]!.experiment).toBe('echo {v}');
    const csv = `command,mean,stddev,median,user,system,min,max,parameter_v\necho ${value},0.5,0.01,0.5,0.1,0.1,0.4,0.6,${value}\n`;
    expect(parseText(hyperfineCsvAdapter, csv).measurements[0]!.experiment).toBe('echo {v}');
  });

  it('keeps repeated identical commands apart', () => {
    const text = '{"results": [{"command": "true", "mean": 1}, {"command": "true", "mean": 2}]}';
    const set = parseText(hyperfineAdapter, text);
    expect(set.measurements.map((m) => m.experiment)).toEqual(['true', 'true (2)']);
    expect(set.notes[0]).toMatch(/appears more than once/);
  });

  it('rejects an empty results array, a wrong type and a truncated file with line and column', () => {
    expect(inputError(() => parseText(hyperfineAdapter, '{\n  "results": []\n}\n', 'e.json'))).toMatchObject({
      message: expect.stringMatching(/no results/),
      place: { file: 'e.json', line: 2, column: 14 },
    });
    const wrongType = '{\n  "results": [\n    {\n      "command": "x",\n      "mean": "fast"\n    }\n  ]\n}\n';
    expect(inputError(() => parseText(hyperfineAdapter, wrongType, 'w.json'))).toMatchObject({
      message: expect.stringMatching(/expected a number for "mean", found the string "fast"/),
      place: { file: 'w.json', line: 5, column: 7 },
    });
    const noMean = '{"results": [{"command": "x"}]}';
    expect(inputError(() => parseText(hyperfineAdapter, noMean)).message).toMatch(/has no "mean"/);
    const text = readFileSync(file, 'utf8');
    const cut = text.slice(0, text.indexOf('"median": 0.25') + 10); // `"median": ` then end of file
    const error = inputError(() => parseText(hyperfineAdapter, cut, 'cut.json'));
    expect(error.place).toEqual({ file: 'cut.json', line: 35, column: 17 });
    expect(error.message).toMatch(/truncated \(an object opened on line 31 is not closed\)/);
  });
});

// ---------------------------------------------------------------------------------------------
describe('Google Benchmark adapter (project fixture)', () => {
  const file = join(project, 'google-benchmark', 'repetitions.json');

  it('reads repetitions as samples and mean/median/stddev aggregates as statistics', () => {
    const set = parseFile(googleBenchmarkAdapter, file);
    const real = find(set, 'BM_Publish', 'real time', '64/repeats:2');
    expect(real.parameter.settings).toEqual({ repeats: 2 });
    expect(real.metric.displayUnit).toBe('ns');
    expect(real.statistics).toEqual({
      mean: expect.closeTo(1.3, 9),
      median: expect.closeTo(1.3, 9),
      stdev: expect.closeTo(0.14142135623730951, 9),
      min: expect.closeTo(1.2, 9),
      max: expect.closeTo(1.4, 9),
      samples: 2,
    });
    expect(Array.from(real.samples!)).toEqual([expect.closeTo(1.2, 9), expect.closeTo(1.4, 9)]);
    expect(real.place).toEqual({ file, line: 23 });
    expect(find(set, 'BM_Publish', 'cpu time', '64/repeats:2').statistics.mean).toBeCloseTo(1.2, 9);
    const bytes = find(set, 'BM_Publish', 'bytes per second', '64/repeats:2');
    expect(bytes.metric).toMatchObject({ dimension: 'byterate', unit: 'MB/s', direction: 'higher-is-better' });
    expect(bytes.statistics.mean).toBeCloseTo(49.523809523809526, 9);
    const items = find(set, 'BM_Publish', 'items per second', '64/repeats:2');
    expect(items.metric).toMatchObject({ dimension: 'rate', unit: 'Hz', direction: 'higher-is-better' });
    expect(items.statistics.median).toBeCloseTo(773809.5238095238, 6);
  });

  it('skips a run of no iterations (its NaN and -Infinity times), cv and custom counters with notes, an errored run with its message', () => {
    const set = parseFile(googleBenchmarkAdapter, file);
    expect(set.measurements.some((m) => m.experiment === 'BM_Empty' && m.parameter.label === 'threads:2')).toBe(false);
    expect(set.measurements.some((m) => m.experiment === 'BM_Broken')).toBe(false);
    expect(set.skipped).toEqual([
      { experiment: 'BM_Broken', name: '', message: 'no peer', place: { file, line: 136 } },
    ]);
    const notes = set.notes.join('\n');
    expect(notes).toMatch(/"BM_Empty\/threads:2" \(line 121\) ran no iterations and is skipped/);
    expect(notes).toMatch(/aggregates other than mean, median and stddev are not read: cv/);
    expect(notes).toMatch(/user counters are not read.*dropped_messages/);
  });

  it("reads a run that called state.SkipWithError (libbenchmark 1.7.1's own output) as skipped with its message", () => {
    const skipping = join(project, 'google-benchmark', 'skip_with_error.json');
    const set = parseFile(googleBenchmarkAdapter, skipping);
    expect([...new Set(set.measurements.map((m) => `${m.experiment} ${m.parameter.label}`))]).toEqual([
      'BM_Publish 64',
      'BM_Publish 4096',
    ]);
    expect(set.skipped).toEqual([
      {
        experiment: 'BM_PublishShm',
        name: '64',
        message: 'shared memory segment /perfgate not available',
        place: { file: skipping, line: 67 },
      },
    ]);
  });

  it('splits argument segments off the benchmark name', () => {
    expect(splitName('BM_memcpy/8/64')).toEqual({ experiment: 'BM_memcpy', parameter: { label: '8/64' } });
    expect(splitName('Prefix/BM_Zero/3')).toEqual({ experiment: 'Prefix/BM_Zero', parameter: { label: '3' } });
    expect(splitName('BM_x/bytes:1024/real_time')).toEqual({
      experiment: 'BM_x',
      parameter: { label: 'bytes:1024/real_time', payloadBytes: 1024, settings: { bytes: 1024 } },
    });
    expect(splitName('42')).toEqual({ experiment: '42', parameter: { label: '' } });
  });

  it('rejects broken and empty outputs with line and column', () => {
    const empty = '{\n  "context": {},\n  "benchmarks": []\n}\n';
    expect(inputError(() => parseText(googleBenchmarkAdapter, empty, 'g.json'))).toMatchObject({
      message: expect.stringMatching(/no benchmarks/),
      place: { file: 'g.json', line: 3, column: 17 },
    });
    const badUnit = '{"context": {}, "benchmarks": [\n {"name": "BM_a", "real_time": 1, "time_unit": "fortnights"}]}';
    expect(inputError(() => parseText(googleBenchmarkAdapter, badUnit, 'g.json'))).toMatchObject({
      message: expect.stringMatching(/unknown time_unit "fortnights"/),
      place: { file: 'g.json', line: 2, column: 35 },
    });
    const lowerNan = '{"context": {}, "benchmarks": [\n {"name": "BM_a", "real_time": nan}]}';
    expect(inputError(() => parseText(googleBenchmarkAdapter, lowerNan, 'g.json')).place).toEqual({
      file: 'g.json',
      line: 2,
      column: 32,
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('github-action-benchmark adapter (project fixture)', () => {
  const file = join(project, 'github-action-benchmark', 'custom.json');

  it('infers the direction from the unit and says so', () => {
    const set = parseFile(githubActionBenchmarkAdapter, file);
    const time = find(set, 'publish 64 B', 'time');
    expect(time.metric).toMatchObject({
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ns/iter',
      direction: 'lower-is-better',
    });
    expect(time.statistics).toEqual({ value: 1.25 });
    expect(time.place).toEqual({ file, line: 2 });
    const rate = find(set, 'publish 64 B rate', 'throughput');
    expect(rate.metric).toMatchObject({ dimension: 'rate', unit: 'Hz', direction: 'higher-is-better' });
    expect(rate.statistics.value).toBe(800000);
    expect(find(set, 'round trip', 'time').statistics.value).toBe(500);
    const depth = find(set, 'queue depth', 'value');
    expect(depth.metric).toMatchObject({ dimension: 'count', unit: '', direction: 'lower-is-better' });
    expect(depth.place.line).toBe(19);
    const notes = set.notes.join('\n');
    expect(notes).toMatch(
      /inferred from the unit: "ns\/iter" lower-is-better, "ops\/sec" higher-is-better, "ms" lower-is-better/,
    );
    expect(notes).toMatch(/unknown unit "slots".*lower-is-better/);
  });

  it('reads the units benchmark tools write', () => {
    expect(readUnit('ns/op')).toMatchObject({
      unit: { dimension: 'time', toBase: 1e-3 },
      direction: 'lower-is-better',
      known: true,
    });
    expect(readUnit('B/op')).toMatchObject({ unit: { dimension: 'size' }, direction: 'lower-is-better', known: true });
    expect(readUnit('allocs/op')).toMatchObject({ direction: 'lower-is-better', known: true });
    expect(readUnit('iter/sec')).toMatchObject({
      unit: { dimension: 'rate' },
      direction: 'higher-is-better',
      known: true,
    });
    expect(readUnit('MB/s')).toMatchObject({ unit: { dimension: 'byterate' }, direction: 'higher-is-better' });
    expect(readUnit('%')).toMatchObject({ known: false });
  });

  it('rejects empty arrays and wrong values with line and column', () => {
    expect(inputError(() => parseText(githubActionBenchmarkAdapter, '[]', 'a.json')).message).toMatch(/empty/);
    const bad = '[\n  {"name": "a", "unit": "ms", "value": 1},\n  {"name": "b", "unit": "ms", "value": "1.5"}\n]';
    expect(inputError(() => parseText(githubActionBenchmarkAdapter, bad, 'a.json'))).toMatchObject({
      message: expect.stringMatching(/expected a number for "value"/),
      place: { file: 'a.json', line: 3, column: 31 },
    });
    const noUnit = '[{"name": "a", "value": 1}]';
    expect(inputError(() => parseText(githubActionBenchmarkAdapter, noUnit)).message).toMatch(
      /the benchmark "a" has no "unit"/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
describe('HdrHistogram adapter (project fixture)', () => {
  const file = join(project, 'hdrhistogram', 'rtt_ms.hgrm');

  it('reads the Java layout, takes ms from the file name and converts to µs', () => {
    const set = parseFile(hdrHistogramAdapter, file);
    expect(set.measurements).toHaveLength(1);
    const m = set.measurements[0]!;
    expect(m.experiment).toBe('rtt_ms');
    expect(m.metric).toMatchObject({
      name: 'latency',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ms',
      direction: 'lower-is-better',
    });
    expect(m.statistics).toEqual({
      min: expect.closeTo(17, 6),
      median: expect.closeTo(4747, 6),
      p90: expect.closeTo(10791, 6),
      p95: expect.closeTo(17311, 6),
      p99: expect.closeTo(17311, 6),
      p999: expect.closeTo(136319, 6),
      p9999: expect.closeTo(1418239, 6),
      max: expect.closeTo(1418239, 6),
      mean: expect.closeTo(9500, 6),
      stdev: expect.closeTo(45250, 6),
      samples: 1000,
    });
    expect(m.place).toEqual({ file, line: 1 });
    expect(set.notes.join('\n')).toMatch(/ms taken from the file name/);
  });

  it('reads the CSV layout and assumes µs with a note when nothing says otherwise', () => {
    const text =
      '"Value","Percentile","TotalCount","1/(1-Percentile)"\n1.000,0.000000000000,1,1.00\n2.000,0.500000000000,5,2.00\n9.000,1.000000000000,10,Infinity\n';
    const set = parseText(hdrHistogramAdapter, text, 'h.csv');
    expect(set.measurements[0]!.statistics).toMatchObject({ min: 1, median: 2, p99: 9, max: 9, samples: 10 });
    expect(set.notes.join('\n')).toMatch(/assumed to be microseconds/);
  });

  it('rejects truncated and garbled tables with line and column', () => {
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const cutRow = lines.slice(0, 5).join('\n') + '\n      17.3';
    expect(inputError(() => parseText(hdrHistogramAdapter, cutRow, 'h'))).toMatchObject({
      message: expect.stringMatching(/expected 4 numbers/),
      place: { file: 'h', line: 6, column: 7 },
    });
    const noEnd = lines.slice(0, 6).join('\n') + '\n';
    expect(inputError(() => parseText(hdrHistogramAdapter, noEnd, 'h'))).toMatchObject({
      message: expect.stringMatching(/looks truncated/),
      place: { file: 'h', line: 7 },
    });
    const garbled = text.replace('4.747 0.500000000000', '4.747 0.5x0000000000');
    expect(inputError(() => parseText(hdrHistogramAdapter, garbled, 'h'))).toMatchObject({
      message: expect.stringMatching(/expected a number, found "0.5x0000000000"/),
      place: { file: 'h', line: 4, column: 14 },
    });
    const descending = text.replace('10.791 0.9', '1.791 0.9');
    expect(inputError(() => parseText(hdrHistogramAdapter, descending, 'h')).place).toMatchObject({ line: 5 });
    const badFooter = text.replace('Mean    =        9.500', 'Mean    =        n/a');
    expect(inputError(() => parseText(hdrHistogramAdapter, badFooter, 'h'))).toMatchObject({
      place: { line: 9, column: 20 },
    });
    const headerOnly = lines[0] + '\n\n';
    expect(inputError(() => parseText(hdrHistogramAdapter, headerOnly, 'h')).message).toMatch(/no rows/);
  });
});

// ---------------------------------------------------------------------------------------------
describe('redis-benchmark adapter (project fixtures)', () => {
  it('reads the Redis 7 CSV: rps and latencies in µs', () => {
    const file = join(project, 'redis', 'redis7.csv');
    const set = parseFile(redisBenchmarkAdapter, file);
    const name = 'LRANGE_100 (first 100 elements)';
    expect(find(set, name, 'throughput').statistics).toEqual({ value: 30487.8 });
    expect(find(set, name, 'throughput').metric.direction).toBe('higher-is-better');
    expect(find(set, name, 'latency').statistics).toEqual({
      mean: expect.closeTo(850, 6),
      min: expect.closeTo(200, 6),
      median: expect.closeTo(815, 6),
      p95: expect.closeTo(1175, 6),
      p99: expect.closeTo(1543, 6),
      max: expect.closeTo(3111, 6),
    });
    expect(find(set, name, 'latency').place).toEqual({ file, line: 3 });
  });

  it('reads the old headerless CSV: rps only, with a note', () => {
    const file = join(project, 'redis', 'redis5-noheader.csv');
    const set = parseFile(redisBenchmarkAdapter, file);
    expect(set.measurements.map((m) => [m.experiment, m.metric.name, m.statistics.value, m.place.line])).toEqual([
      ['PING_INLINE', 'throughput', 94339.62, 1],
      ['PING_BULK', 'throughput', 96153.84, 2],
      ['SET', 'throughput', 92592.59, 3],
    ]);
    expect(set.notes.join('\n')).toMatch(/without header/);
  });

  it('rejects non-numbers, short rows and empty files with line and column', () => {
    const header =
      '"test","rps","avg_latency_ms","min_latency_ms","p50_latency_ms","p95_latency_ms","p99_latency_ms","max_latency_ms"\n';
    const bad = header + '"SET","fast","0.143","0.032","0.135","0.239","0.335","4.071"\n';
    expect(inputError(() => parseText(redisBenchmarkAdapter, bad, 'r.csv'))).toMatchObject({
      message: expect.stringMatching(/expected a number in column "rps", found "fast"/),
      place: { file: 'r.csv', line: 2, column: 7 },
    });
    const short = header + '"SET","45558.09","0.143"\n';
    expect(inputError(() => parseText(redisBenchmarkAdapter, short, 'r.csv')).place).toMatchObject({ line: 2 });
    expect(inputError(() => parseText(redisBenchmarkAdapter, header, 'r.csv')).message).toMatch(/no results/);
    const oldBad = '"PING_INLINE","94339.62"\n"SET","x"\n';
    expect(inputError(() => parseText(redisBenchmarkAdapter, oldBad, 'r.csv')).place).toEqual({
      file: 'r.csv',
      line: 2,
      column: 7,
    });
    const oldShort = '"PING_INLINE","94339.62"\n"SET"\n';
    expect(inputError(() => parseText(redisBenchmarkAdapter, oldShort, 'r.csv')).place).toMatchObject({ line: 2 });
    // A file of another kind is refused at its first line, not read through as headerless CSV.
    const other = 'desc: I1 cache: 32768 B, 64 B, 8-way associative\n' + '"x",'.repeat(1000) + '\n';
    expect(inputError(() => parseText(redisBenchmarkAdapter, other, 'r.csv'))).toMatchObject({
      message: expect.stringMatching(/^not redis-benchmark --csv output: line 1 is neither its header/),
      place: { file: 'r.csv', line: 1, column: 1 },
    });
  });
});

// ---------------------------------------------------------------------------------------------
describe('every cut of every project fixture gives a result or an InputError', () => {
  const cases: [string, FormatAdapter, string][] = [
    ['hyperfine', hyperfineAdapter, join(project, 'hyperfine', 'scan.json')],
    ['google-benchmark', googleBenchmarkAdapter, join(project, 'google-benchmark', 'repetitions.json')],
    ['github-action-benchmark', githubActionBenchmarkAdapter, join(project, 'github-action-benchmark', 'custom.json')],
    ['hdrhistogram', hdrHistogramAdapter, join(project, 'hdrhistogram', 'rtt_ms.hgrm')],
    ['redis-benchmark', redisBenchmarkAdapter, join(project, 'redis', 'redis7.csv')],
  ];
  it.each(cases)('%s', (_id, adapter, file) => {
    const text = readFileSync(file, 'utf8');
    for (let end = 0; end < text.length; end++) {
      try {
        adapter.parse({ file: 'cut', text: text.slice(0, end) }, {});
      } catch (error) {
        if (!(error instanceof InputError)) throw new Error(`${adapter.id} at ${end}: ${String(error)}`);
        expect(error.place?.file).toBe('cut');
        if (error.place?.line !== undefined) expect(error.place.line).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
describe('recognisers (project fixtures)', () => {
  /**
   * A fixture folder is named by its adapter id, or by the family of ids it holds (kuksa → kuksa-console, kuksa-csv).
   */
  const family = (folder: string) =>
    REGISTRY.map((a) => a.id).filter(
      (id) =>
        id === folder ||
        id.startsWith(`${folder.split('-')[0]}-`) ||
        // Valgrind's tools, each a format of its own.
        (folder === 'valgrind' && ['cachegrind', 'callgrind'].includes(id)),
    );
  /** Folders that hold no auto-detected results: requirement files, and CSVs read only with a mapping. */
  const notResults = ['requirements', 'generic-csv'];

  it("registry-wide: each project fixture is recognised by exactly one adapter, of its folder's family; every adapter has one", () => {
    const seen = new Set<string>();
    const files = [...walk(project), ...walk(join(repoRoot, 'fixtures', 'example', 'results'))];
    for (const file of files) {
      const dir = file.startsWith(project) ? file.slice(project.length + 1).split(/[\\/]/)[0]! : 'fastdds-raw';
      const text = head(file);
      const recognised = REGISTRY.filter((a) => a.recognises(text, file)).map((a) => a.id);
      // Where the samples came from: SOURCES.md and the benchmark sources in `source/` folders.
      const generator = file === join(project, 'SOURCES.md') || file.split(/[\\/]/).includes('source');
      // Files an adapter reads along with a result file (Criterion's sample.json) are no results of their own.
      const sibling = REGISTRY.some((a) => a.siblings?.includes(basename(file)));
      // The rest of Criterion's real tree (criterion/real-*): Criterion's own comparison, HTML report, outlier fences
      // and raw CSV, which discovery skips.
      const criterionTree =
        dir === 'criterion' &&
        (/[\\/](change|report)[\\/]/.test(file) || ['raw.csv', 'tukey.json'].includes(basename(file)));
      if (notResults.includes(dir) || generator || sibling || criterionTree) {
        expect({ file, recognised }).toEqual({ file, recognised: [] });
        continue;
      }
      expect({ file, count: recognised.length }).toEqual({ file, count: 1 });
      expect(family(dir)).toContain(recognised[0]);
      seen.add(recognised[0]!);
    }
    // Formats without a project fixture, each for a stated reason.
    const elsewhere: Record<string, string> = {
      'fastdds-summary': 'written by perfgate summarize in the tests (reference summaries are in ../shared)',
      'hyperfine-csv': 'real samples in ../shared/fixtures/real-runs/hyperfine',
      'redis-benchmark-quiet': 'real samples in ../shared/fixtures/real-runs/redis',
      'generic-csv': 'never auto-detected: read only with a mapping',
    };
    expect(REGISTRY.map((a) => a.id).filter((id) => !seen.has(id))).toEqual(
      Object.keys(elsewhere)
        .filter((id) => REGISTRY.some((a) => a.id === id))
        .sort((a, b) => REGISTRY.findIndex((x) => x.id === a) - REGISTRY.findIndex((x) => x.id === b)),
    );
  });

  it('rejects look-alikes', () => {
    expect(hyperfineAdapter.recognises('{"results": {"command": "x"}}', 'x')).toBe(false);
    expect(hyperfineAdapter.recognises('{"result": [{"command": "x"}]}', 'x')).toBe(false);
    // pytest-benchmark also has a "benchmarks" array
    expect(
      googleBenchmarkAdapter.recognises(
        '{"machine_info": {}, "benchmarks": [{"group": null, "name": "t", "stats": {}}]}',
        'x',
      ),
    ).toBe(false);
    expect(githubActionBenchmarkAdapter.recognises('[{"name": "a", "value": 1}]', 'x')).toBe(false);
    expect(githubActionBenchmarkAdapter.recognises('[1, 2, 3]', 'x')).toBe(false);
    expect(redisBenchmarkAdapter.recognises('"a","b"\n"c","d"\n', 'x')).toBe(false);
    expect(redisBenchmarkAdapter.recognises('test,rps\nSET,1\n', 'x')).toBe(false);
    expect(hdrHistogramAdapter.recognises('Value Percentile\n1 0.5\n', 'x')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
describeShared('hyperfine adapter on real runs', () => {
  it('hyperfine_true_vs_sleep.json', () => {
    const file = join(realRuns, 'hyperfine', 'hyperfine_true_vs_sleep.json');
    const set = parseFile(hyperfineAdapter, file);
    const t = find(set, 'true', 'wall time');
    // "mean": 0.0010150655666666666, "stddev": 0.0006615469157787617, "median": 0.000849302,
    // "min": 0.000575606, "max": 0.0033807670000000002 (seconds), 30 times, first 0.0006100880000000001
    expect(t.statistics.mean).toBeCloseTo(1015.0655666666666, 6);
    expect(t.statistics.stdev).toBeCloseTo(661.5469157787617, 6);
    expect(t.statistics.median).toBeCloseTo(849.302, 6);
    expect(t.statistics.min).toBeCloseTo(575.606, 6);
    expect(t.statistics.max).toBeCloseTo(3380.767, 6);
    expect(t.statistics.samples).toBe(30);
    expect(t.samples![0]).toBeCloseTo(610.088, 6);
    expect(t.samples![29]).toBeCloseTo(695.624, 6);
    expect(t.parameter).toEqual({ label: '' });
    expect(t.place).toEqual({ file, line: 3 });
    const s = find(set, 'sleep 0.01', 'wall time');
    // "mean": 0.0118011095, "min": 0.011027506000000001, "max": 0.016081471
    expect(s.statistics.mean).toBeCloseTo(11801.1095, 6);
    expect(s.statistics.min).toBeCloseTo(11027.506, 6);
    expect(s.statistics.max).toBeCloseTo(16081.471, 6);
    expect(s.place.line).toBe(77);
    // "user": 0.0008536333333333333, "system": 0.00024503333333333334
    expect(find(set, 'sleep 0.01', 'user time').statistics.mean).toBeCloseTo(853.6333333333333, 6);
    expect(find(set, 'sleep 0.01', 'system time').statistics.mean).toBeCloseTo(245.03333333333334, 6);
    expect(set.notes).toEqual([]);
  });

  it('hyperfine_seq_param.json (parameter scan -L n 1000,100000)', () => {
    const file = join(realRuns, 'hyperfine', 'hyperfine_seq_param.json');
    const set = parseFile(hyperfineAdapter, file);
    expect([...new Set(set.measurements.map((m) => m.experiment))]).toEqual(['seq {n}']);
    const small = find(set, 'seq {n}', 'wall time', 'n=1000');
    expect(small.parameter.settings).toEqual({ n: 1000 });
    // "mean": 0.0017908266499999995, "median": 0.0015250775, "max": 0.003981449000000001, 20 runs
    expect(small.statistics.mean).toBeCloseTo(1790.8266499999995, 6);
    expect(small.statistics.median).toBeCloseTo(1525.0775, 6);
    expect(small.statistics.max).toBeCloseTo(3981.449, 6);
    expect(small.statistics.samples).toBe(20);
    const big = find(set, 'seq {n}', 'wall time', 'n=100000');
    // "mean": 0.0020977124499999998, "min": 0.001669172, first time 0.0026059850000000003
    expect(big.statistics.mean).toBeCloseTo(2097.7124499999998, 6);
    expect(big.statistics.min).toBeCloseTo(1669.172, 6);
    expect(big.samples![0]).toBeCloseTo(2605.985, 6);
    expect(big.place).toEqual({ file, line: 60 });
  });
});

describeShared("Google Benchmark adapter on the library's compare.py inputs", () => {
  const dir = sharedFormats + '/google-benchmark';

  it('test2_run.json: units, prefixes and argument segments', () => {
    const set = parseFile(googleBenchmarkAdapter, join(dir, 'test2_run.json'));
    // BM_Hi: real_time 42, cpu_time 24, time_unit ms
    expect(find(set, 'BM_Hi', 'real time').statistics).toEqual({ mean: 42000, samples: 1 });
    expect(find(set, 'BM_Hi', 'cpu time').statistics.mean).toBe(24000);
    expect(find(set, 'BM_Hi', 'real time').place.line).toBe(10);
    // BM_Zero/4: 40 ns; Prefix/BM_One/3: 15 ns; BM_Bye cpu 63 ns
    expect(find(set, 'BM_Zero', 'real time', '4').statistics.mean).toBeCloseTo(0.04, 12);
    expect(find(set, 'BM_Zero', 'real time').statistics.mean).toBeCloseTo(0.01, 12);
    expect(find(set, 'Prefix/BM_One', 'real time', '3').statistics.mean).toBeCloseTo(0.015, 12);
    expect(find(set, 'BM_Bye', 'cpu time').statistics.mean).toBeCloseTo(0.063, 12);
    expect(set.measurements).toHaveLength(20);
  });

  it('test1_run1.json: seconds, BigO and RMS skipped', () => {
    const set = parseFile(googleBenchmarkAdapter, join(dir, 'test1_run1.json'));
    // BM_NotBadTimeUnit: real_time 0.4, cpu_time 0.5, time_unit s; BM_100xFaster: 10000 ns
    expect(find(set, 'BM_NotBadTimeUnit', 'real time').statistics.mean).toBeCloseTo(400000, 6);
    expect(find(set, 'BM_NotBadTimeUnit', 'cpu time').statistics.mean).toBeCloseTo(500000, 6);
    expect(find(set, 'BM_100xFaster', 'real time').statistics.mean).toBeCloseTo(10, 9);
    expect(set.measurements.some((m) => m.experiment.startsWith('MyComplexityTest'))).toBe(false);
    expect(set.notes.join('\n')).toMatch(/not read: BigO, RMS/);
  });

  it('test1_run2.json: scientific notation', () => {
    const set = parseFile(googleBenchmarkAdapter, join(dir, 'test1_run2.json'));
    // BM_100xSlower: "real_time": 1.0000e+04 (ns); BM_ThirdFaster: 66.665 / 66.664 ns
    expect(find(set, 'BM_100xSlower', 'real time').statistics.mean).toBeCloseTo(10, 9);
    expect(find(set, 'BM_ThirdFaster', 'real time').statistics.mean).toBeCloseTo(0.066665, 12);
    expect(find(set, 'BM_ThirdFaster', 'cpu time').statistics.mean).toBeCloseTo(0.066664, 12);
  });

  it('test3_run0.json: repeated iteration rows become samples; unnamed aggregates are skipped', () => {
    const set = parseFile(googleBenchmarkAdapter, join(dir, 'test3_run0.json'));
    // BM_Two: real_time 9 then 8 ns; cpu_time 90 then 86 ns
    const two = find(set, 'BM_Two', 'real time');
    expect(Array.from(two.samples!)).toEqual([expect.closeTo(0.009, 12), expect.closeTo(0.008, 12)]);
    expect(two.statistics).toMatchObject({
      samples: 2,
      min: expect.closeTo(0.008, 12),
      max: expect.closeTo(0.009, 12),
    });
    expect(find(set, 'BM_Two', 'cpu time').statistics).toMatchObject({
      min: expect.closeTo(0.086, 12),
      max: expect.closeTo(0.09, 12),
    });
    expect(two.place.line).toBe(18);
    // BM_One and short are aggregates without aggregate_name
    expect(set.measurements.map((m) => m.experiment)).toEqual(['BM_Two', 'BM_Two', 'medium', 'medium']);
  });

  it('test3_run1.json, test5_run*.json', () => {
    const three = parseFile(googleBenchmarkAdapter, join(dir, 'test3_run1.json'));
    // short: the iteration row has real_time 800, cpu_time 1 (ns)
    expect(find(three, 'short', 'real time').statistics.mean).toBeCloseTo(0.8, 12);
    expect(find(three, 'medium', 'cpu time').statistics.mean).toBeCloseTo(0.053, 12);
    const five0 = parseFile(googleBenchmarkAdapter, join(dir, 'test5_run0.json'));
    const five1 = parseFile(googleBenchmarkAdapter, join(dir, 'test5_run1.json'));
    // real_time 1 s vs 1000 s
    expect(find(five0, 'BM_ManyRepetitions', 'real time').statistics.mean).toBe(1e6);
    expect(find(five1, 'BM_ManyRepetitions', 'real time').statistics.mean).toBe(1e9);
  });

  it('test4_run*.json have no usable times: InputError', () => {
    // test4_run.json: entries without any time; test4_run0/1: only a percentage aggregate
    for (const name of ['test4_run.json', 'test4_run0.json', 'test4_run1.json']) {
      const file = join(dir, name);
      const error = inputError(() => parseFile(googleBenchmarkAdapter, file));
      expect(error.message).toMatch(/no benchmark with a real_time/);
      expect(error.place?.file).toBe(file);
    }
    expect(inputError(() => parseFile(googleBenchmarkAdapter, join(dir, 'test4_run.json'))).place).toEqual({
      file: join(dir, 'test4_run.json'),
      line: 2,
      column: 17,
    });
  });
});

describeShared('HdrHistogram adapter on the GoogleChartsExample files', () => {
  const dir = sharedFormats + '/hdrhistogram';

  it('example1.txt', () => {
    const set = parseFile(hdrHistogramAdapter, join(dir, 'example1.txt'));
    const m = set.measurements[0]!;
    expect(m.experiment).toBe('example1');
    // rows at 0.0, 0.5, 0.9, 0.95, 0.990625, 0.999023, 0.999902; footer Mean 25.048, StdDeviation
    // 120.097, Max 9420.800, Total count 475109
    expect(m.statistics).toEqual({
      min: 0.016,
      median: 11.167,
      p90: 40.671,
      p95: 127.231,
      p99: 206.207,
      p999: 1260.543,
      p9999: 6873.087,
      max: 9420.8,
      mean: 25.048,
      stdev: 120.097,
      samples: 475109,
    });
    expect(m.metric.unit).toBe('us');
    expect(set.notes.join('\n')).toMatch(/assumed to be microseconds/);
  });

  it('example2.txt (no footer)', () => {
    const set = parseFile(hdrHistogramAdapter, join(dir, 'example2.txt'));
    const m = set.measurements[0]!;
    // last row: 1511.423 1.000000 1104769 inf; 0.5 → 1418.239; 0.9 → 1510.399; 0.99 → first row
    // at or above is 1.000000 (the table stops at 0.96875 before it)
    expect(m.statistics).toEqual({
      min: 0.017,
      median: 1418.239,
      p90: 1510.399,
      p95: 1510.399,
      p99: 1511.423,
      p999: 1511.423,
      p9999: 1511.423,
      max: 1511.423,
      samples: 1104769,
    });
    expect(set.notes.join('\n')).toMatch(/no "#\[Mean …\]"/);
  });

  it('example3.txt', () => {
    const m = parseFile(hdrHistogramAdapter, join(dir, 'example3.txt')).measurements[0]!;
    // 0.5 → 30.447; 0.9 → 505.087; 0.990625 → 5881.855; 0.999023 → 8073.215; 0.999902 → 9027.583;
    // footer Mean 297.175, StdDeviation 976.346, Max 9420.800, Total count 1091324
    expect(m.statistics).toMatchObject({
      min: 0.016,
      median: 30.447,
      p90: 505.087,
      p99: 5881.855,
      p999: 8073.215,
      p9999: 9027.583,
      max: 9420.8,
      mean: 297.175,
      stdev: 976.346,
      samples: 1091324,
    });
  });

  it('does not take the .hlog interval log (it needs a histogram decoder)', () => {
    const file = join(dir, 'hiccup.140623.1028.10646.hlog');
    expect(ADAPTERS.filter((a) => a.recognises(head(file), file))).toEqual([]);
  });
});

describeShared('redis-benchmark adapter on real runs', () => {
  it('redis_benchmark_d16_c10_n20000.csv', () => {
    const file = join(realRuns, 'redis', 'redis_benchmark_d16_c10_n20000.csv');
    const set = parseFile(redisBenchmarkAdapter, file);
    expect([...new Set(set.measurements.map((m) => m.experiment))]).toEqual([
      'SET',
      'GET',
      'INCR',
      'LPUSH',
      'RPOP',
      'HSET',
    ]);
    // "SET","45558.09","0.143","0.032","0.135","0.239","0.335","4.071"
    expect(find(set, 'SET', 'throughput').statistics).toEqual({ value: 45558.09 });
    expect(find(set, 'SET', 'latency').statistics).toEqual({
      mean: expect.closeTo(143, 6),
      min: expect.closeTo(32, 6),
      median: expect.closeTo(135, 6),
      p95: expect.closeTo(239, 6),
      p99: expect.closeTo(335, 6),
      max: expect.closeTo(4071, 6),
    });
    expect(find(set, 'SET', 'latency').place).toEqual({ file, line: 2 });
    // "HSET","50251.26","0.129","0.024","0.119","0.199","0.263","5.351"
    expect(find(set, 'HSET', 'throughput').statistics.value).toBe(50251.26);
    expect(find(set, 'HSET', 'latency').statistics.max).toBeCloseTo(5351, 6);
    expect(find(set, 'HSET', 'latency').place.line).toBe(7);
    expect(set.notes).toEqual([]);
  });

  it('redis_benchmark_d1024_c10_n20000.csv', () => {
    const set = parseFile(redisBenchmarkAdapter, join(realRuns, 'redis', 'redis_benchmark_d1024_c10_n20000.csv'));
    // "RPOP","31796.50","0.203","0.024","0.135","0.263","1.383","67.647"
    expect(find(set, 'RPOP', 'throughput').statistics.value).toBe(31796.5);
    expect(find(set, 'RPOP', 'latency').statistics.p99).toBeCloseTo(1383, 6);
    expect(find(set, 'RPOP', 'latency').statistics.max).toBeCloseTo(67647, 6);
    expect(find(set, 'GET', 'latency').statistics.mean).toBeCloseTo(174, 6);
  });

  it('does not take the -q text output', () => {
    const file = join(realRuns, 'redis', 'redis_benchmark_d16_c10_n20000_quiet.txt');
    expect(ADAPTERS.filter((a) => a.recognises(head(file), file))).toEqual([]);
  });
});

describeShared('recognisers on every real fixture in ../shared', () => {
  /** Which of these adapters may claim a file under ../shared/fixtures. */
  function owner(path: string): string | undefined {
    if (/real-runs\/hyperfine\/.*\.json$/.test(path)) return 'hyperfine';
    if (/formats\/google-benchmark\/.*\.json$/.test(path)) return 'google-benchmark';
    if (/formats\/hdrhistogram\/example\d\.txt$/.test(path)) return 'hdrhistogram';
    if (/real-runs\/redis\/.*\.csv$/.test(path)) return 'redis-benchmark';
    return undefined;
  }

  it("each adapter takes its own files and no other tool's (ddsperf, iceperf, Fast-DDS, kuksa, …)", () => {
    const files = walk(join(sharedDir, 'fixtures'));
    expect(files.filter((f) => /real-runs\/(ddsperf|iceperf|fastdds)\//.test(f)).length).toBeGreaterThan(40);
    for (const file of files) {
      const recognised = ADAPTERS.filter((a) => a.recognises(head(file), file)).map((a) => a.id);
      const expected = owner(file);
      expect({ file, recognised }).toEqual({ file, recognised: expected ? [expected] : [] });
    }
  });
});
