import { copyFileSync, cpSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { cli, describeShared, read, repoRoot, sharedDir, tempDir } from './helpers/shared.js';

// Leave-one-out on real reruns of one unchanged build: each run is the candidate of a history
// comparison (the defaults: confidence 0.995, threshold 10 %) against a history of the other runs,
// through the CLI as a user runs it. Every candidate is unchanged, so every failure is a false
// alarm. The default gate (one metric per benchmark) is set against `--gate all-metrics`, the
// default before: the primary statistic of every metric, derived and secondary ones included.

interface Run {
  name: string;
  /** The run's result files, and the name each is copied to in its run folder. */
  files: { from: string; as: string }[];
  /** A folder copied whole as the run folder (Criterion's tree). */
  tree?: string;
}

interface Candidate {
  run: string;
  code: number;
  /** Failing rows: `experiment parameter metric statistic`. */
  failing: string[];
}

/** Writes each run into its own folder below `root`. */
function runFolder(root: string, run: Run): string {
  const folder = join(root, run.name);
  mkdirSync(folder, { recursive: true });
  if (run.tree) cpSync(run.tree, folder, { recursive: true });
  for (const f of run.files) copyFileSync(f.from, join(folder, f.as));
  return folder;
}

async function leaveOneOut(runs: readonly Run[], gate?: string, extra: readonly string[] = []): Promise<Candidate[]> {
  const out: Candidate[] = [];
  for (const candidate of runs) {
    const root = tempDir('perfgate-loo-');
    const history = join(root, 'history');
    for (const run of runs) if (run !== candidate) runFolder(history, run);
    const results = runFolder(join(root, 'candidate'), candidate);
    const output = join(root, 'out');
    const run = await cli([
      'compare',
      '--history',
      history,
      '--results',
      results,
      ...(gate ? ['--gate', gate] : []),
      ...extra,
      '-o',
      output,
    ]);
    // A history without a recorded machine is warned about; anything else is an error.
    expect(run.err).not.toMatch(/error/);
    const report = JSON.parse(read(join(output, 'comparison.json'))) as {
      subExperiments: {
        experimentType: string;
        comparisons: { parameter: string; metric: string; statistic: string; failed: boolean }[];
      }[];
    };
    out.push({
      run: candidate.name,
      code: run.code,
      failing: report.subExperiments.flatMap((s) =>
        s.comparisons
          .filter((c) => c.failed)
          .map((c) => `${s.experimentType} ${c.parameter} ${c.metric} ${c.statistic}`),
      ),
    });
  }
  return out;
}

const failedRuns = (candidates: readonly Candidate[]) => candidates.filter((c) => c.code !== 0).map((c) => c.run);
const failingMetrics = (candidates: readonly Candidate[]) =>
  [...new Set(candidates.flatMap((c) => c.failing.map((row) => row.split(' ').slice(-2).join(' '))))].sort();

/** The gated families (experiment × metric × statistic) of `files` compared with themselves, and their metrics. */
async function gatedFamilies(
  files: readonly string[],
  gate?: string,
): Promise<{ families: number; metrics: string[] }> {
  const output = tempDir('perfgate-families-');
  const given = files.flatMap((f) => ['--reference', f]).concat(files.flatMap((f) => ['--results', f]));
  const run = await cli(['compare', ...given, ...(gate ? ['--gate', gate] : []), '-o', output]);
  expect(run.code).toBe(0);
  const report = JSON.parse(read(join(output, 'comparison.json'))) as {
    subExperiments: { experimentType: string; comparisons: { metric: string; statistic: string; gated: boolean }[] }[];
  };
  const gated = report.subExperiments.flatMap((s) =>
    s.comparisons.filter((c) => c.gated).map((c) => ({ family: `${s.experimentType} ${c.metric} ${c.statistic}`, c })),
  );
  return {
    families: new Set(gated.map((g) => g.family)).size,
    metrics: [...new Set(gated.map((g) => g.c.metric))].sort(),
  };
}

const PYTEST = join(repoRoot, 'fixtures', 'derive', 'pytest-benchmark-runs');
const pytestRuns: Run[] = readdirSync(PYTEST)
  .sort()
  .map((name) => ({ name, files: [{ from: join(PYTEST, name, 'codec.json'), as: 'codec.json' }] }));

const GO = join(repoRoot, 'fixtures', 'formats', 'go-bench', 'runs');
const goRuns: Run[] = readdirSync(GO)
  .sort()
  .map((name) => ({ name, files: [{ from: join(GO, name, 'bench.txt'), as: 'bench.txt' }] }));

describe('leave-one-out on real reruns: pytest-benchmark, 8 runs of one build (fixtures/derive)', () => {
  test('gating every metric (each family alone) failed 2 of 8, both on ops (1/mean); the default gate fails none', async () => {
    // The gate before: every metric's primary statistic, each family at its own 0.5 % (no suite budget).
    const before = await leaveOneOut(pytestRuns, 'all-metrics', ['--no-suite-budget']);
    // r1: ops of decode json 1024 and the decode geomean; r4: ops of encode json 64. Each run's time
    // median passed: ops is 1/mean, and a run with one stalled round has a mean many times its median.
    expect(failedRuns(before)).toEqual(['r1', 'r4']);
    expect(failingMetrics(before)).toEqual(['ops value']);
    // One metric per benchmark is enough on its own, without the suite budget; the default has both.
    expect(failedRuns(await leaveOneOut(pytestRuns, undefined, ['--no-suite-budget']))).toEqual([]);
    const after = await leaveOneOut(pytestRuns);
    expect(failedRuns(after)).toEqual([]);
  }, 180_000);
});

describe('leave-one-out on real reruns: Go, 8 runs of one build (fixtures/formats/go-bench/runs)', () => {
  test('no run fails either gate; the default gates time/op only, 4 metrics fewer', async () => {
    expect(failedRuns(await leaveOneOut(goRuns, 'all-metrics'))).toEqual([]);
    expect(failedRuns(await leaveOneOut(goRuns))).toEqual([]);
    const files = [join(GO, goRuns[0]!.name, 'bench.txt')];
    expect((await gatedFamilies(files)).metrics).toEqual(['time/op']);
    expect((await gatedFamilies(files, 'all-metrics')).metrics).toEqual([
      'B/op',
      'MB/s',
      'allocs/op',
      'auxMetricUnits',
      'frames/op',
      'time/op',
    ]);
  }, 120_000);
});

describe('leave-one-out on real reruns: Criterion, 4 runs of one build (fixtures/formats/criterion/real-0.3.6)', () => {
  const real = join(repoRoot, 'fixtures', 'formats', 'criterion', 'real-0.3.6');
  const runs: Run[] = [
    ...readdirSync(join(real, 'runs'))
      .sort()
      .map((name) => ({ name, files: [], tree: join(real, 'runs', name) })),
    { name: 'fourth', files: [], tree: join(real, 'target', 'criterion') },
  ];

  test('gated on the slope (what cargo bench prints) as on the median before, no run fails', async () => {
    expect(failedRuns(await leaveOneOut(runs, 'median'))).toEqual([]);
    expect(failedRuns(await leaveOneOut(runs))).toEqual([]);
    const output = tempDir('perfgate-slope-');
    const tree = runs.at(-1)!.tree!;
    expect((await cli(['compare', '--reference', tree, '--results', tree, '-o', output])).code).toBe(0);
    const report = JSON.parse(read(join(output, 'comparison.json'))) as {
      subExperiments: { comparisons: { statistic: string; gated: boolean }[] }[];
    };
    const gated = report.subExperiments.flatMap((e) => e.comparisons.filter((c) => c.gated).map((c) => c.statistic));
    expect([...new Set(gated)]).toEqual(['slope']);
  }, 120_000);
});

describe('the JMH fixtures: one family per benchmark, not one per GC-profiler metric', () => {
  test('the default gate judges the score of each of the 4 benchmarks: 4 gated families, not 9', async () => {
    const jmh = join(repoRoot, 'fixtures', 'formats', 'jmh');
    const files = [join(jmh, 'publish_avgt_gc.json'), join(jmh, 'queue_modes.json')];
    // The metric of a score is named by its mode (avgt, thrpt, sample, ss); the rest are secondaryMetrics.
    expect(await gatedFamilies(files, 'all-metrics')).toEqual({
      families: 9,
      metrics: ['avgt', 'gc.alloc.rate', 'gc.alloc.rate.norm', 'gc.count', 'gc.time', 'sample', 'ss', 'thrpt'],
    });
    expect(await gatedFamilies(files)).toEqual({ families: 4, metrics: ['avgt', 'sample', 'ss', 'thrpt'] });
  });
});

describeShared('leave-one-out on real reruns: Fast-DDS latency (../shared real-runs)', () => {
  const real = join(sharedDir, 'fixtures', 'real-runs');
  const series = (tag: string, files: string[]): Run[] =>
    files.map((from, i) => ({ name: `run${i + 1}`, files: [{ from, as: `${tag}_raw_data.csv` }] }));
  const udp = series('udp_reliable', [
    join(real, 'fastdds', 'udp_reliable_raw_data.csv'),
    join(real, 'fastdds', 'udp_reliable_run2_raw_data.csv'),
    ...['r03', 'r04', 'r05', 'r06'].map((r) => join(real, 'repeats', 'fastdds', `udp_reliable_${r}_raw_data.csv`)),
  ]);
  const shm = series('shm_reliable', [
    join(real, 'fastdds', 'shm_reliable_raw_data.csv'),
    ...['r02', 'r03', 'r04', 'r05'].map((r) => join(real, 'repeats', 'fastdds', `shm_reliable_${r}_raw_data.csv`)),
  ]);

  test('no metric is marked, so both gates are one: no run of 6 UDP and 5 SHM runs fails', async () => {
    for (const runs of [udp, shm]) {
      expect(failedRuns(await leaveOneOut(runs, 'all-metrics'))).toEqual([]);
      expect(failedRuns(await leaveOneOut(runs))).toEqual([]);
    }
  }, 300_000);
});
