/**
 * Machines (issue 25, item 7): result files that name their machine (Google Benchmark's context,
 * pytest-benchmark's machine_info, JMH's JVM) carry it into history records and into the
 * candidate's side of `compare --history`, and the CLI checks the machine as the action does.
 * The pytest-benchmark runs are real (fixtures/formats/SOURCES.md): 0001_codec.json and codec.json
 * (pytest-benchmark 3.2.2, CPython 3.11.2) and codec_v5.json (5.2.3, CPython 3.11.7), all on one
 * 2-core AMD EPYC VM. Expected fingerprints are read off those files by hand.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, type } from 'node:os';
import { join } from 'node:path';
import { goBenchAdapter } from '../src/engine/formats/goBench.js';
import { googleBenchmarkAdapter } from '../src/engine/formats/googleBenchmark.js';
import { jmhAdapter } from '../src/engine/formats/jmh.js';
import { pytestBenchmarkAdapter } from '../src/engine/formats/pytestBenchmark.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { environmentDifferences, mergeEnvironments, parseEnvironmentPairs } from '../src/engine/model/environment.js';
import { parseHistoryRecord } from '../src/engine/history/codec.js';
import { cli, describeShared, read, repoRoot, sharedDir, tempDir } from './helpers/shared.js';

const formats = join(repoRoot, 'fixtures', 'formats');
const pytest = join(formats, 'pytest-benchmark');
const RUNS = join(repoRoot, 'fixtures', 'history-import', 'runs');

function environmentOf(adapter: FormatAdapter, file: string) {
  return adapter.parse({ file, text: readFileSync(file, 'utf8') }, {}).environment;
}

/** The `"environment"` line of each history record in a folder, oldest first. */
function environmentLines(folder: string): string[] {
  return readdirSync(folder)
    .filter((n) => n.startsWith('history-'))
    .sort()
    .map(
      (n) =>
        read(join(folder, n))
          .split('\n')
          .find((l) => l.startsWith('  "environment"')) ?? '(none)',
    );
}

/** A folder with one sub-folder per file: r1, r2, … */
function runsFolder(files: readonly string[]): string {
  const runs = join(tempDir('perfgate-machines-'), 'runs');
  files.forEach((file, i) => {
    mkdirSync(join(runs, `r${i + 1}`), { recursive: true });
    copyFileSync(file, join(runs, `r${i + 1}`, 'bench.json'));
  });
  return runs;
}

