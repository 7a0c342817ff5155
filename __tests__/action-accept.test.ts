/**
 * Accepting a known change in the action: the waiver file (input `waivers`) and the accept label's adder found
 * through the API when the event does not name them. A Go run against a baseline of the same suite, one benchmark
 * ×1.3 slower (its time/op and MB/s rows fail), judged by the threshold method: acceptance is applied after every
 * method alike. The loopback GitHub checks each request against GitHub's OpenAPI description.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runActionInProcess } from './helpers/action-in-process.js';
import { FakeCommentGitHub, type FakeCommentOptions } from './helpers/github-comment-fake.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';
import { writeGoRun } from './helpers/pullRequestSuites.js';
import { makeTempDir, removeTempDirs, type ActionInputs, type ActionRun } from './helpers/runner-action.js';
import { systemClock } from '../src/action/ports.js';

const TOKEN = 'ghs_waiverSECRET0123456789abcdefghijk';
const HEAD_SHA = 'beef0123'.repeat(5);
const SLOWER = 'size=64,mode=copy';
/** The run's day: 2026-11-29, noon UTC. */
const clock = { ...systemClock, now: () => Date.UTC(2026, 10, 29, 12) };

let fake: FakeCommentGitHub | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});
afterAll(removeTempDirs);

/** A workspace with base/bench.txt and head/bench.txt (BenchmarkPublish size=64,mode=copy ×1.3), and waivers.csv. */
function workspace(waivers?: string): string {
  const ws = makeTempDir('perfgate-waivers-');
  writeGoRun(join(ws, 'base'), () => 1);
  writeGoRun(join(ws, 'head'), (_, parameter) => (parameter === SLOWER ? 1.3 : 1));
  if (waivers !== undefined) writeFileSync(join(ws, 'waivers.csv'), waivers);
  return ws;
}

const gate = (extra: ActionInputs = {}): ActionInputs => ({
  results: 'head/bench.txt',
  baseline: 'base/bench.txt',
  comment: 'never',
  'upload-report': 'false',
  // MB/s mirrors time/op and is gated only on request: asked here, so that two rows of one benchmark fail.
  gate: 'all-metrics',
  ...extra,
});

const HEADER = 'benchmark,metric,ceiling,expires,link,reason\n';
const BOTH = (ceiling: string, expires = '2027-01-31') =>
  HEADER +
  `"BenchmarkPublish ${SLOWER}",time/op,${ceiling},${expires},https://github.com/octo/bench/issues/7,"copying is the point: <b>see</b> @octo/perf"\n` +
  `"BenchmarkPublish ${SLOWER}",MB/s,${ceiling},${expires},octo/bench#7,the throughput mirrors time/op\n`;

const warnings = (run: ActionRun) => run.commands.filter((c) => c.command === 'warning').map((c) => c.message);
const report = (ws: string, file: string) => readFileSync(join(ws, 'perfgate-report', file), 'utf8');

