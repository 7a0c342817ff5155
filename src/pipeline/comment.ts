/**
 * comment.md: the reviewer comment the action would post, written by the CLI into the report
 * folder so that any CI (GitLab, Jenkins, Buildkite) can post it as a merge-request note.
 */
import {
  erroredComment,
  reviewerComment,
  type ReviewerCommentLinks,
  type ReviewerCommentParts,
} from '../engine/report/comment/reviewerComment.js';
import { describeError } from '../engine/errors.js';
import type { Files } from './rootedFiles.js';

export const COMMENT_FILE = 'comment.md';

/** Which charts go into the comment: on a failing gate (the default, as the action), always, or never. */
export type CommentCharts = 'failing' | 'always' | 'never';
export const COMMENT_CHARTS: readonly CommentCharts[] = ['failing', 'always', 'never'];

/**
 * Writes comment.md into `outputDir` and returns its path. `where` names the report file that
 * holds every row (report.md, comparison.md) and whether CSV files and report.html were written.
 */
export function writeReviewerComment(
  files: Files,
  outputDir: string,
  parts: ReviewerCommentParts,
  failed: boolean,
  commentCharts: CommentCharts,
  where: Pick<ReviewerCommentLinks, 'fullReport' | 'reportHtml' | 'csvFiles'> = {},
): string {
  const withCharts = commentCharts === 'always' || (commentCharts === 'failing' && failed);
  const { charts, ...rest } = parts;
  const body = reviewerComment(
    { ...rest, ...(withCharts && charts !== undefined ? { charts } : {}) },
    { reportFolder: true, ...where },
  );
  return files.reportWriter(outputDir).write(COMMENT_FILE, body + '\n');
}

/**
 * Runs `work` (a check or a comparison that writes into `outputDir`); when it throws and the
 * folder exists, comment.md says the run errored before the error goes on, so that a comment.md
 * an earlier run left there is never posted for this one. Best effort: the folder may be the error.
 */
export function erroredCommentOnFailure<T>(files: Files, outputDir: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    try {
      if (files.stat(outputDir).isDirectory())
        files.reportWriter(outputDir).write(COMMENT_FILE, erroredComment(describeError(error)));
    } catch {
      // No folder to write into: the error itself says why.
    }
    throw error;
  }
}
