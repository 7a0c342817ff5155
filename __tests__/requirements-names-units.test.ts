import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkMeasurements } from '../src/engine/check/metricCheck.js';
import { InputError } from '../src/engine/errors.js';
import { parseMetricRequirementsCsv } from '../src/engine/formats/metricRequirementsCsv.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { parseToolUnit } from '../src/engine/model/units.js';
import { closestName, editDistance } from '../src/engine/text/closest.js';
import { loadResults } from '../src/pipeline/results.js';
import {
  cli,
  describeShared,
  listFiles,
  read,
  repoRoot,
  runCliInProcess,
  sharedDir,
  tempDir,
  type CliRun,
  cwdFiles,
} from './helpers/shared.js';

// Issue 25 items 4 and 5: a requirement that names nothing in the results fails and names the
// closest name; limits are written in the units the tools print, and a limit without a unit is
// read in the unit the tool printed (ns/op for Go), never in a default µs.

const formats = join(repoRoot, 'fixtures', 'formats');
/** Real `go test -bench . -count 3` output: BenchmarkPublish (4 sub-benchmarks) and BenchmarkQueueDepth. */
const goBench = join(formats, 'go-bench', 'publish_count3.txt');

/** The CLI as a user runs it, in this process, in the repository's folder. */
function distCli(args: string[]): Promise<CliRun> {
  return runCliInProcess(args, { cwd: repoRoot });
}

function requirementsFile(text: string): { dir: string; path: string } {
  const dir = tempDir('perfgate-names-units-');
  const path = join(dir, 'requirements.csv');
  writeFileSync(path, text);
  return { dir, path };
}

interface ReportJson {
  verdict: string;
  checksTotal: number;
  checksFailed: number;
  experimentsWithoutResults: string[];
  skipped?: string[];
  problems: string[];
  subExperiments: {
    experimentType: string;
    status: string;
    checks: {
      check: string;
      parameter?: string;
      unit?: string;
      requirement: number | null;
      experiment: number | null;
      percentOverRequirement: number | null;
      status: string;
    }[];
  }[];
}

const reportOf = (dir: string): ReportJson => JSON.parse(read(join(dir, 'out', 'report.json'))) as ReportJson;
const checksOf = (report: ReportJson, experiment: string) =>
  report.subExperiments.find((s) => s.experimentType === experiment)!.checks;
/** A time shown in µs or ns, in ns: what the user wrote the limit in. */
const inNs = (value: number | null, unit: string | undefined): number =>
  value! * ({ µs: 1000, ns: 1, 'ns/op': 1 } as Record<string, number>)[unit!]!;

