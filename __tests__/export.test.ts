import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { bmfAdapter } from '../src/engine/formats/bmf.js';
import { githubActionBenchmarkAdapter } from '../src/engine/formats/githubActionBenchmark.js';
import type { Measurement, ResultSet } from '../src/engine/model/measurement.js';
import { discoverResults } from '../src/pipeline/discover.js';
import { loadResultSet } from '../src/pipeline/resultSets.js';
import { cli, repoRoot, tempDir, cwdFiles } from './helpers/shared.js';

// perfgate export: real fixtures written as BMF and github-action-benchmark JSON, then read back
// with perfgate's own adapters of those formats. Expected values are read off the fixtures.

const formats = join(repoRoot, 'fixtures', 'formats');
const goCount3 = join(formats, 'go-bench', 'publish_count3.txt');
const benchmarkJs = join(formats, 'benchmarkjs', 'suite_run1.txt');
const julia = join(formats, 'julia-benchmarktools', 'results.json');

/** Runs `perfgate export` writing to a temp file; the file's text. */
async function exportTo(args: string[]): Promise<string> {
  const output = join(tempDir('perfgate-export-'), 'out.json');
  const run = await cli(['export', ...args, '--output', output]);
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  return readFileSync(output, 'utf8');
}

function readBack(adapter: FormatAdapter, text: string): ResultSet {
  const file = join(tempDir('perfgate-export-back-'), 'back.json');
  writeFileSync(file, text);
  expect(read(file).format).toBe(adapter.id);
  return adapter.parse({ file, text }, {});
}

/** The file as every command reads it (its format detected). */
function read(file: string): ResultSet {
  return loadResultSet(cwdFiles, discoverResults(cwdFiles, [file], { formats: true }).files[0]!, {
    floatParse: 'precise',
  }).set;
}

function original(file: string): Measurement[] {
  return read(file).measurements;
}

const benchmarkOf = (m: Measurement) =>
  m.parameter.label === '' ? m.experiment : `${m.experiment}/${m.parameter.label}`;
const primaryOf = (m: Measurement) => m.statistics.value ?? m.statistics.median ?? m.statistics.mean;

/**
 * Every measurement of `before` is in `after` under its benchmark name (the experiment, or with
 * the metric after " - " where the entry names it), with the same primary value, dimension,
 * stored unit and direction.
 */
function expectSameValues(before: readonly Measurement[], after: ResultSet, named: (m: Measurement) => string): void {
  expect(after.measurements).toHaveLength(before.length);
  for (const m of before) {
    const match = after.measurements.filter(
      (r) =>
        r.experiment === named(m) &&
        r.metric.dimension === m.metric.dimension &&
        Math.abs(r.statistics.value! - primaryOf(m)!) <= 1e-9 * Math.max(1, Math.abs(primaryOf(m)!)),
    );
    expect({ benchmark: named(m), metric: m.metric.name, found: match.length }).toEqual({
      benchmark: named(m),
      metric: m.metric.name,
      found: 1,
    });
    expect(match[0]!.metric.unit).toBe(m.metric.unit);
    expect(match[0]!.metric.direction).toBe(m.metric.direction);
  }
}

