import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import { genericCsvAdapter } from '../src/engine/formats/genericCsv.js';
import { googleBenchmarkAdapter } from '../src/engine/formats/googleBenchmark.js';
import { goBenchAdapter } from '../src/engine/formats/goBench.js';
import { parseLooseJson, type JsonObject } from '../src/engine/formats/looseJson.js';
import { RESULT_LIMITS } from '../src/pipeline/resultSets.js';
import { cli, read, repoRoot, tempDir } from './helpers/shared.js';

// Issue 26: a 227 MiB Google Benchmark JSON, under the old 256 MiB limit, ended in an out-of-memory
// crash (exit 134) at 4.4 GB. Issue 38: the formats a suite makes large are read chunk by chunk and
// are not limited in bytes; the others are still refused above 64 MiB, before being read. Every format
// that counts as it reads stops at the entry that crosses a count limit, instead of parsing on.

const MIB = 1024 * 1024;
const SPLIT = 'split the results into several files (a folder or a pattern reads them all as one set)';

describe('the size limit of files read whole', () => {
  test('is 64 MiB for the formats read whole, and the README says which are streamed', () => {
    expect(RESULT_LIMITS.fileBytes).toBe(64 * MIB);
    expect(RESULT_LIMITS.measurements).toBe(200_000);
    expect(RESULT_LIMITS.experiments).toBe(100_000);
    // The README's lines are wrapped: the statement is read with its line breaks as spaces.
    const readme = read(join(repoRoot, 'README.md')).replace(/\n/g, ' ');
    expect(readme).toContain('files read whole are limited to 64 MiB.');
    expect(readme).toContain(
      "Every file, read either way, is limited to 200 000 measurements (a benchmark's metric at one parameter, its repetitions together) and 100 000 experiments",
    );
  });

  test('a hyperfine JSON of 65 MiB is refused with its size, the limit and what to do', async () => {
    const path = join(tempDir(), 'huge.json');
    writeFileSync(path, '{"results": [\n');
    truncateSync(path, 65 * MIB); // sparse: the limit is checked on the size, before reading
    const result = await cli(['inspect', '--format', 'hyperfine', path]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      new RegExp(
        `^perfgate: error: ${path}: the file is 65 MiB, over the 64 MiB limit for a file read whole \\(hyperfine --export-json output\\): ` +
          'reading takes several times its size in memory; split the results into files of at most 64 MiB ' +
          '\\(fastdds-raw, google-benchmark,? .*go-bench.* files are streamed and have no such limit\\)\n$',
      ),
    );
  });

  test('one byte over the limit is named in bytes, not as "64 MiB over 64 MiB"', async () => {
    const path = join(tempDir(), 'edge.json');
    writeFileSync(path, '{"results": [\n');
    truncateSync(path, 64 * MIB + 1);
    const result = await cli(['inspect', '--format', 'hyperfine', path]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      ': the file is 67108865 bytes, over the 64 MiB limit for a file read whole (hyperfine',
    );
  });

  test('a streamed Google Benchmark JSON over 64 MiB is read, not refused for its size', async () => {
    const path = join(tempDir(), 'big.json');
    const entry = (i: number) =>
      `{"name": "BM_A/${i % 1000}", "run_name": "BM_A/${i % 1000}", "run_type": "iteration", "iterations": 10, "real_time": ${100 + (i % 7)}, "cpu_time": 99, "time_unit": "ns", "label": "${'x'.repeat(400)}"}`;
    const entries = Array.from({ length: 1000 }, (_, i) => entry(i)).join(',\n');
    // 160 copies of 1,000 entries of about 0.45 KB: over 64 MiB.
    writeFileSync(
      path,
      `{"context": {"num_cpus": 2}, "benchmarks": [\n${Array.from({ length: 160 }, () => entries).join(',\n')}\n]}\n`,
    );
    const result = await cli(['inspect', '--format', 'google-benchmark', path]);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('2000 measurement(s), 1 experiment(s)');
  });
});