describe('action: the waiver file', () => {
  test('the failing rows it matches within their ceiling are accepted: exit 0, the reasons quoted and escaped', async () => {
    const ws = workspace(BOTH('35 %'));
    const run = await runActionInProcess(gate({ waivers: 'waivers.csv' }), { workspace: ws, clock });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'comparisons-failed': '0', 'comparisons-accepted': '2' });
    const json = JSON.parse(report(ws, 'comparison.json'));
    const accepted = json.subExperiments.flatMap((s: any) => s.comparisons).filter((r: any) => r.status === 'accepted');
    expect(accepted.map((r: any) => [r.parameter, r.metric, r.acceptance.place])).toEqual([
      [SLOWER, 'time/op', 'waivers.csv:2'],
      [SLOWER, 'MB/s', 'waivers.csv:3'],
    ]);
    expect(accepted[0].acceptance).toEqual({
      kind: 'waiver',
      ceilingPercent: 35,
      expires: '2027-01-31',
      link: 'https://github.com/octo/bench/issues/7',
      reason: 'copying is the point: <b>see</b> @octo/perf',
      place: 'waivers.csv:2',
    });
    const md = report(ws, 'comparison.md');
    expect(md).toContain('✅ accepted (waiver waivers.csv:2)');
    expect(md).toContain('**Accepted by waivers:** 2 failing rows.');
    // The user's text as plain text: no HTML, no mention; the link as a link.
    expect(md).toContain(
      'waiver waivers.csv:2 accepts up to +35 % until 2027-01-31 ([https\\:\u2060//github.com/octo/bench/issues/7](https://github.com/octo/bench/issues/7)): copying is the point\\: &lt;b&gt;see&lt;/b&gt; @\u2060octo/perf',
    );
    expect(md).toContain('(octo/bench\\#\u20607): the throughput mirrors time/op');
    expect(run.summary).toMatch(
      /^### ✅ 1 slower \(time\/op \+30 %, MB\/s -23 %\), accepted by 2 waivers · 4 unchanged · against the baseline \(/m,
    );
  });

  test('a change over the ceiling still fails, with a warning naming the waiver', async () => {
    const ws = workspace(BOTH('20'));
    const run = await runActionInProcess(gate({ waivers: 'waivers.csv' }), { workspace: ws, clock });
    expect(run.status).toBe(1);
    expect(run.outputs).toMatchObject({ verdict: 'fail', 'comparisons-failed': '2', 'comparisons-accepted': '0' });
    expect(warnings(run)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Waiver waivers\.csv:2 \(BenchmarkPublish size=64,mode=copy, time\/op\) accepts up to \+20 %, but the change is \+30(\.\d+)? %: the row still fails\.$/,
        ),
      ]),
    );
  });

  test('an expired waiver is ignored, with a warning naming it; one that expires today still applies', async () => {
    const expired = HEADER + `"BenchmarkPublish ${SLOWER}",time/op,35,2026-11-28,https://x.example/1,old\n`;
    const today = HEADER + `"BenchmarkPublish ${SLOWER}",time/op,35,2026-11-29,https://x.example/1,still today\n`;
    const ws = workspace(expired);
    const run = await runActionInProcess(gate({ waivers: 'waivers.csv' }), { workspace: ws, clock });
    expect(run.status).toBe(1);
    expect(run.outputs['comparisons-accepted']).toBe('0');
    expect(warnings(run)).toContain(
      'Waiver waivers.csv:2 (BenchmarkPublish size=64,mode=copy, time/op) expired on 2026-11-28 and is ignored: renew it or remove it.',
    );
    writeFileSync(join(ws, 'waivers.csv'), today);
    const again = await runActionInProcess(gate({ waivers: 'waivers.csv' }), { workspace: ws, clock });
    // time/op is accepted; MB/s (no waiver) still fails.
    expect(again.status).toBe(1);
    expect(again.outputs).toMatchObject({ 'comparisons-failed': '1', 'comparisons-accepted': '1' });
    expect(warnings(again).filter((w) => w.includes('expired'))).toEqual([]);
  });

  test('a malformed waiver is an input error at its file, line and column', async () => {
    const ws = workspace(
      HEADER +
        `"BenchmarkPublish ${SLOWER}",time/op,35,2027-01-31,https://x.example/1,fine\n` +
        `"BenchmarkPublish ${SLOWER}",MB/s,lots,2027-01-31,https://x.example/1,bad ceiling\n`,
    );
    const run = await runActionInProcess(gate({ waivers: 'waivers.csv' }), { workspace: ws, clock });
    expect(run.status).toBe(1);
    const errors = run.commands.filter((c) => c.command === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]!.properties).toMatchObject({ file: 'waivers.csv', line: '3', col: '43' });
    expect(errors[0]!.message).toContain('ceiling "lots" is not a change in %');
    const dated = workspace(HEADER + 'BenchmarkQueueDepth,time/op,10,2027-02-30,https://x.example/1,no such day\n');
    const second = await runActionInProcess(gate({ waivers: 'waivers.csv' }), { workspace: dated, clock });
    const error = second.commands.find((c) => c.command === 'error')!;
    expect(error.properties).toMatchObject({ file: 'waivers.csv', line: '2', col: '32' });
    expect(error.message).toContain('expires "2027-02-30" is not a date YYYY-MM-DD');
  });
});

