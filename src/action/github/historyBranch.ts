/**
 * `history-branch`: the history records kept on a branch of the repository, where neither the
 * Actions cache's 7-day eviction nor an artifact's retention can lose them. One small file per run
 * under `history/` (the same `history-*.json` records as a history folder), written through the
 * Git Data API, fast-forward only; read back file by file with a read-only token.
 *
 * REST calls (all documented in GitHub's OpenAPI description, and checked against it in the tests):
 *   GET   /repos/{owner}/{repo}/git/ref/heads/{branch}                                    404: no branch yet
 *   GET   /repos/{owner}/{repo}/git/matching-refs/heads/                                  only when it is missing:
 *                                                                                        a misspelt name?
 *   GET   /repos/{owner}/{repo}/git/commits/{commit_sha}                                   the tip's tree
 *   GET   /repos/{owner}/{repo}/git/trees/{tree_sha}?recursive=1                           the records' blob ids
 *   GET   /repos/{owner}/{repo}/git/blobs/{file_sha}                                       a record GraphQL gave not in full
 *   POST  /repos/{owner}/{repo}/git/blobs, /git/trees, /git/commits                        writing only
 *   PATCH /repos/{owner}/{repo}/git/refs/heads/{branch} {force: false}, or POST /git/refs
 *   PATCH /repos/{owner}/{repo}/git/refs/heads/{branch} {force: true}                     only to squash
 * GraphQL (POST {apiUrl}/graphql; `/api/graphql` for a GHES `/api/v3` root):
 *   query { repository { b0: object(oid: …) { … on Blob { text isTruncated isBinary } } … } }
 *     the records not held yet, BLOBS_PER_QUERY at a time
 *
 * A pull request reads only the records its comparison reads (the newest `window`, by name: date,
 * then run id), so its history costs 3 REST requests and one GraphQL query per BLOBS_PER_QUERY
 * records, however many records the branch holds: 4 for the 30 a comparison reads. A push reads
 * the same window and the archive months (`history/archive-<yyyy>-<mm>.json`) of its records, one
 * GraphQL query more, folds the runs its window drops into them (pipeline/historyFolder.ts), and
 * removes the records beyond the window unread.
 *
 * Two runs recording at once: the second's ref update is not a fast-forward (422, or a 409 Conflict
 * on the commit or the ref update); it waits a random while, up to a bound that doubles each time (so that a
 * burst of runs spreads out instead of colliding again), reads the new tip, takes
 * in the records added and drops the ones removed since the tip it had, applies the window again
 * with its own record, and commits on the new tip. So both records are kept, and the window holds
 * on the branch whatever the order. Any other refusal is final at once.
 *
 * Every SQUASH_EVERY recording commits (each commit's message counts itself since the last squash), the push that
 * makes the last one folds the branch into one root commit with the same tree, so that the branch's git history stays
 * bounded (historySquash.ts: a lock commit, fast-forward only, then the forced update; a recorder that finds the lock
 * as the tip waits for the squashed root, and commits on it).
 *
 * A record on the branch that is not a valid record (truncated, hand-edited, a later format) is
 * skipped with a warning naming its path on the branch; it is neither copied nor removed.
 */
import { join } from 'node:path';
import { parseHistoryRecord } from '../../engine/history/codec.js';
import type { Files } from '../../pipeline/rootedFiles.js';
import { archiveFilesBeyondBound } from '../../engine/history/archive.js';
import { closestName, editDistance } from '../../engine/text/closest.js';
import {
  apiRoot,
  describeHttpFailure,
  githubClient,
  redact,
  toFailure,
  type HttpFailure,
  type Octokit,
} from './http.js';
import {
  HISTORY_BRANCH_FOLDER,
  archiveTexts,
  download,
  downloadArchives,
  localRecords,
  readTip,
  type HistoryBranchOptions,
  type Tip,
} from './historyTip.js';

import {
  commitsSinceSquash,
  isSquashLock,
  lockStaleMs,
  squashBranch,
  squashCountTag,
  SQUASH_EVERY,
} from './historySquash.js';

export { BLOBS_PER_QUERY, compareRecordNames } from './historyBlobs.js';

