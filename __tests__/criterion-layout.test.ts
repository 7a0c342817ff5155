/**
 * Criterion's own layout, on a real tree: fixtures/formats/criterion/real-0.3.6 holds what
 * Criterion.rs 0.3.6 wrote in four `cargo bench` runs of one benchmark file (see SOURCES.md):
 * `runs/<date>/` is `target/criterion` after each of the first three runs, `target/criterion/` the
 * tree after the fourth, with its saved baseline (`base/`), its `change/` folders and a little of its
 * HTML report. Five benchmarks: `checksum` (no group), `publish/64` and `publish/1024`
 * (`BenchmarkId::from_parameter`), `codec/encode/64` and `codec/encode/1024` (`BenchmarkId::new`).
 * Every expected number is copied from the fixture's estimates.json files (ns, here in µs).
 */
import { cpSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { criterionConsoleAdapter } from '../src/engine/formats/criterion/console.js';
import { criterionJsonAdapter } from '../src/engine/formats/criterion/json.js';
import { discoverResults } from '../src/pipeline/discover.js';
import { parseHistoryRecord } from '../src/engine/history/codec.js';
import type { HistoryRecord } from '../src/engine/history/record.js';
import { loadResults } from '../src/pipeline/results.js';
import { inputError } from './helpers/formats.js';
import { cli, read, repoRoot, tempDir, cwdFiles } from './helpers/shared.js';

const REAL = join(repoRoot, 'fixtures', 'formats', 'criterion', 'real-0.3.6');
const TREE = join(REAL, 'target', 'criterion');
const RUNS = join(REAL, 'runs');
const RUN_NAMES = ['2026-11-26_15-18-25', '2026-11-26_15-21-48', '2026-11-26_15-26-28'];
/** Depth first, names in code-point order (`1024` before `64`), as a glob lists them too. */
const BENCHMARKS = ['checksum', 'codec/encode/1024', 'codec/encode/64', 'publish/1024', 'publish/64'];
const BASE_REASON =
  "Criterion's saved baseline (base/), not the results of the run (new/); name the file on its own to read it";

/** Each benchmark's median of the fourth run (target/criterion/<id>/new/estimates.json), µs. */
const TREE_MEDIANS: Record<string, number> = {
  checksum: 1.3982382376237624,
  'codec/encode/1024': 6.749511407249467,
  'codec/encode/64': 0.3880088855903641,
  'publish/1024': 6.21694043040293,
  'publish/64': 0.3778613403990025,
};
/**
 * Each benchmark's slope of the fourth run, µs: what `cargo bench` printed as its time, and the primary statistic
 * (read from the files with Python's json: point_estimate / 1000).
 */
const TREE_SLOPES: Record<string, number> = {
  checksum: 1.4373793294758048,
  'codec/encode/1024': 7.849086504398231,
  'codec/encode/64': 0.4432637607185722,
  'publish/1024': 6.638273558822131,
  'publish/64': 0.43453410072222043,
};
/** The same medians in runs/<date>/, oldest first, µs. */
const RUN_MEDIANS: Record<string, number[]> = {
  checksum: [3.374380191087196, 2.326423736513345, 2.101435612470244],
  'codec/encode/1024': [20.22118530982906, 13.273503184281843, 7.954067943805875],
  'codec/encode/64': [1.15063236318928, 0.8521590184354759, 0.50067369944180086],
  'publish/1024': [12.277854861111111, 12.026825854700855, 16.75183764107455],
  'publish/64': [0.5270938399347278, 0.3673938820436797, 0.5702694314690906],
};

/** experiment, parameter and median of each time measurement, keyed like BENCHMARKS. */
function medians(
  rows: readonly { experiment: string; parameter: string; median: number | null | undefined }[],
): Record<string, number | null | undefined> {
  return Object.fromEntries(
    rows.map((r) => [r.parameter === '' ? r.experiment : `${r.experiment}/${r.parameter}`, r.median]),
  );
}

/** ns ÷ 1000 may differ from the value written in µs in the last bit. */
function close(values: Record<string, number>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([id, v]) => [id, expect.closeTo(v, 12)]));
}

function records(folder: string): HistoryRecord[] {
  return readdirSync(folder)
    .filter((n) => n.startsWith('history-'))
    .sort()
    .map((n) => parseHistoryRecord(read(join(folder, n)), n));
}