describe('a requirement that names nothing in the results fails (perfgate on real go test -bench output)', () => {
  test('a misspelled benchmark fails the check, exit 1, naming the closest benchmark', async () => {
    const { dir, path } = requirementsFile(
      'Experiment,Parameter,time/op [ns/op]\nBenchmarkPublsh,*,1500\nBenchmarkQueueDepth,*,5\n',
    );
    const run = await distCli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^perfgate: FAIL: 1 of 2 checks passed, 1 of 2 sub-experiments failed$/m);
    expect(run.stdout).toContain(
      '  error: BenchmarkPublsh: required (requirements.csv line 2) but not in the results; did you mean BenchmarkPublish?\n',
    );
    // The benchmark it meant has no requirement: said too, as before, once (with the report's summary).
    expect(run.stdout).toContain(
      '  warning: BenchmarkPublish: no requirements for this sub-experiment; it was not checked',
    );
    expect(run.stderr).not.toContain('no requirements for this sub-experiment');
    const report = reportOf(dir);
    expect(report).toMatchObject({
      verdict: 'fail',
      checksTotal: 2,
      checksFailed: 1,
      experimentsWithoutResults: ['BenchmarkPublsh'],
    });
    expect(checksOf(report, 'BenchmarkPublsh')).toEqual([
      // The limit as written (1500 ns/op), not converted to a unit the user did not write.
      expect.objectContaining({
        check: 'time/op',
        parameter: '*',
        unit: 'ns/op',
        requirement: 1500,
        experiment: null,
        status: 'missing',
      }),
    ]);
    // No checks file for a benchmark that is not in the results.
    expect(listFiles(join(dir, 'out'))).toEqual([
      'checks_BenchmarkQueueDepth.csv',
      'comment.md',
      'report.json',
      'report.md',
    ]);
  });

  test('a renamed benchmark with nothing close is still a failure, without a guess', async () => {
    const { dir, path } = requirementsFile(
      'Experiment,Parameter,time/op [ns/op]\nBenchmarkEncode,*,1500\nBenchmarkQueueDepth,*,5\n',
    );
    const run = await distCli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      '  error: BenchmarkEncode: required (requirements.csv line 2) but not in the results\n',
    );
    expect(run.stdout).not.toContain('did you mean');
  });

  test('a misspelled parameter and metric name their closest match too', async () => {
    const { dir, path } = requirementsFile(
      'Experiment,Parameter,time/op [ns/op],alocs/op\nBenchmarkPublish,"size=64,mode=cpy",1500,\nBenchmarkQueueDepth,*,5,0\n',
    );
    const run = await distCli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      '  error: BenchmarkPublish: parameter size=64,mode=cpy is required but not in the results; did you mean size=64,mode=copy?\n',
    );
    expect(run.stdout).toContain(
      '  error: BenchmarkQueueDepth: metric "alocs/op" is required but not in the results (the results have: time/op, auxMetricUnits, frames/op, B/op, allocs/op); did you mean allocs/op?\n',
    );
  });

  test('an Optional column lets a benchmark be absent: skipped and said so, exit 0', async () => {
    const { dir, path } = requirementsFile(
      'Experiment,Parameter,time/op [ns/op],Optional\nBenchmarkPublsh,*,1500,yes\nBenchmarkQueueDepth,*,5,\n',
    );
    const run = await distCli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^perfgate: PASS: 1 of 1 checks passed, 0 of 1 sub-experiment failed$/m);
    expect(run.stdout).toContain(
      '  skipped: BenchmarkPublsh: not in the results (optional, requirements.csv line 2): skipped; did you mean BenchmarkPublish?\n',
    );
    const report = reportOf(dir);
    expect(report.skipped).toEqual([
      'BenchmarkPublsh: not in the results (optional, requirements.csv line 2): skipped; did you mean BenchmarkPublish?',
    ]);
    expect(report.subExperiments.find((s) => s.experimentType === 'BenchmarkPublsh')).toMatchObject({
      status: 'skipped',
      checks: [],
    });
    expect(read(join(dir, 'out', 'report.md'))).toContain('- ⏭️ BenchmarkPublsh\\: not in the results');
  });

  test('an optional requirement that is in the results is checked like any other', async () => {
    const { dir, path } = requirementsFile(
      'Experiment,Parameter,time/op [ns/op],Optional\nBenchmarkQueueDepth,*,4,yes\n',
    );
    const run = await distCli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(run.status).toBe(1);
    expect(reportOf(dir)).toMatchObject({ checksTotal: 1, checksFailed: 1 });
  });
});

