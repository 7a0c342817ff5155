/**
 * Issue 45's Go case, one stage, on real `go test -bench -count 5` runs recorded on this machine
 * (fixtures/ecosystems/go-suite, PROVENANCE.md there): a 6-run history, and a pull request that is the next recorded
 * run with every ns/op ×1.3. Through the CLI (`compare --history`) and through the action's `run(ports)` (pushes
 * record the history, the pull request's Check goes to a loopback GitHub). The suite row's figures are worked out
 * here from the Go files themselves (each benchmark's median of its 5 repetitions, the geomean over the 7 benchmarks),
 * not read from perfgate.
 */
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, repoRoot, tempDir } from './helpers/shared.js';
import { makeTempDir, pushEventEnv, removeTempDirs } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { FakeChecksGitHub } from './helpers/github-checks-fake.js';
import { eventFile, pullRequestEvent } from './helpers/github-events.js';

const FIXTURES = join(repoRoot, 'fixtures', 'ecosystems', 'go-suite');
/** The quiet case: six consecutive recorded runs, and the run recorded next as the pull request's base. */
const QUIET = {
  history: ['w2', 'w3', 'w4', 'w5', 'w6', 'w7'].map((r) => `recorded/${r}.txt`),
  next: 'recorded/x1.txt',
};
/** The loaded case: six runs recorded under a moving load, and the next one. */
const LOADED = { history: ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'].map((r) => `loaded/${r}.txt`), next: 'loaded/q7.txt' };
const FACTOR = 1.3;

afterAll(removeTempDirs);

/** A Go run's ns/op per benchmark, in the order of its repetitions. */
function nsPerOp(text: string): Map<string, number[]> {
  const values = new Map<string, number[]>();
  for (const m of text.matchAll(/^(Benchmark\w+)(?:-\d+)?\s+\d+\s+([\d.]+) ns\/op/gm))
    values.set(m[1]!, [...(values.get(m[1]!) ?? []), Number(m[2])]);
  return values;
}

/** The run with every ns/op ×FACTOR, as Go prints it (whole nanoseconds here). */
function slower(text: string): string {
  return text.replace(
    /(\s)(\d+(?:\.\d+)?)( ns\/op)/g,
    (_, space, v, unit) => `${space}${Math.round(v * FACTOR)}${unit}`,
  );
}

const geomean = (xs: readonly number[]) => Math.exp(xs.reduce((a, x) => a + Math.log(x), 0) / xs.length);
const median5 = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[2]!;

/** The suite row's figures from the files: the history's spread of the suite geomean, and the candidate's change. */
function expectedSuite(history: string[], candidate: string) {
  const runs = history.map((text) => geomean([...nsPerOp(text).values()].map(median5)));
  const centre = geomean(runs);
  const deviations = runs.map((g) => g / centre - 1);
  // One run of the candidate: its level is, as each history run's, the geomean of the benchmarks' medians.
  const result = geomean([...nsPerOp(candidate).values()].map(median5));
  return {
    change: result / centre - 1,
    lower: Math.min(...deviations),
    upper: Math.max(...deviations),
  };
}

/** A change in % as the headline writes it: whole percents from 10 %, two significant digits below. */
function headlinePercent(x: number): string {
  const size = Math.abs(x * 100);
  return `${x < 0 ? '-' : '+'}${size >= 10 ? Math.round(size) : Number(size.toPrecision(2))}`;
}

function files(kind: typeof QUIET) {
  const read = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
  return { history: kind.history.map(read), candidate: slower(read(kind.next)) };
}

/** A history folder of one sub-folder per run, and the pull request's folder. */
function cliFolders(kind: typeof QUIET): { history: string; results: string } {
  const root = tempDir('perfgate-go-suite-');
  const { history, candidate } = files(kind);
  history.forEach((text, i) => {
    mkdirSync(join(root, 'history', `run${i + 1}`), { recursive: true });
    writeFileSync(join(root, 'history', `run${i + 1}`, 'bench.txt'), text);
  });
  mkdirSync(join(root, 'pr'));
  writeFileSync(join(root, 'pr', 'bench.txt'), candidate);
  return { history: join(root, 'history'), results: join(root, 'pr') };
}

interface JsonRow {
  experimentType: string;
  status: string;
  failed: boolean;
  gated: boolean;
  deltaPercent: number;
  noiseBand?: { lower: number; upper: number };
}

/** comparison.json's rows, each with its sub-experiment's name. */
function jsonRows(json: { subExperiments: { experimentType: string; comparisons: JsonRow[] }[] }): JsonRow[] {
  return json.subExperiments.flatMap((s) => s.comparisons.map((r) => ({ ...r, experimentType: s.experimentType })));
}

/**
 * The headline's groups of benchmarks that passed over the threshold are true of comparison.json's rows: those it says
 * are inside the noise, or held back by the gate's confidence (their interval above the threshold), have their change
 * inside their band; those it says are beyond the noise are outside it.
 */
function insideTheNoiseIsTrue(headline: string, rows: readonly JsonRow[]): void {
  const warned = rows.filter((r) => r.gated && r.status === 'warn' && r.experimentType !== 'whole suite');
  const inside = warned.filter((r) => r.noiseBand !== undefined && r.deltaPercent / 100 <= r.noiseBand.upper);
  const outside = warned.filter((r) => r.noiseBand !== undefined && r.deltaPercent / 100 > r.noiseBand.upper);
  const count = (words: string) => Number(new RegExp(`(\\d+) slower \\([^)]*\\) ${words}`).exec(headline)?.[1] ?? 0);
  expect(
    count('inside the noise') +
      count('inside their own noise') +
      count("over the threshold \\(90 % interval\\), held back by the gate's confidence"),
  ).toBe(inside.length);
  expect(count("beyond the noise, held back by the whole suite's false-alarm budget")).toBe(outside.length);
}

describe('the Go case, one stage: a suite that moved ×1.3 (issue 45)', () => {
  test('CLI, quiet history: fails; the headline says the whole suite moved, with the recorded spread', async () => {
    const { history, results } = cliFolders(QUIET);
    const out = tempDir('perfgate-go-suite-out-');
    const run = await cli(['compare', '--history', history, '--results', results, '-o', out]);
    expect(run.err).toBe('');
    expect(run.code).toBe(1);
    const f = files(QUIET);
    const want = expectedSuite(f.history, f.candidate);
    // The figures as worked out from the files: +29 %, −4.5 … +10 %.
    expect(headlinePercent(want.change)).toBe('+29');
    const headline = run.out.split('\n')[0]!;
    expect(headline).toContain(
      `the whole suite moved ${headlinePercent(want.change)} %; its recorded runs varied ${headlinePercent(want.lower)} … ${headlinePercent(want.upper)} %`,
    );
    const json = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8'));
    const rows = jsonRows(json);
    insideTheNoiseIsTrue(headline, rows);
    // The whole suite moved beyond its recorded spread: rows inside their bands are inside their own noise only.
    expect(run.out).not.toContain('inside the noise');
    expect(headline).toMatch(/\d slower \([^)]*\) inside their own noise/);
    // Each benchmark whose ×1.3 left its band fails or is said to be held back; none of them is "inside the noise".
    const suite = rows.find((r) => r.experimentType === 'whole suite' && r.gated)!;
    expect(suite.deltaPercent / 100).toBeCloseTo(want.change, 3);
    // What tells a slower runner from a slower build.
    expect(run.out).toMatch(/the confirmation stage .* or a rerun of the base on this runner tells them apart/);
  });

  test('CLI, loaded history: passes, and says what held the suite back, never "inside the noise" of it', async () => {
    const { history, results } = cliFolders(LOADED);
    const out = tempDir('perfgate-go-suite-out-');
    const run = await cli(['compare', '--history', history, '--results', results, '-o', out]);
    expect(run.code).toBe(0);
    const f = files(LOADED);
    const want = expectedSuite(f.history, f.candidate);
    const headline = run.out.split('\n')[0]!;
    expect(headline).toContain(
      `the whole suite moved ${headlinePercent(want.change)} %; its recorded runs varied ${headlinePercent(want.lower)} … ${headlinePercent(want.upper)} %, beyond the noise, held back by the whole suite's false-alarm budget`,
    );
    const json = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8'));
    insideTheNoiseIsTrue(headline, jsonRows(json));
  });
});

