import type { RunContext } from '../context.js';

/** The job summary is best effort: outside a runner there is no summary file. */
export async function writeJobSummary(context: RunContext, markdown: string): Promise<void> {
  if (!context.env['GITHUB_STEP_SUMMARY']) {
    context.out.info('GITHUB_STEP_SUMMARY is not set: no job summary written');
    return;
  }
  try {
    await context.out.appendSummary(markdown);
  } catch (error) {
    context.out.warning(`could not write the job summary: ${(error as Error).message}`);
  }
}
