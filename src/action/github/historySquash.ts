/**
 * Keeping the history branch's size bounded over years (issue 47): every SQUASH_EVERY recording commits, the branch is
 * folded into one root commit with the same tree, so that a clone fetches the tree (the window's records and at most
 * ARCHIVE_MONTHS archive months) and the commits since the last squash, not every record ever pushed.
 *
 * GitHub's Git Data API has no compare-and-swap for a forced ref update (no force-with-lease): a bare forced update
 * from the tip T to the squashed commit S loses whatever another run committed on T in between. So the squash takes the
 * branch first, fast-forward only, with a lock commit L on T (same tree, message SQUASH_LOCK_MESSAGE): a run that
 * committed on T meanwhile makes that update fail (no squash this time; the next push tries again). Once L is the tip,
 * no recorder of this perfgate commits on it: a recorder that reads L as the tip waits (historyBranch.ts), and one that
 * read T before gets a non-fast-forward refusal and reads again. Then S is forced over L.
 *
 * A forced update refused (a branch protection that forbids it) or a lock that took longer than forceWithinMs is
 * released: a commit on L, fast-forward only, whose count starts again at 0, so the next try is SQUASH_EVERY later.
 * A run cancelled between L and S leaves L as the tip: its tree is the whole history, so readers are unaffected, and a
 * recorder that has seen the same L as the tip for lockStaleMs of its own clock commits on it as on any commit. For
 * that to never lose a record, the squasher forces only within forceWithinMs of sending L (else it leaves L), so that
 * its forced update was sent (and, within the request timeout, answered) before any recorder can call L stale:
 * lockStaleMs = forceWithinMs + 3 request timeouts. What is not covered: a perfgate older than this one, which knows no
 * lock, committing on L in the second between L and S; its record is then lost, without its run knowing.
 */
import type { GithubSession, Octokit } from './http.js';

/** The recording commits between two squashes: the branch holds at most this many commits. */
export const SQUASH_EVERY = 30;
/** The lock commit's message: the branch is being squashed. */
export const SQUASH_LOCK_MESSAGE = 'perfgate history: squashing (wait)';
/** The squashed root commit's message (then the count since it, in each recording commit's message). */
export const SQUASHED_MESSAGE = 'perfgate history: squashed';

/** The squasher forces S only within this long of sending the lock (its own clock). */
export function forceWithinMs(session: GithubSession): number {
  return session.requestTimeoutMs;
}

/** A lock seen as the tip for this long (a recorder's own clock) was left by a squasher that stopped: stale. */
export function lockStaleMs(session: GithubSession): number {
  return forceWithinMs(session) + 3 * session.requestTimeoutMs;
}

/** The recording commits since the last squash, as a commit's message counts them (0 when it does not). */
export function commitsSinceSquash(message: string): number {
  const match = /\[(\d+) since the last squash\]\s*$/.exec(message);
  return match ? Number(match[1]) : 0;
}

/** The tag a recording commit's message ends with: the count since the last squash. */
export function squashCountTag(count: number): string {
  return `[${count} since the last squash]`;
}

export function isSquashLock(message: string): boolean {
  return message === SQUASH_LOCK_MESSAGE;
}

export type SquashOutcome =
  | { outcome: 'squashed'; commit: string }
  /** Another run moved the branch first: not squashed this time, nothing lost. */
  | { outcome: 'raced' }
  /** The lock was taken but not within forceWithinMs: released by a commit on it, not squashed. */
  | { outcome: 'late' };

/**
 * Squashes the branch whose tip is `tip` (just committed by this run): the lock L on it, fast-forward only, then the
 * root commit S with its tree forced over L. A refusal of the lock as not a fast-forward is 'raced'; any other failure
 * throws, the lock released (the caller warns: the record is on the branch either way).
 */
export async function squashBranch(
  octokit: Octokit,
  { owner, repo, branch, session }: { owner: string; repo: string; branch: string; session: GithubSession },
  tip: { commit: string; tree: string },
  isLostRace: (error: unknown) => boolean,
): Promise<SquashOutcome> {
  const ref = `heads/${branch}`;
  const { data: root } = await octokit.rest.git.createCommit({
    owner,
    repo,
    message: SQUASHED_MESSAGE,
    tree: tip.tree,
    parents: [],
  });
  const { data: lock } = await octokit.rest.git.createCommit({
    owner,
    repo,
    message: SQUASH_LOCK_MESSAGE,
    tree: tip.tree,
    parents: [tip.commit],
  });
  const sent = session.clock.now();
  try {
    await octokit.rest.git.updateRef({ owner, repo, ref, sha: lock.sha, force: false });
  } catch (error) {
    if (isLostRace(error)) return { outcome: 'raced' };
    throw error;
  }
  // The lock is the tip: from here on, this run either forces S or releases the lock (never leaves it by choice).
  const release = async (why: string) => {
    const { data: released } = await octokit.rest.git.createCommit({
      owner,
      repo,
      message: `perfgate history: not squashed (${why}) ${squashCountTag(0)}`,
      tree: tip.tree,
      parents: [lock.sha],
    });
    await octokit.rest.git.updateRef({ owner, repo, ref, sha: released.sha, force: false });
  };
  if (session.clock.now() - sent > forceWithinMs(session)) {
    await release('the lock took too long');
    return { outcome: 'late' };
  }
  try {
    await octokit.rest.git.updateRef({ owner, repo, ref, sha: root.sha, force: true });
  } catch (error) {
    await release('the forced update was refused');
    throw error;
  }
  return { outcome: 'squashed', commit: root.sha };
}
