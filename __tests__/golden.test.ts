/**
 * Golden files: what people read (report.md, comparison.md, the terminal text of `perfgate check`,
 * `compare` and `inspect`, the action's job summary and log, and what `export` writes) for fixed
 * input sets, compared byte for byte with the files under __tests__/__golden__/. A change to any
 * of them shows up as a diff of those files in review.
 *
 *   UPDATE_GOLDEN=1 npm run jest -- __tests__/golden.test.ts   rewrites them instead of comparing
 *
 * The inputs come from the repository's own fixtures/ only (never ../shared), copied into a temp
 * folder that is the working directory of every run, so paths in the output are relative and the
 * same on every machine. The action (dist/index.js, run as the runner runs it) prints step timings
 * and random stop-commands tokens: those are replaced by placeholders, and nothing else is.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { cli, repoRoot, tempDir } from './helpers/shared.js';
import { pushEventEnv, removeTempDirs, type ActionInputs } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { systemClock } from '../src/action/ports.js';
import {
  jmhFixtureResults,
  RUN_DRIFT,
  writeCriterionRun,
  writeGoRun,
  writeJmhRun,
  type Slowdown,
} from './helpers/pullRequestSuites.js';

/**
 * The action's clock in these runs: it starts on a fixed day, so that what a comment dates (a suggested waiver's expiry)
 * is the same bytes on every day, and runs on from there, so that durations and waits are real.
 */
const GOLDEN_START = Date.now();
const GOLDEN_CLOCK = { ...systemClock, now: () => Date.UTC(2026, 11, 7, 12) + (Date.now() - GOLDEN_START) };

const GOLDEN_DIR = join(repoRoot, '__tests__', '__golden__');
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

/** The golden files this run compared or wrote, to find stale ones at the end. */
const seen = new Set<string>();

/** Compares `actual` with the golden file `name` (relative to __golden__), or rewrites it with UPDATE_GOLDEN=1. */
function expectGolden(name: string, actual: string): void {
  seen.add(name);
  const path = join(GOLDEN_DIR, name);
  if (UPDATE) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  if (!existsSync(path))
    throw new Error(
      `no golden file __tests__/__golden__/${name}: run the test with UPDATE_GOLDEN=1 to write it, then review and commit it`,
    );
  const expected = readFileSync(path, 'utf8');
  if (actual !== expected) {
    // Jest's diff of two long strings is hard to read: name the first differing line as well.
    const a = actual.split('\n');
    const e = expected.split('\n');
    let line = 0;
    while (line < a.length && a[line] === e[line]) line++;
    throw new Error(
      `__tests__/__golden__/${name} differs at line ${line + 1}:\n  golden: ${JSON.stringify(e[line])}\n  actual: ${JSON.stringify(a[line])}\n` +
        'If the change is intended, rewrite the goldens with UPDATE_GOLDEN=1 and review the diff.',
    );
  }
}

/** A temp folder holding copies of the given fixtures/ paths at the same relative places. */
function workspace(fixturePaths: readonly string[]): string {
  const dir = tempDir('perfgate-golden-');
  for (const path of fixturePaths) cpSync(join(repoRoot, path), join(dir, path), { recursive: true });
  return dir;
}

/**
 * Runs the CLI in-process with `cwd` as the working directory: the terminal text as a person sees it, exit code
 * included.
 */
async function terminal(cwd: string, argv: string[]): Promise<string> {
  const { code, out, err } = await cli(argv, cwd);
  const quoted = argv.map((a) => (/^[\w./:=,%-]+$/.test(a) ? a : `'${a}'`)).join(' ');
  return `$ perfgate ${quoted}\nexit code ${code}\n--- stdout\n${out}--- stderr\n${err}`;
}

function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), 'utf8');
}

/** The action's log with the step timings and the random stop-commands tokens as placeholders. */
function normaliseActionLog(stdout: string): string {
  return stdout
    .replace(/^(.+): \d+ ms$/gm, '$1: <n> ms')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, '<token>');
}

/**
 * Runs dist/index.js in a workspace of fixture copies, without charts, upload or comment, and
 * compares its job summary, log and outputs with the goldens under `name`.
 */
