/**
 * A row's evidence (src/engine/compare/evidence.ts: one field, one kind per method) is read by the methods that make
 * it, by the report model and qualify, and by one helper per output format: comparison.json's rowJson, the tables'
 * shownEvidence (comparison.md, the comment, the terminal) and the charts' chartEvidence. Drawn from the code: no
 * other file under src/ reads it, so a new kind of evidence is taught to one helper per format.
 */
import { describe, expect, test } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chartEvidence } from '../src/engine/charts/chartEvidence.js';
import { shownEvidence } from '../src/engine/report/comparison/shownEvidence.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');

/** Where a file may read a row's evidence: everywhere in it, or only inside the one function named. */
const READERS: readonly { file: RegExp; only?: string }[] = [
  { file: /^engine\/compare\/[^/]+\.ts$/ },
  { file: /^engine\/confirm\/qualify\.ts$/ },
  { file: /^engine\/report\/comparison\/comparisonReport\.ts$/ },
  // The report model's change summary: the pairs an inconclusive row needs.
  { file: /^engine\/report\/comparison\/changeSummary\.ts$/, only: 'inconclusiveRows' },
  { file: /^engine\/report\/comparison\/comparisonJson\.ts$/, only: 'rowJson' },
  { file: /^engine\/report\/comparison\/shownEvidence\.ts$/ },
  { file: /^engine\/charts\/chartEvidence\.ts$/ },
];

const HELPERS = /\b(?:bandOf|pairsEvidenceOf|withPairs|pooledEvidence)\b/;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The lines of `text` that read a row's evidence: `.evidence`, or a helper of evidence.ts that `file` (the whole file
 * `text` is part of) imports from compare/.
 */
function evidenceReads(text: string, file = text): string[] {
  const importsHelpers = [...file.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*compare\/[^']*'/g)].some(
    (m) => HELPERS.test(m[1] ?? ''),
  );
  return text
    .split('\n')
    .filter((line) => !/^\s*(?:\*|\/\/|\/\*|import\b|export \{|\})/.test(line))
    .filter((line) => /\.evidence\b/.test(line) || (importsHelpers && HELPERS.test(line)));
}

/** The body of the top-level function `name` in `text` (to its closing brace at the start of a line). */
function functionBody(text: string, name: string): string {
  const start = text.search(new RegExp(`^(?:export )?function ${name}\\b`, 'm'));
  if (start < 0) return '';
  const end = text.indexOf('\n}\n', start);
  return text.slice(start, end < 0 ? undefined : end);
}

/** Where in src/ (file: line) a row's evidence is read outside its readers. */
function strayReads(files: readonly { file: string; text: string }[]): string[] {
  return files.flatMap(({ file, text }) => {
    const reads = evidenceReads(text);
    if (reads.length === 0) return [];
    const reader = READERS.find((r) => r.file.test(file));
    if (!reader) return reads.map((line) => `${file}: ${line.trim()}`);
    if (reader.only === undefined) return [];
    const inside = new Set(evidenceReads(functionBody(text, reader.only), text));
    return reads.filter((line) => !inside.has(line)).map((line) => `${file} (outside ${reader.only}): ${line.trim()}`);
  });
}

describe("a row's evidence is read in one helper per output format", () => {
  test('no file under src/ reads it outside the methods, the report model, qualify and those helpers', () => {
    const files = sourceFiles(SRC).map((path) => ({
      file: relative(SRC, path).split(sep).join('/'),
      text: readFileSync(path, 'utf8'),
    }));
    expect(files.length).toBeGreaterThan(150);
    expect(strayReads(files)).toEqual([]);
  });

  test('catches a renderer that reads it itself, and a read outside the JSON helper', () => {
    const markdown = {
      file: 'engine/report/comparison/comparisonMarkdown.ts',
      text: "import { bandOf } from '../compare/rows.js';\nconst band = bandOf(r)?.band;\nconst x = r.evidence?.kind;\n",
    };
    expect(strayReads([markdown])).toHaveLength(2);
    const json = {
      file: 'engine/report/comparison/comparisonJson.ts',
      text: 'function rowJson(r) {\n  const e = r.evidence;\n}\nfunction other(r) {\n  return r.evidence;\n}\n',
    };
    expect(strayReads([json])).toEqual([
      'engine/report/comparison/comparisonJson.ts (outside rowJson): return r.evidence;',
    ]);
    // The dashboard's own bandOf (its trend band) is not the row's evidence.
    expect(strayReads([{ file: 'engine/dashboard/model.ts', text: 'const b = bandOf(s, runs, 0.99);\n' }])).toEqual([]);
  });
});

describe('the helpers', () => {
  const band = { lower: -0.05, upper: 0.06 };
  const interval = { lower: 0.02, upper: 0.12 };

  test('the tables show a history band, and only a benchmark row’s interval relative to the suite', () => {
    expect(shownEvidence({ evidence: { kind: 'band', historyRuns: 8, band } })).toEqual({ band });
    expect(shownEvidence({ evidence: { kind: 'band', historyRuns: 2 } })).toEqual({});
    expect(shownEvidence({ evidence: { kind: 'pairs', interval, sharedShift: 'benchmark' } })).toEqual({
      relativeInterval: interval,
    });
    expect(shownEvidence({ evidence: { kind: 'pairs', interval, sharedShift: 'suite' } })).toEqual({});
    expect(shownEvidence({ evidence: { kind: 'pairs', interval } })).toEqual({});
    expect(shownEvidence({})).toEqual({});
  });

  test('the charts draw a band with its runs, and every A/B interval', () => {
    expect(chartEvidence({ evidence: { kind: 'band', historyRuns: 8, band } })).toEqual({ historyRuns: 8, band });
    expect(chartEvidence({ evidence: { kind: 'band', historyRuns: 2 } })).toEqual({ historyRuns: 2 });
    expect(chartEvidence({ evidence: { kind: 'pairs', interval, sharedShift: 'suite' } })).toEqual({ interval });
    expect(chartEvidence({})).toEqual({});
  });
});