describe('the Go case through the action: pushes record the history, the pull request fails its Check', () => {
  let fake: FakeChecksGitHub | undefined;
  afterEach(async () => {
    await fake?.stop();
    fake = undefined;
  });

  test('quiet history: exit 1, the Check completed as failure, the comment says the whole suite moved', async () => {
    const ws = makeTempDir('perfgate-go-suite-action-');
    const { history, candidate } = files(QUIET);
    const bench = (text: string) => {
      mkdirSync(join(ws, 'bench'), { recursive: true });
      writeFileSync(join(ws, 'bench', 'bench.txt'), text);
    };
    for (const [i, text] of history.entries()) {
      bench(text);
      const push = await runActionInProcess(
        { results: 'bench/bench.txt', 'record-history': 'history', charts: 'false', 'upload-report': 'false' },
        { workspace: ws, env: pushEventEnv(100 + i, `2026-12-0${i + 1}T12:00:00Z`) },
      );
      expect(push.status).toBe(0);
    }
    bench(candidate);
    fake = await new FakeChecksGitHub({ owner: 'octo', repo: 'bench' }).start();
    const headSha = 'c0ffee00'.repeat(5);
    const pr = await runActionInProcess(
      {
        results: 'bench/bench.txt',
        history: 'history',
        'github-token': 'ghs_goSuiteSECRET0123456789abcdefghijkl',
        comment: 'never',
        charts: 'false',
        'upload-report': 'false',
      },
      {
        workspace: ws,
        env: {
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_EVENT_PATH: eventFile(pullRequestEvent({ owner: 'octo', repo: 'bench', number: 45, headSha })),
          GITHUB_REPOSITORY: 'octo/bench',
          GITHUB_SHA: 'abcdef12'.repeat(5),
          GITHUB_API_URL: fake.apiUrl,
          GITHUB_SERVER_URL: 'https://github.example',
          GITHUB_RUN_ID: '4545',
          GITHUB_WORKFLOW: 'bench',
          GITHUB_JOB: 'gate',
          PERFGATE_RETRY_BASE_MS: '1',
        },
      },
    );
    expect(pr.status).toBe(1);
    expect(fake.problems).toEqual([]);
    expect(fake.runs).toHaveLength(1);
    expect(fake.runs[0]!.head_sha).toBe(headSha);
    expect(fake.runs[0]!.conclusion).toBe('failure');
    const want = expectedSuite(history, candidate);
    const comment = readFileSync(join(ws, 'perfgate-report', 'comment.md'), 'utf8');
    const suiteWords = `the whole suite moved ${headlinePercent(want.change)} %; its recorded runs varied ${headlinePercent(want.lower)} … ${headlinePercent(want.upper)} %`;
    expect(comment.split('\n')[0]).toContain(suiteWords);
    expect(comment).not.toContain('inside the noise');
    expect(fake.runs[0]!.output?.summary).toContain(suiteWords);
  });
});

// The fixture's runs are kept as recorded: the copies above are the files themselves.
test('the fixture holds every recorded run', () => {
  for (const name of [...QUIET.history, QUIET.next, ...LOADED.history, LOADED.next])
    expect(Object.keys(Object.fromEntries(nsPerOp(readFileSync(join(FIXTURES, name), 'utf8'))))).toHaveLength(7);
  cpSync(join(FIXTURES, 'recorded'), join(tempDir('perfgate-go-suite-copy-'), 'recorded'), { recursive: true });
});

test('compare --help states the default: one budget, Catches ≥ at the lone level, the suite row', async () => {
  const help = (await cli(['compare', '--help'])).out.replace(/\s+/g, ' ');
  expect(help).toContain('Catches ≥ is given at the level a statistic regressed alone is judged at (α/F)');
  expect(help).toContain("the whole suite's geomean is one family more (the suite row)");
});
