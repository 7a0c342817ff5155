import { jest } from '@jest/globals';
import {
  commentMarker,
  cutToFit,
  fitCommentBody,
  hasMarker,
  MAX_COMMENT_BODY,
  neutraliseMarkers,
  upsertStickyComment,
  type UpsertStickyCommentOptions,
} from '../src/action/github/comment.js';
import {
  checkBody,
  FakeCommentGitHub,
  nodeId,
  type FakeComment,
  type FakeCommentOptions,
} from './helpers/github-comment-fake.js';
import { openApi } from './helpers/github-openapi.js';
import { testSession } from './helpers/github-session.js';

/** The GitHub session of the test (retries and rate-limit waits in milliseconds): a fresh budget each test. */
let session = testSession();
beforeEach(() => {
  session = testSession();
});

const TOKEN = 'ghs_perfgateSECRETcomment0123456789abcdef';
const ID = 'latency';
const MARKER = '<!-- perfgate:latency -->';
const FORK_MESSAGE = 'Resource not accessible by integration';

const servers: FakeCommentGitHub[] = [];
async function serve(options: Partial<FakeCommentOptions> = {}): Promise<FakeCommentGitHub> {
  const fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 42, ...options }).start();
  servers.push(fake);
  return fake;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop().catch(() => undefined)));
});

function optionsFor(
  fake: FakeCommentGitHub,
  overrides: Partial<UpsertStickyCommentOptions> = {},
): UpsertStickyCommentOptions {
  return {
    token: TOKEN,
    apiUrl: fake.apiUrl,
    owner: 'octo',
    repo: 'bench',
    issueNumber: 42,
    body: '## perfgate\n\nAll 66 checks pass.',
    commentId: ID,
    session,
    ...overrides,
  };
}

