import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import { genericCsvAdapter } from '../src/engine/formats/genericCsv.js';
import { googleBenchmarkAdapter } from '../src/engine/formats/googleBenchmark.js';
import { parseLooseJson, type JsonObject } from '../src/engine/formats/looseJson.js';
import { RESULT_LIMITS } from '../src/pipeline/resultSets.js';
import { cli, read, repoRoot, tempDir } from './helpers/shared.js';

// Issue 26: a 227 MiB Google Benchmark JSON, under the old 256 MiB limit, ended in an out-of-memory
// crash (exit 134) at 4.4 GB. Files read whole are now refused above 64 MiB, before being read,
// and a generic CSV stops at its first measurement over the count limit instead of parsing on.

const MIB = 1024 * 1024;

describe('the size limit of files read whole', () => {
  test('is 64 MiB, and the README says so', () => {
    expect(RESULT_LIMITS.fileBytes).toBe(64 * MIB);
    expect(read(join(repoRoot, 'README.md'))).toContain(
      'read\nwhole and limited to 64 MiB, 200 000 measurements and 10 000 experiments each',
    );
  });

  test('a Google Benchmark JSON of 65 MiB is refused with its size, the limit and what to do', async () => {
    const path = join(tempDir(), 'huge.json');
    writeFileSync(path, '{"context": {"num_cpus": 4}, "benchmarks": [\n');
    truncateSync(path, 65 * MIB); // sparse: the limit is checked on the size, before reading
    const result = await cli(['inspect', '--format', 'google-benchmark', path]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `perfgate: error: ${path}: the file is 65 MiB, over the 64 MiB limit for a file read whole (Google Benchmark JSON output): ` +
        'reading takes several times its size in memory; split the results into files of at most 64 MiB ' +
        '(Fast-DDS raw measurement files are streamed and have no such limit)\n',
    );
  });

  test('one byte over the limit is named in bytes, not as "64 MiB over 64 MiB"', async () => {
    const path = join(tempDir(), 'edge.json');
    writeFileSync(path, '{"context": {"num_cpus": 4}, "benchmarks": [\n');
    truncateSync(path, 64 * MIB + 1);
    const result = await cli(['inspect', '--format', 'google-benchmark', path]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      ': the file is 67108865 bytes, over the 64 MiB limit for a file read whole (Google Benchmark JSON output)',
    );
  });
});

describe('a generic CSV stops at the measurement limit', () => {
  test('the row that brings the 200 001st measurement is named, and the rows after it are not read', async () => {
    const dir = tempDir();
    const path = join(dir, 'many.csv');
    writeFileSync(
      join(dir, 'mapping.json'),
      JSON.stringify({ experiment: 'name', metrics: [{ column: 'ns', unit: 'ns' }] }),
    );
    // 200 001 rows of one measurement each, then a row that is not a number: were it read, its error would win.
    const rows = Array.from({ length: RESULT_LIMITS.measurements + 1 }, (_, i) => `b${i},${100 + (i % 7)}`);
    writeFileSync(path, `name,ns\n${rows.join('\n')}\nlast,oops\n`);
    const result = await cli(['inspect', '--format', 'generic-csv', '--mapping', join(dir, 'mapping.json'), path]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `perfgate: error: ${path}:200002: the file holds more than 200000 measurements (found by line 200002); the limit is 200000 per file\n`,
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
      new InputError('the file holds more than 3 measurements (found by line 5); the limit is 3 per file', {
        file: 'four.csv',
        line: 5,
      }),
    );
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
