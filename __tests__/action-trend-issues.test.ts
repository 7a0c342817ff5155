import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeIssuesGitHub } from './helpers/github-issues-fake.js';
import { makeTempDir, pushEventEnv, removeTempDirs, type ActionRun } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { writeSyntheticRun } from './helpers/synthetic-runs.js';

// trend-issues — the bundled action on pushes to the default branch, with trends, opening one
// issue per regression step through a loopback issues API checked against GitHub's OpenAPI
// description, keeping it while the step lasts and closing it when the level recovers.
const TOKEN = 'ghs_issuesSECRET0123456789abcdefghijkl';

let issues: FakeIssuesGitHub | undefined;
afterEach(async () => {
  await issues?.stop();
  issues = undefined;
});
afterAll(removeTempDirs);

const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);

/** Regression steps the run's trends.json reports as current (latest level still after the step). */
function regressionSteps(
  run: ActionRun,
): { experiment: string; parameter: string; metric: string; statistic: string }[] {
  const report = JSON.parse(readFileSync(join(run.workspace, 'perfgate-report', 'trends.json'), 'utf8'));
  return report.series.flatMap(
    (s: { experiment: string; parameter: string; metric: string; statistic: string; steps: { kind: string }[] }) =>
      s.steps
        .filter((step) => step.kind === 'regression')
        .map(() => ({ experiment: s.experiment, parameter: s.parameter, metric: s.metric, statistic: s.statistic })),
  );
}

