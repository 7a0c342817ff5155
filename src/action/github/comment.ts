/**
 * perfgate's sticky pull-request comment: one comment per report id, found again on the next run
 * by a hidden marker (`<!-- perfgate:<id> -->` on its first line) and updated, recreated, or
 * hidden and recreated. Every API failure gives an outcome with a reason (`forbidden` for a token
 * that may not write, `failed` otherwise); nothing here throws, and no reason ever contains the
 * token. A comment is a convenience: it never changes the gate's verdict.
 *
 * REST calls (all documented in GitHub's OpenAPI description, and checked against it in the tests):
 *   GET    /repos/{owner}/{repo}/issues/{issue_number}/comments?per_page=100[&page=N]   (Link header followed)
 *   POST   /repos/{owner}/{repo}/issues/{issue_number}/comments            {body}
 *   PATCH  /repos/{owner}/{repo}/issues/comments/{comment_id}              {body}
 *   DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}
 * GraphQL (POST {apiUrl}/graphql; `/api/graphql` for a GHES `/api/v3` root):
 *   mutation minimizeComment(input: {subjectId, classifier: OUTDATED})
 */
import {
  apiRoot,
  describeHttpFailure,
  firstLineOf,
  githubClient,
  redact,
  toFailure,
  type HttpFailure,
  type Octokit,
  type GithubSession,
} from './http.js';
import {
  commentMarker,
  fitCommentBody,
  hasMarker,
  isValidMarkerId,
  MAX_COMMENT_BODY,
  neutraliseMarkers,
  withMarker,
  type CommentSection,
} from '../../engine/report/commentBody.js';

export {
  cutToFit,
  commentMarker,
  fitCommentBody,
  hasMarker,
  isValidMarkerId,
  MAX_COMMENT_BODY,
  neutraliseMarkers,
  withMarker,
  type CommentSection,
  type FittedBody,
} from '../../engine/report/commentBody.js';

export type StickyCommentMode = 'update' | 'recreate' | 'hide-and-recreate';

export interface UpsertStickyCommentOptions {
  /** A token with `pull-requests: write` (or `issues: write`); GITHUB_TOKEN is enough except on fork pull requests. */
  token: string;
  /** REST API root: GITHUB_API_URL (`https://api.github.com`, or `https://HOST/api/v3` on GitHub Enterprise Server). */
  apiUrl?: string;
  owner: string;
  repo: string;
  /** The pull request's number (pull requests are issues). */
  issueNumber: number;
  /**
   * The report. A string, or parts in display order that can be dropped lowest priority first
   * when the comment would be over GitHub's limit (see {@link fitCommentBody}).
   */
  body: string | readonly (CommentSection | string)[];
  /** The report id in the marker: one sticky comment per id and pull request. 1–100 of `A-Za-z0-9._:/+=@-`. */
  commentId: string;
  /**
   * `update` (default): edit perfgate's comment in place (skipped when the body is unchanged).
   * `recreate`: post a new comment and delete the old one(s), so the report is at the bottom.
   * `hide-and-recreate`: post a new comment and minimize the old one(s) as outdated.
   */
  mode?: StickyCommentMode;
  /** Where the full report is (job summary or artifact URL), linked when the comment had to be shortened. */
  fullReportUrl?: string;
  /**
   * Only comments by this login count as perfgate's (case-insensitive): `github-actions[bot]` for
   * GITHUB_TOKEN. Anyone can write the marker into a comment of their own; without this filter
   * such a comment would be edited, deleted or hidden by the next run. Empty or absent: any author.
   */
  author?: string;
  /** Where a rate-limit wait is reported (default: a workflow warning). */
  warn?: (message: string) => void;
  /**
   * Only replace an earlier comment of this report; post nothing when there is none (outcome
   * `skipped`). For `comment: on-regression`: a passing run corrects the ❌ comment a failing run
   * left, without commenting on pull requests that never failed.
   */
  onlyReplace?: boolean;
  /**
   * A short body ("❌ failed — see run …") posted when GitHub refuses the report itself (too long,
   * an error on every update): so that an earlier comment never stands for this run. When even the
   * earlier comment cannot be edited, it is posted as a new comment and the earlier one deleted.
   */
  fallbackBody?: string;
  /** The run's GitHub session (budget and waits); a fresh one by default. */
  session?: GithubSession | undefined;
}

export type StickyCommentOutcome =
  'created' | 'updated' | 'unchanged' | 'recreated' | 'skipped' | 'forbidden' | 'failed';

export interface StickyCommentResult {
  outcome: StickyCommentOutcome;
  /** The id of perfgate's comment after the call (absent for forbidden/failed unless one was left in place). */
  commentId?: number;
  /** Its html_url. */
  url?: string;
  /**
   * Why the outcome is forbidden or failed, or what else went wrong on the side (a duplicate that could not be
   * deleted).
   */
  reason?: string;
  /** Whether the report had to be shortened to fit GitHub's limit. */
  truncated: boolean;
  /** The report itself was refused and the short fallback body was posted instead. */
  fallback?: boolean;
}

