import * as core from '@actions/core';
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
  info: (message) => core.info(message),
  warning: (message) => core.warning(message),
};

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
    core.info(renderText(outcome.report));
    if (outcome.report.verdict === 'fail') {
      const message = `perfgate: ${outcome.report.checksFailed} of ${outcome.report.checksTotal} checks failed in ${outcome.report.failedExperiments.join(', ')}`;
      if (inputs.failOnRegression) core.setFailed(message);
      else core.warning(`${message} (fail-on-regression is false)`);
    }
  } catch (error) {
    if (error instanceof InputError && error.place) {
      const { file, line, column } = error.place;
      core.error(error.message, { file, startLine: line, startColumn: column, title: 'perfgate: bad input' });
      core.setFailed(`perfgate: ${describeError(error)}`);
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
