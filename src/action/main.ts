import * as core from '@actions/core';
import { randomUUID } from 'node:crypto';
import { describeError, InputError, isUserError } from '../engine/errors.js';
import { renderText } from '../engine/report/text.js';
import { runCheck, type CheckOutcome } from '../pipeline/check.js';
import type { Progress } from '../pipeline/steps.js';
import { readInputs } from './inputs.js';

/** Log groups with their duration, warnings as annotations. */
const actionProgress: Progress = {
  step(title, work) {
    core.startGroup(title);
    const started = performance.now();
    try {
      return work();
    } finally {
      core.info(`${title}: ${Math.round(performance.now() - started)} ms`);
      core.endGroup();
    }
  },
  info: (message) => core.info(logSafe(message)),
  // core.warning escapes its data, so untrusted text cannot start a workflow command there.
  warning: (message) => core.warning(message),
};

/**
 * A log line that starts with `::` is a workflow command to the runner. Messages carry names taken
 * from result files, so they are kept on one line and never start a line.
 */
export function logSafe(message: string): string {
  return 'perfgate: ' + message.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
}

/** Prints untrusted multi-line text with workflow commands switched off around it. */
function logVerbatim(text: string): void {
  const token = randomUUID();
  core.info(`::stop-commands::${token}`);
  core.info(text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '?'));
  core.info(`::${token}::`);
}

/**
 * The action: check, write every report file and the job summary, set the outputs, and only then
 * fail the job when the gate failed (and `fail-on-regression` is true).
 */
export async function run(): Promise<void> {
  let outcome: CheckOutcome;
  try {
    const inputs = readInputs();
    outcome = runCheck(inputs, actionProgress);
    setOutputs(outcome, inputs.outputDir);
    await writeJobSummary(outcome.markdown);
    logVerbatim(renderText(outcome.report));
    if (outcome.report.verdict === 'fail') {
      const message = `perfgate: ${outcome.report.checksFailed} of ${outcome.report.checksTotal} checks failed in ${outcome.report.failedExperiments.join(', ')}`;
      if (inputs.failOnRegression) core.setFailed(message);
      else core.warning(`${message} (fail-on-regression is false)`);
    }
  } catch (error) {
    if (error instanceof InputError && error.place) {
      // One annotation at the file, line and column (setFailed would add a second, unplaced one).
      const { file, line, column } = error.place;
      core.error(`perfgate: ${describeError(error)}`, { file, startLine: line, startColumn: column, title: 'perfgate: bad input' });
      process.exitCode = core.ExitCode.Failure;
    } else if (isUserError(error)) {
      core.setFailed(`perfgate: ${describeError(error)}`);
    } else {
      core.setFailed(`perfgate: internal error (a bug, please report it): ${(error as Error)?.stack ?? String(error)}`);
    }
  }
}

function setOutputs(outcome: CheckOutcome, outputDir: string): void {
  const { report } = outcome;
  core.setOutput('verdict', report.verdict);
  core.setOutput('checks-total', report.checksTotal);
  core.setOutput('checks-failed', report.checksFailed);
  core.setOutput('failed-experiments', report.failedExperiments.join(','));
  core.setOutput('report-dir', outputDir);
  core.setOutput('report-markdown', outcome.markdownPath);
}

/** The job summary is best effort: outside a runner there is no summary file. */
async function writeJobSummary(markdown: string): Promise<void> {
  if (!process.env['GITHUB_STEP_SUMMARY']) {
    core.info('GITHUB_STEP_SUMMARY is not set: no job summary written');
    return;
  }
  try {
    await core.summary.addRaw(markdown, true).write();
  } catch (error) {
    core.warning(`could not write the job summary: ${(error as Error).message}`);
  }
}
