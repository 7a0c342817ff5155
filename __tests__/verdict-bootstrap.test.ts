/**
 * The bootstrap method (src/engine/compare/bootstrapMethod.ts): a verdict method added as docs/architecture.md's
 * recipe says — its own file, the methods list, one evidence kind and its case in the one helper per output format —
 * judged here on real runs of a loaded runner (fixtures/ecosystems/loaded-screen/runs.md: five unchanged Google
 * Benchmark runs, and a pull request whose BM_Checksum is about 30 % slower) and rendered by every format.
 */
import { describe, expect, test } from '@jest/globals';
import { join } from 'node:path';
import { chartEvidence } from '../src/engine/charts/chartEvidence.js';
import { methodOf, methodOfRows, VERDICT_METHODS } from '../src/engine/compare/methods.js';
import { keyOf, type ComparisonRow, type ExperimentSide } from '../src/engine/compare/rows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { resolveVerdictSettings } from '../src/engine/settings/verdict.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { renderComparisonJson } from '../src/engine/report/comparison/comparisonJson.js';
import { renderComparisonMarkdown } from '../src/engine/report/comparison/comparisonMarkdown.js';
import { loadResults } from '../src/pipeline/results.js';

const RUNS = join('fixtures', 'ecosystems', 'loaded-screen', 'google-benchmark');

function sides(file: string): Map<string, ExperimentSide> {
  const loaded = loadResults([join(RUNS, file)], { floatParse: 'precise' });
  return new Map([...loaded.experiments].map(([t, e]) => [t, { measurements: e.measurements }]));
}

const history = [1, 2, 3, 4, 5].map((i) => ({ experiments: sides(`run${i}.json`) }));
const results = sides('pr.json');
const method = methodOf('bootstrap');

function judge(confidence: number) {
  return method.judge(
    { reads: 'history', experiments: [...results.keys()], history, comparable: history, results },
    parseThresholds(undefined),
    { confidence },
  ).comparisons;
}

const gatedRows = (comparisons: ReturnType<typeof judge>) =>
  comparisons.flatMap((c) => c.rows.map((row) => ({ experiment: c.experimentType, row }))).filter((r) => r.row.gated);

/** Each history run's CPU-time median of an experiment's one measurement, as the files hold it. */
function historyMedians(experiment: string): number[] {
  return history.map((run) => {
    const m = run.experiments.get(experiment)!.measurements.find((x) => keyOf(x).endsWith('cpu time'))!;
    return m.statistics.median!;
  });
}

describe('the bootstrap method, added by the recipe', () => {
  test('it is in the methods list, reads a history and marks its rows', () => {
    expect(VERDICT_METHODS.map((m) => m.name)).toContain('bootstrap');
    expect(method.reads).toBe('history');
    const rows = gatedRows(judge(0.99)).map((r) => r.row);
    expect(rows.length).toBe(4);
    expect(methodOfRows(rows).name).toBe('bootstrap');
  });

  test('five runs cannot fail a row at 99 %: no p-value is below 1/6, and the headline says so', () => {
    const rows = gatedRows(judge(0.99));
    for (const { row } of rows) {
      expect(row.pValue).toBeGreaterThanOrEqual(1 / 6);
      expect(row.failed).toBe(false);
    }
    expect(
      method.label(
        resolveSummary(0.99),
        rows.map((r) => r.row),
      ),
    ).toContain('no row can show p below 0.17');
  });

  test("a row's band lies within what its history's runs span", () => {
    for (const { experiment, row } of gatedRows(judge(0.99))) {
      const medians = historyMedians(experiment);
      const span = Math.max(...medians) / Math.min(...medians);
      const band = chartEvidence(row).band!;
      // A resampled statistic is one history run less a resample's median: within ± the log of the runs' span.
      expect(Math.log1p(band.lower)).toBeGreaterThanOrEqual(-Math.log(span) - 1e-12);
      expect(Math.log1p(band.upper)).toBeLessThanOrEqual(Math.log(span) + 1e-12);
    }
  });

  test('at 80 % the slowed BM_Checksum fails, and so do two rows the load moved: five runs are a weak history', () => {
    const failed = gatedRows(judge(0.8)).filter((r) => r.row.failed);
    // BM_Checksum is the pull request's one real change; BM_Sum and BM_Sort moved with the runner (runs.md).
    expect(failed.map((r) => r.experiment).sort()).toEqual(['BM_Checksum', 'BM_Sort', 'BM_Sum']);
  });

  test('every output format renders its evidence through its one helper', () => {
    const comparisons = judge(0.99);
    const report = buildComparisonReport(comparisons, 'history', 'pr', undefined, resolveSummary(0.99));
    const json = JSON.parse(renderComparisonJson(report)) as {
      subExperiments: { comparisons: Record<string, unknown>[] }[];
    };
    const checksum = json.subExperiments
      .flatMap((e) => e.comparisons)
      .find((r) => r.resamples !== undefined && r.gated)!;
    expect(checksum).toMatchObject({ historyRuns: 5, resamples: 2000 });
    expect(checksum.noiseBand).toEqual(expect.objectContaining({ lower: expect.any(Number) }));
    const markdown = renderComparisonMarkdown(report);
    expect(markdown).toContain('bootstrap over a history of 5 runs');
    const row: ComparisonRow = gatedRows(comparisons)[0]!.row;
    expect(chartEvidence(row).historyRuns).toBe(5);
  });
});

function resolveSummary(confidence: number) {
  const settings = resolveVerdictSettings('bootstrap', { confidence });
  return {
    method: settings.method,
    confidence,
    gate: settings.gate,
    pooledShare: 0,
    independentRepetitions: false,
  };
}
