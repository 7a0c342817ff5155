import { formatFixed3 } from '../numeric/formatFixed.js';
import type { ComparisonRow } from '../compare/compare.js';
import { comparisonRowFailed } from '../compare/compare.js';
import type { ComparisonReport } from './comparisonReport.js';
import { escapeMarkdown } from './escape.js';
import { FOLD_ROWS_ABOVE, percent } from './markdown.js';

const MARK: Record<ComparisonRow['status'], string> = {
  pass: '✅',
  improved: '🟢',
  fail: '❌',
  new: '🆕',
  missing: '❌',
  warn: '⚠️',
  noisy: '〰️',
  'insufficient-history': '❔',
};

/** Δ% per sub-experiment × payload × magnitude, failing rows first, then worst first. */
export function renderComparisonMarkdown(report: ComparisonReport): string {
  const icon = report.verdict === 'pass' ? '✅' : '❌';
  const passed = report.comparisonsTotal - report.comparisonsFailed;
  const lines = [
    `### ${icon} perfgate comparison: ${passed} of ${report.comparisonsTotal} comparisons passed, ${report.failedExperiments.length} of ${report.subExperiments.length} sub-experiments failed`,
    '',
    `Reference **${escapeMarkdown(report.referenceLabel)}**, result **${escapeMarkdown(report.resultLabel)}**.`,
    '',
  ];
  if (report.baselineRun) {
    const { runId, runUrl, commit, date } = report.baselineRun;
    const run = /^https?:\/\/[^\s()<>]+$/.test(runUrl) ? `[run ${runId}](${runUrl})` : `run ${runId}`;
    lines.push(`Baseline: ${run}, commit \`${escapeMarkdown(commit.slice(0, 12)).replace(/\\/g, '')}\`, ${escapeMarkdown(date)}.`, '');
  }
  // Notes are perfgate's own sentences (no text from result files), so they are not escaped.
  for (const note of report.notes) lines.push(`> ${note}`, '');
  const failing = report.rows.filter(comparisonRowFailed);
  const rest = report.rows.filter((r) => !comparisonRowFailed(r));
  if (report.rows.length <= FOLD_ROWS_ABOVE) {
    if (report.rows.length > 0) lines.push(...table(report.rows), '');
  } else {
    if (failing.length > 0) lines.push(...table(failing), '');
    if (rest.length > 0) lines.push('<details>', `<summary>${rest.length} other row${rest.length === 1 ? '' : 's'}</summary>`, '', ...table(rest), '', '</details>', '');
  }
  lines.push(
    report.rows.some((r) => r.band !== undefined)
      ? 'Latencies in µs. With a history the reference is the geometric mean of the baseline runs; Δ = (result − reference) / reference, positive when slower. A row fails when Δ exceeds the threshold and the noise band.'
      : 'Latencies in µs. Δ = (result − reference) / reference, positive when slower. A row fails when the result exceeds reference × (1 + threshold).',
    '',
  );
  return lines.join('\n');
}

function table(rows: ComparisonRow[]): string[] {
  const withBand = rows.some((r) => r.band !== undefined);
  const out = [
    `| Sub-experiment | Bytes | Magnitude | Reference | Result | Δ | Threshold |${withBand ? ' Noise band |' : ''} Status |`,
    `| :-- | --: | :-- | --: | --: | --: | --: |${withBand ? ' --: |' : ''} :-- |`,
  ];
  for (const r of rows) {
    const value = (x: number) => (Number.isNaN(x) ? '—' : formatFixed3(x));
    const band = r.band ? `${percent(r.band.lower * 100)} … ${percent(r.band.upper * 100)}` : '';
    out.push(
      `| ${escapeMarkdown(r.experimentType)} | ${r.payloadBytes} | ${r.magnitude} | ${value(r.reference)} | ${value(r.result)} | ${percent(r.deltaPercent)} | ${formatThreshold(r.threshold)} |${withBand ? ` ${band} |` : ''} ${MARK[r.status]} ${r.status} |`,
    );
  }
  return out;
}

function formatThreshold(t: number): string {
  return `${Number((t * 100).toPrecision(6))} %`;
}
