import {
  reviewerComment,
  statusComment,
  type ReviewerCommentLinks,
  type ReviewerCommentParts,
} from '../../engine/report/comment/reviewerComment.js';
import type { ReportWriter } from '../../pipeline/files.js';
import { COMMENT_BODY_FILE, COMMENT_META_FILE, type CommentMeta } from '../commentMode.js';
import { pullRequestRefs, requireRepository, type RunContext } from '../context.js';
import { commentMarker, MAX_COMMENT_BODY, upsertStickyComment } from '../github/comment.js';
import type { CommentSettings } from '../inputs.js';
import { logSafe } from '../logSafety.js';

/**
 * The sticky pull-request comment: the job summary's document, shortened to fit GitHub's limit
 * by cutting the least important parts first (never the failing comparison rows before the
 * rest), with a link to the run.
 */
export function commentOf(
  id: string,
  parts: ReviewerCommentParts,
  links: ReviewerCommentLinks,
  runUrl: string | undefined,
): { body: string; runUrl: string } | undefined {
  if (runUrl === undefined) return undefined;
  return {
    body: reviewerComment(parts, { ...links, runUrl }, MAX_COMMENT_BODY - commentMarker(id).length - 1),
    runUrl,
  };
}

/** For a workflow_run workflow with mode: comment (fork pull requests): the exact body, and what it is for. */
export function writeCommentFiles(writer: ReportWriter, body: string, meta: CommentMeta): void {
  writer.write(COMMENT_BODY_FILE, body + '\n');
  writer.write(COMMENT_META_FILE, JSON.stringify(meta, null, 2) + '\n');
}

export async function postComment(
  settings: CommentSettings,
  context: RunContext,
  failed: boolean,
  pullRequest: number,
  comment: { body: string; runUrl: string; short?: string },
): Promise<void> {
  if (settings.when === 'never') return;
  // With on-regression a pass posts nothing new, but corrects the ❌ (or errored) comment an earlier run left.
  const onlyReplace = settings.when === 'on-regression' && !failed;
  const { owner, repo } = requireRepository(context, 'the pull-request comment');
  const result = await upsertStickyComment({
    token: settings.token,
    session: context.github,
    ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
    owner,
    repo,
    issueNumber: pullRequest,
    body: comment.body,
    commentId: settings.id,
    mode: settings.mode,
    author: settings.author,
    fullReportUrl: comment.runUrl,
    onlyReplace,
    fallbackBody:
      comment.short ?? statusComment(failed ? 'fail' : 'pass', comment.runUrl, pullRequestRefs(context).commit),
  });
  if (result.outcome === 'skipped') {
    context.out.info(logSafe(`no pull-request comment: ${result.reason ?? 'nothing to replace'}`));
    return;
  }
  if (result.outcome === 'forbidden' || result.outcome === 'failed') {
    context.out.warning(`perfgate: no pull-request comment: ${result.reason ?? result.outcome}`);
    return;
  }
  if (result.reason) context.out.warning(`perfgate: ${result.reason}`);
  context.out.info(
    logSafe(
      `pull-request comment ${result.outcome}${result.url ? `: ${result.url}` : ''}${result.truncated ? ' (shortened to fit)' : ''}`,
    ),
  );
  if (result.commentId !== undefined) context.out.setOutput('comment-id', result.commentId);
  if (result.url !== undefined) context.out.setOutput('comment-url', result.url);
}
