import { UsageError } from '../engine/errors.js';
import { resolveStatistic, type StatisticName } from '../engine/model/measurement.js';
import { renderTrendsJson, renderTrendsMarkdown } from '../engine/trends/render.js';
import { analyzeCollected, type TrendOptions, type TrendReport } from '../engine/trends/trends.js';
import { skippedWarning } from './historyFolder.js';
import { collectHistory } from './historyStream.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';

export interface TrendsOptions extends TrendOptions {
  /** A folder of perfgate history records (history-*.json), as the action keeps on the default branch. */
  history: string;
  outputDir: string;
  /** Analyse at most the newest `window` runs (default: every record in the folder). */
  window?: number;
}

export interface TrendsOutcome {
  report: TrendReport;
  markdown: string;
  written: string[];
  markdownPath: string;
  jsonPath: string;
}

export const TRENDS_MARKDOWN = 'trends.md';
export const TRENDS_JSON = 'trends.json';

/**
 * The `trends` job: reads the history folder, finds steps per experiment × parameter × metric ×
 * statistic, writes trends.md and trends.json. It never fails by itself: the caller decides what
 * `report.newRegressions` means.
 */
export function runTrends(files: Files, options: TrendsOptions, progress: Progress): TrendsOutcome {
  files.checkOutputFolder(options.outputDir);
  // One bad record is skipped with a warning naming it, as the comparison does: the others still tell the trend.
  // Read record by record into series (historyStream.ts), never every run's measurements at once.
  const history = progress.step('Reading history', () =>
    collectHistory(files, options.history, {
      skip: skippedWarning(progress),
      ...(options.window !== undefined ? { window: options.window } : {}),
      ...(options.statistics ? { statistics: options.statistics } : {}),
      ...(options.allMetrics ? { allMetrics: true } : {}),
    }),
  );
  const { history: _h, outputDir: _o, window: _w, ...analysis } = options;
  const report = progress.step('Finding change points', () =>
    analyzeCollected(history.runs, history.collector.series(), analysis as TrendOptions),
  );
  return progress.step('Writing reports', () => {
    const out = files.reportWriter(options.outputDir);
    const markdown = renderTrendsMarkdown(report);
    const markdownPath = out.write(TRENDS_MARKDOWN, markdown);
    const jsonPath = out.write(TRENDS_JSON, renderTrendsJson(report));
    return { report, markdown, written: out.written, markdownPath, jsonPath };
  });
}

/**
 * Statistics named on the command line or in an input (`median,p99`, aliases too); an unknown name is a usage error.
 */
export function parseTrendStatistics(texts: readonly string[], what: string): StatisticName[] {
  const names = texts.flatMap((t) => t.split(',')).map((t) => t.trim());
  return names.map((name) => {
    const statistic = resolveStatistic(name);
    if (statistic === undefined)
      throw new UsageError(
        `${what}: unknown statistic "${name}" (median, mean, value, min, max, p90, p95, p99, p999, …)`,
      );
    return statistic;
  });
}
