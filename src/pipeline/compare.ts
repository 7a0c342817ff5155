import { compareExperiment, compareExperimentWithHistory, type ExperimentSide } from '../engine/compare/compare.js';
import type { Thresholds } from '../engine/compare/thresholds.js';
import { comparisonFileName, renderComparisonCsv } from '../engine/report/comparisonCsv.js';
import { renderComparisonJson } from '../engine/report/comparisonJson.js';
import { renderComparisonMarkdown } from '../engine/report/comparisonMarkdown.js';
import { buildComparisonReport, type BaselineRun, type ComparisonReport } from '../engine/report/comparisonReport.js';
import { uniqueFileStems } from '../engine/report/fileNames.js';
import { readHistoryRuns, type HistoryRun } from './historyRuns.js';
import { checkOutputFolder, ReportWriter } from './files.js';
import { loadResults, type ResultsOptions } from './results.js';
import type { Progress } from './steps.js';

export interface CompareOptions extends ResultsOptions {
  /** The reference set; with `history`, the newest history run is the reference instead. */
  reference: readonly string[];
  /** A history folder: judge each row against the between-run noise of its runs. */
  history?: string;
  results: readonly string[];
  referenceLabel: string;
  resultLabel: string;
  outputDir: string;
  thresholds: Thresholds;
  /** Where the reference came from, when the API found it. */
  baselineRun?: BaselineRun;
}

export interface CompareOutcome {
  report: ComparisonReport;
  markdown: string;
  written: string[];
  markdownPath: string;
  jsonPath: string;
}

export const COMPARISON_MARKDOWN = 'comparison.md';
export const COMPARISON_JSON = 'comparison.json';

function loadSide(patterns: readonly string[], options: ResultsOptions, progress: Progress, pooled: string[]): Map<string, ExperimentSide> {
  const loaded = loadResults(patterns, options, progress);
  pooled.push(...loaded.pooled);
  const sides = new Map<string, ExperimentSide>();
  for (const [experiment, e] of loaded.experiments) sides.set(experiment, { measurements: e.measurements, ...(e.summary ? { summary: e.summary } : {}) });
  return sides;
}

/** Each experiment's newest run in the history. */
function newestByExperiment(history: readonly HistoryRun[]): Map<string, ExperimentSide> {
  const newest = new Map<string, ExperimentSide>();
  for (const run of history) for (const [experiment, side] of run.experiments) newest.set(experiment, side);
  return newest;
}

/**
 * The `compare` job: a results set against a reference set (or a history of runs), paired by
 * experiment × parameter × metric × statistic. Any supported format on either side.
 */
export function runCompare(options: CompareOptions, progress: Progress): CompareOutcome {
  checkOutputFolder(options.outputDir);
  const pooled: string[] = [];
  const { reference, results, history } = progress.step('Reading reference and results', () => {
    const history = options.history !== undefined ? readHistoryRuns(options.history, options, progress) : undefined;
    return {
      history,
      reference: history ? newestByExperiment(history) : loadSide(options.reference, options, progress, pooled),
      results: loadSide(options.results, options, progress, pooled),
    };
  });
  const experiments = [...reference.keys(), ...[...results.keys()].filter((t) => !reference.has(t))];
  const report = progress.step('Comparing', () =>
    buildComparisonReport(
      experiments.map((t) =>
        history
          ? compareExperimentWithHistory(
              t,
              history.map((run) => run.experiments.get(t)),
              results.get(t),
              options.thresholds,
            )
          : compareExperiment(t, reference.get(t), results.get(t), options.thresholds),
      ),
      options.referenceLabel,
      options.resultLabel,
      options.baselineRun,
    ),
  );
  // Nothing paired: every experiment is only on one side. Say so loudly, with the names on each side.
  if (report.subExperiments.length > 0 && report.subExperiments.every((s) => s.status === 'new' || s.status === 'missing')) {
    const names = (side: Map<string, ExperimentSide>) => [...side.keys()].join(', ') || 'none';
    report.warnings.push(
      `Nothing was paired: no experiment of the results is in the reference. Reference: ${names(reference)}. Results: ${names(results)}. ` +
        'Both sides must name their experiments alike (see "Repetitions and experiment names" in the README, or --experiment-name).',
    );
  }
  report.warnings.push(...pooled);
  for (const w of report.warnings) progress.warning(w);
  return progress.step('Writing reports', () => {
    const out = new ReportWriter(options.outputDir);
    const write = out.write.bind(out);
    const stems = uniqueFileStems(report.subExperiments.map((s) => s.experimentType));
    for (const sub of report.subExperiments) {
      // The reference's comparison CSV, for Fast-DDS experiments on both sides.
      if (sub.reference && sub.result)
        write(comparisonFileName(stems.get(sub.experimentType) ?? sub.experimentType), renderComparisonCsv(sub.reference, sub.result, options.referenceLabel, options.resultLabel));
    }
    const markdown = renderComparisonMarkdown(report);
    const markdownPath = write(COMPARISON_MARKDOWN, markdown);
    const jsonPath = write(COMPARISON_JSON, renderComparisonJson(report));
    return { report, markdown, written: out.written, markdownPath, jsonPath };
  });
}
