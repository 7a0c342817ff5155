/**
 * The regressions chart of a comparison: one panel per failing row, its history and noise band
 * where a history was used, else the reference and the result side by side, with the threshold.
 */
import { chartEvidence } from './chartEvidence.js';
import { valueChange, valueChangeRange } from '../report/change.js';
import type { ComparisonRow } from '../compare/compare.js';
import type { ComparisonReport } from '../report/comparison/comparisonReport.js';
import { BAND_FILL, BASELINE_GREYS, EXPERIMENT_BLUE, LIMIT_COLOR } from './palette.js';
import { formatDelta } from './format.js';
import { panelValues, wantsLogScale, type Band, type Chart, type Panel, type Rule, type Series } from './model.js';
import { failedIf, finitePoints, inDisplayUnit, withUnit } from './panels.js';
import { runLabels } from './historyCharts.js';
import type { MeasuredRun } from './sources.js';
import { benchmarkNames, DELTA_SIGN_NOTE, familyTitle, valueDomain } from './comparisonCharts.js';

/** At most this many regressions get a panel of their own; the rest are in the comparison table. */
export const MAX_REGRESSION_PANELS = 12;

/** The value at which a row's Δ reaches its threshold (the reference moved by the threshold, the worse way). */
function thresholdValue(row: ComparisonRow): number {
  return row.direction === 'higher-is-better'
    ? row.reference * (1 - row.threshold)
    : row.reference * (1 + row.threshold);
}

/** A relative Δ (worse positive) back on the reference's scale. */
function valueAt(row: ComparisonRow, relative: number): number {
  return row.direction === 'higher-is-better' ? row.reference * (1 - relative) : row.reference * (1 + relative);
}

/**
 * The history runs behind a row, newest last: those that have its value, at most the row's historyRuns newest (what the
 * comparison used).
 */
function rowHistory(row: ComparisonRow, runs: readonly MeasuredRun[]): { run: MeasuredRun; value: number }[] {
  const historyRuns = chartEvidence(row).historyRuns;
  if (row.pooled || historyRuns === undefined) return [];
  const metric = row.metric.toLowerCase();
  const found = runs.flatMap((run) => {
    const m = run.measurements.find(
      (x) => x.experiment === row.experimentType && x.parameter === row.parameter && x.metric.toLowerCase() === metric,
    );
    const value = m?.statistics[row.statistic];
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? [{ run, value }] : [];
  });
  return found.slice(-historyRuns);
}

function regressionPanel(
  row: ComparisonRow,
  report: ComparisonReport,
  label: string,
  runs: readonly MeasuredRun[],
): Panel {
  const history = rowHistory(row, runs);
  const unit = row.unit;
  const rules: Rule[] = [];
  let band: Band | undefined;
  const series: Series[] = [];
  let categories: string[];
  const candidate = report.resultLabel;
  if (history.length > 0) {
    const labels = runLabels(history.map((h) => h.run));
    // A run label that is also the candidate's label would merge two categories.
    const current = labels.includes(candidate) ? `${candidate} (this run)` : candidate;
    categories = [...labels, current];
    series.push({
      name: `history (${history.length} run${history.length === 1 ? '' : 's'})`,
      color: BASELINE_GREYS[1],
      points: history.map((h, i) => ({ x: labels[i]!, y: h.value })),
    });
    series.push({
      name: current,
      color: EXPERIMENT_BLUE,
      points: [failedIf({ x: current, y: row.result }, row.failed)],
    });
  } else {
    const before = report.referenceLabel;
    const after = before === candidate ? `${candidate} (this run)` : candidate;
    categories = [before, after];
    series.push({
      name: `${before} → ${after}`,
      color: EXPERIMENT_BLUE,
      points: finitePoints([{ x: before, y: row.reference }, failedIf({ x: after, y: row.result }, row.failed)]),
    });
  }
  const noise = chartEvidence(row).band;
  if (noise && Number.isFinite(row.reference)) {
    const edges = [valueAt(row, noise.lower), valueAt(row, noise.upper)];
    band = { name: 'noise band', lower: Math.min(...edges), upper: Math.max(...edges), color: BAND_FILL };
    if (history.length > 0)
      rules.push({ name: 'history centre', y: row.reference, color: BASELINE_GREYS[0], dashed: true });
  }
  if (Number.isFinite(row.reference))
    rules.push({
      name: `threshold ${formatDelta(row.threshold * 100)}`,
      y: thresholdValue(row),
      color: LIMIT_COLOR,
      dashed: true,
    });
  const values = [...panelValues(series), ...rules.map((r) => r.y), ...(band ? [band.lower, band.upper] : [])];
  const log = wantsLogScale(values);
  const domain = valueDomain(values);
  const interval = valueChangeRange(chartEvidence(row).interval, row.direction);
  const range = interval
    ? `, interval ${formatDelta(interval.lower * 100)} … ${formatDelta(interval.upper * 100)}`
    : '';
  const drawn: Panel = {
    title: label,
    subtitle: `${familyTitle(row)}: ${formatDelta(valueChange(row.deltaPercent, row.direction))}${range} (${row.status})`,
    x: { kind: 'category', title: history.length > 0 ? 'Run' : 'Side', categories },
    y: { title: withUnit(familyTitle(row), unit), unit, log, ...(domain ? { domain } : {}) },
    mark: 'line',
    series,
    ...(rules.length > 0 ? { rules } : {}),
    ...(band ? { band } : {}),
  };
  return inDisplayUnit(drawn, familyTitle(row), row.printedUnit);
}

/**
 * Each failing row (a named regression), in the report's order: its history with the noise band
 * and this run's value where a history was used, else the reference and the result side by side;
 * with the threshold drawn as a line. At most MAX_REGRESSION_PANELS panels.
 */
export function regressionChart(report: ComparisonReport, runs: readonly MeasuredRun[] = []): Chart | undefined {
  const failing = report.rows.filter((r) => r.failed && Number.isFinite(r.result) && !chartEvidence(r).suite);
  if (failing.length === 0) return undefined;
  const names = benchmarkNames(failing);
  const shown = failing.slice(0, MAX_REGRESSION_PANELS);
  const panels = shown.map((row) => regressionPanel(row, report, names.label(row), runs));
  const withHistory = panels.some((p) => p.x.title === 'Run');
  const left = failing.length - shown.length;
  const notes = [DELTA_SIGN_NOTE];
  if (withHistory)
    notes.push('Grey: the history runs and, shaded, the noise band around their centre; blue: this run.');
  if (left > 0) notes.push(`${left} more failing row(s) are in the comparison table.`);
  return {
    id: 'regressions',
    kind: 'regression',
    title: `Regressions${names.experiment !== undefined ? ` in ${names.experiment}` : ''}: ${withHistory ? `history and ${report.resultLabel}` : `${report.referenceLabel} vs ${report.resultLabel}`}`,
    ...(names.experiment !== undefined ? { experiment: names.experiment } : {}),
    panels,
    columns: Math.min(2, panels.length),
    inline: true,
    note: notes.join(' '),
  };
}
