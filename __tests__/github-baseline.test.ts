import { tmpdir } from 'node:os';
import { jest } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { findBaseline, type FindBaselineOptions } from '../src/action/github/baseline.js';
import type { GithubTimings } from '../src/action/github/http.js';
import { testSession } from './helpers/github-session.js';
import { FakeGitHub, type FakeGitHubOptions } from './helpers/github-fake.js';
import { openApi } from './helpers/github-openapi.js';
import { tempDir, cwdFiles } from './helpers/shared.js';
import type { Summary } from '../src/engine/model/summary.js';
import { resultSetOfSummary } from '../src/engine/formats/fastdds/measurements.js';
import { historyRunInfoFromEnv } from '../src/action/events.js';
import { parseHistoryRecord, renderHistoryRecord } from '../src/engine/history/codec.js';
import { makeHistoryRecord } from '../src/engine/history/record.js';
import { historyFileName, planHistoryWindow } from '../src/engine/history/window.js';
import { appendHistoryRecord, readHistoryWindow } from '../src/pipeline/historyFolder.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The GitHub session of the test (retries and rate-limit waits in milliseconds): a fresh budget each test. */
let session = testSession();
beforeEach(() => {
  session = testSession();
});

const TOKEN = 'ghs_perfgateSECRETtoken0123456789abcdef';
const SUMMARY =
  'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n16,10000,122.599,7.029,8.272,7.486,2.367,0.534,109.092,10.607,14.735,58.631\n';
const SHA = (n: number) => String(n).repeat(40).slice(0, 40);

function zipOf(files: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)])), {
    mtime: new Date('2026-01-01T00:00:00Z'),
  });
}

const workflows = [{ id: 4711, path: '.github/workflows/latency.yml' }];
const runs = [
  { id: 3003, head_sha: SHA(3), created_at: '2026-11-20T10:00:00Z', head_branch: 'main' },
  { id: 2002, head_sha: SHA(2), created_at: '2026-11-19T10:00:00Z', head_branch: 'main' },
  { id: 1001, head_sha: SHA(1), created_at: '2026-11-18T10:00:00Z', head_branch: 'main' },
];

const servers: FakeGitHub[] = [];
async function serve(options: Partial<FakeGitHubOptions>): Promise<FakeGitHub> {
  const fake = await new FakeGitHub({
    owner: 'octo',
    repo: 'bench',
    workflows,
    runs,
    artifacts: [],
    ...options,
  }).start();
  servers.push(fake);
  return fake;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

function optionsFor(fake: FakeGitHub, overrides: Partial<FindBaselineOptions> = {}): FindBaselineOptions {
  return {
    token: TOKEN,
    apiUrl: fake.apiUrl,
    owner: 'octo',
    repo: 'bench',
    workflowId: 'latency.yml',
    branch: 'main',
    artifactName: 'perfgate-baseline',
    destination: join(tempDir('perfgate-baseline-'), 'baseline'),
    session,
    files: rootedFiles(tmpdir()),
    ...overrides,
  };
}

/** Runs the lookup and collects everything written to stdout, stderr and the console meanwhile. */
async function lookUp(options: FindBaselineOptions) {
  const captured: string[] = [];
  const spies = [
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => (captured.push(String(chunk)), true)),
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => (captured.push(String(chunk)), true)),
    ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((m) =>
      jest.spyOn(console, m).mockImplementation((...args: unknown[]) => void captured.push(args.map(String).join(' '))),
    ),
  ];
  try {
    const result = await findBaseline(options);
    return { result, output: captured.join('\n') };
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}

/** Every API request was a documented operation, called the documented way. */
function expectValidTraffic(fake: FakeGitHub): void {
  expect(fake.problems).toEqual([]);
  for (const request of fake.requests) {
    expect(request.operationId).toBeDefined();
    expect(request.headers['authorization']).toBe(`token ${TOKEN}`);
  }
  for (const request of fake.blobRequests) expect(request.headers['authorization']).toBeUndefined();
}

