/**
 * A verdict method is one object (src/engine/compare/method.ts): its file carries its name, defaults, words, chart
 * legend, outputs, the sides it reads and its judge of them, and methods.ts lists it. Drawn from the code: no file
 * under src/ but the method's own tests a method's name (`=== 'paired'`, `case 'history':`, a ternary that picks a
 * name), keeps a table keyed by method, or looks up a method's default by its name outside the compare room.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { methodOf, methodOfRows, VERDICT_METHODS } from '../src/engine/compare/methods.js';
import { VERDICT_DEFAULTS } from '../src/engine/settings/verdict.js';
import type { ComparisonRow } from '../src/engine/compare/rows.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const NAMES = VERDICT_METHODS.map((m) => m.name).join('|');
const QUOTED = `(['"\`])(?:${NAMES})\\1`;

/** What tests a method's name, or keys on it; the compare room may build the one table of defaults. */
const NAME_TESTS: readonly RegExp[] = [
  new RegExp(`[!=]==?\\s*${QUOTED}`),
  new RegExp(`${QUOTED}\\s*[!=]==?`),
  new RegExp(`\\bcase\\s+${QUOTED}\\s*:`),
  new RegExp(`\\?\\s*${QUOTED}\\s*:`),
];
const OUTSIDE_COMPARE: readonly RegExp[] = [
  /Record<\s*ComparisonMethod\b/,
  new RegExp(`\\.confidence(?:\\.(?:${NAMES})\\b|\\[)`),
];

/** Names that are not methods: the `history` command, the kind of reference a run lacks. */
const NOT_METHODS: readonly { file: string; text: string }[] = [
  { file: 'cli/main.ts', text: "case 'history':" },
  { file: 'action/reference.ts', text: "missing.what === 'history'" },
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The lines of a file (path relative to src/) that know a method by its name. */
function nameTests(file: string, text: string): string[] {
  if (VERDICT_METHODS.some((m) => file === `engine/compare/${m.name}Method.ts`)) return [];
  // The verdict settings' one table of defaults is drawn from the methods (a Record by method name), as compare/ may.
  const drawsFromMethods = file.startsWith('engine/compare/') || file === 'engine/settings/verdict.ts';
  const patterns = drawsFromMethods ? NAME_TESTS : [...NAME_TESTS, ...OUTSIDE_COMPARE];
  return text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), at: `${file}:${i + 1}` }))
    .filter(({ line }) => patterns.some((p) => p.test(line)))
    .filter(({ line }) => !NOT_METHODS.some((n) => n.file === file && line.includes(n.text)))
    .map(({ line, at }) => `${at}: ${line}`);
}

describe('a verdict method is one object', () => {
  it('is known by its name to no file under src/ but its own', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(150);
    const found = files.flatMap((path) =>
      nameTests(relative(SRC, path).split(sep).join('/'), readFileSync(path, 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('catches each switch on a name that the methods replaced', () => {
    const removed = [
      "if (method.method === 'paired') return `A/B paired`;",
      "} else if (method.method === 'history') {",
      "if (method.method !== 'threshold') {",
      ": report.method === 'history'",
      "const beyond = report.method === 'threshold' ? 'the threshold' : 'the noise';",
      "if ('paired' === comparison.report.method) {",
      "case 'paired':",
      "const kind = options.paired ? 'paired' : options.history !== undefined ? 'history' : 'threshold';",
    ];
    for (const line of removed) expect(nameTests('engine/report/x.ts', line)).toHaveLength(1);
    expect(nameTests('pipeline/x.ts', 'confidence: Record<ComparisonMethod, number>')).toHaveLength(1);
    expect(nameTests('engine/dashboard/x.ts', 'c = VERDICT_DEFAULTS.confidence.history')).toHaveLength(1);
    expect(nameTests('engine/compare/pairedMethod.ts', "if (name === 'paired')")).toEqual([]);
    expect(nameTests('engine/settings/verdict.ts', "if (name === 'paired')")).toHaveLength(1);
    expect(nameTests('engine/report/x.ts', "label: 'threshold'")).toEqual([]);
  });

  it('is listed once per name, and the table of defaults is drawn from the methods', () => {
    for (const method of VERDICT_METHODS) expect(methodOf(method.name)).toBe(method);
    expect(new Set(VERDICT_METHODS.map((m) => m.name)).size).toBe(VERDICT_METHODS.length);
    expect(VERDICT_DEFAULTS.confidence).toEqual(
      Object.fromEntries(VERDICT_METHODS.map((m) => [m.name, m.defaults.confidence])),
    );
  });

  it('is told from its rows when a report is built without settings', () => {
    const row = (fields: Partial<ComparisonRow>) => fields as ComparisonRow;
    expect(methodOfRows([row({ evidence: { kind: 'pairs', interval: { lower: 0, upper: 0.1 } } })]).name).toBe(
      'paired',
    );
    expect(methodOfRows([row({ evidence: { kind: 'band', historyRuns: 8 } })]).name).toBe('history');
    expect(methodOfRows([row({})]).name).toBe('threshold');
    expect(methodOfRows([]).name).toBe('threshold');
  });

  it('sets its own action outputs, and only it', () => {
    const undecided = { changes: { inconclusive: { morePairs: 6 } } };
    expect(methodOf('paired').outputs(undecided)).toEqual([
      ['inconclusive', 'true'],
      ['pairs-needed', 6],
    ]);
    expect(methodOf('paired').outputs({ changes: {} })).toEqual([
      ['inconclusive', 'false'],
      ['pairs-needed', ''],
    ]);
    expect(methodOf('history').outputs(undecided)).toEqual([]);
    expect(methodOf('threshold').outputs(undecided)).toEqual([]);
  });
});
