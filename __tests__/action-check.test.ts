import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeChecksGitHub, type FakeChecksOptions } from './helpers/github-checks-fake.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';
import { makeTempDir, removeTempDirs, repoRoot, type ActionInputs, type ActionRun } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { GithubSession } from '../src/action/github/http.js';
import { completeCheckRun, createCheckRun, type CheckAnnotation } from '../src/action/github/checkRuns.js';

// perfgate's Check run, on a real pull_request payload, against a loopback GitHub that checks every request
// against GitHub's OpenAPI description.
const TOKEN = 'ghs_checkSECRET0123456789abcdefghijkl';
const HEAD_SHA = 'c0ffee00'.repeat(5);
const example = join(repoRoot, 'fixtures', 'example');
let fake: FakeChecksGitHub | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
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
    // Writes spaced by milliseconds, not seconds (as PERFGATE_RETRY_BASE_MS does for the action).
    const session = new GithubSession({ PERFGATE_RETRY_BASE_MS: '1' });
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
