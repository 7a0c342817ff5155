import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  chartBranchProblem,
  imagesMarkdown,
  isForkPullRequest,
  rawUrl,
  runFolder,
} from '../src/action/github/chartHosting.js';
import { FakeCommentGitHub } from './helpers/github-comment-fake.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';
import { FakeGitGitHub, type FakeGitOptions } from './helpers/github-git-fake.js';
import { removeTempDirs, repoRoot, type ActionInputs, type ActionRun } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

// chart-hosting: branch — the bundled action on a real pull_request payload, committing its chart
// PNGs through a loopback Git Data API (every request checked against GitHub's OpenAPI
// description) and posting the comment through the loopback comment API behind the same root.
const TOKEN = 'ghs_chartsSECRET0123456789abcdefghijk';
const example = join(repoRoot, 'fixtures', 'example');
const MARKER = '<!-- perfgate:latency/gate -->';

let comments: FakeCommentGitHub | undefined;
let git: FakeGitGitHub | undefined;
afterEach(async () => {
  await git?.stop();
  await comments?.stop();
  git = undefined;
  comments = undefined;
});
afterAll(removeTempDirs);

async function serve(options: Partial<FakeGitOptions> = {}): Promise<FakeGitGitHub> {
  comments = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12 }).start();
  git = await new FakeGitGitHub({ owner: 'octo', repo: 'bench', comments, ...options }).start();
  return git;
}

function env(apiUrl: string, runId = '555', edit: (event: any) => void = () => {}): Record<string, string> {
  const event = pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: 'feedface'.repeat(5) });
  edit(event);
  return {
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventFile(event),
    GITHUB_REPOSITORY: 'octo/bench',
    GITHUB_API_URL: apiUrl,
    GITHUB_SERVER_URL: 'https://github.example',
    GITHUB_RUN_ID: runId,
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_WORKFLOW: 'latency',
    GITHUB_JOB: 'gate',
    PERFGATE_RETRY_BASE_MS: '1',
  };
}

const gate = (results: string, extra: ActionInputs = {}): ActionInputs => ({
  results: join(example, results),
  requirements: join(example, 'requirements.csv'),
  'github-token': TOKEN,
  charts: 'true',
  'chart-hosting': 'branch',
  // These runs pass; the comment shows (and hosts) charts of a pass only when asked.
  'comment-charts': 'always',
  ...extra,
});

const pngsOf = (run: ActionRun) =>
  readdirSync(join(run.workspace, 'perfgate-report', 'charts'))
    .filter((f) => f.endsWith('.png'))
    .sort();
const notices = (run: ActionRun) => run.commands.filter((c) => c.command === 'notice').map((c) => c.message);
const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);
const visible = (run: ActionRun) =>
  run.stdout
    .split('\n')
    .filter((l) => !l.startsWith('::add-mask::'))
    .join('\n') +
  run.stderr +
  run.summary;
const imageLinks = (body: string) => [...body.matchAll(/!\[[^\]]*\]\(([^)]+)\)/g)].map((m) => m[1]!);