describe('findBaseline against a loopback GitHub checked with the OpenAPI description', () => {
  test('baseline found on the newest successful run', async () => {
    const fake = await serve({
      artifacts: [
        {
          id: 91,
          runId: 3003,
          name: 'perfgate-baseline',
          zip: zipOf({ 'measurements_x_summary.csv': SUMMARY, 'nested/notes.txt': 'hello' }),
        },
        { id: 92, runId: 3003, name: 'other', zip: zipOf({ 'other.txt': 'no' }) },
        { id: 81, runId: 2002, name: 'perfgate-baseline', zip: zipOf({ 'measurements_y_summary.csv': SUMMARY }) },
      ],
    });
    const options = optionsFor(fake);
    const { result, output } = await lookUp(options);
    expect(result.reason).toBeUndefined();
    expect(result.baseline).toEqual({
      runId: 3003,
      headSha: SHA(3),
      runUrl: 'https://github.example/octo/bench/actions/runs/3003',
      createdAt: '2026-11-20T10:00:00Z',
      path: options.destination,
      artifactId: 91,
      files: ['measurements_x_summary.csv', 'nested/notes.txt'],
    });
    expect(readFileSync(join(options.destination, 'measurements_x_summary.csv'), 'utf8')).toBe(SUMMARY);
    expect(readdirSync(options.destination).sort()).toEqual(['measurements_x_summary.csv', 'nested']);
    expect(output).toBe('');
    expectValidTraffic(fake);
    expect(fake.requests.map((r) => `${r.operationId} ${r.status}`)).toEqual([
      'actions/list-workflow-runs 200',
      'actions/list-workflow-run-artifacts 200',
      'actions/download-artifact 302',
    ]);
    // The query parameters sent, each of them declared by the description.
    const list = new URL(fake.requests[0]!.url, 'http://x');
    expect(list.pathname).toBe('/repos/octo/bench/actions/workflows/latency.yml/runs');
    expect(Object.fromEntries(list.searchParams)).toEqual({ branch: 'main', status: 'success', per_page: '20' });
    const artifacts = new URL(fake.requests[1]!.url, 'http://x');
    expect(Object.fromEntries(artifacts.searchParams)).toEqual({ name: 'perfgate-baseline', per_page: '100' });
    expect(fake.blobRequests).toHaveLength(1);
  });

  test("newest run's artifact expired: falls through to the previous run", async () => {
    const fake = await serve({
      artifacts: [
        { id: 91, runId: 3003, name: 'perfgate-baseline', expired: true },
        { id: 81, runId: 2002, name: 'perfgate-baseline', zip: zipOf({ 'measurements_x_summary.csv': SUMMARY }) },
      ],
    });
    const options = optionsFor(fake, { workflowId: 4711, event: 'push', perPage: 5 });
    const { result, output } = await lookUp(options);
    expect(result.baseline?.runId).toBe(2002);
    expect(result.baseline?.headSha).toBe(SHA(2));
    expect(result.notes).toEqual(['run 3003: artifact "perfgate-baseline" has expired']);
    expect(readFileSync(join(options.destination, 'measurements_x_summary.csv'), 'utf8')).toBe(SUMMARY);
    expect(output).toBe('');
    expectValidTraffic(fake);
    expect(Object.fromEntries(new URL(fake.requests[0]!.url, 'http://x').searchParams)).toEqual({
      branch: 'main',
      status: 'success',
      per_page: '5',
      event: 'push',
    });
    // The expired artifact is never downloaded.
    expect(fake.requests.map((r) => r.operationId)).toEqual([
      'actions/list-workflow-runs',
      'actions/list-workflow-run-artifacts',
      'actions/list-workflow-run-artifacts',
      'actions/download-artifact',
    ]);
  });

  test('an artifact listed as live but answered 410 on download also falls through', async () => {
    const fake = await serve({
      artifacts: [
        { id: 91, runId: 3003, name: 'perfgate-baseline', downloadStatus: 410 },
        { id: 71, runId: 1001, name: 'perfgate-baseline', zip: zipOf({ 'measurements_x_summary.csv': SUMMARY }) },
      ],
    });
    const { result } = await lookUp(optionsFor(fake));
    expect(result.baseline?.runId).toBe(1001);
    expect(result.notes).toEqual([
      'run 3003: artifact "perfgate-baseline" has expired',
      'run 2002: no artifact named "perfgate-baseline"',
    ]);
    expectValidTraffic(fake);
  });

  /** Runs `body` with the GitHub timeouts set for it, and a fresh budget. */
  async function withTimeouts(timeouts: Partial<GithubTimings>, body: () => Promise<void>): Promise<void> {
    session = testSession(timeouts);
    await body();
  }

  test('artifact storage that never answers: the run falls through after the request timeout', async () => {
    await withTimeouts({ requestTimeoutMs: 300 }, async () => {
      const zip = zipOf({ 'measurements_x_summary.csv': SUMMARY });
      const fake = await serve({
        artifacts: [
          { id: 91, runId: 3003, name: 'perfgate-baseline', zip, blobHangs: 'headers' },
          { id: 71, runId: 1001, name: 'perfgate-baseline', zip },
        ],
      });
      const { result } = await lookUp(optionsFor(fake));
      expect(result.baseline?.runId).toBe(1001);
      expect(result.notes).toEqual([
        'run 3003: cannot download artifact "perfgate-baseline": the artifact storage did not answer (no answer within 0.3 s)',
        'run 2002: no artifact named "perfgate-baseline"',
      ]);
    });
  });

  test('artifact storage that stalls mid-download: stopped when the GitHub budget runs out', async () => {
    await withTimeouts({ budgetMs: 1500 }, async () => {
      const zip = zipOf({ 'measurements_x_summary.csv': SUMMARY });
      const fake = await serve({
        artifacts: [{ id: 91, runId: 3003, name: 'perfgate-baseline', zip, blobHangs: 'body' }],
      });
      const { result } = await lookUp(optionsFor(fake));
      expect(result.baseline).toBeUndefined();
      expect(result.notes[0]).toBe(
        'run 3003: cannot download artifact "perfgate-baseline": the artifact download stopped (the step\'s GitHub time budget of 1.5 s ran out)',
      );
    });
  });

  test('no successful run: undefined with a reason', async () => {
    const fake = await serve({ runs: [] });
    const { result, output } = await lookUp(optionsFor(fake));
    expect(result.baseline).toBeUndefined();
    expect(result.reason).toBe('no successful run of workflow latency.yml on branch main');
    expect(output).toBe('');
    expectValidTraffic(fake);
  });

  test('every artifact expired or absent: undefined with a reason', async () => {
    const fake = await serve({ artifacts: [{ id: 91, runId: 3003, name: 'perfgate-baseline', expired: true }] });
    const { result } = await lookUp(optionsFor(fake));
    expect(result.baseline).toBeUndefined();
    expect(result.reason).toBe(
      'no usable artifact "perfgate-baseline" in the 3 newest successful runs of workflow latency.yml on branch main (expired in 1, absent or unreadable in 2)',
    );
    expectValidTraffic(fake);
  });

  test('403: undefined with a reason, and the token appears nowhere', async () => {
    const fake = await serve({ failWith: { status: 403, message: 'Resource not accessible by integration' } });
    const { result, output } = await lookUp(optionsFor(fake));
    expect(result.baseline).toBeUndefined();
    expect(result.reason).toMatch(
      /^cannot list the runs of workflow latency\.yml on branch main: HTTP 403: the token may lack the actions: read permission \(Resource not accessible by integration/,
    );
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    expect(output).not.toContain(TOKEN);
    expectValidTraffic(fake);
  });

  test('403 that echoes the token back: the reason is redacted', async () => {
    const fake = await serve({ failWith: { status: 403, message: `token ${TOKEN} lacks actions: read` } });
    const { result, output } = await lookUp(optionsFor(fake));
    expect(result.reason).toContain('token *** lacks actions: read');
    expect(JSON.stringify(result)).not.toContain(TOKEN);
    expect(output).not.toContain(TOKEN);
  });

  test('404 (unknown workflow) and an unreachable API: undefined with a reason', async () => {
    const fake = await serve({});
    const missing = await lookUp(optionsFor(fake, { workflowId: 'nope.yml' }));
    expect(missing.result.reason).toMatch(/HTTP 404: no such repository or workflow/);
    expectValidTraffic(fake);
    await fake.stop();
    servers.splice(servers.indexOf(fake), 1);
    const down = await lookUp(optionsFor(fake));
    expect(down.result.baseline).toBeUndefined();
    expect(down.result.reason).toMatch(/^cannot list the runs of workflow latency\.yml on branch main: /);
    expect(JSON.stringify(down.result)).not.toContain(TOKEN);
  });

  test('runs from a fork whose branch is also called main are skipped', async () => {
    const fake = await serve({
      runs: [
        {
          id: 4004,
          head_sha: SHA(4),
          created_at: '2026-11-21T10:00:00Z',
          head_branch: 'main',
          head_repository: 'mallory/bench',
          event: 'pull_request',
        },
        ...runs,
      ],
      artifacts: [
        { id: 99, runId: 4004, name: 'perfgate-baseline', zip: zipOf({ 'measurements_x_summary.csv': 'poisoned' }) },
        { id: 91, runId: 3003, name: 'perfgate-baseline', zip: zipOf({ 'measurements_x_summary.csv': SUMMARY }) },
      ],
    });
    const { result } = await lookUp(optionsFor(fake));
    expect(result.baseline?.runId).toBe(3003);
    expect(result.notes).toEqual(['run 4004: skipped, it ran on code from mallory/bench']);
    expectValidTraffic(fake);
  });

  test('an archive with an entry outside the destination is rejected, nothing is written', async () => {
    const fake = await serve({
      artifacts: [
        { id: 91, runId: 3003, name: 'perfgate-baseline', zip: zipOf({ 'ok.csv': 'x', '../escape.csv': 'evil' }) },
        { id: 81, runId: 2002, name: 'perfgate-baseline', zip: zipOf({ 'measurements_x_summary.csv': SUMMARY }) },
      ],
    });
    const options = optionsFor(fake);
    const { result } = await lookUp(options);
    expect(result.baseline?.runId).toBe(2002);
    expect(result.notes).toEqual([
      'run 3003: artifact "perfgate-baseline" rejected: unsafe entry name "../escape.csv"',
    ]);
    expect(readdirSync(join(options.destination, '..'))).toEqual(['baseline']);
    expect(readdirSync(options.destination)).toEqual(['measurements_x_summary.csv']);
  });

  test('GitHub Enterprise Server: apiUrl with /api/v3 is honoured, checked against the GHES 3.19 description', async () => {
    const fake = await serve({
      apiRoot: '/api/v3',
      description: 'ghes-3.19',
      artifacts: [
        { id: 91, runId: 3003, name: 'perfgate-baseline', zip: zipOf({ 'measurements_x_summary.csv': SUMMARY }) },
      ],
    });
    expect(fake.apiUrl).toMatch(/\/api\/v3$/);
    const { result } = await lookUp(optionsFor(fake));
    expect(result.baseline?.runId).toBe(3003);
    expectValidTraffic(fake);
    expect(fake.requests.every((r) => r.url.startsWith('/api/v3/repos/octo/bench/actions/'))).toBe(true);
  });
});

describe('the OpenAPI check itself', () => {
  const spec = openApi();
  const headers = { authorization: 'token x', accept: 'application/vnd.github.v3+json' };

  test('catches undeclared query parameters, bad enum values, unknown paths, missing authorization', () => {
    const url = (path: string) => new URL(path, 'http://127.0.0.1');
    expect(
      spec.validateRequest(
        'GET',
        url('/repos/o/r/actions/workflows/w.yml/runs?branch=main&status=success&per_page=20'),
        headers,
      ).problems,
    ).toEqual([]);
    expect(
      spec.validateRequest('GET', url('/repos/o/r/actions/workflows/w.yml/runs?conclusion=success'), headers).problems,
    ).toEqual([
      'actions/list-workflow-runs (GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs): query parameter conclusion is not declared for this operation',
    ]);
    expect(
      spec.validateRequest('GET', url('/repos/o/r/actions/workflows/w.yml/runs?status=succeeded&per_page=200'), headers)
        .problems,
    ).toEqual([
      expect.stringContaining('query parameter status=succeeded: not one of'),
      expect.stringContaining('per_page=200 is over the documented maximum of 100'),
    ]);
    expect(spec.validateRequest('GET', url('/repos/o/r/actions/runs/abc/artifacts'), headers).problems).toEqual([
      expect.stringContaining('path parameter run_id=abc: not an integer'),
    ]);
    expect(spec.validateRequest('GET', url('/repos/o/r/actions/workflow/w.yml/runs'), headers).problems).toEqual([
      'GET /repos/o/r/actions/workflow/w.yml/runs: no such path in the description',
    ]);
    expect(spec.validateRequest('DELETE', url('/repos/o/r/actions/workflows/w.yml/runs'), headers).problems).toEqual([
      'DELETE /repos/o/r/actions/workflows/w.yml/runs: the path exists but has no DELETE operation',
    ]);
    expect(
      spec.validateRequest('GET', url('/repos/o/r/actions/runs/1/artifacts'), { accept: 'application/json' }).problems,
    ).toEqual([expect.stringContaining('no authorization header')]);
  });

  test('the fields findBaseline reads are required in the documented responses', () => {
    const runsOp = spec.match('GET', '/repos/o/r/actions/workflows/1/runs')!;
    const run = spec.resolve(spec.resolve(spec.responseSchema(runsOp, 200).properties.workflow_runs).items);
    for (const field of ['id', 'head_sha', 'html_url', 'created_at', 'head_repository'])
      expect(run.required).toContain(field);
    const artifactsOp = spec.match('GET', '/repos/o/r/actions/runs/1/artifacts')!;
    const artifact = spec.resolve(spec.resolve(spec.responseSchema(artifactsOp, 200).properties.artifacts).items);
    for (const field of ['id', 'name', 'expired', 'size_in_bytes', 'created_at'])
      expect(artifact.required).toContain(field);
    const download = spec.match('GET', '/repos/o/r/actions/artifacts/1/zip')!;
    expect(download.operationId).toBe('actions/download-artifact');
    expect(Object.keys(download.operation.responses).sort()).toEqual(['302', '410']);
  });
});

describe('history records', () => {
  const summary = (experimentType: string, median: number): Summary => ({
    experimentType,
    source: `measurements_${experimentType}_summary.csv`,
    payloads: [
      {
        payloadBytes: 16,
        samples: 10000,
        max: 122.599,
        min: 7.029,
        mean: 8.272,
        median,
        stdev: 2.367,
        meanJitter: 0.534,
        maxJitter: 109.092,
        p90: 10.607,
        p99: 14.735,
        p9999: 58.631,
      },
      {
        payloadBytes: 32,
        samples: 1,
        max: 9,
        min: 9,
        mean: 9,
        median: 9,
        stdev: 0,
        meanJitter: NaN,
        maxJitter: NaN,
        p90: 9,
        p99: NaN,
        p9999: 9,
      },
    ],
  });
  const recorded = (s: Summary) => ({
    experiment: s.experimentType,
    format: 'fastdds-summary',
    measurements: resultSetOfSummary(s, 'fastdds-summary').measurements,
  });
  const run = (n: number, date: string) => ({
    sha: SHA(n),
    date,
    runId: 100 + n,
    runUrl: `https://github.com/octo/bench/actions/runs/${100 + n}`,
  });

  test('pure, deterministic bytes: fixed key order, experiments by name, NaN as null, no clock', () => {
    const now = jest.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('the clock was read');
    });
    try {
      const record = makeHistoryRecord(
        [summary('zeta', 7.5), summary('alpha', 7.486)].map(recorded),
        run(1, '2026-11-20T11:00:00+01:00'),
      );
      const text = renderHistoryRecord(record);
      expect(text).toBe(
        [
          '{',
          '  "format": "perfgate-history",',
          '  "version": 3,',
          `  "sha": "${SHA(1)}",`,
          '  "date": "2026-11-20T10:00:00.000Z",',
          '  "runId": "101",',
          '  "runUrl": "https://github.com/octo/bench/actions/runs/101",',
          // What the four measurements share, once; then which experiment and payload each is; then a column per statistic.
          '  "shapes": [',
          '    {"format":"fastdds-summary","metric":"latency","role":"primary","dimension":"time","unit":"us","displayUnit":"us","direction":"lower-is-better","statistics":["samples","min","mean","median","p90","p99","p9999","max","stdev","jitter","maxJitter"]}',
          '  ],',
          '  "series": [',
          '    ["alpha",[0],[["16",16],["32",32]]],',
          '    ["zeta",[0],[["16",16],["32",32]]]',
          '  ],',
          '  "statistics": {',
          '    "samples": [10000,1,10000,1],',
          '    "min": [7.029,9,7.029,9],',
          '    "mean": [8.272,9,8.272,9],',
          '    "median": [7.486,9,7.5,9],',
          '    "p90": [10.607,9,10.607,9],',
          '    "p99": [14.735,null,14.735,null],',
          '    "p9999": [58.631,9,58.631,9],',
          '    "max": [122.599,9,122.599,9],',
          '    "stdev": [2.367,0,2.367,0],',
          '    "jitter": [0.534,null,0.534,null],',
          '    "maxJitter": [109.092,null,109.092,null]',
          '  }',
          '}',
          '',
        ].join('\n'),
      );
      expect(
        renderHistoryRecord(
          makeHistoryRecord(
            [summary('alpha', 7.486), summary('zeta', 7.5)].map(recorded),
            run(1, '2026-11-20T10:00:00Z'),
          ),
        ),
      ).toBe(text);
      expect(parseHistoryRecord(text, 'h.json')).toEqual(record);
      expect(historyFileName(record)).toBe('history-2026-11-20T10-00-00.000Z-101.json');
    } finally {
      now.mockRestore();
    }
  });

  test('a version 1 record (Fast-DDS payload rows, written by perfgate before the common model) reads as latency measurements', () => {
    const v1 = [
      '{',
      '  "format": "perfgate-history",',
      '  "version": 1,',
      `  "sha": "${SHA(1)}",`,
      '  "date": "2026-11-20T10:00:00.000Z",',
      '  "runId": "101",',
      '  "runUrl": "https://github.com/octo/bench/actions/runs/101",',
      '  "experiments": [',
      '    {',
      '      "experiment": "alpha",',
      '      "payloads": [',
      '        {"bytes": 16, "samples": 10000, "median": 7.486, "p99": 14.735, "max": 122.599, "min": 7.029, "mean": 8.272},',
      '        {"bytes": 32, "samples": 1, "median": 9, "p99": null, "max": 9, "min": 9, "mean": 9}',
      '      ]',
      '    }',
      '  ]',
      '}',
      '',
    ].join('\n');
    const record = parseHistoryRecord(v1, 'h.json');
    expect(record.version).toBe(3);
    expect(
      record.measurements.map((m) => [
        m.experiment,
        m.format,
        m.parameter,
        m.payloadBytes,
        m.metric,
        m.unit,
        m.direction,
        m.statistics,
      ]),
    ).toEqual([
      [
        'alpha',
        'fastdds-summary',
        '16',
        16,
        'latency',
        'us',
        'lower-is-better',
        { samples: 10000, min: 7.029, mean: 8.272, median: 7.486, p99: 14.735, max: 122.599 },
      ],
      [
        'alpha',
        'fastdds-summary',
        '32',
        32,
        'latency',
        'us',
        'lower-is-better',
        { samples: 1, min: 9, mean: 9, median: 9, p99: null, max: 9 },
      ],
    ]);
  });

  test('bad inputs are InputErrors', () => {
    expect(() => makeHistoryRecord([], { ...run(1, 'yesterday') })).toThrow('history: not a date: "yesterday"');
    expect(() => makeHistoryRecord([], { ...run(1, '2026-01-01T00:00:00Z'), sha: 'main' })).toThrow('not a commit SHA');
    expect(() =>
      makeHistoryRecord([summary('a', 1), summary('a', 2)].map(recorded), run(1, '2026-01-01T00:00:00Z')),
    ).toThrow('appears twice');
    expect(() => parseHistoryRecord('{"format":"perfgate-history","version":4}', 'h.json')).toThrow(
      'unsupported version 4 (this perfgate reads versions 1, 2 and 3; a newer perfgate may have written it)',
    );
    expect(() =>
      parseHistoryRecord(
        '{"format":"perfgate-history","version":2,"sha":"a","date":"d","runId":"1","runUrl":"u","measurements":[{"experiment":"x"}]}',
        'h.json',
      ),
    ).toThrow('measurement 1: "format" is not a string');
    expect(() => parseHistoryRecord('[', 'h.json')).toThrow('not a perfgate history record');
  });

  test('run identity from the runner environment and a push event; no date without the event', () => {
    const env = {
      GITHUB_SERVER_URL: 'https://ghes.example/',
      GITHUB_REPOSITORY: 'octo/bench',
      GITHUB_RUN_ID: '555',
      GITHUB_SHA: SHA(5),
    };
    expect(
      historyRunInfoFromEnv(env, { after: SHA(6), head_commit: { timestamp: '2026-11-20T11:00:00+01:00' } }),
    ).toEqual({
      sha: SHA(6),
      date: '2026-11-20T11:00:00+01:00',
      runId: '555',
      runUrl: 'https://ghes.example/octo/bench/actions/runs/555',
    });
    expect(historyRunInfoFromEnv(env, { repository: { pushed_at: 1763632800 } }).date).toBe('2025-11-20T10:00:00.000Z');
    expect(historyRunInfoFromEnv(env, {}).date).toBeUndefined();
  });

  test('a bounded window in a folder: append, drop the oldest, read back oldest first', () => {
    const folder = join(tempDir('perfgate-history-'), 'history');
    expect(readHistoryWindow(cwdFiles, folder)).toEqual([]);
    const records = [1, 2, 3, 4, 5].map((n) =>
      makeHistoryRecord([recorded(summary('x', n))], run(n, `2026-11-0${n}T10:00:00Z`)),
    );
    // Appended out of order: the window is by date, not by arrival.
    for (const n of [2, 1, 3]) appendHistoryRecord(cwdFiles, folder, records[n - 1]!, 3);
    expect(readHistoryWindow(cwdFiles, folder, 3).map((r) => r.runId)).toEqual(['101', '102', '103']);
    const { written, removed } = appendHistoryRecord(cwdFiles, folder, records[3]!, 3);
    expect(written).toBe(join(folder, 'history-2026-11-04T10-00-00.000Z-104.json'));
    expect(removed).toEqual([join(folder, 'history-2026-11-01T10-00-00.000Z-101.json')]);
    appendHistoryRecord(cwdFiles, folder, records[4]!, 3);
    expect(readdirSync(folder)).toEqual([
      // The runs the window dropped, kept for the dashboard.
      'archive-2026-11.json',
      'history-2026-11-03T10-00-00.000Z-103.json',
      'history-2026-11-04T10-00-00.000Z-104.json',
      'history-2026-11-05T10-00-00.000Z-105.json',
    ]);
    expect(readHistoryWindow(cwdFiles, folder, 3)).toEqual(records.slice(2));
    expect(readHistoryWindow(cwdFiles, folder, 2).map((r) => r.runId)).toEqual(['104', '105']);
    // A record older than the whole window is not kept.
    const old = appendHistoryRecord(cwdFiles, folder, records[0]!, 3);
    expect(old.removed).toEqual([old.written]);
    expect(readdirSync(folder)).toHaveLength(4); // three records and the archive
    // A re-run (same run id) replaces its record, even under a new date.
    const rerun = makeHistoryRecord([recorded(summary('x', 99))], { ...run(5, '2026-11-06T10:00:00Z') });
    const again = appendHistoryRecord(cwdFiles, folder, rerun, 3);
    expect(again.removed).toEqual([join(folder, 'history-2026-11-05T10-00-00.000Z-105.json')]);
    expect(readHistoryWindow(cwdFiles, folder).map((r) => [r.runId, r.measurements[0]!.statistics.median])).toEqual([
      ['103', 3],
      ['104', 4],
      ['105', 99],
    ]);
    expect(readFileSync(again.written, 'utf8')).toBe(renderHistoryRecord(rerun));
    expect(planHistoryWindow([], rerun, 30)).toEqual({ kept: [rerun], dropped: [] });
    expect(() => readHistoryWindow(cwdFiles, folder, 0)).toThrow('at least 1');
  });
});