async function expectActionGoldens(
  name: string,
  fixturePaths: readonly string[],
  inputs: ActionInputs,
  expectedStatus: number,
): Promise<void> {
  const ws = workspace(fixturePaths);
  const run = await runActionInProcess(
    { charts: 'false', 'upload-report': 'false', comment: 'never', ...inputs },
    { workspace: ws, clock: GOLDEN_CLOCK },
  );
  const placeholders = (text: string) => text.split(ws).join('<workspace>');
  expect(run.stderr).toBe('');
  expect(run.status).toBe(expectedStatus);
  expectGolden(`${name}/summary.md`, placeholders(run.summary));
  expectGolden(`${name}/log.txt`, placeholders(normaliseActionLog(run.stdout)));
  const outputs = Object.fromEntries(Object.entries(run.outputs).sort(([a], [b]) => a.localeCompare(b)));
  expectGolden(`${name}/outputs.json`, JSON.stringify(outputs, null, 2) + '\n');
}

afterAll(() => removeTempDirs());

// ---------------------------------------------------------------------------------------------
// The example set (npm run demo, demo:regression): Fast-DDS raw measurement CSVs.

describe('goldens: the example set (fixtures/example)', () => {
  const EXAMPLE = [
    'fixtures/example/results',
    'fixtures/example/results-regression',
    'fixtures/example/requirements.csv',
  ];
  const requirements = 'fixtures/example/requirements.csv';
  let ws: string;
  beforeAll(() => {
    ws = workspace(EXAMPLE);
  });

  test('check, passing (npm run demo): terminal text and report.md', async () => {
    expectGolden(
      'example/check/terminal.txt',
      await terminal(ws, [
        'check',
        '--results',
        'fixtures/example/results',
        '--requirements',
        requirements,
        '--output-dir',
        'out-check',
      ]),
    );
    expectGolden('example/check/report.md', read(ws, 'out-check/report.md'));
  });

  test('check, failing (npm run demo:regression): terminal text and report.md', async () => {
    expectGolden(
      'example/check-regression/terminal.txt',
      await terminal(ws, [
        'check',
        '--results',
        'fixtures/example/results-regression',
        '--requirements',
        requirements,
        '--output-dir',
        'out-check-regression',
      ]),
    );
    expectGolden('example/check-regression/report.md', read(ws, 'out-check-regression/report.md'));
    // The comment a GitLab or Jenkins job would post: the check, and a link to the report folder (no charts were
    // drawn).
    expectGolden('example/check-regression/comment.md', read(ws, 'out-check-regression/comment.md'));
  });

  test('compare with the default threshold (10 %): terminal text and comparison.md', async () => {
    expectGolden(
      'example/compare/terminal.txt',
      await terminal(ws, [
        'compare',
        '--reference',
        'fixtures/example/results',
        '--results',
        'fixtures/example/results-regression',
        '--output-dir',
        'out-compare',
      ]),
    );
    expectGolden('example/compare/comparison.md', read(ws, 'out-compare/comparison.md'));
    expectGolden('example/compare/comment.md', read(ws, 'out-compare/comment.md'));
  });

  test('compare with per-magnitude thresholds: terminal text and comparison.md', async () => {
    expectGolden(
      'example/compare-per-magnitude/terminal.txt',
      await terminal(ws, [
        'compare',
        '--reference',
        'fixtures/example/results',
        '--results',
        'fixtures/example/results-regression',
        '--threshold',
        'median=0.05,max=0.5',
        '--output-dir',
        'out-compare-per-magnitude',
      ]),
    );
    expectGolden('example/compare-per-magnitude/comparison.md', read(ws, 'out-compare-per-magnitude/comparison.md'));
  });

  test('compare with a sub-experiment missing from the results: terminal text and comparison.md', async () => {
    expectGolden(
      'example/compare-missing/terminal.txt',
      await terminal(ws, [
        'compare',
        '--reference',
        'fixtures/example/results',
        '--results',
        'fixtures/example/results-regression/measurements_intraprocess_best_effort.csv',
        '--output-dir',
        'out-compare-missing',
      ]),
    );
    expectGolden('example/compare-missing/comparison.md', read(ws, 'out-compare-missing/comparison.md'));
  });

  test('compare with --missing fail: the missing sub-experiment fails the gate', async () => {
    expectGolden(
      'example/compare-missing-fail/terminal.txt',
      await terminal(ws, [
        'compare',
        '--reference',
        'fixtures/example/results',
        '--results',
        'fixtures/example/results-regression/measurements_intraprocess_best_effort.csv',
        '--missing',
        'fail',
        '--output-dir',
        'out-compare-missing-fail',
      ]),
    );
    expectGolden('example/compare-missing-fail/comparison.md', read(ws, 'out-compare-missing-fail/comparison.md'));
  });

  test('inspect: terminal text', async () => {
    expectGolden('example/inspect/terminal.txt', await terminal(ws, ['inspect', 'fixtures/example/results']));
  });

  test('the action (requirements and baseline): job summary, log and outputs', async () => {
    await expectActionGoldens(
      'example/action',
      EXAMPLE,
      {
        results: 'fixtures/example/results-regression',
        requirements,
        baseline: 'fixtures/example/results',
        threshold: '0.1',
      },
      1,
    );
  });

  // What a pull request shows in each outcome: the job summary and the comment body (comment.md,
  // written for a pull-request event; comment: never keeps it from being posted).
  describe.each([
    ['pass', { results: 'fixtures/example/results', requirements, charts: 'true', 'chart-png': 'false' }, 0],
    ['fail', { results: 'fixtures/example/results-regression', requirements, baseline: 'fixtures/example/results' }, 1],
    ['warn', { results: 'fixtures/example/results-regression', history: 'history', threshold: '0.1' }, 0],
    ['no-baseline', { results: 'fixtures/example/results', history: 'no-such-history' }, 0],
    // Before the first push recorded a history, results that match nothing are an error, never a pass.
    ['unread', { results: 'fixtures/example/no-such-results/**', history: 'no-such-history' }, 1],
    ['error', { results: 'fixtures/example/no-such-results', requirements }, 1],
  ] as const)('the action on a pull request, %s: job summary and comment', (name, inputs, status) => {
    test('as the goldens say', async () => {
      const ws = workspace(EXAMPLE);
      // A history of three runs that disagree (two unchanged, one regressed): the regression lands inside its wide
      // band.
      for (const [run, from] of [
        ['r1', 'results'],
        ['r2', 'results-regression'],
        ['r3', 'results'],
      ] as const)
        cpSync(join(ws, 'fixtures', 'example', from), join(ws, 'history', run), { recursive: true });
      const event = join(ws, 'event.json');
      writeFileSync(
        event,
        JSON.stringify({
          pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' }, base: { ref: 'main' } },
          repository: { default_branch: 'main' },
        }),
      );
      const env = {
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_REPOSITORY: 'octo/bench',
        GITHUB_RUN_ID: '99',
        GITHUB_SERVER_URL: 'https://github.com',
      };
      const run = await runActionInProcess(
        { charts: 'false', 'upload-report': 'false', comment: 'never', ...inputs },
        { workspace: ws, env, clock: GOLDEN_CLOCK },
      );
      expect(run.status).toBe(status);
      const placeholders = (text: string) => text.split(ws).join('<workspace>');
      expectGolden(`pull-request/${name}/summary.md`, placeholders(run.summary));
      const comment = join(ws, 'perfgate-report', 'comment.md');
      if (name === 'error' || name === 'unread') {
        // An errored run writes no report; the summary (and a posted comment) say it errored.
        expect(existsSync(comment)).toBe(false);
        expect(run.summary).toContain('perfgate errored: nothing was gated');
        return;
      }
      const body = readFileSync(comment, 'utf8');
      expectGolden(`pull-request/${name}/comment.md`, placeholders(body));
      // A passing comment holds no chart by default, though charts were drawn for the summary.
      if (name === 'pass') {
        expect(body).not.toContain('```mermaid');
        expect(run.summary).toContain('```mermaid');
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------
// A Go, a Criterion and a JMH pull request, as the action sees them: six pushes to main record a
// history (record-history), then a pull request whose candidate has some benchmarks ~30 % slower
// is compared with it. The runs are the real outputs of fixtures/formats with their times scaled
// (helpers/pullRequestSuites.ts). The comment must lead with what changed against main.

describe('goldens: a Go, a Criterion and a JMH pull request against a recorded history of main', () => {
  const drift = (run: number) => () => RUN_DRIFT[run]!;
  const cases: [string, string, (folder: string, slowdown: Slowdown) => unknown, Slowdown][] = [
    ['go', 'bench/bench.txt', writeGoRun, (_, parameter) => (parameter.endsWith('mode=copy') ? 1.3 : 1.003)],
    [
      'criterion',
      'bench/target/criterion/**/new/estimates.json',
      writeCriterionRun,
      (group, value) =>
        group === 'publish' && value !== '64' ? 1.3 : group === 'subscribe' && value === '64' ? 1.28 : 1.002,
    ],
    [
      'jmh',
      'bench/jmh.json',
      (folder, slowdown) => writeJmhRun(folder, jmhFixtureResults(), slowdown),
      (benchmark, parameter) =>
        benchmark === 'PublishBench.publish' && parameter === 'mode=copy,size=1024'
          ? 1.29
          : benchmark === 'QueueBench.offer'
            ? 1.31
            : 1.002,
    ],
  ];

  test.each(cases)('%s: the comment and job summary of the pull request', async (name, results, write, slowdown) => {
    const ws = tempDir(`perfgate-golden-${name}-`);
    for (let run = 0; run < 6; run++) {
      write(join(ws, 'bench'), drift(run));
      const env = pushEventEnv(100 + run, `2026-03-0${run + 1}T12:00:00Z`);
      const push = await runActionInProcess(
        { results, 'record-history': 'history', charts: 'false', 'upload-report': 'false', comment: 'never' },
        { workspace: ws, env, clock: GOLDEN_CLOCK },
      );
      expect(push.stderr).toBe('');
      expect(push.status).toBe(0);
    }
    write(join(ws, 'bench'), slowdown);
    const event = join(ws, 'event.json');
    writeFileSync(
      event,
      JSON.stringify({
        pull_request: { number: 12, head: { sha: 'feed5eed0123456789abcdef0123456789abcdef' }, base: { ref: 'main' } },
      }),
    );
    const env = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: 'octo/bench',
      GITHUB_RUN_ID: '200',
      GITHUB_SERVER_URL: 'https://github.com',
    };
    const pr = await runActionInProcess(
      { results, history: 'history', charts: 'false', 'upload-report': 'false', comment: 'never' },
      { workspace: ws, env, clock: GOLDEN_CLOCK },
    );
    expect(pr.stderr).toBe('');
    expect(pr.status).toBe(1);
    const placeholders = (text: string) => text.split(ws).join('<workspace>');
    const comment = placeholders(readFileSync(join(ws, 'perfgate-report', 'comment.md'), 'utf8'));
    expectGolden(`pull-request/${name}/comment.md`, comment);
    expectGolden(`pull-request/${name}/summary.md`, placeholders(pr.summary));
    // What a reviewer reads first: benchmarks counted per outcome, each changed metric named with its change, what
    // they were compared with, and the commit judged.
    expect(comment).toMatch(
      /^### (❌ the whole suite moved \+\d+ %; its recorded runs varied -[\d.]+ … \+[\d.]+ % · )?❌ \d+ slower \([^ ()]+ \+\d+(…\+\d+)? %(, [^ ()]+ [-+]\d+(…[-+]\d+)? %)*\) · \d+ unchanged · against main \(history of 6 runs\)\n\nJudged commit feed5eed0123456789abcdef0123456789abcdef against main /,
    );
  });

  // The same Go pull request, labelled perfgate-accept by octocat: the slower rows are accepted and the job passes.
  // The label's description is the team's text: a mention, markup and a link in it must stay plain text.
  test('go with the perfgate-accept label: the comment says which rows were accepted, by whom and why', async () => {
    const ws = tempDir('perfgate-golden-accepted-');
    for (let run = 0; run < 6; run++) {
      writeGoRun(join(ws, 'bench'), drift(run));
      const push = await runActionInProcess(
        {
          results: 'bench/bench.txt',
          'record-history': 'history',
          charts: 'false',
          'upload-report': 'false',
          comment: 'never',
        },
        { workspace: ws, env: pushEventEnv(100 + run, `2026-03-0${run + 1}T12:00:00Z`), clock: GOLDEN_CLOCK },
      );
      expect(push.status).toBe(0);
    }
    writeGoRun(join(ws, 'bench'), (_, parameter) => (parameter.endsWith('mode=copy') ? 1.3 : 1.003));
    const label = {
      name: 'perfgate-accept',
      description: 'Slower on purpose, see #12: <b>reviewed</b> by @octo/perf [here](https://x.example)',
    };
    const event = join(ws, 'event.json');
    writeFileSync(
      event,
      JSON.stringify({
        action: 'labeled',
        label,
        sender: { login: 'octocat' },
        pull_request: {
          number: 12,
          head: { sha: 'feed5eed0123456789abcdef0123456789abcdef' },
          base: { ref: 'main' },
          labels: [{ name: 'bug', description: 'not this one' }, label],
        },
      }),
    );
    const env = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: 'octo/bench',
      GITHUB_RUN_ID: '200',
      GITHUB_SERVER_URL: 'https://github.com',
    };
    const pr = await runActionInProcess(
      { results: 'bench/bench.txt', history: 'history', charts: 'false', 'upload-report': 'false', comment: 'never' },
      { workspace: ws, env, clock: GOLDEN_CLOCK },
    );
    expect(pr.stderr).toBe('');
    expect(pr.status).toBe(0);
    const placeholders = (text: string) => text.split(ws).join('<workspace>');
    const comment = placeholders(readFileSync(join(ws, 'perfgate-report', 'comment.md'), 'utf8'));
    expectGolden('pull-request/accepted/comment.md', comment);
    expectGolden('pull-request/accepted/summary.md', placeholders(pr.summary));
    expect(comment).toMatch(
      /^### ✅ 2 slower \(time\/op \+30 %\), accepted by the label perfgate-accept · 3 unchanged · against main \(history of 6 runs\)\n/,
    );
    expect(comment).toContain('added by @\u2060octocat');
    expect(pr.outputs['comparisons-failed']).toBe('0');
    expect(Number(pr.outputs['comparisons-accepted'])).toBeGreaterThan(0);
  });

  // Real go test runs of one unchanged build on a loaded runner (fixtures/ecosystems/go/unchanged-loaded): six pushes
  // record a history so noisy that no gated row catches a change of twice the threshold, and the pull request passes
  // with its rows inside the noise. The headline says no change was found and how large a change goes unseen at the
  // level the whole-suite budget judges a lone statistic (its quietest row, and past 10000 % on the noisiest), with a
  // link that resolves on any repository's pull request; the whole suite's geomean moved inside its own noise too.
  test('go on a loaded runner: a pass that cannot see a change says so', async () => {
    const ws = tempDir('perfgate-golden-unseen-');
    const runs = join(repoRoot, 'fixtures', 'ecosystems', 'go', 'unchanged-loaded');
    const bench = (run: number) => {
      mkdirSync(join(ws, 'bench'), { recursive: true });
      cpSync(join(runs, `run${String(run).padStart(2, '0')}.txt`), join(ws, 'bench', 'bench.txt'));
    };
    for (let run = 1; run <= 6; run++) {
      bench(run);
      const push = await runActionInProcess(
        { results: 'bench/bench.txt', 'record-history': 'history', charts: 'false', 'upload-report': 'false' },
        { workspace: ws, env: pushEventEnv(100 + run, `2026-03-0${run}T12:00:00Z`), clock: GOLDEN_CLOCK },
      );
      expect(push.status).toBe(0);
    }
    bench(7);
    const event = join(ws, 'event.json');
    writeFileSync(
      event,
      JSON.stringify({
        pull_request: { number: 12, head: { sha: 'feed5eed0123456789abcdef0123456789abcdef' }, base: { ref: 'main' } },
      }),
    );
    const env = {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event,
      GITHUB_REPOSITORY: 'octo/bench',
      GITHUB_RUN_ID: '200',
      GITHUB_SERVER_URL: 'https://github.com',
    };
    const pr = await runActionInProcess(
      { results: 'bench/bench.txt', history: 'history', charts: 'false', 'upload-report': 'false', comment: 'never' },
      { workspace: ws, env, clock: GOLDEN_CLOCK },
    );
    expect(pr.stderr).toBe('');
    expect(pr.status).toBe(0);
    const placeholders = (text: string) => text.split(ws).join('<workspace>');
    const comment = placeholders(readFileSync(join(ws, 'perfgate-report', 'comment.md'), 'utf8'));
    expectGolden('pull-request/unseen/comment.md', comment);
    expectGolden('pull-request/unseen/summary.md', placeholders(pr.summary));
    expect(comment).toMatch(
      /^### ⚠️ the whole suite moved \+27 %; its recorded runs varied -9\.6 … \+32 %, inside the noise · ⚠️ 3 slower \(time\/op \+12…\+32 %\) inside the noise · no change found in 1 · a change under 2809 % cannot be seen on this runner, nor on some of its rows even one of 10000 % \(see \[how to see it\]\(https:\/\/github\.com\/perfgate\/perfgate\/blob\/main\/README\.md#when-a-change-cannot-be-seen\)\) · against main \(history of 6 runs\)\n/,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// A set of other tools' outputs: Cyclone DDS ddsperf (latency, throughput, lost samples) and
// iceoryx iceperf (mean latency), checked against the general requirements form.

describe('goldens: ddsperf and iceperf outputs with general requirements (fixtures/formats)', () => {
  const SET = [
    'fixtures/formats/ddsperf',
    'fixtures/formats/iceperf/v2.95_leader.txt',
    'fixtures/formats/requirements/ddsperf-iceperf.csv',
  ];
  const results = ['fixtures/formats/ddsperf', 'fixtures/formats/iceperf/v2.95_leader.txt'];
  const requirements = 'fixtures/formats/requirements/ddsperf-iceperf.csv';
  let ws: string;
  beforeAll(() => {
    ws = workspace(SET);
  });

  test('check: terminal text and report.md', async () => {
    expectGolden(
      'ddsperf-iceperf/check/terminal.txt',
      await terminal(ws, [
        'check',
        '--results',
        ...results,
        '--requirements',
        requirements,
        '--output-dir',
        'out-check',
      ]),
    );
    expectGolden('ddsperf-iceperf/check/report.md', read(ws, 'out-check/report.md'));
  });

  test('inspect: terminal text', async () => {
    expectGolden('ddsperf-iceperf/inspect/terminal.txt', await terminal(ws, ['inspect', ...results]));
  });

  test('the action (requirements): job summary, log and outputs', async () => {
    await expectActionGoldens('ddsperf-iceperf/action', SET, { results: results.join('\n'), requirements }, 1);
  });
});

// ---------------------------------------------------------------------------------------------
// perfgate export: the bytes written for Bencher (BMF) and github-action-benchmark, from the Go
// benchmark output of fixtures/formats (three runs of each benchmark) and a Julia BenchmarkTools file.

describe('goldens: perfgate export (fixtures/formats)', () => {
  const SET = ['fixtures/formats/go-bench/publish_count3.txt', 'fixtures/formats/julia-benchmarktools/results.json'];
  let ws: string;
  beforeAll(() => {
    ws = workspace(SET);
  });

  test('--format bmf to standard output', async () => {
    expectGolden(
      'export/bmf/terminal.txt',
      await terminal(ws, ['export', '--format', 'bmf', 'fixtures/formats/go-bench/publish_count3.txt']),
    );
  });

  test('--format bmf of Julia trials to a file', async () => {
    expectGolden(
      'export/bmf-julia/terminal.txt',
      await terminal(ws, [
        'export',
        '--format',
        'bmf',
        '--output',
        'out/julia.json',
        'fixtures/formats/julia-benchmarktools/results.json',
      ]),
    );
    expectGolden('export/bmf-julia/julia.json', read(ws, 'out/julia.json'));
  });

  test('--format github-action-benchmark, one file per direction', async () => {
    for (const [direction, name] of [
      ['lower-is-better', 'smaller'],
      ['higher-is-better', 'bigger'],
    ] as const) {
      expectGolden(
        `export/github-action-benchmark/${name}-terminal.txt`,
        await terminal(ws, [
          'export',
          '--format',
          'github-action-benchmark',
          '--direction',
          direction,
          '--output',
          `out/${name}.json`,
          'fixtures/formats/go-bench/publish_count3.txt',
        ]),
      );
      expectGolden(`export/github-action-benchmark/${name}.json`, read(ws, `out/${name}.json`));
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The two-stage gate (confirm-command): a baseline compare flags BenchmarkC ×1.3 and BenchmarkE ×1.18, and the
// synthetic Go benchmark of fixtures/confirm reruns them in 8 A/B pairs (low noise, seeded: the same bytes each run).

describe.each([
  ['confirmed', { BenchmarkC: 1.3 }, 1],
  ['unconfirmed', {}, 0],
] as const)('the two-stage gate on a pull request, %s: job summary and comment', (name, slowdown, status) => {
  test('as the goldens say', async () => {
    const ws = tempDir('perfgate-golden-');
    const base = join(ws, 'base-build');
    mkdirSync(base);
    writeFileSync(join(ws, 'slowdown.json'), JSON.stringify(slowdown));
    const first = join(repoRoot, 'fixtures', 'confirm', 'first-stage');
    const script = join(repoRoot, 'fixtures', 'confirm', 'synthetic-bench.mjs');
    const event = join(ws, 'event.json');
    writeFileSync(
      event,
      JSON.stringify({ pull_request: { number: 7, head: { sha: 'c0ffee0123456789abcdef0123456789abcdef01' } } }),
    );
    const run = await runActionInProcess(
      {
        results: join(first, 'head.txt'),
        baseline: join(first, 'base.txt'),
        'upload-report': 'false',
        comment: 'never',
        'confirm-command': `SYNTH_NOISE=0.02 SYNTH_BENCH_NOISE=0.01 SYNTH_SEED=5 SYNTH_STATE=${join(ws, 'state')} node ${script} --filter {filter} --output {output}`,
        'confirm-base-dir': base,
        'confirm-max-pairs': '8',
      },
      {
        workspace: ws,
        clock: GOLDEN_CLOCK,
        env: {
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: event,
          GITHUB_REPOSITORY: 'octo/bench',
          GITHUB_RUN_ID: '99',
          GITHUB_SERVER_URL: 'https://github.com',
        },
      },
    );
    expect(run.status).toBe(status);
    // The minutes the confirmation took are measured on the real clock (the shell's): a placeholder, as the paths.
    const placeholders = (text: string) =>
      text
        .split(repoRoot)
        .join('<repo>')
        .split(ws)
        .join('<workspace>')
        .replace(/^\*\*Time:\*\* \d+(\.\d)? min\.$/gm, '**Time:** <minutes> min.');
    expectGolden(`pull-request/two-stage-${name}/summary.md`, placeholders(run.summary));
    const comment = readFileSync(join(ws, 'perfgate-report', 'comment.md'), 'utf8');
    expectGolden(`pull-request/two-stage-${name}/comment.md`, placeholders(comment));
  });
});

// ---------------------------------------------------------------------------------------------

test('no stale golden files: every file under __tests__/__golden__ belongs to a test above', async () => {
  const walk = (dir: string): string[] =>
    readdirSync(dir)
      .sort()
      .flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [relative(GOLDEN_DIR, join(dir, name))],
      );
  const files = existsSync(GOLDEN_DIR) ? walk(GOLDEN_DIR) : [];
  const stale = files.filter((f) => !seen.has(f));
  if (UPDATE) for (const f of stale) rmSync(join(GOLDEN_DIR, f));
  else expect(stale).toEqual([]);
  expect(seen.size).toBeGreaterThan(0);
});
