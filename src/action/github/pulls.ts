/**
 * The pull request a workflow run was for, found through the API from the run's head commit:
 * what a `workflow_run` workflow comments on. The artifact of the run is written by pull-request
 * code, so a number it carries is only a hint among the API's answers, never the answer itself.
 * `workflow_run.pull_requests` in the event is empty for pull requests from forks, so it is not used.
 *
 * REST calls (documented in GitHub's OpenAPI description, checked against it in the tests): GET
 * /repos/{owner}/{repo}/commits/{commit_sha}/pulls?per_page=100 GET /repos/{owner}/{repo}/pulls?head={head owner}:{head
 * branch}&state=open&per_page=100   (when the first finds none); GET /repos/{owner}/{repo}/pulls/{pull_number} (a merge
 * queue's pull request and its labels)
 */
import { describeHttpFailure, redact, toFailure, type Octokit } from './http.js';

export interface FindPullRequestOptions {
  owner: string;
  repo: string;
  /** `workflow_run.head_sha`: the pull request's head commit when the run started. */
  headSha: string;
  /** `workflow_run.head_branch`. */
  headBranch?: string;
  /** `workflow_run.head_repository.owner.login`: the fork's owner for a fork pull request. */
  headOwner?: string;
  /** The number the artifact names: chosen when it is one of the API's answers. */
  hint?: number;
  token: string;
}

export type PullRequestLookup =
  { number: number; warnings: string[] } | { number?: undefined; reason: string; warnings: string[] };

interface PullSummary {
  number: number;
  state?: string;
  head?: { sha?: string };
  base?: { repo?: { full_name?: string } | null };
}

/** Never throws: API failures give a reason. */
export async function findPullRequest(octokit: Octokit, options: FindPullRequestOptions): Promise<PullRequestLookup> {
  const { owner, repo, headSha, token } = options;
  const warnings: string[] = [];
  const failures: string[] = [];
  const fullName = `${owner}/${repo}`.toLowerCase();
  // Open, in this repository, and still at the run's commit: a newer push gets its own run and comment.
  const usable = (pulls: PullSummary[]) =>
    pulls.filter(
      (p) =>
        p.state === 'open' &&
        p.head?.sha === headSha &&
        (p.base?.repo?.full_name ?? fullName).toLowerCase() === fullName,
    );

  let candidates: PullSummary[] = [];
  try {
    const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
      owner,
      repo,
      commit_sha: headSha,
      per_page: 100,
    });
    candidates = usable(data as PullSummary[]);
  } catch (error) {
    failures.push(`GET commits/${headSha.slice(0, 12)}/pulls: ${describeHttpFailure(toFailure(error))}`);
  }
  if (candidates.length === 0 && options.headBranch && options.headOwner) {
    try {
      const { data } = await octokit.rest.pulls.list({
        owner,
        repo,
        head: `${options.headOwner}:${options.headBranch}`,
        state: 'open',
        per_page: 100,
      });
      candidates = usable(data as PullSummary[]);
    } catch (error) {
      failures.push(
        `GET pulls?head=${options.headOwner}:${options.headBranch}: ${describeHttpFailure(toFailure(error))}`,
      );
    }
  }
  const clean = (text: string) => redact(text, token);
  if (candidates.length === 0) {
    const why =
      failures.length > 0
        ? `the API failed (${failures.join('; ')})`
        : `no open pull request of ${owner}/${repo} has head commit ${headSha}`;
    return { reason: clean(why), warnings };
  }
  const numbers = [...new Set(candidates.map((p) => p.number))].sort((a, b) => a - b);
  let chosen = numbers[0]!;
  if (options.hint !== undefined) {
    if (numbers.includes(options.hint)) chosen = options.hint;
    else
      warnings.push(
        `the report artifact names pull request #${options.hint}, but commit ${headSha.slice(0, 12)} is the head of #${numbers.join(', #')}: commenting on #${chosen}`,
      );
  } else if (numbers.length > 1) {
    warnings.push(
      `commit ${headSha.slice(0, 12)} is the head of pull requests #${numbers.join(', #')}: commenting on #${chosen}`,
    );
  }
  return { number: chosen, warnings: warnings.map(clean) };
}

/** A merged pull request's number and labels, as GET commits/{sha}/pulls lists it. */
export interface MergedPullRequest {
  number: number;
  labels: { name: string; description?: string }[];
}

/**
 * The pull request whose merge made `sha` on the default branch (GET /repos/{owner}/{repo}/commits/{sha}/pulls: the
 * one with `merged_at` whose merge commit is `sha`, else the one merged whose head is `sha`, as a fast-forward or
 * rebase merge leaves it). Never throws: undefined with a reason when the API fails or none was merged there.
 */
export async function findMergedPullRequest(
  octokit: Octokit,
  options: { owner: string; repo: string; sha: string; token: string },
): Promise<MergedPullRequest | { reason: string }> {
  type Listed = PullSummary & {
    merged_at?: string | null;
    merge_commit_sha?: string | null;
    labels?: { name?: unknown; description?: unknown }[];
  };
  let pulls: Listed[];
  try {
    const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
      owner: options.owner,
      repo: options.repo,
      commit_sha: options.sha,
      per_page: 100,
    });
    pulls = data as Listed[];
  } catch (error) {
    return {
      reason: redact(
        `GET commits/${options.sha.slice(0, 12)}/pulls: ${describeHttpFailure(toFailure(error), { 403: 'the token may not read pull requests', 404: 'no such commit, or no access to it' })}`,
        options.token,
      ),
    };
  }
  const merged = pulls.filter((p) => typeof p.merged_at === 'string');
  const pull =
    merged.find((p) => p.merge_commit_sha === options.sha) ?? merged.find((p) => p.head?.sha === options.sha);
  if (!pull) return { reason: `no merged pull request made commit ${options.sha.slice(0, 12)}` };
  return { number: pull.number, labels: labelsOf(pull.labels) };
}

/** Labels as the API lists them: those with a name, with their description when it says something. */
function labelsOf(
  labels: readonly { name?: unknown; description?: unknown }[] | undefined,
): MergedPullRequest['labels'] {
  return (labels ?? []).flatMap((l) =>
    typeof l.name === 'string'
      ? [
          {
            name: l.name,
            ...(typeof l.description === 'string' && l.description !== '' ? { description: l.description } : {}),
          },
        ]
      : [],
  );
}

/**
 * A pull request's labels (GET /repos/{owner}/{repo}/pulls/{pull_number}): what a merge queue's run reads, whose event
 * holds no pull request. Never throws: a reason when the API fails.
 */
export async function labelsOfPullRequest(
  octokit: Octokit,
  options: { owner: string; repo: string; number: number; token: string },
): Promise<MergedPullRequest | { reason: string }> {
  try {
    const { data } = await octokit.rest.pulls.get({
      owner: options.owner,
      repo: options.repo,
      pull_number: options.number,
    });
    return { number: options.number, labels: labelsOf(data.labels) };
  } catch (error) {
    return {
      reason: redact(
        `GET pulls/${options.number}: ${describeHttpFailure(toFailure(error), { 403: 'the token may not read pull requests', 404: 'no such pull request, or no access to it' })}`,
        options.token,
      ),
    };
  }
}
