import type { RunContext } from '../context.js';
import { hostCharts, isForkPullRequest, type HostedChartFile } from '../github/chartHosting.js';
import type { ActionInputs } from '../inputs.js';
import { logSafe } from '../logSafety.js';

/**
 * The comment's chart images with `chart-hosting: branch`: hosted only when charts were drawn and
 * the comment that shows them is posted on a pull request; otherwise the log says why not.
 */
export async function chartImagesOfComment(
  inputs: Readonly<ActionInputs>,
  context: RunContext,
  drawn: { pngs: HostedChartFile[] } | undefined,
  willComment: boolean,
  commentCharts: boolean,
): Promise<string | undefined> {
  const pullRequest = context.pullRequest;
  if (drawn !== undefined && pullRequest !== undefined && willComment && commentCharts)
    return hostChartImages(context, inputs.comment.token, inputs.chartBranch, pullRequest, drawn.pngs);
  context.out.info(
    logSafe(
      `charts not hosted: ${drawn === undefined ? 'no charts were drawn' : pullRequest === undefined ? 'no pull request in this event' : !willComment ? 'no comment is posted' : `comment-charts is ${inputs.commentCharts} and the gate passed`}`,
    ),
  );
  return undefined;
}

/**
 * `chart-hosting: branch`: commits the PNGs to the chart branch and returns the comment's image
 * section. Skipped up front for a fork pull request; a token that may not write gives a notice,
 * any other failure a warning. Never changes the verdict.
 */
async function hostChartImages(
  context: RunContext,
  token: string,
  branch: string,
  pullRequest: number,
  pngs: HostedChartFile[],
): Promise<string | undefined> {
  if (isForkPullRequest(context.event)) {
    context.out.notice(
      'perfgate: charts not hosted: the pull request comes from a fork, whose token may not write to this repository',
    );
    return undefined;
  }
  if (!context.repository) {
    context.out.notice('perfgate: charts not hosted: GITHUB_REPOSITORY is not set');
    return undefined;
  }
  const { owner, repo } = context.repository;
  return context.out.group('Hosting chart images', async () => {
    const result = await hostCharts({
      token,
      session: context.github,
      runFiles: context.files,
      ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
      serverUrl: context.serverUrl,
      owner,
      repo,
      branch,
      pullRequest,
      runId: context.runId,
      runAttempt: context.runAttempt,
      files: pngs,
    });
    for (const note of result.notes) context.out.info(logSafe(note));
    if (result.outcome === 'hosted') {
      context.out.info(logSafe(`${result.images.length} chart image(s) committed to ${branch}: ${result.commit}`));
      return result.markdown;
    }
    if (result.outcome === 'skipped') context.out.notice(`perfgate: charts not hosted: ${result.reason}`);
    else context.out.warning(`perfgate: charts not hosted: ${result.reason}`);
    return undefined;
  });
}