/** Runs the upsert and collects everything written to stdout, stderr and the console meanwhile. */
async function upsert(options: UpsertStickyCommentOptions) {
  const captured: string[] = [];
  const spies = [
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => (captured.push(String(chunk)), true)),
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => (captured.push(String(chunk)), true)),
    ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      jest.spyOn(console, m).mockImplementation((...args: unknown[]) => void captured.push(args.map(String).join(' '))),
    ),
  ];
  try {
    const result = await upsertStickyComment(options);
    const output = captured.join('\n');
    expect(output).toBe('');
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    return result;
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Every request was a documented operation called the documented way, with the token. */
function expectValidTraffic(fake: FakeCommentGitHub): void {
  expect(fake.problems).toEqual([]);
  for (const request of fake.requests) {
    expect(request.operationId).toBeDefined();
    expect(request.headers['authorization']).toBe(`token ${TOKEN}`);
  }
}

const ops = (fake: FakeCommentGitHub) => fake.requests.map((r) => `${r.method} ${r.operationId} ${r.status}`);
const comment = (id: number, body: string, minute = id % 60, extra: Partial<FakeComment> = {}): FakeComment => ({
  id,
  body,
  created_at: `2026-11-2${Math.floor(minute / 60) % 10}T10:${String(minute % 60).padStart(2, '0')}:00Z`,
  ...extra,
});

describe('upsertStickyComment against a loopback GitHub checked with the OpenAPI description', () => {
  test('first run creates; same body again → unchanged; new body → updated; one comment remains', async () => {
    const fake = await serve({ comments: [comment(1, 'LGTM', 1, { user: 'alice' })] });
    const first = await upsert(optionsFor(fake));
    expect(first).toEqual({
      outcome: 'created',
      commentId: 9000,
      url: 'https://github.example/octo/bench/pull/42#issuecomment-9000',
      truncated: false,
    });
    expect(fake.comments.find((c) => c.id === 9000)!.body).toBe(`${MARKER}\n## perfgate\n\nAll 66 checks pass.`);
    expect(ops(fake)).toEqual(['GET issues/list-comments 200', 'POST issues/create-comment 201']);
    const list = new URL(fake.requests[0]!.url, 'http://x');
    expect(list.pathname).toBe('/repos/octo/bench/issues/42/comments');
    expect(Object.fromEntries(list.searchParams)).toEqual({ per_page: '100' });
    expect(JSON.parse(fake.requests[1]!.body)).toEqual({ body: `${MARKER}\n## perfgate\n\nAll 66 checks pass.` });

    const second = await upsert(optionsFor(fake));
    expect(second).toEqual({ outcome: 'unchanged', commentId: 9000, url: first.url, truncated: false });
    expect(ops(fake).slice(2)).toEqual(['GET issues/list-comments 200']);

    const third = await upsert(optionsFor(fake, { body: '## perfgate\n\n1 check fails.' }));
    expect(third).toEqual({ outcome: 'updated', commentId: 9000, url: first.url, truncated: false });
    expect(ops(fake).slice(3)).toEqual(['GET issues/list-comments 200', 'PATCH issues/update-comment 200']);
    expect(new URL(fake.requests[4]!.url, 'http://x').pathname).toBe('/repos/octo/bench/issues/comments/9000');
    expect(fake.marked(MARKER).map((c) => c.body)).toEqual([`${MARKER}\n## perfgate\n\n1 check fails.`]);
    expect(fake.comments).toHaveLength(2); // the user's comment is untouched
    expectValidTraffic(fake);
    // DELETE is not used here, so nothing was set aside.
  });

  test('pagination: the marked comment on page 3 of 250 is found and updated, not duplicated', async () => {
    const comments = Array.from({ length: 250 }, (_, i) =>
      comment(i + 1, `comment ${i + 1} mentions ${MARKER} in prose`, i),
    );
    comments[219] = comment(220, `${MARKER}\nold report`, 219);
    // Quoting the marker, or ending a line with it inside prose, is not perfgate's comment.
    comments[10] = comment(11, `> ${MARKER}\n> old report\nwhy is this failing?`, 10, { user: 'alice' });
    const fake = await serve({ comments });
    const result = await upsert(optionsFor(fake));
    expect(result.outcome).toBe('updated');
    expect(result.commentId).toBe(220);
    const pages = fake.requests
      .filter((r) => r.operationId === 'issues/list-comments')
      .map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
    expect(pages).toEqual([{ per_page: '100' }, { per_page: '100', page: '2' }, { per_page: '100', page: '3' }]);
    expect(ops(fake).at(-1)).toBe('PATCH issues/update-comment 200');
    expect(fake.comments).toHaveLength(250);
    expect(fake.comments[10]!.body.startsWith('> ')).toBe(true);
    expectValidTraffic(fake);
  });

  test('a race left two marked comments: the newest is updated, the other deleted', async () => {
    const fake = await serve({
      comments: [
        comment(5, `${MARKER}\nfrom run A`, 5),
        comment(6, 'unrelated', 6),
        comment(7, `report from run B\n\n${MARKER}\n`, 7),
      ],
    });
    const result = await upsert(optionsFor(fake));
    expect(result).toMatchObject({ outcome: 'updated', commentId: 7 });
    expect(result.reason).toBeUndefined();
    expect(ops(fake)).toEqual([
      'GET issues/list-comments 200',
      'PATCH issues/update-comment 200',
      'DELETE issues/delete-comment 204',
    ]);
    expect(new URL(fake.requests[2]!.url, 'http://x').pathname).toBe('/repos/octo/bench/issues/comments/5');
    expect(fake.marked(MARKER).map((c) => c.id)).toEqual([7]);
    expect(fake.comments.map((c) => c.id)).toEqual([6, 7]);
    expectValidTraffic(fake);
    // The shared validator calls every non-GET operation without a requestBody "body-less"; for a
    // DELETE that sends no body this fake sets it aside (and records that it did).
    expect(fake.requests[2]!.body).toBe('');
  });

  test('the same body in a race: unchanged, and the duplicate is still removed', async () => {
    const body = `${MARKER}\n## perfgate\n\nAll 66 checks pass.`;
    const fake = await serve({ comments: [comment(5, body, 5), comment(7, body.replace(/\n/g, '\r\n') + '\r\n', 7)] });
    const result = await upsert(optionsFor(fake));
    expect(result).toMatchObject({ outcome: 'unchanged', commentId: 7 });
    expect(ops(fake)).toEqual(['GET issues/list-comments 200', 'DELETE issues/delete-comment 204']);
    expectValidTraffic(fake);
  });

  test('404 on PATCH (deleted between listing and update): a new comment is created', async () => {
    const fake = await serve({ comments: [comment(5, `${MARKER}\nold`, 5)], vanishOnPatch: true });
    const result = await upsert(optionsFor(fake));
    expect(result).toMatchObject({ outcome: 'created', commentId: 9000, truncated: false });
    expect(result.reason).toBeUndefined();
    expect(ops(fake)).toEqual([
      'GET issues/list-comments 200',
      'PATCH issues/update-comment 404',
      'POST issues/create-comment 201',
    ]);
    expect(fake.comments.map((c) => c.id)).toEqual([9000]);
    expectValidTraffic(fake);
  });

  test('recreate: a new comment at the bottom, the old ones deleted', async () => {
    const fake = await serve({
      comments: [comment(5, `${MARKER}\nold A`, 5), comment(6, 'user', 6), comment(7, `${MARKER}\nold B`, 7)],
    });
    const result = await upsert(optionsFor(fake, { mode: 'recreate' }));
    expect(result).toMatchObject({ outcome: 'recreated', commentId: 9000 });
    expect(ops(fake)).toEqual([
      'GET issues/list-comments 200',
      'POST issues/create-comment 201',
      'DELETE issues/delete-comment 204',
      'DELETE issues/delete-comment 204',
    ]);
    expect(fake.comments.map((c) => c.id)).toEqual([6, 9000]);
    // Nothing to replace: plainly created.
    const again = await serve();
    expect((await upsert(optionsFor(again, { mode: 'recreate' }))).outcome).toBe('created');
    expectValidTraffic(fake);
    expectValidTraffic(again);
  });

  test('hide-and-recreate: the old comment is minimized as OUTDATED, a new one posted; already hidden ones are left alone', async () => {
    const fake = await serve({
      comments: [comment(4, `${MARKER}\nolder`, 4, { minimized: 'outdated' }), comment(5, `${MARKER}\nold`, 5)],
    });
    const result = await upsert(optionsFor(fake, { mode: 'hide-and-recreate' }));
    expect(result).toMatchObject({ outcome: 'recreated', commentId: 9000 });
    expect(result.reason).toBeUndefined();
    expect(ops(fake)).toEqual(['GET issues/list-comments 200', 'POST issues/create-comment 201', 'POST graphql 200']);
    const graphql = fake.requests[2]!;
    expect(new URL(graphql.url, 'http://x').pathname).toBe('/graphql');
    expect(JSON.parse(graphql.body).variables).toEqual({ subjectId: nodeId(5) });
    expect(fake.comments.map((c) => [c.id, c.minimized ?? null])).toEqual([
      [4, 'outdated'],
      [5, 'outdated'],
      [9000, null],
    ]);
    // Next run in update mode edits the live comment and leaves the hidden ones be.
    const update = await upsert(optionsFor(fake, { body: 'changed' }));
    expect(update).toMatchObject({ outcome: 'updated', commentId: 9000 });
    expect(fake.comments).toHaveLength(3);
    expectValidTraffic(fake);
  });

  test('GitHub Enterprise Server: /api/v3 for REST, /api/graphql for the mutation, checked against the GHES 3.19 description', async () => {
    const fake = await serve({
      apiRoot: '/api/v3',
      description: 'ghes-3.19',
      comments: [comment(5, `${MARKER}\nold`, 5)],
      exposeMinimized: false,
    });
    const result = await upsert(optionsFor(fake, { mode: 'hide-and-recreate' }));
    expect(result).toMatchObject({ outcome: 'recreated', commentId: 9000 });
    expect(fake.requests.map((r) => `${r.method} ${new URL(r.url, 'http://x').pathname}`)).toEqual([
      'GET /api/v3/repos/octo/bench/issues/42/comments',
      'POST /api/v3/repos/octo/bench/issues/42/comments',
      'POST /api/graphql',
    ]);
    expectValidTraffic(fake);
  });

  test('fork pull request: 403 "Resource not accessible by integration" → forbidden with the reason, never throws', async () => {
    const fake = await serve({ failWrites: { status: 403, message: FORK_MESSAGE } });
    for (const mode of ['update', 'recreate', 'hide-and-recreate'] as const) {
      const result = await upsert(optionsFor(fake, { mode }));
      expect(result.outcome).toBe('forbidden');
      expect(result.commentId).toBeUndefined();
      expect(result.reason).toContain(FORK_MESSAGE);
      expect(result.reason).toContain('from a fork GITHUB_TOKEN is read-only');
      expect(result.reason).toContain('workflow_run workflow with `mode: comment`');
      expect(result.reason).toContain('pull_request_target');
      expect(result.reason).toContain('job summary and the report artifact');
    }
    // An existing comment that cannot be updated is reported as kept.
    fake.comments.push(comment(5, `${MARKER}\nold`, 5));
    const kept = await upsert(optionsFor(fake));
    expect(kept).toMatchObject({ outcome: 'forbidden', commentId: 5 });
    expectValidTraffic(fake);
  });

  test('a server echoing the token, an unreachable API, a bad id: failed with a reason, no token anywhere', async () => {
    const echo = await serve({ failWrites: { status: 500, message: `internal error for token ${TOKEN}` } });
    const failed = await upsert(optionsFor(echo));
    expect(failed.outcome).toBe('failed');
    expect(failed.reason).toContain('HTTP 500');
    expect(failed.reason).toContain('***');

    const down = await upsert({ ...optionsFor(echo), apiUrl: 'http://127.0.0.1:9' });
    expect(down.outcome).toBe('failed');
    expect(down.reason).toMatch(/^cannot list the comments of pull request #42 of octo\/bench: /);

    const bad = await upsert(optionsFor(echo, { commentId: 'x --> <script>' }));
    expect(bad).toEqual({ outcome: 'failed', reason: expect.stringContaining('invalid comment id'), truncated: false });
    // The list, then the create refused with 500 and retried three times; the bad id made no request.
    expect(echo.requests.map((r) => `${r.method} ${r.status}`)).toEqual([
      'GET 200',
      'POST 500',
      'POST 500',
      'POST 500',
      'POST 500',
    ]);
    expectValidTraffic(echo);
  });

  test('a 200 000-character report is fitted into 65 536 with a notice and the link', async () => {
    const fake = await serve();
    const failing =
      '### Failing\n\n| sub | bytes | p99 |\n|---|---|---|\n' +
      Array.from({ length: 400 }, (_, i) => `| s${i} | ${i * 16} | 12.5 |`).join('\n');
    const passing =
      '<details><summary>Passing</summary>\n\n' +
      Array.from({ length: 4000 }, (_, i) => `| p${i} | ${i * 16} | 8.25 | ok |`).join('\n') +
      '\n\n</details>';
    const charts = '```mermaid\nxychart-beta\n' + 'line [1, 2, 3]\n'.repeat(3000) + '```';
    const body = [
      { text: '## perfgate: 400 checks fail', label: 'the verdict', required: true },
      { text: failing, label: 'failing rows' },
      { text: passing, label: 'passing rows' },
      { text: charts, label: 'charts', priority: 10 },
    ];
    expect(body.reduce((n, s) => n + s.text.length, 0)).toBeGreaterThan(150_000);
    const link = 'https://github.example/octo/bench/actions/runs/555';
    const result = await upsert(optionsFor(fake, { body, fullReportUrl: link }));
    expect(result).toMatchObject({ outcome: 'created', truncated: true });
    const posted = fake.comments[0]!.body;
    expect(posted.length).toBeLessThanOrEqual(MAX_COMMENT_BODY);
    expect(posted.startsWith(`${MARKER}\n## perfgate: 400 checks fail\n\n### Failing`)).toBe(true);
    expect(posted).toContain('| s399 | 6384 | 12.5 |');
    expect(posted).not.toContain('xychart-beta');
    expect(posted).not.toContain('Passing');
    expect(posted).toContain(
      `left out passing rows and charts to stay within GitHub's limit of 65,536 characters per comment. See [the full report](${link})`,
    );

    // One string of 200 000 characters: cut on a line boundary.
    const line = 'x'.repeat(99) + '\n';
    const huge = line.repeat(2000);
    expect(huge.length).toBe(200_000);
    const single = await upsert(optionsFor(fake, { body: huge, fullReportUrl: link }));
    expect(single).toMatchObject({ outcome: 'updated', truncated: true });
    const cut = fake.comments[0]!.body;
    expect(cut.length).toBeLessThanOrEqual(MAX_COMMENT_BODY);
    expect(cut.length).toBeGreaterThan(MAX_COMMENT_BODY - 400);
    const [head, notice] = cut.slice(MARKER.length + 1).split('\n\n> [!NOTE]\n');
    expect(head!.split('\n').every((l) => l === 'x'.repeat(99))).toBe(true);
    expect(notice).toContain('cut short the end of the report');
    expect(notice).toContain(link);
    expectValidTraffic(fake);
  });
});

describe('retries, rate limits and the comment author', () => {
  const SECONDARY = 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';

  test('a 502 then success: retried, one comment; a 422 is final (no retry)', async () => {
    const fake = await serve({
      faults: [{ operationId: 'issues/create-comment', status: 502, message: 'Bad Gateway' }],
    });
    const result = await upsert(optionsFor(fake));
    expect(result.outcome).toBe('created');
    expect(ops(fake)).toEqual([
      'GET issues/list-comments 200',
      'POST issues/create-comment 502',
      'POST issues/create-comment 201',
    ]);
    expect(fake.comments).toHaveLength(1);

    const refused = await serve({
      faults: [{ operationId: 'issues/create-comment', status: 422, message: 'Validation Failed' }],
    });
    const failed = await upsert(optionsFor(refused));
    expect(failed).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('HTTP 422') });
    expect(ops(refused)).toEqual(['GET issues/list-comments 200', 'POST issues/create-comment 422']);
    expectValidTraffic(fake);
  });

  test('a secondary rate limit with retry-after: 1 is waited out and retried, with a warning', async () => {
    const fake = await serve({
      faults: [
        { operationId: 'issues/list-comments', status: 403, message: SECONDARY, headers: { 'retry-after': '1' } },
      ],
    });
    const warned: string[] = [];
    const result = await upsert(optionsFor(fake, { warn: (m) => warned.push(m) }));
    expect(result.outcome).toBe('created');
    expect(ops(fake)).toEqual([
      'GET issues/list-comments 403',
      'GET issues/list-comments 200',
      'POST issues/create-comment 201',
    ]);
    expect(warned).toEqual([
      "perfgate: GitHub's secondary rate limit: waiting 1 s before retrying GET /repos/octo/bench/issues/42/comments",
    ]);
    expectValidTraffic(fake);
  });

  test('rate limits beyond 60 s of waiting in all are not waited for: failed, with the reason', async () => {
    const fake = await serve({
      faults: [
        { operationId: 'issues/list-comments', status: 403, message: SECONDARY, headers: { 'retry-after': '40' } },
        { operationId: 'issues/list-comments', status: 403, message: SECONDARY, headers: { 'retry-after': '30' } },
      ],
    });
    const warned: string[] = [];
    const started = Date.now();
    const result = await upsert(optionsFor(fake, { warn: (m) => warned.push(m) }));
    // A hang guard, not a speed target: at the tests' base of 1 ms per second the 40 s wait takes
    // 40 ms; a wait in real seconds (the base not applied) takes at least 40 000 ms. That the
    // further 30 s are not waited for is shown by the warning and by no third request below.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(result).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('secondary rate limit') });
    expect(warned).toEqual([
      expect.stringContaining('waiting 40 s before retrying'),
      expect.stringContaining(
        'not waiting 30 s more for GET /repos/octo/bench/issues/42/comments (at most 60 s in all)',
      ),
    ]);
    expect(ops(fake)).toEqual(['GET issues/list-comments 403', 'GET issues/list-comments 403']);

    // A primary limit whose reset is an hour away: not waited for either.
    const primary = await serve({
      faults: [
        {
          operationId: 'issues/list-comments',
          status: 403,
          message: 'API rate limit exceeded',
          headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600) },
        },
      ],
    });
    const limited = await upsert(optionsFor(primary, { warn: () => {} }));
    expect(limited).toMatchObject({ outcome: 'failed', reason: expect.stringContaining('API rate limit exceeded') });
    expect(ops(primary)).toEqual(['GET issues/list-comments 403']);
  });

  test('author: a marked comment by someone else is neither updated nor deleted nor hidden', async () => {
    const planted = comment(3, `${MARKER}\nAll checks pass, merge away`, 3, { user: 'mallory' });
    const mine = comment(4, `${MARKER}\nold report`, 4);
    for (const mode of ['update', 'recreate', 'hide-and-recreate'] as const) {
      const fake = await serve({ comments: [{ ...planted }, { ...mine }] });
      const result = await upsert(optionsFor(fake, { mode, author: 'github-actions[bot]' }));
      expect(fake.comments.find((c) => c.id === 3)).toEqual(planted);
      expect(fake.marked(MARKER).filter((c) => c.user !== 'mallory' && !c.minimized)).toHaveLength(1);
      if (mode === 'update') expect(result).toMatchObject({ outcome: 'updated', commentId: 4 });
      else expect(result).toMatchObject({ outcome: 'recreated' });
      expectValidTraffic(fake);
    }
    // Matching is case-insensitive; without an author, any marked comment counts (the library default).
    const fake = await serve({ comments: [{ ...planted }] });
    expect(await upsert(optionsFor(fake, { author: 'MALLORY' }))).toMatchObject({ outcome: 'updated', commentId: 3 });
    expect(await upsert(optionsFor(fake, { body: 'again' }))).toMatchObject({ outcome: 'updated', commentId: 3 });
  });

  test('a report cannot carry a marker line: it is shown as text and matches no report', async () => {
    const fake = await serve();
    const result = await upsert(optionsFor(fake, { body: `report\n<!-- perfgate:other -->\n<!--PERFGATE:x -->` }));
    expect(result.outcome).toBe('created');
    const body = fake.comments[0]!.body;
    expect(body).toBe(`${MARKER}\nreport\n&lt;!-- perfgate:other -->\n&lt;!--PERFGATE:x -->`);
    expect(hasMarker(body, '<!-- perfgate:other -->')).toBe(false);
    expect(neutraliseMarkers('<!-- other tool -->\n<!-- perfgate:a -->')).toBe(
      '<!-- other tool -->\n&lt;!-- perfgate:a -->',
    );
  });
});

