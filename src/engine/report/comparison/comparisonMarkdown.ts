import { SUITE_RULE } from '../../compare/suiteBudget.js';
import { formatFixed3 } from '../../numeric/formatFixed.js';
import { shownEvidence } from './shownEvidence.js';
import type { ComparisonRow } from '../../compare/compare.js';
import { acceptanceWords } from '../../compare/acceptance.js';
import { comparisonRowFailed } from '../../compare/compare.js';
import type { ComparisonReport } from './comparisonReport.js';
import { escapeMarkdown } from '../escape.js';
import { acceptanceMarkdown, nameText } from './acceptanceMarkdown.js';
import { benchmarkCell, payloadLayout } from './rowNames.js';
import { clockSentence } from './clockChoice.js';

export { payloadLayout } from './rowNames.js';
export { changed, headline, type HeadlineOptions } from './comparisonHeadline.js';
import { headline } from './comparisonHeadline.js';
import { changeRangeText, changeWithInterval, valueChangeRange, worseningSize } from '../change.js';
import { FOLD_ROWS_ABOVE } from '../check/markdown.js';
import { joinPieces, joinedLines } from '../pieces.js';
import { quantityDisplay, type QuantityDisplay } from '../quantity.js';

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

/** A row's status as its mark: ❌ fail, ⚠️ warn, 🟢 improved … */
export function statusMark(r: ComparisonRow): string {
  return MARK[r.status];
}

/** The parts of comparison.md, for a document that puts them in another order (the reviewer comment). */
export interface ComparisonMarkdownParts {
  /** What was compared with what, the counts and the baseline run. */
  sides: string;
  /** Which time decided, where a tool reports two (clockChoice.ts): one line each; '' when none. */
  clocks: string;
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
  const attention: ComparisonRow[] = [];
  const rest: ComparisonRow[] = [];
  for (const r of report.rows) (needsAttention(r) ? attention : rest).push(r);
  return {
    sides: sides.join('\n'),
    // Perfgate's sentences with the adapters' own metric names (Metric.clock is set by an adapter, from no file's
    // text), as the notes are: not escaped.
    clocks: (report.clocks ?? []).map((c) => `⏱️ ${clockSentence(c)}`).join('\n\n'),
    // Notes are perfgate's own sentences (no text from result files), so they are not escaped.
    notes: report.notes.map((note) => `> ${note}`).join('\n\n'),
    warnings: report.warnings.map((w) => `- ⚠️ ${escapeMarkdown(w)}`).join('\n'),
    acceptance: acceptanceMarkdown(report.rows),
    attention,
    rest,
    legend: legend(report.rows) + noiseLegend(report.rows) + inconclusiveLegend(report.rows),
  };
}

/** Δ% per sub-experiment × payload × magnitude, failing rows first, then worst first. */
export function renderComparisonMarkdown(report: ComparisonReport): string {
  return joinPieces(comparisonMarkdownPieces(report));
}

/** comparison.md a line at a time (`renderComparisonMarkdown`'s text), so that its tables are never held whole. */
export function comparisonMarkdownPieces(report: ComparisonReport): Generator<string> {
  return joinedLines(comparisonMarkdownLines(report));
}

