import * as core from '../log.js';

/** The job summary is best effort: outside a runner there is no summary file. */
export async function writeJobSummary(markdown: string): Promise<void> {
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
