/** Chart inputs from the project's example fixtures, produced by the real pipeline. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFastddsThroughput } from '../src/engine/formats/fastdds/throughput.js';
import { DEFAULT_THRESHOLD } from '../src/engine/compare/thresholds.js';
import { runCheck } from '../src/pipeline/check.js';
import { runCompare } from '../src/pipeline/compare.js';
import { makeHistoryRecord, type HistoryRecord } from '../src/engine/history/record.js';
import { loadSummaries, readRawMeasurements } from '../src/pipeline/read.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { resultSetOfSummary } from '../src/engine/formats/fastdds/measurements.js';
import type { Summary } from '../src/engine/model/summary.js';
import type { ChartsInput } from '../src/pipeline/writeCharts.js';
import { repoRoot, tempDir, cwdFiles } from './helpers/shared.js';

/** The example fixture set of a checkout (the bench passes its own: it runs from a bundle elsewhere). */
const exampleFolder = (root: string) => join(root, 'fixtures', 'example');
export const example = exampleFolder(repoRoot);
const thresholds = {
  Min: DEFAULT_THRESHOLD,
  Median: DEFAULT_THRESHOLD,
  Max: DEFAULT_THRESHOLD,
  '99%': DEFAULT_THRESHOLD,
};

/** Three history runs: the example results twice, then the regression. */
export function exampleHistory(root = repoRoot): HistoryRecord[] {
  const folder = exampleFolder(root);
  const recorded = (summaries: Summary[]) =>
    summaries.map((s) => ({
      experiment: s.experimentType,
      format: 'fastdds-summary',
      measurements: resultSetOfSummary(s, 'fastdds-summary').measurements,
    }));
  const base = recorded(loadSummaries(cwdFiles, [join(folder, 'results')], 'precise'));
  const regression = recorded(loadSummaries(cwdFiles, [join(folder, 'results-regression')], 'precise'));
  return [
    makeHistoryRecord(base, {
      sha: 'aaaaaaa1111111',
      date: '2026-01-01T10:00:00Z',
      runId: 101,
      runUrl: 'https://example.invalid/101',
    }),
    makeHistoryRecord(base, {
      sha: 'bbbbbbb2222222',
      date: '2026-01-02T10:00:00Z',
      runId: 102,
      runUrl: 'https://example.invalid/102',
    }),
    makeHistoryRecord(regression, {
      sha: 'ccccccc3333333',
      date: '2026-01-03T10:00:00Z',
      runId: 103,
      runUrl: 'https://example.invalid/103',
    }),
  ];
}

/** Every source a chart can come from, for the example set (every chart kind). */
export function exampleInput(root = repoRoot): ChartsInput {
  const example = exampleFolder(root);
  const throughputCsv = join(root, 'fixtures', 'formats', 'fastdds-tools', 'measurements_interprocess_best_effort.csv');
  const out = tempDir('perfgate-charts-src-');
  const check = runCheck(
    cwdFiles,
    {
      results: [join(example, 'results')],
      requirements: join(example, 'requirements.csv'),
      outputDir: join(out, 'check'),
      floatParse: 'precise',
    },
    silentProgress,
  );
  const compare = runCompare(
    cwdFiles,
    {
      reference: [join(example, 'results')],
      results: [join(example, 'results-regression')],
      referenceLabel: 'main',
      resultLabel: 'PR',
      outputDir: join(out, 'compare'),
      thresholds,
      floatParse: 'precise',
    },
    silentProgress,
  );
  const rawFile = join(example, 'results', 'measurements_interprocess_best_effort.csv');
  return {
    check,
    compare,
    summaries: loadSummaries(cwdFiles, [join(example, 'results')], 'precise'),
    history: exampleHistory(root),
    raw: [{ experimentType: 'interprocess_best_effort', raw: readRawMeasurements(cwdFiles, rawFile, 'precise') }],
    measurements: parseFastddsThroughput(throughputCsv, readFileSync(throughputCsv, 'utf8')).measurements,
  };
}