function* comparisonMarkdownLines(report: ComparisonReport): Generator<string> {
  const parts = comparisonMarkdownParts(report);
  yield* [`### ${headline(report)}`, '', parts.sides, ''];
  if (parts.clocks !== '') yield* [parts.clocks, ''];
  if (parts.notes !== '') yield* [parts.notes, ''];
  if (parts.warnings !== '') yield* [parts.warnings, ''];
  if (parts.acceptance !== '') yield* [parts.acceptance, ''];
  // What a reviewer must see stays above the fold: failures, and gated rows that warn or changed state.
  if (report.rows.length <= FOLD_ROWS_ABOVE) {
    if (report.rows.length > 0) {
      yield* comparisonTableLines(report.rows, report.rows);
      yield '';
    }
  } else {
    if (parts.attention.length > 0) {
      yield* comparisonTableLines(parts.attention, report.rows);
      yield '';
    }
    if (parts.rest.length > 0) {
      yield* ['<details>', `<summary>${plural(parts.rest.length, 'other row')}</summary>`, ''];
      yield* comparisonTableLines(parts.rest, report.rows);
      yield* ['', '</details>', ''];
    }
  }
  yield* [parts.legend, ''];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function legend(rows: readonly ComparisonRow[]): string {
  const withBand = rows.some((r) => shownEvidence(r).band !== undefined);
  if (!payloadLayout(rows)) {
    return withBand
      ? 'Δ = (result − reference) / reference, the change of the value itself: + went up, − went down. For a throughput or rate (↑) a drop is worse, for everything else a rise. With a history the reference is the geometric mean of the baseline runs and the noise band is the change an unchanged build gives. A row fails when its change the worse way exceeds the threshold and leaves the noise band; the threshold and *Catches ≥* are sizes of a change the worse way.'
      : 'Δ = (result − reference) / reference, the change of the value itself: + went up, − went down. For a throughput or rate (↑) a drop is worse, for everything else a rise. A row fails when its change the worse way exceeds the threshold.';
  }
  return withBand
    ? 'Latencies in µs. With a history the reference is the geometric mean of the baseline runs; Δ = (result − reference) / reference, positive when slower. A row fails when Δ exceeds the threshold and the noise band.'
    : 'Latencies in µs. Δ = (result − reference) / reference, positive when slower. A row fails when the result exceeds reference × (1 + threshold).';
}

/** What the change's interval, p and α mean, and where the band is, when the noise was estimated. */
function noiseLegend(rows: readonly ComparisonRow[]): string {
  if (!rows.some((r) => r.pValue !== undefined)) return '';
  const band = rows.some((r) => shownEvidence(r).band !== undefined)
    ? ' The noise band is shown once per family, on its geomean row (or on a row that is its family alone); a parameter row too noisy to gate alone is judged through the geomean.'
    : '';
  const rule = rows.some((r) => r.suite?.ruleAlpha !== undefined)
    ? `p: the one-sided p-value of "unchanged" against "worse" as the whole-suite budget reads it, over the row's share of its family's α (the budget decides the gated families together: ${SUITE_RULE}); α: the level Benjamini–Hochberg compared its family with (its cut-off when selected, else α·rank/F); a gated row fails when p ≤ α and its change exceeds the threshold and leaves the noise band.`
    : 'p: the one-sided p-value of "unchanged" against "worse"; α: the level the row is gated at, its share of the false-alarm budget; a gated row fails when p ≤ α and its change exceeds the threshold.';
  return ` The 90 % interval holds the true change 9 times in 10. ${rule}${band}`;
}

/** What an inconclusive row means, when there is one. */
function inconclusiveLegend(rows: readonly ComparisonRow[]): string {
  return rows.some((r) => r.status === 'inconclusive')
    ? ' ⏳ inconclusive: the interval straddles the threshold (neither a failure nor shown below it at 90 %); it does not fail, and more pairs would decide.'
    : '';
}

/**
 * A general row's reference and result in one display unit (`21.65 → 24.70 ns`, `10.57 → 8.07 M ops/s`),
 * chosen from both values so that they read side by side.
 */
export function rowDisplay(r: ComparisonRow): QuantityDisplay {
  return quantityDisplay(r.unit, [r.reference, r.result], r.printedUnit);
}

/** `real time median`, with ↑ when higher is better: the statistic a row judges, as its tables and lines name it. */
export function metricStatistic(r: ComparisonRow): string {
  return `${escapeMarkdown(r.metric)} ${r.magnitude.toLowerCase()}${r.direction === 'higher-is-better' ? ' ↑' : ''}`;
}

/**
 * A measured value as a table cell: `—` when there is none, the tool's resolution floor (`< 1 ns`) as it is, else the
 * number in the row's display (`shown`; µs to 3 decimals in the payload layout) followed by `unit`.
 */
function valueCell(r: ComparisonRow, x: number, shown: QuantityDisplay | undefined, unit = ''): string {
  if (Number.isNaN(x)) return '—';
  const floor = belowResolutionText(r, x);
  if (floor !== undefined) return escapeMarkdown(floor);
  return `${shown ? shown.number(x) : formatFixed3(x)}${unit}`;
}

/**
 * A side of a row at its tool's resolution floor (`belowResolution`, a printed 0) as "< 1 ns/iter"; undefined for
 * any other value. Raw text: each renderer escapes it as it escapes units.
 */
export function belowResolutionText(r: ComparisonRow, x: number): string | undefined {
  return r.belowResolution && x === 0 ? `< 1 ${r.printedUnit ?? r.unit}` : undefined;
}

/** The families (experiment × metric × statistic) that have a pooled geomean row. */
export function pooledFamilies(all: readonly ComparisonRow[]): Set<string> {
  return new Set(all.filter((r) => r.pooled).map(familyOf));
}

const familyOf = (r: ComparisonRow) => `${r.experimentType}\u0000${r.metric.toLowerCase()}\u0000${r.statistic}`;

/** What a parameter row too noisy to gate alone shows instead of its own band. */
const THROUGH_GEOMEAN = 'judged through the geomean';

/**
 * A row's decision band as its value's change, once per family: on the pooled row, or on a row that is its family
 * alone. A parameter row of a pooled family shows none; when its own band is wider than its threshold (it cannot
 * tell a change of threshold size from noise alone) it says it is judged through the geomean.
 */
export function bandCell(r: ComparisonRow, pooled: ReadonlySet<string>): string {
  const band = shownEvidence(r).band;
  if (band === undefined) return '';
  if (!r.pooled && pooled.has(familyOf(r))) return band.upper > r.threshold ? THROUGH_GEOMEAN : '';
  const range = valueChangeRange(band, r.direction)!;
  return changeRangeText({ lower: range.lower * 100, upper: range.upper * 100 });
}

/** A probability to 2 significant digits, in exponent form below 0.001: `0.0013`, `3.2e-7`. */
export function probability(p: number): string {
  if (!Number.isFinite(p)) return '';
  // A p-value is never 0: one that computes to 0 underflowed double precision (below about 1e-308).
  if (p === 0) return '< 1e-300';
  return p >= 0.001 ? String(Number(p.toPrecision(2))) : p.toExponential(1);
}

/** The row's change with its 90 % interval, its p-value and the level it is gated at (α of its row). */
export function changeCells(r: ComparisonRow): { change: string; p: string; alpha: string } {
  return {
    change: changeWithInterval(r.deltaPercent / 100, r.changeInterval, r.direction),
    // Under the whole-suite budget, the p and α its rule compared (compare/suiteBudget.ts), not the row's own test's.
    p: r.pValue !== undefined ? probability(r.suite?.rulePValue ?? r.pValue) : '',
    alpha:
      r.pValue !== undefined && r.confidence !== undefined ? probability(r.suite?.ruleAlpha ?? 1 - r.confidence) : '',
  };
}

/**
 * A/B pairs with the shared-shift model: a benchmark row's interval (and p-value) is its change relative to the suite,
 * not its own change, so it has a column of its own. Other rows' decision intervals are said by p against α.
 */
export function relativeToSuite(r: ComparisonRow): boolean {
  return shownEvidence(r).relativeInterval !== undefined;
}

/**
 * The optional columns: p and α, a noise band (history), the interval relative to the suite (shared shift), the
 * smallest change a row catches.
 */
function extraColumns(
  rows: readonly ComparisonRow[],
  all: readonly ComparisonRow[],
): {
  header: string;
  align: string;
  /** The row's cells of these columns, with its changeCells (made once per row: 66,000 rows at 10,000 × 10). */
  cells: (r: ComparisonRow, c: ReturnType<typeof changeCells>) => string;
} {
  const withP = rows.some((r) => r.pValue !== undefined);
  const withBand = rows.some((r) => shownEvidence(r).band !== undefined);
  const withInterval = rows.some(relativeToSuite);
  const withDetectable = rows.some((r) => r.detectable !== undefined);
  const pooled = pooledFamilies(all);
  const range = (x?: { lower: number; upper: number }) =>
    x ? changeRangeText({ lower: x.lower * 100, upper: x.upper * 100 }) : '';
  return {
    header: `${withP ? ' p | α |' : ''}${withBand ? ' Noise band |' : ''}${withInterval ? ' Interval vs suite |' : ''}${withDetectable ? ' Catches ≥ |' : ''}`,
    align: `${withP ? ' --: | --: |' : ''}${withBand ? ' --: |' : ''}${withInterval ? ' --: |' : ''}${withDetectable ? ' --: |' : ''}`,
    cells: (r, c) =>
      `${withP ? ` ${c.p} | ${c.alpha} |` : ''}${withBand ? ` ${bandCell(r, pooled)} |` : ''}${withInterval ? ` ${relativeToSuite(r) ? range(valueChangeRange(shownEvidence(r).relativeInterval, r.direction)) : ''} |` : ''}${withDetectable ? ` ${r.detectable !== undefined && Number.isFinite(r.detectable) ? worseningSize(r.detectable * 100) : ''} |` : ''}`,
  };
}

/** A failed row, or a gated one over the threshold that did not fail (warn, state change, too little history). */
export function needsAttention(r: ComparisonRow): boolean {
  return (
    comparisonRowFailed(r) ||
    (r.gated &&
      (r.status === 'warn' ||
        r.status === 'missing' ||
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
  // A missing row that does not fail is a warning (missing: warn, the default), not a red mark.
  if (r.status === 'missing' && !r.failed)
    return r.gated ? '⚠️ missing in this pull request' : '⚠️ missing (not gated)';
  if (r.acceptance) return `${MARK[r.status]} ${r.status} (${nameText(acceptanceWords(r.acceptance))})`;
  return `${MARK[r.status]} ${r.status}${showNotGated(r) ? ' (not gated)' : ''}`;
}

function* tableLines(rows: readonly ComparisonRow[], all: readonly ComparisonRow[]): Generator<string> {
  const extra = extraColumns(rows, all);
  yield `| Sub-experiment | Bytes | Magnitude | Reference | Result | ${changeTitle(rows)} | Threshold |${extra.header} Status |`;
  yield `| :-- | --: | :-- | --: | --: | --: | --: |${extra.align} :-- |`;
  for (const r of rows) {
    const value = (x: number) => valueCell(r, x, undefined);
    const c = changeCells(r);
    yield `| ${escapeMarkdown(r.experimentType)} | ${r.pooled ? 'geomean' : r.payloadBytes} | ${r.magnitude} | ${value(r.reference)} | ${value(r.result)} | ${c.change} | ${formatThreshold(r.threshold)} |${extra.cells(r, c)} ${statusCell(r)} |`;
  }
}

function* generalTableLines(rows: readonly ComparisonRow[], all: readonly ComparisonRow[]): Generator<string> {
  const extra = extraColumns(rows, all);
  yield `| Experiment | Parameter | Metric | Reference | Result | ${changeTitle(rows)} | Threshold |${extra.header} Status |`;
  yield `| :-- | :-- | :-- | --: | --: | --: | --: |${extra.align} :-- |`;
  for (const r of rows) {
    const shown = rowDisplay(r);
    const value = (x: number) => valueCell(r, x, shown, shown.unit ? ` ${escapeMarkdown(shown.unit)}` : '');
    const metric = metricStatistic(r);
    const c = changeCells(r);
    yield `| ${escapeMarkdown(r.experimentType)} | ${escapeMarkdown(r.parameter)} | ${metric} | ${value(r.reference)} | ${value(r.result)} | ${c.change} | ${formatThreshold(r.threshold)} |${extra.cells(r, c)} ${statusCell(r)} |`;
  }
}

/** `Δ (90 % interval)` when a row has an interval, else `Δ`. */
function changeTitle(rows: readonly ComparisonRow[]): string {
  return rows.some((r) => r.changeInterval !== undefined) ? 'Δ (90 % interval)' : 'Δ';
}

function formatThreshold(t: number): string {
  return `${Number((t * 100).toPrecision(6))} %`;
}

/** comparison.md's table of `rows`, in the layout that `all` (the report's rows) takes. */
export function comparisonTable(rows: readonly ComparisonRow[], all: readonly ComparisonRow[]): string[] {
  return [...comparisonTableLines(rows, all)];
}

/** `comparisonTable` a line at a time: the header, the alignment line, then a line per row. */
export function comparisonTableLines(rows: readonly ComparisonRow[], all: readonly ComparisonRow[]): Generator<string> {
  return payloadLayout(all) ? tableLines(rows, all) : generalTableLines(rows, all);
}

/**
 * The reviewer's list of rows, one line each: benchmark, statistic, before → after, the change with its 90 % interval,
 * its p-value and the level α it is gated at (where the noise is estimated), the decision band once per family
 * (history) or the threshold (one run), and the verdict.
 */
export function changeTable(
  rows: readonly ComparisonRow[],
  all: readonly ComparisonRow[],
): { header: string[]; rows: string[] } {
  const general = !payloadLayout(all);
  const withP = rows.some((r) => r.pValue !== undefined);
  const withBand = rows.some((r) => shownEvidence(r).band !== undefined);
  const pooled = pooledFamilies(all);
  // The threshold is the decision where there is no noise estimate; with one, p against α decides (and the band).
  const limitTitle = withBand ? ' Noise band |' : withP ? '' : ' Threshold |';
  const limit = (r: ComparisonRow) =>
    withBand ? ` ${bandCell(r, pooled)} |` : withP ? '' : ` ${formatThreshold(r.threshold)} |`;
  const header = [
    `| Benchmark | Statistic | Before → after | ${changeTitle(rows)} |${withP ? ' p | α |' : ''}${limitTitle} Verdict |`,
    `| :-- | :-- | --: | --: |${withP ? ' --: | --: |' : ''}${limitTitle === '' ? '' : ' --: |'} :-- |`,
  ];
  const lines = rows.map((r) => {
    const shown = rowDisplay(r);
    const value = (x: number) => valueCell(r, x, general ? shown : undefined);
    const unit = general ? (shown.unit ? ` ${escapeMarkdown(shown.unit)}` : '') : ' µs';
    const statistic = general ? metricStatistic(r) : r.magnitude;
    const c = changeCells(r);
    return `| ${benchmarkCell(r, general)} | ${statistic} | ${value(r.reference)} → ${value(r.result)}${unit} | ${c.change} |${withP ? ` ${c.p} | ${c.alpha} |` : ''}${limit(r)} ${statusCell(r)} |`;
  });
  return { header, rows: lines };
}
