import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeChecksGitHub, type FakeCheckFault, type FakeChecksOptions } from './helpers/github-checks-fake.js';
import { FakeCommentGitHub } from './helpers/github-comment-fake.js';
import { writeGoRun } from './helpers/pullRequestSuites.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';
import {
  makeTempDir,
  pushEventEnv,
  removeTempDirs,
  repoRoot,
  type ActionInputs,
  type ActionRun,
} from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { testSession } from './helpers/github-session.js';
import { completeCheckRun, createCheckRun, type CheckAnnotation } from '../src/action/github/checkRuns.js';
import { plainTitle, rowNote } from '../src/action/publish/checkRun.js';
import type { ComparisonRow } from '../src/engine/compare/rows.js';

// perfgate's Check run, on a real pull_request payload, against a loopback GitHub that checks every request
// against GitHub's OpenAPI description.
const TOKEN = 'ghs_checkSECRET0123456789abcdefghijkl';
const HEAD_SHA = 'c0ffee00'.repeat(5);
const example = join(repoRoot, 'fixtures', 'example');
let fake: FakeChecksGitHub | undefined;
let comments: FakeCommentGitHub | undefined;
afterEach(async () => {
  await fake?.stop();
  await comments?.stop();
  fake = undefined;
  comments = undefined;
});
afterAll(removeTempDirs);

async function serve(options: Partial<FakeChecksOptions> = {}): Promise<FakeChecksGitHub> {
  fake = await new FakeChecksGitHub({ owner: 'octo', repo: 'bench', ...options }).start();
  return fake;
}

const env = (apiUrl: string): Record<string, string> => ({
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_EVENT_PATH: eventFile(pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: HEAD_SHA })),
  GITHUB_REPOSITORY: 'octo/bench',
  GITHUB_SHA: 'abcdef12'.repeat(5), // the merge commit: not where the Check goes
  GITHUB_API_URL: apiUrl,
  GITHUB_SERVER_URL: 'https://github.example',
  GITHUB_RUN_ID: '555',
  GITHUB_WORKFLOW: 'latency',
  GITHUB_JOB: 'gate',
  GITHUB_WORKFLOW_REF: 'octo/bench/.github/workflows/bench.yml@refs/pull/12/merge',
  PERFGATE_RETRY_BASE_MS: '1',
});

// Only the Check (on by default) talks to GitHub: no comment, no upload.
const gate = (results: string, extra: ActionInputs = {}): ActionInputs => ({
  results: join(example, results),
  requirements: join(example, 'requirements.csv'),
  'github-token': TOKEN,
  comment: 'never',
  'upload-report': 'false',
  charts: 'false',
  ...extra,
});

const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);