describe('action: trend-issues', () => {
  test('a +40 % step opens one issue per regressed series, later pushes keep it, the recovery closes it', async () => {
    issues = await new FakeIssuesGitHub({ owner: 'octo', repo: 'bench', perPage: 2 }).start();
    // An unrelated open issue and pull request carrying the label: never touched.
    issues.issues.push({
      number: 1,
      title: 'flaky runner',
      body: 'not perfgate',
      state: 'open',
      labels: ['perfgate-regression'],
    });
    issues.issues.push({
      number: 2,
      title: 'a pull request',
      body: '<!-- perfgate-trend-alert:0000000000000000 -->',
      state: 'open',
      labels: ['perfgate-regression'],
      pullRequest: true,
    });
    const root = makeTempDir('perfgate-trend-issues-');
    const history = join(root, 'history');
    // ±2 % machine states; the build is 40 % slower from push 9 to push 18, then back.
    const states = [
      1.0, 1.02, 0.98, 1.01, 0.99, 1.0, 1.02, 0.99, 1.0, 1.01, 0.98, 1.0, 1.02, 0.99, 1.01, 1.0, 0.98, 1.02, 1.0, 0.99,
      1.01, 1.0, 0.98, 1.02, 0.99, 1.0, 1.01, 0.98,
    ];
    const runs: ActionRun[] = [];
    for (const [i, state] of states.entries()) {
      const results = join(root, `push${i + 1}`);
      writeSyntheticRun(results, 'hyperfine', state, i >= 8 && i < 18 ? 1.4 : 1, 700 + i);
      runs.push(
        await runActionInProcess(
          {
            results,
            'record-history': history,
            'history-window': '40',
            trends: 'report',
            'trend-issues': 'true',
            'github-token': TOKEN,
            charts: 'false',
            'upload-report': 'false',
          },
          {
            env: pushEventEnv(
              800 + i,
              `2026-10-${String(i + 1).padStart(2, '0')}T12:00:00Z`,
              { GITHUB_API_URL: issues.apiUrl, PERFGATE_RETRY_BASE_MS: '1' },
              'c',
            ),
          },
        ),
      );
      expect([i + 1, runs[i]!.status]).toEqual([i + 1, 0]);
    }
    expect(issues.problems).toEqual([]);
    const opened = (run: ActionRun) => [...run.stdout.matchAll(/opened #(\d+)/g)].map((m) => Number(m[1]));
    const closed = (run: ActionRun) =>
      [...run.stdout.matchAll(/closed #(\d+) \(recovered\)/g)].map((m) => Number(m[1]));

    // No issue before the step; the first push that shows it opens one issue per regressed series.
    const first = runs.findIndex((r) => opened(r).length > 0);
    expect(first).toBeGreaterThanOrEqual(8);
    expect(
      runs.slice(0, first).every((r) => r.stdout.includes('trend-issues: no current regression step, no open issue')),
    ).toBe(true);
    const alerts = issues.issues.filter((i) => i.number > 2);
    const steps = regressionSteps(runs[first]!);
    expect(steps.length).toBeGreaterThan(0);
    expect(opened(runs[first]!)).toEqual(alerts.slice(0, steps.length).map((i) => i.number));
    for (const step of steps) {
      const issue = alerts.find((i) =>
        i.title.startsWith(
          `perfgate: ${step.experiment} ${step.parameter} ${step.metric} ${step.statistic} regressed +`,
        ),
      );
      expect(issue).toBeDefined();
      expect(issue!.labels).toEqual(['perfgate-regression']);
      // The commit range: the last push before the step (push 8) and the first after it (push 9).
      expect(issue!.body).toContain(`/compare/${String(807).padStart(40, 'c')}...${String(808).padStart(40, 'c')}`);
    }
    // While the step lasts, later pushes open nothing new (the issues are found by their marker).
    const during = runs.slice(first + 1, 18);
    for (const r of during) expect(opened(r)).toEqual([]);

    // Back at the old level: each alert issue is closed once, as completed, saying why.
    const closing = runs.findIndex((r) => closed(r).length > 0);
    expect(closing).toBeGreaterThanOrEqual(18);
    expect(runs.flatMap(closed).sort((a, b) => a - b)).toEqual(alerts.map((i) => i.number));
    for (const issue of alerts) {
      expect(issue.state).toBe('closed');
      expect(issue.state_reason).toBe('completed');
      expect(issue.body).toContain('**Closed by perfgate at [');
    }
    // Nothing else was touched, and the token never reached a message.
    expect(issues.issues.slice(0, 2).map((i) => [i.state, i.body])).toEqual([
      ['open', 'not perfgate'],
      ['open', '<!-- perfgate-trend-alert:0000000000000000 -->'],
    ]);
    for (const r of runs) expect(warnings(r).join('\n')).not.toContain(TOKEN);
  }, 600_000);

  test('without issues: write, a warning; the run and its verdict are unchanged', async () => {
    issues = await new FakeIssuesGitHub({ owner: 'octo', repo: 'bench', failWrites: 100 }).start();
    const root = makeTempDir('perfgate-trend-issues-403-');
    const history = join(root, 'history');
    let last: ActionRun | undefined;
    for (let i = 0; i < 14; i++) {
      const results = join(root, `push${i + 1}`);
      writeSyntheticRun(results, 'hyperfine', 1 + ((i % 3) - 1) * 0.02, i >= 8 ? 1.4 : 1, 900 + i);
      last = await runActionInProcess(
        {
          results,
          'record-history': history,
          trends: 'report',
          'trend-issues': 'true',
          'github-token': TOKEN,
          charts: 'false',
          'upload-report': 'false',
        },
        {
          env: pushEventEnv(
            950 + i,
            `2026-10-${String(i + 1).padStart(2, '0')}T12:00:00Z`,
            { GITHUB_API_URL: issues.apiUrl, PERFGATE_RETRY_BASE_MS: '1' },
            'd',
          ),
        },
      );
      expect(last.status).toBe(0);
    }
    const said = warnings(last!).filter((w) => w.includes('trend-issues:'));
    expect(said).toEqual([
      expect.stringMatching(
        /^perfgate: trend-issues: cannot open an issue for "perfgate: .*": HTTP 403 .*; trend-issues needs permission issues: write$/,
      ),
    ]);
    expect(issues.problems).toEqual([]);
  }, 300_000);

  test('trend-issues without trends is an input error', async () => {
    const run = await runActionInProcess({
      results: join(makeTempDir('perfgate-ti-'), 'none'),
      'record-history': 'history',
      'trend-issues': 'true',
    });
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toContain(
      'input "trend-issues" needs input "trends"',
    );
  });
});
