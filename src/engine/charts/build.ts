/**
 * Chart data from the report models. Every y value is read from a CheckReport row, a Summary, a
 * ComparisonReport, a HistoryRecord, a Measurement or a raw sample; the only arithmetic here is
 * laying samples out for drawing: histogram bins (histogram.ts) and the M4 reduction of a long
 * series to what its plot can show (m4.ts).
 */
import { uniqueIds, type Chart } from './model.js';
import { checkCharts, subExperimentChart, throughputCharts } from './resultCharts.js';
import { beforeAfterCharts, changeChart, referenceCharts } from './comparisonCharts.js';
import { regressionChart } from './regressionChart.js';
import { historyCharts } from './historyCharts.js';
import { rawCharts } from './rawCharts.js';
import type { ChartSources } from './sources.js';

export type { ChartSources, HistoryRun, MeasuredRun, RawSamples, ReducedRaw } from './sources.js';
export { checkCharts, subExperimentChart, throughputCharts } from './resultCharts.js';
export {
  BEFORE_AFTER_LOG_RATIO,
  beforeAfterCharts,
  changeChart,
  DELTA_SIGN_NOTE,
  MAX_BEFORE_AFTER_CHARTS,
  MAX_CHANGE_ROWS,
  MIN_RELATIVE_SPAN,
  referenceCharts,
  shortExperimentNames,
} from './comparisonCharts.js';
export { MAX_REGRESSION_PANELS, regressionChart } from './regressionChart.js';
export { historyCharts, runColor, runLabels } from './historyCharts.js';
export { HISTOGRAM_BINS, histogram, rawCharts, reduceRaw } from './rawCharts.js';

/** Every chart the sources allow, in a fixed order, with unique file-safe ids. */
export function buildCharts(sources: ChartSources): Chart[] {
  const charts: Chart[] = [];
  // What changed against the reference comes first: it is what a reviewer looks for.
  if (sources.comparison) {
    const change = changeChart(sources.comparison);
    if (change) charts.push(change);
    const regressions = regressionChart(sources.comparison, sources.runs);
    if (regressions) charts.push(regressions);
  }
  if (sources.check) charts.push(...checkCharts(sources.check));
  const summaries =
    sources.summaries ?? sources.comparison?.subExperiments.flatMap((s) => (s.result ? [s.result] : [])) ?? [];
  const sub = subExperimentChart(summaries);
  if (sub) charts.push(sub);
  if (sources.comparison) charts.push(...referenceCharts(sources.comparison), ...beforeAfterCharts(sources.comparison));
  if (sources.history && sources.history.length > 0) charts.push(...historyCharts(sources.history, sources.check));
  for (const raw of sources.raw ?? []) charts.push(...rawCharts(raw));
  if (sources.measurements) charts.push(...throughputCharts(sources.measurements));
  return uniqueIds(charts);
}
