/**
 * The rows a reviewer must see, grouped by family when there are too many for a table: one line per family (an
 * experiment over its parameters, as Google Benchmark's `BM_Sort/8 … BM_Sort/4096`), worst family first, naming its
 * worst rows with their change and 90 % interval and saying exactly how many more rows it has. A secondary metric's
 * row (real time) that says the same as its primary's (cpu time) is folded into it, so that a benchmark is named once;
 * one that disagrees is said next to it. Renders only the rows a line names: linear in rows.
 */
import type { ComparisonRow } from '../../compare/compare.js';
import { changeWithInterval } from '../change.js';
import { metricStatistic } from '../comparison/comparisonMarkdown.js';
import { escapeMarkdown } from '../escape.js';

/** How many rows a family's line names; the rest are counted. */
export const FAMILY_ROWS_NAMED = 3;

/** Above this many rows to show, the reviewer's list groups them by family (a table up to it). */
export const GROUP_ROWS_ABOVE = 20;

/** One family's line and what it covers. */
export interface FamilyLine {
  /** The Markdown line (escaped: names come from result files). */
  text: string;
  /** The shown rows of the family: named, folded into a named row, or counted. */
  rows: number;
  /** The rows the line names (with the secondary rows folded into them). */
  named: number;
}

/**
 * Where a benchmark's time rows of one statistic meet: experiment × parameter × statistic × unit. Only times measured
 * by another clock are twins of the primary (Google Benchmark's cpu time beside its real time, hyperfine's user time
 * beside its time): both metrics' names end in "time" and share the unit. A JMH benchmark's gc.time is no twin of its
 * avgt.
 */
const benchmarkKey = (r: ComparisonRow) => `${r.experimentType}\u0000${r.parameter}\u0000${r.statistic}\u0000${r.unit}`;
const isTime = (r: ComparisonRow) => /(^|[\s_.])time$/i.test(r.metric);

/** Which way a row's verdict went: over the threshold the worse way, the better way, or neither. */
function outcome(r: ComparisonRow): 'worse' | 'better' | 'same' {
  if (r.status === 'improved') return 'better';
  if (r.status === 'fail' || r.status === 'warn' || r.status === 'accepted' || r.status === 'inconclusive')
    return 'worse';
  return 'same';
}

/** A row's parameter as a line names it: `geomean` for a pooled row, '' when the family has none. */
function parameterText(r: ComparisonRow): string {
  if (r.pooled) return 'geomean';
  return Number.isFinite(r.payloadBytes) && r.parameter === String(r.payloadBytes)
    ? `${r.payloadBytes} B`
    : escapeMarkdown(r.parameter);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One line per family of `shown` (in the order of its first row: worst first when `shown` is), each naming its
 * worst {@link FAMILY_ROWS_NAMED} rows and counting the rest in `where`. `marks` gives a row's status mark; `all` is
 * every row of the report (where a shown row's secondary metric is found).
 */
export function familyLines(
  shown: readonly ComparisonRow[],
  all: readonly ComparisonRow[],
  where: string,
  marks: (r: ComparisonRow) => string,
): FamilyLine[] {
  // The secondary time rows of the shown families' benchmarks: one pass over the report, a key only for those.
  const shownFamilies = new Set(shown.map((r) => r.experimentType));
  const secondaries = new Map<string, ComparisonRow[]>();
  for (const r of all) {
    if (r.metricRole !== 'secondary' || !shownFamilies.has(r.experimentType) || !isTime(r)) continue;
    const key = benchmarkKey(r);
    const list = secondaries.get(key);
    if (list) list.push(r);
    else secondaries.set(key, [r]);
  }
  const families = new Map<string, ComparisonRow[]>();
  for (const r of shown) {
    const list = families.get(r.experimentType);
    if (list) list.push(r);
    else families.set(r.experimentType, [r]);
  }
  const lines: FamilyLine[] = [];
  for (const [family, rows] of families) lines.push(familyLine(family, rows, secondaries, where, marks));
  return lines;
}

function familyLine(
  family: string,
  rows: readonly ComparisonRow[],
  secondaries: ReadonlyMap<string, ComparisonRow[]>,
  where: string,
  marks: (r: ComparisonRow) => string,
): FamilyLine {
  const shownRows = new Set(rows);
  // A shown secondary row folds into its shown primary when both say the same: the benchmark is named once.
  const folded = new Map<ComparisonRow, ComparisonRow[]>();
  const foldedAway = new Set<ComparisonRow>();
  const twinsOf = (r: ComparisonRow) =>
    r.metricRole === undefined && isTime(r) ? (secondaries.get(benchmarkKey(r)) ?? []) : [];
  for (const r of rows) {
    for (const s of twinsOf(r)) {
      if (shownRows.has(s) && outcome(s) === outcome(r)) {
        foldedAway.add(s);
        folded.set(r, [...(folded.get(r) ?? []), s]);
      }
    }
  }
  const entries = rows.filter((r) => !foldedAway.has(r));
  const named = entries.slice(0, FAMILY_ROWS_NAMED);
  const oneStatistic = named.every((r) => metricStatistic(r) === metricStatistic(named[0]!));
  const oneStatus = named.every((r) => r.status === named[0]!.status);
  // What each named primary's secondary metrics say: the same, or their own change.
  const agree = new Map<string, number>();
  const differ = new Map<string, number>();
  const entryText = (r: ComparisonRow) => {
    const parameter = parameterText(r);
    // A row with no change to show (missing, new) says its status instead.
    const change = Number.isFinite(r.deltaPercent)
      ? changeWithInterval(r.deltaPercent / 100, r.changeInterval, r.direction)
      : r.status;
    const head = [
      parameter !== '' ? `${parameter}:` : '',
      oneStatistic ? '' : metricStatistic(r),
      change,
      oneStatus ? '' : marks(r),
    ]
      .filter((t) => t !== '')
      .join(' ');
    const notes: string[] = [];
    for (const s of twinsOf(r)) {
      const metric = escapeMarkdown(s.metric);
      if (outcome(s) === outcome(r)) agree.set(metric, (agree.get(metric) ?? 0) + 1);
      else {
        differ.set(metric, (differ.get(metric) ?? 0) + 1);
        notes.push(`${metric} ${changeWithInterval(s.deltaPercent / 100, undefined, s.direction)}, ${s.status}`);
      }
    }
    return notes.length > 0 ? `${head} (${notes.join('; ')})` : head;
  };
  const parts = named.map(entryText);
  const namedRows = named.reduce((n, r) => n + 1 + (folded.get(r)?.length ?? 0), 0);
  const more = rows.length - namedRows;
  const about = [
    ...(oneStatistic ? [metricStatistic(named[0]!)] : []),
    ...(rows.length > 1 ? [plural(rows.length, 'row')] : []),
  ];
  const name = `**${escapeMarkdown(family)}**${about.length > 0 ? ` (${about.join(', ')})` : ''}`;
  const says = [...agree.keys()].map((metric) =>
    differ.has(metric) ? `${metric} says the same for the others` : `${metric} says the same`,
  );
  const tail = [...says, ...(more > 0 ? [`and ${plural(more, 'more row')} in ${where}`] : [])];
  const text = `- ${marks(named[0]!)} ${name} ${parts.join(', ')}${tail.length > 0 ? `; ${tail.join('; ')}` : ''}`;
  return { text, rows: rows.length, named: namedRows };
}