describe("limits in the tool's own units (perfgate on real go test -bench output)", () => {
  // BenchmarkQueueDepth time/op: 4.095, 2.823, 4.698 ns/op over -count 3: median 4.095 ns/op.
  test('[ns/op], the unit go test prints and inspect shows, is accepted and compared in ns', async () => {
    const { dir, path } = requirementsFile('Experiment,Parameter,time/op [ns/op]\nBenchmarkQueueDepth,*,4\n');
    const run = await distCli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(run.stderr).not.toContain('error');
    expect(run.status).toBe(1);
    const [row] = checksOf(reportOf(dir), 'BenchmarkQueueDepth');
    // 4.095 ns over a 4 ns limit: (4.095 − 4) / 4 = +2.375 %.
    expect(row!.status).toBe('failed');
    expect(row!.percentOverRequirement).toBeCloseTo(2.375, 9);
    expect(inNs(row!.requirement, row!.unit)).toBeCloseTo(4, 9);
    expect(inNs(row!.experiment, row!.unit)).toBeCloseTo(4.095, 9);
  });

  test('a Go limit without a unit is read as ns/op, exactly like [ns/op] (it was µs, 1000× looser)', async () => {
    const withUnit = requirementsFile(
      'Experiment,Parameter,time/op [ns/op],B/op [B/op],allocs/op [allocs/op]\nBenchmarkPublish,*,1500,100,1\n',
    );
    const without = requirementsFile('Experiment,Parameter,time/op,B/op,allocs/op\nBenchmarkPublish,*,1500,100,1\n');
    for (const { dir, path } of [withUnit, without])
      expect(
        (await distCli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')])).status,
      ).toBe(1);
    const rows = checksOf(reportOf(without.dir), 'BenchmarkPublish');
    expect(rows).toEqual(checksOf(reportOf(withUnit.dir), 'BenchmarkPublish'));
    // time/op medians: copy 64 B 112.6 ns, zero 64 B 0.9694 ns, copy 1 kB 1901 ns (over 1500), zero 1 kB 1.056 ns.
    const time = rows.filter((r) => r.check === 'time/op');
    expect(time.map((r) => [r.parameter, r.status])).toEqual([
      ['size=64,mode=copy', 'passed'],
      ['size=64,mode=zero', 'passed'],
      ['size=1024,mode=copy', 'failed'],
      ['size=1024,mode=zero', 'passed'],
    ]);
    expect(inNs(time[2]!.experiment, time[2]!.unit)).toBeCloseTo(1901, 9);
    expect(time[2]!.percentOverRequirement).toBeCloseTo(((1901 - 1500) / 1500) * 100, 9);
    // B/op 80 and 1152 against 100; allocs/op 1 and 0 against 1.
    expect(rows.filter((r) => r.check === 'B/op').map((r) => [r.experiment, r.status])).toEqual([
      [80, 'passed'],
      [0, 'passed'],
      [1152, 'failed'],
      [0, 'passed'],
    ]);
    expect(rows.filter((r) => r.check === 'allocs/op').map((r) => r.status)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
    ]);
  });

  test('an unknown unit is an error at its place in the header that lists the units perfgate reads', async () => {
    const { dir, path } = requirementsFile('Experiment,Parameter,time/op [furlongs]\nBenchmarkQueueDepth,*,4\n');
    const run = await distCli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      `perfgate: error: ${path}:1:22: unknown unit "furlongs" in column "time/op [furlongs]"; perfgate reads: time ps, ns, us, µs,`,
    );
    for (const unit of ['ns/op', 'B/op', 'allocs/op', 'ns/iter', 'ops/s', 'ops/ms', 'ops/us', 'Mb/s', 'MB/s', 'kS/s'])
      expect(run.stderr).toContain(` ${unit}`);
    expect(run.stderr).toContain('; or the unit the tool printed for time/op: ns/op\n');
    expect(run.stderr).not.toContain('    at ');
  });

  test('a custom unit inspect shows (ReportMetric auxMetricUnits) is accepted back for its metric', async () => {
    const inspect = await cli(['inspect', goBench]);
    expect(inspect.out).toContain('auxMetricUnits [, read as auxMetricUnits] lower-is-better');
    const { dir, path } = requirementsFile(
      'Experiment,Parameter,auxMetricUnits [auxMetricUnits],frames/op [frames/op]\nBenchmarkQueueDepth,*,3,1\n',
    );
    const result = await cli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(result.err).not.toContain('error');
    expect(result.code).toBe(0);
    expect(
      checksOf(reportOf(dir), 'BenchmarkQueueDepth').map((r) => [r.check, r.requirement, r.experiment, r.status]),
    ).toEqual([
      ['auxMetricUnits', 3, 3, 'passed'],
      ['frames/op', 1, 1, 'passed'],
    ]);
  });

  test('a count in another count unit (allocs/op for frames/op) is an error, not a silent comparison', async () => {
    const { dir, path } = requirementsFile('Experiment,Parameter,frames/op [allocs/op]\nBenchmarkQueueDepth,*,1\n');
    const result = await cli(['check', '--results', goBench, '--requirements', path, '-o', join(dir, 'out')]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      `${path}:1:22: the limit on "frames/op" is in allocs/op but BenchmarkQueueDepth measures frames/op in frames/op`,
    );
  });
});

