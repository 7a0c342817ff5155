/**
 * The regression verdicts end to end, on three formats: the CLI (`compare --paired`,
 * `compare --history` with repetitions) and the action as the runner runs it (dist/index.js with
 * `paired: true`). The synthetic runs carry ±30 % machine-state swings between pairs, the kind of
 * noise that makes a single-run threshold fail unchanged builds.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { environmentDifferences, environmentOfJson } from '../src/engine/model/environment.js';
import { basename, join } from 'node:path';
import { cli, describeShared, sharedDir, tempDir } from './helpers/shared.js';
import { makeTempDir, pushEventEnv, removeTempDirs } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { SYNTHETIC_FORMATS, writeSyntheticPairs, writeSyntheticRun } from './helpers/synthetic-runs.js';

afterAll(removeTempDirs);

interface Row {
  parameter: string;
  statistic: string;
  status: string;
  failed: boolean;
  gated: boolean;
  pooled?: boolean;
  repetitions?: number;
  historyRuns?: number;
  detectable?: number;
  interval?: { lower: number; upper: number };
}
interface ComparisonJson {
  verdict: string;
  method: string;
  subExperiments: { experimentType: string; comparisons: Row[] }[];
}

const comparison = (dir: string) => JSON.parse(readFileSync(join(dir, 'comparison.json'), 'utf8')) as ComparisonJson;
const rowsOf = (report: ComparisonJson) => report.subExperiments.flatMap((s) => s.comparisons);

describe.each(SYNTHETIC_FORMATS)('%s', (format) => {
  test('compare --paired: an unchanged build passes under ±30 % machine swings; 25 % slower fails on the geomean row', async () => {
    const same = writeSyntheticPairs(tempDir('perfgate-ab-same-'), format, 1);
    const out = tempDir('perfgate-ab-out-');
    const pass = await cli(['compare', '--paired', '--reference', same.base, '--results', same.head, '-o', out]);
    expect(pass.err).toBe('');
    expect(pass.code).toBe(0);
    expect(pass.out).toMatch(
      /^perfgate compare: PASS: 3 unchanged · against the baseline \(A\/B, 8 pairs\)\n.*; A\/B paired, 8 pairs; false alarms ≤ 1 % per gated statistic\n/,
    );
    const passed = comparison(out);
    expect(passed.method).toBe('paired');
    expect(rowsOf(passed).filter((r) => r.pooled && r.gated).length).toBeGreaterThan(0);
    expect(rowsOf(passed).every((r) => r.repetitions === 8)).toBe(true);

    // The threshold rule, one run against another of the same build (pair 1 against pair 2), fails it.
    const single = await cli([
      'compare',
      '--reference',
      join(same.base, 'r1'),
      '--results',
      join(same.head, 'r2'),
      '-o',
      tempDir(),
    ]);
    expect(single.code).toBe(1);

    const slower = writeSyntheticPairs(tempDir('perfgate-ab-slow-'), format, 1.25);
    const out2 = tempDir('perfgate-ab-out-');
    const fail = await cli(['compare', '--paired', '--reference', slower.base, '--results', slower.head, '-o', out2]);
    expect(fail.code).toBe(1);
    const failed = rowsOf(comparison(out2));
    const geomean = failed.filter((r) => r.pooled && r.gated);
    expect(geomean.length).toBeGreaterThan(0);
    for (const r of geomean) expect(r).toMatchObject({ status: 'fail', failed: true, parameter: 'geomean' });
    for (const r of geomean) expect(r.interval!.lower).toBeGreaterThan(0.1);
  });

  test('--reference/--results once per pair is the same comparison as two folders of run folders', async () => {
    const pairs = writeSyntheticPairs(tempDir('perfgate-ab-args-'), format, 1.25);
    const byFolder = tempDir('perfgate-ab-folder-');
    const byArgs = tempDir('perfgate-ab-args-out-');
    await cli(['compare', '--paired', '--reference', pairs.base, '--results', pairs.head, '-o', byFolder]);
    const args = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((i) => [
      '--reference',
      join(pairs.base, `r${i}`),
      '--results',
      join(pairs.head, `r${i}`),
    ]);
    const result = await cli(['compare', '--paired', ...args, '-o', byArgs]);
    expect(result.code).toBe(1);
    expect(rowsOf(comparison(byArgs))).toEqual(rowsOf(comparison(byFolder)));
  });

  test('compare --history --repetitions independent with --results once per run: the band for the mean of 3 runs', async () => {
    const history = join(tempDir('perfgate-history-reps-'), 'runs');
    [1.0, 1.1, 0.92, 1.05, 0.97, 1.02, 0.95, 1.08, 0.99, 1.03].forEach((state, i) =>
      writeSyntheticRun(join(history, `r${i + 1}`), format, state, 1, 50 + i),
    );
    const candidate = tempDir('perfgate-candidate-reps-');
    const reps = [0.98, 1.04, 1.01].map((state, i) => {
      const folder = join(candidate, `rep${i + 1}`);
      writeSyntheticRun(folder, format, state, 1.3, 90 + i);
      return folder;
    });
    const out = tempDir('perfgate-history-out-');
    const result = await cli([
      'compare',
      '--history',
      history,
      '--repetitions',
      'independent',
      ...reps.flatMap((r) => ['--results', r]),
      '-o',
      out,
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(
      /^perfgate compare: FAIL: 3 slower \([^()]+ \+(28…\+31|30…\+31|30) %(, [^()]+)?\) · against the history \(history of 10 runs\)\n.*; history of 10 runs, 3 repetitions; false alarms ≤ 0.5 % for the whole comparison\n/,
    );
    const rows = rowsOf(comparison(out));
    expect(rows.filter((r) => r.gated).every((r) => r.repetitions === 3 && r.historyRuns === 10)).toBe(true);
    expect(rows.find((r) => r.pooled && r.gated)).toMatchObject({ status: 'fail' });
    // One run of the same candidate is judged with the wider band: it can only catch larger changes.
    const one = tempDir('perfgate-history-one-');
    await cli(['compare', '--history', history, '--results', reps[0]!, '-o', one]);
    const single = rowsOf(comparison(one)).find((r) => r.pooled && r.gated)!;
    expect(single.detectable!).toBeGreaterThan(rows.find((r) => r.pooled && r.gated)!.detectable!);
    // Without `independent` the three runs may share one job's noise: against single-run records they count as one.
    const oneJob = tempDir('perfgate-history-one-job-');
    await cli(['compare', '--history', history, ...reps.flatMap((r) => ['--results', r]), '-o', oneJob]);
    const shared = rowsOf(comparison(oneJob)).find((r) => r.pooled && r.gated)!;
    expect(shared.detectable!).toBeCloseTo(single.detectable!, 9);
  });
});

describe('the action with paired: true (dist/index.js, as the runner runs it)', () => {
  test.each(SYNTHETIC_FORMATS.filter((f) => f !== 'fastdds-raw'))(
    '%s: an unchanged build passes, a 25 %% slower one fails',
    async (format) => {
      const root = makeTempDir('perfgate-action-ab-');
      const same = writeSyntheticPairs(join(root, 'same'), format, 1);
      expect(
        (await runActionInProcess({ baseline: same.base, results: same.head, paired: 'true', charts: 'false' }))
          .outputs['verdict'],
      ).toBe('pass');
      const slow = writeSyntheticPairs(join(root, 'slow'), format, 1.25);
      const fail = await runActionInProcess({
        baseline: slow.base,
        results: slow.head,
        paired: 'true',
        charts: 'false',
      });
      expect(fail.status).toBe(1);
      expect(fail.outputs['verdict']).toBe('fail');
    },
  );

  test('interleaved A/B folders: an unchanged build passes, a 25 % slower one fails and the summary names the method', async () => {
    const root = makeTempDir('perfgate-action-ab-');
    const same = writeSyntheticPairs(join(root, 'same'), 'fastdds-raw', 1);
    const pass = await runActionInProcess({ baseline: same.base, results: same.head, paired: 'true', charts: 'false' });
    expect(pass.stderr).toBe('');
    expect(pass.status).toBe(0);
    expect(pass.outputs['verdict']).toBe('pass');
    expect(pass.summary).toContain('### ✅ 3 unchanged · against the baseline (A/B, 8 pairs)');
    expect(pass.summary).toContain('A/B paired, 8 pairs; false alarms ≤ 1 % per gated statistic');

    const slow = writeSyntheticPairs(join(root, 'slow'), 'fastdds-raw', 1.25);
    const fail = await runActionInProcess({ baseline: slow.base, results: slow.head, paired: 'true', charts: 'false' });
    expect(fail.status).toBe(1);
    expect(fail.outputs['verdict']).toBe('fail');
    expect(fail.summary).toMatch(/^### ❌ 3 slower \([^()]+ \+25 %\) · against the baseline \(A\/B, 8 pairs\)\n/);
    expect(fail.summary).toMatch(
      /\n\| udp geomean \| Median \| [\d.]+ → [\d.]+ µs \| \+[\d.]+ % \(\+[\d.]+ … \+[\d.]+ %\) \| [\d.e-]+ \| 0\.0075 \| ❌ fail \|\n/,
    );
  });

  test('paired without a baseline folder, and a bad confidence, are input errors that name the input', async () => {
    const root = makeTempDir('perfgate-action-ab-bad-');
    const pairs = writeSyntheticPairs(root, 'hyperfine', 1);
    const noBaseline = await runActionInProcess({
      results: pairs.head,
      paired: 'true',
      requirements: join(root, 'missing.csv'),
    });
    expect(noBaseline.status).toBe(1);
    expect(noBaseline.summary).toContain('input "paired"');
    expect(noBaseline.stdout).toContain('input "paired"');
    const badConfidence = await runActionInProcess({
      baseline: pairs.base,
      results: pairs.head,
      paired: 'true',
      confidence: '1.5',
    });
    expect(badConfidence.status).toBe(1);
    expect(badConfidence.summary).toContain('input "confidence"');
    expect(badConfidence.stdout).toContain('input "confidence" must be a probability');
    // 0.5 once passed the input check and failed in the engine as an internal error (RangeError).
    const half = await runActionInProcess({
      baseline: pairs.base,
      results: pairs.head,
      paired: 'true',
      confidence: '0.5',
    });
    expect(half.status).toBe(1);
    expect(half.stdout).toContain(
      'input "confidence" must be a probability above 0.5 and below 1, such as 0.99; got "0.5"',
    );
    expect(half.stdout).not.toContain('internal error');
  });
});

describe('the action with trends (dist/index.js): change points on the default branch', () => {
  test('trends: fail fails the one push that shows a new +40 % step, names its commit range, and never a pull request', async () => {
    const root = makeTempDir('perfgate-trends-');
    const history = join(root, 'history');
    // ±2 % machine states; the build gets 40 % slower from the 9th push on.
    const states = [1.0, 1.02, 0.98, 1.01, 0.99, 1.0, 1.02, 0.99, 1.0, 1.01, 0.98, 1.0, 1.02, 0.99];
    const statuses: { status: number | null; summary: string }[] = [];
    for (const [i, state] of states.entries()) {
      const results = join(root, `push${i + 1}`);
      writeSyntheticRun(results, 'fastdds-raw', state, i >= 8 ? 1.4 : 1, 300 + i);
      const run = await runActionInProcess(
        { results, 'record-history': history, trends: 'fail', charts: 'false' },
        { env: pushEventEnv(500 + i, `2026-10-${String(i + 1).padStart(2, '0')}T12:00:00Z`, {}, 'b') },
      );
      statuses.push({ status: run.status, summary: run.summary });
    }
    const failing = statuses.map((s, i) => (s.status === 1 ? i + 1 : 0)).filter((i) => i > 0);
    // One push fails: the first with enough runs after the step to tell it from an outlier.
    expect(failing).toHaveLength(1);
    expect(failing[0]).toBeGreaterThanOrEqual(9);
    const failed = statuses[failing[0]! - 1]!;
    expect(failed.summary).toContain('bbbbbbb'); // the commit range names the pushes around the step
    expect(statuses.slice(0, 8).every((s) => s.status === 0)).toBe(true);

    // A pull request with trends: fail is judged on its comparison only.
    const pr = await runActionInProcess(
      { results: join(root, 'push14'), history, trends: 'fail', charts: 'false' },
      { env: { GITHUB_EVENT_NAME: 'pull_request' } },
    );
    expect(pr.stdout).toContain('trends: not on pull requests');
  });
});

describe('environment fingerprints', () => {
  test('fields both sides name are compared; kernel and image version are shown only; untrusted JSON is filtered', async () => {
    const a = {
      os: 'Linux',
      kernel: '6.8.0-1',
      cpu: 'AMD EPYC 7763',
      cores: 4,
      memoryGiB: 16,
      runnerImage: 'ubuntu24',
      runnerImageVersion: '20261117.1',
    };
    expect(environmentDifferences(a, { ...a, kernel: '6.8.0-2', runnerImageVersion: '20261124.1' })).toEqual([]);
    expect(environmentDifferences(a, { ...a, cpu: 'Intel Xeon Platinum 8370C', cores: 2 })).toEqual([
      'CPU: AMD EPYC 7763 vs Intel Xeon Platinum 8370C',
      'cores: 4 vs 2',
    ]);
    expect(environmentDifferences(a, { os: 'Linux' })).toEqual([]);
    expect(environmentDifferences(undefined, a)).toEqual([]);
    expect(environmentOfJson({ cpu: 'x', cores: '4', evil: 'y', memoryGiB: Infinity })).toEqual({ cpu: 'x' });
    expect(environmentOfJson('ubuntu')).toBeUndefined();
  });

  test('the action records its runner; a history from another runner image is not comparable and gates nothing', async () => {
    const root = makeTempDir('perfgate-fingerprint-');
    const history = join(root, 'history');
    for (let i = 0; i < 4; i++) {
      const results = join(root, `push${i + 1}`);
      writeSyntheticRun(results, 'hyperfine', [1, 1.02, 0.98, 1.01][i]!, 1, 700 + i);
      const push = pushEventEnv(
        800 + i,
        `2026-09-0${i + 1}T12:00:00Z`,
        { ImageOS: 'ubuntu22', ImageVersion: '20261101.1' },
        'c',
      );
      expect(
        (await runActionInProcess({ results, 'record-history': history, charts: 'false' }, { env: push })).status,
      ).toBe(0);
    }
    const record = JSON.parse(readFileSync(join(history, readdirSync(history).sort()[0]!), 'utf8'));
    expect(record.environment).toMatchObject({ runnerImage: 'ubuntu22', runnerImageVersion: '20261101.1' });
    expect(typeof record.environment.cores).toBe('number');

    // Twice as slow, but measured on another runner image: reported, not gated, and said why.
    const slow = join(root, 'slow');
    writeSyntheticRun(slow, 'hyperfine', 1, 2, 900);
    const pr = await runActionInProcess({ results: slow, history, charts: 'false' }, { env: { ImageOS: 'ubuntu24' } });
    expect(pr.status).toBe(0);
    expect(pr.summary).toContain(
      '### ➖ Not comparable with the history: every run was measured on another kind of machine, nothing gated (history of 4 runs, 3 benchmarks)',
    );
    expect(pr.summary).toContain('Not comparable\\: all 4 history runs were measured on another kind of machine');
    expect(pr.summary).toContain('runner image\\: ubuntu22 vs ubuntu24');
    expect(pr.summary).toContain('➖ not-comparable');
    // On the same image the same results fail.
    const same = await runActionInProcess(
      { results: slow, history, charts: 'false' },
      { env: { ImageOS: 'ubuntu22' } },
    );
    expect(same.status).toBe(1);
  });
});

describe('the action: repetitions of one job against single-run records (dist/index.js, as the runner runs it)', () => {
  test('pool counts three runs of one job as one run; independent narrows the band for the mean of three', async () => {
    const root = makeTempDir('perfgate-action-reps-');
    const history = join(root, 'history');
    [1.0, 1.1, 0.92, 1.05, 0.97, 1.02, 0.95, 1.08, 0.99, 1.03].forEach((state, i) =>
      writeSyntheticRun(join(history, `r${i + 1}`), 'hyperfine', state, 1, 50 + i),
    );
    [0.98, 1.04, 1.01].forEach((state, i) =>
      writeSyntheticRun(join(root, 'pr', `rep${i + 1}`), 'hyperfine', state, 1.3, 90 + i),
    );
    const geomean = async (mode: string) => {
      const out = join(root, `out-${mode}`);
      const run = await runActionInProcess({
        results: join(root, 'pr', '**'),
        repetitions: mode,
        history,
        // Each statistic at 0.5 % alone, as this test's ×1.3 was sized for (the whole-suite budget holds it: warn).
        'suite-budget': 'false',
        'output-dir': out,
        charts: 'false',
      });
      expect(run.status).toBe(1);
      const json = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8'));
      const rows = json.subExperiments.flatMap((e: { comparisons: Record<string, unknown>[] }) => e.comparisons);
      return rows.find((r: Record<string, unknown>) => r['pooled'] === true && r['gated'] === true) as {
        detectable: number;
        repetitions: number;
      };
    };
    const oneJob = await geomean('pool');
    const independent = await geomean('independent');
    expect(oneJob.repetitions).toBe(3);
    expect(independent.repetitions).toBe(3);
    // The band of one run against the band for the mean of three independent runs (its spread pooled): the smallest
    // change caught 9 times in 10 is larger for runs of one job.
    expect(oneJob.detectable).toBeGreaterThan(independent.detectable * 1.3);
  });
});

describeShared('ddsperf on a 2-core VM: a fast and a slow state (real runs in ../shared)', () => {
  test('a history that saw both states reports the slow-state rerun as a state change, and passes', async () => {
    const real = join(sharedDir, 'fixtures', 'real-runs');
    const history = join(tempDir('perfgate-states-'), 'runs');
    const run = (name: string, files: string[]) => {
      mkdirSync(join(history, name), { recursive: true });
      for (const f of files) copyFileSync(f, join(history, name, basename(f)));
    };
    const fast = [64, 4096].map((s) => join(real, 'ddsperf', `pingpong_size${s}_ping.txt`));
    const slow = (r: string) =>
      [64, 4096].map((s) => join(real, 'repeats', 'ddsperf', `pingpong_size${s}_${r}_ping.txt`));
    run('r1', fast);
    run('r2', fast);
    run('r3', slow('r03'));
    run('r4', slow('r04'));
    const out = tempDir('perfgate-states-out-');
    const result = await cli([
      'compare',
      '--history',
      history,
      ...slow('r05').flatMap((f) => ['--results', f]),
      '-o',
      out,
    ]);
    expect(result.code).toBe(0);
    const medians = rowsOf(comparison(out)).filter((r) => r.statistic === 'median');
    expect(medians.map((r) => r.status)).toEqual(['state-change', 'state-change', 'state-change']);
    expect(result.out).toContain('changed state');
  });
});
