import { formatFixed3 } from '../../numeric/formatFixed.js';
import type { ComparisonReport } from './comparisonReport.js';
import { changeRangeText, valueChangeRange, worseningSize } from '../change.js';
import {
  bandCell,
  changeCells,
  headline,
  pooledFamilies,
  relativeToSuite,
  payloadLayout,
  rowDisplay,
  belowResolutionText,
  showNotGated,
} from './comparisonMarkdown.js';
import { withoutControls } from '../escape.js';
import { acceptanceWords } from '../../compare/acceptance.js';
import type { RowAcceptance } from '../../compare/rows.js';
import { shownEvidence } from './shownEvidence.js';
import type { ComparisonRow } from '../../compare/compare.js';
import { joinPieces, joinedLines } from '../pieces.js';
import { clockSentence } from './clockChoice.js';

/**
 * The comparison rows a terminal or a job log shows, failing first then worst Δ: at 10,000 benchmarks the whole table
 * was 22,000 lines and 3.7 MB of log (66,000 lines and 11 MB at 10 repetitions), which GitHub's log view pages through
 * slowly and a terminal scrolls past; the files named under it hold every row.
 */
export const TERMINAL_TABLE_ROWS = 500;

/** How much of the table a terminal text shows. */
export interface ComparisonTextOptions {
  /** The rows shown at most (failing first, then worst Δ); a line says how many more there are and where. */
  maxRows?: number;
  /** Where the whole table is, for that line. */
  wholeTable?: string;
}

/** Plain-text comparison table for terminals: failing rows first, then worst Δ first. */
export function renderComparisonText(report: ComparisonReport, options: ComparisonTextOptions = {}): string {
  return joinPieces(comparisonTextPieces(report, options));
}

/**
 * `renderComparisonText`'s text a line at a time. The columns are as wide as their widest cell, so the rows' cells
 * are made twice, once to measure and once to write, rather than held for 400,000 rows.
 */
export function* comparisonTextPieces(
  report: ComparisonReport,
  options: ComparisonTextOptions = {},
): Generator<string> {
  yield* joinedLines(comparisonTextLines(report, options));
  yield '\n';
}