describe('other tools: a limit without a unit is in the unit the tool printed', () => {
  async function check(results: string, requirements: string): Promise<ReportJson> {
    const { dir, path } = requirementsFile(requirements);
    const result = await cli(['check', '--results', results, '--requirements', path, '-o', join(dir, 'out')]);
    expect(result.err).not.toMatch(/error/);
    return reportOf(dir);
  }

  test('JMH ops/ms: 10000 is 10000 ops/ms (1e7 ops/s); [ops/us] and [ops/s] convert', async () => {
    // QueueBench.offer: 10498.2 … 10631.8 ops/ms over 5 iterations.
    const report = await check(
      join(formats, 'jmh', 'queue_modes.json'),
      'Experiment,Parameter,thrpt >=,thrpt.min [ops/us] >=,thrpt.max [ops/s] >=\nQueueBench.offer,*,10000,10.5,10700000\n',
    );
    expect(checksOf(report, 'QueueBench.offer').map((r) => [r.check, r.unit, r.requirement, r.status])).toEqual([
      ['thrpt', 'Hz', 1e7, 'passed'],
      ['thrpt.min', 'Hz', 10.5e6, 'failed'],
      ['thrpt.max', 'Hz', 10.7e6, 'failed'],
    ]);
  });

  test('JMH us/op and ms/op: a unitless limit on each is in its own unit', async () => {
    // StartupBench.coldStart: 39.8 … 43.1 ms/op; QueueBench.poll sample p99 0.080 us/op.
    const report = await check(
      join(formats, 'jmh', 'queue_modes.json'),
      'Experiment,Parameter,ss.max,sample.p99 [us/op]\nStartupBench.coldStart,*,45,\nQueueBench.poll,*,,0.1\n',
    );
    expect(
      checksOf(report, 'StartupBench.coldStart').map((r) => [r.unit, r.requirement, r.experiment, r.status]),
    ).toEqual([['µs', 45000, 43100, 'passed']]);
    expect(checksOf(report, 'QueueBench.poll').map((r) => [r.unit, r.requirement, r.status])).toEqual([
      ['µs', 0.1, 'passed'],
    ]);
  });

  test('pytest-benchmark seconds: 6e-6 is 6 µs', async () => {
    // encode/test_encode_json[64]: median 5.059999239165336e-06 s.
    const report = await check(
      join(formats, 'pytest-benchmark', 'codec.json'),
      'Experiment,Parameter,time.median\nencode/test_encode_json,size=64,6e-6\n',
    );
    const [row] = checksOf(report, 'encode/test_encode_json');
    expect(row).toMatchObject({ unit: 'µs', status: 'passed' });
    expect(row!.requirement).toBeCloseTo(6, 9);
    expect(row!.experiment).toBeCloseTo(5.059999239165336, 9);
  });
});

