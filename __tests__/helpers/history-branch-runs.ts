/**
 * Runs and where they sit on a history branch, for the tests that push records through the loopback Git Data API
 * (history-branch-archive-race, history-branch-squash).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FakeGitGitHub } from './github-git-fake.js';
import { repoRoot } from './runner-action.js';
import { parseArchive } from '../../src/engine/history/archive.js';
import { parseHistoryRecord } from '../../src/engine/history/codec.js';
import type { HistoryRecord } from '../../src/engine/history/record.js';

/** A real record (fixtures/history: a Go suite, 6 metrics). */
const base = parseHistoryRecord(
  readFileSync(join(repoRoot, 'fixtures', 'history', 'history-2026-03-02T10-00-00.000Z-202.json'), 'utf8'),
  'base',
);

/** The real record as run `runId` of `date`. */
export function runOf(runId: number, date: Date): HistoryRecord {
  return {
    ...base,
    sha: runId.toString(16).padStart(40, 'c'),
    date: date.toISOString(),
    runId: String(runId),
    runUrl: `https://github.com/octo/bench/actions/runs/${runId}`,
  };
}

/** Where each run id is on the branch's tip: `window`, or the archive month file that holds it. */
export function placesOnTip(git: FakeGitGitHub, branch: string): Map<string, string[]> {
  const places = new Map<string, string[]>();
  const at = (runId: string, place: string) => places.set(runId, [...(places.get(runId) ?? []), place]);
  const tip = git.history(branch)[0];
  if (tip === undefined) return places;
  for (const [path, bytes] of git.files(tip.sha)) {
    const name = path.slice('history/'.length);
    if (name.startsWith('history-')) at(parseHistoryRecord(bytes.toString('utf8'), path).runId, 'window');
    else if (name.startsWith('archive-'))
      for (const run of parseArchive(bytes.toString('utf8'), path).runs) at(run.runId, name);
  }
  return places;
}
