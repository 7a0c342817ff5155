/**
 * Recorders that race each other at the moment the window rolls into a new archive month (issue 47): the branch holds
 * a full window of October's runs and no archive yet; 16 (and 32) recorders push November's runs at once, each
 * pushing the oldest record it holds out of the window into `archive-2026-10.json`, a month file none of them found
 * on the branch. Every run must be found afterwards exactly once: in the window or in its month of the archive.
 * The writers are calls of writeHistoryBranch in this process, each with its own folder and record, as jobs on their
 * runners are, against the loopback Git Data API (github-git-fake.ts), which perfgate writes the branch through.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { FakeGitGitHub } from './helpers/github-git-fake.js';
import { testSession } from './helpers/github-session.js';
import { makeTempDir, removeTempDirs } from './helpers/runner-action.js';
import { volume } from './helpers/volume.js';
import { placesOnTip, runOf } from './helpers/history-branch-runs.js';
import { writeHistoryBranch } from '../src/action/github/historyBranch.js';
import { renderHistoryRecord } from '../src/engine/history/codec.js';
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

/** One run a day (the archive keeps a day's newest run): October's from the 22nd, then November's from the 1st. */
const october = (i: number) => runOf(1000 + i, new Date(Date.UTC(2026, 9, 22 + i, 6)));
const november = (i: number) => runOf(2000 + i, new Date(Date.UTC(2026, 10, 1 + i, 6)));

describe('recorders racing an archive roll', () => {
  // 32 at once in npm run test:full only: 16 already race every push against a month file none of them found.
  test.each(volume([16], [16, 32]))(
    '%i recorders push as October rolls into the archive: every run is found exactly once',
    async (count) => {
      git = await new FakeGitGitHub({ owner: 'octo', repo: 'bench' }).start();
      const seeded = Array.from({ length: WINDOW }, (_, i) => october(i));
      git.seed(
        BRANCH,
        Object.fromEntries(seeded.map((r) => [`history/${historyFileName(r)}`, Buffer.from(renderHistoryRecord(r))])),
      );
      const session = testSession();
      const pushed = Array.from({ length: count }, (_, i) => november(i));
      const results = await Promise.all(
        pushed.map((mine) => {
          const folder = join(makeTempDir('perfgate-roll-'), 'history');
          const options = { token: TOKEN, apiUrl: git!.apiUrl, owner: 'octo', repo: 'bench', branch: BRANCH };
          return writeHistoryBranch(
            { ...options, folder, session, files: rootedFiles(tmpdir()), window: WINDOW },
            () => {
              appendHistoryRecord(cwdFiles, folder, mine, WINDOW);
            },
          );
        }),
      );
      const lost = results.filter((r) => r.outcome !== 'written');
      const attempts = results.map((r) => (r.outcome === 'written' ? r.attempts : 0));
      process.stderr.write(
        `perfgate tests: history-branch: ${count} recorders at an archive roll: ${lost.length} lost, at most ${Math.max(...attempts)} attempts\n`,
      );
      expect(lost).toEqual([]);
      expect(git.problems).toEqual([]);
      const places = placesOnTip(git!, BRANCH);
      const all = [...seeded, ...pushed];
      // Each run once, and where it belongs: the newest WINDOW in the window, every older one in its month.
      const expected = new Map(
        all.map((r, k) => [r.runId, [k >= all.length - WINDOW ? 'window' : `archive-${r.date.slice(0, 7)}.json`]]),
      );
      expect(places).toEqual(expected);
    },
    300_000,
  );
});