describeShared('Google Benchmark time_unit per benchmark (github-action-benchmark test data)', () => {
  test('a unitless limit is in each benchmark\u2019s own time_unit: ms for BM_Hi, ns for BM_One', async () => {
    const { dir, path } = requirementsFile('Experiment,Parameter,real time\nBM_Hi,*,50\nBM_One,*,4\n');
    const result = await cli([
      'check',
      '--results',
      join(sharedDir, 'fixtures', 'formats', 'google-benchmark', 'test2_run.json'),
      '--requirements',
      path,
      '-o',
      join(dir, 'out'),
    ]);
    expect(result.code).toBe(1);
    const report = reportOf(dir);
    // BM_Hi: 42 ms; BM_One: 5 ns and its /4 run.
    expect(checksOf(report, 'BM_Hi').map((r) => [r.unit, r.requirement, r.experiment, r.status])).toEqual([
      ['µs', 50000, 42000, 'passed'],
    ]);
    expect(checksOf(report, 'BM_One').map((r) => [r.unit, r.requirement, r.status])).toEqual([
      ['ns', 4, 'failed'],
      ['ns', 4, expect.any(String)],
    ]);
  });
});

describe('ambiguous and unknown units are input errors at their place', () => {
  // Two parameters of one metric that the tool printed in two units (Google Benchmark sets
  // time_unit per benchmark): a unitless limit for both cannot say which it means.
  const measurement = (label: string, displayUnit: string, value: number): Measurement => ({
    experiment: 'BM_Mixed',
    parameter: { label },
    metric: { name: 'real time', dimension: 'time', unit: 'us', displayUnit, direction: 'lower-is-better' },
    statistics: { mean: value },
    place: { file: 'mixed.json', line: 1 },
  });
  const sets = [
    {
      format: 'google-benchmark',
      file: 'mixed.json',
      measurements: [measurement('8', 'ns', 0.05), measurement('1024', 'ms', 4000)],
      notes: [],
    },
  ];

  test('a unitless limit over parameters printed in ns and ms is rejected, pointing at the header', () => {
    const requirements = parseMetricRequirementsCsv(
      'req.csv',
      'Experiment,Parameter,real time\nBM_Mixed,*,5\n',
      'precise',
    );
    let error: unknown;
    try {
      checkMeasurements(sets, requirements);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).describe()).toBe(
      'req.csv:1:22: the limit on "real time" has no unit, and BM_Mixed prints real time in ns and ms: write the unit in the column header, e.g. "real time [ns]"',
    );
  });

  test('one parameter at a time, a unit, or a sample count is not ambiguous', () => {
    const one = checkMeasurements(
      sets,
      parseMetricRequirementsCsv('req.csv', 'Experiment,Parameter,real time\nBM_Mixed,1024,5\n', 'precise'),
    );
    expect(one.flatMap((c) => c.rows).map((r) => [r.parameter, r.requirement, r.experiment, r.status])).toEqual([
      ['1024', 5000, 4000, 'passed'],
    ]);
    const unit = checkMeasurements(
      sets,
      parseMetricRequirementsCsv('req.csv', 'Experiment,Parameter,real time [ns]\nBM_Mixed,*,60\n', 'precise'),
    );
    expect(unit.flatMap((c) => c.rows).map((r) => r.status)).toEqual(['passed', 'failed']);
    // A sample count has no unit to choose.
    const samples = {
      ...sets[0]!,
      measurements: sets[0]!.measurements.map((m) => ({ ...m, statistics: { ...m.statistics, samples: 3 } })),
    };
    const counted = checkMeasurements(
      [samples],
      parseMetricRequirementsCsv('req.csv', 'Experiment,Parameter,real time.samples >=\nBM_Mixed,*,2\n', 'precise'),
    );
    expect(counted.flatMap((c) => c.rows).map((r) => [r.requirement, r.experiment, r.status])).toEqual([
      [2, 3, 'passed'],
      [2, 3, 'passed'],
    ]);
  });
});

