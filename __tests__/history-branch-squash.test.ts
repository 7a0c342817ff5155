/**
 * The history branch squashed (issue 47, item 6): every SQUASH_EVERY recording commits, the push that makes the last
 * one folds the branch into one root commit with the same tree (src/action/github/historySquash.ts), taking it first
 * with a lock commit, fast-forward only, since GitHub's Git Data API has no force-with-lease. Pushes are calls of
 * writeHistoryBranch in this process, as jobs on their runners are, against the loopback Git Data API
 * (github-git-fake.ts), whose every request is checked against GitHub's OpenAPI description.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { FakeGitGitHub, type FakeGitCommit, type FakeGitOptions } from './helpers/github-git-fake.js';
import { testSession } from './helpers/github-session.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { placesOnTip, runOf } from './helpers/history-branch-runs.js';
import { makeTempDir, pushEventEnv, removeTempDirs, repoRoot } from './helpers/runner-action.js';
import { writeHistoryBranch, type WriteHistoryResult } from '../src/action/github/historyBranch.js';
import {
  commitsSinceSquash,
  SQUASH_EVERY,
  SQUASH_LOCK_MESSAGE,
  SQUASHED_MESSAGE,
} from '../src/action/github/historySquash.js';
import type { GithubSession } from '../src/action/github/http.js';
import { renderHistoryRecord } from '../src/engine/history/codec.js';
import type { HistoryRecord } from '../src/engine/history/record.js';
import { historyFileName } from '../src/engine/history/window.js';
import { appendHistoryRecord } from '../src/pipeline/historyFolder.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';
import { cwdFiles } from './helpers/shared.js';

const TOKEN = 'ghs_historyWRITE0123456789abcdefghijk';
const BRANCH = 'perfgate-history';
const WINDOW = 10;

let git: FakeGitGitHub | undefined;
afterEach(async () => {
  await git?.stop();
  git = undefined;
});
afterAll(removeTempDirs);

/** One run a day: October's from the 1st, November's from the 1st. */
const october = (i: number) => runOf(1000 + i, new Date(Date.UTC(2026, 9, 1 + i, 6)));
const november = (i: number) => runOf(2000 + i, new Date(Date.UTC(2026, 10, 1 + i, 6)));

async function serve(options: Partial<FakeGitOptions> = {}): Promise<FakeGitGitHub> {
  git = await new FakeGitGitHub({ owner: 'octo', repo: 'bench', ...options }).start();
  return git;
}

/** The branch seeded with these runs' records, its tip's message `message`. */
function seedRuns(runs: readonly HistoryRecord[], message: string): string {
  return git!.seed(
    BRANCH,
    Object.fromEntries(runs.map((r) => [`history/${historyFileName(r)}`, Buffer.from(renderHistoryRecord(r))])),
    message,
  );
}

/** One run's push, as the action's: its own folder, its record appended within the window. */
function push(run: HistoryRecord, session: GithubSession = testSession()): Promise<WriteHistoryResult> {
  const folder = join(makeTempDir('perfgate-squash-'), 'history');
  const options = { token: TOKEN, apiUrl: git!.apiUrl, owner: 'octo', repo: 'bench', branch: BRANCH };
  return writeHistoryBranch({ ...options, folder, session, files: rootedFiles(tmpdir()), window: WINDOW }, () => {
    appendHistoryRecord(cwdFiles, folder, run, WINDOW);
  });
}

/** Each run in the window when among the newest WINDOW, else in its month of the archive. */
function expectedPlaces(all: readonly HistoryRecord[]): Map<string, string[]> {
  return new Map(
    all.map((r, k) => [r.runId, [k >= all.length - WINDOW ? 'window' : `archive-${r.date.slice(0, 7)}.json`]]),
  );
}

const tagOf = (c: FakeGitCommit) => commitsSinceSquash(c.message);

