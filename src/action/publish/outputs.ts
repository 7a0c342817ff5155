import type { RunContext } from '../context.js';
import { methodOf } from '../../engine/compare/methods.js';
import type { CheckOutcome } from '../../pipeline/check.js';
import type { CompareOutcome } from '../../pipeline/compare.js';
import type { ConfirmationSummary } from '../../engine/report/confirmation/confirmation.js';

/** The step outputs of a decided run: the verdict, what failed, the counts and where the report is. */
export function setOutputs(
  context: RunContext,
  outputDir: string,
  markdownPath: string,
  verdict: 'pass' | 'fail',
  check?: CheckOutcome,
  comparison?: CompareOutcome,
): void {
  context.out.setOutput('verdict', verdict);
  const failed = new Set([...(check?.report.failedExperiments ?? []), ...(comparison?.report.failedExperiments ?? [])]);
  context.out.setOutput('failed-experiments', [...failed].join(','));
  if (check) {
    context.out.setOutput('checks-total', check.report.checksTotal);
    context.out.setOutput('checks-failed', check.report.checksFailed);
  }
  if (comparison) {
    context.out.setOutput('comparisons-total', comparison.report.comparisonsTotal);
    context.out.setOutput('comparisons-failed', comparison.report.comparisonsFailed);
    context.out.setOutput('comparisons-accepted', comparison.report.rows.filter((r) => r.status === 'accepted').length);
    // The outputs only the verdict method sets (A/B pairs: inconclusive, pairs-needed).
    for (const [name, value] of methodOf(comparison.report.method).outputs(comparison.report))
      context.out.setOutput(name, value);
  }
  context.out.setOutput('report-dir', outputDir);
  context.out.setOutput('report-markdown', markdownPath);
}

/**
 * The two-stage gate's outputs (with confirm-command): `confirmed` true or false when the confirmation ran, empty when
 * nothing was flagged or it could not run; `confirm-pairs` the A/B pairs it ran.
 */
export function setConfirmOutputs(context: RunContext, confirmation: ConfirmationSummary | undefined): void {
  const state = confirmation?.state;
  context.out.setOutput('confirmed', state === 'confirmed' ? 'true' : state === 'unconfirmed' ? 'false' : '');
  context.out.setOutput('confirm-pairs', confirmation?.pairs ?? 0);
}