describe('perfgate export --format bmf', () => {
  it('writes go test -count 3 output: ns/op as latency (ns), other units as the measure, min and max as the bounds', async () => {
    const bmf = JSON.parse(await exportTo(['--format', 'bmf', goCount3])) as Record<
      string,
      Record<string, Record<string, number>>
    >;
    // BenchmarkPublish/size=64,mode=copy: 1060, 112.6 and 109.3 ns/op; 60.39, 568.34, 585.50 MB/s
    expect(bmf['BenchmarkPublish/size=64,mode=copy']).toEqual({
      latency: { value: 112.6, lower_value: 109.3, upper_value: 1060 },
      'MB/s': { value: 568.34, lower_value: 60.39, upper_value: 585.5 },
      'B/op': { value: 80, lower_value: 80, upper_value: 80 },
      'allocs/op': { value: 1, lower_value: 1, upper_value: 1 },
    });
    expect(Object.keys(bmf['BenchmarkQueueDepth']!)).toEqual([
      'latency',
      'auxMetricUnits',
      'frames/op',
      'B/op',
      'allocs/op',
    ]);
  });

  it('round trip: go-bench, benchmark.js, Julia and BMF itself read back with the same values, units and directions', async () => {
    for (const file of [
      goCount3,
      benchmarkJs,
      julia,
      join(formats, 'bmf', 'results.json'),
      join(formats, 'redis', 'redis7.csv'),
    ]) {
      const back = readBack(bmfAdapter, await exportTo(['--format', 'bmf', file]));
      expectSameValues(original(file), back, benchmarkOf);
    }
  });

  it('round trip keeps min and max as lower_value and upper_value (Julia times: 2285.5 … 2405.25 ns)', async () => {
    const text = await exportTo(['--format', 'bmf', julia]);
    const bmf = JSON.parse(text) as Record<string, Record<string, Record<string, number>>>;
    expect(bmf['string/replace']).toEqual({
      latency: { value: 2295.125, lower_value: 2285.5, upper_value: 2405.25 },
      'memory [bytes]': { value: 1104 },
      allocs: { value: 3 },
    });
    const back = readBack(bmfAdapter, text);
    const time = back.measurements.find((m) => m.experiment === 'string/replace' && m.metric.name === 'latency')!;
    expect(time.statistics).toEqual({
      value: expect.closeTo(2.295125, 9),
      min: expect.closeTo(2.2855, 9),
      max: expect.closeTo(2.40525, 9),
    });
    // What BMF cannot hold: the median is now the value, the sample count and the raw samples are gone.
    expect(time.samples).toBeUndefined();
  });

  it("a BMF file exported again gives the same document: Bencher's measure names are kept, a benchmark's only time becomes latency", async () => {
    const file = join(formats, 'bmf', 'results.json');
    const expected = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
    // "decode frame": "cpu time [us]" 12.75 is its only time metric.
    delete expected['decode frame']!['cpu time [us]'];
    expected['decode frame']!.latency = { value: 12750 };
    expect(JSON.parse(await exportTo(['--format', 'bmf', file]))).toEqual(expected);
  });

  it('prints to standard output without --output, the same bytes every time', async () => {
    const first = await cli(['export', '--format', 'bmf', benchmarkJs]);
    const second = await cli(['export', '--format', 'bmf', benchmarkJs]);
    expect(first.code).toBe(0);
    expect(first.out).toBe(second.out);
    // RegExp#test x 33,279,336 ops/sec ±5.61% (77 runs sampled)
    expect((JSON.parse(first.out) as Record<string, unknown>)['RegExp#test']).toEqual({
      throughput: { value: 33279336 },
    });
  });
});