describe('fitCommentBody and the marker', () => {
  test('a body that fits is unchanged; parts join with a blank line', () => {
    expect(fitCommentBody(['a', { text: 'b\r\n' }, ''], 'https://x')).toEqual({
      body: 'a\n\nb',
      truncated: false,
      dropped: [],
      cut: [],
    });
  });

  test('drops the lowest priority first, keeps required parts, counts UTF-16 code units', () => {
    const emoji = '😀'.repeat(100); // 200 code units
    const fitted = fitCommentBody(
      [
        { text: 'head', required: true, label: 'headline' },
        { text: emoji, label: 'emoji', priority: 1 },
        { text: 'y'.repeat(300), label: 'big', priority: 5 },
      ],
      'https://example.test/report (full)',
      500,
    );
    expect(fitted.dropped).toEqual(['big']);
    expect(fitted.body.length).toBeLessThanOrEqual(500);
    expect(fitted.body).toContain(emoji);
    expect(fitted.body).toContain('(https://example.test/report%20%28full%29)');
  });

  test('cuts on a line boundary, never inside a surrogate pair, and closes open fences and <details>', () => {
    expect(cutToFit('aa\nbb\ncc', 6)).toBe('aa\nbb');
    expect(cutToFit('😀😀😀', 3)).toBe('😀');
    const text = '<details><summary>s</summary>\n\n```\n' + 'row\n'.repeat(100) + '```\n\n</details>';
    const cut = cutToFit(text, 120);
    expect(cut.length).toBeLessThanOrEqual(120);
    expect(cut.endsWith('row\n```\n\n</details>')).toBe(true);
    // Without a link, the notice points at the summary and the artifact.
    const fitted = fitCommentBody(['z\n'.repeat(1000)], undefined, 500);
    expect(fitted.body.length).toBeLessThanOrEqual(500);
    expect(fitted.body).toContain('See the job summary and the report artifact for everything.');
  });

  test('the marker matches only as the first or last line', () => {
    expect(commentMarker('latency')).toBe(MARKER);
    expect(() => commentMarker('a -->')).toThrow(TypeError);
    expect(hasMarker(`${MARKER}\nreport`, MARKER)).toBe(true);
    expect(hasMarker(`report\n${MARKER}\n\n`, MARKER)).toBe(true);
    expect(hasMarker(`report\r\n${MARKER}\r\n`, MARKER)).toBe(true);
    expect(hasMarker(`see ${MARKER} here`, MARKER)).toBe(false);
    expect(hasMarker(`a\n${MARKER}\nb`, MARKER)).toBe(false);
    expect(hasMarker(`> ${MARKER}`, MARKER)).toBe(false);
    expect(hasMarker(`<!-- perfgate:latency-2 -->\nx`, MARKER)).toBe(false);
    expect(hasMarker(null, MARKER)).toBe(false);
  });

  test('the comment fields read are documented, and the body schemas are what is sent', () => {
    const spec = openApi();
    const list = spec.match('GET', '/repos/o/r/issues/1/comments')!;
    const item = spec.resolve(spec.responseSchema(list, 200).items);
    for (const field of ['id', 'node_id', 'html_url', 'created_at']) expect(item.required).toContain(field);
    expect(Object.keys(item.properties)).toEqual(expect.arrayContaining(['body', 'minimized']));
    for (const [method, path] of [
      ['POST', '/repos/o/r/issues/1/comments'],
      ['PATCH', '/repos/o/r/issues/comments/2'],
    ] as const) {
      const op = spec.match(method, path)!;
      const schema = spec.resolve(spec.resolve(op.operation.requestBody).content['application/json'].schema);
      expect(schema.required).toEqual(['body']);
    }
  });

  test('the fake catches undeclared body fields, wrong types, missing required fields and a non-JSON content type', () => {
    const spec = openApi();
    const create = spec.match('POST', '/repos/o/r/issues/1/comments')!;
    const json = { 'content-type': 'application/json; charset=utf-8' };
    expect(checkBody(spec, create, json, JSON.stringify({ body: 'x' }))).toEqual([]);
    expect(checkBody(spec, create, json, JSON.stringify({ body: 'x', marker: 'perfgate' }))).toEqual([
      'issues/create-comment (POST /repos/{owner}/{repo}/issues/{issue_number}/comments): body field marker is not declared in the requestBody schema',
    ]);
    expect(checkBody(spec, create, json, JSON.stringify({ body: 5 }))).toEqual([
      'issues/create-comment (POST /repos/{owner}/{repo}/issues/{issue_number}/comments): body field body is number, the schema says string',
    ]);
    expect(checkBody(spec, create, json, '{}')).toEqual([
      'issues/create-comment (POST /repos/{owner}/{repo}/issues/{issue_number}/comments): required body field body missing',
    ]);
    expect(checkBody(spec, create, { 'content-type': 'text/plain' }, '{"body":"x"}')).toEqual([
      'issues/create-comment (POST /repos/{owner}/{repo}/issues/{issue_number}/comments): content-type text/plain is not application/json',
    ]);
    const del = spec.match('DELETE', '/repos/o/r/issues/comments/2')!;
    expect(checkBody(spec, del, {}, '{"body":"x"}')).toEqual([
      'issues/delete-comment (DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}): a request body for an operation that takes none',
    ]);
    const url = new URL('http://x/repos/o/r/issues/1/comments?per_page=500&sort=created');
    expect(
      spec.validateRequest('GET', url, { authorization: `token ${TOKEN}`, accept: 'application/vnd.github.v3+json' })
        .problems,
    ).toEqual([
      'issues/list-comments (GET /repos/{owner}/{repo}/issues/{issue_number}/comments): per_page=500 is over the documented maximum of 100',
      'issues/list-comments (GET /repos/{owner}/{repo}/issues/{issue_number}/comments): query parameter sort is not declared for this operation',
    ]);
  });
});

