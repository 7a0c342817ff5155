import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import { JsonStreamReader, type JsonStreamTarget } from '../src/engine/formats/jsonStream.js';
import { adapterById } from '../src/engine/formats/registry.js';
import { LineSplitter } from '../src/engine/formats/streamed.js';
import {
  isJsonObject,
  parseLooseJson,
  type JsonDocument,
  type JsonPlace,
  type JsonValue,
} from '../src/engine/formats/looseJson.js';
import { repoRoot } from './helpers/shared.js';

// Issue 38: a large JSON file is read piece by piece, one element of its big container at a time.
// Whatever the split of the file into chunks, the elements, their places and every error are those
// of the whole-text reader. The properties run from fixed seeds, as every property in this suite does,
// so a run of CI is repeatable; deeper runs from other seeds are how the blank-lines fault was found.

interface Streamed {
  elements: { value: JsonValue; place: JsonPlace; key?: string; inner?: JsonPlace }[];
  root: JsonValue;
  count: number;
  begins: number;
}

/** A place inside the element (its first nested container's), to check the element's own document. */
function innerPlace(value: JsonValue, doc: JsonDocument): JsonPlace | undefined {
  if (Array.isArray(value)) {
    const inner = value.find((v) => typeof v === 'object' && v !== null);
    return inner ? doc.placeOf(inner as never) : undefined;
  }
  if (isJsonObject(value)) {
    const key = Object.keys(value).find((k) => typeof value[k] === 'object' && value[k] !== null);
    return key ? doc.placeOfKey(value, key) : undefined;
  }
  return undefined;
}

function stream(text: string, cuts: number[], key: string | undefined, objects = false): Streamed {
  const elements: Streamed['elements'] = [];
  let begins = 0;
  const target: JsonStreamTarget = {
    ...(key !== undefined ? { key } : {}),
    objects,
    begin() {
      begins++;
      elements.length = 0;
    },
    element(value, doc, place, memberKey) {
      const inner = innerPlace(value, doc);
      elements.push({
        value,
        place,
        ...(memberKey !== undefined ? { key: memberKey } : {}),
        ...(inner ? { inner } : {}),
      });
    },
  };
  const reader = new JsonStreamReader('f.json', target);
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.push(text.slice(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  reader.push(text.slice(at));
  const { doc, count } = reader.finish();
  return { elements, root: doc.value, count, begins };
}

/** What the whole-text reader gives for the same container. */
function whole(text: string, key: string | undefined, objects = false): Streamed | undefined {
  const doc = parseLooseJson('f.json', text);
  const root = doc.value;
  const container = key === undefined ? root : isJsonObject(root) ? root[key] : undefined;
  if (!Array.isArray(container) && !(objects && isJsonObject(container))) return undefined;
  const elements: Streamed['elements'] = Array.isArray(container)
    ? container.map((value, index) => {
        const inner = innerPlace(value, doc);
        return { value, place: doc.placeOfElement(container, index), ...(inner ? { inner } : {}) };
      })
    : Object.keys(container).map((k) => {
        const value = container[k]!;
        const inner = innerPlace(value, doc);
        return { value, place: placeOfValue(text, doc.placeOfKey(container, k)), key: k, ...(inner ? { inner } : {}) };
      });
  return { elements, root, count: elements.length, begins: 1 };
}

/** The place of the value after the key at `keyPlace`. */
function placeOfValue(text: string, keyPlace: JsonPlace): JsonPlace {
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  let line = keyPlace.line - 1;
  let column = keyPlace.column - 1;
  const at = () => lines[line]![column];
  const step = () => {
    column++;
    if (column >= lines[line]!.length) {
      line++;
      column = 0;
    }
  };
  step();
  while (at() !== '"') step(); // the key's closing quote (keys in these documents have no escaped quotes)
  step();
  while (at() !== ':') step();
  step();
  while (at() === undefined || /\s/.test(at()!)) step();
  return { line: line + 1, column: column + 1 };
}

function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    if (error instanceof InputError) return { error: error.message, place: error.place };
    throw error;
  }
}

const fixtures = (dir: string) =>
  readdirSync(join(repoRoot, 'fixtures', 'formats', dir))
    .filter((name) => name.endsWith('.json'))
    .map((name) => readFileSync(join(repoRoot, 'fixtures', 'formats', dir, name), 'utf8'));

const CASES: { name: string; key: string | undefined; objects?: boolean; texts: string[] }[] = [
  { name: 'Google Benchmark', key: 'benchmarks', texts: fixtures('google-benchmark') },
  { name: 'pytest-benchmark', key: 'benchmarks', texts: fixtures('pytest-benchmark') },
  { name: 'JMH', key: undefined, texts: fixtures('jmh') },
  { name: 'BMF', key: undefined, objects: true, texts: fixtures('bmf') },
];

