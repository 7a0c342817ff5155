/**
 * The regression verdicts end to end, on three formats: the CLI (`compare --paired`,
 * `compare --history` with repetitions) and the action as the runner runs it (dist/index.js with
 * `paired: true`). The synthetic runs carry ±30 % machine-state swings between pairs, the kind of
 * noise that makes a single-run threshold fail unchanged builds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers/shared.js';
import { makeTempDir, removeTempDirs, runAction } from './helpers/runner-action.js';
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
    expect(pass.out).toMatch(/^perfgate compare \(A\/B paired, 8 pairs\): PASS/);
    const passed = comparison(out);
    expect(passed.method).toBe('paired');
    expect(rowsOf(passed).filter((r) => r.pooled && r.gated).length).toBeGreaterThan(0);
    expect(rowsOf(passed).every((r) => r.repetitions === 8)).toBe(true);

    // The threshold rule, one run against another of the same build (pair 1 against pair 2), fails it.
    const single = await cli(['compare', '--reference', join(same.base, 'r1'), '--results', join(same.head, 'r2'), '-o', tempDir()]);
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
    const args = [1, 2, 3, 4, 5, 6, 7, 8].flatMap((i) => ['--reference', join(pairs.base, `r${i}`), '--results', join(pairs.head, `r${i}`)]);
    const result = await cli(['compare', '--paired', ...args, '-o', byArgs]);
    expect(result.code).toBe(1);
    expect(rowsOf(comparison(byArgs))).toEqual(rowsOf(comparison(byFolder)));
  });

  test('compare --history with --results once per repetition: the band for the mean of 3 runs', async () => {
    const history = join(tempDir('perfgate-history-reps-'), 'runs');
    [1.0, 1.1, 0.92, 1.05, 0.97, 1.02, 0.95, 1.08, 0.99, 1.03].forEach((state, i) => writeSyntheticRun(join(history, `r${i + 1}`), format, state, 1, 50 + i));
    const candidate = tempDir('perfgate-candidate-reps-');
    const reps = [0.98, 1.04, 1.01].map((state, i) => {
      const folder = join(candidate, `rep${i + 1}`);
      writeSyntheticRun(folder, format, state, 1.3, 90 + i);
      return folder;
    });
    const out = tempDir('perfgate-history-out-');
    const result = await cli(['compare', '--history', history, ...reps.flatMap((r) => ['--results', r]), '-o', out]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/^perfgate compare \(history of 10 runs, 3 repetitions\): FAIL/);
    const rows = rowsOf(comparison(out));
    expect(rows.filter((r) => r.gated).every((r) => r.repetitions === 3 && r.historyRuns === 10)).toBe(true);
    expect(rows.find((r) => r.pooled && r.gated)).toMatchObject({ status: 'fail' });
    // One run of the same candidate is judged with the wider band: it can only catch larger changes.
    const one = tempDir('perfgate-history-one-');
    await cli(['compare', '--history', history, '--results', reps[0]!, '-o', one]);
    const single = rowsOf(comparison(one)).find((r) => r.pooled && r.gated)!;
    expect(single.detectable!).toBeGreaterThan(rows.find((r) => r.pooled && r.gated)!.detectable!);
  });
});

describe('the action with paired: true (dist/index.js, as the runner runs it)', () => {
  test('interleaved A/B folders: an unchanged build passes, a 25 % slower one fails and the summary names the method', () => {
    const root = makeTempDir('perfgate-action-ab-');
    const same = writeSyntheticPairs(join(root, 'same'), 'fastdds-raw', 1);
    const pass = runAction({ baseline: same.base, results: same.head, paired: 'true', charts: 'false' });
    expect(pass.stderr).toBe('');
    expect(pass.status).toBe(0);
    expect(pass.outputs['verdict']).toBe('pass');
    expect(pass.summary).toContain('perfgate comparison (A/B paired, 8 pairs)');

    const slow = writeSyntheticPairs(join(root, 'slow'), 'fastdds-raw', 1.25);
    const fail = runAction({ baseline: slow.base, results: slow.head, paired: 'true', charts: 'false' });
    expect(fail.status).toBe(1);
    expect(fail.outputs['verdict']).toBe('fail');
    expect(fail.summary).toContain('| udp | geomean | Median |');
  });

  test('paired without a baseline folder, and a bad confidence, are input errors that name the input', () => {
    const root = makeTempDir('perfgate-action-ab-bad-');
    const pairs = writeSyntheticPairs(root, 'hyperfine', 1);
    const noBaseline = runAction({ results: pairs.head, paired: 'true', requirements: join(root, 'missing.csv') });
    expect(noBaseline.status).toBe(1);
    expect(noBaseline.summary).toContain('input "paired"');
    expect(noBaseline.stdout).toContain('input "paired"');
    const badConfidence = runAction({ baseline: pairs.base, results: pairs.head, paired: 'true', confidence: '1.5' });
    expect(badConfidence.status).toBe(1);
    expect(badConfidence.summary).toContain('input "confidence"');
    expect(badConfidence.stdout).toContain('input "confidence" must be a probability');
  });
});