describe('action: chart-hosting: branch', () => {
  test('the first run creates the branch with one root commit; a second run commits on top; the comment links each commit', async () => {
    await serve();
    const first = await runActionInProcess(gate('results'), { env: env(git!.apiUrl, '555') });
    expect(first.status).toBe(0);
    expect(git!.problems).toEqual([]);
    expect(comments!.problems).toEqual([]);
    const pngs = pngsOf(first);
    expect(pngs).toHaveLength(7);

    const [c1, ...older] = git!.history('perfgate-charts');
    expect(older).toEqual([]);
    expect(c1!.parents).toEqual([]);
    expect(c1!.message).not.toContain('#');
    const files1 = git!.files(c1!.sha);
    expect([...files1.keys()].sort()).toEqual(pngs.map((f) => `pr-12/run-555-1/${f}`));
    for (const f of pngs)
      expect(
        files1.get(`pr-12/run-555-1/${f}`)!.equals(readFileSync(join(first.workspace, 'perfgate-report', 'charts', f))),
      ).toBe(true);
    // Blobs first, then the branch is looked for (404) and created: no get-commit, no update.
    expect(git!.requests.map((r) => `${r.operationId} ${r.status}`)).toEqual([
      ...pngs.map(() => 'git/create-blob 201'),
      'git/get-ref 404',
      'git/create-tree 201',
      'git/create-commit 201',
      'git/create-ref 201',
    ]);
    expect(JSON.parse(git!.requests.find((r) => r.operationId === 'git/create-tree')!.body).base_tree).toBeUndefined();
    expect(JSON.parse(git!.requests.find((r) => r.operationId === 'git/create-ref')!.body)).toEqual({
      ref: 'refs/heads/perfgate-charts',
      sha: c1!.sha,
    });

    expect(comments!.comments).toHaveLength(1);
    const body1 = comments!.comments[0]!.body;
    expect(body1.startsWith(MARKER + '\n')).toBe(true);
    expect(body1).toContain('#### Chart images');
    expect(imageLinks(body1).sort()).toEqual(
      pngs.map((f) => `https://github.example/octo/bench/raw/${c1!.sha}/pr-12/run-555-1/${f}`).sort(),
    );
    // Images come after the Mermaid charts; titles are escaped.
    expect(body1.indexOf('#### Chart images')).toBeGreaterThan(body1.lastIndexOf('```mermaid'));
    expect(body1).toContain('![Sub\\-experiment comparison](');
    expect(notices(first).filter((m) => m.includes('charts not hosted'))).toEqual([]);
    // comment.md is the body posted, links included.
    expect(readFileSync(join(first.workspace, 'perfgate-report', 'comment.md'), 'utf8')).toContain(`/raw/${c1!.sha}/`);

    const requestsBefore = git!.requests.length;
    const second = await runActionInProcess(gate('results-regression'), { env: env(git!.apiUrl, '556') });
    expect(second.status).toBe(1); // the regression, as without hosting
    expect(second.outputs['verdict']).toBe('fail');
    expect(git!.problems).toEqual([]);
    expect(comments!.problems).toEqual([]);
    const history = git!.history('perfgate-charts');
    expect(history).toHaveLength(2);
    const [c2] = history;
    expect(c2!.parents).toEqual([c1!.sha]);
    const pngs2 = pngsOf(second);
    const files2 = git!.files(c2!.sha);
    expect([...files2.keys()].sort()).toEqual(
      [...pngs.map((f) => `pr-12/run-555-1/${f}`), ...pngs2.map((f) => `pr-12/run-556-1/${f}`)].sort(),
    );
    const secondRequests = git!.requests.slice(requestsBefore);
    expect(secondRequests.map((r) => `${r.operationId} ${r.status}`)).toEqual([
      ...pngs2.map(() => 'git/create-blob 201'),
      'git/get-ref 200',
      'git/get-commit 200',
      'git/create-tree 201',
      'git/create-commit 201',
      'git/update-ref 200',
    ]);
    expect(JSON.parse(secondRequests.find((r) => r.operationId === 'git/create-tree')!.body).base_tree).toBe(
      git!.commits.get(c1!.sha)!.tree,
    );
    expect(JSON.parse(secondRequests.find((r) => r.operationId === 'git/update-ref')!.body)).toEqual({
      sha: c2!.sha,
      force: false,
    });
    for (const r of secondRequests) expect(r.url).not.toContain('/git/refs/heads/perfgate-charts'); // the ref is one encoded path parameter

    // The same sticky comment, now pointing at the second commit only.
    expect(comments!.comments).toHaveLength(1);
    const body2 = comments!.comments[0]!.body;
    expect(imageLinks(body2).sort()).toEqual(
      pngs2.map((f) => `https://github.example/octo/bench/raw/${c2!.sha}/pr-12/run-556-1/${f}`).sort(),
    );
    for (const run of [first, second]) expect(visible(run)).not.toContain(TOKEN);
  });

  test('a fork pull request is skipped up front with a notice: no Git Data request, the comment without images, the verdict unchanged', async () => {
    await serve();
    const run = await runActionInProcess(gate('results-regression'), {
      env: env(git!.apiUrl, '557', (event) => {
        event.pull_request.head.repo.full_name = 'mallory/bench';
        event.pull_request.head.repo.owner.login = 'mallory';
      }),
    });
    expect(run.status).toBe(1);
    expect(run.outputs['verdict']).toBe('fail');
    expect(git!.requests).toEqual([]);
    expect(git!.problems).toEqual([]);
    expect(notices(run)).toEqual([
      expect.stringMatching(/^perfgate: charts not hosted: the pull request comes from a fork/),
    ]);
    expect(comments!.comments).toHaveLength(1);
    expect(comments!.comments[0]!.body).not.toContain('Chart images');
    expect(imageLinks(comments!.comments[0]!.body)).toEqual([]);
  });

  test('a 403 on the first blob (no contents: write): a notice, no retry, the comment still posted, the exit code unchanged', async () => {
    await serve({
      faults: [{ operationId: 'git/create-blob', status: 403, message: 'Resource not accessible by integration' }],
    });
    const run = await runActionInProcess(gate('results'), { env: env(git!.apiUrl, '558') });
    expect(run.status).toBe(0);
    expect(run.outputs['verdict']).toBe('pass');
    expect(git!.problems).toEqual([]);
    expect(git!.requests.map((r) => `${r.operationId} ${r.status}`)).toEqual(['git/create-blob 403']);
    expect(git!.refs.size).toBe(0);
    const notice = notices(run).find((m) => m.startsWith('perfgate: charts not hosted'));
    expect(notice).toMatch(/HTTP 403.*contents: write.*Resource not accessible by integration/);
    expect(warnings(run)).toEqual([]);
    expect(comments!.comments).toHaveLength(1);
    expect(comments!.comments[0]!.body).toContain('66 of 66 checks passed');
    expect(imageLinks(comments!.comments[0]!.body)).toEqual([]);
    expect(run.outputs['comment-id']).toBe(String(comments!.comments[0]!.id));
    expect(visible(run)).not.toContain(TOKEN);
  });

  test('a concurrent run moving the branch (422 not a fast forward): the ref is read again and the commit rebuilt on the new tip', async () => {
    await serve({ raceRefUpdates: 1 });
    const seed = git!.seed('perfgate-charts', { 'README.md': Buffer.from('charts\n') });
    const run = await runActionInProcess(gate('results'), { env: env(git!.apiUrl, '559') });
    expect(run.status).toBe(0);
    expect(git!.problems).toEqual([]);
    const ops = git!.requests
      .map((r) => `${r.operationId} ${r.status}`)
      .filter((o) => !o.startsWith('git/create-blob'));
    expect(ops).toEqual([
      'git/get-ref 200',
      'git/get-commit 200',
      'git/create-tree 201',
      'git/create-commit 201',
      'git/update-ref 422',
      'git/get-ref 200',
      'git/get-commit 200',
      'git/create-tree 201',
      'git/create-commit 201',
      'git/update-ref 200',
    ]);
    const [mine, racer, root] = git!.history('perfgate-charts');
    expect(root!.sha).toBe(seed);
    expect(mine!.parents).toEqual([racer!.sha]);
    const files = [...git!.files(mine!.sha).keys()];
    expect(files).toContain('README.md');
    expect(files.filter((f) => f.startsWith('pr-99/'))).toHaveLength(1); // the other run's file is kept
    expect(files.filter((f) => f.startsWith('pr-12/run-559-1/'))).toHaveLength(7);
    expect(imageLinks(comments!.comments[0]!.body).every((u) => u.includes(`/raw/${mine!.sha}/`))).toBe(true);
    // The lost race is in the log, not an annotation.
    expect(run.stdout).toContain('moved while committing (attempt 1)');
    expect(warnings(run)).toEqual([]);
  });

  test('chart-hosting defaults to none: charts drawn (without PNGs: nothing shows them), nothing committed, no notice', async () => {
    await serve();
    const run = await runActionInProcess(gate('results', { 'chart-hosting': '' }), { env: env(git!.apiUrl, '560') });
    expect(run.status).toBe(0);
    expect(pngsOf(run)).toHaveLength(0);
    expect(
      readdirSync(join(run.workspace, 'perfgate-report', 'charts')).filter((f) => f.endsWith('.svg')),
    ).toHaveLength(7);
    expect(git!.requests).toEqual([]);
    expect(notices(run)).toEqual([]);
    expect(imageLinks(comments!.comments[0]!.body)).toEqual([]);
  });

  test('bad chart-hosting or chart-branch values fail the step before anything is read or hosted; the comment says the run errored', async () => {
    await serve();
    const badMode = await runActionInProcess(gate('results', { 'chart-hosting': 'gist', charts: 'false' }), {
      env: env(git!.apiUrl),
    });
    expect(badMode.status).toBe(1);
    expect(badMode.stdout).toContain('input "chart-hosting" must be one of none, branch; got "gist"');
    const badBranch = await runActionInProcess(gate('results', { 'chart-branch': 'charts..x', charts: 'false' }), {
      env: env(git!.apiUrl),
    });
    expect(badBranch.status).toBe(1);
    expect(badBranch.stdout).toContain('input "chart-branch" must be a branch name');
    expect(git!.requests).toEqual([]);
    // Only the sticky comment is touched: it now says the run errored, naming the input.
    expect(comments!.requests.map((r) => `${r.method} ${r.operationId}`)).toEqual([
      'GET issues/list-comments',
      'POST issues/create-comment',
      'GET issues/list-comments',
      'PATCH issues/update-comment',
    ]);
    expect(comments!.comments).toHaveLength(1);
    expect(comments!.comments[0]!.body).toContain('### ⚠️ perfgate errored: nothing was gated');
    expect(comments!.comments[0]!.body).toContain('must be a branch name');
  });
});