describe("discovery in Criterion's tree", () => {
  test("a folder: each benchmark's new/estimates.json; base/, change/ and report/ skipped with one notice", () => {
    const found = discoverResults(cwdFiles, [TREE], { formats: true });
    expect(found.files.map((f) => [relative(TREE, f.path), f.format])).toEqual(
      BENCHMARKS.map((b) => [`${b}/new/estimates.json`, 'criterion-json']),
    );
    expect(found.notices).toEqual([
      `${TREE}: Criterion's layout: read 5 benchmark(s) from <id>/new/estimates.json; skipped what is not the current run: ` +
        "5 saved baseline(s) (base/: name a base/estimates.json on its own to read it), 5 change/ folder(s) (Criterion's comparison with its baseline) and 2 report/ folder(s)",
    ]);
  });

  test('a folder above it (target/, a project) finds the same files', () => {
    const found = discoverResults(cwdFiles, [join(REAL, 'target')], { formats: true });
    expect(found.files.map((f) => relative(TREE, f.path))).toEqual(BENCHMARKS.map((b) => `${b}/new/estimates.json`));
  });

  test("the README's results/** glob: the five results; baselines and the other 38 files skipped with a notice each kind", () => {
    const pattern = join(TREE, '**');
    const found = discoverResults(cwdFiles, [pattern], { formats: true });
    expect(found.files.map((f) => relative(TREE, f.path))).toEqual(BENCHMARKS.map((b) => `${b}/new/estimates.json`));
    // 58 files: 5 results, 5 baselines, 10 benchmark.json and sample.json read along with the
    // results, and 38 others: 10 raw.csv and tukey.json in new/, 20 in base/ (benchmark.json,
    // raw.csv, sample.json, tukey.json), 5 change/estimates.json, 3 report files.
    expect(found.notices).toEqual([
      `${pattern}: skipped 5 files, ${BASE_REASON}: ${join(TREE, 'checksum/base/estimates.json')}, ${join(TREE, 'codec/encode/1024/base/estimates.json')}, ` +
        `${join(TREE, 'codec/encode/64/base/estimates.json')} and 2 more`,
      `${pattern}: skipped 38 file(s) that are not result files: ${join(TREE, 'checksum/base/benchmark.json')}, ${join(TREE, 'checksum/base/raw.csv')}, ` +
        `${join(TREE, 'checksum/base/sample.json')} and 35 more`,
    ]);
  });

  test('a glob whose matches hold no result file is an error naming how many it matched', () => {
    const svg = join(TREE, '**', '*.{svg,html}');
    expect(inputError(() => discoverResults(cwdFiles, [svg], { formats: true }))).toMatchObject({
      message: `no result files perfgate recognises (Fast-DDS summary or raw measurement CSVs, or another supported format) among the 3 file(s) this pattern matches (${join(TREE, 'publish/64/report/index.html')}, ${join(TREE, 'publish/64/report/pdf_small.svg')}, ${join(TREE, 'report/index.html')})`,
      place: { file: svg },
    });
    const baselines = join(TREE, '**', 'base', 'estimates.json');
    expect(inputError(() => discoverResults(cwdFiles, [baselines], { formats: true })).message).toBe(
      `no result files perfgate recognises (Fast-DDS summary or raw measurement CSVs, or another supported format) among the 5 file(s) this pattern matches (${join(TREE, 'checksum/base/estimates.json')}, ${join(TREE, 'codec/encode/1024/base/estimates.json')}, ` +
        `${join(TREE, 'codec/encode/64/base/estimates.json')} and 2 more); 5 skipped as ${BASE_REASON}`,
    );
  });

  test('a base/estimates.json named on its own is read; a benchmark.json named on its own is an error saying what to name', () => {
    const base = join(TREE, 'publish', '64', 'base', 'estimates.json');
    expect(discoverResults(cwdFiles, [base], { formats: true }).files).toEqual([
      { path: base, experimentType: '', format: 'criterion-json' },
    ]);
    const benchmark = join(TREE, 'publish', '64', 'new', 'benchmark.json');
    expect(inputError(() => discoverResults(cwdFiles, [benchmark], { formats: true }))).toMatchObject({
      message:
        'not a result file: benchmark.json is read along with the Criterion.rs estimates.json (with sample.json) result file of its folder; name that file, or the folder',
      place: { file: benchmark },
    });
  });

  test('a folder holding only saved baselines is an error that says so', () => {
    const dir = tempDir();
    cpSync(join(TREE, 'publish', '64', 'base'), join(dir, 'publish', '64', 'base'), { recursive: true });
    expect(inputError(() => discoverResults(cwdFiles, [dir], { formats: true })).message).toBe(
      'the folder holds no result files perfgate recognises (Fast-DDS summary or raw measurement CSVs, or another supported format); ' +
        "of its sub-folders only Criterion's <id>/new/estimates.json are searched (up to 8 levels), and it holds only Criterion's saved baselines (1 base/estimates.json): name one on its own to read it",
    );
  });

  test('a baseline saved under another name (--save-baseline main) is skipped like base/, in a folder and in a glob', () => {
    const dir = tempDir();
    cpSync(join(TREE, 'publish', '64'), join(dir, 'publish', '64'), { recursive: true });
    cpSync(join(TREE, 'publish', '64', 'base'), join(dir, 'publish', '64', 'main'), { recursive: true });
    const folder = discoverResults(cwdFiles, [dir], { formats: true });
    expect(folder.files.map((f) => relative(dir, f.path))).toEqual(['publish/64/new/estimates.json']);
    expect(folder.notices[0]).toMatch(
      /: read 1 benchmark\(s\) from <id>\/new\/estimates.json; skipped what is not the current run: 2 saved baseline\(s\) /,
    );
    const pattern = join(dir, '**', 'estimates.json');
    const glob = discoverResults(cwdFiles, [pattern], { formats: true });
    expect(glob.files.map((f) => relative(dir, f.path))).toEqual(['publish/64/new/estimates.json']);
    expect(glob.notices).toEqual([
      `${join(dir, 'publish/64/base/estimates.json')}: skipped, ${BASE_REASON}`,
      `${join(dir, 'publish/64/main/estimates.json')}: skipped, Criterion's saved baseline (main/), not the results of the run (new/); name the file on its own to read it`,
      `${pattern}: skipped 1 file(s) that are not result files: ${join(dir, 'publish/64/change/estimates.json')}`,
    ]);
  });

  test('the search goes 8 folder levels down, into no hidden folder and no node_modules', () => {
    const dir = tempDir();
    const place = (...folders: string[]) => {
      mkdirSync(join(dir, ...folders), { recursive: true });
      cpSync(join(TREE, 'publish', '64', 'new'), join(dir, ...folders), { recursive: true });
    };
    place('a', 'b', 'c', 'd', 'e', 'f', 'g', 'new'); // new/ 8 levels down: found
    place('h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'new'); // 9 levels down: not searched
    place('.git', 'x', 'new');
    place('node_modules', 'x', 'new');
    expect(discoverResults(cwdFiles, [dir], { formats: true }).files.map((f) => relative(dir, f.path))).toEqual([
      'a/b/c/d/e/f/g/new/estimates.json',
    ]);
  });
});

describe("names from Criterion's benchmark.json", () => {
  test('group → experiment, value → parameter; group/function → experiment; the medians as written', () => {
    const loaded = loadResults(cwdFiles, [TREE], { floatParse: 'precise' });
    const rows = [...loaded.experiments.values()].flatMap((e) =>
      e.measurements.map((m) => ({
        experiment: m.experiment,
        parameter: m.parameter.label,
        median: m.statistics.median,
        samples: m.samples?.length,
      })),
    );
    expect(rows.map((r) => [r.experiment, r.parameter, r.samples])).toEqual([
      ['checksum', '', 10],
      ['codec/encode', '1024', 10],
      ['codec/encode', '64', 10],
      ['publish', '1024', 10],
      ['publish', '64', 10],
    ]);
    expect(medians(rows)).toEqual(close(TREE_MEDIANS));
  });

  test('a function without a value is part of the experiment; a value holding "/" stays whole', () => {
    const text = readFileSync(join(TREE, 'checksum', 'new', 'estimates.json'), 'utf8');
    const parse = (benchmark: object) =>
      criterionJsonAdapter.parse(
        {
          file: 'target/criterion/x/new/estimates.json',
          text,
          siblings: { 'benchmark.json': JSON.stringify(benchmark) },
        },
        {},
      ).measurements[0]!;
    const fn = parse({
      group_id: 'codec',
      function_id: 'decode',
      value_str: null,
      throughput: null,
      full_id: 'codec/decode',
      directory_name: 'codec/decode',
    });
    expect([fn.experiment, fn.parameter.label]).toEqual(['codec/decode', '']);
    const slash = parse({
      group_id: 'route',
      function_id: null,
      value_str: 'a/b',
      throughput: null,
      full_id: 'route/a/b',
      directory_name: 'route/a_b',
    });
    expect([slash.experiment, slash.parameter.label]).toEqual(['route', 'a/b']);
    // Without group_id (a hand-made file), full_id is split at its last '/'.
    const full = parse({ full_id: 'publish/64' });
    expect([full.experiment, full.parameter.label]).toEqual(['publish', '64']);
  });
});

test("the console of the fourth run (cargo_bench.txt) names the benchmarks as its tree's benchmark.json does", () => {
  const file = join(REAL, 'cargo_bench.txt');
  const set = criterionConsoleAdapter.parse({ file, text: readFileSync(file, 'utf8') }, {});
  expect(set.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.place.line])).toEqual([
    ['publish', '64', 'time', 9],
    ['publish', '64', 'throughput', 9],
    ['publish', '1024', 'time', 19],
    ['publish', '1024', 'throughput', 19],
    ['codec/encode', '64', 'time', 32],
    ['codec/encode', '64', 'throughput', 32],
    ['codec/encode', '1024', 'time', 42],
    ['codec/encode', '1024', 'throughput', 42],
    ['checksum', '', 'time', 55],
  ]);
  // publish/64 time: [357.91 ns 434.53 ns 527.94 ns]: the middle value, in µs.
  expect(set.measurements[0]!.statistics.mean).toBeCloseTo(0.43453, 12);
});

