/**
 * A comparison of a generated Google Benchmark suite against its history (bench/scale-suite.mjs, the one generator of
 * large suites): `runs` runs of one unchanged build as the history, and a head in which `regressed` benchmarks spread
 * over the suite are `factor` slower. Shared by the scale tests and bench/commentRender.ts.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeGoogleBenchmarkRuns, writeGoogleBenchmarkSuite } from '../../bench/scale-suite.mjs';
import type { ComparisonReport } from '../../src/engine/report/comparison/comparisonReport.js';
import { parseThresholds } from '../../src/engine/compare/thresholds.js';
import { runCompare, type CompareOutcome } from '../../src/pipeline/compare.js';
import { silentProgress } from '../../src/pipeline/steps.js';
import { cwdFiles } from './shared.js';

export interface GeneratedComparison {
  benchmarks: number;
  runs: number;
  repetitions: number;
  regressed: number;
  factor?: number;
  /** The head's run index (its noise draw): the one after the history's by default. */
  headRun?: number;
  /** Rewrites the text of every result file (history and head) before the comparison, e.g. to rename a family. */
  rewrite?: (text: string) => string;
}

/** Writes the suite under `root` (history/, head.json, out/) and compares it as `compare --history` does. */
export function compareGeneratedSuite(root: string, suite: GeneratedComparison): ComparisonReport {
  return compareGeneratedSuiteOutcome(root, suite).report;
}

/** compareGeneratedSuite's whole outcome: the report and the files written under out/. */
export function compareGeneratedSuiteOutcome(root: string, suite: GeneratedComparison): CompareOutcome {
  const { benchmarks, runs, repetitions, regressed, factor = 1.3, headRun = runs + 1, rewrite } = suite;
  const history = join(root, 'history');
  writeGoogleBenchmarkRuns(history, { benchmarks, runs, repetitions });
  const head = join(root, 'head.json');
  writeGoogleBenchmarkSuite(head, { benchmarks, repetitions, run: headRun, regressed, factor });
  if (rewrite)
    for (const file of [head, ...readdirSync(history).map((run) => join(history, run, 'results.json'))])
      writeFileSync(file, rewrite(readFileSync(file, 'utf8')));
  return runCompare(
    cwdFiles,
    {
      reference: [],
      history,
      results: [head],
      referenceLabel: 'main',
      resultLabel: 'pr',
      outputDir: join(root, 'out'),
      thresholds: parseThresholds(undefined),
      floatParse: 'precise',
    },
    silentProgress,
  );
}