describe('a file stops at the count limits as it is read', () => {
  test('generic CSV: the row that brings the 200 001st measurement is named, and the rows after it are not read', async () => {
    const dir = tempDir();
    const path = join(dir, 'many.csv');
    writeFileSync(
      join(dir, 'mapping.json'),
      JSON.stringify({ experiment: 'name', parameter: 'size', metrics: [{ column: 'ns', unit: 'ns' }] }),
    );
    // 200 001 rows of one measurement each (100 experiments), then a row that is not a number: were it read, its error would win.
    const rows = Array.from({ length: RESULT_LIMITS.measurements + 1 }, (_, i) => `b${i % 100},${i},${100 + (i % 7)}`);
    writeFileSync(path, `name,size,ns\n${rows.join('\n')}\nlast,0,oops\n`);
    const result = await cli(['inspect', '--format', 'generic-csv', '--mapping', join(dir, 'mapping.json'), path]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `perfgate: error: ${path}:200002: the file holds more than 200000 measurements (found by line 200002); the limit is 200000 per file: ${SPLIT}\n`,
    );
  });

  test('at the limit the file is read whole; one over, the row is named', () => {
    const mapping = { experiment: 'name', parameter: 'size', metrics: [{ column: 'us', unit: 'us' }] };
    const text = (rows: number) =>
      `name,size,us\n${Array.from({ length: rows }, (_, i) => `b,${i},${100 + i}`).join('\n')}\n`;
    const set = genericCsvAdapter.parse({ file: 'three.csv', text: text(3) }, { mapping, maxMeasurements: 3 });
    expect(set.measurements.map((m) => [m.parameter.label, m.statistics.value])).toEqual([
      ['0', 100],
      ['1', 101],
      ['2', 102],
    ]);
    expect(() => genericCsvAdapter.parse({ file: 'four.csv', text: text(4) }, { mapping, maxMeasurements: 3 })).toThrow(
      new InputError(`the file holds more than 3 measurements (found by line 5); the limit is 3 per file: ${SPLIT}`, {
        file: 'four.csv',
        line: 5,
      }),
    );
  });

  const gbEntry = (name: string, time: number) =>
    `{"name": "${name}", "run_type": "iteration", "iterations": 10, "real_time": ${time}, "cpu_time": ${time}, "time_unit": "ns"}`;

  test('Google Benchmark: the entry of the experiment over the limit is named; a later broken entry is never read', () => {
    const text = `{"benchmarks": [\n${['BM_A', 'BM_B', 'BM_C'].map((n) => gbEntry(n, 5)).join(',\n')},\n{"name": 7}\n]}`;
    expect(() => googleBenchmarkAdapter.parse({ file: 'gb.json', text }, { maxExperiments: 2 })).toThrow(
      new InputError(`the file holds more than 2 experiments (found by line 4); the limit is 2 per file: ${SPLIT}`, {
        file: 'gb.json',
        line: 4,
      }),
    );
    // real_time and cpu_time: two measurements an entry.
    expect(() => googleBenchmarkAdapter.parse({ file: 'gb.json', text }, { maxMeasurements: 3 })).toThrow(
      new InputError(`the file holds more than 3 measurements (found by line 3); the limit is 3 per file: ${SPLIT}`, {
        file: 'gb.json',
        line: 3,
      }),
    );
  });

  test('go test -bench: the line of the benchmark over the limit is named', () => {
    const text = ['BenchmarkA-8  10  5 ns/op', 'BenchmarkB-8  10  5 ns/op  8 B/op', 'BenchmarkC-8  10  5 ns/op'].join(
      '\n',
    );
    expect(() => goBenchAdapter.parse({ file: 'go.txt', text }, { maxExperiments: 2 })).toThrow(
      new InputError(`the file holds more than 2 experiments (found by line 3); the limit is 2 per file: ${SPLIT}`, {
        file: 'go.txt',
        line: 3,
      }),
    );
    expect(() => goBenchAdapter.parse({ file: 'go.txt', text }, { maxMeasurements: 2 })).toThrow(
      new InputError(`the file holds more than 2 measurements (found by line 2); the limit is 2 per file: ${SPLIT}`, {
        file: 'go.txt',
        line: 2,
      }),
    );
  });

  test('12,000 benchmarks × 10 repetitions × 4 units of go test -benchmem are inside the limits', () => {
    expect(12_000 * 4).toBeLessThan(RESULT_LIMITS.measurements);
    expect(12_000).toBeLessThan(RESULT_LIMITS.experiments);
  });
});

describe('JSON key places are found in the text when an error needs them', () => {
  // The parser no longer keeps a map of key places per object (it cost more than the objects).
  test('the key of this object, not a nested one of the same name, and the last of a repeated key', () => {
    const text = '{\n  "a": {"x": 1, "b": {"x": 2}},\n  "x": 3,\n  "s\\u0078": [1, "}"],\n  "x": 4\n}';
    const doc = parseLooseJson('t.json', text);
    const root = doc.value as JsonObject;
    expect(doc.placeOfKey(root, 'x')).toEqual({ line: 5, column: 3 });
    expect(doc.placeOfKey(root, 'sx')).toEqual({ line: 4, column: 3 });
    expect(doc.placeOfKey(root.a as JsonObject, 'x')).toEqual({ line: 2, column: 9 });
    expect(doc.placeOfKey((root.a as JsonObject).b as JsonObject, 'x')).toEqual({ line: 2, column: 23 });
    // A key the object does not have: the object's own place.
    expect(doc.placeOfKey(root.a as JsonObject, 'nope')).toEqual({ line: 2, column: 8 });
  });

  test('parsed objects inherit nothing: __proto__ and constructor are plain keys, toString is absent', () => {
    const doc = parseLooseJson('t.json', '{"__proto__": {"polluted": 1}, "constructor": 2}');
    const root = doc.value as JsonObject;
    expect(Object.keys(root)).toEqual(['__proto__', 'constructor']);
    expect(root['__proto__']).toEqual({ polluted: 1 });
    expect(root['constructor']).toBe(2);
    expect((root as Record<string, unknown>)['toString']).toBeUndefined();
    expect((root as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(doc.placeOfKey(root, 'constructor')).toEqual({ line: 1, column: 32 });
  });

  test('a Google Benchmark field of the wrong type is still reported at its key', () => {
    const text =
      '{\n  "benchmarks": [\n    {"name": "BM_A", "run_type": "iteration",\n     "real_time": "fast", "time_unit": "ns"}\n  ]\n}\n';
    expect(() => googleBenchmarkAdapter.parse({ file: 'gb.json', text }, {})).toThrow(
      new InputError('expected a number for "real_time", found the string "fast"', {
        file: 'gb.json',
        line: 4,
        column: 6,
      }),
    );
  });
});
