/**
 * Who added a label to a pull request: the actor of the issue's last `labeled` event for it. A read the token may not
 * be allowed (a fork's pull request, a token without issues or pull-requests read): then no one is named, and the
 * acceptance stands. Never throws; no reason contains the token.
 *
 * REST call (documented in GitHub's OpenAPI description, checked against it in the tests):
 *   GET /repos/{owner}/{repo}/issues/{issue_number}/events?per_page=100&page=N   (pages until a short one, at most 10)
 */
import { apiRoot, describeHttpFailure, githubClient, redact, toFailure, type GithubSession } from './http.js';

export interface LabelEventsTarget {
  token: string;
  apiUrl?: string;
  owner: string;
  repo: string;
  session: GithubSession;
}

const PER_PAGE = 100;
/** A pull request with more than 1000 events is read no further: the label's adder is then not named. */
const MAX_PAGES = 10;

export type LabelAdder = { by: string } | { by?: undefined; reason: string };

export async function whoAddedLabel(
  target: LabelEventsTarget,
  issueNumber: number,
  label: string,
): Promise<LabelAdder> {
  const octokit = githubClient(target.token, apiRoot(target.apiUrl), { session: target.session });
  let by: string | undefined;
  try {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const { data } = await octokit.rest.issues.listEvents({
        owner: target.owner,
        repo: target.repo,
        issue_number: issueNumber,
        per_page: PER_PAGE,
        page,
      });
      for (const event of data as { event?: string; label?: { name?: string }; actor?: { login?: string } | null }[])
        if (event.event === 'labeled' && sameLabel(event.label?.name, label) && event.actor?.login)
          by = event.actor.login;
      if (data.length < PER_PAGE) break;
    }
  } catch (error) {
    const failure = toFailure(error);
    const reason = `GET issues/${issueNumber}/events: ${describeHttpFailure(failure, { 403: 'the token may not read the pull request’s events', 404: 'no such pull request, or no access to it' })}`;
    return { reason: redact(reason, target.token) };
  }
  return by !== undefined ? { by } : { reason: `no labeled event for ${label} in the pull request's events` };
}

/** GitHub's label names compare without case. */
export function sameLabel(a: string | undefined, b: string): boolean {
  return a !== undefined && a.toLowerCase() === b.toLowerCase();
}