const NO_TIP: Tip = { commit: '', tree: '', message: '', records: new Map(), archives: new Map() };

export { HISTORY_BRANCH_FOLDER, type HistoryBranchOptions } from './historyTip.js';
/**
 * How often a record is committed again when concurrent runs move the branch under it. Every lost
 * race is another run's commit landing during the attempt, and each run commits once, so with this
 * many attempts up to this many concurrent recorders lose none, whatever the timing (a merge queue
 * landing a batch, re-runs of a workflow); the random waits make the burst take fewer. A squash moves
 * the branch too (its lock, then its root: historySquash.ts), once per SQUASH_EVERY commits, so a burst
 * of 64 that crosses a squash may lose a race twice more (the waits on a lock count no attempt).
 */
export const MAX_HISTORY_ATTEMPTS = 64;
/** The longest wait between two attempts, in units of retryBaseMs (seconds in production). */
const MAX_BACKOFF_UNITS = 16;
/**
 * GitHub refuses a file over 100 MiB on a push, and the Git Data API serves blobs up to 100 MB: a
 * record or an archive file over it is an error that says so, before anything is sent.
 */
export const GITHUB_FILE_LIMIT_BYTES = 100 * 1024 * 1024;

export type ReadHistoryResult =
  | { outcome: 'read'; commit: string; records: number; downloaded: number; skipped: number }
  /** The branch does not exist yet: nothing was ever recorded there. */
  | { outcome: 'missing' }
  | { outcome: 'failed'; reason: string };

export type WriteHistoryResult =
  | {
      outcome: 'written';
      /** The branch's commit that holds the record: the squashed root when this push squashed the branch. */
      commit: string;
      added: string[];
      removed: string[];
      attempts: number;
      /** The commits folded into one root commit by this push (historySquash.ts), when it squashed the branch. */
      squashed?: number;
      /** Why the squash due at this push was put off (another run moved the branch): a later push makes it. */
      squashSkipped?: string;
      /** Why the squash due at this push failed (a refused forced update): the record is on the branch either way. */
      squashFailed?: string;
    }
  | { outcome: 'failed'; reason: string };

/**
 * Edits between a history-branch that does not exist and one that does, that still read as a misspelling of it
 * (`perfgate-histroy` is 2 from `perfgate-history`). Fewer than the closest-name rule allows other names: branches of
 * one matrix (`perfgate-history-linux`, `perfgate-history-macos`) are meant to differ.
 */
export const MISSPELT_BRANCH_EDITS = 2;

export type MissingBranchCheck =
  /** No branch of a name this close holds records: nothing was recorded yet (or elsewhere, under another name). */
  | { outcome: 'none' }
  /** The branch of a name this close that holds records: what the input meant. */
  | { outcome: 'misspelt'; branch: string; records: number }
  | { outcome: 'failed'; reason: string };

/** Whether the branch exists: undefined when it cannot be read (then `reason`). */
export async function historyBranchExists(
  options: HistoryBranchOptions,
): Promise<{ exists: boolean } | { exists?: undefined; reason: string }> {
  const octokit = client(options);
  try {
    await octokit.rest.git.getRef({ owner: options.owner, repo: options.repo, ref: `heads/${options.branch}` });
    return { exists: true };
  } catch (error) {
    if (toFailure(error).status === 404) return { exists: false };
    return { reason: redact(`cannot read branch ${options.branch}: ${describe(toFailure(error))}`, options.token) };
  }
}

/**
 * For a history branch that does not exist: the branch it looks like a misspelling of, when that one holds records.
 * One request lists the repository's branches; the closest name within MISSPELT_BRANCH_EDITS is then read for records
 * (its tree, as a read does). Nothing else is guessed: a history under a name far from this one is not found here.
 */