describe('unit spellings of the tools', () => {
  test.each([
    ['ns/op', 'time', 1e-3],
    ['us/op', 'time', 1],
    ['ms/op', 'time', 1e3],
    ['s/op', 'time', 1e6],
    ['ns/iter', 'time', 1e-3],
    ['B/op', 'size', 1],
    ['KiB/op', 'size', 1024],
    ['allocs/op', 'count', 1],
    ['frames/op', 'count', 1],
    ['ops/s', 'rate', 1],
    ['ops/sec', 'rate', 1],
    ['items/s', 'rate', 1],
    ['ops/ms', 'rate', 1e3],
    ['ops/us', 'rate', 1e6],
    ['ops/ns', 'rate', 1e9],
    ['ops/min', 'rate', 1 / 60],
    ['ops/hr', 'rate', 1 / 3600],
    ['MB/sec', 'byterate', 1],
    ['B/ms', 'byterate', 1e-3],
    ['s', 'time', 1e6],
    ['ms', 'time', 1e3],
    ['Mb/s', 'bitrate', 1],
    ['MB/s', 'byterate', 1],
  ])('%s is %s × %d', (symbol, dimension, toBase) => {
    const unit = parseToolUnit(symbol)!;
    expect(unit.dimension).toBe(dimension);
    expect(unit.toBase).toBeCloseTo(toBase, 12);
  });

  test.each(['Ms', 'NS', 'Mb/ms', 'furlongs', 'per 1000 op', 'ops/furlong', 'MB/s/op'])(
    '%s is not a unit perfgate reads on its own',
    (symbol) => {
      expect(parseToolUnit(symbol)).toBeUndefined();
    },
  );

  test('every unit of every project format fixture, as inspect shows it, reads back in its own dimension', () => {
    const skip = new Set(['requirements', 'generic-csv']);
    let read = 0;
    for (const folder of readdirSync(formats).filter((f) => !skip.has(f) && statSync(join(formats, f)).isDirectory())) {
      for (const name of readdirSync(join(formats, folder))) {
        const path = join(formats, folder, name);
        if (!statSync(path).isFile() || name === 'usage_hint.txt') continue;
        const loaded = loadResults(cwdFiles, [path], { floatParse: 'precise' });
        for (const m of [...loaded.experiments.values()].flatMap((e) => e.measurements)) {
          const { name: metric, dimension, unit, displayUnit } = m.metric;
          expect({ path, metric, base: parseToolUnit(unit)?.dimension }).toEqual({
            path,
            metric,
            base: dimension === 'count' ? 'count' : dimension,
          });
          // A count is kept as printed (`per 1000 op`, `counts`), whatever the spelling.
          if (dimension !== 'count')
            expect({ path, metric, displayUnit, read: parseToolUnit(displayUnit)?.dimension }).toEqual({
              path,
              metric,
              displayUnit,
              read: dimension,
            });
          read++;
        }
      }
    }
    expect(read).toBeGreaterThan(200);
  });
});

describe('closest names', () => {
  test('edit distance counts insertions, deletions and substitutions', () => {
    expect(editDistance('BenchmarkEncdoe', 'BenchmarkEncode')).toBe(2);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  test('the closest candidate, ignoring case, only when close enough to be a misspelling', () => {
    expect(closestName('BenchmarkEncdoe', ['BenchmarkDecode', 'BenchmarkEncode'])).toBe('BenchmarkEncode');
    expect(closestName('benchmarkencode', ['BenchmarkEncode'])).toBe('BenchmarkEncode');
    expect(closestName('BenchmarkPublish-2', ['BenchmarkPublish', 'BenchmarkQueueDepth'])).toBe('BenchmarkPublish');
    expect(closestName('sub', ['ping'])).toBeUndefined();
    expect(closestName('BenchmarkEncode', ['BenchmarkPublish', 'BenchmarkQueueDepth'])).toBeUndefined();
    // Equally close: the first given, so the message is the same on every run.
    expect(closestName('ab', ['xb', 'ay'])).toBe('xb');
    // No quadratic distance over hostile names: nothing is guessed for a name no one types.
    const long = 'x'.repeat(100_000);
    expect(closestName(long, [long + 'y'])).toBeUndefined();
  });
});
