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
  type GithubSession,
} from './http.js';
import {
  commentMarker,
  fitCommentBody,
  isValidMarkerId,
  MAX_COMMENT_BODY,
  neutraliseMarkers,
  withMarker,
  type CommentSection,
} from '../../engine/report/comment/commentBody.js';
import {
  createWithFallback,
  deleteComment,
  isForbidden,
  isMinimized,
  listMarked,
  minimizeComment,
  type IssueComment,
} from './issueComments.js';

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
} from '../../engine/report/comment/commentBody.js';

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
  /** The run's GitHub session (its transport, budget and waits). */
  session: GithubSession;
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

/** Creates or updates perfgate's sticky comment on a pull request. Never throws. */
export async function upsertStickyComment(options: UpsertStickyCommentOptions): Promise<StickyCommentResult> {
  const mode = options.mode ?? 'update';
  const state = { truncated: false, fallback: false };
  const result = resultMaker(options.token, state);
  try {
    const invalid = invalidRequest(options, mode);
    if (invalid !== undefined) return result('failed', { reason: invalid });
    const run = stickyRun(options, state, result);
    let marked: IssueComment[];
    try {
      marked = await listMarked(run.octokit, run.owner, run.repo, run.issueNumber, run.marker, run.author);
    } catch (error) {
      return await postUnlisted(run, toFailure(error), options.onlyReplace);
    }
    // Oldest first; GitHub's ids grow with time, so they break ties in created_at.
    marked.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id));

    if (options.onlyReplace && marked.filter((c) => !isMinimized(c)).length === 0)
      return result('skipped', { reason: `no earlier comment of this report on ${run.where}` });
    if (mode === 'update') return await updateInPlace(run, marked);
    return await recreateAndRetire(run, marked, mode);
  } catch (error) {
    // Not expected: API failures are handled above. Still never throws.
    return result('failed', { reason: `unexpected error while commenting: ${firstLineOf(toFailure(error))}` });
  }
}

/** What an upsert leaves behind besides its outcome: whether the report was shortened, or the short status posted. */
interface UpsertState {
  truncated: boolean;
  fallback: boolean;
}

type MakeResult = (
  outcome: StickyCommentOutcome,
  extra?: { comment?: { id: number; html_url: string }; reason?: string },
) => StickyCommentResult;

/** The result of an outcome, with the comment and a reason (the token redacted) and the state as it is then. */
function resultMaker(token: string, state: UpsertState): MakeResult {
  return (outcome, extra = {}) => ({
    outcome,
    ...(extra.comment ? { commentId: extra.comment.id, url: extra.comment.html_url } : {}),
    ...(extra.reason !== undefined ? { reason: redact(extra.reason, token) } : {}),
    truncated: state.truncated,
    ...(state.fallback ? { fallback: state.fallback } : {}),
  });
}

/** Why the request cannot be made (a bad marker id, pull request number or mode, no token), if it cannot. */
function invalidRequest(options: UpsertStickyCommentOptions, mode: string): string | undefined {
  if (!isValidMarkerId(options.commentId))
    return `invalid comment id ${JSON.stringify(options.commentId.slice(0, 120))}: use 1-100 of A-Z a-z 0-9 . _ : / + = @ -`;
  if (!Number.isSafeInteger(options.issueNumber) || options.issueNumber < 1)
    return `invalid pull request number ${String(options.issueNumber)}`;
  if (mode !== 'update' && mode !== 'recreate' && mode !== 'hide-and-recreate')
    return `unknown comment mode ${JSON.stringify(String(mode))}: use update, recreate or hide-and-recreate`;
  if (!options.token) return 'no token was given: commenting needs one with pull-requests: write';
  return undefined;
}

type StickyRun = ReturnType<typeof stickyRun>;

/**
 * One upsert: the bodies (the report fitted to GitHub's limit with its marker, and the short status), the client,
 * the notes of what went wrong on the side, and the steps every mode shares.
 */
function stickyRun(options: UpsertStickyCommentOptions, state: UpsertState, result: MakeResult) {
  const { token, owner, repo, issueNumber } = options;
  const marker = commentMarker(options.commentId);
  const given =
    typeof options.body === 'string' ? [{ text: options.body, label: 'the end of the report' }] : options.body;
  // No part of the report may carry a marker line of its own, or the comment would pass for another report's.
  const sections = given.map((s) =>
    typeof s === 'string' ? neutraliseMarkers(s) : { ...s, text: neutraliseMarkers(s.text) },
  );
  const fitted = fitCommentBody(sections, options.fullReportUrl, MAX_COMMENT_BODY - marker.length - 1);
  state.truncated = fitted.truncated;
  const body = withMarker(marker, fitted.body);

  const warn = options.warn ? { warn: (message: string) => options.warn!(redact(message, token)) } : {};
  const octokit = githubClient(token, apiRoot(options.apiUrl), { session: options.session, ...warn });
  const where = `pull request #${issueNumber} of ${owner}/${repo}`;
  const short =
    options.fallbackBody !== undefined
      ? withMarker(marker, neutraliseMarkers(options.fallbackBody).slice(0, MAX_COMMENT_BODY - marker.length - 1))
      : undefined;
  const sideNotes: string[] = [];
  const withNotes = (reason?: string) => {
    const all = [...(reason ? [reason] : []), ...sideNotes];
    return all.length > 0 ? all.join('; ') : undefined;
  };
  return {
    octokit,
    owner,
    repo,
    issueNumber,
    marker,
    where,
    body,
    short,
    sideNotes,
    state,
    result,
    withNotes,
    author: options.author?.trim().toLowerCase() || undefined,
    removeAll: async (comments: IssueComment[]) => {
      for (const comment of comments) {
        const failure = await deleteComment(octokit, owner, repo, comment.id);
        if (failure) sideNotes.push(`could not delete the older comment ${comment.id}: ${describeFailure(failure)}`);
      }
    },
    create: () =>
      createWithFallback(octokit, {
        owner,
        repo,
        issueNumber,
        bodies: short !== undefined ? [body, short] : [body],
        onShort: () => (state.fallback = true),
      }),
    createFailed: (failure: HttpFailure, kept?: IssueComment) => {
      const reason = `cannot comment on ${where}: ${describeFailure(failure)}`;
      const extra: { comment?: IssueComment; reason: string } = { reason: withNotes(reason)! };
      if (kept) extra.comment = kept;
      return result(isForbidden(failure) ? 'forbidden' : 'failed', extra);
    },
  };
}

