import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { FakeGitHub } from './helpers/github-fake.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';
import { makeTempDir, removeTempDirs, repoRoot } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';

// `baseline: auto` end to end: the bundled action finds the base branch's last successful run
// of its workflow through a loopback GitHub API (every request checked against GitHub's OpenAPI
// description), downloads that run's artifact and compares with it.
const TOKEN = 'ghs_autoBaselineSECRET0123456789abcdef';
const example = join(repoRoot, 'fixtures', 'example');
const SHA = 'c0ffee'.padEnd(40, '0');

function artifactZip(): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const name of readdirSync(join(example, 'results')))
    files[name] = strToU8(readFileSync(join(example, 'results', name), 'utf8'));
  return zipSync(files, { mtime: new Date('2026-01-01T00:00:00Z') });
}

let fake: FakeGitHub;
afterEach(async () => {
  await fake?.stop();
});
afterAll(removeTempDirs);

/** Everything a person could see, less the `::add-mask::` command by which the runner masks it. */
const visible = (run: { stdout: string; stderr: string; summary: string }) =>
  run.stdout
    .split('\n')
    .filter((l) => !l.startsWith('::add-mask::'))
    .join('\n') +
  run.stderr +
  run.summary;

async function runWith(options: { artifacts: boolean; inputs?: Record<string, string> }) {
  fake = await new FakeGitHub({
    owner: 'octo',
    repo: 'bench',
    workflows: [{ id: 17, path: '.github/workflows/latency.yml' }],
    runs: [{ id: 901, head_sha: SHA, created_at: '2026-11-20T10:00:00Z', head_branch: 'main', event: 'push' }],
    artifacts: options.artifacts ? [{ id: 55, runId: 901, name: 'perfgate-results', zip: artifactZip() }] : [],
  }).start();
  // A real pull_request payload (GitHub's documented example), pointed at the fake's repository.
  const eventPath = eventFile(
    pullRequestEvent({ owner: 'octo', repo: 'bench', number: 7, baseRef: 'main', headRef: 'feature' }),
  );
  const run = await runActionInProcess(
    {
      results: join(example, 'results-regression'),
      requirements: join(example, 'requirements.csv'),
      baseline: 'auto',
      'github-token': TOKEN,
      comment: 'never',
      threshold: 'median=0.2,min=0.2,99%=0.2,max=2',
      ...options.inputs,
    },
    {
      env: {
        GITHUB_REPOSITORY: 'octo/bench',
        GITHUB_API_URL: fake.apiUrl,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_WORKFLOW_REF: 'octo/bench/.github/workflows/latency.yml@refs/pull/7/merge',
      },
    },
  );
  return run;
}

describe('action: baseline: auto', () => {
  test("compares with the artifact of the base branch's latest successful run and says which run it was", async () => {
    const run = await runWith({ artifacts: true });
    expect(fake.problems).toEqual([]);
    expect(fake.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'GET /repos/octo/bench/actions/workflows/latency.yml/runs',
      'GET /repos/octo/bench/actions/runs/901/artifacts',
      'GET /repos/octo/bench/actions/artifacts/55/zip',
    ]);
    expect(new URL(fake.requests[0]!.url, 'http://x').searchParams.get('branch')).toBe('main');
    expect(run.outputs['verdict']).toBe('fail');
    expect(Number(run.outputs['comparisons-total'])).toBe(88);
    expect(run.summary).toContain('Reference **run 901**');
    expect(run.summary).toContain(
      'Baseline: [run 901](https://github.example/octo/bench/actions/runs/901), commit `c0ffee000000`, 2026\\-11\\-20T10\\:00\\:00Z.',
    );
    const comparison = JSON.parse(readFileSync(join(run.workspace, 'perfgate-report', 'comparison.json'), 'utf8'));
    expect(comparison.baselineRun).toEqual({
      runId: 901,
      runUrl: 'https://github.example/octo/bench/actions/runs/901',
      commit: SHA,
      date: '2026-11-20T10:00:00Z',
    });
    expect(visible(run)).not.toContain(TOKEN);
    expect(run.stdout).toContain(`::add-mask::${TOKEN}`);
  });

  test('no baseline found: a notice, and the gate rests on the requirements alone', async () => {
    const run = await runWith({ artifacts: false });
    expect(fake.problems).toEqual([]);
    expect(run.outputs['comparisons-total']).toBeUndefined();
    expect(run.outputs['checks-failed']).toBe('7');
    const notice = run.commands.find((c) => c.command === 'notice');
    expect(notice?.message).toMatch(
      /^No baseline: no baseline from latency\.yml on main: .+\. The gate rests on the requirements alone\.$/,
    );
    expect(run.summary).toContain('> No baseline');
    expect(visible(run)).not.toContain(TOKEN);
    expect(run.stdout).toContain(`::add-mask::${TOKEN}`);
  });
});

