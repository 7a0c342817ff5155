import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { FakeCommentGitHub, type FakeCommentOptions } from './helpers/github-comment-fake.js';
import { eventFile, pullRequestEvent, workflowRunEvent } from './helpers/github-events.js';
import { makeTempDir, removeTempDirs, repoRoot, type ActionInputs, type ActionRun } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

// The bundled action on real pull_request and workflow_run payloads, talking to a loopback GitHub
// that checks every request against GitHub's OpenAPI description.
const TOKEN = 'ghs_commentSECRET0123456789abcdefghij';
const HEAD_SHA = 'feedface'.repeat(5);
const example = join(repoRoot, 'fixtures', 'example');
let fake: FakeCommentGitHub | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});
afterAll(removeTempDirs);

async function serve(options: Partial<FakeCommentOptions> = {}): Promise<FakeCommentGitHub> {
  fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12, ...options }).start();
  return fake;
}

function pullRequestEnv(apiUrl: string): Record<string, string> {
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventFile(pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: HEAD_SHA })),
    GITHUB_REPOSITORY: 'octo/bench',
    GITHUB_API_URL: apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '555',
    GITHUB_WORKFLOW: 'latency',
    GITHUB_JOB: 'gate',
    // Retries and rate-limit waits in milliseconds (internal, for the tests).
    PERFGATE_RETRY_BASE_MS: '1',
  };
}

const gate = (results: string, extra: ActionInputs = {}): ActionInputs => ({
  results: join(example, results),
  requirements: join(example, 'requirements.csv'),
  'github-token': TOKEN,
  ...extra,
});

/** Everything a person could see, less the `::add-mask::` command by which the runner masks it. */
const visible = (run: ActionRun) =>
  run.stdout
    .split('\n')
    .filter((l) => !l.startsWith('::add-mask::'))
    .join('\n') +
  run.stderr +
  run.summary;
const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);

