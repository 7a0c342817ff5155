import { trendAlerts } from '../../engine/trends/alerts.js';
import type { ActionInputs } from '../inputs.js';
import type { TrendsOutcome } from '../../pipeline/trends.js';
import { requireRepository, type RunContext } from '../context.js';
import { syncTrendIssues } from '../github/trendIssues.js';
import { logSafe } from '../logSafety.js';

/**
 * `trend-issues`: opens, updates and closes one issue per current regression step. Only where
 * trends run (a recording push, never a pull request); a failure is a warning.
 */
export async function publishTrendIssues(
  inputs: ActionInputs,
  context: RunContext,
  report: TrendsOutcome['report'],
): Promise<void> {
  const { owner, repo } = requireRepository(context, 'input "trend-issues"');
  const alerts = trendAlerts(report, context.serverUrl, `${owner}/${repo}`);
  const result = await context.out.group('Regression issues', () =>
    syncTrendIssues({
      token: inputs.token ?? '',
      session: context.github,
      ...(context.apiUrl !== undefined ? { apiUrl: context.apiUrl } : {}),
      serverUrl: context.serverUrl,
      owner,
      repo,
      alerts,
      report,
    }),
  );
  if (result.outcome === 'failed') {
    context.out.warning(logSafe(`trend-issues: ${result.reason}`));
    return;
  }
  const said = [
    ...result.opened.map((n) => `opened #${n}`),
    ...result.updated.map((n) => `updated #${n}`),
    ...result.closed.map((n) => `closed #${n} (recovered)`),
    ...result.kept.map((n) => `#${n} unchanged`),
  ];
  context.out.info(`trend-issues: ${said.length > 0 ? said.join(', ') : 'no current regression step, no open issue'}`);
}