function* comparisonTextLines(report: ComparisonReport, options: ComparisonTextOptions): Generator<string> {
  const passed = report.comparisonsTotal - report.comparisonsFailed;
  // The first line says what changed (the comment's headline, without its icon); the counts and the method follow.
  const verdict = report.changes.notComparable
    ? 'NOT COMPARABLE (nothing gated)'
    : report.verdict === 'pass'
      ? 'PASS'
      : 'FAIL';
  yield* [
    `perfgate compare: ${verdict}: ${headline(report, { plain: true }).replace(/^\S+ /, '')}`,
    `  ${passed} of ${report.comparisonsTotal} comparisons passed, ${report.failedExperiments.length} of ${report.subExperiments.length} sub-experiments failed; ${report.methodLabel}`,
    ...(report.clocks ?? []).map((c) => `  time: ${withoutControls(clockSentence(c))}`),
    ...report.notes.map((n) => `  note: ${n}`),
    ...report.warnings.map((w) => `  warning: ${withoutControls(w)}`),
    ...acceptanceLines(report),
  ];
  const withP = report.rows.some((r) => r.pValue !== undefined);
  const withBand = report.rows.some((r) => shownEvidence(r).band !== undefined);
  const pooled = pooledFamilies(report.rows);
  const withInterval = report.rows.some(relativeToSuite);
  const withDetectable = report.rows.some((r) => r.detectable !== undefined);
  const range = (x?: { lower: number; upper: number }) =>
    x ? changeRangeText({ lower: x.lower * 100, upper: x.upper * 100 }) : '';
  const general = !payloadLayout(report.rows);
  const safe = (text: string) => withoutControls(text);
  const header = [
    ...(general ? ['Experiment', 'Parameter', 'Metric'] : ['Sub-experiment', 'Bytes', 'Magnitude']),
    'Reference',
    'Result',
    report.rows.some((r) => r.changeInterval !== undefined) ? 'Δ (90 % interval)' : 'Δ',
    'Threshold',
    ...(withP ? ['p', 'α'] : []),
    ...(withBand ? ['Noise band'] : []),
    ...(withInterval ? ['Interval vs suite'] : []),
    ...(withDetectable ? ['Catches ≥'] : []),
    'Status',
  ];
  const cells = (r: ComparisonRow): string[] => {
    const shown = rowDisplay(r);
    const shownValue = general
      ? (x: number) => (Number.isNaN(x) ? '-' : `${shown.number(x)}${shown.unit ? ` ${safe(shown.unit)}` : ''}`)
      : (x: number) => (Number.isNaN(x) ? '-' : formatFixed3(x));
    const value = (x: number) => {
      const floor = belowResolutionText(r, x);
      return floor !== undefined ? safe(floor) : shownValue(x);
    };
    return [
      safe(r.experimentType),
      general ? safe(r.parameter) : r.pooled ? 'geomean' : String(r.payloadBytes),
      general
        ? `${safe(r.metric)} ${r.magnitude.toLowerCase()}${r.direction === 'higher-is-better' ? ' (higher is better)' : ''}`
        : r.magnitude,
      value(r.reference),
      value(r.result),
      changeCells(r).change,
      `${Number((r.threshold * 100).toPrecision(6))} %`,
      ...(withP ? [changeCells(r).p, changeCells(r).alpha] : []),
      ...(withBand ? [bandCell(r, pooled)] : []),
      ...(withInterval
        ? [relativeToSuite(r) ? range(valueChangeRange(shownEvidence(r).relativeInterval, r.direction)) : '']
        : []),
      ...(withDetectable
        ? [r.detectable !== undefined && Number.isFinite(r.detectable) ? worseningSize(r.detectable * 100) : '']
        : []),
      r.acceptance
        ? `${r.status} (${safe(acceptanceWords(r.acceptance))})`
        : showNotGated(r)
          ? `${r.status} (not gated)`
          : r.status,
    ];
  };
  const last = header.length - 1;
  const shownRows = options.maxRows !== undefined ? report.rows.slice(0, options.maxRows) : report.rows;
  const widths = header.map((h) => h.length);
  for (const r of shownRows) {
    const row = cells(r);
    for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i]!, row[i]!.length);
  }
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === 0 || i === 2 || i === last || (general && i === 1) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  yield* ['', line(header)];
  for (const r of shownRows) yield line(cells(r));
  const more = report.rows.length - shownRows.length;
  if (more > 0)
    yield `… and ${more.toLocaleString('en')} more rows${options.wholeTable !== undefined ? `: the whole table is in ${withoutControls(options.wholeTable)}` : ''}`;
  // The reference's latency layout is lower-is-better throughout; elsewhere a metric may point up.
  if (general && report.rows.some((r) => r.direction === 'higher-is-better')) {
    yield* [
      '',
      'Δ = (result − reference) / reference, the change of the value itself: + went up, − went down; for a metric marked (higher is better) a drop is worse.',
    ];
  }
}

/** Each label or waiver that accepted failing rows, once, with who added the label or the waiver's reason. */
function acceptanceLines(report: ComparisonReport): string[] {
  const seen = new Map<string, RowAcceptance>();
  for (const r of report.rows) if (r.acceptance) seen.set(acceptanceWords(r.acceptance), r.acceptance);
  return [...seen].map(([words, a]) => {
    const why =
      a.kind === 'label'
        ? `${a.by !== undefined ? `, added by ${a.by}` : ''}${a.description ? `: ${a.description}` : ''}`
        : `, up to +${Number(a.ceilingPercent.toPrecision(3))} % until ${a.expires} (${a.link}): ${a.reason}`;
    return `  accepted: ${withoutControls(`${words}${why}`)}`;
  });
}