describe('action: the Check run', () => {
  test('a failing gate: created in progress on the head commit, completed as failure with annotations in batches of 50', async () => {
    await serve();
    const run = await runActionInProcess(gate('results-regression'), { env: env(fake!.apiUrl) });
    expect(run.status).toBe(1);
    expect(fake!.problems).toEqual([]);
    expect(fake!.runs).toHaveLength(1);
    const check = fake!.runs[0]!;
    expect(check.name).toBe('perfgate (gate)');
    expect(check.head_sha).toBe(HEAD_SHA);
    expect(check.statuses).toEqual(['in_progress', 'completed']);
    expect(check.conclusion).toBe('failure');
    expect(check.output?.title).toMatch(/requirements/);
    expect(check.output?.summary).toContain(check.output!.title!.slice(0, 10));
    expect(check.output!.summary!.length).toBeLessThanOrEqual(65535);
    expect(check.annotations.length).toBeGreaterThan(0);
    for (const a of check.annotations) {
      expect(a.annotation_level).toBe('failure');
      // A failed requirement at its line of the summary file (as the job's annotations), else the workflow file.
      expect(a.path).toMatch(/^(perfgate-report\/measurements_[a-z_]+_summary\.csv|\.github\/workflows\/bench\.yml)$/);
      expect(a.start_line).toBe(a.end_line);
    }
    const patches = fake!.requests.filter((r) => r.operationId === 'checks/update');
    expect(patches).toHaveLength(Math.max(1, Math.ceil(check.annotations.length / 50)));
    for (const p of patches) expect((JSON.parse(p.body).output.annotations ?? []).length).toBeLessThanOrEqual(50);
    expect(run.stdout.replace(`::add-mask::${TOKEN}`, '')).not.toContain(TOKEN);
  });

  test('a passing gate completes the Check as success without annotations', async () => {
    await serve();
    const run = await runActionInProcess(gate('results'), { env: env(fake!.apiUrl) });
    expect(run.status).toBe(0);
    expect(fake!.problems).toEqual([]);
    expect(fake!.runs[0]!.conclusion).toBe('success');
    expect(fake!.runs[0]!.annotations).toEqual([]);
    expect(fake!.runs[0]!.output?.title).toContain('requirements met');
    expect(warnings(run)).toEqual([]);
  });

  test('without checks: write (403) one line is logged and the job status stands', async () => {
    await serve({ forbid: true });
    const pass = await runActionInProcess(gate('results'), { env: env(fake!.apiUrl) });
    expect(pass.status).toBe(0);
    expect(warnings(pass)).toEqual([]);
    expect(pass.stdout.split('\n').filter((l) => l.includes('no Check run'))).toHaveLength(1);
    const fail = await runActionInProcess(gate('results-regression'), { env: env(fake!.apiUrl) });
    expect(fail.status).toBe(1);
    expect(fake!.requests.filter((r) => r.operationId === 'checks/update')).toEqual([]);
    expect(fake!.problems).toEqual([]);
  });

  test('a refused Check (422) is a warning, never the verdict', async () => {
    await serve({ refuse: 'update' });
    const run = await runActionInProcess(gate('results'), { env: env(fake!.apiUrl) });
    expect(run.status).toBe(0);
    expect(warnings(run).filter((w) => w.includes('no Check run'))).toHaveLength(1);
    expect(warnings(run)[0]).toContain('HTTP 422');
    expect(fake!.problems).toEqual([]);
  });

  test('a run that errored completes the Check as failure saying what went wrong', async () => {
    await serve();
    const broken = join(makeTempDir('perfgate-broken-'), 'results');
    mkdirSync(broken);
    writeFileSync(
      join(broken, 'measurements_interprocess_best_effort_summary.csv'),
      'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n16,10,9,1,2,"7,5",1,1,1,1,8,9\n',
    );
    const run = await runActionInProcess({ ...gate('results'), results: broken }, { env: env(fake!.apiUrl) });
    expect(run.status).toBe(1);
    const check = fake!.runs[0]!;
    expect(check.statuses).toEqual(['in_progress', 'completed']);
    expect(check.conclusion).toBe('failure');
    expect(check.output?.title).toBe('perfgate errored: nothing was gated');
    expect(check.output?.summary).toContain('expected a number in column');
    expect(fake!.problems).toEqual([]);
  });

  test('more than 50 annotations go in batches of 50, each request valid against the description', async () => {
    await serve();
    // Writes spaced by milliseconds, not seconds.
    const session = testSession();
    const target = { token: TOKEN, apiUrl: fake!.apiUrl, owner: 'octo', repo: 'bench', session };
    const created = await createCheckRun(target, 'perfgate', HEAD_SHA);
    expect(created.outcome).toBe('ok');
    const annotations: CheckAnnotation[] = Array.from({ length: 120 }, (_, i) => ({
      path: '.github/workflows/bench.yml',
      start_line: 1,
      end_line: 1,
      annotation_level: 'failure',
      message: `row ${i}`,
    }));
    const id = (created as { id: number }).id;
    const done = await completeCheckRun(target, id, { conclusion: 'failure', title: 't', summary: 's', annotations });
    expect(done.outcome).toBe('ok');
    const patches = fake!.requests.filter((r) => r.operationId === 'checks/update').map((r) => JSON.parse(r.body));
    expect(patches.map((p) => p.output.annotations.length)).toEqual([50, 50, 20]);
    expect(patches[0].status).toBe('completed');
    expect(fake!.runs[0]!.annotations.map((a: CheckAnnotation) => a.message)).toEqual(
      annotations.map((a) => a.message),
    );
    expect(fake!.problems).toEqual([]);
  });

  test('check: false creates none', async () => {
    await serve();
    await runActionInProcess(gate('results', { check: 'false' }), { env: env(fake!.apiUrl) });
    expect(fake!.requests).toEqual([]);
  });
});

