import { formatFixed3 } from '../numeric/formatFixed.js';
import type { ComparisonRow } from '../compare/compare.js';
import { comparisonRowFailed } from '../compare/compare.js';
import type { ComparisonReport } from './comparisonReport.js';
import { escapeMarkdown } from './escape.js';
import { boundedPercent, FOLD_ROWS_ABOVE, percent } from './markdown.js';

const MARK: Record<ComparisonRow['status'], string> = {
  pass: '✅',
  improved: '🟢',
  fail: '❌',
  new: '🆕',
  missing: '❌',
  warn: '⚠️',
  noisy: '〰️',
  'insufficient-history': '❔',
  'not-comparable': '➖',
  'state-change': '🔀',
};

/** Δ% per sub-experiment × payload × magnitude, failing rows first, then worst first. */
export function renderComparisonMarkdown(report: ComparisonReport): string {
  const lines = [`### ${headline(report)}`, '', `Reference **${escapeMarkdown(report.referenceLabel)}**, result **${escapeMarkdown(report.resultLabel)}**.`, ''];
  if (report.baselineRun) {
    const { runId, runUrl, commit, date } = report.baselineRun;
    const run = /^https?:\/\/[^\s()<>]+$/.test(runUrl) ? `[run ${runId}](${runUrl})` : `run ${runId}`;
    lines.push(`Baseline: ${run}, commit \`${escapeMarkdown(commit.slice(0, 12)).replace(/\\/g, '')}\`, ${escapeMarkdown(date)}.`, '');
  }
  // Notes are perfgate's own sentences (no text from result files), so they are not escaped.
  for (const note of report.notes) lines.push(`> ${note}`, '');
  if (report.warnings.length > 0) lines.push(...report.warnings.map((w) => `- ⚠️ ${escapeMarkdown(w)}`), '');
  const general = !payloadLayout(report.rows);
  // What a reviewer must see stays above the fold: failures, and gated rows that warn or changed state.
  const failing = report.rows.filter(needsAttention);
  const rest = report.rows.filter((r) => !needsAttention(r));
  if (report.rows.length <= FOLD_ROWS_ABOVE) {
    if (report.rows.length > 0) lines.push(...table(report.rows, general), '');
  } else {
    if (failing.length > 0) lines.push(...table(failing, general), '');
    if (rest.length > 0) lines.push('<details>', `<summary>${rest.length} other row${rest.length === 1 ? '' : 's'}</summary>`, '', ...table(rest, general), '', '</details>', '');
  }
  if (!payloadLayout(report.rows)) {
    lines.push(
      report.rows.some((r) => r.band !== undefined)
        ? 'Δ = how much worse the result is than the reference, in %: for throughputs and rates a drop is worse. With a history the reference is the geometric mean of the baseline runs. A row fails when Δ exceeds the threshold and the noise band.'
        : 'Δ = how much worse the result is than the reference, in %: for throughputs and rates a drop is worse. A row fails when Δ exceeds the threshold.',
      '',
    );
    return lines.join('\n');
  }
  lines.push(
    report.rows.some((r) => r.band !== undefined)
      ? 'Latencies in µs. With a history the reference is the geometric mean of the baseline runs; Δ = (result − reference) / reference, positive when slower. A row fails when Δ exceeds the threshold and the noise band.'
      : 'Latencies in µs. Δ = (result − reference) / reference, positive when slower. A row fails when the result exceeds reference × (1 + threshold).',
    '',
  );
  return lines.join('\n');
}

/** The verdict line: what passed and failed, or that nothing could be compared. */
export function headline(report: ComparisonReport): string {
  const method = `perfgate comparison (${report.methodLabel})`;
  if (report.rows.length > 0 && report.rows.every((r) => r.status === 'not-comparable')) {
    return `➖ ${method}: not comparable, none of ${report.comparisonsTotal} comparisons gated`;
  }
  const passed = report.comparisonsTotal - report.comparisonsFailed;
  return `${report.verdict === 'pass' ? '✅' : '❌'} ${method}: ${passed} of ${report.comparisonsTotal} comparisons passed, ${report.failedExperiments.length} of ${report.subExperiments.length} sub-experiments failed`;
}

/**
 * The reference's layout (sub-experiment, payload, magnitude; values in µs) when every row is a
 * latency per payload size; otherwise one with parameter, metric and unit.
 */
export function payloadLayout(rows: readonly ComparisonRow[]): boolean {
  return rows.every((r) => r.metric === 'latency' && r.unit === 'µs' && (r.pooled || (Number.isFinite(r.payloadBytes) && r.parameter === String(r.payloadBytes))));
}