describe('perfgate export --format github-action-benchmark', () => {
  it('writes one direction per file: lower-is-better for customSmallerIsBetter, higher-is-better for customBiggerIsBetter', async () => {
    const smaller = JSON.parse(
      await exportTo(['--format', 'github-action-benchmark', '--direction', 'lower-is-better', goCount3]),
    ) as Record<string, unknown>[];
    expect(smaller[0]).toEqual({
      name: 'BenchmarkPublish/size=64,mode=copy - time/op',
      unit: 'ns/op',
      value: 112.6,
      extra: 'median, 3 samples',
    });
    expect(smaller.map((e) => e.unit)).not.toContain('MB/s');
    const bigger = JSON.parse(
      await exportTo(['--format', 'github-action-benchmark', '--direction', 'higher-is-better', goCount3]),
    ) as Record<string, unknown>[];
    // BenchmarkPublish/size=1024,mode=copy: 538.67, 893.21, 505.64 MB/s
    expect(bigger.map((e) => e.unit)).toEqual(['MB/s', 'MB/s', 'MB/s', 'MB/s']);
    expect(bigger[2]).toEqual({
      name: 'BenchmarkPublish/size=1024,mode=copy - MB/s',
      unit: 'MB/s',
      value: 538.67,
      extra: 'median, 3 samples',
    });
  });

  it('round trip: both files read back give every value, unit and direction (the direction from the unit)', async () => {
    const named = (m: Measurement) => `${benchmarkOf(m)} - ${m.metric.name}`;
    const before = original(goCount3);
    const smaller = readBack(
      githubActionBenchmarkAdapter,
      await exportTo(['--format', 'github-action-benchmark', '--direction', 'lower-is-better', goCount3]),
    );
    const bigger = readBack(
      githubActionBenchmarkAdapter,
      await exportTo(['--format', 'github-action-benchmark', '--direction', 'higher-is-better', goCount3]),
    );
    expectSameValues(
      before.filter((m) => m.metric.direction === 'lower-is-better'),
      smaller,
      named,
    );
    expectSameValues(
      before.filter((m) => m.metric.direction === 'higher-is-better'),
      bigger,
      named,
    );
    // hyperfine "./z_ping 64": median 0.1021 s, stddev 0.00231 s (the range), 3 times.
    const hyperfine = JSON.parse(
      await exportTo(['--format', 'github-action-benchmark', join(formats, 'hyperfine', 'scan.json')]),
    ) as Record<string, unknown>[];
    expect(hyperfine[0]).toEqual({
      name: './z_ping {size}/size=64 - wall time',
      unit: 's',
      value: 0.1021,
      range: '± 0.00231',
      extra: 'median, 3 samples',
    });
  });

  it('a single-direction file needs no --direction (benchmark.js: every metric a throughput)', async () => {
    const entries = JSON.parse(await exportTo(['--format', 'github-action-benchmark', benchmarkJs])) as Record<
      string,
      unknown
    >[];
    expect(entries[0]).toEqual({ name: 'RegExp#test', unit: 'ops/sec', value: 33279336, extra: 'mean, 77 samples' });
    expectSameValues(
      original(benchmarkJs),
      readBack(githubActionBenchmarkAdapter, JSON.stringify(entries)),
      benchmarkOf,
    );
  });

  it('mixed directions without --direction is a usage error saying what to do', async () => {
    const run = await cli(['export', '--format', 'github-action-benchmark', goCount3]);
    expect(run.code).toBe(2);
    expect(run.err).toBe(
      'perfgate: error: the results have lower-is-better metrics (time/op, B/op, allocs/op, auxMetricUnits, frames/op) and higher-is-better ones (MB/s); ' +
        'github-action-benchmark takes one direction per file: export twice, with --direction lower-is-better (tool: customSmallerIsBetter) ' +
        'and --direction higher-is-better (tool: customBiggerIsBetter)\n',
    );
    const none = await cli([
      'export',
      '--format',
      'github-action-benchmark',
      '--direction',
      'lower-is-better',
      benchmarkJs,
    ]);
    expect(none.code).toBe(2);
    expect(none.err).toBe('perfgate: error: the results have no lower-is-better metric to export\n');
  });
});

describe('perfgate export: reading and usage', () => {
  it('reads as check does: --from forces the format, --experiment-name renames', async () => {
    const dir = tempDir('perfgate-export-from-');
    const log = join(dir, 'bench.log');
    writeFileSync(log, readFileSync(benchmarkJs));
    const text = await exportTo([
      '--format',
      'bmf',
      '--from',
      'benchmarkjs',
      '--experiment-name',
      'RegExp#test=regexp',
      log,
    ]);
    const bmf = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(bmf)[0]).toBe('regexp');
    expect(Object.keys(bmf)).toHaveLength(6);
  });

  it.each([
    [['export', benchmarkJs], 'perfgate: error: export: --format must be bmf or github-action-benchmark\n'],
    [
      ['export', '--format', 'csv', benchmarkJs],
      'perfgate: error: export: --format must be bmf or github-action-benchmark; got "csv"\n',
    ],
    [
      ['export', '--format', 'bmf', '--direction', 'lower-is-better', benchmarkJs],
      'perfgate: error: --direction is for --format github-action-benchmark (a BMF file holds every direction)\n',
    ],
    [
      ['export', '--format', 'github-action-benchmark', '--direction', 'up', benchmarkJs],
      'perfgate: error: --direction must be lower-is-better or higher-is-better; got "up"\n',
    ],
    [['export', '--format', 'bmf'], 'perfgate: error: export: name at least one result file, folder or glob pattern\n'],
  ])('%j is a usage error', async (argv, message) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.err).toBe(message);
  });

  it('a broken input file is one input error naming file, line and column', async () => {
    const file = join(tempDir('perfgate-export-bad-'), 'bad.json');
    writeFileSync(file, '{"a": {"latency": {"value": "fast"}}}');
    const run = await cli(['export', '--format', 'github-action-benchmark', file]);
    expect(run.code).toBe(2);
    expect(run.err).toBe(`perfgate: error: ${file}:1:20: expected a number for "value", found the string "fast"\n`);
  });

  it('--help and the main help name the command', async () => {
    const help = await cli(['export', '--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain('perfgate export — write results as Bencher (BMF) or github-action-benchmark JSON');
    expect((await cli(['--help'])).out).toContain('perfgate export --format bmf|github-action-benchmark');
  });
});