describe('action: who added the accept label', () => {
  const labelled = (action = 'synchronize') => {
    const event = pullRequestEvent({ owner: 'octo', repo: 'bench', number: 12, headSha: HEAD_SHA, action });
    const label = { name: 'perfgate-accept', description: 'Accepted after review' };
    event.pull_request.labels.push(label);
    if (action === 'labeled') {
      event.label = label;
      event.sender.login = 'labeler';
    }
    return event;
  };

  async function labelRun(event: unknown, options: Partial<FakeCommentOptions> = {}, inputs: ActionInputs = {}) {
    fake = await new FakeCommentGitHub({ owner: 'octo', repo: 'bench', issueNumber: 12, ...options }).start();
    const ws = workspace();
    const run = await runActionInProcess(gate({ 'github-token': TOKEN, comment: 'always', ...inputs }), {
      workspace: ws,
      clock,
      env: {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: eventFile(event),
        GITHUB_REPOSITORY: 'octo/bench',
        GITHUB_API_URL: fake.apiUrl,
        GITHUB_RUN_ID: '42',
        GITHUB_JOB: 'gate',
        PERFGATE_RETRY_BASE_MS: '1',
      },
    });
    expect(fake.problems).toEqual([]);
    return run;
  }

  const eventRequests = () => fake!.requests.filter((r) => r.operationId === 'issues/list-events');

  test('the labeled event names its sender: no API call', async () => {
    const run = await labelRun(labelled('labeled'));
    expect(run.status).toBe(0);
    expect(eventRequests()).toEqual([]);
    expect(fake!.comments[0]!.body).toContain('accepted by the label **perfgate-accept**, added by @\u2060labeler.');
    expect(fake!.comments[0]!.body).toContain('> Accepted after review');
  });

  test("another event asks the issue's events, page by page, for the last labeled event of the label", async () => {
    const filler = Array.from({ length: 120 }, (_, i) => ({
      event: 'labeled' as const,
      label: i % 2 === 0 ? 'perfgate-accept' : 'other',
      actor: `early-${i}`,
    }));
    const run = await labelRun(labelled(), {
      labelEvents: [...filler, { event: 'labeled', label: 'Perfgate-Accept', actor: 'late' }],
    });
    expect(run.status).toBe(0);
    expect(eventRequests().map((r) => new URL(r.url, 'http://x').searchParams.get('page'))).toEqual(['1', '2']);
    expect(fake!.comments[0]!.body).toContain('added by @\u2060late.');
  });

  test('a token that may not read the events (403): accepted all the same, no one named, one line in the log', async () => {
    const run = await labelRun(labelled(), {
      faults: [{ operationId: 'issues/list-events', status: 403, message: 'Resource not accessible by integration' }],
    });
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'comparisons-accepted': '2' });
    const body = fake!.comments[0]!.body;
    expect(body).toContain('**Accepted:** 2 failing rows accepted by the label **perfgate-accept**.');
    expect(body).not.toContain('added by');
    expect(warnings(run)).toEqual([]);
    expect(run.stdout).toContain(
      'perfgate: label perfgate-accept: who added it is not known (GET issues/12/events: HTTP 403: the token may not read the pull request’s events (Resource not accessible by integration',
    );
    expect(run.stdout.replace(`::add-mask::${TOKEN}`, '')).not.toContain(TOKEN);
  });

  test('accept-label given empty turns the label off: the rows fail', async () => {
    const run = await labelRun(labelled('labeled'), {}, { 'accept-label': '' });
    expect(run.status).toBe(1);
    expect(run.outputs).toMatchObject({ verdict: 'fail', 'comparisons-accepted': '0' });
    expect(eventRequests()).toEqual([]);
  });
});