describe('a streamed JSON file gives what the whole text gives, however it is cut', () => {
  for (const { name, key, objects, texts } of CASES) {
    test(`${name}: elements, places and the rest of the document, for any chunk cuts`, () => {
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        const expected = whole(text, key, objects)!;
        expect(expected.count).toBeGreaterThan(0);
        fc.assert(
          fc.property(fc.array(fc.nat({ max: text.length }), { maxLength: 12 }), (cuts) => {
            const got = stream(text, cuts, key, objects);
            expect(got.elements).toEqual(expected.elements);
            expect(got.count).toBe(expected.count);
            expect(got.begins).toBe(1);
          }),
          { seed: 42, numRuns: 40 },
        );
        // One character at a time: every boundary at once.
        expect(
          stream(
            text,
            Array.from(text, (_, i) => i),
            key,
            objects,
          ).elements,
        ).toEqual(expected.elements);
      }
    });
  }

  test('the document around the stream keeps its members and their places', () => {
    const text =
      '{\n  "context": {"date": "x", "n": [1, {"m": 2}]},\n  "benchmarks": [\n    {"a": 1}\n  ],\n  "after": true\n}\n';
    const reader = new JsonStreamReader('f.json', { key: 'benchmarks', begin() {}, element() {} });
    reader.push(text);
    const { doc, streamed, count } = reader.finish();
    const root = doc.value as Record<string, JsonValue>;
    expect(root.context).toEqual({ date: 'x', n: [1, { m: 2 }] });
    expect(root.after).toBe(true);
    expect(streamed).toEqual([]);
    expect(count).toBe(1);
    // Where the whole-text reader puts them.
    const all = parseLooseJson('f.json', text);
    const allRoot = all.value as Record<string, JsonValue>;
    expect(doc.placeOf(streamed as never)).toEqual(all.placeOf(allRoot.benchmarks as never));
    expect(doc.placeOf(streamed as never)).toEqual({ line: 3, column: 17 });
    expect(doc.placeOfKey(root as never, 'after')).toEqual({ line: 6, column: 3 });
    const context = root.context as Record<string, JsonValue>;
    const allContext = allRoot.context as Record<string, JsonValue>;
    expect(doc.placeOfKey(context as never, 'n')).toEqual(all.placeOfKey(allContext as never, 'n'));
    expect(doc.placeOfKey(context as never, 'n')).toEqual({ line: 2, column: 28 });
    expect(doc.placeOf((context.n as JsonValue[])[1] as never)).toEqual({ line: 2, column: 37 });
  });

  test('a repeated streamed key begins again, as the last one is the value the whole text keeps', () => {
    const text = '{"benchmarks": [1, 2], "benchmarks": [3]}';
    const got = stream(text, [7, 20], 'benchmarks');
    expect(got.begins).toBe(2);
    expect(got.elements.map((e) => e.value)).toEqual([3]);
  });

  test('a document read whole keeps the blank lines before it, wherever a piece ends', () => {
    // Found by the property below (seed 2127874308): JMH's leading "[" deleted, cut after the first newline.
    const text = '\n\n  {"a": 1},\n  {"b": 2}\n';
    for (const cut of [0, 1, 2, 3, 4]) {
      expect(outcome(() => stream(text, [cut], undefined))).toEqual({
        error: 'unexpected "," after the end of the JSON document',
        place: { file: 'f.json', line: 3, column: 11 },
      });
    }
  });

  test('another root is read whole, as before', () => {
    const text = '[{"benchmarks": [1]}]';
    const got = stream(text, [3], 'benchmarks');
    expect(got.elements).toEqual([]);
    expect(got.root).toEqual([{ benchmarks: [1] }]);
  });
});

/** Texts near valid JSON: a fixture with one character deleted, replaced or inserted. */
const BREAKERS = ['', ',', ']', '}', '[', '{', '"', ':', 'x', '1', '\n', '\\', ' ', '-', 'N', '.'];

describe('a broken file gives the same error at the same place, however it is cut', () => {
  for (const { name, key, objects, texts } of CASES) {
    test(`${name}: one character deleted, replaced or inserted anywhere`, () => {
      const text = texts[0]!;
      fc.assert(
        fc.property(
          fc.nat({ max: text.length }),
          fc.constantFrom(0, 1),
          fc.constantFrom(...BREAKERS),
          fc.array(fc.nat({ max: text.length }), { maxLength: 6 }),
          (at, drop, insert, cuts) => {
            const broken = text.slice(0, at) + insert + text.slice(at + drop);
            const expected = outcome(() => whole(broken, key, objects));
            const got = outcome(() => stream(broken, cuts, key, objects));
            if (expected === undefined) return; // no longer the shape streamed: read whole at the end
            if (typeof expected === 'object' && expected !== null && 'error' in expected) expect(got).toEqual(expected);
            else expect((got as Streamed).elements).toEqual((expected as Streamed).elements);
          },
        ),
        { seed: 42, numRuns: 400 },
      );
    });
  }

  test('truncated anywhere: the innermost open container is named at the end of the file', () => {
    const text = fixtures('google-benchmark')[0]!;
    for (let end = 0; end < text.length; end += 7) {
      const cut = text.slice(0, end);
      expect(outcome(() => stream(cut, [end >> 1], 'benchmarks'))).toEqual(outcome(() => whole(cut, 'benchmarks')));
    }
  });

  test('bare NaN and Infinity, as Google Benchmark writes them, and a BOM', () => {
    const text = '\uFEFF{"benchmarks": [NaN, -Infinity, {"x": -NaN}]}';
    expect(stream(text, [17, 18, 19], 'benchmarks').elements.map((e) => e.value)).toEqual([NaN, -Infinity, { x: NaN }]);
  });
});

