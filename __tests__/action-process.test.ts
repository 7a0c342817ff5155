/**
 * The bundled action (dist/index.js) as the runner starts it: a process of its own, its exit
 * status, @actions/core's own files and commands, the environment it inherits. Every other action
 * test runs `run(ports)` in the test's process (helpers/action-in-process.ts); these runs keep the
 * bundle, the entry point (src/action/index.ts), the real @actions/core and the real shell honest.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  makeTempDir,
  pushEventEnv,
  removeTempDirs,
  repoRoot,
  runAction,
  runActionAsync,
  type ActionRun,
} from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { FakeCommentGitHub } from './helpers/github-comment-fake.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';
import { RUN_DRIFT, writeGoRun } from './helpers/pullRequestSuites.js';

afterAll(removeTempDirs);

const example = join(repoRoot, 'fixtures', 'example');
const requirements = join(example, 'requirements.csv');
const errors = (run: ActionRun) => run.commands.filter((c) => c.command === 'error');
const DELIMITED = /^verdict<<ghadelimiter_[0-9a-f-]{36}\n(pass|fail)\nghadelimiter_[0-9a-f-]{36}\n/;

describe('dist/index.js as a process', () => {
  test('a passing gate: exit 0, outputs in the file-command form, the job summary written', () => {
    const run = runAction({ results: join(example, 'results'), requirements });
    expect(run.status).toBe(0);
    expect(run.signal).toBeNull();
    expect(run.stderr).toBe('');
    expect(run.outputFile).toMatch(DELIMITED);
    expect(run.outputs['verdict']).toBe('pass');
    expect(run.summary).toContain('### ✅ all 66 requirements met');
    expect(errors(run)).toEqual([]);
  });

  test('a failing gate: exit 1, error annotations, and the same outputs and summary as run(ports) gives', async () => {
    const inputs = { results: join(example, 'results-regression'), requirements };
    const run = runAction(inputs);
    expect(run.status).toBe(1);
    expect(run.outputFile).toMatch(DELIMITED);
    expect(run.outputs['verdict']).toBe('fail');
    expect(errors(run).length).toBeGreaterThan(0);
    // The in-process harness stands for this process in every other test: the same outputs, summary and commands.
    const inProcess = await runActionInProcess(inputs);
    expect(inProcess.status).toBe(run.status);
    expect(inProcess.outputs).toEqual({ ...run.outputs, 'report-dir': inProcess.outputs['report-dir'] });
    expect(inProcess.summary).toBe(run.summary);
    const commands = (r: ActionRun) =>
      r.commands.filter((c) => c.command !== 'stop-commands' && !/^[0-9a-f-]{36}$/.test(c.command));
    expect(commands(inProcess)).toEqual(commands(run));
  });

  test('a bad input file: exit 1, one annotation at its file, line and column, no stack trace', () => {
    const dir = makeTempDir();
    const bad = join(dir, 'requirements.csv');
    writeFileSync(bad, readFileSync(requirements, 'utf8').replace(/\n([^\n]*),([^,\n]*)\n/, '\n$1,abc\n'));
    const run = runAction({ results: join(example, 'results'), requirements: bad });
    expect(run.status).toBe(1);
    const [error] = errors(run);
    expect(error?.properties['file']).toBe(bad);
    expect(Number(error?.properties['line'])).toBeGreaterThan(1);
    expect(error?.properties['col']).toBeDefined();
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
  });

  test('an invalid input value: exit 1 with the input named', () => {
    const run = runAction({ results: join(example, 'results'), requirements, 'fail-on-regression': 'maybe' });
    expect(run.status).toBe(1);
    expect(
      errors(run)
        .map((e) => e.message)
        .join('\n'),
    ).toContain('fail-on-regression');
  });

  test('the token is masked before anything else is printed', () => {
    const run = runAction({ results: join(example, 'results'), requirements, 'github-token': 'ghs_processSECRET0123' });
    expect(run.status).toBe(0);
    expect(run.commands[0]).toMatchObject({ command: 'add-mask', message: 'ghs_processSECRET0123' });
  });

  test('off a runner (no GITHUB_STEP_SUMMARY): the log says so and the gate still decides', () => {
    const run = runAction({ results: join(example, 'results'), requirements }, { env: { GITHUB_STEP_SUMMARY: '' } });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('GITHUB_STEP_SUMMARY is not set: no job summary written');
  });

  test('charts: the bundle draws them (its PNG worker and assets load from dist/)', () => {
    const run = runAction({ results: join(example, 'results'), requirements, charts: 'true', 'chart-png': 'true' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.summary).toContain('```mermaid');
    expect(readFileSync(join(run.workspace, 'perfgate-report', 'report.html'), 'utf8')).toContain('<html');
    expect(run.stdout).toMatch(/\d+ chart\(s\), \d+ file\(s\)/);
  });

  test('the two-stage gate: the bundle spawns the benchmark command and the pairs confirm the regression', () => {
    const workspace = makeTempDir();
    const base = makeTempDir();
    const state = join(makeTempDir(), 'state');
    writeFileSync(join(workspace, 'slowdown.json'), JSON.stringify({ BenchmarkC: 1.3 }));
    const script = join(repoRoot, 'fixtures', 'confirm', 'synthetic-bench.mjs');
    const first = join(repoRoot, 'fixtures', 'confirm', 'first-stage');
    const vars = `SYNTH_NOISE=0.02 SYNTH_BENCH_NOISE=0.01 SYNTH_SEED=5 SYNTH_STATE=${state}`;
    const run = runAction(
      {
        results: join(first, 'head.txt'),
        baseline: join(first, 'base.txt'),
        'confirm-command': `${vars} node ${script} --filter {filter} --output {output}`,
        'confirm-base-dir': base,
        'confirm-max-pairs': '8',
      },
      { workspace },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    expect(run.outputs).toMatchObject({ verdict: 'fail', confirmed: 'true' });
    expect(Number(run.outputs['confirm-pairs'])).toBeGreaterThanOrEqual(2);
    expect(readFileSync(join(state, 'log'), 'utf8').trim().split('\n').length).toBe(
      2 * Number(run.outputs['confirm-pairs']),
    );
  });

  test('mode: comment outside a workflow_run event: exit 1, said plainly', () => {
    const run = runAction({ mode: 'comment', 'github-token': 'ghs_x0123' });
    expect(run.status).toBe(1);
    expect(
      errors(run)
        .map((e) => e.message)
        .join('\n'),
    ).toContain('workflow_run');
  });
});

// Issue 36's "done when": a pull request whose Go benchmarks are ×1.3 slower than a 6-run history of main, through
// the bundle against the loopback GitHub (comments, Check runs and the issue's events, each request checked against
// GitHub's OpenAPI description). Without the label the Check fails; with perfgate-accept the same run passes.
describe('dist/index.js: a Go pull request ×1.3 slower than a 6-run history, with and without perfgate-accept', () => {
  const TOKEN = 'ghs_acceptSECRET0123456789abcdefghij';
  const HEAD_SHA = 'feed5eed'.repeat(5);
  const label = { name: 'perfgate-accept', description: 'Known and accepted: see the design note <b>#7</b>' };
  let fake: FakeCommentGitHub | undefined;
  afterEach(async () => {
    await fake?.stop();
    fake = undefined;
  });

  /** A workspace whose history/ holds 6 recorded pushes of main, and bench/ the pull request's slower run. */
  async function slowerPullRequest(): Promise<string> {
    const workspace = makeTempDir('perfgate-accept-');
    for (let run = 0; run < 6; run++) {
      writeGoRun(join(workspace, 'bench'), () => RUN_DRIFT[run]!);
      const push = await runActionInProcess(
        { results: 'bench/bench.txt', 'record-history': 'history', 'upload-report': 'false', comment: 'never' },
        { workspace, env: pushEventEnv(300 + run, `2026-03-0${run + 1}T12:00:00Z`) },
      );
      expect(push.status).toBe(0);
    }
    writeGoRun(join(workspace, 'bench'), () => 1.3);
    return workspace;
  }

  const pullRequestRun = (workspace: string, event: unknown) =>
    runActionAsync(
      { results: 'bench/bench.txt', history: 'history', 'github-token': TOKEN, 'upload-report': 'false' },
      {
        workspace,
        env: {
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: eventFile(event),
          GITHUB_REPOSITORY: 'octo/bench',
          GITHUB_SHA: 'abcdef12'.repeat(5),
          GITHUB_API_URL: fake!.apiUrl,
          GITHUB_SERVER_URL: 'https://github.example',
          GITHUB_RUN_ID: '777',
          GITHUB_WORKFLOW: 'bench',
          GITHUB_JOB: 'gate',
          GITHUB_WORKFLOW_REF: 'octo/bench/.github/workflows/bench.yml@refs/pull/12/merge',
          PERFGATE_RETRY_BASE_MS: '1',
        },
      },
    );

  test('without the label: exit 1, a completed Check on the head commit, failure, how much slower, annotations', async () => {
    const workspace = await slowerPullRequest();
    fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
    const run = await pullRequestRun(
      workspace,
      pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: HEAD_SHA }),
    );
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(fake.problems).toEqual([]);
    expect(fake.checks.runs).toHaveLength(1);
    const check = fake.checks.runs[0]!;
    expect(check.head_sha).toBe(HEAD_SHA);
    expect(check.statuses).toEqual(['in_progress', 'completed']);
    expect(check.conclusion).toBe('failure');
    // Every benchmark ×1.3: the whole suite's move leads, with its recorded runs' spread (issue 45).
    expect(check.output?.title).toMatch(
      /^❌ the whole suite moved \+30 %; its recorded runs varied -1\.4 … \+1\.1 % · ❌ 5 slower \(time\/op \+30 %\) · against main \(history of 6 runs\)$/,
    );
    expect(check.annotations.length).toBeGreaterThan(0);
    expect(check.annotations.every((a) => a.annotation_level === 'failure')).toBe(true);
    // No label: the issue's events were never asked for.
    expect(fake.requests.filter((r) => r.operationId === 'issues/list-events')).toEqual([]);
    expect(fake.comments).toHaveLength(1);
    expect(fake.comments[0]!.body).not.toContain('accepted');
  });

  test('with perfgate-accept on the pull request: exit 0, the comment says accepted and by whom, the Check succeeds', async () => {
    const workspace = await slowerPullRequest();
    fake = await new FakeCommentGitHub({
      owner: 'octo',
      repo: 'bench',
      issueNumber: 12,
      labelEvents: [
        { event: 'labeled', label: 'perfgate-accept', actor: 'mallory' },
        { event: 'unlabeled', label: 'perfgate-accept', actor: 'mallory' },
        { event: 'labeled', label: 'bug', actor: 'octocat' },
        { event: 'labeled', label: 'perfgate-accept', actor: 'reviewer-1' },
      ],
    }).start();
    // A push to the labelled pull request (synchronize): the label is in the payload, who added it comes from the API.
    const event = pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: HEAD_SHA });
    event.pull_request.labels.push(label);
    const run = await pullRequestRun(workspace, event);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(fake.problems).toEqual([]);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'comparisons-failed': '0' });
    expect(Number(run.outputs['comparisons-accepted'])).toBeGreaterThan(0);
    const body = fake.comments[0]!.body;
    expect(body).toMatch(
      /^### ✅ 5 slower \(time\/op \+30 %\), accepted by the label perfgate-accept · against main /m,
    );
    // The last labeled event for the label names who added it (a mention broken by a word joiner, so no one is pinged).
    expect(body).toContain('accepted by the label **perfgate-accept**, added by @\u2060reviewer\\-1.');
    expect(body).toContain('> Known and accepted\\: see the design note &lt;b&gt;\\#\u20607&lt;/b&gt;');
    const check = fake.checks.runs[0]!;
    expect(check.head_sha).toBe(HEAD_SHA);
    expect(check.conclusion).toBe('success');
    expect(check.output?.title).toMatch(/accepted by the label perfgate-accept/);
    expect(check.annotations).toEqual([]);
  });
});
