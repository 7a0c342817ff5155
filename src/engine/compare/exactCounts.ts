/**
 * Exact counts (instructions under Valgrind, perf's `instructions:u`): one build gives the same number on every run, so
 * a history of them needs no noise band, and a difference between two runs of one build is itself the finding.
 *
 * - A row of a counted metric (Metric.kind `count`, or any metric an instrument counted) is decided against the
 *   newest history run's count, whatever the history's length: the change is the code's, over the threshold it fails.
 *   Its band is zero-width and it carries no p-value (it is not a test against noise).
 * - Two runs of one build that count differently (the repetitions of one run, or history runs of the same commit) show that the counting is not deterministic here: the row says where (`countsDiffer`), the
 *   report warns once, and the history row falls back to the noise band like a time.
 */
import type { Measurement } from '../model/measurement.js';
import type { ComparisonRow } from './rows.js';
import { isExactCount } from './countKind.js';

export { isExactCount };

/** A record's commit when its runs did not say (history/record.ts's UNKNOWN_COMMIT, a room this one does not import). */
const UNKNOWN_COMMIT = 'unknown';

/** A counted row's history: each run's level (oldest first), its record's commit, the newest run's repetitions. */
export interface CountHistory {
  readonly levels: readonly (number | undefined)[];
  readonly commits: readonly (string | undefined)[];
  readonly newestRepetitions: readonly number[];
}

/**
 * Where two runs of one build counted differently, in words; undefined when none did. Runs of one commit are compared
 * by their levels (a record keeps no per-run instrument in its levels: a tool upgraded between two runs of one commit
 * reads as a difference too, which is the same finding for the gate).
 */
export function countsDiffer(candidate: readonly number[], history?: CountHistory): string | undefined {
  if (spread(candidate)) return `the results' ${candidate.length} repetitions (${range(candidate)})`;
  if (history === undefined) return undefined;
  if (spread(history.newestRepetitions))
    return `the newest history run's ${history.newestRepetitions.length} repetitions (${range(history.newestRepetitions)})`;
  const byCommit = new Map<string, number[]>();
  history.levels.forEach((level, i) => {
    const commit = history.commits[i];
    if (commit === undefined || commit === UNKNOWN_COMMIT || level === undefined) return;
    byCommit.set(commit, [...(byCommit.get(commit) ?? []), level]);
  });
  for (const [commit, levels] of byCommit)
    if (spread(levels)) return `${levels.length} history runs of commit ${commit.slice(0, 7)} (${range(levels)})`;
  return undefined;
}

/** A measurement's repetitions of a statistic (its one value where it pooled none). */
export function repetitionsOf(m: Measurement | undefined, statistic: ComparisonRow['statistic']): number[] {
  if (!m) return [];
  const reps = m.repetitionValues?.[statistic];
  const values = reps && reps.length > 0 ? reps : [m.statistics[statistic] ?? NaN];
  return values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
}

/** A counted row's `countsDiffer` where the reference's or the results' repetitions of one build counted differently. */
export function repetitionsDiffer(
  reference: Measurement | undefined,
  result: Measurement | undefined,
  statistic: ComparisonRow['statistic'],
): Pick<ComparisonRow, 'countsDiffer'> {
  const results = repetitionsOf(result, statistic);
  if (spread(results)) return { countsDiffer: `the results' ${results.length} repetitions (${range(results)})` };
  const references = repetitionsOf(reference, statistic);
  if (spread(references))
    return { countsDiffer: `the reference's ${references.length} repetitions (${range(references)})` };
  return {};
}

/**
 * A counted row against its history: the threshold against the newest run's count, with a zero-width band, when the
 * counts are deterministic; else only where they differed (`countsDiffer`), for the noise band to judge the row.
 * Undefined when no history run has the count.
 */
export function exactCountFields(
  row: ComparisonRow,
  history: CountHistory,
  candidate: readonly number[],
): Partial<ComparisonRow> | undefined {
  const differ = countsDiffer(candidate, history);
  if (differ !== undefined) return { countsDiffer: differ };
  const levels = history.levels.filter((v): v is number => v !== undefined && Number.isFinite(v));
  const reference = levels[levels.length - 1];
  const result = candidate[0];
  if (reference === undefined || result === undefined) return undefined;
  const worse = row.direction === 'higher-is-better' ? 1 - result / reference : result / reference - 1;
  // The threshold method's rule (thresholdStatus), on the signed change: over the threshold either way decides.
  const status = worse > row.threshold ? 'fail' : worse < -row.threshold ? 'improved' : 'pass';
  return {
    reference,
    result,
    deltaPercent: worse * 100,
    status,
    failed: status === 'fail',
    evidence: { kind: 'band', historyRuns: levels.length, band: { lower: 0, upper: 0 } },
    repetitions: candidate.length,
  };
}

/** One warning per place where counts differed between runs of one build, naming the rows, in row order. */
export function countsDifferWarnings(rows: readonly ComparisonRow[]): string[] {
  const places = new Map<string, string[]>();
  for (const row of rows) {
    if (row.countsDiffer === undefined || row.pooled) continue;
    const name = `${row.parameter === '' ? row.experimentType : `${row.experimentType} (${row.parameter})`} ${row.metric}`;
    places.set(row.countsDiffer, [...(places.get(row.countsDiffer) ?? []), name]);
  }
  return [...places].map(([where, names]) => {
    const shown = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
    return (
      `Counts differ on identical builds: the measurement is not deterministic here. ${shown}: ${where}. ` +
      'These rows are judged against the noise like times, not as exact counts.'
    );
  });
}

function spread(values: readonly number[]): boolean {
  return values.some((v) => v !== values[0]);
}

function range(values: readonly number[]): string {
  return `${Math.min(...values)} … ${Math.max(...values)}`;
}