// The push after the merge: the merged pull request's label goes into the run's history record, and the trends of the
// default branch then mark the step it brought as accepted, instead of a new regression that fails trends: fail.
describe('action: the acceptance is recorded on the merge and the trends accept its step', () => {
  const MERGE_SHA = 'a1b2c3d4'.repeat(5);
  const drift = [1.0, 1.012, 0.991, 1.006, 0.987, 1.009, 0.996, 1.004, 0.993];
  const slower = (run: number) => (_: string, parameter: string) => drift[run]! * (parameter === SLOWER ? 1.3 : 1);
  const same = (run: number) => () => drift[run]!;
  const push = (ws: string, run: number, sha: string, extra: Record<string, string> = {}) => {
    const eventPath = join(makeTempDir('perfgate-event-'), 'event.json');
    writeFileSync(
      eventPath,
      JSON.stringify({ after: sha, head_commit: { id: sha, timestamp: `2026-03-${10 + run}T12:00:00Z` } }),
    );
    return {
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_EVENT_NAME: 'push',
      GITHUB_SHA: sha,
      GITHUB_RUN_ID: String(900 + run),
      GITHUB_REPOSITORY: 'octo/bench',
      GITHUB_SERVER_URL: 'https://github.com',
      PERFGATE_RETRY_BASE_MS: '1',
      ...extra,
    };
  };
  const recordInputs = {
    results: 'bench/bench.txt',
    'record-history': 'history',
    trends: 'fail',
    comment: 'never',
    'upload-report': 'false',
  };

  /** Six pushes of main, then the merge (run 6, with a token when `merge` gives the fake) and two more, ×1.3. */
  async function history(
    merge: FakeCommentGitHub | undefined,
  ): Promise<{ ws: string; last: ActionRun; mergeRun: ActionRun }> {
    const ws = makeTempDir('perfgate-merge-');
    for (let run = 0; run < 6; run++) {
      writeGoRun(join(ws, 'bench'), same(run));
      const r = await runActionInProcess(recordInputs, {
        workspace: ws,
        env: push(ws, run, String(run + 1).repeat(40)),
        clock,
      });
      expect(r.status).toBe(0);
    }
    writeGoRun(join(ws, 'bench'), slower(6));
    const mergeRun = await runActionInProcess(merge ? { ...recordInputs, 'github-token': TOKEN } : recordInputs, {
      workspace: ws,
      env: push(ws, 6, MERGE_SHA, merge ? { GITHUB_API_URL: merge.apiUrl } : {}),
      clock,
    });
    expect(mergeRun.status).toBe(0);
    let last = mergeRun;
    for (let run = 7; run < 9; run++) {
      writeGoRun(join(ws, 'bench'), slower(run));
      last = await runActionInProcess(recordInputs, {
        workspace: ws,
        env: push(ws, run, String(run + 1).repeat(40)),
        clock,
      });
    }
    return { ws, last, mergeRun };
  }

  test('without an accepted merge the step is a new regression: trends: fail fails the push', async () => {
    const { last } = await history(undefined);
    expect(last.status).toBe(1);
    expect(
      last.commands
        .filter((c) => c.command === 'error')
        .map((c) => c.message)
        .join('\n'),
    ).toMatch(/new regression step/);
  });

  test("the merge's record names the label, who added it and the pull request; the step is accepted, no failure", async () => {
    fake = await new FakeCommentGitHub({
      owner: 'octo',
      repo: 'bench',
      issueNumber: 12,
      pulls: [
        {
          number: 12,
          headSha: 'feed5eed'.repeat(5),
          headRef: 'faster-copy',
          headOwner: 'octo',
          state: 'closed',
          merged: { commitSha: MERGE_SHA, at: '2026-03-16T11:00:00Z' },
          labels: [{ name: 'perfgate-accept', description: 'Copies on purpose; see #7' }],
        },
      ],
      labelEvents: [{ event: 'labeled', label: 'perfgate-accept', actor: 'reviewer' }],
    }).start();
    const { ws, last } = await history(fake);
    expect(fake.problems).toEqual([]);
    expect(fake.requests.map((r) => r.operationId)).toEqual([
      'repos/list-pull-requests-associated-with-commit',
      'issues/list-events',
    ]);
    const records = readdirSync(join(ws, 'history')).map((f) => readFileSync(join(ws, 'history', f), 'utf8'));
    const merged = records.map((r) => JSON.parse(r)).filter((r) => r.accepted !== undefined);
    expect(merged.map((r) => [r.sha, r.accepted])).toEqual([
      [
        MERGE_SHA,
        {
          pullRequest: 12,
          label: { label: 'perfgate-accept', by: 'reviewer', description: 'Copies on purpose; see #7' },
        },
      ],
    ]);
    expect(last.status).toBe(0);
    const trends = JSON.parse(report(ws, 'trends.json'));
    expect(trends.newRegressions).toBe(0);
    const steps = trends.series.flatMap((s: any) =>
      s.steps.map((t: any) => ({ ...t, metric: s.metric, parameter: s.parameter })),
    );
    const regressions = steps.filter((t: any) => t.kind === 'regression');
    expect(regressions.length).toBeGreaterThan(0);
    for (const t of regressions) {
      expect(t.isNew).toBe(true);
      expect(t.accepted).toEqual({
        kind: 'label',
        label: 'perfgate-accept',
        by: 'reviewer',
        description: 'Copies on purpose; see #7',
        pullRequest: 12,
      });
    }
    const md = report(ws, 'trends.md');
    expect(md).toContain(
      '| ✅ accepted regression (label perfgate\\-accept \\(\\#\u206012\\)) | BenchmarkPublish | size=64,mode=copy | time/op | median | +29.6 % |',
    );
    expect(md).toContain('Accepted steps (they open no alert):');
    expect(md).toContain(
      'label perfgate\\-accept \\(\\#\u206012\\), added by @\u2060reviewer: Copies on purpose; see \\#\u20607',
    );
    expect(md).not.toMatch(/new regression step/);
  });
});
