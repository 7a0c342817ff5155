/**
 * Issue 38: reports written in pieces. A verdict of 400,000 rows renders hundreds of MB of comparison.json and
 * comparison.md; the renderers yield them a row at a time and the pipeline writes each piece as it comes, with the
 * same bytes as the whole text and the same rules as any report (whole file or nothing).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  JsonArrayInPieces,
  JsonObjectInPieces,
  PiecesKeptWhenShort,
  joinPieces,
  jsonPieces,
} from '../src/engine/report/pieces.js';
import { comparisonJsonPieces } from '../src/engine/report/comparison/comparisonJson.js';
import { comparisonMarkdownPieces } from '../src/engine/report/comparison/comparisonMarkdown.js';
import { comparisonTextPieces } from '../src/engine/report/comparison/comparisonText.js';
import { writeFileAtomicInPieces } from '../src/pipeline/files.js';
import type { CompareOutcome } from '../src/pipeline/compare.js';
import { outInPieces } from '../src/cli/io.js';
import { inspectionJsonPieces, inspectionTextPieces } from '../src/engine/report/results/inspect.js';
import { runInspect } from '../src/pipeline/inspect.js';
import { writeGoogleBenchmarkSuite } from '../bench/scale-suite.mjs';
import { compareGeneratedSuiteOutcome } from './helpers/generatedSuite.js';
import { tempDir, cwdFiles } from './helpers/shared.js';

describe('jsonPieces', () => {
  it('writes what JSON.stringify(value, null, 2) writes, a member or a few dozen elements at a time', () => {
    const row = (i: number) => ({
      name: `BM_Copy/${i}\n"quoted" ✅ \u0000`,
      value: i === 1 ? NaN : i / 3,
      absent: undefined,
      nested: { list: [1, undefined, { deep: [] }], empty: {} },
    });
    const plain = {
      schemaVersion: 1,
      skipped: undefined,
      method: { name: 'history', thresholds: [0.1, 0.2] },
      subExperiments: [
        { experimentType: 'a', comparisons: Array.from({ length: 150 }, (_, i) => row(i)) },
        { experimentType: 'b', comparisons: [] },
        { experimentType: 'c', comparisons: [row(150)] },
      ],
      mixed: [row(151), [], { inner: [row(152), row(153)] }, undefined, row(154)],
      sparse: [undefined, () => 1, 'x'],
      allAbsent: {},
      notes: [],
      warnings: ['line one\nline two'],
    };
    const inPieces = new JsonObjectInPieces({
      schemaVersion: 1,
      skipped: undefined,
      method: plain.method,
      subExperiments: new JsonArrayInPieces(3, (i) => {
        const s = plain.subExperiments[i]!;
        return new JsonObjectInPieces({
          experimentType: s.experimentType,
          comparisons: new JsonArrayInPieces(s.comparisons.length, (j) => s.comparisons[j]),
        });
      }),
      // Pieced elements between plain ones, a pieced array inside a pieced object inside a pieced array.
      mixed: new JsonArrayInPieces(5, (i) =>
        i === 1
          ? new JsonArrayInPieces(0, () => 0)
          : i === 2
            ? new JsonObjectInPieces({ inner: new JsonArrayInPieces(2, (j) => row(152 + j)) })
            : plain.mixed[i],
      ),
      sparse: new JsonArrayInPieces(3, (i) => plain.sparse[i]),
      allAbsent: new JsonObjectInPieces({ gone: undefined, fn: () => 2 }),
      notes: new JsonArrayInPieces(0, () => 'never'),
      warnings: plain.warnings,
    });
    const pieces = [...jsonPieces(inPieces)];
    expect(pieces.join('')).toBe(JSON.stringify(plain, null, 2));
    // Rows are written a few dozen at a time: 150 rows in three pieces, never more than 64 rows in one.
    const rowsIn = (p: string) => p.split('BM_Copy/').length - 1;
    expect(pieces.filter((p) => rowsIn(p) > 0).length).toBeGreaterThanOrEqual(3 + 1 + 3);
    expect(Math.max(...pieces.map(rowsIn))).toBe(64);
  });
});

describe('a comparison of 300 benchmarks in pieces', () => {
  let root: string;
  let outcome: CompareOutcome;
  beforeAll(() => {
    root = tempDir('perfgate-report-pieces-');
    outcome = compareGeneratedSuiteOutcome(root, { benchmarks: 300, runs: 3, repetitions: 1, regressed: 6 });
  });

  it('writes comparison.md and comparison.json as their renderers yield them, a few rows at a time', () => {
    const rows = outcome.report.rows.length;
    // Real and cpu time of each benchmark, and of each family of 10 sizes (its geomean), and the whole suite's geomean.
    expect(rows).toBe(661);
    const markdown = readFileSync(outcome.markdownPath, 'utf8');
    // The outcome's text (the action's Check) is the file's.
    expect(outcome.markdown).toBe(markdown);
    const mdPieces = [...comparisonMarkdownPieces(outcome.report)];
    expect(mdPieces.length).toBeGreaterThan(rows);
    const once = (pieces: string[], mark: string) => {
      const holding = pieces.filter((p) => p.includes(mark));
      return { pieces: holding.length, once: holding.every((p) => p.split(mark).length === 2) };
    };
    // A table row is a piece of its own.
    expect(once(mdPieces, '| BM\\_')).toEqual({ pieces: rows - 1, once: true });
    expect(once(mdPieces, '| whole suite |')).toEqual({ pieces: 1, once: true });
    const jsonText = readFileSync(outcome.jsonPath, 'utf8');
    const json = JSON.parse(jsonText) as { subExperiments: { comparisons: unknown[] }[] };
    expect(json.subExperiments.reduce((n, s) => n + s.comparisons.length, 0)).toBe(rows);
    const jsonPiecesOf = [...comparisonJsonPieces(outcome.report)];
    expect(jsonPiecesOf.join('')).toBe(jsonText);
    const rowsIn = (p: string) => p.split('"parameter"').length - 1;
    expect(Math.max(...jsonPiecesOf.map(rowsIn))).toBeLessThanOrEqual(64);
    // The terminal table: a line per row, as wide as its widest cell.
    const text = [...comparisonTextPieces(outcome.report)];
    expect(text.length).toBeGreaterThan(rows);
    const lines = text.join('').split('\n');
    const header = lines.findIndex((line) => line.startsWith('Experiment '));
    const column = lines[header]!.indexOf('Parameter');
    const rowLines = lines.slice(header + 1, header + 1 + rows);
    expect(rowLines).toHaveLength(rows);
    expect(rowLines.every((line) => line.slice(column - 2, column) === '  ' && line[column] !== ' ')).toBe(true);
  });

  it('prints the terminal table in chunks of at most 16 Ki characters that make up the whole', () => {
    const printed: string[] = [];
    outInPieces({ out: (text) => printed.push(text), err: () => {} }, comparisonTextPieces(outcome.report));
    expect(printed.join('')).toBe(joinPieces(comparisonTextPieces(outcome.report)));
    expect(printed.every((chunk) => chunk.length < (1 << 14) + 1000)).toBe(true);
  });
});

describe('perfgate inspect in pieces', () => {
  it('prints the JSON JSON.stringify gives and the text a line at a time', () => {
    const root = tempDir('perfgate-inspect-pieces-');
    const file = join(root, 'head.json');
    writeGoogleBenchmarkSuite(file, { benchmarks: 200, repetitions: 1, run: 1 });
    const { inspections, sets } = runInspect(cwdFiles, { files: [file], floatParse: 'precise' });
    expect(joinPieces(inspectionJsonPieces(inspections))).toBe(JSON.stringify({ files: inspections }, null, 2) + '\n');
    const lines = [...inspectionTextPieces(inspections, sets)];
    const text = lines.join('');
    expect(text.split('\n')[0]).toMatch(/head\.json: google-benchmark .*, 20 experiment\(s\)$/);
    // A piece per line, and the lines are the text's.
    expect(lines.length).toBe(text.split('\n').length);
  });
});

describe('perfgate inspect of many parameters', () => {
  it('lists each parameter of an experiment once, in order, past the length it scans', () => {
    const root = tempDir('perfgate-inspect-parameters-');
    const file = join(root, 'go.txt');
    // 40 sizes of one benchmark, each printed twice (-count 2) with two metrics: every label is met four times.
    const lines = ['goos: linux', 'goarch: amd64', 'pkg: example.com/p'];
    for (let run = 0; run < 2; run++)
      for (let size = 0; size < 40; size++)
        lines.push(`BenchmarkCopy/size=${size}-8\t 1000000\t ${100 + size + run}.0 ns/op\t 64 B/op`);
    writeFileSync(file, [...lines, 'PASS', 'ok  \texample.com/p\t1.0s', ''].join('\n'));
    const { inspections } = runInspect(cwdFiles, { files: [file], floatParse: 'precise' });
    expect(inspections[0]!.experiments.map((e) => [e.name, e.parameters])).toEqual([
      ['BenchmarkCopy', Array.from({ length: 40 }, (_, size) => `size=${size}`)],
    ]);
  });
});

describe('writeFileAtomicInPieces', () => {
  it('writes the pieces as one file, across its buffer of 1 MiB and past it, in UTF-8', () => {
    const dir = tempDir('perfgate-pieces-write-');
    const pieces = ['µs ✅ 🟢\n', 'x'.repeat((1 << 20) - 3), '🆕 é', 'y'.repeat(3 << 20), 'end\n'];
    const path = join(dir, 'comparison.md');
    writeFileAtomicInPieces(path, pieces);
    expect(readFileSync(path, 'utf8')).toBe(pieces.join(''));
  });

  it('leaves the former file and no temporary file when making a piece fails, and passes the error on', () => {
    const dir = tempDir('perfgate-pieces-fail-');
    const path = join(dir, 'comparison.json');
    writeFileSync(path, 'the former report\n');
    const failure = new Error('the renderer failed');
    function* failing(): Generator<string> {
      yield '{\n';
      yield 'z'.repeat(3 << 20); // written to the temporary file already
      throw failure;
    }
    expect(() => writeFileAtomicInPieces(path, failing())).toThrow(failure);
    expect(readFileSync(path, 'utf8')).toBe('the former report\n');
    expect(readdirSync(dir)).toEqual(['comparison.json']);
    expect(existsSync(join(dir, `.${process.pid}.tmp-comparison.json`))).toBe(false);
  });
});

describe('PiecesKeptWhenShort', () => {
  it('keeps the text of pieces read to the end within the length, and nothing otherwise', () => {
    const short = new PiecesKeptWhenShort(['ab', 'cd', 'e'], 5);
    expect(short.text).toBeUndefined(); // not read yet
    expect([...short].join('')).toBe('abcde');
    expect(short.text).toBe('abcde');
    const long = new PiecesKeptWhenShort(['ab', 'cd', 'ef'], 5);
    expect([...long].join('')).toBe('abcdef');
    expect(long.text).toBeUndefined();
    const partly = new PiecesKeptWhenShort(['ab', 'cd'], 5);
    for (const piece of partly) if (piece === 'ab') break;
    expect(partly.text).toBeUndefined();
  });
});