describe('the machine a result file names', () => {
  test('pytest-benchmark: machine_info as the action spells it (OS, kernel, arch, CPU, cores), the Python as the runtime', () => {
    expect(environmentOf(pytestBenchmarkAdapter, join(pytest, 'codec_v5.json'))).toEqual({
      os: 'Linux',
      kernel: '6.18.44-fc-v782',
      arch: 'x64',
      cpu: 'AMD EPYC',
      cores: 2,
      runtime: 'CPython 3.11',
      runtimeVersion: '3.11.7',
    });
    // pytest-benchmark 3.2.2 wrote cpu.brand and no count.
    expect(environmentOf(pytestBenchmarkAdapter, join(pytest, '0001_codec.json'))).toEqual({
      os: 'Linux',
      kernel: '6.18.44-fc-v782',
      arch: 'x64',
      cpu: 'AMD EPYC',
      runtime: 'CPython 3.11',
      runtimeVersion: '3.11.2',
    });
    // Windows as Python names it, AMD64 as platform.machine() gives it there.
    const windows = JSON.parse(read(join(pytest, 'codec_v5.json')));
    windows.machine_info = {
      ...windows.machine_info,
      system: 'Windows',
      machine: 'AMD64',
      release: '10',
      python_implementation: 'PyPy',
      python_version: '3.10.14',
    };
    windows.machine_info.cpu.brand_raw = 'Intel(R) Core(TM)  i7-9700 CPU @ 3.00GHz';
    expect(pytestBenchmarkAdapter.parse({ file: 'w.json', text: JSON.stringify(windows) }, {}).environment).toEqual({
      os: 'Windows_NT',
      kernel: '10',
      arch: 'x64',
      cpu: 'Intel(R) Core(TM) i7-9700 CPU @ 3.00GHz',
      cores: 2,
      runtime: 'PyPy 3.10',
      runtimeVersion: '3.10.14',
    });
  });

  test('JMH: the JVM and its major version (no CPU, cores or OS in the file)', () => {
    const jvm = { runtime: 'OpenJDK 64-Bit Server VM 17', runtimeVersion: '17.0.15+6-Debian-1deb12u1' };
    expect(environmentOf(jmhAdapter, join(formats, 'jmh', 'queue_modes.json'))).toEqual(jvm);
    expect(environmentOf(jmhAdapter, join(formats, 'jmh', 'publish_avgt_gc.json'))).toEqual(jvm);
    // Java 8 reports 1.8.0_…: its major version is 1.8.
    const java8 = read(join(formats, 'jmh', 'queue_modes.json'))
      .replaceAll('"jdkVersion" : "17.0.15"', '"jdkVersion" : "1.8.0_392"')
      .replaceAll('"vmVersion" : "17.0.15+6-Debian-1deb12u1"', '"vmVersion" : "25.392-b08"');
    expect(jmhAdapter.parse({ file: 'j.json', text: java8 }, {}).environment).toEqual({
      runtime: 'OpenJDK 64-Bit Server VM 1.8',
      runtimeVersion: '25.392-b08',
    });
  });

  test("go test: its goos, goarch and cpu lines, in the action's spelling", () => {
    expect(environmentOf(goBenchAdapter, join(formats, 'go-bench', 'publish_count3.txt'))).toEqual({
      os: 'Linux',
      arch: 'x64',
      cpu: 'Oxide Virtual Turin-like Processor',
    });
    const arm = 'goos: darwin\ngoarch: arm64\ncpu: Apple M2\nBenchmarkX-8   \t 100 \t 12.5 ns/op\n';
    expect(goBenchAdapter.parse({ file: 'b.txt', text: arm }, {}).environment).toEqual({
      os: 'Darwin',
      arch: 'arm64',
      cpu: 'Apple M2',
    });
    expect(
      goBenchAdapter.parse({ file: 'b.txt', text: 'BenchmarkX-8   \t 100 \t 12.5 ns/op\n' }, {}).environment,
    ).toBeUndefined();
  });

  test('Google Benchmark: context.num_cpus as the cores; host name and MHz are not a kind of machine', () => {
    expect(environmentOf(googleBenchmarkAdapter, join(formats, 'google-benchmark', 'repetitions.json'))).toEqual({
      cores: 2,
    });
    // Without the context block (the file begins at "benchmarks"), nothing is said of the machine.
    const text = read(join(formats, 'google-benchmark', 'repetitions.json'));
    const noContext = '{\n  ' + text.slice(text.indexOf('"benchmarks"'));
    expect(googleBenchmarkAdapter.parse({ file: 'g.json', text: noContext }, {}).environment).toBeUndefined();
  });

  test('a runtime is compared on its major version only; fields merge with the first source winning', () => {
    const a = { os: 'Linux', runtime: 'CPython 3.11', runtimeVersion: '3.11.2' };
    expect(environmentDifferences(a, { ...a, runtimeVersion: '3.11.7' })).toEqual([]);
    expect(environmentDifferences(a, { ...a, runtime: 'CPython 3.12' })).toEqual([
      'runtime: CPython 3.11 vs CPython 3.12',
    ]);
    expect(mergeEnvironments({ cpu: 'given', cores: 8 }, { cpu: 'file', os: 'Linux' }, undefined)).toEqual({
      os: 'Linux',
      cpu: 'given',
      cores: 8,
    });
    expect(mergeEnvironments(undefined, undefined)).toBeUndefined();
  });
});