// Issue 37: an input that names nothing fails closed ("did you mean …?") instead of passing on "no baseline".
describe('action: baseline: auto with a misspelt workflow or artifact', () => {
  test('a baseline-workflow that does not exist: an error naming the closest of the repository’s workflows', async () => {
    const run = await runWith({ artifacts: true, inputs: { 'baseline-workflow': 'latncy.yml' } });
    expect(fake.problems).toEqual([]);
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toBe(
      'perfgate: input "baseline-workflow": workflow "latncy.yml" does not exist in octo/bench; did you mean latency.yml? ' +
        '(its workflows: latency.yml)',
    );
    expect(fake.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'GET /repos/octo/bench/actions/workflows/latncy.yml/runs',
      'GET /repos/octo/bench/actions/workflows',
    ]);
    // The requirements were checked (their reports written) before the run errored.
    expect(readdirSync(join(run.workspace, 'perfgate-report'))).toContain('checks_intraprocess_best_effort.csv');
    expect(run.outputs['verdict']).toBeUndefined();
    expect(run.summary).toContain('### ⚠️ perfgate errored: nothing was gated');
    expect(visible(run)).not.toContain(TOKEN);
  });

  test('a baseline-artifact no run uploaded, next to one of a close name: an error with "did you mean"', async () => {
    const run = await runWith({ artifacts: true, inputs: { 'baseline-artifact': 'perfgate-reslts' } });
    expect(fake.problems).toEqual([]);
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toBe(
      'perfgate: input "baseline-artifact": no successful run of workflow latency.yml on branch main uploaded an artifact ' +
        '"perfgate-reslts"; did you mean perfgate-results? (run 901 uploaded perfgate-results)',
    );
    expect(run.summary).toContain('### ⚠️ perfgate errored: nothing was gated');
  });

  test('a baseline-branch without runs, next to a branch of a close name with runs: an error with "did you mean"', async () => {
    const run = await runWith({ artifacts: true, inputs: { 'baseline-branch': 'mian' } });
    expect(fake.problems).toEqual([]);
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toBe(
      'perfgate: input "baseline-branch": branch "mian" has no successful run of workflow latency.yml; did you mean main?',
    );
  });

  test('an artifact name far from any uploaded (the runs before the upload step): no baseline, no error', async () => {
    const run = await runWith({ artifacts: true, inputs: { 'baseline-artifact': 'benchmark-output' } });
    expect(fake.problems).toEqual([]);
    // The requirements fail this run (7 of them); the baseline adds no error of its own.
    expect(run.outputs['checks-failed']).toBe('7');
    expect(run.commands.filter((c) => c.command === 'error' && c.message.includes('baseline'))).toEqual([]);
    expect(run.commands.find((c) => c.command === 'notice')?.message).toMatch(
      /^No baseline: no baseline from latency\.yml on main: no usable artifact "benchmark-output" in the 1 newest/,
    );
  });
});

