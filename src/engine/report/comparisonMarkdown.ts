import { formatFixed3 } from '../numeric/formatFixed.js';
import type { ComparisonRow } from '../compare/compare.js';
import { acceptanceWords } from '../compare/acceptance.js';
import { comparisonRowFailed } from '../compare/compare.js';
import { methodOf } from '../compare/methods.js';
import type { BenchmarkChanges, ComparisonReport, Inconclusive } from './comparisonReport.js';
import { escapeMarkdown } from './escape.js';
import { valueChange, valueChangeRange, worseningSize } from './change.js';
import { boundedPercent, FOLD_ROWS_ABOVE, percent } from './markdown.js';
import { quantityDisplay, type QuantityDisplay } from './quantity.js';

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
  inconclusive: '⏳',
  accepted: '✅',
};

/** The parts of comparison.md, for a document that puts them in another order (the reviewer comment). */
export interface ComparisonMarkdownParts {
  /** What was compared with what, the counts and the baseline run. */
  sides: string;
  /** How the verdict was reached: perfgate's own sentences, one quote each. */
  notes: string;
  /** What the user must look at (escaped: may hold names from result files). */
  warnings: string;
  /** Which failing rows were accepted, by what and why (escaped: labels and reasons are the user's); '' when none. */
  acceptance: string;
  /** The rows a reviewer must see (failures first, then gated warnings), and the rest. */
  attention: ComparisonRow[];
  rest: ComparisonRow[];
  /** What Δ, the band and the threshold mean. */
  legend: string;
}

export function comparisonMarkdownParts(report: ComparisonReport): ComparisonMarkdownParts {
  const passed = report.comparisonsTotal - report.comparisonsFailed;
  const counts = `${passed} of ${report.comparisonsTotal} comparisons passed, ${report.failedExperiments.length} of ${report.subExperiments.length} sub-experiments failed`;
  const sides = [
    `Reference **${escapeMarkdown(report.referenceLabel)}**, result **${escapeMarkdown(report.resultLabel)}** (${report.methodLabel}): ${counts}.`,
  ];
  if (report.baselineRun) {
    const { runId, runUrl, commit, date } = report.baselineRun;
    const run = /^https?:\/\/[^\s()<>]+$/.test(runUrl) ? `[run ${runId}](${runUrl})` : `run ${runId}`;
    sides.push(
      '',
      `Baseline: ${run}, commit \`${escapeMarkdown(commit.slice(0, 12)).replace(/\\/g, '')}\`, ${escapeMarkdown(date)}.`,
    );
  }
  return {
    sides: sides.join('\n'),
    // Notes are perfgate's own sentences (no text from result files), so they are not escaped.
    notes: report.notes.map((note) => `> ${note}`).join('\n\n'),
    warnings: report.warnings.map((w) => `- ⚠️ ${escapeMarkdown(w)}`).join('\n'),
    acceptance: acceptanceMarkdown(report.rows),
    attention: report.rows.filter(needsAttention),
    rest: report.rows.filter((r) => !needsAttention(r)),
    legend: legend(report.rows) + inconclusiveLegend(report.rows),
  };
}

