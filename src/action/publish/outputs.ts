import * as core from '../log.js';
import { methodOf } from '../../engine/compare/methods.js';
import type { CheckOutcome } from '../../pipeline/check.js';
import type { CompareOutcome } from '../../pipeline/compare.js';

/** The step outputs of a decided run: the verdict, what failed, the counts and where the report is. */
export function setOutputs(
  outputDir: string,
  markdownPath: string,
  verdict: 'pass' | 'fail',
  check?: CheckOutcome,
  comparison?: CompareOutcome,
): void {
  core.setOutput('verdict', verdict);
  const failed = new Set([...(check?.report.failedExperiments ?? []), ...(comparison?.report.failedExperiments ?? [])]);
  core.setOutput('failed-experiments', [...failed].join(','));
  if (check) {
    core.setOutput('checks-total', check.report.checksTotal);
    core.setOutput('checks-failed', check.report.checksFailed);
  }
  if (comparison) {
    core.setOutput('comparisons-total', comparison.report.comparisonsTotal);
    core.setOutput('comparisons-failed', comparison.report.comparisonsFailed);
    // The outputs only the verdict method sets (A/B pairs: inconclusive, pairs-needed).
    for (const [name, value] of methodOf(comparison.report.method).outputs(comparison.report))
      core.setOutput(name, value);
  }
  core.setOutput('report-dir', outputDir);
  core.setOutput('report-markdown', markdownPath);
}