describe('action: artifacts of a given run', () => {
  async function serveRun(artifacts: { id: number; name: string; folder: string }[]) {
    const zips = artifacts.map(({ id, name, folder }) => {
      const files: Record<string, Uint8Array> = {};
      for (const file of readdirSync(folder)) files[file] = strToU8(readFileSync(join(folder, file), 'utf8'));
      return { id, runId: 4242, name, zip: zipSync(files, { mtime: new Date('2026-01-01T00:00:00Z') }) };
    });
    fake = await new FakeGitHub({
      owner: 'octo',
      repo: 'bench',
      workflows: [{ id: 17, path: '.github/workflows/latency.yml' }],
      runs: [
        {
          id: 4242,
          head_sha: SHA,
          created_at: '2026-11-21T08:00:00Z',
          head_branch: 'main',
          event: 'workflow_dispatch',
        },
      ],
      artifacts: zips,
    }).start();
    return { GITHUB_REPOSITORY: 'octo/bench', GITHUB_API_URL: fake.apiUrl, GITHUB_RUN_ID: '4242' };
  }

  test("baseline: run:<id> compares with that run's artifact (manual comparisons)", async () => {
    const env = await serveRun([{ id: 71, name: 'perfgate-results', folder: join(example, 'results') }]);
    const run = await runActionInProcess(
      { results: join(example, 'results'), baseline: 'run:4242', 'github-token': TOKEN },
      { env },
    );
    expect(fake.problems).toEqual([]);
    expect(run.status).toBe(0);
    expect(run.outputs).toMatchObject({ verdict: 'pass', 'comparisons-total': '88', 'comparisons-failed': '0' });
    expect(run.summary).toContain('Baseline: [run 4242](https://github.example/octo/bench/actions/runs/4242)');
  });

  test('baseline: run:<id> of a run that does not exist is an error, never a pass', async () => {
    const env = await serveRun([{ id: 71, name: 'perfgate-results', folder: join(example, 'results') }]);
    const run = await runActionInProcess(
      { results: join(example, 'results'), baseline: 'run:99999', 'github-token': TOKEN },
      { env },
    );
    expect(fake.problems).toEqual([]);
    expect(run.status).toBe(1);
    expect(run.outputs['verdict']).toBeUndefined();
    const error = run.commands.find((c) => c.command === 'error')?.message ?? '';
    expect(error).toMatch(/^perfgate: input "baseline": run:99999 gives no baseline: /);
    expect(run.summary).toContain('### ⚠️ perfgate errored: nothing was gated');
    expect(visible(run)).not.toContain(TOKEN);
  });

  test('baseline: run:<id> naming an artifact the run did not upload: the error says which name is close', async () => {
    const env = await serveRun([{ id: 71, name: 'perfgate-results', folder: join(example, 'results') }]);
    const run = await runActionInProcess(
      {
        results: join(example, 'results'),
        baseline: 'run:4242',
        'baseline-artifact': 'perfgate-result',
        'github-token': TOKEN,
      },
      { env },
    );
    expect(fake.problems).toEqual([]);
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toBe(
      'perfgate: input "baseline": run:4242 gives no baseline: no usable artifact matching "perfgate-result" in run 4242; ' +
        'did you mean perfgate-results?',
    );
  });

  test('results-artifacts merges the artifacts of a matrix of benchmark jobs into one gate', async () => {
    // Two matrix jobs, one sub-experiment each; a third artifact does not match the pattern.
    const root = makeTempDir('perfgate-matrix-');
    const jobs = ['interprocess', 'intraprocess'].map((kind) => {
      const folder = join(root, kind);
      mkdirSync(folder);
      const name = `measurements_${kind}_best_effort.csv`;
      writeFileSync(join(folder, name), readFileSync(join(example, 'results-regression', name)));
      return folder;
    });
    const env = await serveRun([
      { id: 81, name: 'latency-interprocess', folder: jobs[0]! },
      { id: 82, name: 'latency-intraprocess', folder: jobs[1]! },
      { id: 83, name: 'coverage', folder: jobs[0]! },
    ]);
    const run = await runActionInProcess(
      { 'results-artifacts': 'latency-*', requirements: join(example, 'requirements.csv'), 'github-token': TOKEN },
      { env },
    );
    expect(fake.problems).toEqual([]);
    expect(fake.requests.filter((r) => r.url.includes('/zip')).map((r) => r.url.split('?')[0])).toEqual([
      '/repos/octo/bench/actions/artifacts/81/zip',
      '/repos/octo/bench/actions/artifacts/82/zip',
    ]);
    expect(run.outputs).toMatchObject({
      verdict: 'fail',
      'checks-total': '66',
      'checks-failed': '7',
      'failed-experiments': 'intraprocess_best_effort',
    });
    expect(visible(run)).not.toContain(TOKEN);
  });

  test('results-artifacts that match nothing fail the step instead of passing an empty gate', async () => {
    const env = await serveRun([{ id: 91, name: 'coverage', folder: join(example, 'results') }]);
    const run = await runActionInProcess(
      { 'results-artifacts': 'latency-*', requirements: join(example, 'requirements.csv'), 'github-token': TOKEN },
      { env },
    );
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toContain(
      'input "results-artifacts": no usable artifact matching "latency-*" in run 4242',
    );
    // A name without wildcards that matches nothing: the closest name the run uploaded.
    const typo = await runActionInProcess(
      { 'results-artifacts': 'coverge', requirements: join(example, 'requirements.csv'), 'github-token': TOKEN },
      { env },
    );
    expect(typo.status).toBe(1);
    expect(typo.commands.find((c) => c.command === 'error')?.message).toBe(
      'perfgate: input "results-artifacts": no usable artifact matching "coverge" in run 4242; did you mean coverage?',
    );
    expect(fake.problems).toEqual([]);
  });
});