/** Δ% per sub-experiment × payload × magnitude, failing rows first, then worst first. */
export function renderComparisonMarkdown(report: ComparisonReport): string {
  const parts = comparisonMarkdownParts(report);
  const lines = [`### ${headline(report)}`, '', parts.sides, ''];
  if (parts.notes !== '') lines.push(parts.notes, '');
  if (parts.warnings !== '') lines.push(parts.warnings, '');
  if (parts.acceptance !== '') lines.push(parts.acceptance, '');
  // What a reviewer must see stays above the fold: failures, and gated rows that warn or changed state.
  if (report.rows.length <= FOLD_ROWS_ABOVE) {
    if (report.rows.length > 0) lines.push(...comparisonTable(report.rows, report.rows), '');
  } else {
    if (parts.attention.length > 0) lines.push(...comparisonTable(parts.attention, report.rows), '');
    if (parts.rest.length > 0)
      lines.push(
        '<details>',
        `<summary>${plural(parts.rest.length, 'other row')}</summary>`,
        '',
        ...comparisonTable(parts.rest, report.rows),
        '',
        '</details>',
        '',
      );
  }
  lines.push(parts.legend, '');
  return lines.join('\n');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function legend(rows: readonly ComparisonRow[]): string {
  const withBand = rows.some((r) => r.band !== undefined);
  if (!payloadLayout(rows)) {
    return withBand
      ? 'Δ = (result − reference) / reference, the change of the value itself: + went up, − went down. For a throughput or rate (↑) a drop is worse, for everything else a rise. With a history the reference is the geometric mean of the baseline runs and the noise band is the change an unchanged build gives. A row fails when its change the worse way exceeds the threshold and leaves the noise band; the threshold and *Catches ≥* are sizes of a change the worse way.'
      : 'Δ = (result − reference) / reference, the change of the value itself: + went up, − went down. For a throughput or rate (↑) a drop is worse, for everything else a rise. A row fails when its change the worse way exceeds the threshold.';
  }
  return withBand
    ? 'Latencies in µs. With a history the reference is the geometric mean of the baseline runs; Δ = (result − reference) / reference, positive when slower. A row fails when Δ exceeds the threshold and the noise band.'
    : 'Latencies in µs. Δ = (result − reference) / reference, positive when slower. A row fails when the result exceeds reference × (1 + threshold).';
}

/** What an inconclusive row means, when there is one. */
function inconclusiveLegend(rows: readonly ComparisonRow[]): string {
  return rows.some((r) => r.status === 'inconclusive')
    ? ' ⏳ inconclusive: the interval straddles the threshold (neither a failure nor shown below it at 90 %); it does not fail, and more pairs would decide.'
    : '';
}

/** How a headline names what the results were compared with, and in which words. */
export interface HeadlineOptions {
  /** The branch the reference comes from (`main`), when the caller knows it. */
  base?: string;
  /** A requirement check follows in the same line: a clean comparison says only "nothing slower". */
  brief?: boolean;
}

/** A change in % for a headline: whole percents from 10 %, two significant digits below. */
function changeSize(x: number): string {
  if (!Number.isFinite(x)) return '?';
  return x >= 10 ? String(Math.round(x)) : String(Number(x.toPrecision(2)));
}

/** `28–31 %`, or `30 %` when the ends read the same. */
function changeRange(c: BenchmarkChanges): string {
  const low = changeSize(c.smallest);
  const high = changeSize(c.largest);
  return low === high ? `${low} %` : `${low}–${high} %`;
}

/** `3 benchmarks 28–31 % slower` */
export function changed(c: BenchmarkChanges, way: 'worse' | 'better'): string {
  const word = way === 'worse' ? (c.speed ? 'slower' : 'worse') : c.speed ? 'faster' : 'better';
  return `${plural(c.benchmarks, 'benchmark')} ${changeRange(c)} ${word}`;
}

/** `inconclusive: 6 more pairs would decide 1 benchmark`, or `…: even 100 pairs would not decide 1 benchmark`. */
export function inconclusiveWords(i: Inconclusive): string {
  const what = plural(i.benchmarks, 'benchmark');
  return i.morePairs !== undefined
    ? `inconclusive: ${plural(i.morePairs, 'more pair')} would decide ${what}`
    : `inconclusive: even ${i.pairsCap} pairs would not decide ${what}`;
}

/**
 * The first line of a comparison, counted by benchmark (experiment × parameter), with how it was
 * judged: "❌ 3 benchmarks 28–31 % slower than main (history of 8 runs)", "✅ 2 benchmarks 12–15 %
 * faster than main (A/B, 12 pairs)", "✅ No benchmark changed beyond the noise against main
 * (history of 8 runs, 54 benchmarks)". `base` is escaped; every other word is perfgate's.
 */
export function headline(report: ComparisonReport, options: HeadlineOptions = {}): string {
  const c = report.changes;
  const base = options.base !== undefined ? escapeMarkdown(options.base) : methodOf(report.method).referenceName;
  const method = report.methodShort;
  if (c.notComparable)
    return `➖ Not comparable with ${base}: every run was measured on another kind of machine, nothing gated (${method}, ${plural(c.benchmarks, 'benchmark')})`;
  const warned = c.warned ? ` · ⚠️ ${changed(c.warned, 'worse')} but inside the noise` : '';
  const failures: string[] = [];
  if (c.worse) failures.push(`${changed(c.worse, 'worse')} than ${base}`);
  if (c.missing > 0) failures.push(`${plural(c.missing, 'benchmark')} of ${base} missing from the results`);
  if (failures.length === 0 && report.verdict === 'fail')
    failures.push(`${report.comparisonsFailed} of ${report.comparisonsTotal} comparisons with ${base} failed`);
  const undecided = c.inconclusive ? inconclusiveWords(c.inconclusive) : '';
  if (failures.length > 0)
    return `❌ ${failures.join(', ')} (${method})${warned}${undecided ? ` · ⏳ ${undecided}` : ''}`;
  if (undecided) return `⏳ ${undecided[0]!.toUpperCase()}${undecided.slice(1)} (${method})${warned}`;
  if (c.accepted)
    return `✅ ${changed(c.accepted, 'worse')} than ${base}, ${acceptedBy(report.rows)} (${method})${warned}`;
  if (c.better) return `✅ ${changed(c.better, 'better')} than ${base} (${method})${warned}`;
  if (options.brief) return `✅ Nothing slower than ${base} (${method})${warned}`;
  return `✅ No benchmark changed beyond ${methodOf(report.method).bound} against ${base} (${method}, ${plural(c.benchmarks, 'benchmark')})${warned}`;
}

/** `accepted by the label perfgate-accept`, `accepted by 2 waivers`, `accepted by the label x and 1 waiver`. */
function acceptedBy(rows: readonly ComparisonRow[]): string {
  const label = rows.find((r) => r.acceptance?.kind === 'label')?.acceptance;
  const waivers = new Set(rows.flatMap((r) => (r.acceptance?.kind === 'waiver' ? [r.acceptance.place] : []))).size;
  const words = [
    ...(label?.kind === 'label' ? [`the label ${nameText(label.label)}`] : []),
    ...(waivers > 0 ? [plural(waivers, 'waiver')] : []),
  ];
  return `accepted by ${words.join(' and ')}`;
}

/**
 * The reference's layout (sub-experiment, payload, magnitude; values in µs) when every row is a
 * latency per payload size; otherwise one with parameter, metric and unit.
 */
export function payloadLayout(rows: readonly ComparisonRow[]): boolean {
  return rows.every(
    (r) =>
      r.metric === 'latency' &&
      r.unit === 'µs' &&
      (r.pooled || (Number.isFinite(r.payloadBytes) && r.parameter === String(r.payloadBytes))),
  );
}

/**
 * A general row's reference and result in one display unit (`21.65 → 24.70 ns`, `10.57 → 8.07 M ops/s`),
 * chosen from both values so that they read side by side.
 */
export function rowDisplay(r: ComparisonRow): QuantityDisplay {
  return quantityDisplay(r.unit, [r.reference, r.result], r.printedUnit);
}

/** The optional columns: a noise band (history), an interval (A/B pairs), the smallest change a row catches. */
function extraColumns(rows: readonly ComparisonRow[]): {
  header: string;
  align: string;
  cells: (r: ComparisonRow) => string;
} {
  const withBand = rows.some((r) => r.band !== undefined);
  const withInterval = rows.some((r) => r.interval !== undefined);
  const withDetectable = rows.some((r) => r.detectable !== undefined);
  const range = (x?: { lower: number; upper: number }) =>
    x ? `${percent(x.lower * 100)} … ${boundedPercent(x.upper * 100)}` : '';
  return {
    header: `${withBand ? ' Noise band |' : ''}${withInterval ? ' Interval |' : ''}${withDetectable ? ' Catches ≥ |' : ''}`,
    align: `${withBand ? ' --: |' : ''}${withInterval ? ' --: |' : ''}${withDetectable ? ' --: |' : ''}`,
    cells: (r) =>
      `${withBand ? ` ${range(valueChangeRange(r.band, r.direction))} |` : ''}${withInterval ? ` ${range(valueChangeRange(r.interval, r.direction))} |` : ''}${withDetectable ? ` ${r.detectable !== undefined && Number.isFinite(r.detectable) ? worseningSize(r.detectable * 100) : ''} |` : ''}`,
  };
}

/** A failed row, or a gated one over the threshold that did not fail (warn, state change, too little history). */
export function needsAttention(r: ComparisonRow): boolean {
  return (
    comparisonRowFailed(r) ||
    (r.gated &&
      (r.status === 'warn' ||
        r.status === 'accepted' ||
        r.status === 'state-change' ||
        r.status === 'inconclusive' ||
        (r.status === 'insufficient-history' && r.deltaPercent > r.threshold * 100)))
  );
}

/** Whether a row's status needs the reader told that it cannot fail the gate. */
export function showNotGated(r: ComparisonRow): boolean {
  return (
    !r.gated &&
    r.status !== 'pass' &&
    r.status !== 'improved' &&
    r.status !== 'new' &&
    r.status !== 'not-comparable' &&
    r.status !== 'state-change'
  );
}

function statusCell(r: ComparisonRow): string {
  if (r.acceptance) return `${MARK[r.status]} ${r.status} (${nameText(acceptanceWords(r.acceptance))})`;
  return `${MARK[r.status]} ${r.status}${showNotGated(r) ? ' (not gated)' : ''}`;
}

/** A link the user wrote, as a link when it is a plain http(s) address, else as escaped text. */
function userLink(link: string): string {
  return /^https?:\/\/[^\s()<>[\]]+$/.test(link) ? `[${escapeMarkdown(link)}](${link})` : escapeMarkdown(link);
}

/** `+31.2 %` the worse way. */
function worseBy(x: number): string {
  return `+${Number(x.toPrecision(3))} %`;
}

/**
 * A label or a waiver's place as Markdown: as written when it holds only letters, digits and `_ . - / :` (nothing
 * Markdown or GitHub reads as markup, so a Check's plain-text title shows it as written), else escaped.
 */
function nameText(text: string): string {
  return /^[\w.\-/: ]+$/.test(text) && !text.includes('://') ? text : escapeMarkdown(text);
}

const MAX_WAIVER_LINES = 30;
const MAX_REASON = 300;
const cut = (text: string) => (text.length > MAX_REASON ? `${text.slice(0, MAX_REASON - 1)}…` : text);

/**
 * Which failing rows were accepted and why: the label (who added it, its description quoted), and each waiver row
 * (where it is written, its ceiling and expiry, its link and reason). Every user text is escaped.
 */
export function acceptanceMarkdown(rows: readonly ComparisonRow[]): string {
  const accepted = rows.filter((r) => r.acceptance !== undefined);
  if (accepted.length === 0) return '';
  const lines: string[] = [];
  const byLabel = accepted.filter((r) => r.acceptance!.kind === 'label');
  const label = byLabel[0]?.acceptance;
  if (label?.kind === 'label') {
    const by = label.by !== undefined ? `, added by ${escapeMarkdown(`@${label.by}`)}` : '';
    lines.push(
      `**Accepted:** ${plural(byLabel.length, 'failing row')} accepted by the label **${nameText(label.label)}**${by}.`,
    );
    if (label.description !== undefined && label.description.trim() !== '')
      lines.push('', `> ${escapeMarkdown(cut(label.description.trim()))}`);
  }
  const byWaiver = accepted.filter((r) => r.acceptance!.kind === 'waiver');
  if (byWaiver.length > 0) {
    if (lines.length > 0) lines.push('');
    lines.push(`**Accepted by waivers:** ${plural(byWaiver.length, 'failing row')}.`, '');
    // The reasons are the user's: each cut to a paragraph's length and the list to a screen's, so that this section,
    // which the comment keeps whole, stays small.
    for (const r of byWaiver.slice(0, MAX_WAIVER_LINES)) {
      const w = r.acceptance!;
      if (w.kind !== 'waiver') continue;
      const where = benchmarkCell(r, !payloadLayout(rows));
      lines.push(
        `- ${where} ${escapeMarkdown(r.metric)} ${r.magnitude.toLowerCase()}: ${percent(valueChange(r.deltaPercent, r.direction))}, waiver ${nameText(w.place)} accepts up to ${worseBy(w.ceilingPercent)} until ${nameText(w.expires)} (${userLink(w.link)}): ${escapeMarkdown(cut(w.reason))}`,
      );
    }
    if (byWaiver.length > MAX_WAIVER_LINES)
      lines.push(`- … and ${plural(byWaiver.length - MAX_WAIVER_LINES, 'more accepted row')} in the full report.`);
  }
  return lines.join('\n');
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
      `| ${escapeMarkdown(r.experimentType)} | ${r.pooled ? 'geomean' : r.payloadBytes} | ${r.magnitude} | ${value(r.reference)} | ${value(r.result)} | ${percent(valueChange(r.deltaPercent, r.direction))} | ${formatThreshold(r.threshold)} |${extra.cells(r)} ${statusCell(r)} |`,
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
    const shown = rowDisplay(r);
    const value = (x: number) =>
      Number.isNaN(x) ? '—' : `${shown.number(x)}${shown.unit ? ` ${escapeMarkdown(shown.unit)}` : ''}`;
    const metric = `${escapeMarkdown(r.metric)} ${r.magnitude.toLowerCase()}${r.direction === 'higher-is-better' ? ' ↑' : ''}`;
    out.push(
      `| ${escapeMarkdown(r.experimentType)} | ${escapeMarkdown(r.parameter)} | ${metric} | ${value(r.reference)} | ${value(r.result)} | ${percent(valueChange(r.deltaPercent, r.direction))} | ${formatThreshold(r.threshold)} |${extra.cells(r)} ${statusCell(r)} |`,
    );
  }
  return out;
}

