/**
 * The calls on a pull request's comments that the sticky comment (comment.ts) makes: create (the
 * report, then the short status), list the marked ones, delete, and hide as outdated.
 *
 * REST calls (all documented in GitHub's OpenAPI description, and checked against it in the tests):
 *   GET    /repos/{owner}/{repo}/issues/{issue_number}/comments?per_page=100[&page=N]   (Link header followed)
 *   POST   /repos/{owner}/{repo}/issues/{issue_number}/comments            {body}
 *   DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}
 * GraphQL (POST {apiUrl}/graphql; `/api/graphql` for a GHES `/api/v3` root):
 *   mutation minimizeComment(input: {subjectId, classifier: OUTDATED})
 */
import { toFailure, type HttpFailure, type Octokit } from './http.js';
import { hasMarker } from '../../engine/report/comment/commentBody.js';

export interface IssueComment {
  id: number;
  node_id: string;
  body?: string | null;
  html_url: string;
  created_at: string;
  minimized?: { reason: string | null } | null;
  user?: { login?: string } | null;
}

/** Safety stop for the comment listing: 100 pages of 100 comments. */
const MAX_PAGES = 100;

/**
 * Posts the first of `bodies` GitHub accepts (the report, then the short status): a refusal of the
 * report (too long, a server error after the retries) is followed by the short one. A token that
 * may not write gets no second try.
 */
export async function createWithFallback(
  octokit: Octokit,
  target: { owner: string; repo: string; issueNumber: number; bodies: string[]; onShort: () => void },
): Promise<{ comment: IssueComment } | { failure: HttpFailure }> {
  let first: HttpFailure | undefined;
  for (const [index, body] of target.bodies.entries()) {
    try {
      const response = await octokit.rest.issues.createComment({
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        body,
      });
      if (index > 0) target.onShort();
      return { comment: response.data as IssueComment };
    } catch (error) {
      const failure = toFailure(error);
      first ??= failure;
      if (isForbidden(failure) || failure.status === 404 || failure.status === 410) break;
    }
  }
  return { failure: first! };
}

/**
 * Every comment of the issue carrying the marker and written by `author` (any author when
 * undefined), through every page (per_page=100, Link header followed).
 */
export async function listMarked(
  octokit: Octokit,
  owner: string,
  repo: string,
  issueNumber: number,
  marker: string,
  author: string | undefined,
): Promise<IssueComment[]> {
  const marked: IssueComment[] = [];
  let pages = 0;
  for await (const response of octokit.paginate.iterator(octokit.rest.issues.listComments, {
    owner,
    repo,
    issue_number: issueNumber,
    per_page: 100,
  })) {
    for (const comment of response.data as IssueComment[]) {
      if (!hasMarker(comment.body, marker)) continue;
      if (author !== undefined && comment.user?.login?.toLowerCase() !== author) continue;
      marked.push(comment);
    }
    if (++pages >= MAX_PAGES) break;
  }
  return marked;
}

/** Deletes a comment; one already gone (404) counts as deleted. */
export async function deleteComment(
  octokit: Octokit,
  owner: string,
  repo: string,
  commentId: number,
): Promise<HttpFailure | undefined> {
  try {
    await octokit.rest.issues.deleteComment({ owner, repo, comment_id: commentId });
    return undefined;
  } catch (error) {
    const failure = toFailure(error);
    return failure.status === 404 ? undefined : failure;
  }
}

const MINIMIZE = `mutation perfgateMinimize($subjectId: ID!) {
  minimizeComment(input: {subjectId: $subjectId, classifier: OUTDATED}) {
    minimizedComment { isMinimized }
  }
}`;

/** Hides a comment as outdated (GraphQL; REST has no endpoint for it). */
export async function minimizeComment(octokit: Octokit, nodeId: string): Promise<HttpFailure | undefined> {
  try {
    await octokit.graphql(MINIMIZE, { subjectId: nodeId });
    return undefined;
  } catch (error) {
    const e = error as { errors?: { type?: string; message?: string }[] };
    if (Array.isArray(e?.errors) && e.errors.length > 0) {
      const first = e.errors[0]!;
      const forbidden = first.type === 'FORBIDDEN' || /not accessible by integration/i.test(first.message ?? '');
      return forbidden
        ? { status: 403, message: first.message ?? 'FORBIDDEN' }
        : { message: `GraphQL: ${first.message ?? first.type ?? 'error'}` };
    }
    return toFailure(error);
  }
}

export function isMinimized(comment: IssueComment): boolean {
  return comment.minimized !== undefined && comment.minimized !== null;
}

export function isForbidden(failure: HttpFailure): boolean {
  return failure.status === 403 && /not accessible by (integration|personal access token)/i.test(failure.message);
}