describe('history-branch: squashed every SQUASH_EVERY commits', () => {
  test(`the ${SQUASH_EVERY}th push folds the branch into one root commit with the same files; the next builds on it`, async () => {
    await serve();
    const runs = Array.from({ length: SQUASH_EVERY + 1 }, (_, i) => october(i));
    const results: WriteHistoryResult[] = [];
    for (const run of runs.slice(0, SQUASH_EVERY)) results.push(await push(run));
    // Each push's commit counts itself since the last squash (a branch no squash made counts from its start).
    expect(results.map((r) => (r.outcome === 'written' ? (r.squashed ?? 0) : -1))).toEqual([
      ...Array<number>(SQUASH_EVERY - 1).fill(0),
      SQUASH_EVERY,
    ]);
    const last = results.at(-1)!;
    if (last.outcome !== 'written') throw new Error(`the last push was not written: ${last.reason}`);
    const [root, ...rest] = git!.history(BRANCH);
    expect(rest).toEqual([]);
    expect(root).toMatchObject({ sha: last.commit, parents: [], message: SQUASHED_MESSAGE });
    // The same tree as the last recording commit, which the lock commit (unreachable now) sat on.
    const lock = [...git!.commits.values()].find((c) => c.message === SQUASH_LOCK_MESSAGE)!;
    const recorded = git!.commits.get(lock.parents[0]!)!;
    expect(tagOf(recorded)).toBe(SQUASH_EVERY);
    expect(root!.tree).toBe(recorded.tree);
    expect(lock.tree).toBe(recorded.tree);
    expect(placesOnTip(git!, BRANCH)).toEqual(expectedPlaces(runs.slice(0, SQUASH_EVERY)));

    const next = await push(runs[SQUASH_EVERY]!);
    expect(next).toMatchObject({ outcome: 'written', attempts: 1 });
    expect(next).not.toHaveProperty('squashed');
    const after = git!.history(BRANCH);
    expect(after.map((c) => [c.parents.length, tagOf(c)])).toEqual([
      [1, 1],
      [0, 0],
    ]);
    expect(placesOnTip(git!, BRANCH)).toEqual(expectedPlaces(runs));
    expect(git!.problems).toEqual([]);
  }, 120_000);

  test('16 recorders racing the squash (the branch at its last commit before one) lose nothing', async () => {
    await serve();
    const seeded = Array.from({ length: WINDOW }, (_, i) => october(20 + i));
    seedRuns(seeded, `perfgate history: add … [${SQUASH_EVERY - 1} since the last squash]`);
    const pushed = Array.from({ length: 16 }, (_, i) => november(i));
    const session = testSession();
    const results = await Promise.all(pushed.map((run) => push(run, session)));
    expect(results.filter((r) => r.outcome !== 'written')).toEqual([]);
    expect(git!.problems).toEqual([]);
    const squashes = results.filter((r) => r.outcome === 'written' && r.squashed !== undefined);
    process.stderr.write(
      `perfgate tests: history-branch: 16 recorders racing a squash: ${squashes.length} squash(es), ` +
        `${results.filter((r) => r.outcome === 'written' && r.squashSkipped !== undefined).length} put off\n`,
    );
    expect(squashes.length).toBe(1);
    // Every run once, where it belongs; the branch is the squashed root and one commit per push since, counted.
    expect(placesOnTip(git!, BRANCH)).toEqual(expectedPlaces([...seeded, ...pushed]));
    const line = git!.history(BRANCH).reverse();
    expect(line[0]).toMatchObject({ parents: [], message: SQUASHED_MESSAGE });
    expect(line.map(tagOf)).toEqual(line.map((_, k) => k));
    expect(line.some((c) => c.message === SQUASH_LOCK_MESSAGE)).toBe(false);
  }, 300_000);

  test('a recorder that finds a squash under way waits for its root commit, then commits on it', async () => {
    await serve();
    const seeded = Array.from({ length: WINDOW }, (_, i) => october(i));
    const recorded = seedRuns(seeded, `perfgate history: add … [${SQUASH_EVERY} since the last squash]`);
    const fake = git!;
    const tree = fake.commits.get(recorded)!.tree;
    const lock = fake.seed(BRANCH, {}, SQUASH_LOCK_MESSAGE);
    expect(fake.commits.get(lock)!.tree).toBe(tree);
    // The squasher's forced update lands while the recorder waits (it polls the tip every 2 retry units).
    const pushing = push(november(0));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.refs.get(`refs/heads/${BRANCH}`)).toBe(lock);
    const root = fake.seed('squashed', Object.fromEntries(fake.files(lock)), SQUASHED_MESSAGE);
    fake.refs.set(`refs/heads/${BRANCH}`, root);
    const result = await pushing;
    expect(result).toMatchObject({ outcome: 'written', attempts: 1 });
    expect(fake.history(BRANCH).map((c) => [c.parents, tagOf(c)])).toEqual([
      [[root], 1],
      [[], 0],
    ]);
    expect(placesOnTip(git!, BRANCH)).toEqual(expectedPlaces([...seeded, november(0)]));
    expect(fake.problems).toEqual([]);
  }, 60_000);

  test('a lock left by a squash that stopped is stale after lockStaleMs of the recorder’s clock: it commits on it', async () => {
    await serve();
    const seeded = Array.from({ length: WINDOW }, (_, i) => october(i));
    seedRuns(seeded, 'seed');
    const lock = git!.seed(BRANCH, {}, SQUASH_LOCK_MESSAGE);
    // lockStaleMs is forceWithinMs + 3 request timeouts: 4 × 500 ms here.
    const session = testSession({ requestTimeoutMs: 500 });
    const started = Date.now();
    const result = await push(november(0), session);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(result).toMatchObject({ outcome: 'written', attempts: 1 });
    expect(git!.history(BRANCH)[0]!.parents).toEqual([lock]);
    expect(placesOnTip(git!, BRANCH)).toEqual(expectedPlaces([...seeded, november(0)]));
  }, 60_000);

  test('a branch that refuses forced updates: the record is kept, the lock released, the next try SQUASH_EVERY later', async () => {
    await serve({ refuseForce: true });
    const seeded = Array.from({ length: WINDOW }, (_, i) => october(i));
    seedRuns(seeded, `perfgate history: add … [${SQUASH_EVERY - 1} since the last squash]`);
    const result = await push(november(0));
    expect(result).toMatchObject({ outcome: 'written', attempts: 1 });
    if (result.outcome !== 'written') return;
    expect(result.squashFailed).toMatch(/422.*Cannot force-push to this branch/);
    expect(result).not.toHaveProperty('squashed');
    const [released, lock, recorded] = git!.history(BRANCH);
    expect(lock!.message).toBe(SQUASH_LOCK_MESSAGE);
    expect([tagOf(released!), tagOf(recorded!)]).toEqual([0, SQUASH_EVERY]);
    expect(released!.message).toMatch(/^perfgate history: not squashed \(the forced update was refused\)/);
    expect(new Set([released!.tree, lock!.tree, recorded!.tree]).size).toBe(1);
    // The next push is not held by the lock, and counts from the release.
    const next = await push(november(1));
    expect(next).toMatchObject({ outcome: 'written', attempts: 1 });
    expect(tagOf(git!.history(BRANCH)[0]!)).toBe(1);
    expect(placesOnTip(git!, BRANCH)).toEqual(expectedPlaces([...seeded, november(0), november(1)]));
    expect(git!.problems).toEqual([]);
  }, 60_000);

  describe('the action says what the squash did', () => {
    const inputs = {
      results: join(repoRoot, 'fixtures', 'example', 'results'),
      'record-history': 'history',
      'history-branch': BRANCH,
      'github-token': TOKEN,
      charts: 'false',
      'upload-report': 'false',
    };
    const env = () =>
      pushEventEnv(3001, '2026-11-20T06:00:00Z', { GITHUB_API_URL: git!.apiUrl, PERFGATE_RETRY_BASE_MS: '1' });

    test('a push that squashes logs it, and its record is on the squashed root', async () => {
      await serve();
      seedRuns([october(0)], `perfgate history: add … [${SQUASH_EVERY - 1} since the last squash]`);
      const run = await runActionInProcess(inputs, { env: env() });
      expect(run.status).toBe(0);
      expect(run.outputs['history-recorded']).toBe('true');
      expect(run.stdout).toContain(
        `history: branch ${BRANCH} squashed: its last ${SQUASH_EVERY} commits folded into one with the same files`,
      );
      expect(git!.history(BRANCH).map((c) => c.message)).toEqual([SQUASHED_MESSAGE]);
      expect([...placesOnTip(git!, BRANCH).keys()].sort()).toEqual(['1000', '3001']);
      expect(run.commands.filter((c) => c.command === 'warning')).toEqual([]);
    }, 60_000);

    test('a branch that refuses forced updates: a warning that says so, and history-recorded true', async () => {
      await serve({ refuseForce: true });
      seedRuns([october(0)], `perfgate history: add … [${SQUASH_EVERY - 1} since the last squash]`);
      const run = await runActionInProcess(inputs, { env: env() });
      expect(run.status).toBe(0);
      expect(run.outputs['history-recorded']).toBe('true');
      expect(run.commands.filter((c) => c.command === 'warning').map((c) => c.message)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^perfgate: history: branch ${BRANCH} could not be squashed: HTTP 422 \\(Cannot force-push to this branch\\)\\. The record is on it, but`,
          ),
        ),
      ]);
      expect([...placesOnTip(git!, BRANCH).keys()].sort()).toEqual(['1000', '3001']);
    }, 60_000);
  });
});