function formatThreshold(t: number): string {
  return `${Number((t * 100).toPrecision(6))} %`;
}

/** comparison.md's table of `rows`, in the layout that `all` (the report's rows) takes. */
export function comparisonTable(rows: ComparisonRow[], all: readonly ComparisonRow[]): string[] {
  return table(rows, !payloadLayout(all));
}

/** A benchmark's name in one cell: the experiment and its parameter (`geomean` for a pooled row). */
function benchmarkCell(r: ComparisonRow, general: boolean): string {
  const parameter = r.pooled ? 'geomean' : general ? r.parameter : `${r.payloadBytes} B`;
  return escapeMarkdown(parameter === '' ? r.experimentType : `${r.experimentType} ${parameter}`);
}

/**
 * The reviewer's list of rows, one line each: benchmark, statistic, before → after, Δ with its
 * noise band (history), interval (A/B pairs) or threshold (one run), and the verdict.
 */
export function changeTable(
  rows: readonly ComparisonRow[],
  all: readonly ComparisonRow[],
): { header: string[]; rows: string[] } {
  const general = !payloadLayout(all);
  const withBand = rows.some((r) => r.band !== undefined);
  const withInterval = rows.some((r) => r.interval !== undefined);
  const range = (x?: { lower: number; upper: number }) =>
    x ? `${percent(x.lower * 100)} … ${boundedPercent(x.upper * 100)}` : '';
  const limitTitle = withBand ? 'Noise band' : withInterval ? 'Interval' : 'Threshold';
  const limit = (r: ComparisonRow) =>
    withBand
      ? range(valueChangeRange(r.band, r.direction))
      : withInterval
        ? range(valueChangeRange(r.interval, r.direction))
        : formatThreshold(r.threshold);
  const header = [
    `| Benchmark | Statistic | Before → after | Δ | ${limitTitle} | Verdict |`,
    '| :-- | :-- | --: | --: | --: | :-- |',
  ];
  const lines = rows.map((r) => {
    const shown = rowDisplay(r);
    const value = (x: number) => (Number.isNaN(x) ? '—' : general ? shown.number(x) : formatFixed3(x));
    const unit = general ? (shown.unit ? ` ${escapeMarkdown(shown.unit)}` : '') : ' µs';
    const statistic = general
      ? `${escapeMarkdown(r.metric)} ${r.magnitude.toLowerCase()}${r.direction === 'higher-is-better' ? ' ↑' : ''}`
      : r.magnitude;
    return `| ${benchmarkCell(r, general)} | ${statistic} | ${value(r.reference)} → ${value(r.result)}${unit} | ${percent(valueChange(r.deltaPercent, r.direction))} | ${limit(r)} | ${statusCell(r)} |`;
  });
  return { header, rows: lines };
}