interface IssueComment {
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

/** Creates or updates perfgate's sticky comment on a pull request. Never throws. */
export async function upsertStickyComment(options: UpsertStickyCommentOptions): Promise<StickyCommentResult> {
  const { token, owner, repo, issueNumber } = options;
  const mode = options.mode ?? 'update';
  const clean = (text: string) => redact(text, token);
  let truncated = false;
  let fallback = false;
  const result = (
    outcome: StickyCommentOutcome,
    extra: { comment?: { id: number; html_url: string }; reason?: string } = {},
  ): StickyCommentResult => ({
    outcome,
    ...(extra.comment ? { commentId: extra.comment.id, url: extra.comment.html_url } : {}),
    ...(extra.reason !== undefined ? { reason: clean(extra.reason) } : {}),
    truncated,
    ...(fallback ? { fallback } : {}),
  });

  try {
    if (!isValidMarkerId(options.commentId))
      return result('failed', {
        reason: `invalid comment id ${JSON.stringify(options.commentId.slice(0, 120))}: use 1-100 of A-Z a-z 0-9 . _ : / + = @ -`,
      });
    if (!Number.isSafeInteger(issueNumber) || issueNumber < 1)
      return result('failed', { reason: `invalid pull request number ${String(issueNumber)}` });
    if (mode !== 'update' && mode !== 'recreate' && mode !== 'hide-and-recreate')
      return result('failed', {
        reason: `unknown comment mode ${JSON.stringify(String(mode))}: use update, recreate or hide-and-recreate`,
      });
    if (!token)
      return result('failed', { reason: 'no token was given: commenting needs one with pull-requests: write' });

    const marker = commentMarker(options.commentId);
    const given =
      typeof options.body === 'string' ? [{ text: options.body, label: 'the end of the report' }] : options.body;
    // No part of the report may carry a marker line of its own, or the comment would pass for another report's.
    const sections = given.map((s) =>
      typeof s === 'string' ? neutraliseMarkers(s) : { ...s, text: neutraliseMarkers(s.text) },
    );
    const fitted = fitCommentBody(sections, options.fullReportUrl, MAX_COMMENT_BODY - marker.length - 1);
    truncated = fitted.truncated;
    const body = withMarker(marker, fitted.body);

    const warn = options.warn ? { warn: (message: string) => options.warn!(clean(message)) } : {};
    const octokit = githubClient(token, apiRoot(options.apiUrl), { session: options.session, ...warn });
    const author = options.author?.trim().toLowerCase() || undefined;
    const where = `pull request #${issueNumber} of ${owner}/${repo}`;

    const short =
      options.fallbackBody !== undefined
        ? withMarker(marker, neutraliseMarkers(options.fallbackBody).slice(0, MAX_COMMENT_BODY - marker.length - 1))
        : undefined;
    const sideNotes: string[] = [];

    let marked: IssueComment[];
    try {
      marked = await listMarked(octokit, owner, repo, issueNumber, marker, author);
    } catch (error) {
      const failure = toFailure(error);
      const reason = `cannot list the comments of ${where}: ${describeFailure(failure)}`;
      if (isForbidden(failure) || options.onlyReplace || short === undefined)
        return result(isForbidden(failure) ? 'forbidden' : 'failed', { reason });
      // Which comment is perfgate's is unknown: a new one below says what this run found; the next
      // run that can list them keeps the newest and deletes the others.
      const posted = await createWithFallback(octokit, {
        owner,
        repo,
        issueNumber,
        bodies: [body, short],
        onShort: () => (fallback = true),
      });
      if ('failure' in posted)
        return result(isForbidden(posted.failure) ? 'forbidden' : 'failed', {
          reason: `${reason}; cannot comment either: ${describeFailure(posted.failure)}`,
        });
      return result('created', { comment: posted.comment, reason: `${reason}; posted a new comment instead` });
    }
    // Oldest first; GitHub's ids grow with time, so they break ties in created_at.
    marked.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));

    if (options.onlyReplace && marked.filter((c) => !isMinimized(c)).length === 0)
      return result('skipped', { reason: `no earlier comment of this report on ${where}` });
    const removeAll = async (comments: IssueComment[]) => {
      for (const comment of comments) {
        const failure = await deleteComment(octokit, owner, repo, comment.id);
        if (failure) sideNotes.push(`could not delete the older comment ${comment.id}: ${describeFailure(failure)}`);
      }
    };
    const withNotes = (reason?: string) => {
      const all = [...(reason ? [reason] : []), ...sideNotes];
      return all.length > 0 ? all.join('; ') : undefined;
    };
    const create = () =>
      createWithFallback(octokit, {
        owner,
        repo,
        issueNumber,
        bodies: short !== undefined ? [body, short] : [body],
        onShort: () => (fallback = true),
      });
    const createFailed = (failure: HttpFailure, kept?: IssueComment) => {
      const reason = `cannot comment on ${where}: ${describeFailure(failure)}`;
      const extra: { comment?: IssueComment; reason: string } = { reason: withNotes(reason)! };
      if (kept) extra.comment = kept;
      return result(isForbidden(failure) ? 'forbidden' : 'failed', extra);
    };

