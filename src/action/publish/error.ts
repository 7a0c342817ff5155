import { describeError, InputError, isUserError } from '../../engine/errors.js';
import { erroredComment, statusComment } from '../../engine/report/comment/reviewerComment.js';
import { pullRequestRefs, type RunContext } from '../context.js';
import { commentSettings, readMode, type CommentSettings } from '../inputs.js';
import { postComment } from './comment.js';
import { writeJobSummary } from './summary.js';
import { completeCheck, type CheckHandle } from './checkRun.js';

/**
 * Fails the job for an error: a bad input file as one annotation at its file, line and column, a
 * user error as its message, anything else as the bug it is; then says so wherever the run reports.
 */
export async function publishError(error: unknown, context: RunContext, check?: CheckHandle): Promise<void> {
  let summary: string;
  if (error instanceof InputError && error.place) {
    // One annotation at the file, line and column (setFailed would add a second, unplaced one).
    const { file, line, column } = error.place;
    context.out.error(`perfgate: ${describeError(error)}`, {
      file,
      startLine: line,
      startColumn: column,
      title: 'perfgate: bad input',
    });
    context.out.fail();
    summary = describeError(error);
  } else if (isUserError(error)) {
    context.out.setFailed(`perfgate: ${describeError(error)}`);
    summary = describeError(error);
  } else {
    context.out.setFailed(
      `perfgate: internal error (a bug, please report it): ${(error as Error)?.stack ?? String(error)}`,
    );
    summary = `internal error (a bug, please report it): ${(error as Error)?.message ?? String(error)}`;
  }
  // Fails closed: the Check in progress says the run errored.
  await completeCheck(check, context, {
    conclusion: 'failure',
    title: 'perfgate errored: nothing was gated',
    summary: erroredMarkdown(summary, context.runUrl, pullRequestRefs(context).commit),
    annotations: [],
  });
  await publishErrored(summary, context);
}

/** What a pull request and the job summary show for a run that errored. */
export const erroredMarkdown = erroredComment;

/**
 * A run that errored decided nothing: the job summary and the pull-request comment say so, so an
 * earlier ✅ or ❌ comment never stands for this run. Best effort: this never throws.
 */
async function publishErrored(message: string, context: RunContext): Promise<void> {
  if (readModeOrGate(context) === 'comment') return; // that mode posts another run's report
  const runUrl = context.runUrl;
  await writeJobSummary(context, erroredMarkdown(message, runUrl));
  let settings: CommentSettings;
  try {
    settings = commentSettings(context);
  } catch {
    return; // the comment inputs themselves are invalid: the error above says which
  }
  const pullRequest = context.pullRequest;
  if (pullRequest === undefined || runUrl === undefined) return;
  try {
    // The comment names the commit, so that a comment left standing by a later failure is recognised as stale.
    const commit = pullRequestRefs(context).commit;
    await postComment(settings, context, true, pullRequest, {
      body: erroredMarkdown(message, runUrl, commit),
      runUrl,
      short: statusComment('error', runUrl, commit),
    });
  } catch (error) {
    context.out.warning(`perfgate: no pull-request comment: ${describeError(error)}`);
  }
}

function readModeOrGate(context: RunContext): 'gate' | 'comment' {
  try {
    return readMode(context);
  } catch {
    return 'gate';
  }
}
