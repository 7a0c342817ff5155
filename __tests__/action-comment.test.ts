import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FakeCommentGitHub } from './helpers/github-comment-fake.js';
import { makeTempDir, removeTempDirs, repoRoot, runActionAsync, type ActionInputs } from './helpers/runner-action.js';

// The bundled action on a pull_request event, talking to a loopback GitHub that checks every
// request against GitHub's OpenAPI description.
const TOKEN = 'ghs_commentSECRET0123456789abcdefghij';
const example = join(repoRoot, 'fixtures', 'example');
let fake: FakeCommentGitHub | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});
afterAll(removeTempDirs);

function pullRequestEnv(apiUrl: string): Record<string, string> {
  const eventPath = join(makeTempDir('perfgate-event-'), 'event.json');
  writeFileSync(eventPath, JSON.stringify({ action: 'synchronize', number: 12, pull_request: { number: 12, base: { ref: 'main' } } }));
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: 'octo/bench',
    GITHUB_API_URL: apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: '555',
    GITHUB_WORKFLOW: 'latency',
    GITHUB_JOB: 'gate',
  };
}

const gate = (results: string, extra: ActionInputs = {}): ActionInputs => ({
  results: join(example, results),
  requirements: join(example, 'requirements.csv'),
  'github-token': TOKEN,
  ...extra,
});

describe('action: the pull-request comment', () => {
  test('two runs leave exactly one comment: created, then updated in place', async () => {
    fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
    const first = await runActionAsync(gate('results-regression'), { env: pullRequestEnv(fake.apiUrl) });
    expect(first.status).toBe(1);
    expect(first.outputs['comment-id']).toBeDefined();
    expect(first.outputs['comment-url']).toBeDefined();
    const second = await runActionAsync(gate('results'), { env: pullRequestEnv(fake.apiUrl) });
    expect(second.status).toBe(0);
    expect(fake.problems).toEqual([]);
    expect(fake.comments).toHaveLength(1);
    const [comment] = fake.comments;
    expect(comment!.body.startsWith('<!-- perfgate:latency/gate -->\n')).toBe(true);
    expect(comment!.body).toContain('### ✅ perfgate: 66 of 66 checks passed');
    expect(comment!.body).toContain('[Workflow run and job summary](https://github.example/octo/bench/actions/runs/555)');
    expect(comment!.body.length).toBeLessThanOrEqual(65536);
    expect(second.outputs['comment-id']).toBe(first.outputs['comment-id']);
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET', 'PATCH']);
    for (const run of [first, second]) expect(run.stdout.split('\n').filter((l) => !l.startsWith('::add-mask::')).join('\n') + run.stderr).not.toContain(TOKEN);
  });

  test('a fork pull request (read-only token, 403): a warning, the verdict and the reports unchanged', async () => {
    fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12, failWrites: { status: 403, message: 'Resource not accessible by integration' } }).start();
    const run = await runActionAsync(gate('results-regression'), { env: pullRequestEnv(fake.apiUrl) });
    expect(fake.problems).toEqual([]);
    expect(run.status).toBe(1); // the regression, not the comment
    expect(run.outputs).toMatchObject({ verdict: 'fail', 'checks-failed': '7' });
    expect(run.outputs['comment-id']).toBeUndefined();
    const warning = run.commands.find((c) => c.command === 'warning' && c.message.startsWith('perfgate: no pull-request comment'));
    expect(warning?.message).toMatch(/fork/i);
    expect(run.summary).toContain('perfgate: 59 of 66 checks passed');
  });

  test('comment: on-regression posts nothing for a passing run; comment: never never calls the API', async () => {
    fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
    await runActionAsync(gate('results', { comment: 'on-regression' }), { env: pullRequestEnv(fake.apiUrl) });
    await runActionAsync(gate('results-regression', { comment: 'never' }), { env: pullRequestEnv(fake.apiUrl) });
    expect(fake.requests).toEqual([]);
  });
});