    if (mode === 'update') {
      // Comments minimized on purpose (by a hide-and-recreate run, or by hand) stay as they are.
      const live = marked.filter((c) => !isMinimized(c));
      const current = live[live.length - 1];
      const older = live.slice(0, -1);
      if (current !== undefined) {
        if (normalise(current.body ?? '') === normalise(body)) {
          await removeAll(older);
          const reason = withNotes();
          return result('unchanged', reason ? { comment: current, reason } : { comment: current });
        }
        let updated: IssueComment | undefined;
        let refused: HttpFailure | undefined;
        for (const text of short !== undefined ? [body, short] : [body]) {
          try {
            const response = await octokit.rest.issues.updateComment({
              owner,
              repo,
              comment_id: current.id,
              body: text,
            });
            updated = response.data as IssueComment;
            if (text !== body) fallback = true;
            break;
          } catch (error) {
            const failure = toFailure(error);
            // Deleted between the listing and the update: post a new one below.
            if (failure.status === 404) break;
            refused ??= failure;
            if (isForbidden(failure) || short === undefined) return createFailed(failure, current);
          }
        }
        if (updated !== undefined) {
          await removeAll(older);
          const reason = withNotes(
            refused
              ? `GitHub refused the report (${describeFailure(refused)}): posted a short status instead`
              : undefined,
          );
          return result('updated', reason ? { comment: updated, reason } : { comment: updated });
        }
        if (refused !== undefined) {
          // The earlier comment cannot be edited: a new one says what this run found, and the earlier one goes.
          const created = await create();
          if ('failure' in created) return createFailed(refused, current);
          await removeAll([...older, current]);
          const reason = withNotes(
            `cannot update comment ${current.id} (${describeFailure(refused)}): posted a new comment instead`,
          );
          return result('created', { comment: created.comment, reason: reason! });
        }
      }
      const created = await create();
      if ('failure' in created) return createFailed(created.failure);
      await removeAll(older);
      const reason = withNotes();
      return result('created', reason ? { comment: created.comment, reason } : { comment: created.comment });
    }

    // recreate / hide-and-recreate: post first, then retire the old ones, so a failure never leaves the pull request
    // without a report.
    const created = await create();
    if ('failure' in created) return createFailed(created.failure);
    if (mode === 'recreate') {
      await removeAll(marked);
    } else {
      for (const comment of marked.filter((c) => !isMinimized(c))) {
        const failure = await minimizeComment(octokit, comment.node_id);
        if (failure) sideNotes.push(`could not hide the older comment ${comment.id}: ${describeFailure(failure)}`);
      }
    }
    const reason = withNotes();
    const outcome = marked.length > 0 ? 'recreated' : 'created';
    return result(outcome, reason ? { comment: created.comment, reason } : { comment: created.comment });
  } catch (error) {
    // Not expected: API failures are handled above. Still never throws.
    return result('failed', { reason: `unexpected error while commenting: ${firstLineOf(toFailure(error))}` });
  }
}

/**
 * Posts the first of `bodies` GitHub accepts (the report, then the short status): a refusal of the
 * report (too long, a server error after the retries) is followed by the short one. A token that
 * may not write gets no second try.
 */
async function createWithFallback(
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
async function listMarked(
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
async function deleteComment(
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
async function minimizeComment(octokit: Octokit, nodeId: string): Promise<HttpFailure | undefined> {
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

function isMinimized(comment: IssueComment): boolean {
  return comment.minimized !== undefined && comment.minimized !== null;
}

/** GitHub may store line endings as CRLF and drop trailing whitespace; neither counts as a change. */
function normalise(body: string): string {
  return body.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
}

function isForbidden(failure: HttpFailure): boolean {
  return failure.status === 403 && /not accessible by (integration|personal access token)/i.test(failure.message);
}

function describeFailure(failure: HttpFailure): string {
  if (isForbidden(failure)) {
    return (
      `HTTP 403: the token may not write to this pull request (${firstLineOf(failure)}). ` +
      "On a pull request from a fork GITHUB_TOKEN is read-only and no run of the fork's code can comment: " +
      'post the comment from a workflow_run workflow with `mode: comment` (see docs), or run the gate on pull_request_target without checking out untrusted code; ' +
      'otherwise give the job `permissions: pull-requests: write`. ' +
      'The report is still in the job summary and the report artifact'
    );
  }
  return describeHttpFailure(failure, {
    404: 'no such repository or pull request, or no access to it',
    410: 'issues are disabled on the repository',
    422: 'GitHub refused the comment',
  });
}
