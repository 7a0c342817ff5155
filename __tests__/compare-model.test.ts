import { copyFileSync, mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import {
  compareExperiment,
  compareExperimentWithHistory,
  deltaPercent,
  thresholdStatus,
  type ExperimentSide,
} from '../src/engine/compare/compare.js';
import { noiseVerdict as engineNoiseVerdict, type NoiseOptions } from '../src/engine/compare/noise.js';
import {
  deriveMetricLimits,
  formatLimit,
  renderMetricRequirementsCsv,
  type MeasurementRun,
} from '../src/engine/derive/deriveMetricRequirements.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Direction, Measurement } from '../src/engine/model/measurement.js';
import { experimentTypeOfRawFile, experimentTypeOfSummaryFile } from '../src/engine/model/experimentType.js';
import { naturalCompare } from '../src/pipeline/historyRuns.js';
import { cli, describeShared, read, repoRoot, sharedDir, tempDir } from './helpers/shared.js';

/**
 * noiseVerdict at the confidence these tests were written at (noise.ts's default before settings.ts held the one
 * table).
 */
const noiseVerdict = (
  history: readonly number[],
  candidate: number,
  threshold: number,
  options: Partial<NoiseOptions> = {},
) => engineNoiseVerdict(history, candidate, threshold, { confidence: 0.999, ...options });

// Comparisons on the common model: keyed by experiment × parameter × metric × statistic, and
// direction-aware (a throughput drop is the regression; Δ is positive when worse).

function measurement(
  metric: string,
  direction: Direction,
  parameter: string,
  statistics: Measurement['statistics'],
): Measurement {
  const unit = metric === 'throughput' ? 'Mb/s' : 'us';
  return {
    experiment: 'sub',
    parameter: { label: parameter },
    metric: {
      name: metric,
      dimension: metric === 'throughput' ? 'bitrate' : 'time',
      unit,
      displayUnit: unit,
      direction,
    },
    statistics,
    place: { file: 'x.txt' },
  };
}
const side = (...measurements: Measurement[]): ExperimentSide => ({ measurements });
const thresholds = parseThresholds('0.1');

describe('direction-aware comparison', () => {
  test('a throughput drop beyond the threshold fails with a positive Δ; a rise is an improvement', () => {
    const ref = side(measurement('throughput', 'higher-is-better', '1024', { value: 800 }));
    const drop = compareExperiment(
      'sub',
      ref,
      side(measurement('throughput', 'higher-is-better', '1024', { value: 640 })),
      thresholds,
    );
    expect(drop.rows).toHaveLength(1);
    expect(drop.rows[0]).toMatchObject({
      parameter: '1024',
      metric: 'throughput',
      statistic: 'value',
      magnitude: 'Value',
      unit: 'Mb/s',
      reference: 800,
      result: 640,
      deltaPercent: 20,
      status: 'fail',
      failed: true,
    });
    expect(drop.status).toBe('failed');
    const rise = compareExperiment(
      'sub',
      ref,
      side(measurement('throughput', 'higher-is-better', '1024', { value: 1000 })),
      thresholds,
    );
    expect(rise.rows[0]).toMatchObject({ deltaPercent: -25, status: 'improved', failed: false });
    // Within the threshold either way passes; the bound itself passes.
    expect(thresholdStatus(800, 720, 0.1, 'higher-is-better')).toBe('pass');
    expect(thresholdStatus(800, 719, 0.1, 'higher-is-better')).toBe('fail');
    expect(thresholdStatus(10, 11, 0.1)).toBe('pass');
    expect(deltaPercent(800, 640, 'higher-is-better')).toBe(20);
    expect(deltaPercent(10, 12)).toBeCloseTo(20, 12);
  });

  test('keys are parameter × metric × statistic: Min, the primary statistic, Max, 99% — those the measurement has', () => {
    const latency = (median: number) =>
      measurement('latency', 'lower-is-better', '64', { min: 5, median, max: 50, p99: 20, mean: 9, p90: 15 });
    const rate = (value: number) => measurement('message rate', 'higher-is-better', '64', { value });
    const c = compareExperiment('sub', side(latency(10), rate(1000)), side(latency(12), rate(1000)), thresholds);
    expect(c.rows.map((r) => [r.metric, r.magnitude, r.status])).toEqual([
      ['latency', 'Min', 'pass'],
      ['latency', 'Median', 'fail'],
      ['latency', 'Max', 'pass'],
      ['latency', '99%', 'pass'],
      ['message rate', 'Value', 'pass'],
    ]);
  });

  test('a parameter only in the reference is missing (fails); one only in the results is new', () => {
    const c = compareExperiment(
      'sub',
      side(measurement('throughput', 'higher-is-better', 'a', { value: 1 })),
      side(measurement('throughput', 'higher-is-better', 'b', { value: 1 })),
      thresholds,
    );
    expect(c.rows.map((r) => [r.parameter, r.status, r.failed])).toEqual([
      ['a', 'missing', true],
      ['b', 'new', false],
    ]);
  });

  test('the noise band mirrors for a higher-is-better metric: a drop outside it fails, the same rise improves', () => {
    const history = [800, 810, 790, 805, 795];
    const down = noiseVerdict(history, 600, 0.1, { direction: 'higher-is-better' });
    expect(down.status).toBe('fail');
    expect(down.effect).toBeCloseTo(1 - 600 / down.reference, 12);
    expect(down.band.upper).toBeGreaterThan(0);
    expect(down.band.lower).toBeLessThan(0);
    const up = noiseVerdict(history, 1000, 0.1, { direction: 'higher-is-better' });
    expect(up.status).toBe('improved');
    // The same numbers as latencies swap the verdicts.
    expect(noiseVerdict(history, 600, 0.1).status).toBe('improved');
    expect(noiseVerdict(history, 1000, 0.1).status).toBe('fail');
    // The band is symmetric in ratio terms: the mirrored band's edges are the negated, swapped ones.
    const lat = noiseVerdict(history, 800, 0.1);
    const thr = noiseVerdict(history, 800, 0.1, { direction: 'higher-is-better' });
    expect(thr.band.lower).toBeCloseTo(1 - (1 + lat.band.upper), 12);
    expect(thr.band.upper).toBeCloseTo(1 - (1 + lat.band.lower), 12);
  });

  test('with a history, each row is judged on its own statistic over the runs', () => {
    const run = (value: number) => side(measurement('throughput', 'higher-is-better', '1024', { value }));
    const c = compareExperimentWithHistory('sub', [run(800), run(805), undefined, run(795)], run(600), thresholds);
    expect(c.rows[0]).toMatchObject({ status: 'fail', evidence: { historyRuns: 3 } });
    expect(c.rows[0]!.deltaPercent).toBeGreaterThan(10);
  });
});

describe('names line up across runs', () => {
  test('Fast-DDS exports named <tag>_raw_data.csv: the tag, without a repetition index', () => {
    expect(experimentTypeOfRawFile('x/udp_reliable_raw_data.csv')).toBe('udp_reliable');
    expect(experimentTypeOfRawFile('x/shm_reliable_raw_data.csv')).toBe('shm_reliable');
    expect(experimentTypeOfRawFile('x/udp_reliable_r07_raw_data.csv')).toBe('udp_reliable');
    expect(experimentTypeOfRawFile('x/udp_reliable_run2_raw_data.csv')).toBe('udp_reliable');
    expect(experimentTypeOfSummaryFile('x/udp_reliable_r08_raw_data_summary.csv')).toBe('udp_reliable');
    // The reference rule for measurements_<type> names is unchanged.
    expect(experimentTypeOfRawFile('measurements_interprocess_best_effort.csv')).toBe('interprocess_best_effort');
    expect(experimentTypeOfSummaryFile('measurements_interprocess_best_effort_summary.csv')).toBe(
      'interprocess_best_effort',
    );
  });

  test('run folders sort naturally: r2 before r10, timestamps as they read', () => {
    expect(['r10', 'r2', 'r1', 'run-3'].sort(naturalCompare)).toEqual(['r1', 'r2', 'r10', 'run-3']);
    expect(['2026-01-10_12-00-00', '2026-01-02_12-00-00'].sort(naturalCompare)).toEqual([
      '2026-01-02_12-00-00',
      '2026-01-10_12-00-00',
    ]);
    expect(['a07', 'a7', 'a007'].sort(naturalCompare)).toEqual(['a7', 'a07', 'a007']);
  });

  test('a comparison that pairs nothing says so, naming both sides', async () => {
    const dir = tempDir('perfgate-unpaired-');
    const formats = join(repoRoot, 'fixtures', 'formats');
    const result = await cli([
      'compare',
      '--reference',
      join(formats, 'iceperf', 'v2.95_leader.txt'),
      '--results',
      join(formats, 'redis', 'redis7.csv'),
      '-o',
      dir,
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toContain(
      '  warning: Nothing was paired: no experiment of the results is in the reference. Reference: MESSAGE QUEUE, ICEORYX WAITSET. Results: ',
    );
    expect(read(join(dir, 'comparison.md'))).toContain(
      '- ⚠️ Nothing was paired\\: no experiment of the results is in the reference',
    );
  });
});

describeShared('real reruns of one Fast-DDS build, named as LatencyTest exports them', () => {
  const repeats = join(sharedDir, 'fixtures', 'real-runs', 'repeats', 'fastdds');

  test('r03 against r04 pairs every UDP and SHM row; UDP and SHM stay apart', async () => {
    const dir = tempDir('perfgate-repeats-');
    const result = await cli([
      'compare',
      '--reference',
      join(repeats, 'udp_reliable_r03_raw_data.csv'),
      '--reference',
      join(repeats, 'shm_reliable_r03_raw_data.csv'),
      '--results',
      join(repeats, 'udp_reliable_r04_raw_data.csv'),
      '--results',
      join(repeats, 'shm_reliable_r04_raw_data.csv'),
      '-o',
      dir,
    ]);
    expect([0, 1]).toContain(result.code);
    const report = JSON.parse(read(join(dir, 'comparison.json'))) as {
      subExperiments: { experimentType: string; comparisons: { status: string }[] }[];
    };
    expect(report.subExperiments.map((s) => s.experimentType)).toEqual(['udp_reliable', 'shm_reliable']);
    for (const s of report.subExperiments) {
      expect(s.comparisons.length).toBe(24);
      expect(s.comparisons.filter((c) => c.status === 'new' || c.status === 'missing')).toEqual([]);
    }
    // The reference's comparison CSV is written for each.
    expect(read(join(dir, 'udp_reliable_comparison.csv')).split('\n')[0]).toBe(
      'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%,Label',
    );
  });

  test('reruns in one set: an error naming both files, or pooled with --repetitions pool', async () => {
    const runs = ['03', '04', '05'].map((r) => join(repeats, `udp_reliable_r${r}_raw_data.csv`));
    const oneSet = join(tempDir('perfgate-one-set-'), 'set');
    mkdirSync(oneSet);
    for (const run of runs.slice(1)) copyFileSync(run, join(oneSet, basename(run)));
    const refused = await cli(['compare', '--reference', runs[0]!, '--results', oneSet, '-o', tempDir()]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`sub-experiment "udp_reliable" is also given by ${join(oneSet, basename(runs[1]!))}`);
    expect(refused.err).toContain('--repetitions pool');
    const dir = tempDir('perfgate-pooled-reruns-');
    const pooled = await cli([
      'compare',
      '--reference',
      runs[0]!,
      '--results',
      oneSet,
      '--repetitions',
      'pool',
      '-o',
      dir,
    ]);
    expect([0, 1]).toContain(pooled.code);
    // A setting the user chose: one note, no warning.
    expect(pooled.err).toBe('');
    expect(pooled.out).toContain(
      '  note: pooled 2 repetitions of 1 experiment (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)\n',
    );
    const report = JSON.parse(read(join(dir, 'comparison.json'))) as {
      notes: string[];
      warnings: string[];
      subExperiments: { comparisons: unknown[] }[];
    };
    expect(report.subExperiments[0]!.comparisons).toHaveLength(24);
    expect(report.warnings).toEqual([]);
    expect(report.notes.filter((n) => n.startsWith('pooled'))).toEqual([
      'pooled 2 repetitions of 1 experiment (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)',
    ]);
  });

  test('--results given once per rerun: the reruns are repetitions of the candidate, no flag needed', async () => {
    const runs = ['03', '04', '05'].map((r) => join(repeats, `udp_reliable_r${r}_raw_data.csv`));
    const dir = tempDir('perfgate-repetition-args-');
    const result = await cli([
      'compare',
      '--reference',
      runs[0]!,
      '--results',
      runs[1]!,
      '--results',
      runs[2]!,
      '-o',
      dir,
    ]);
    expect([0, 1]).toContain(result.code);
    const report = JSON.parse(read(join(dir, 'comparison.json'))) as {
      notes: string[];
      warnings: string[];
      subExperiments: { comparisons: unknown[] }[];
    };
    expect(report.subExperiments[0]!.comparisons).toHaveLength(24);
    expect(report.warnings).toEqual([]);
    expect(report.notes.filter((n) => n.startsWith('pooled'))).toEqual([
      'pooled 2 repetitions of 1 experiment (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)',
    ]);
  });

  test('a history of run folders r3, r4, r5 of raw exports (summarised on the fly) judges r6', async () => {
    const runs = join(tempDir('perfgate-repeat-runs-'), 'runs');
    for (const r of ['03', '04', '05']) {
      mkdirSync(join(runs, `r${Number(r)}`), { recursive: true });
      copyFileSync(
        join(repeats, `udp_reliable_r${r}_raw_data.csv`),
        join(runs, `r${Number(r)}`, `udp_reliable_r${r}_raw_data.csv`),
      );
    }
    const dir = tempDir('perfgate-repeat-history-');
    const result = await cli([
      'compare',
      '--history',
      runs,
      '--results',
      join(repeats, 'udp_reliable_r06_raw_data.csv'),
      '--threshold',
      '0.2',
      '-o',
      dir,
    ]);
    // Raw CSVs name no machine: the one thing said is that the machine could not be checked.
    expect(result.err).toBe(
      'perfgate: warning: No machine check: the 3 history runs record no machine, so a result 60 % slower may be a slower machine rather than slower code ' +
        '(perfgate history import --environment records it; the action records its runner).\n',
    );
    const report = JSON.parse(read(join(dir, 'comparison.json'))) as {
      subExperiments: { comparisons: { historyRuns?: number; pooled?: boolean; parameter: string }[] }[];
    };
    const rows = report.subExperiments.flatMap((s) => s.comparisons);
    // 6 payloads × Min, Median, Max, 99%, and a geomean row per statistic over the payloads.
    expect(rows.filter((r) => !r.pooled)).toHaveLength(24);
    expect(rows.filter((r) => r.pooled).map((r) => r.parameter)).toEqual(['geomean', 'geomean', 'geomean', 'geomean']);
    expect(rows.every((r) => r.historyRuns === 3)).toBe(true);
  });
});

describe('requirements derived from runs of any format', () => {
  const runOf = (latency: number, throughput: number): MeasurementRun => ({
    name: 'r',
    experiments: new Map([
      [
        'sub',
        {
          measurements: [
            measurement('latency', 'lower-is-better', '64', { median: latency }),
            measurement('throughput', 'higher-is-better', '64', { value: throughput }),
          ],
        },
      ],
    ]),
  });

  test('a latency ceiling is the high percentile plus the margin; a throughput floor the low percentile minus it', () => {
    const runs = [10, 20, 30, 40, 50].map((v, i) => runOf(v, 100 * (i + 1)));
    const { limits } = deriveMetricLimits(runs, { kind: 'percentile', percentile: 99, margin: 0.1 });
    expect(limits.map((l) => [l.metric, l.statistic, l.direction, l.runs])).toEqual([
      ['latency', 'median', 'lower-is-better', 5],
      ['throughput', 'value', 'higher-is-better', 5],
    ]);
    // numpy.percentile, linear: position 0.99 × 4 = 3.96 → 40 + 0.96 × 10; and 0.01 × 4 = 0.04 → 100 + 0.04 × 100.
    expect(limits[0]!.limit).toBeCloseTo(49.6 * 1.1, 10);
    expect(limits[1]!.limit).toBeCloseTo(104 * 0.9, 10);
    // 49.6 × 1.1 is 54.56000000000001 in binary: written outwards as 54.5601, never as a limit below it.
    expect(renderMetricRequirementsCsv(limits)).toBe(
      'Experiment,Parameter,latency.median [us] <=,throughput.value [Mb/s] >=\nsub,64,54.5601,93.6\n',
    );
  });

  test('limits are written outwards, so a limit never fails the run it was derived from by rounding', () => {
    expect(formatLimit(3981.449000000001, 'lower-is-better')).toBe('3981.450');
    expect(formatLimit(3981.449, 'lower-is-better')).toBe('3981.449');
    expect(formatLimit(3981.4494, 'higher-is-better')).toBe('3981.449');
    expect(formatLimit(0.0123456789, 'lower-is-better')).toBe('0.0123457');
    expect(formatLimit(0.0123456789, 'higher-is-better')).toBe('0.0123456');
    expect(formatLimit(Number.NEGATIVE_INFINITY, 'lower-is-better')).toBe('');
    expect(formatLimit(NaN, 'lower-is-better')).toBe('');
  });
});

describe('--experiment-name renames experiments on every side', () => {
  const results = join(repoRoot, 'fixtures', 'example', 'results');

  test('a run whose file names another experiment pairs with the reference once renamed', async () => {
    const dir = tempDir('perfgate-rename-');
    const renamed = join(dir, 'shm_raw_data.csv');
    copyFileSync(join(results, 'measurements_intraprocess_best_effort.csv'), renamed);
    const out = join(dir, 'out');
    const result = await cli([
      'compare',
      '--reference',
      results,
      '--results',
      renamed,
      '--experiment-name',
      'intraprocess_best_effort=shm',
      '-o',
      out,
    ]);
    const report = JSON.parse(read(join(out, 'comparison.json'))) as {
      subExperiments: { experimentType: string; status: string }[];
    };
    expect(report.subExperiments.map((s) => [s.experimentType, s.status])).toEqual([
      ['interprocess_best_effort', 'missing'],
      ['shm', 'passed'],
    ]);
    // The experiment the results lack is a warning (missing: warn, the default); the renamed one passed.
    expect(result.code).toBe(0);
    // The reference's comparison CSV carries the new name.
    expect(read(join(out, 'shm_comparison.csv')).split('\n')).toHaveLength(2 * 11 + 2);
  });

  test('a malformed pair is a usage error naming the flag', async () => {
    const result = await cli([
      'compare',
      '--reference',
      results,
      '--results',
      results,
      '--experiment-name',
      'no-equals-sign',
      '-o',
      tempDir(),
    ]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      'perfgate: error: --experiment-name: "no-equals-sign" should be <name in the files>=<name to use>, e.g. reliable_raw_data=udp_reliable\n',
    );
  });
});
