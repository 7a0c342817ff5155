/**
 * Counts beside time: for each benchmark a run measured both ways (a wall time, or another measured metric, and an
 * exact count such as Valgrind's `Ir`), one line with both changes and what they say together.
 *
 * - Counts decide in one stage: a count over its threshold is the code doing more (or less) work.
 * - A time that changed while the count did not is labelled as such: the code does the same work, so the change is the
 *   runner's, or memory's, or I/O's, not the instructions'. It is what a confirmation (A/B pairs) screens in.
 * - A row's change is decided when its status is `fail` or `improved`; a count whose sides were counted by different
 *   instruments says nothing.
 */
import type { ComparisonRow } from '../../compare/rows.js';
import { changePercent, valueChange } from '../change.js';
import { metricStatistic, statusMark } from '../comparison/comparisonMarkdown.js';
import type { ComparisonReport } from '../comparison/comparisonReport.js';
import { escapeMarkdown } from '../escape.js';

/** What a benchmark's two rows say together. */
export type CountTimeReading = 'both changed' | 'time only' | 'count only' | 'unchanged' | 'count not comparable';

export interface CountBesideTime {
  experiment: string;
  parameter: string;
  time: ComparisonRow;
  count: ComparisonRow;
  reading: CountTimeReading;
}

const DECIDED = new Set<ComparisonRow['status']>(['fail', 'improved']);

/** The words of each reading, in the table. */
const WORDS: Record<CountTimeReading, string> = {
  'both changed': 'both changed: the code does more or less work, and it shows in time',
  'time only': '**time changed, counts did not**: the same work; the runner, memory or I/O, not the code',
  'count only': 'counts changed, time did not (yet): the code does more or less work',
  unchanged: 'unchanged',
  'count not comparable': 'counts not comparable (another instrument): time alone',
};

/** The benchmarks with both a gated measured row and a gated exact count, in row order. */
export function countsBesideTime(rows: readonly ComparisonRow[]): CountBesideTime[] {
  const byBenchmark = new Map<string, { time?: ComparisonRow; count?: ComparisonRow }>();
  for (const row of rows) {
    const counted = row.exactCount === true;
    // The count's own row, gated or not for want of a comparable instrument; the time's primary, gated row.
    if (counted ? row.metricRole !== undefined : !row.gated || row.metricRole !== undefined) continue;
    if (row.status === 'new' || row.status === 'missing') continue;
    const key = `${row.experimentType}\u0000${row.parameter}`;
    const pair = byBenchmark.get(key) ?? {};
    if (counted) pair.count ??= row;
    else pair.time ??= row;
    byBenchmark.set(key, pair);
  }
  const found: CountBesideTime[] = [];
  for (const { time, count } of byBenchmark.values()) {
    if (time === undefined || count === undefined) continue;
    const timeChanged = DECIDED.has(time.status);
    const countChanged = DECIDED.has(count.status);
    const reading: CountTimeReading =
      count.instruments !== undefined
        ? 'count not comparable'
        : timeChanged && countChanged
          ? 'both changed'
          : timeChanged
            ? 'time only'
            : countChanged
              ? 'count only'
              : 'unchanged';
    found.push({ experiment: time.experimentType, parameter: time.parameter, time, count, reading });
  }
  return found;
}

/** A row's change with its status mark: `time median +3.10 % ❌`. */
function cell(row: ComparisonRow): string {
  return `${metricStatistic(row)} ${changePercent(valueChange(row.deltaPercent, row.direction))} ${statusMark(row)}`;
}

/** The section of the comment (and job summary): one line per benchmark; '' when no benchmark has both. */
export function countsBesideTimeMarkdown(comparison: ComparisonReport): string {
  const found = countsBesideTime(comparison.rows);
  if (found.length === 0) return '';
  const timeOnly = found.filter((f) => f.reading === 'time only').length;
  const lines = [
    `**Counts beside time** (${found.length} benchmark${found.length === 1 ? '' : 's'} measured both ways${timeOnly > 0 ? `; ${timeOnly} changed in time alone` : ''})`,
    '',
    '| Benchmark | Time | Count | Reading |',
    '|---|---|---|---|',
  ];
  for (const f of found) {
    const name = escapeMarkdown(f.parameter === '' ? f.experiment : `${f.experiment} (${f.parameter})`);
    lines.push(`| ${name} | ${cell(f.time)} | ${cell(f.count)} | ${WORDS[f.reading]} |`);
  }
  return lines.join('\n');
}