describe('action: the pull-request comment', () => {
  test('two runs leave exactly one comment: created, then updated in place; comment.md is the body posted', async () => {
    await serve();
    const first = await runActionInProcess(gate('results-regression'), { env: pullRequestEnv(fake!.apiUrl) });
    expect(first.status).toBe(1);
    expect(first.outputs['comment-id']).toBeDefined();
    expect(first.outputs['comment-url']).toBeDefined();
    const second = await runActionInProcess(gate('results'), { env: pullRequestEnv(fake!.apiUrl) });
    expect(second.status).toBe(0);
    expect(fake!.problems).toEqual([]);
    expect(fake!.comments).toHaveLength(1);
    const [comment] = fake!.comments;
    expect(comment!.body.startsWith('<!-- perfgate:latency/gate -->\n')).toBe(true);
    expect(comment!.body).toContain('### ✅ all 66 requirements met');
    expect(comment!.body).toContain(
      '[Workflow run and job summary](https://github.example/octo/bench/actions/runs/555)',
    );
    expect(comment!.body.length).toBeLessThanOrEqual(65536);
    expect(second.outputs['comment-id']).toBe(first.outputs['comment-id']);
    expect(fake!.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
    // The Checks (on by default) go to the fake's check-runs endpoint and are not in its requests.
    expect(fake!.checks.runs.map((r) => `${r.status} ${r.conclusion}`)).toEqual([
      'completed failure',
      'completed success',
    ]);
    for (const run of [first, second]) expect(visible(run)).not.toContain(TOKEN);
    // What a workflow_run workflow will post: the same body, and what it is for.
    const report = join(second.workspace, 'perfgate-report');
    expect(readFileSync(join(report, 'comment.md'), 'utf8')).toBe(
      comment!.body.slice('<!-- perfgate:latency/gate -->\n'.length) + '\n',
    );
    expect(JSON.parse(readFileSync(join(report, 'comment.json'), 'utf8'))).toEqual({
      pullRequest: 12,
      commentId: 'latency/gate',
      verdict: 'pass',
      checkRun: 'perfgate (gate)',
    });
  });

  test('a fork pull request (read-only token, 403): a warning, the verdict and the reports unchanged', async () => {
    await serve({ failWrites: { status: 403, message: 'Resource not accessible by integration' } });
    const run = await runActionInProcess(gate('results-regression'), { env: pullRequestEnv(fake!.apiUrl) });
    expect(fake!.problems).toEqual([]);
    expect(run.status).toBe(1); // the regression, not the comment
    expect(run.outputs).toMatchObject({ verdict: 'fail', 'checks-failed': '7' });
    expect(run.outputs['comment-id']).toBeUndefined();
    const warning = warnings(run).find((m) => m.startsWith('perfgate: no pull-request comment'));
    expect(warning).toMatch(/fork/i);
    expect(run.summary).toContain('### ❌ 7 of 66 requirements over their limit');
    // 403 "not accessible" is final: one POST, no retry.
    expect(fake!.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200', 'POST 403']);
  });

  test('comment: on-regression posts nothing for a passing run; comment: never never calls the API but still writes comment.md', async () => {
    await serve();
    await runActionInProcess(gate('results', { comment: 'on-regression' }), { env: pullRequestEnv(fake!.apiUrl) });
    // A pass only looks for an earlier ❌ comment to correct: one listing, nothing posted.
    expect(fake!.requests.map((r) => `${r.method} ${r.operationId}`)).toEqual(['GET issues/list-comments']);
    expect(fake!.comments).toEqual([]);
    fake!.requests.length = 0;
    const never = await runActionInProcess(gate('results-regression', { comment: 'never' }), {
      env: pullRequestEnv(fake!.apiUrl),
    });
    expect(fake!.requests).toEqual([]);
    expect(readdirSync(join(never.workspace, 'perfgate-report'))).toEqual(
      expect.arrayContaining(['comment.md', 'comment.json']),
    );
  });

  test('the comment tells the truth of the last run: pass, then an input error, then pass', async () => {
    await serve();
    const env = pullRequestEnv(fake!.apiUrl);
    const pass = await runActionInProcess(gate('results'), { env });
    expect(pass.status).toBe(0);
    expect(fake!.comments[0]!.body).toContain('### ✅ all 66 requirements met');
    // The next push breaks a results file: the run errors, and the ✅ comment must not stand.
    const broken = join(makeTempDir('perfgate-broken-'), 'results');
    mkdirSync(broken);
    writeFileSync(
      join(broken, 'measurements_interprocess_best_effort_summary.csv'),
      'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n16,10,9,1,2,"7,5",1,1,1,1,8,9\n',
    );
    const errored = await runActionInProcess({ ...gate('results'), results: broken }, { env });
    expect(errored.status).toBe(1);
    expect(fake!.comments).toHaveLength(1);
    const body = fake!.comments[0]!.body;
    expect(body).toContain('### ⚠️ perfgate errored: nothing was gated');
    expect(body).toContain('expected a number in column');
    expect(body).toContain('[Workflow run](https://github.example/octo/bench/actions/runs/555)');
    expect(body).toContain(`The run on commit ${HEAD_SHA} stopped before a verdict`);
    expect(body).not.toContain('✅');
    expect(errored.summary).toContain('### ⚠️ perfgate errored: nothing was gated');
    // Fixed again: the same comment says ✅.
    const again = await runActionInProcess(gate('results'), { env });
    expect(again.status).toBe(0);
    expect(fake!.comments).toHaveLength(1);
    expect(fake!.comments[0]!.body).toContain('### ✅ all 66 requirements met');
    expect(fake!.problems).toEqual([]);
  });

  test('comment-charts: a passing comment holds no chart by default; a failing one does; always and never as asked', async () => {
    await serve();
    const env = pullRequestEnv(fake!.apiUrl);
    const charts = { charts: 'true', 'chart-png': 'false' };
    const pass = await runActionInProcess(gate('results', charts), { env });
    expect(pass.status).toBe(0);
    expect(fake!.comments[0]!.body).not.toContain('```mermaid');
    expect(pass.summary).toContain('```mermaid');
    const fail = await runActionInProcess(gate('results-regression', charts), { env });
    expect(fail.status).toBe(1);
    expect(fake!.comments[0]!.body).toContain('```mermaid');
    await runActionInProcess(gate('results', { ...charts, 'comment-charts': 'always' }), { env });
    expect(fake!.comments[0]!.body).toContain('```mermaid');
    await runActionInProcess(gate('results-regression', { ...charts, 'comment-charts': 'never' }), { env });
    expect(fake!.comments[0]!.body).not.toContain('```mermaid');
    expect(fake!.comments[0]!.body).toContain('-->\n### ❌ 7 of 66 requirements over their limit');
  });

  test('the comment names the artifact as uploaded: report-artifact, or none with upload-report: false', async () => {
    await serve();
    const env = pullRequestEnv(fake!.apiUrl);
    await runActionInProcess(gate('results'), { env });
    expect(fake!.comments[0]!.body).toContain(
      '[Workflow run and job summary](https://github.example/octo/bench/actions/runs/555) · report files, charts and report.html in the `perfgate-report` artifact.',
    );
    await runActionInProcess(gate('results', { 'report-artifact': 'latency-report' }), { env });
    expect(fake!.comments[0]!.body).toContain('in the `latency-report` artifact.');
    await runActionInProcess(gate('results', { 'upload-report': 'false' }), { env });
    expect(fake!.comments[0]!.body).toContain(
      '[Workflow run and job summary](https://github.example/octo/bench/actions/runs/555).',
    );
    expect(fake!.comments[0]!.body).not.toContain('artifact');
  });

  test('a missing results folder errors the same way: the comment says so', async () => {
    await serve();
    const env = pullRequestEnv(fake!.apiUrl);
    await runActionInProcess(gate('results'), { env });
    const missing = await runActionInProcess({ ...gate('results'), results: join(example, 'no-such-folder') }, { env });
    expect(missing.status).toBe(1);
    expect(fake!.comments).toHaveLength(1);
    expect(fake!.comments[0]!.body).toContain('### ⚠️ perfgate errored: nothing was gated');
    expect(fake!.comments[0]!.body).toContain('no such file or folder');
  });

  test('comment: on-regression: a passing run corrects the ❌ comment a failing run left', async () => {
    await serve();
    const env = pullRequestEnv(fake!.apiUrl);
    const failed = await runActionInProcess(gate('results-regression', { comment: 'on-regression' }), { env });
    expect(failed.status).toBe(1);
    expect(fake!.comments[0]!.body).toContain('-->\n### ❌ 7 of 66 requirements over their limit');
    const fixed = await runActionInProcess(gate('results', { comment: 'on-regression' }), { env });
    expect(fixed.status).toBe(0);
    expect(fake!.comments).toHaveLength(1);
    expect(fake!.comments[0]!.body).toContain('### ✅ all 66 requirements met');
    expect(fake!.problems).toEqual([]);
  });

  test('a 502 and then a secondary rate limit (retry-after: 1) are retried: one comment, and a warning for the wait', async () => {
    await serve({
      faults: [
        {
          operationId: 'issues/list-comments',
          status: 403,
          message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
          headers: { 'retry-after': '1' },
        },
        { operationId: 'issues/create-comment', status: 502, message: 'Server Error' },
      ],
    });
    const run = await runActionInProcess(gate('results'), { env: pullRequestEnv(fake!.apiUrl) });
    expect(run.status).toBe(0);
    expect(fake!.problems).toEqual([]);
    expect(fake!.requests.map((r) => `${r.method} ${r.status}`)).toEqual([
      'GET 403',
      'GET 200',
      'POST 502',
      'POST 201',
    ]);
    expect(fake!.comments).toHaveLength(1);
    expect(run.outputs['comment-id']).toBe(String(fake!.comments[0]!.id));
    expect(warnings(run)).toEqual([
      expect.stringMatching(/^perfgate: GitHub's secondary rate limit: waiting 1 s before retrying GET /),
    ]);
  });

  test("a marker planted in a user's own comment is not hijacked: the bot posts its own", async () => {
    const planted = {
      id: 50,
      body: '<!-- perfgate:latency/gate -->\nAll good, merge it!',
      created_at: '2026-11-21T10:00:00Z',
      user: 'mallory',
    };
    await serve({ comments: [planted] });
    const run = await runActionInProcess(gate('results-regression'), { env: pullRequestEnv(fake!.apiUrl) });
    expect(fake!.problems).toEqual([]);
    expect(fake!.comments.find((c) => c.id === 50)).toEqual(planted);
    expect(fake!.comments).toHaveLength(2);
    expect(fake!.requests.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(run.outputs['comment-id']).not.toBe('50');
  });
});

describe('action: mode: comment (workflow_run, fork pull requests)', () => {
  const RUN_ID = 7777;
  let reportDir: string;

  beforeAll(async () => {
    // The gate's half: a fork pull request run, read-only, comment: never. Its report folder is the artifact.
    const run = await runActionInProcess(gate('results-regression', { comment: 'never', 'github-token': '' }), {
      env: pullRequestEnv('http://127.0.0.1:9'),
    });
    expect(run.status).toBe(1);
    reportDir = join(run.workspace, 'perfgate-report');
  });

  function artifactZip(edit: (files: Record<string, string>) => void = () => {}): Uint8Array {
    const files: Record<string, string> = {};
    for (const name of readdirSync(reportDir)) files[name] = readFileSync(join(reportDir, name), 'utf8');
    edit(files);
    return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), {
      mtime: new Date('2026-01-01T00:00:00Z'),
    });
  }

  function commentEnv(
    apiUrl: string,
    run: Partial<Parameters<typeof workflowRunEvent>[0]> = {},
  ): Record<string, string> {
    const payload = workflowRunEvent({
      owner: 'octo',
      repo: 'bench',
      runId: RUN_ID,
      headSha: HEAD_SHA,
      headBranch: 'feature',
      headOwner: 'forker',
      name: 'latency',
      ...run,
    });
    return {
      GITHUB_EVENT_NAME: 'workflow_run',
      GITHUB_EVENT_PATH: eventFile(payload),
      GITHUB_REPOSITORY: 'octo/bench',
      GITHUB_API_URL: apiUrl,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '8888',
      GITHUB_WORKFLOW: 'perfgate-comment',
      GITHUB_JOB: 'comment',
      PERFGATE_RETRY_BASE_MS: '1',
    };
  }

  const forkPull = { number: 12, headSha: HEAD_SHA, headRef: 'feature', headOwner: 'forker', hiddenFromCommit: true };
  const commentMode = (extra: ActionInputs = {}): ActionInputs => ({
    mode: 'comment',
    'github-token': TOKEN,
    ...extra,
  });

  test("posts the gate's comment.md on the pull request the API names, with the gate's marker; untrusted content is defused", async () => {
    const zip = artifactZip((files) => {
      // Pull-request code wrote the artifact: a wrong number and a spoofed marker of another report.
      files['comment.json'] = JSON.stringify({ pullRequest: 99, commentId: 'latency/gate', verdict: 'fail' });
      files['comment.md'] += '\n<!-- perfgate:other/report -->\n';
    });
    await serve({
      pulls: [forkPull, { number: 99, headSha: 'b'.repeat(40), headRef: 'other', headOwner: 'octo' }],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip }],
    });
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(fake!.problems).toEqual([]);
    expect(run.status).toBe(0);
    expect(fake!.requests.map((r) => `${r.method} ${r.operationId} ${r.status}`)).toEqual([
      'GET actions/get-workflow-run 200',
      'GET actions/list-workflow-run-artifacts 200',
      'GET actions/download-artifact 302',
      'GET repos/list-pull-requests-associated-with-commit 200',
      'GET pulls/list 200',
      'GET issues/list-comments 200',
      'POST issues/create-comment 201',
    ]);
    expect(new URL(fake!.requests[4]!.url, 'http://x').searchParams.get('head')).toBe('forker:feature');
    expect(fake!.blobRequests).toHaveLength(1);
    expect(fake!.comments).toHaveLength(1);
    const body = fake!.comments[0]!.body;
    expect(body.startsWith('<!-- perfgate:latency/gate -->\n### ❌ 7 of 66 requirements over their limit\n')).toBe(
      true,
    );
    expect(body).toContain('[Workflow run and job summary](https://github.example/octo/bench/actions/runs/555)');
    expect(body).not.toContain('<!-- perfgate:other/report -->');
    expect(body.trimEnd().endsWith('&lt;!-- perfgate:other/report -->')).toBe(true);
    expect(fake!.marked('<!-- perfgate:other/report -->')).toEqual([]);
    expect(run.outputs).toMatchObject({
      'pull-request': '12',
      verdict: 'fail',
      'comment-id': String(fake!.comments[0]!.id),
    });
    expect(warnings(run)).toEqual([
      'perfgate: the report artifact names pull request #99, but commit feedfacefeed is the head of #12: commenting on #12',
    ]);
    expect(visible(run)).not.toContain(TOKEN);
  });

  test("the gate's verdict as a Check on the pull request's head: failure, the headline as its title, the comment as its summary", async () => {
    await serve({
      pulls: [forkPull],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip: artifactZip() }],
    });
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(fake!.problems).toEqual([]);
    expect(run.status).toBe(0); // the gate's verdict fails the Check, never this job
    expect(fake!.checks.runs).toHaveLength(1);
    const [check] = fake!.checks.runs;
    expect(check).toMatchObject({
      name: 'perfgate (latency)',
      head_sha: HEAD_SHA,
      status: 'completed',
      conclusion: 'failure',
      statuses: ['in_progress', 'completed'],
      annotations: [],
    });
    expect(check!.output!.title).toBe('❌ 7 of 66 requirements over their limit');
    const posted = fake!.comments[0]!.body;
    expect(check!.output!.summary).toBe(readFileSync(join(reportDir, 'comment.md'), 'utf8'));
    expect(posted).toContain(check!.output!.summary!.trimEnd());
    expect(JSON.parse(fake!.checks.requests[0]!.body)).toMatchObject({
      details_url: `https://github.example/octo/bench/actions/runs/${RUN_ID}`,
    });
    expect(run.stdout).toContain('Check run "perfgate (latency)" completed: failure');
  });

  test('a passing gate: a successful Check; check-name names it; check: false makes none', async () => {
    const zip = artifactZip((files) => {
      files['comment.json'] = JSON.stringify({ pullRequest: 12, verdict: 'pass' });
      files['comment.md'] = '### ✅ all 66 requirements met\n';
    });
    const setup = {
      pulls: [forkPull],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip }],
    };
    await serve(setup);
    const named = await runActionInProcess(commentMode({ 'check-name': 'perfgate (linux)' }), {
      env: commentEnv(fake!.apiUrl),
    });
    expect(named.status).toBe(0);
    expect(fake!.checks.runs.map((r) => [r.name, r.conclusion, r.output?.title])).toEqual([
      ['perfgate (linux)', 'success', '✅ all 66 requirements met'],
    ]);
    await fake!.stop();
    await serve(setup);
    const off = await runActionInProcess(commentMode({ check: 'false' }), { env: commentEnv(fake!.apiUrl) });
    expect(off.status).toBe(0);
    expect(fake!.checks.requests).toEqual([]);
    expect(fake!.comments).toHaveLength(1);
  });

  test('a gate that passed with something slower undecided: a neutral Check saying why; other text is ignored', async () => {
    const zipOf = (undecided: string) =>
      artifactZip((files) => {
        files['comment.json'] = JSON.stringify({ pullRequest: 12, verdict: 'pass', undecided });
        files['comment.md'] = '### ⚠️ 1 slower (time/op +17 %) inside the noise · against main (history of 6 runs)\n';
      });
    const setup = (zip: Uint8Array) => ({
      pulls: [forkPull],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip }],
    });
    await serve(setup(zipOf('no confirmation configured')));
    expect((await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) })).status).toBe(0);
    expect(fake!.checks.runs.map((r) => [r.conclusion, r.output?.title])).toEqual([
      [
        'neutral',
        'Undecided, no confirmation configured: ⚠️ 1 slower (time/op +17 %) inside the noise · against main (history of 6 runs)',
      ],
    ]);
    await fake!.stop();
    // The artifact is untrusted: only perfgate's own reasons are read.
    await serve(setup(zipOf('[click](https://example.invalid) me')));
    expect((await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) })).status).toBe(0);
    expect(fake!.checks.runs.map((r) => r.conclusion)).toEqual(['success']);
  });

  test('a gate run that made its own Check (a same-repository pull request) gets no second one', async () => {
    const zip = artifactZip((files) => {
      files['comment.json'] = JSON.stringify({ pullRequest: 12, verdict: 'fail', checkRun: 'perfgate (gate)' });
    });
    await serve({
      pulls: [forkPull],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip }],
    });
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(run.status).toBe(0);
    expect(fake!.checks.requests).toEqual([]);
    expect(run.stdout).toContain('the gate run made its own Check run "perfgate (gate)": no second one');
    expect(fake!.comments).toHaveLength(1);
  });

  test('a token without checks: write: one line, the comment is still posted and the job passes', async () => {
    await serve({
      pulls: [forkPull],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip: artifactZip() }],
      checks: { forbid: true },
    });
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(fake!.problems).toEqual([]);
    expect(run.status).toBe(0);
    expect(warnings(run)).toEqual([]);
    expect(run.stdout).toMatch(/no Check run: cannot create the Check run on feedfacefeed.*checks: write/);
    expect(fake!.comments).toHaveLength(1);
  });

  test('a comment.md over 65 536 characters is cut to fit, with a link to the gate run', async () => {
    const zip = artifactZip((files) => {
      files['comment.md'] = '| row | 1 |\n'.repeat(20_000);
    });
    await serve({
      pulls: [{ ...forkPull, hiddenFromCommit: false }],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip }],
    });
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(fake!.problems).toEqual([]);
    expect(run.status).toBe(0);
    const body = fake!.comments[0]!.body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain(
      `See [the full report](https://github.example/octo/bench/actions/runs/${RUN_ID}) for everything.`,
    );
    // Found by the commit, so no fallback lookup.
    expect(fake!.requests.some((r) => r.operationId === 'pulls/list')).toBe(false);
  });

  test("updates the comment the gate posted itself, and leaves a user's planted marker alone", async () => {
    const zip = artifactZip();
    const botComment = {
      id: 60,
      body: '<!-- perfgate:latency/gate -->\nold report',
      created_at: '2026-11-21T10:00:00Z',
    };
    const planted = {
      id: 61,
      body: '<!-- perfgate:latency/gate -->\nLGTM',
      created_at: '2026-11-21T11:00:00Z',
      user: 'mallory',
    };
    await serve({
      comments: [botComment, planted],
      pulls: [forkPull],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip }],
    });
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(fake!.problems).toEqual([]);
    expect(run.outputs['comment-id']).toBe('60');
    expect(fake!.comments.find((c) => c.id === 60)!.body).toContain('59 of 66 checks passed');
    expect(fake!.comments.find((c) => c.id === 61)).toEqual(planted);
  });

  test('not a pull-request run: a notice and no API call', async () => {
    await serve();
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl, { event: 'push' }) });
    expect(run.status).toBe(0);
    expect(fake!.requests).toEqual([]);
    expect(run.commands.find((c) => c.command === 'notice')?.message).toBe(
      `perfgate: run ${RUN_ID} was triggered by push, not a pull request: no comment`,
    );
  });

  test('no open pull request at that commit (pushed again since): a notice, exit 0', async () => {
    await serve({
      pulls: [{ ...forkPull, headSha: 'c'.repeat(40) }],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip: artifactZip() }],
    });
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(fake!.problems).toEqual([]);
    expect(run.status).toBe(0);
    expect(fake!.comments).toEqual([]);
    expect(run.commands.find((c) => c.command === 'notice')?.message).toBe(
      `perfgate: no comment: no open pull request of octo/bench has head commit ${HEAD_SHA}`,
    );
  });

  test('no report artifact: a warning when the gate run failed, an error when it succeeded', async () => {
    await serve({ pulls: [forkPull], runs: [{ id: RUN_ID, headSha: HEAD_SHA }], artifacts: [] });
    const failed = await runActionInProcess(commentMode(), {
      env: commentEnv(fake!.apiUrl, { conclusion: 'failure' }),
    });
    expect(failed.status).toBe(0);
    expect(warnings(failed).join('\n')).toMatch(
      /^perfgate: no comment: no usable artifact matching "perfgate-report" in run 7777 \(run 7777 concluded failure;/,
    );
    const succeeded = await runActionInProcess(commentMode(), {
      env: commentEnv(fake!.apiUrl, { conclusion: 'success' }),
    });
    expect(succeeded.status).toBe(1);
    expect(succeeded.commands.find((c) => c.command === 'error')?.message).toMatch(
      /Upload the gate's output-dir as this artifact \(input report-artifact\)/,
    );
    expect(fake!.requests.some((r) => r.operationId === 'issues/create-comment')).toBe(false);
  });

  test('an artifact with an entry outside the download folder (zip slip) is rejected whole: nothing written, no comment', async () => {
    const zip = zipSync(
      { 'comment.md': strToU8('report'), '../../escaped.md': strToU8('pwned') },
      { mtime: new Date('2026-01-01T00:00:00Z') },
    );
    await serve({
      pulls: [forkPull],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip }],
    });
    const run = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(run.status).toBe(0); // the gate run failed: a warning only
    expect(warnings(run).join('\n')).toMatch(/no comment: no usable artifact matching "perfgate-report" in run 7777/);
    expect(run.stdout).toContain('rejected: unsafe entry name');
    expect(fake!.comments).toEqual([]);
    expect(fake!.requests.some((r) => r.operationId === 'issues/list-comments')).toBe(false);
  });

  test('the comment cannot be posted: 403 (permissions) is a warning and exit 0; a 500 after the retries fails the job', async () => {
    const setup = {
      pulls: [forkPull],
      runs: [{ id: RUN_ID, headSha: HEAD_SHA }],
      artifacts: [{ id: 31, runId: RUN_ID, name: 'perfgate-report', zip: artifactZip() }],
    };
    await serve({ ...setup, failWrites: { status: 403, message: 'Resource not accessible by integration' } });
    const forbidden = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(forbidden.status).toBe(0);
    expect(warnings(forbidden).join('\n')).toMatch(/^perfgate: no pull-request comment: .*HTTP 403/);
    await fake!.stop();
    await serve({ ...setup, failWrites: { status: 500, message: 'Server Error' } });
    const down = await runActionInProcess(commentMode(), { env: commentEnv(fake!.apiUrl) });
    expect(down.status).toBe(1);
    expect(down.commands.find((c) => c.command === 'error')?.message).toMatch(
      /^perfgate: no pull-request comment on #12: cannot comment on pull request #12 of octo\/bench: HTTP 500/,
    );
    // The report, then the short ❌ status: each 1 + 3 retries.
    expect(fake!.requests.filter((r) => r.operationId === 'issues/create-comment')).toHaveLength(8);
    expect(down.outputs['verdict']).toBe('fail'); // from the artifact: an output only, nothing gated here
  });

  test('on another event than workflow_run: one clear error, no stack trace', async () => {
    const run = await runActionInProcess(commentMode(), { env: { ...pullRequestEnv('http://127.0.0.1:9') } });
    expect(run.status).toBe(1);
    const errors = run.commands.filter((c) => c.command === 'error');
    expect(errors.map((e) => e.message)).toEqual([
      'perfgate: mode: comment runs in a workflow triggered by workflow_run (this event is pull_request and its payload names no workflow run)',
    ]);
    expect(visible(run)).not.toMatch(/\n\s+at /);
  });

  test('bad mode and comment-author values name the input', async () => {
    const mode = await runActionInProcess(commentMode({ mode: 'post' }), { env: pullRequestEnv('http://127.0.0.1:9') });
    expect(mode.commands.find((c) => c.command === 'error')?.message).toBe(
      'perfgate: input "mode" must be one of gate, comment; got "post"',
    );
    const author = await runActionInProcess(gate('results', { 'comment-author': 'a b' }), {
      env: pullRequestEnv('http://127.0.0.1:9'),
    });
    expect(author.status).toBe(1);
    expect(author.commands.find((c) => c.command === 'error')?.message).toMatch(
      /^perfgate: input "comment-author" must be a GitHub login/,
    );
  });
});