describe('a refused report never leaves an earlier comment standing for this run', () => {
  const PASSED = `${MARKER}\n## perfgate\n\n✅ All 66 checks pass. Commit 1111111.`;
  const FAILING =
    '## perfgate\n\n❌ 3 checks fail. Commit 2222222.\n\n' +
    '| row | p99 |\n|---|---|\n' +
    Array.from({ length: 200 }, (_, i) => `| s${i} | 12.5 |`).join('\n');
  const SHORT =
    '### ❌ perfgate failed — see [the workflow run](https://github.example/octo/bench/actions/runs/7)\n\nCommit 2222222.';

  test('422 "body is too long" on the update: the earlier ✅ is patched with the short ❌ status', async () => {
    const fake = await serve({ comments: [comment(5, PASSED, 5)], maxBodyChars: 1000 });
    const result = await upsert(optionsFor(fake, { body: FAILING, fallbackBody: SHORT }));
    expect(result).toMatchObject({ outcome: 'updated', commentId: 5, fallback: true });
    expect(result.reason).toContain(
      'GitHub refused the report (HTTP 422: GitHub refused the comment (Validation Failed: {"resource":"IssueComment","code":"custom","field":"body","message":"body is too long (maximum is 65536 characters)"} - https://docs.github.com/rest)): posted a short status instead',
    );
    expect(ops(fake)).toEqual([
      'GET issues/list-comments 200',
      'PATCH issues/update-comment 422',
      'PATCH issues/update-comment 200',
    ]);
    expect(fake.comments.map((c) => c.body)).toEqual([`${MARKER}\n${SHORT}`]);
    expectValidTraffic(fake);
  });

  test('500 on every PATCH: a new comment carries the report and the earlier ✅ is deleted', async () => {
    const fake = await serve({
      comments: [comment(5, PASSED, 5)],
      faults: [{ operationId: 'issues/update-comment', status: 500, times: 100 }],
    });
    const result = await upsert(optionsFor(fake, { body: FAILING, fallbackBody: SHORT }));
    expect(result).toMatchObject({ outcome: 'created', commentId: 9000 });
    expect(result.fallback).toBeUndefined();
    expect(result.reason).toBe(
      'cannot update comment 5 (HTTP 500 (Server Error - https://docs.github.com/rest)): posted a new comment instead',
    );
    expect(ops(fake)).toEqual([
      'GET issues/list-comments 200',
      ...Array<string>(4).fill('PATCH issues/update-comment 500'),
      ...Array<string>(4).fill('PATCH issues/update-comment 500'),
      'POST issues/create-comment 201',
      'DELETE issues/delete-comment 204',
    ]);
    expect(fake.comments.map((c) => c.body)).toEqual([`${MARKER}\n${FAILING}`]);
    expectValidTraffic(fake);
  });

  test('503 on every listing: a new comment is posted; the next run keeps only the newest', async () => {
    const fake = await serve({
      comments: [comment(5, PASSED, 5)],
      faults: [{ operationId: 'issues/list-comments', status: 503, message: 'Service Unavailable', times: 4 }],
    });
    const result = await upsert(optionsFor(fake, { body: FAILING, fallbackBody: SHORT }));
    expect(result).toMatchObject({ outcome: 'created', commentId: 9000 });
    expect(result.reason).toBe(
      'cannot list the comments of pull request #42 of octo/bench: HTTP 503 (Service Unavailable - https://docs.github.com/rest); posted a new comment instead',
    );
    expect(fake.comments.map((c) => c.body)).toEqual([PASSED, `${MARKER}\n${FAILING}`]);
    // Once GitHub lists again, the newest comment is the one kept.
    const next = await upsert(optionsFor(fake, { body: FAILING, fallbackBody: SHORT }));
    expect(next).toMatchObject({ outcome: 'unchanged', commentId: 9000 });
    expect(fake.comments.map((c) => c.id)).toEqual([9000]);
    expectValidTraffic(fake);
  });

  test('without a short body (the library default) a refused update stays a failure, the comment kept', async () => {
    const fake = await serve({ comments: [comment(5, PASSED, 5)], maxBodyChars: 1000 });
    const result = await upsert(optionsFor(fake, { body: FAILING }));
    expect(result).toMatchObject({ outcome: 'failed', commentId: 5 });
    expect(ops(fake)).toEqual(['GET issues/list-comments 200', 'PATCH issues/update-comment 422']);
  });

  test('a refused connection is said as such, not as "HTTP 500"', async () => {
    // A port that was just free: nothing listens there any more.
    const closed = await serve();
    await closed.stop();
    const port = new URL(closed.apiUrl).port;
    const down = await upsert({ ...optionsFor(closed), fallbackBody: SHORT });
    const refused = `no answer from GitHub: connect ECONNREFUSED 127.0.0.1:${port}`;
    expect(down).toMatchObject({
      outcome: 'failed',
      reason: `cannot list the comments of pull request #42 of octo/bench: ${refused}; cannot comment either: ${refused}`,
    });
    expect(down.reason).not.toContain('HTTP 500');
  });

  test('a rate limit on a write names the path filled in, not the route template', async () => {
    const fake = await serve({
      faults: [
        {
          operationId: 'issues/create-comment',
          status: 403,
          message: 'You have exceeded a secondary rate limit.',
          headers: { 'retry-after': '1' },
        },
      ],
    });
    const warned: string[] = [];
    const result = await upsert(optionsFor(fake, { warn: (m) => warned.push(m) }));
    expect(result.outcome).toBe('created');
    expect(warned).toEqual([
      "perfgate: GitHub's secondary rate limit: waiting 1 s before retrying POST /repos/octo/bench/issues/42/comments",
    ]);
  });
});