export async function misspeltHistoryBranch(options: HistoryBranchOptions): Promise<MissingBranchCheck> {
  const octokit = client(options);
  const { owner, repo, branch } = options;
  try {
    const { data } = await octokit.rest.git.listMatchingRefs({ owner, repo, ref: 'heads/' });
    const names = data.map((ref) => ref.ref.replace(/^refs\/heads\//, '')).filter((name) => name !== branch);
    const near = closestName(branch, names);
    if (near === undefined || editDistance(branch.toLowerCase(), near.toLowerCase()) > MISSPELT_BRANCH_EDITS)
      return { outcome: 'none' };
    const tip = await readTip(octokit, { ...options, branch: near });
    return tip !== undefined && tip.records.size > 0
      ? { outcome: 'misspelt', branch: near, records: tip.records.size }
      : { outcome: 'none' };
  } catch (error) {
    return {
      outcome: 'failed',
      reason: redact(`cannot list the branches near ${branch}: ${describe(toFailure(error))}`, options.token),
    };
  }
}

/** Copies the branch's records into the folder (records already there with those names are kept). */
export async function readHistoryBranch(options: HistoryBranchOptions): Promise<ReadHistoryResult> {
  const octokit = client(options);
  try {
    const tip = await readTip(octokit, options);
    if (!tip) return { outcome: 'missing' };
    const skipped = new Set<string>();
    const downloaded = await download(
      octokit,
      options,
      tip,
      new Set(localRecords(options.files, options.folder)),
      skipped,
      options.window,
    );
    return { outcome: 'read', commit: tip.commit, records: tip.records.size, downloaded, skipped: skipped.size };
  } catch (error) {
    return {
      outcome: 'failed',
      reason: redact(`cannot read branch ${options.branch}: ${describe(toFailure(error))}`, options.token),
    };
  }
}

/**
 * Commits the folder's records to the branch: `record` is called on a folder that holds the
 * records of the branch's tip (with `window`, only the newest `window` of them), and those the
 * folder held before, and writes this run's record into it, applying the window; whatever it
 * leaves is what the branch holds after this commit. So a push reads the tip, its tree and the
 * window's records (one GraphQL query per BLOBS_PER_QUERY), however many records the branch holds.
 */
export async function writeHistoryBranch(
  options: HistoryBranchOptions,
  record: () => void,
): Promise<WriteHistoryResult> {
  const octokit = client(options);
  const { owner, repo, branch, folder, files } = options;
  const fail = (what: string, error: unknown): WriteHistoryResult => ({
    outcome: 'failed',
    reason: redact(`${what}: ${describe(toFailure(error))}`, options.token),
  });
  let previous: Tip | undefined;
  let lastConflict = '';
  // Records of the branch that are not valid records: left on the branch as they are.
  const skipped = new Set<string>();
  // Blobs already created (name → content and sha): an attempt after a lost race does not create them again.
  const blobs = new Map<string, { content: string; sha: string }>();
  // A squash's lock seen as the tip: its commit, and when this run first saw it (its own clock).
  let lock: { commit: string; since: number } | undefined;
  for (let attempt = 1; attempt <= MAX_HISTORY_ATTEMPTS; attempt++) {
    if (attempt > 1) await waitBeforeRetry(options, attempt);
    let tip: Tip | undefined;
    let tipArchives: Map<string, string>;
    try {
      tip = await readTip(octokit, options);
      // Another run is squashing the branch (historySquash.ts): wait for its root commit, without counting an attempt,
      // unless the same lock has been the tip for lockStaleMs (its run stopped): then it is a commit like any other.
      // It polls every 2, 4, 8, then 16 retry units: a squash takes a second, a stale lock some 10 reads of the tip.
      for (let polls = 1; tip && isSquashLock(tip.message); polls++) {
        if (lock?.commit !== tip.commit) lock = { commit: tip.commit, since: options.session.clock.now() };
        if (options.session.clock.now() - lock.since >= lockStaleMs(options.session)) break;
        await options.session.clock.sleep(Math.min(MAX_BACKOFF_UNITS, 2 ** polls) * options.session.retryBaseMs);
        tip = await readTip(octokit, options);
      }
      // Records another run removed since the tip this run built on are removed here too.
      for (const name of previous?.records.keys() ?? [])
        if (!tip?.records.has(name)) files.removePath(join(folder, name));
      // With a window, only the newest `window` + 1 records (the one more: after a lost race this run's own record is
      // already in the folder, and the record it then drops must be read to be archived): every older one is beyond
      // the window once this run's record is added, so it is removed below without being read.
      if (tip) {
        const reading = options.window === undefined ? undefined : options.window + 1;
        await download(octokit, options, tip, new Set(previous?.records.keys() ?? []), skipped, reading);
      }
      tipArchives = tip ? await downloadArchives(octokit, options, tip) : new Map();
    } catch (error) {
      return fail(`cannot read branch ${branch}`, error);
    }
    files.makeFolder(folder);
    record();
    const local = new Set(localRecords(files, folder));
    // A bad record left in the folder (a restored cache, a hand edit) is never pushed to the branch; record() warned of
    // it.
    const added = [...local]
      .filter((name) => !tip?.records.has(name) && isValidRecord(files, join(folder, name)))
      .sort();
    const removed = [...(tip?.records.keys() ?? [])].filter((name) => !local.has(name) && !skipped.has(name)).sort();
    // The archive months that differ from the tip's (record() folded runs into them), new months, and the months beyond
    // the archive's bound. A month of the branch that was not read is never pushed over.
    const archives = archiveTexts(files, folder);
    for (const [name, text] of archives)
      if (tipArchives.has(name) ? tipArchives.get(name) !== text : !tip?.archives.has(name)) added.push(name);
    removed.push(
      ...archiveFilesBeyondBound([...(tip?.archives.keys() ?? []), ...archives.keys()]).filter((name) =>
        tip?.archives.has(name),
      ),
    );
    if (added.length === 0 && removed.length === 0 && tip)
      return { outcome: 'written', commit: tip.commit, added, removed, attempts: attempt };
    // This commit's count since the branch was last squashed (a commit of an older perfgate counts none).
    const count = commitsSinceSquash(tip?.message ?? '') + 1;
    let commit: string;
    let tree: string;
    try {
      ({ commit, tree } = await commitRecords(octokit, options, tip, added, removed, blobs, count));
    } catch (error) {
      if (isConflict(toFailure(error))) {
        lastConflict = describe(toFailure(error));
        previous = tip ?? NO_TIP;
        continue;
      }
      return fail(`cannot commit to branch ${branch}`, error);
    }
    try {
      if (tip) await octokit.rest.git.updateRef({ owner, repo, ref: `heads/${branch}`, sha: commit, force: false });
      else await octokit.rest.git.createRef({ owner, repo, ref: `refs/heads/${branch}`, sha: commit });
    } catch (error) {
      const failure = toFailure(error);
      if (!isLostRace(failure))
        return fail(tip ? `cannot update branch ${branch}` : `cannot create branch ${branch}`, error);
      // Another run moved (or created) the branch first: merge its records and commit again.
      lastConflict = describe(failure);
      previous = tip ?? NO_TIP;
      continue;
    }
    const written = { outcome: 'written' as const, commit, added, removed, attempts: attempt };
    return count < SQUASH_EVERY
      ? written
      : { ...written, ...(await squash(octokit, options, { commit, tree }, count)) };
  }
  return {
    outcome: 'failed',
    reason: redact(
      `branch ${branch} kept moving: gave up after ${MAX_HISTORY_ATTEMPTS} attempts (${lastConflict})`,
      options.token,
    ),
  };
}

/** The squash due at this run's commit (`count` since the last): what the result adds, never a failure. */
async function squash(
  octokit: Octokit,
  options: HistoryBranchOptions,
  tip: { commit: string; tree: string },
  count: number,
): Promise<{ commit?: string; squashed?: number; squashSkipped?: string; squashFailed?: string }> {
  try {
    const done = await squashBranch(octokit, options, tip, (error) => isLostRace(toFailure(error)));
    if (done.outcome === 'squashed') return { commit: done.commit, squashed: count };
    return {
      squashSkipped:
        done.outcome === 'raced'
          ? 'another run committed first; a later push squashes it'
          : 'taking the branch took too long; a later push squashes it',
    };
  } catch (error) {
    return { squashFailed: redact(describe(toFailure(error)), options.token) };
  }
}

/** The wait before another attempt: the options' backoff, else full jitter on the session's clock. */
async function waitBeforeRetry(options: HistoryBranchOptions, attempt: number): Promise<void> {
  const session = options.session;
  const wait = options.backoffMs ? options.backoffMs(attempt) : jitteredBackoff(attempt, session.retryBaseMs);
  await session.clock.sleep(wait);
}

/**
 * Commits the added records (a blob each) and the removed ones onto the tip's tree (or a new root), the message ending
 * with the count since the last squash, and returns the commit's sha and its tree's. The branch is not moved.
 */
async function commitRecords(
  octokit: Octokit,
  { owner, repo, folder, files }: HistoryBranchOptions,
  tip: Tip | undefined,
  added: readonly string[],
  removed: readonly string[],
  blobs: Map<string, { content: string; sha: string }>,
  count: number,
): Promise<{ commit: string; tree: string }> {
  const entries: { path: string; mode: '100644'; type: 'blob'; sha: string | null }[] = [];
  for (const name of added) {
    const bytes = files.readBytes(join(folder, name));
    if (bytes.length > GITHUB_FILE_LIMIT_BYTES)
      throw new Error(
        `${HISTORY_BRANCH_FOLDER}/${name} is ${(bytes.length / 1024 / 1024).toFixed(1)} MiB, over GitHub's 100 MiB limit for a file (pushes refuse it, and the Git Data API serves blobs up to 100 MB)`,
      );
    const content = bytes.toString('base64');
    let blob = blobs.get(name);
    if (blob?.content !== content) {
      const { data } = await octokit.rest.git.createBlob({ owner, repo, content, encoding: 'base64' });
      blob = { content, sha: data.sha };
      blobs.set(name, blob);
    }
    entries.push({ path: `${HISTORY_BRANCH_FOLDER}/${name}`, mode: '100644', type: 'blob', sha: blob.sha });
  }
  for (const name of removed)
    entries.push({ path: `${HISTORY_BRANCH_FOLDER}/${name}`, mode: '100644', type: 'blob', sha: null });
  const tree = await octokit.rest.git.createTree({
    owner,
    repo,
    ...(tip ? { base_tree: tip.tree } : {}),
    tree: entries,
  });
  const message = `perfgate history: ${added.length > 0 ? `add ${added.join(', ')}` : 'no new record'}${removed.length > 0 ? `; drop ${removed.length} beyond the window` : ''} ${squashCountTag(count)}`;
  const created = await octokit.rest.git.createCommit({
    owner,
    repo,
    message,
    tree: tree.data.sha,
    parents: tip ? [tip.commit] : [],
  });
  return { commit: created.data.sha, tree: tree.data.sha };
}

/**
 * The refusals that mean another run moved the branch first: GitHub's 422 "Update is not a fast
 * forward" on PATCH, "Reference already exists" on POST when two runs create the branch, and any
 * 409 Conflict (GitHub's answer while concurrent writes to the repository settle). Any other 422
 * (an invalid ref name, a missing object) would only fail again: it is final at once.
 */
export function isLostRace(failure: HttpFailure): boolean {
  return (
    isConflict(failure) ||
    (failure.status === 422 && /not a fast[- ]forward|reference already exists/i.test(failure.message))
  );
}

/** A 409 Conflict: the repository changed under the request; reading and committing again may succeed. */
function isConflict(failure: HttpFailure): boolean {
  return failure.status === 409;
}

/** Full jitter: a random wait up to a bound that doubles from a quarter unit, at most MAX_BACKOFF_UNITS. */
function jitteredBackoff(attempt: number, retryBaseMs: number): number {
  return Math.random() * Math.min(MAX_BACKOFF_UNITS, 0.25 * 2 ** (attempt - 2)) * retryBaseMs;
}

function isValidRecord(files: Files, file: string): boolean {
  try {
    parseHistoryRecord(files.readText(file), file);
    return true;
  } catch {
    return false;
  }
}

function client(options: HistoryBranchOptions): Octokit {
  return githubClient(options.token, apiRoot(options.apiUrl), {
    session: options.session,
    ...(options.warn ? { warn: options.warn } : {}),
  });
}

function describe(failure: HttpFailure): string {
  return describeHttpFailure(failure, {
    403: 'the token may not do this; reading the history needs contents: read, recording it contents: write',
    404: 'no such repository, or no access to it',
  });
}