describe('--environment', () => {
  test('key=value pairs, spelled as the action records them', () => {
    expect(
      parseEnvironmentPairs('os=Windows, arch=x86_64,cpu=AMD  EPYC 7763 ,cores=4,memoryGiB=16', '--environment'),
    ).toEqual({
      os: 'Windows_NT',
      arch: 'x64',
      cpu: 'AMD EPYC 7763',
      cores: 4,
      memoryGiB: 16,
    });
  });

  test.each([
    [
      'gpu=A100',
      '--environment: unknown field "gpu"; the fields are os, kernel, arch, cpu, cores, memoryGiB, runnerImage, runnerImageVersion, runtime, runtimeVersion',
    ],
    ['cores=four', '--environment: cores must be a whole number; got "four"'],
    ['cpu=', '--environment: "cpu=" has no value; write cpu=<value>'],
    [',', '--environment: no field given'],
  ])('%p is a usage error', async (value, message) => {
    const out = join(tempDir('perfgate-machines-'), 'history');
    const result = await cli(['history', 'import', join(RUNS, 'r1'), '-o', out, '--environment', value]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`perfgate: error: ${message}`);
  });

  test('a JSON file of fields; an unknown field in it is named with the file', async () => {
    const work = tempDir('perfgate-machines-');
    const file = join(work, 'machine.json');
    writeFileSync(file, JSON.stringify({ os: 'Linux', cpu: 'Ampere Altra', arch: 'aarch64', cores: 4 }));
    const out = join(work, 'history');
    expect((await cli(['history', 'import', join(RUNS, 'r1'), '-o', out, '--environment', file])).code).toBe(0);
    expect(environmentLines(out)).toEqual([
      '  "environment": {"os":"Linux","arch":"arm64","cpu":"Ampere Altra","cores":4},',
    ]);
    writeFileSync(file, JSON.stringify({ os: 'Linux', ram: 4 }));
    const bad = await cli(['history', 'import', join(RUNS, 'r1'), '-o', out, '--environment', file]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`perfgate: error: ${file}: --environment: unknown field "ram"`);
  });
});

describe('history import records the machine', () => {
  test("from the files: pytest-benchmark's machine_info, JMH's JVM, Google Benchmark's cores; none for files that do not say", async () => {
    const runs = runsFolder([
      join(pytest, 'codec_v5.json'),
      join(formats, 'jmh', 'queue_modes.json'),
      join(formats, 'google-benchmark', 'repetitions.json'),
    ]);
    // A fourth run of hyperfine JSON and raw Fast-DDS CSVs, which name no machine.
    mkdirSync(join(runs, 'r4'));
    for (const f of readdirSync(join(RUNS, 'r1'))) copyFileSync(join(RUNS, 'r1', f), join(runs, 'r4', f));
    const out = join(tempDir('perfgate-machines-'), 'history');
    expect((await cli(['history', 'import', runs, '-o', out])).code).toBe(0);
    // In date order, which the files give (Google Benchmark's and pytest-benchmark's) or their times: one line each.
    expect(environmentLines(out).sort()).toEqual(
      [
        '  "environment": {"os":"Linux","kernel":"6.18.44-fc-v782","arch":"x64","cpu":"AMD EPYC","cores":2,"runtime":"CPython 3.11","runtimeVersion":"3.11.7"},',
        '  "environment": {"runtime":"OpenJDK 64-Bit Server VM 17","runtimeVersion":"17.0.15+6-Debian-1deb12u1"},',
        '  "environment": {"cores":2},',
        '(none)',
      ].sort(),
    );
  });

  test('--environment wins field by field over the files; local is this machine', async () => {
    const runs = runsFolder([join(pytest, 'codec_v5.json')]);
    const out = join(tempDir('perfgate-machines-'), 'history');
    expect(
      (await cli(['history', 'import', runs, '-o', out, '--environment', 'cpu=Intel Xeon Platinum 8370C,cores=4']))
        .code,
    ).toBe(0);
    expect(environmentLines(out)).toEqual([
      '  "environment": {"os":"Linux","kernel":"6.18.44-fc-v782","arch":"x64","cpu":"Intel Xeon Platinum 8370C","cores":4,"runtime":"CPython 3.11","runtimeVersion":"3.11.7"},',
    ]);
    const local = join(tempDir('perfgate-machines-'), 'history');
    expect((await cli(['history', 'import', join(RUNS, 'r1'), '-o', local, '--environment', 'local'])).code).toBe(0);
    const [name] = readdirSync(local);
    const record = parseHistoryRecord(read(join(local, name!)), name!);
    expect(record.environment).toMatchObject({ os: type(), cores: cpus().length });
  });
});

/**
 * The case: a history from one machine, a candidate from another. The candidate is the
 * real codec.json with every time × 1.67 (and ops ÷ 1.67), as a machine 1.67× slower would
 * measure it; `cpu` names the machine it ran on.
 */
