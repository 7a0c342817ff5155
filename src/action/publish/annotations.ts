import { failedCheckNotes } from '../../engine/report/check/model.js';
import type { ComparisonRow } from '../../engine/compare/rows.js';
import type { ComparisonReport } from '../../engine/report/comparison/comparisonReport.js';
import { withoutControls } from '../../engine/report/escape.js';
import { unpairedWords } from '../../engine/report/comparison/unpairedWords.js';
import type { CheckOutcome } from '../../pipeline/check.js';
import { logSafe } from '../logSafety.js';
import type { RunContext } from '../context.js';
import type { Annotate } from '../log.js';

/** One error annotation per failed check at its line in the summary file, at most `limit`. */
export function annotateFailedChecks(
  context: RunContext,
  check: CheckOutcome,
  limit: number,
  annotate: Annotate,
): void {
  const notes = failedCheckNotes(check.report);
  for (const note of notes.slice(0, limit)) {
    const file = check.summaryFiles.get(note.experimentType);
    annotate(note.message, {
      title: `perfgate: ${note.experimentType}`,
      ...(file ? { file } : {}),
      ...(note.line !== undefined ? { startLine: note.line } : {}),
    });
  }
  if (notes.length > limit && limit > 0)
    context.out.info(
      logSafe(
        `${notes.length - limit} more failed checks are not annotated (input annotations is ${limit}); the job summary lists them all`,
      ),
    );
}

/** How many failing rows the step's failure message names; the job summary lists them all. */
export const NAMED_FAILURES = 3;

/**
 * The step's failure for a comparison: how many rows failed and which, worst first
 * ("2 of 27 comparisons with the baseline failed: BenchmarkEncode size=64 time/op +31.0 %, …"), so that
 * the error annotation on the run's page says what to look at.
 */
export function comparisonFailure(report: ComparisonReport, named = NAMED_FAILURES): string {
  if (report.changes.unpaired !== undefined)
    return withoutControls(`nothing compared with the baseline: ${unpairedWords(report.changes.unpaired, true)}`);
  const failing = report.rows.filter((r) => r.failed);
  const head = `${report.comparisonsFailed} of ${report.comparisonsTotal} comparisons with the baseline failed`;
  if (failing.length === 0) return head;
  const names = failing.slice(0, named).map(failingRowName);
  const more = failing.length > named ? `, and ${failing.length - named} more` : '';
  return `${head}: ${names.join(', ')}${more}`;
}

/** "BenchmarkEncode size=64 time/op +31.0 %": the benchmark, the statistic when not the median, and how much worse. */
function failingRowName(row: ComparisonRow): string {
  const statistic = row.statistic === 'median' ? '' : ` (${row.magnitude})`;
  const delta = Number.isFinite(row.deltaPercent)
    ? ` ${row.deltaPercent >= 0 ? '+' : '−'}${Math.abs(row.deltaPercent).toFixed(1)} %`
    : ` ${row.status}`;
  const name = [row.experimentType, row.parameter, row.metric].filter((part) => part !== '').join(' ');
  return withoutControls(`${name}${statistic}${delta}`);
}
