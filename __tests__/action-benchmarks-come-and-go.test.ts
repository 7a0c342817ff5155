import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeGitGitHub } from './helpers/github-git-fake.js';
import {
  makeTempDir,
  pushEventEnv,
  removeTempDirs,
  repoRoot,
  runActionAsync,
  type ActionInputs,
  type ActionRun,
} from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

// Benchmarks come and go (issue 37): a benchmark deleted on main must not fail every later pull request, one the pull
// request lacks warns unless `missing: fail`, and a rename suggests its mapping. Real `go test -bench` runs (8 runs of
// BenchmarkPublish and BenchmarkQueueDepth on a 2-core runner), the history kept on a branch of a loopback Git Data API.
const TOKEN = 'ghs_comeandgoWRITE0123456789abcdefghi';
const READ_ONLY = 'ghs_comeandgoREAD0123456789abcdefghij';
const BRANCH = 'perfgate-history';
const runsFolder = join(repoRoot, 'fixtures', 'formats', 'go-bench', 'runs');
const RUNS = [
  '2026-11-01_09-00-00',
  '2026-11-02_09-00-00',
  '2026-11-03_09-00-00',
  '2026-11-04_09-00-00',
  '2026-11-05_09-00-00',
  '2026-11-06_09-00-00',
  '2026-11-07_09-00-00',
  '2026-11-08_09-00-00',
];

let git: FakeGitGitHub | undefined;
afterEach(async () => {
  await git?.stop();
  git = undefined;
});
afterAll(removeTempDirs);

/** Run i (0-based) of the real runs as a file, without the lines of the benchmarks `drop` names. */
function goRun(i: number, drop: readonly string[] = [], rename?: [string, string]): string {
  const lines = readFileSync(join(runsFolder, RUNS[i]!, 'bench.txt'), 'utf8')
    .split('\n')
    .filter((line) => !drop.some((name) => line.startsWith(`${name}-`) || line.startsWith(`${name}/`)))
    .map((line) => (rename && line.startsWith(`${rename[0]}-`) ? rename[1] + line.slice(rename[0].length) : line));
  const folder = makeTempDir('perfgate-comego-');
  writeFileSync(join(folder, 'bench.txt'), lines.join('\n'));
  return folder;
}

const dateOf = (n: number) => new Date(Date.UTC(2026, 10, 1, n)).toISOString();
const pushEnv = (n: number) =>
  pushEventEnv(1000 + n, dateOf(n), { GITHUB_API_URL: git!.apiUrl, PERFGATE_RETRY_BASE_MS: '1' });
const prEnv = () => ({
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_REPOSITORY: 'octo/bench',
  GITHUB_API_URL: git!.apiUrl,
  GITHUB_RUN_ID: '77',
  PERFGATE_RETRY_BASE_MS: '1',
});
const common = { charts: 'false', 'upload-report': 'false', 'history-branch': BRANCH } as const;
const record = (results: string): ActionInputs => ({
  ...common,
  results,
  'record-history': 'history',
  'github-token': TOKEN,
});
const pullRequest = (results: string, extra: ActionInputs = {}): ActionInputs => ({
  ...common,
  results,
  history: 'history',
  'github-token': READ_ONLY,
  ...extra,
});
const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);

/** Pushes 1–3 record both benchmarks, pushes 4–6 record main without BenchmarkQueueDepth. */
async function queueDepthRemovedOnMain(): Promise<void> {
  git = await new FakeGitGitHub({ owner: 'octo', repo: 'bench', readOnlyToken: READ_ONLY }).start();
  for (let n = 1; n <= 6; n++) {
    const results = goRun(n - 1, n > 3 ? ['BenchmarkQueueDepth'] : []);
    expect((await runActionInProcess(record(results), { env: pushEnv(n) })).status).toBe(0);
  }
}

describe('benchmarks come and go', () => {
  // Issue 37's done-when, through the bundled action as the runner runs it.
  test('dist/index.js: 3 pushes with a benchmark, 3 without it, a pull request without it: exit 0, one line says it was removed on main', async () => {
    await queueDepthRemovedOnMain();
    const pr = await runActionAsync(pullRequest(goRun(6, ['BenchmarkQueueDepth'])), { env: prEnv() });
    expect(pr.status).toBe(0);
    expect(git!.problems).toEqual([]);
    expect(warnings(pr).filter((w) => w.includes('removed on main'))).toEqual([
      "BenchmarkQueueDepth: removed on main (absent from main's newest recorded run, run 1006, commit aaaaaaa of 2026-11-01); not compared.",
    ]);
    expect(pr.summary).not.toContain('❌');
    expect(pr.summary).not.toContain('missing in this pull request');
  });

  test('a benchmark main still has that the pull request lacks: a warning row, exit 0; missing: fail fails it; a rename suggests its mapping', async () => {
    git = await new FakeGitGitHub({ owner: 'octo', repo: 'bench', readOnlyToken: READ_ONLY }).start();
    for (let n = 1; n <= 3; n++)
      expect((await runActionInProcess(record(goRun(n - 1)), { env: pushEnv(n) })).status).toBe(0);
    const without = goRun(6, ['BenchmarkQueueDepth']);
    const warned = await runActionInProcess(pullRequest(without), { env: prEnv() });
    expect(warned.status).toBe(0);
    expect(warned.summary).toContain('⚠️ 1 missing in this pull request');
    expect(warned.summary).toContain('⚠️ missing in this pull request |');
    expect(warned.summary).not.toContain('removed on main');
    const failed = await runActionInProcess(pullRequest(without, { missing: 'fail' }), { env: prEnv() });
    expect(failed.status).toBe(1);
    expect(failed.summary).toContain('❌ 1 missing');
    const renamed = await runActionInProcess(
      pullRequest(goRun(6, [], ['BenchmarkQueueDepth', 'BenchmarkQueueDepths'])),
      { env: prEnv() },
    );
    expect(renamed.status).toBe(0);
    expect(warnings(renamed)).toContain(
      'BenchmarkQueueDepth is missing and BenchmarkQueueDepths is new: if it was renamed, map it with experiment-names: BenchmarkQueueDepths=BenchmarkQueueDepth (CLI --experiment-name BenchmarkQueueDepths=BenchmarkQueueDepth), so that it is compared under its old name.',
    );
    expect(renamed.summary).toContain('🆕 1 new');
    const mapped = await runActionInProcess(
      pullRequest(goRun(6, [], ['BenchmarkQueueDepth', 'BenchmarkQueueDepths']), {
        'experiment-names': 'BenchmarkQueueDepths=BenchmarkQueueDepth',
      }),
      { env: prEnv() },
    );
    expect(mapped.status).toBe(0);
    expect(mapped.summary).not.toContain('missing in this pull request');
    expect(mapped.summary).not.toContain('🆕');
  });
});