function slowerRun(dir: string, cpu?: string): string {
  const run = JSON.parse(read(join(pytest, 'codec.json')));
  for (const b of run.benchmarks) {
    const s = b.stats;
    for (const k of ['min', 'max', 'mean', 'median', 'stddev', 'iqr', 'q1', 'q3', 'ld15iqr', 'hd15iqr', 'total'])
      s[k] *= 1.67;
    s.data = s.data.map((v: number) => v * 1.67);
    s.ops /= 1.67;
  }
  if (cpu !== undefined) run.machine_info.cpu.brand = cpu;
  const file = join(dir, `slower-${cpu === undefined ? 'same' : 'other'}.json`);
  writeFileSync(file, JSON.stringify(run, null, 4));
  return file;
}

describe('compare --history: the machine check of the action, on the CLI', () => {
  const XEON = 'Intel(R) Xeon(R) CPU E5-2673 v4 @ 2.30GHz';
  let history: string;
  let work: string;
  beforeAll(async () => {
    work = tempDir('perfgate-machines-');
    history = join(work, 'history');
    const imported = await cli([
      'history',
      'import',
      runsFolder([join(pytest, '0001_codec.json'), join(pytest, 'codec.json'), join(pytest, 'codec_v5.json')]),
      '-o',
      history,
    ]);
    expect(imported.code).toBe(0);
  });

  type Row = {
    experiment: string;
    parameter: string;
    metric: string;
    statistic: string;
    status: string;
    deltaPercent: number | null;
  };
  const rows = (dir: string): Row[] =>
    (
      JSON.parse(read(join(dir, 'comparison.json'))) as {
        subExperiments: { experimentType: string; comparisons: Omit<Row, 'experiment'>[] }[];
      }
    ).subExperiments.flatMap((s) => s.comparisons.map((c) => ({ ...c, experiment: s.experimentType })));
  const median = (dir: string, experiment: string, parameter: string) =>
    rows(dir).find((r) => r.experiment === experiment && r.parameter === parameter && r.statistic === 'median')!;

  test("results from another CPU (the file's machine_info wins over this machine): not comparable, said why, exit 0", async () => {
    const out = join(work, 'other');
    const result = await cli(['compare', '--history', history, '--results', slowerRun(work, XEON), '-o', out]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^perfgate compare: NOT COMPARABLE \(nothing gated\): .*\n {2}49 of 49 comparisons passed, 0 of 5 sub-experiments failed; history of 3 runs; /m,
    );
    // Said once, with the report's summary.
    expect(result.err).toBe('');
    expect(result.out).toContain(
      `  warning: Not comparable: all 3 history runs were measured on another kind of machine than these results (history vs this run: CPU: AMD EPYC vs ${XEON}), ` +
        'so nothing was gated. Record a history on this kind of runner.\n',
    );
    expect(new Set(rows(out).map((r) => r.status))).toEqual(new Set(['not-comparable']));
    // The change is still shown: 1.67 × codec.json's 5.06 µs against the history's 5.195 µs.
    expect(median(out, 'encode/test_encode_json', 'size=64').deltaPercent).toBeCloseTo(62.657, 3);
  });

  test('the same results said to be from the same machine are judged: the slowdown is reported, not hidden', async () => {
    const out = join(work, 'same');
    const result = await cli(['compare', '--history', history, '--results', slowerRun(work), '-o', out]);
    expect(result.err).toBe('');
    expect(rows(out).some((r) => r.status === 'not-comparable')).toBe(false);
    const row = median(out, 'encode/test_encode_json', 'size=64');
    expect(row.deltaPercent).toBeCloseTo(62.657, 3);
    expect(row.status).toBe('warn');
    // --no-environment-check judges the other machine's results the same way.
    const unchecked = join(work, 'unchecked');
    const forced = await cli([
      'compare',
      '--history',
      history,
      '--results',
      slowerRun(work, XEON),
      '-o',
      unchecked,
      '--no-environment-check',
    ]);
    expect(forced.err).toBe('');
    expect(rows(unchecked).map((r) => r.status)).toEqual(rows(out).map((r) => r.status));
  });

  test('a history imported with --environment of another machine: the real run is not comparable; the same import without it judges the run', async () => {
    const other = join(work, 'history-xeon');
    const runs = runsFolder([
      join(pytest, '0001_codec.json'),
      join(pytest, 'codec.json'),
      join(pytest, 'codec_v5.json'),
    ]);
    expect(
      (await cli(['history', 'import', runs, '-o', other, '--environment', 'cpu=Intel Xeon Platinum 8370C,cores=4']))
        .code,
    ).toBe(0);
    const candidate = join(pytest, 'codec.json');
    const against = await cli(['compare', '--history', other, '--results', candidate, '-o', join(work, 'xeon')]);
    expect(against.code).toBe(0);
    expect(against.out).toContain('(history vs this run: CPU: Intel Xeon Platinum 8370C vs AMD EPYC; cores: 4 vs 2)');
    const same = await cli(['compare', '--history', history, '--results', candidate, '-o', join(work, 'epyc')]);
    expect(same).toMatchObject({ code: 0, err: '' });
    expect(same.out).toMatch(
      /^perfgate compare: PASS: .*\n {2}49 of 49 comparisons passed, 0 of 5 sub-experiments failed; history of 3 runs; /m,
    );
    // --environment on compare names the results' machine: the Xeon history judges them.
    const said = await cli([
      'compare',
      '--history',
      other,
      '--results',
      candidate,
      '-o',
      join(work, 'said'),
      '--environment',
      'cpu=Intel Xeon Platinum 8370C,cores=4',
    ]);
    expect(said).toMatchObject({ code: 0, err: '' });
    expect(said.out).toMatch(/^perfgate compare: PASS: .*\n {2}49 of 49 comparisons passed/m);
  });

  test('results that name no machine are checked as this machine; a history that names none gets one line saying so', async () => {
    const plan9 = join(work, 'history-plan9');
    expect((await cli(['history', 'import', RUNS, '-o', plan9, '--environment', 'os=Plan 9,cores=4096'])).code).toBe(0);
    const candidate = join(RUNS, 'r10');
    const other = await cli(['compare', '--history', plan9, '--results', candidate, '-o', join(work, 'plan9')]);
    expect(other.code).toBe(0);
    expect(other.out).toContain(`(history vs this run: OS: Plan 9 vs ${type()}; cores: 4096 vs ${cpus().length})`);
    const none = await cli(['compare', '--history', RUNS, '--results', candidate, '-o', join(work, 'none')]);
    expect(none.err).toBe(
      'perfgate: warning: No machine check: the 3 history runs record no machine, so a result 60 % slower may be a slower machine rather than slower code ' +
        '(perfgate history import --environment records it; the action records its runner).\n',
    );
    const off = await cli([
      'compare',
      '--history',
      RUNS,
      '--results',
      candidate,
      '-o',
      join(work, 'off'),
      '--no-environment-check',
    ]);
    expect(off.err).toBe('');
    expect(off.out).toBe(none.out.split(join(work, 'none')).join(join(work, 'off')));
  });

  test('usage: --environment and --no-environment-check are for --history, and not together', async () => {
    const candidate = join(RUNS, 'r10');
    expect(
      await cli([
        'compare',
        '--reference',
        join(RUNS, 'r1'),
        '--results',
        candidate,
        '--environment',
        'os=Linux',
        '-o',
        join(work, 'u1'),
      ]),
    ).toMatchObject({
      code: 2,
      err: expect.stringContaining('--environment and --no-environment-check are for --history'),
    });
    expect(
      await cli([
        'compare',
        '--history',
        RUNS,
        '--results',
        candidate,
        '--environment',
        'os=Linux',
        '--no-environment-check',
        '-o',
        join(work, 'u2'),
      ]),
    ).toMatchObject({
      code: 2,
      err: expect.stringContaining('--no-environment-check turns the check off: give one'),
    });
  });
});

describeShared("Google Benchmark's own compare test files (../shared)", () => {
  test('a 4-CPU context is recorded as 4 cores, and a 2-core run of the same benchmarks is not comparable with it', async () => {
    const gb = join(sharedDir, 'fixtures', 'formats', 'google-benchmark');
    const out = join(tempDir('perfgate-machines-'), 'history');
    expect((await cli(['history', 'import', runsFolder([join(gb, 'test1_run1.json')]), '-o', out])).code).toBe(0);
    expect(environmentLines(out)).toEqual(['  "environment": {"cores":4},']);
    const two = JSON.parse(read(join(gb, 'test1_run2.json')));
    two.context.num_cpus = 2;
    const candidate = join(tempDir('perfgate-machines-'), 'run2.json');
    writeFileSync(candidate, JSON.stringify(two));
    const result = await cli([
      'compare',
      '--history',
      out,
      '--results',
      candidate,
      '-o',
      join(tempDir('perfgate-machines-'), 'o'),
    ]);
    expect(result.code).toBe(0);
    expect(result.out).toContain('(history vs this run: cores: 4 vs 2)');
  });
});