test("the time cargo bench printed is the slope of the same run's estimates.json, the statistic perfgate gates", () => {
  const file = join(REAL, 'cargo_bench.txt');
  const printed = criterionConsoleAdapter
    .parse({ file, text: readFileSync(file, 'utf8') }, {})
    .measurements.filter((m) => m.metric.name === 'time')
    .map((m) => [m.parameter.label === '' ? m.experiment : `${m.experiment}/${m.parameter.label}`, m.statistics.mean]);
  // Criterion prints 5 significant digits: 434.53 ns, 6.6383 µs, 443.26 ns, 7.8491 µs, 1.4374 µs.
  const slopes = Object.fromEntries(printed.map(([id]) => [id, Number(TREE_SLOPES[id as string]!.toPrecision(5))]));
  expect(Object.fromEntries(printed.map(([id, mean]) => [id, Number((mean as number).toPrecision(5))]))).toEqual(
    slopes,
  );
  // The median, which perfgate gated before, is 3–14 % below what the user saw (here 14 %).
  expect(TREE_MEDIANS['codec/encode/1024']! / TREE_SLOPES['codec/encode/1024']!).toBeCloseTo(0.86, 2);
});

describe('Criterion runs through the CLI', () => {
  test('history import of a folder of runs: one record per run, dated by its folder, each benchmark named and its median kept', async () => {
    const history = join(tempDir(), 'history');
    const result = await cli(['history', 'import', RUNS, '--output', history]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^history import: 3 run\(s\) read, 3 record\(s\) written, 0 already there \(window 30\)$/m,
    );
    const recorded = records(history);
    expect(recorded.map((r) => r.date)).toEqual(
      RUN_NAMES.map((n) => `${n.slice(0, 10)}T${n.slice(11).replace(/-/g, ':')}.000Z`),
    );
    recorded.forEach((record, i) => {
      const time = record.measurements.filter((m) => m.metric === 'time');
      expect(time.map((m) => [m.experiment, m.parameter, m.format])).toEqual([
        ['checksum', '', 'criterion-json'],
        ['codec/encode', '1024', 'criterion-json'],
        ['codec/encode', '64', 'criterion-json'],
        ['publish', '1024', 'criterion-json'],
        ['publish', '64', 'criterion-json'],
      ]);
      expect(
        medians(time.map((m) => ({ experiment: m.experiment, parameter: m.parameter, median: m.statistics.median }))),
      ).toEqual(close(Object.fromEntries(Object.entries(RUN_MEDIANS).map(([id, values]) => [id, values[i]!]))));
    });
  });

  test('history import of target/criterion is one run, not one per benchmark group', async () => {
    const history = join(tempDir(), 'history');
    const result = await cli(['history', 'import', TREE, '--output', history]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^history import: 1 run\(s\) read, 1 record\(s\) written/m);
    const [record] = records(history);
    expect(
      medians(
        record!.measurements.map((m) => ({
          experiment: m.experiment,
          parameter: m.parameter,
          median: m.statistics.median,
        })),
      ),
    ).toEqual(close(TREE_MEDIANS));
  });

  test('compare --history of the imported runs with the tree: every benchmark compared against 3 runs', async () => {
    const work = tempDir();
    const history = join(work, 'history');
    expect((await cli(['history', 'import', RUNS, '--output', history])).code).toBe(0);
    const out = join(work, 'out');
    const result = await cli(['compare', '--history', history, '--results', TREE, '--output-dir', out]);
    // The fourth run is faster than the three before it (the runs shared a busy 2-core VM): no row fails.
    expect(result.code).toBe(0);
    const report = JSON.parse(read(join(out, 'comparison.json'))) as {
      verdict: string;
      subExperiments: {
        experimentType: string;
        comparisons: { parameter: string; statistic: string; result: number; historyRuns: number }[];
      }[];
    };
    expect(report.verdict).toBe('pass');
    const rows = report.subExperiments.flatMap((s) =>
      s.comparisons.filter((c) => c.parameter !== 'geomean').map((c) => ({ ...c, experiment: s.experimentType })),
    );
    expect(rows.map((r) => r.historyRuns)).toEqual([3, 3, 3, 3, 3]);
    expect(
      medians(
        rows.map((r) => ({
          experiment: r.experiment,
          parameter: r.parameter,
          median: r.statistic === 'slope' ? r.result : undefined,
        })),
      ),
    ).toEqual(close(TREE_SLOPES));
  });

  test('compare --history with one Criterion run for history says it is one run', async () => {
    const result = await cli(['compare', '--history', TREE, '--results', TREE, '--output-dir', join(tempDir(), 'out')]);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `perfgate: error: ${TREE}: this is one run of Criterion (its sub-folders are Criterion's benchmark groups), not a folder of runs: give a folder with one sub-folder per run, each a copy of target/criterion\n`,
    );
  });

  test('derive-requirements over the runs folder: one limit per benchmark, the highest slope of the 3 runs (100th percentile), rounded up to 6 digits', async () => {
    const output = join(tempDir(), 'requirements.csv');
    const result = await cli(['derive-requirements', RUNS, '--output', output, '--percentile', '100', '--margin', '0']);
    expect(result.code).toBe(0);
    // The file states its rule in `#` lines (derive-requirements); the limits are the other lines.
    expect(read(output)).toMatch(
      /^# derived by perfgate derive-requirements from 3 runs: each limit is the 100th percentile across the runs/,
    );
    const limits = read(output)
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n');
    expect(limits).toBe(
      'Experiment,Parameter,time.slope [us] <=\n' +
        'checksum,*,3.64025\n' + // max(3.6402434, 2.6780412, 2.1289747)
        'codec/encode,1024,25.1639\n' + // 25.163835
        'codec/encode,64,1.14566\n' + // 1.1456501
        'publish,1024,34.7556\n' + // 34.755572 (the first run)
        'publish,64,0.568766\n', // 0.56876518 (the third run)
    );
  });

  test('paired run folders of Criterion trees: identical runs on both sides change nothing', async () => {
    const out = join(tempDir(), 'out');
    const result = await cli(['compare', '--paired', '--reference', RUNS, '--results', RUNS, '--output-dir', out]);
    expect(result.code).toBe(0);
    const report = JSON.parse(read(join(out, 'comparison.json'))) as {
      subExperiments: { experimentType: string; comparisons: { parameter: string; deltaPercent: number }[] }[];
    };
    const rows = report.subExperiments.flatMap((s) =>
      s.comparisons.map((c) => [s.experimentType, c.parameter, c.deltaPercent]),
    );
    expect(rows.filter((r) => r[1] !== 'geomean').sort()).toEqual([
      ['checksum', '', 0],
      ['codec/encode', '1024', 0],
      ['codec/encode', '64', 0],
      ['publish', '1024', 0],
      ['publish', '64', 0],
    ]);
  });
});