describe('chart hosting helpers', () => {
  test('image Markdown: titles escaped, every path part URL-encoded, links pinned to the commit', async () => {
    const sha = 'a'.repeat(40);
    const url = rawUrl('https://ghe.example/', 'my org', 'r#po', sha, 'pr-1/run-2-1/x (1)?.png');
    expect(url).toBe(`https://ghe.example/my%20org/r%23po/raw/${sha}/pr-1/run-2-1/x%20(1)%3F.png`);
    const markdown = imagesMarkdown([
      { title: 'evil](https://attacker.example/x.png) @team <img src=x> `', path: 'p', url },
    ]);
    expect(markdown).toBe(
      `#### Chart images\n\n![evil\\]\\(https\\:\u2060//attacker.example/x.png\\) @\u2060team &lt;img src=x&gt; \\\`](${url})`,
    );
    expect(imagesMarkdown([])).toBe('');
  });

  test('fork detection, run folders and branch names', async () => {
    const event = pullRequestEvent({ owner: 'octo', repo: 'bench', number: 3 });
    expect(isForkPullRequest(event)).toBe(false);
    expect(
      isForkPullRequest({
        ...event,
        pull_request: {
          ...event.pull_request,
          head: { ...event.pull_request.head, repo: { full_name: 'mallory/bench' } },
        },
      }),
    ).toBe(true);
    expect(
      isForkPullRequest({
        ...event,
        pull_request: { ...event.pull_request, head: { ...event.pull_request.head, repo: null } },
      }),
    ).toBe(true);
    expect(isForkPullRequest({ ref: 'refs/heads/main' })).toBe(false);
    expect(runFolder(12, '555', '2')).toBe('pr-12/run-555-2');
    expect(runFolder(12, '../x', '')).toBe('pr-12/run-local-1');
    for (const good of ['perfgate-charts', 'charts/perf', 'a.b_c']) expect(chartBranchProblem(good)).toBeUndefined();
    for (const bad of ['', 'a..b', '-x', 'x/', '/x', 'a//b', 'x.lock', '.x', 'a b', 'a~1', 'a:b', 'HEAD', 'x.'])
      expect(chartBranchProblem(bad)).toBeDefined();
  });
});