describe('action: a refused comment update or a hung GitHub never leaves an earlier ✅ for a failing run', () => {
  const SHORT_FAIL = [
    '<!-- perfgate:latency/gate -->',
    '### ❌ perfgate failed — see [the workflow run](https://github.example/octo/bench/actions/runs/555)',
    '',
    `Commit ${HEAD_SHA}. GitHub refused the full report as a comment: it is in the run's job summary.`,
  ].join('\n');

  test('422 "body is too long" on the update: the ✅ comment becomes the short ❌ status naming the commit', async () => {
    await serve();
    const env = pullRequestEnv(fake!.apiUrl);
    expect((await runActionInProcess(gate('results'), { env })).status).toBe(0);
    expect(fake!.comments[0]!.body).toContain('### ✅ all 66 requirements met');
    fake!.options.maxBodyChars = 1000;
    const failing = await runActionInProcess(gate('results-regression'), { env });
    expect(failing.status).toBe(1);
    expect(failing.outputs['verdict']).toBe('fail');
    expect(fake!.comments.map((c) => c.body.trimEnd())).toEqual([SHORT_FAIL]);
    expect(fake!.requests.slice(2).map((r) => `${r.method} ${r.status}`)).toEqual([
      'GET 200',
      'PATCH 422',
      'PATCH 200',
    ]);
    expect(warnings(failing)).toContainEqual(
      expect.stringMatching(
        /^perfgate: GitHub refused the report \(HTTP 422: .*body is too long.*\): posted a short status instead$/,
      ),
    );
    expect(fake!.problems).toEqual([]);
  });

  test('500 on every PATCH: the ❌ report is posted anew and the ✅ comment deleted', async () => {
    await serve();
    const env = pullRequestEnv(fake!.apiUrl);
    await runActionInProcess(gate('results'), { env });
    const passedId = fake!.comments[0]!.id;
    fake!.options.faults = [{ operationId: 'issues/update-comment', status: 500, times: 100 }];
    const failing = await runActionInProcess(gate('results-regression'), { env });
    expect(failing.status).toBe(1);
    expect(fake!.comments).toHaveLength(1);
    expect(fake!.comments[0]!.id).not.toBe(passedId);
    expect(fake!.comments[0]!.body).toContain('### ❌ 7 of 66 requirements over their limit');
    expect(fake!.comments[0]!.body).toContain(HEAD_SHA);
    expect(failing.outputs['comment-id']).toBe(String(fake!.comments[0]!.id));
    expect(warnings(failing)).toContainEqual(
      `perfgate: cannot update comment ${passedId} (HTTP 500 (Server Error - https://docs.github.com/rest)): posted a new comment instead`,
    );
  });

  test('an API call accepted and never answered: timed out and retried, then a new comment; the verdict stands', async () => {
    await serve({ faults: [{ operationId: 'issues/list-comments', status: 0, hang: true, times: 100 }] });
    // The four hung listings spend 1.2 s of the budget; the rest of the run's requests fit in what is left, even on a
    // loaded machine.
    const env = { ...pullRequestEnv(fake!.apiUrl), PERFGATE_HTTP_TIMEOUT_MS: '300', PERFGATE_GITHUB_BUDGET_MS: '4000' };
    const started = Date.now();
    const run = await runActionInProcess(gate('results-regression'), { env });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.status).toBe(1); // the regression
    expect(run.outputs).toMatchObject({ verdict: 'fail', 'checks-failed': '7' });
    expect(run.summary).toContain('### ❌ 7 of 66 requirements over their limit');
    expect(warnings(run)).toContainEqual(
      'perfgate: cannot list the comments of pull request #12 of octo/bench: no answer from GitHub: no answer within 0.3 s; posted a new comment instead',
    );
    // The listing hung four times (1 + 3 retries); a new comment then says what this run found.
    expect(fake!.requests.map((r) => `${r.method} ${r.status ?? 'no answer'}`)).toEqual([
      ...Array<string>(4).fill('GET no answer'),
      'POST 201',
    ]);
    expect(fake!.comments[0]!.body).toContain('### ❌ 7 of 66 requirements over their limit');
  });

  test('no answer at all, then the budget: GitHub work is abandoned with one warning', async () => {
    await serve({ faults: [{ operationId: 'issues/list-comments', status: 0, hang: true, times: 100 }] });
    // Half a second of the budget is left after the first try: a loaded machine still tries twice.
    const env = {
      ...pullRequestEnv(fake!.apiUrl),
      PERFGATE_HTTP_TIMEOUT_MS: '1000',
      PERFGATE_GITHUB_BUDGET_MS: '1500',
    };
    const run = await runActionInProcess(gate('results-regression'), { env });
    expect(run.status).toBe(1);
    expect(run.outputs['verdict']).toBe('fail');
    const spent = "the step's GitHub time budget of 1.5 s is spent: GitHub work abandoned";
    expect(warnings(run).filter((m) => m.includes('time budget'))[0]).toBe(`perfgate: ${spent}; the verdict stands`);
    expect(fake!.requests).toHaveLength(2);
  });
});
