/**
 * `trend-issues: true`: one GitHub issue per current regression step of the default branch
 * (engine/trends/alerts.ts), opened when the step appears, its body kept current on later runs,
 * and closed when the level recovers. Issues are found again by the label and the hidden marker
 * in their body. Nothing here throws: a failure is a reason for a warning, and never the token.
 *
 * REST calls (documented in GitHub's OpenAPI description, and checked against it in the tests): GET
 * /repos/{owner}/{repo}/issues?state=open&labels={label}&per_page=100   (paginated) POST  /repos/{owner}/{repo}/issues
 * {title, body, labels: [label]} PATCH /repos/{owner}/{repo}/issues/{issue_number}      {title, body} or {body, state:
 * closed, state_reason: completed}
 */
import { ALERT_MARKER_PREFIX, recoveredBody, type TrendAlert } from '../../engine/trends/alerts.js';
import type { TrendReport } from '../../engine/trends/trends.js';
import {
  apiRoot,
  describeHttpFailure,
  githubClient,
  redact,
  toFailure,
  type GithubSession,
  type HttpFailure,
  type Octokit,
} from './http.js';

export const TREND_ISSUE_LABEL = 'perfgate-regression';

export interface TrendIssuesOptions {
  token: string;
  apiUrl?: string;
  serverUrl: string;
  owner: string;
  repo: string;
  alerts: readonly TrendAlert[];
  report: TrendReport;
  warn?: (message: string) => void;
  /** The run's GitHub session (its transport, budget and waits). */
  session: GithubSession;
}

export type TrendIssuesResult =
  | { outcome: 'synced'; opened: number[]; updated: number[]; closed: number[]; kept: number[] }
  | { outcome: 'failed'; reason: string };

const markerOf = (body: string): string | undefined => {
  const start = body.indexOf(ALERT_MARKER_PREFIX);
  if (start < 0) return undefined;
  const end = body.indexOf('-->', start);
  return end < 0 ? undefined : body.slice(start, end + 3);
};

export async function syncTrendIssues(options: TrendIssuesOptions): Promise<TrendIssuesResult> {
  const { owner, repo } = options;
  const octokit = githubClient(options.token, apiRoot(options.apiUrl), {
    session: options.session,
    ...(options.warn ? { warn: options.warn } : {}),
  });
  const result = { opened: [] as number[], updated: [] as number[], closed: [] as number[], kept: [] as number[] };
  let step = 'list the open issues';
  try {
    const byMarker = await openIssuesByMarker(octokit, owner, repo);
    const current = new Set(options.alerts.map((a) => a.marker));
    for (const alert of options.alerts) {
      const issue = byMarker.get(alert.marker);
      if (!issue) {
        step = `open an issue for "${alert.title}"`;
        const { data } = await octokit.rest.issues.create({
          owner,
          repo,
          title: alert.title,
          body: alert.body,
          labels: [TREND_ISSUE_LABEL],
        });
        result.opened.push(data.number);
      } else if (issue.title !== alert.title || issue.body !== alert.body) {
        step = `update issue #${issue.number}`;
        await octokit.rest.issues.update({
          owner,
          repo,
          issue_number: issue.number,
          title: alert.title,
          body: alert.body,
        });
        result.updated.push(issue.number);
      } else {
        result.kept.push(issue.number);
      }
    }
    for (const [marker, issue] of [...byMarker].sort(([, a], [, b]) => a.number - b.number)) {
      if (current.has(marker)) continue;
      step = `close issue #${issue.number}`;
      await octokit.rest.issues.update({
        owner,
        repo,
        issue_number: issue.number,
        body: recoveredBody(issue.body, options.report, options.serverUrl, `${owner}/${repo}`),
        state: 'closed',
        state_reason: 'completed',
      });
      result.closed.push(issue.number);
    }
    return { outcome: 'synced', ...result };
  } catch (error) {
    return { outcome: 'failed', reason: redact(failedStepReason(step, toFailure(error), result), options.token) };
  }
}

/** perfgate's open trend issues (not pull requests), by the marker in their body: the first of each marker. */
async function openIssuesByMarker(
  octokit: Octokit,
  owner: string,
  repo: string,
): Promise<Map<string, { number: number; title: string; body: string }>> {
  const open = await octokit.paginate(octokit.rest.issues.listForRepo, {
    owner,
    repo,
    state: 'open',
    labels: TREND_ISSUE_LABEL,
    per_page: 100,
  });
  const byMarker = new Map<string, { number: number; title: string; body: string }>();
  for (const issue of open) {
    if (issue.pull_request) continue;
    const marker = markerOf(issue.body ?? '');
    if (marker !== undefined && !byMarker.has(marker))
      byMarker.set(marker, { number: issue.number, title: issue.title, body: issue.body ?? '' });
  }
  return byMarker;
}

/** Why a sync failed: the step, GitHub's answer, the permission it needs, and what was done before. */
function failedStepReason(
  step: string,
  failure: HttpFailure,
  result: { opened: number[]; updated: number[]; closed: number[] },
): string {
  const hint = failure.status === 403 || failure.status === 404 ? '; trend-issues needs permission issues: write' : '';
  const done = [
    ...result.opened.map((n) => `opened #${n}`),
    ...result.updated.map((n) => `updated #${n}`),
    ...result.closed.map((n) => `closed #${n}`),
  ];
  return `cannot ${step}: ${describeHttpFailure(failure)}${hint}${done.length > 0 ? `; before that: ${done.join(', ')}` : ''}`;
}