// A Check never outlives a failed run: an earlier run's `success` or an `in_progress` Check is never the last word of
// perfgate's name on the commit, whatever GitHub refuses (issue 44, item 4).
describe('action: the Check under faults', () => {
  const SLOWER = 'size=64,mode=copy';
  const label = { name: 'perfgate-accept', description: 'Known' };

  /** base/bench.txt and head/bench.txt (BenchmarkPublish size=64,mode=copy ×1.3): the threshold method fails it. */
  function goWorkspace(): string {
    const ws = makeTempDir('perfgate-check-faults-');
    writeGoRun(join(ws, 'base'), () => 1);
    writeGoRun(join(ws, 'head'), (_, parameter) => (parameter === SLOWER ? 1.3 : 1));
    return ws;
  }

  const goGate: ActionInputs = {
    results: 'head/bench.txt',
    baseline: 'base/bench.txt',
    'github-token': TOKEN,
    comment: 'never',
    'upload-report': 'false',
    charts: 'false',
  };

  /** A pull_request event of the head commit: `labeled` with the accept label, or `unlabeled` without it. */
  function labelEvent(labelled: boolean): unknown {
    const action = labelled ? 'labeled' : 'unlabeled';
    const event = pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: HEAD_SHA, action });
    event.label = label;
    event.sender.login = 'reviewer';
    event.pull_request.labels = labelled ? [label] : [];
    return event;
  }

  const prEnv = (apiUrl: string, runId: number, event: unknown, extra: Record<string, string> = {}) => ({
    ...env(apiUrl),
    GITHUB_EVENT_PATH: eventFile(event),
    GITHUB_RUN_ID: String(runId),
    ...extra,
  });

  const states = (f: FakeCommentGitHub) => f.checks.runs.map((r) => `${r.status} ${r.conclusion ?? '-'}`);

  test.each<[string, FakeCheckFault]>([
    ['500 ×4', { operation: 'create', status: 500, times: 4 }],
    ['403', { operation: 'create', status: 403 }],
  ])(
    'accepted by the label (success), the label removed, the next run fails and its create gets %s: no success remains',
    async (_, fault) => {
      const github = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
      comments = github;
      const ws = goWorkspace();
      const accepted = await runActionInProcess(goGate, {
        workspace: ws,
        env: prEnv(github.apiUrl, 900, labelEvent(true)),
      });
      expect(accepted.status).toBe(0);
      expect(states(github)).toEqual(['completed success']);
      github.checks.faults.push(fault);
      const removed = await runActionInProcess(goGate, {
        workspace: ws,
        env: prEnv(github.apiUrl, 901, labelEvent(false)),
      });
      expect(removed.status).toBe(1);
      expect(github.problems).toEqual([]);
      // The create was refused (tried 4 times for the 500s, each retry after a look for a Check it may have made, once
      // for the 403), and the accepted run's Check now says this run's failure.
      const creates = github.checks.requests.filter((r) => r.operationId === 'checks/create');
      expect(creates).toHaveLength(fault.status === 500 ? 5 : 2);
      expect(states(github)).toEqual(['completed failure']);
      const check = github.checks.runs[0]!;
      expect(check.head_sha).toBe(HEAD_SHA);
      expect(check.output?.title).toMatch(/^❌ 1 slower/);
      expect(check.annotations.length).toBeGreaterThan(0);
      expect(removed.stdout).toMatch(
        /Check run "perfgate \(gate\)" 4000 \(success\) on c0ffee00c0ff: the newest of its name/,
      );
      expect(removed.stdout).toContain('Check run "perfgate (gate)" 4000 completed: failure');
    },
  );

  test.each<[string, FakeCheckFault]>([
    ['422 for its annotations', { operation: 'update', status: 422, withAnnotations: true }],
    ['500 ×4', { operation: 'update', status: 500, times: 4 }],
  ])(
    'a completion refused (%s) is tried once more without annotations: no Check left in progress',
    async (_, fault) => {
      const github = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
      comments = github;
      github.checks.faults.push(fault);
      const run = await runActionInProcess(goGate, {
        workspace: goWorkspace(),
        env: prEnv(github.apiUrl, 902, labelEvent(false)),
      });
      expect(run.status).toBe(1);
      expect(github.problems).toEqual([]);
      expect(states(github)).toEqual(['completed failure']);
      expect(github.checks.runs[0]!.annotations).toEqual([]);
      const updates = github.checks.requests.filter((r) => r.operationId === 'checks/update');
      expect(updates.map((r) => (JSON.parse(r.body).output.annotations ?? []).length > 0)).toEqual([
        ...Array<boolean>(fault.times ?? 1).fill(true),
        false,
      ]);
      expect(warnings(run).filter((w) => w.includes('completed without its'))).toHaveLength(1);
    },
  );

  test('a slow create (made, answered after the client gave up) gives exactly one Check', async () => {
    const github = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
    comments = github;
    github.checks.faults.push({ operation: 'create', slow: true });
    const run = await runActionInProcess(goGate, {
      workspace: goWorkspace(),
      env: prEnv(github.apiUrl, 903, labelEvent(false), { PERFGATE_HTTP_TIMEOUT_MS: '300' }),
    });
    expect(run.status).toBe(1);
    expect(github.problems).toEqual([]);
    expect(github.checks.requests.filter((r) => r.operationId === 'checks/create')).toHaveLength(1);
    expect(states(github)).toEqual(['completed failure']);
    expect(github.checks.runs[0]!.statuses).toEqual(['in_progress', 'completed']);
    expect(warnings(run)).toEqual([]);
  });
});