describe('timeouts and the GitHub time budget', () => {
  test('a request accepted and never answered times out and is retried; then it succeeds', async () => {
    session = testSession({ requestTimeoutMs: 200 });
    const fake = await serve({ faults: [{ operationId: 'issues/list-comments', status: 0, hang: true, times: 2 }] });
    const started = Date.now();
    const result = await upsert(optionsFor(fake));
    expect(result.outcome).toBe('created');
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(fake.requests.map((r) => `${r.method} ${r.status ?? 'no answer'}`)).toEqual([
      'GET no answer',
      'GET no answer',
      'GET 200',
      'POST 201',
    ]);
  });

  test('a request never answered at all: failed after the retries, with the timeout named', async () => {
    session = testSession({ requestTimeoutMs: 100 });
    const fake = await serve({ faults: [{ operationId: 'issues/list-comments', status: 0, hang: true, times: 100 }] });
    const result = await upsert(optionsFor(fake));
    expect(result).toMatchObject({
      outcome: 'failed',
      reason:
        'cannot list the comments of pull request #42 of octo/bench: no answer from GitHub: no answer within 0.1 s',
    });
    expect(fake.requests).toHaveLength(4);
  });

  test('the budget: once spent, GitHub work is abandoned with one warning and no more requests', async () => {
    // The first try's timeout leaves half a second of the budget: a loaded machine that answers late still tries twice.
    session = testSession({ requestTimeoutMs: 1000, budgetMs: 1500 });
    const fake = await serve({ faults: [{ operationId: 'issues/list-comments', status: 0, hang: true, times: 100 }] });
    const warned: string[] = [];
    const started = Date.now();
    const result = await upsert(optionsFor(fake, { warn: (m) => warned.push(m), fallbackBody: 'short' }));
    expect(Date.now() - started).toBeLessThan(10_000);
    const spent = "the step's GitHub time budget of 1.5 s is spent: GitHub work abandoned";
    expect(result).toMatchObject({
      outcome: 'failed',
      reason: `cannot list the comments of pull request #42 of octo/bench: ${spent}; cannot comment either: ${spent}`,
    });
    expect(warned).toEqual([`perfgate: ${spent}; the verdict stands`]);
    // Two tries (1 s, then the 0.5 s left); the create was refused without a request.
    expect(fake.requests.map((r) => r.method)).toEqual(['GET', 'GET']);
    const later = await upsert(optionsFor(fake, { warn: (m) => warned.push(m) }));
    expect(later.outcome).toBe('failed');
    expect(fake.requests).toHaveLength(2);
    expect(warned).toHaveLength(1);
  });
});
