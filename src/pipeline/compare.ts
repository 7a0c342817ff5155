import { compareSummaries, compareWithHistory } from '../engine/compare/compare.js';
import { readHistoryRuns, type HistoryRun } from './historyRuns.js';
import type { Thresholds } from '../engine/compare/thresholds.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { comparisonFileName, renderComparisonCsv } from '../engine/report/comparisonCsv.js';
import { renderComparisonJson } from '../engine/report/comparisonJson.js';
import { renderComparisonMarkdown } from '../engine/report/comparisonMarkdown.js';
import { buildComparisonReport, type BaselineRun, type ComparisonReport } from '../engine/report/comparisonReport.js';
import type { Summary } from '../engine/model/summary.js';
import { discoverResults } from './discover.js';
import { checkOutputFolder, ReportWriter } from './files.js';
import { loadResult } from './read.js';
import type { Progress } from './steps.js';

export interface CompareOptions {
  /** The reference set; with `history`, the newest history run is the reference instead. */
  reference: readonly string[];
  /** A history folder: judge each row against the between-run noise of its runs. */
  history?: string;
  results: readonly string[];
  referenceLabel: string;
  resultLabel: string;
  outputDir: string;
  thresholds: Thresholds;
  floatParse: FloatParse;
  /** Where the reference came from, when the API found it. */
  baselineRun?: BaselineRun;
}

export interface CompareOutcome {
  report: ComparisonReport;
  markdown: string;
  written: string[];
}

export const COMPARISON_MARKDOWN = 'comparison.md';
export const COMPARISON_JSON = 'comparison.json';

function loadSet(patterns: readonly string[], floatParse: FloatParse, progress: Progress): Map<string, Summary> {
  const discovery = discoverResults(patterns);
  for (const notice of discovery.notices) progress.info(notice);
  return new Map(discovery.files.map((f) => [f.experimentType, loadResult(f, floatParse).summary]));
}

/** Each sub-experiment's newest summary in the history (the reference for the comparison CSV). */
function newestByType(history: readonly HistoryRun[]): Map<string, Summary> {
  const newest = new Map<string, Summary>();
  for (const run of history) for (const s of run.summaries) newest.set(s.experimentType, s);
  return newest;
}

/** The `compare` job: a results set against a reference set, paired by sub-experiment. */
export function runCompare(options: CompareOptions, progress: Progress): CompareOutcome {
  checkOutputFolder(options.outputDir);
  const { reference, results, history } = progress.step('Reading reference and results', () => {
    const history = options.history !== undefined ? readHistoryRuns(options.history, options.floatParse, progress) : undefined;
    return {
      history,
      reference: history ? newestByType(history) : loadSet(options.reference, options.floatParse, progress),
      results: loadSet(options.results, options.floatParse, progress),
    };
  });
  const types = [...reference.keys(), ...[...results.keys()].filter((t) => !reference.has(t))];
  const report = progress.step('Comparing', () =>
    buildComparisonReport(
      types.map((t) =>
        history
          ? compareWithHistory(t, history.map((run) => run.summaries.find((s) => s.experimentType === t)), results.get(t), options.thresholds)
          : compareSummaries(t, reference.get(t), results.get(t), options.thresholds),
      ),
      options.referenceLabel,
      options.resultLabel,
      options.baselineRun,
    ),
  );
  return progress.step('Writing reports', () => {
    const out = new ReportWriter(options.outputDir);
    const write = out.write.bind(out);
    for (const sub of report.subExperiments) {
      if (sub.reference && sub.result) write(comparisonFileName(sub.experimentType), renderComparisonCsv(sub.reference, sub.result, options.referenceLabel, options.resultLabel));
    }
    const markdown = renderComparisonMarkdown(report);
    write(COMPARISON_MARKDOWN, markdown);
    write(COMPARISON_JSON, renderComparisonJson(report));
    return { report, markdown, written: out.written };
  });
}