describe('an adapter streamed in byte chunks reads what its parse reads from the whole text', () => {
  const ADAPTED: [string, string][] = [
    ['google-benchmark', 'google-benchmark'],
    ['go-bench', 'go-bench'],
    ['pytest-benchmark', 'pytest-benchmark'],
    ['jmh', 'jmh'],
    ['benchmarkdotnet', 'benchmarkdotnet'],
    ['github-action-benchmark', 'github-action-benchmark'],
    ['bmf', 'bmf'],
    ['rust-libtest', 'rust-libtest'],
  ];
  for (const [id, dir] of ADAPTED) {
    test(`${id}: every fixture, cut anywhere, even inside a UTF-8 character`, () => {
      const adapter = adapterById(id)!;
      expect(adapter.stream).toBeDefined();
      const folder = join(repoRoot, 'fixtures', 'formats', dir);
      const files = readdirSync(folder, { withFileTypes: true })
        .filter((e) => e.isFile() && /\.(json|txt)$/.test(e.name))
        .map((e) => join(folder, e.name));
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const bytes = new Uint8Array(readFileSync(file));
        const whole = outcome(() => adapter.parse({ file, text: new TextDecoder().decode(bytes) }, {}));
        fc.assert(
          fc.property(fc.array(fc.nat({ max: bytes.length }), { maxLength: 8 }), (cuts) => {
            const reader = adapter.stream!(file, {});
            let at = 0;
            const got = outcome(() => {
              for (const cut of [...cuts, bytes.length].sort((a, b) => a - b)) {
                reader.push(bytes.subarray(at, Math.max(at, cut)));
                at = Math.max(at, cut);
              }
              return reader.finish();
            });
            expect(got).toEqual(whole);
          }),
          { seed: 42, numRuns: 25 },
        );
      }
    });
  }

  test('a name with multi-byte characters split between chunks reads whole', () => {
    const text =
      '{"benchmarks": [{"name": "BM_π/ünï", "run_type": "iteration", "iterations": 1, "real_time": 5, "cpu_time": 5, "time_unit": "ns"}]}';
    const bytes = new TextEncoder().encode(text);
    const at = bytes.indexOf(0xcf) + 1; // inside the two bytes of π
    const reader = adapterById('google-benchmark')!.stream!('f.json', {});
    reader.push(bytes.subarray(0, at));
    reader.push(bytes.subarray(at));
    expect(reader.finish().measurements[0]!.experiment).toBe('BM_π/ünï');
  });
});

describe('what a streamed read holds is bounded by an entry, not by the file', () => {
  const entry = (i: number) =>
    `    {"name": "BM_Case${i}/64", "run_type": "iteration", "iterations": 1000, "real_time": ${100 + (i % 7)}, "cpu_time": 99, "time_unit": "ns"}`;
  const longest = entry(99_999).length + 2;

  test('10,000 entries in 4 KiB pieces: the JSON reader never holds more than a piece and an entry', () => {
    const text = `{"context": {"num_cpus": 2}, "benchmarks": [\n${Array.from({ length: 10_000 }, (_, i) => entry(i)).join(',\n')}\n]}\n`;
    let elements = 0;
    const reader = new JsonStreamReader('f.json', { key: 'benchmarks', begin() {}, element: () => void elements++ });
    let most = 0;
    for (let at = 0; at < text.length; at += 4096) {
      reader.push(text.slice(at, at + 4096));
      most = Math.max(most, reader.buffered);
    }
    reader.finish();
    expect(elements).toBe(10_000);
    expect(text.length).toBeGreaterThan(100 * 4096);
    expect(most).toBeLessThanOrEqual(4096 + longest);
  });

  test('a line splitter holds at most the start of the line being read', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const text = Array.from({ length: 10_000 }, (_, i) => `BenchmarkCase${i}-8  1000  ${i} ns/op`).join('\n');
    let most = 0;
    for (let at = 0; at < text.length; at += 1000) {
      splitter.push(text.slice(at, at + 1000));
      most = Math.max(most, splitter.buffered);
    }
    splitter.finish();
    expect(lines).toEqual(text.split('\n'));
    expect(most).toBeLessThan(Math.max(...lines.map((l) => l.length)) + 1);
  });

  test('Google Benchmark over the experiment limit stops at the entry that crosses it, before the rest is read', () => {
    const reader = adapterById('google-benchmark')!.stream!('f.json', { maxExperiments: 100 });
    const head = `{"benchmarks": [\n${Array.from({ length: 101 }, (_, i) => entry(i * 1000)).join(',\n')},\n`;
    expect(() => reader.push(new TextEncoder().encode(head))).toThrow(
      /the file holds more than 100 experiments \(found by line 102\); the limit is 100 per file/,
    );
  });
});