/** A measured value to six significant digits (ns-scale values shown in µs keep theirs; no trailing zeros). */
export function formatMeasured(x: number): string {
  if (Number.isNaN(x)) return '—';
  if (!Number.isFinite(x) || Math.abs(x) >= 1e15) return formatFixed3(x);
  return String(Number(x.toPrecision(6)));
}

/** The optional columns: a noise band (history), an interval (A/B pairs), the smallest change a row catches. */
function extraColumns(rows: readonly ComparisonRow[]): { header: string; align: string; cells: (r: ComparisonRow) => string } {
  const withBand = rows.some((r) => r.band !== undefined);
  const withInterval = rows.some((r) => r.interval !== undefined);
  const withDetectable = rows.some((r) => r.detectable !== undefined);
  const range = (x?: { lower: number; upper: number }) => (x ? `${percent(x.lower * 100)} … ${boundedPercent(x.upper * 100)}` : '');
  return {
    header: `${withBand ? ' Noise band |' : ''}${withInterval ? ' Interval |' : ''}${withDetectable ? ' Catches ≥ |' : ''}`,
    align: `${withBand ? ' --: |' : ''}${withInterval ? ' --: |' : ''}${withDetectable ? ' --: |' : ''}`,
    cells: (r) =>
      `${withBand ? ` ${range(r.band)} |` : ''}${withInterval ? ` ${range(r.interval)} |` : ''}${withDetectable ? ` ${r.detectable !== undefined && Number.isFinite(r.detectable) ? boundedPercent(r.detectable * 100) : ''} |` : ''}`,
  };
}

/** A failed row, or a gated one over the threshold that did not fail (warn, state change, too little history). */
export function needsAttention(r: ComparisonRow): boolean {
  return comparisonRowFailed(r) || (r.gated && (r.status === 'warn' || r.status === 'state-change' || (r.status === 'insufficient-history' && r.deltaPercent > r.threshold * 100)));
}

/** Whether a row's status needs the reader told that it cannot fail the gate. */
export function showNotGated(r: ComparisonRow): boolean {
  return !r.gated && r.status !== 'pass' && r.status !== 'improved' && r.status !== 'new' && r.status !== 'not-comparable' && r.status !== 'state-change';
}

function statusCell(r: ComparisonRow): string {
  return `${MARK[r.status]} ${r.status}${showNotGated(r) ? ' (not gated)' : ''}`;
}

function table(rows: ComparisonRow[], general: boolean): string[] {
  if (general) return generalTable(rows);
  const extra = extraColumns(rows);
  const out = [
    `| Sub-experiment | Bytes | Magnitude | Reference | Result | Δ | Threshold |${extra.header} Status |`,
    `| :-- | --: | :-- | --: | --: | --: | --: |${extra.align} :-- |`,
  ];
  for (const r of rows) {
    const value = (x: number) => (Number.isNaN(x) ? '—' : formatFixed3(x));
    out.push(
      `| ${escapeMarkdown(r.experimentType)} | ${r.pooled ? 'geomean' : r.payloadBytes} | ${r.magnitude} | ${value(r.reference)} | ${value(r.result)} | ${percent(r.deltaPercent)} | ${formatThreshold(r.threshold)} |${extra.cells(r)} ${statusCell(r)} |`,
    );
  }
  return out;
}

function generalTable(rows: ComparisonRow[]): string[] {
  const extra = extraColumns(rows);
  const out = [
    `| Experiment | Parameter | Metric | Reference | Result | Δ | Threshold |${extra.header} Status |`,
    `| :-- | :-- | :-- | --: | --: | --: | --: |${extra.align} :-- |`,
  ];
  for (const r of rows) {
    const value = (x: number) => (Number.isNaN(x) ? '—' : `${formatMeasured(x)}${r.unit ? ` ${escapeMarkdown(r.unit)}` : ''}`);
    const metric = `${escapeMarkdown(r.metric)} ${r.magnitude.toLowerCase()}${r.direction === 'higher-is-better' ? ' ↑' : ''}`;
    out.push(
      `| ${escapeMarkdown(r.experimentType)} | ${escapeMarkdown(r.parameter)} | ${metric} | ${value(r.reference)} | ${value(r.result)} | ${percent(r.deltaPercent)} | ${formatThreshold(r.threshold)} |${extra.cells(r)} ${statusCell(r)} |`,
    );
  }
  return out;
}

function formatThreshold(t: number): string {
  return `${Number((t * 100).toPrecision(6))} %`;
}
