import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeTempDirs, repoRoot, runAction } from './helpers/runner-action.js';

// The history loop: pushes to the default branch record a bounded window of runs; pull requests
// are judged against the between-run noise of that window.
const example = join(repoRoot, 'fixtures', 'example');
afterAll(removeTempDirs);

function pushEnv(runId: number, day: number): Record<string, string> {
  const eventPath = join(makeTempDir('perfgate-event-'), 'event.json');
  const sha = String(runId).padStart(40, 'a');
  writeFileSync(eventPath, JSON.stringify({ after: sha, head_commit: { id: sha, timestamp: `2026-11-${String(day).padStart(2, '0')}T12:00:00+01:00` } }));
  return { GITHUB_EVENT_PATH: eventPath, GITHUB_EVENT_NAME: 'push', GITHUB_SHA: sha, GITHUB_RUN_ID: String(runId), GITHUB_REPOSITORY: 'octo/bench', GITHUB_SERVER_URL: 'https://github.com' };
}

describe('action: record-history and history', () => {
  test('records keep a bounded window, and a pull request is judged against its noise band', () => {
    const history = join(makeTempDir('perfgate-history-'), 'history');
    for (let i = 1; i <= 4; i++) {
      const run = runAction({ results: join(example, 'results'), 'record-history': history, 'history-window': '3' }, { env: pushEnv(100 + i, 10 + i) });
      expect(run.status).toBe(0);
      expect(run.outputs['history-record']).toBe(join(history, `history-2026-11-${10 + i}T11-00-00.000Z-${100 + i}.json`));
    }
    // The window keeps the three newest runs.
    expect(readdirSync(history).sort()).toEqual(['history-2026-11-12T11-00-00.000Z-102.json', 'history-2026-11-13T11-00-00.000Z-103.json', 'history-2026-11-14T11-00-00.000Z-104.json']);
    const record = JSON.parse(readFileSync(join(history, readdirSync(history).sort()[2]!), 'utf8'));
    expect(record).toMatchObject({ format: 'perfgate-history', sha: '104'.padStart(40, 'a'), runId: '104', runUrl: 'https://github.com/octo/bench/actions/runs/104' });

    // Identical recorded runs give a zero-width band: the Medians of the intra-process payloads the
    // regression slowed by 40 % fail, those it left alone do not.
    const pr = runAction({ results: join(example, 'results-regression'), history, threshold: '0.2' });
    expect(pr.status).toBe(1);
    expect(pr.outputs['failed-experiments']).toContain('intraprocess_best_effort');
    const comparison = JSON.parse(readFileSync(join(pr.workspace, 'perfgate-report', 'comparison.json'), 'utf8'));
    const intra = comparison.subExperiments.find((s: { experimentType: string }) => s.experimentType === 'intraprocess_best_effort');
    const medians = intra.comparisons.filter((c: { magnitude: string }) => c.magnitude === 'Median');
    expect(medians.filter((c: { failed: boolean }) => c.failed).map((c: { bytes: number }) => c.bytes)).toEqual([4096, 8192, 16384]);
    expect(medians.every((c: { historyRuns: number }) => c.historyRuns === 3)).toBe(true);
    expect(pr.summary).toContain('Noise-aware: each row is judged against the between-run spread of 3 baseline runs');
    expect(pr.summary).toContain('| Noise band |');
  });

  test('a run whose event dates no commit is not recorded, with a warning', () => {
    const history = join(makeTempDir('perfgate-history-'), 'history');
    const run = runAction({ results: join(example, 'results'), 'record-history': history }, { env: { GITHUB_RUN_ID: '7', GITHUB_SHA: 'a'.repeat(40), GITHUB_REPOSITORY: 'octo/bench' } });
    expect(run.status).toBe(0);
    expect(run.commands.find((c) => c.command === 'warning')?.message).toContain('record-history: this run was not recorded');
  });

  test('baseline and history together are a usage error', () => {
    const run = runAction({ results: join(example, 'results'), baseline: join(example, 'results'), history: join(example, 'results') });
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toContain('give input "baseline" or input "history", not both');
  });
});