// Slower but undecided is not a green success: the Check is neutral and its title says why (issue 44, item 4).
describe('action: the Check of a run that left something slower undecided', () => {
  /** Six noisy pushes of main recorded as history (±15 % per run), then a pull request with every benchmark ×1.2. */
  async function noisyHistory(): Promise<string> {
    const workspace = makeTempDir('perfgate-check-noisy-');
    const drift = [1.0, 1.16, 0.86, 1.12, 0.9, 1.14];
    for (const [run, k] of drift.entries()) {
      writeGoRun(join(workspace, 'bench'), () => k);
      const push = await runActionInProcess(
        { results: 'bench/bench.txt', 'record-history': 'history', 'upload-report': 'false', comment: 'never' },
        { workspace, env: pushEventEnv(300 + run, `2026-03-0${run + 1}T12:00:00Z`) },
      );
      expect(push.status).toBe(0);
    }
    writeGoRun(join(workspace, 'bench'), () => 1.2);
    return workspace;
  }

  test('no confirmation configured: neutral, "Undecided, no confirmation configured" leads a plain-text title', async () => {
    const workspace = await noisyHistory();
    await serve();
    const run = await runActionInProcess(
      {
        results: 'bench/bench.txt',
        history: 'history',
        'github-token': TOKEN,
        comment: 'never',
        'upload-report': 'false',
        charts: 'false',
      },
      { workspace, env: env(fake!.apiUrl) },
    );
    expect(run.status).toBe(0);
    expect(fake!.problems).toEqual([]);
    const check = fake!.runs[0]!;
    expect(check.conclusion).toBe('neutral');
    const title = check.output!.title!;
    // The whole suite's move leads (issue 45): the suite row, inside its own noise here.
    expect(title).toMatch(
      /^Undecided, no confirmation configured: ⚠️ the whole suite moved \+\d+ %; its recorded runs varied -\d+ … \+\d+ %, inside the noise/,
    );
    expect(title).not.toMatch(/[[\]*`\\]|\]\(|https?:/);
    expect(Array.from(title).length).toBeLessThanOrEqual(160);
    expect(run.summary).toContain('inside the noise');
    // Recorded for mode comment, which makes the Check of a fork's pull request from it.
    expect(JSON.parse(readFileSync(join(workspace, 'perfgate-report', 'comment.json'), 'utf8'))).toMatchObject({
      verdict: 'pass',
      undecided: 'no confirmation configured',
    });
  });
});

describe('the Check title and annotations', () => {
  test('a headline as plain text: no link, emphasis, code or escapes; cut at a separator with …', () => {
    expect(
      plainTitle(
        '⚠️ 2 slower (time/op +14…+52 %) inside the noise · a change under 27 % cannot be seen on this runner (see [how to see it](https://example.invalid/#x)) · against **main\\_v2** (`history` of 5 runs) &amp; [docs](https://example.invalid)',
      ),
    ).toBe(
      '⚠️ 2 slower (time/op +14…+52 %) inside the noise · a change under 27 % cannot be seen on this runner · against main_v2 (history of 5 runs) & docs',
    );
    const long = Array.from({ length: 30 }, (_, i) => `piece ${i}`).join(' · ');
    const cut = plainTitle(long, 60);
    expect(cut).toBe('piece 0 · piece 1 · piece 2 · piece 3 · piece 4…');
    expect(Array.from(cut).length).toBeLessThanOrEqual(60);
  });

  test('an annotation says "at" only when the row has a parameter', () => {
    const row = { magnitude: 'Median', metric: 'time', parameter: '', deltaPercent: 12.34, status: 'fail' };
    expect(rowNote(row as unknown as ComparisonRow)).toBe('Median of time: +12.3 % worse than the reference (fail)');
    expect(rowNote({ ...row, parameter: '1024 B' } as unknown as ComparisonRow)).toBe(
      'Median of time at 1024 B: +12.3 % worse than the reference (fail)',
    );
  });
});
