/**
 * A merge queue (issue 44, item 3): on a real `merge_group` payload the action judges the group's head like a pull
 * request, reports its Check on merge_group.head_sha, updates the queued pull request's comment (its number from the
 * group's head_ref), accepts what the pull request's label accepts, and never writes the history branch. Against a
 * loopback GitHub that checks every request against GitHub's OpenAPI description.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeCommentGitHub, type FakePull } from './helpers/github-comment-fake.js';
import { eventFile, webhookExample } from './helpers/github-events.js';
import { makeTempDir, removeTempDirs, repoRoot, type ActionInputs, type ActionRun } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { baseRefOf } from '../src/action/baseTree.js';
import { readRunContext, pullRequestRefs } from '../src/action/context.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

const TOKEN = 'ghs_queueSECRET0123456789abcdefghijklm';
const HEAD_SHA = 'be5e11ed'.repeat(5);
const BASE_SHA = 'ba5eba11'.repeat(5);
const example = join(repoRoot, 'fixtures', 'example');
let fake: FakeCommentGitHub | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});
afterAll(removeTempDirs);

/** GitHub's merge_group example, for pull request 12 of octo/bench. */
function mergeGroupEvent() {
  const event = webhookExample('merge_group', 'checks_requested');
  event.merge_group.head_sha = HEAD_SHA;
  event.merge_group.base_sha = BASE_SHA;
  event.merge_group.head_ref = `refs/heads/gh-readonly-queue/main/pr-12-${'929f8209'.repeat(5)}`;
  return event;
}

const pull = (labels: FakePull['labels'] = []): FakePull => ({
  number: 12,
  headSha: 'feed5eed'.repeat(5),
  headRef: 'feature',
  headOwner: 'octo',
  labels,
});

async function queue(results: string, options: { labels?: FakePull['labels']; extra?: ActionInputs } = {}) {
  fake = await new FakeCommentGitHub({
    owner: 'octo',
    repo: 'bench',
    issueNumber: 12,
    pulls: [pull(options.labels)],
    labelEvents: options.labels?.map((l) => ({ event: 'labeled' as const, label: l.name, actor: 'reviewer' })) ?? [],
  }).start();
  const run = await runActionInProcess(
    {
      results: join(example, results),
      baseline: join(example, 'results'),
      'github-token': TOKEN,
      'upload-report': 'false',
      charts: 'false',
      ...options.extra,
    },
    {
      workspace: makeTempDir('perfgate-queue-ws-'),
      env: {
        GITHUB_EVENT_NAME: 'merge_group',
        GITHUB_EVENT_PATH: eventFile(mergeGroupEvent()),
        GITHUB_REPOSITORY: 'octo/bench',
        GITHUB_SHA: HEAD_SHA,
        GITHUB_API_URL: fake.apiUrl,
        GITHUB_SERVER_URL: 'https://github.example',
        GITHUB_RUN_ID: '808',
        GITHUB_WORKFLOW: 'benchmarks',
        GITHUB_JOB: 'gate',
        PERFGATE_RETRY_BASE_MS: '1',
      },
    },
  );
  expect(fake.problems).toEqual([]);
  return run;
}

const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);

describe('action: a merge queue (merge_group)', () => {
  test("a regression fails the queue: a failed Check on the group's head, the pull request's comment says so", async () => {
    const run = await queue('results-regression');
    expect(run.status).toBe(1);
    expect(fake!.checks.runs).toHaveLength(1);
    const check = fake!.checks.runs[0]!;
    expect(check.head_sha).toBe(HEAD_SHA);
    expect(check.name).toBe('perfgate (gate)');
    expect(check.statuses).toEqual(['in_progress', 'completed']);
    expect(check.conclusion).toBe('failure');
    expect(fake!.comments).toHaveLength(1);
    const body = fake!.comments[0]!.body;
    expect(body).toMatch(/^### ❌ 3 slower/m);
    expect(body).toContain(`Judged commit ${HEAD_SHA}`);
  });

  test('an unchanged group passes with a successful Check', async () => {
    const run = await queue('results');
    expect(run.status).toBe(0);
    expect(fake!.checks.runs.map((c) => [c.head_sha, c.conclusion])).toEqual([[HEAD_SHA, 'success']]);
    expect(warnings(run)).toEqual([]);
  });

  test("the pull request's accept label accepts its change in the queue too, read through the API", async () => {
    const run = await queue('results-regression', { labels: [{ name: 'perfgate-accept', description: 'Known cost' }] });
    expect(run.status).toBe(0);
    expect(fake!.checks.runs[0]!.conclusion).toBe('success');
    expect(fake!.requests.map((r) => r.operationId)).toContain('pulls/get');
    // The login behind a word joiner: a mention that pings no one.
    expect(fake!.comments[0]!.body).toContain('accepted by the label **perfgate-accept**, added by @\u2060reviewer');
  });

  test('a queue run never writes the history branch', async () => {
    const folder = 'perf-history';
    const run = await queue('results', { extra: { 'record-history': folder, 'history-branch': 'perfgate-history' } });
    expect(warnings(run)).toContain(
      `record-history: branch perfgate-history is never written from a merge queue; the record is only in ${folder}`,
    );
    expect(fake!.requests.filter((r) => r.method !== 'GET' && /\/git\//.test(r.url))).toEqual([]);
  });
});

describe("a merge queue's context", () => {
  const context = (event: ReturnType<typeof mergeGroupEvent>) =>
    readRunContext({ GITHUB_EVENT_NAME: 'merge_group', GITHUB_EVENT_PATH: eventFile(event) }, rootedFiles(tmpdir()));

  test('the queued pull request, the commit judged, the base branch and the base commit', () => {
    const c = context(mergeGroupEvent());
    expect(c.pullRequest).toBe(12);
    expect(pullRequestRefs(c)).toEqual({ commit: HEAD_SHA, base: 'main' });
    expect(baseRefOf(c)).toEqual({ ref: BASE_SHA, what: "the merge queue's base ba5eba1" });
  });

  test('a head_ref that is not a queue branch names no pull request', () => {
    const event = mergeGroupEvent();
    event.merge_group.head_ref = 'refs/heads/feature/pr-12';
    expect(context(event).pullRequest).toBeUndefined();
  });
});