/**
 * The comments could not be listed. Which comment is perfgate's is unknown: a new one below says what this run
 * found; the next run that can list them keeps the newest and deletes the others.
 */
async function postUnlisted(
  run: StickyRun,
  failure: HttpFailure,
  onlyReplace: boolean | undefined,
): Promise<StickyCommentResult> {
  const reason = `cannot list the comments of ${run.where}: ${describeFailure(failure)}`;
  if (isForbidden(failure) || onlyReplace || run.short === undefined)
    return run.result(isForbidden(failure) ? 'forbidden' : 'failed', { reason });
  const posted = await run.create();
  if ('failure' in posted)
    return run.result(isForbidden(posted.failure) ? 'forbidden' : 'failed', {
      reason: `${reason}; cannot comment either: ${describeFailure(posted.failure)}`,
    });
  return run.result('created', { comment: posted.comment, reason: `${reason}; posted a new comment instead` });
}

/** `update`: edits the newest live comment (a new one when there is none) and deletes the older ones. */
async function updateInPlace(run: StickyRun, marked: IssueComment[]): Promise<StickyCommentResult> {
  const { result, withNotes, removeAll, create, createFailed } = run;
  // Comments minimized on purpose (by a hide-and-recreate run, or by hand) stay as they are.
  const live = marked.filter((c) => !isMinimized(c));
  const current = live[live.length - 1];
  const older = live.slice(0, -1);
  if (current !== undefined) {
    if (normalise(current.body ?? '') === normalise(run.body)) {
      await removeAll(older);
      const reason = withNotes();
      return result('unchanged', reason ? { comment: current, reason } : { comment: current });
    }
    const edit = await editComment(run, current);
    if ('result' in edit) return edit.result;
    const { updated, refused } = edit;
    if (updated !== undefined) {
      await removeAll(older);
      const reason = withNotes(
        refused ? `GitHub refused the report (${describeFailure(refused)}): posted a short status instead` : undefined,
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

/**
 * Edits the comment to the report, then to the short status when GitHub refuses the report: the edited comment
 * (none when it was deleted meanwhile) and the first refusal, or the result when it cannot be edited at all.
 */
async function editComment(
  run: StickyRun,
  current: IssueComment,
): Promise<{ updated: IssueComment | undefined; refused: HttpFailure | undefined } | { result: StickyCommentResult }> {
  let updated: IssueComment | undefined;
  let refused: HttpFailure | undefined;
  for (const text of run.short !== undefined ? [run.body, run.short] : [run.body]) {
    try {
      const response = await run.octokit.rest.issues.updateComment({
        owner: run.owner,
        repo: run.repo,
        comment_id: current.id,
        body: text,
      });
      updated = response.data as IssueComment;
      if (text !== run.body) run.state.fallback = true;
      break;
    } catch (error) {
      const failure = toFailure(error);
      // Deleted between the listing and the update: post a new one below.
      if (failure.status === 404) break;
      refused ??= failure;
      if (isForbidden(failure) || run.short === undefined) return { result: run.createFailed(failure, current) };
    }
  }
  return { updated, refused };
}

/**
 * `recreate` / `hide-and-recreate`: post first, then retire the old ones (deleted, or hidden as outdated), so a
 * failure never leaves the pull request without a report.
 */
async function recreateAndRetire(
  run: StickyRun,
  marked: IssueComment[],
  mode: 'recreate' | 'hide-and-recreate',
): Promise<StickyCommentResult> {
  const created = await run.create();
  if ('failure' in created) return run.createFailed(created.failure);
  if (mode === 'recreate') {
    await run.removeAll(marked);
  } else {
    for (const comment of marked.filter((c) => !isMinimized(c))) {
      const failure = await minimizeComment(run.octokit, comment.node_id);
      if (failure) run.sideNotes.push(`could not hide the older comment ${comment.id}: ${describeFailure(failure)}`);
    }
  }
  const reason = run.withNotes();
  const outcome = marked.length > 0 ? 'recreated' : 'created';
  return run.result(outcome, reason ? { comment: created.comment, reason } : { comment: created.comment });
}

/** GitHub may store line endings as CRLF and drop trailing whitespace; neither counts as a change. */
function normalise(body: string): string {
  return body.replace(/\r\n?/g, '\n').replace(/\s+$/, '');
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
