import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { cli, describeShared, read, repoRoot, sharedDir, tempDir, cwdFiles } from './helpers/shared.js';

// The regression gate for every format: compare with a reference, compare with a history of
// runs, derive requirements from runs, and check the derived requirements, on real outputs of
// each tool (the repository's own fixtures, so this runs in a clone without ../shared).

const formats = join(repoRoot, 'fixtures', 'formats');
const criterionNew = join(formats, 'criterion', 'target', 'criterion', 'publish', '64', 'new');

interface FormatCase {
  id: string;
  files: string[];
  /** Files the adapter reads along with `files` from their folder, copied into each run's folder too. */
  siblings?: string[];
  /** Extra flags every command needs to read the files. */
  read?: string[];
}

const CASES: FormatCase[] = [
  {
    id: 'fastdds-raw',
    files: [join(repoRoot, 'fixtures', 'example', 'results', 'measurements_interprocess_best_effort.csv')],
  },
  { id: 'fastdds-latency-console', files: [join(formats, 'fastdds-tools', 'latency_publisher_stdout.txt')] },
  { id: 'fastdds-latency-csv', files: [join(formats, 'fastdds-tools', 'perf_LatencyTest_16_besteffort.csv')] },
  {
    id: 'fastdds-throughput',
    files: [join(formats, 'fastdds-tools', 'measurements_interprocess_best_effort.csv')],
    read: ['--format', 'fastdds-throughput'],
  },
  { id: 'iceperf', files: [join(formats, 'iceperf', 'v2.95_leader.txt')] },
  { id: 'iceoryx2', files: [join(formats, 'iceoryx2', 'publish_subscribe.txt')] },
  { id: 'kuksa-console', files: [join(formats, 'kuksa', 'detailed.txt')] },
  { id: 'kuksa-csv', files: [join(formats, 'kuksa', 'Frame 1.csv')] },
  { id: 'fep', files: [join(formats, 'fep', 'results.csv')] },
  { id: 'netio3', files: [join(formats, 'netio3', 'sweep.csv')] },
  { id: 'ddsperf', files: [join(formats, 'ddsperf', 'ping_size64.txt'), join(formats, 'ddsperf', 'sub_size1024.txt')] },
  { id: 'hyperfine', files: [join(formats, 'hyperfine', 'scan.json')] },
  { id: 'google-benchmark', files: [join(formats, 'google-benchmark', 'repetitions.json')] },
  { id: 'go-bench', files: [join(formats, 'go-bench', 'publish_count3.txt')] },
  { id: 'rust-libtest', files: [join(formats, 'rust-libtest', 'nightly_1.97.txt')] },
  { id: 'criterion-console', files: [join(formats, 'criterion', 'criterion_console.txt')] },
  {
    id: 'criterion-json',
    files: [join(criterionNew, 'estimates.json')],
    siblings: [join(criterionNew, 'benchmark.json'), join(criterionNew, 'sample.json')],
  },
  { id: 'catch2-console', files: [join(formats, 'catch2', 'v2_console.txt')] },
  { id: 'catch2-xml', files: [join(formats, 'catch2', 'v3_sections.xml')] },
  { id: 'github-action-benchmark', files: [join(formats, 'github-action-benchmark', 'custom.json')] },
  { id: 'julia-benchmarktools', files: [join(formats, 'julia-benchmarktools', 'results.json')] },
  { id: 'bmf', files: [join(formats, 'bmf', 'results.json')] },
  { id: 'benchmarkjs', files: [join(formats, 'benchmarkjs', 'suite_run1.txt')] },
  { id: 'benchmarkluau', files: [join(formats, 'benchmarkluau', 'benchmarkluau_output.txt')] },
  { id: 'hdrhistogram', files: [join(formats, 'hdrhistogram', 'rtt_ms.hgrm')] },
  { id: 'redis-benchmark', files: [join(formats, 'redis', 'redis7.csv')] },
  { id: 'pytest-benchmark', files: [join(formats, 'pytest-benchmark', 'codec.json')] },
  { id: 'jmh', files: [join(formats, 'jmh', 'publish_avgt_gc.json'), join(formats, 'jmh', 'queue_modes.json')] },
  {
    id: 'benchmarkdotnet',
    files: [join(formats, 'benchmarkdotnet', 'Perfgate.Benchmarks.PublishBenchmarks-report-full-compressed.json')],
  },
  {
    id: 'cachegrind',
    files: ['checksum', 'sort', 'copy'].map((b) =>
      join(formats, 'valgrind', 'cachegrind', 'runs', '2026-12-01_09-00-00', `cachegrind.out.${b}`),
    ),
  },
  {
    id: 'callgrind',
    files: ['checksum', 'sort', 'copy'].map((b) =>
      join(formats, 'valgrind', 'callgrind', 'runs', '2026-12-01_09-00-00', `callgrind.out.${b}`),
    ),
  },
  { id: 'perf-stat-csv', files: [join(formats, 'perf-stat', 'default-events.csv')] },
  { id: 'perf-stat-json', files: [join(formats, 'perf-stat', 'checksum.json')] },
  { id: 'gungraun-json', files: [join(formats, 'gungraun', 'base', 'bench.ndjson')] },
  { id: 'gungraun-text', files: [join(formats, 'gungraun', 'base', 'bench.txt')] },
  { id: 'codspeed-walltime', files: [join(formats, 'codspeed', 'base-1.json')] },
  {
    id: 'generic-csv',
    files: [join(formats, 'generic-csv', 'latency.csv')],
    read: ['--format', 'generic-csv', '--mapping', join(formats, 'generic-csv', 'mapping.json')],
  },
];

/** Formats whose only real samples are in ../shared. */
const SHARED_CASES: FormatCase[] = [
  { id: 'hyperfine-csv', files: [join(sharedDir, 'fixtures', 'real-runs', 'hyperfine', 'hyperfine_seq_param.csv')] },
  {
    id: 'redis-benchmark-quiet',
    files: [join(sharedDir, 'fixtures', 'real-runs', 'redis', 'redis_benchmark_d16_c10_n20000_quiet.txt')],
  },
];

const flagged = (flag: string, paths: readonly string[]) => paths.flatMap((p) => [flag, p]);
const json = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

interface ComparisonJson {
  verdict: string;
  subExperiments: {
    experimentType: string;
    status: string;
    comparisons: {
      status: string;
      deltaPercent: number | null;
      result: number | null;
      historyRuns?: number;
      parameter: string;
      metric: string;
      pooled?: boolean;
    }[];
  }[];
}

/** One folder per run (r1, r2, r10), each holding copies of the files. */
function runsFolder(files: readonly string[], siblings: readonly string[] = []): string {
  const runs = join(tempDir('perfgate-runs-'), 'runs');
  for (const run of ['r1', 'r2', 'r10']) {
    mkdirSync(join(runs, run), { recursive: true });
    for (const file of [...files, ...siblings]) copyFileSync(file, join(runs, run, basename(file)));
  }
  return runs;
}

async function gateEveryCommand({ id, files, siblings, read: readFlags = [] }: FormatCase): Promise<void> {
  // The files are what the case says they are.
  const inspected = await cli(['inspect', '--json', ...readFlags, ...files]);
  expect(inspected.code).toBe(0);
  expect((JSON.parse(inspected.out) as { files: { format: string }[] }).files.map((f) => f.format)).toEqual(
    files.map(() => id),
  );

  const dir = tempDir('perfgate-gate-');
  // A run compared with itself: every row paired, nothing new or missing, Δ 0.
  const same = await cli([
    'compare',
    ...flagged('--reference', files),
    ...flagged('--results', files),
    ...readFlags,
    '-o',
    join(dir, 'same'),
  ]);
  expect(same.err).toBe('');
  expect(same.code).toBe(0);
  const sameReport = json(join(dir, 'same', 'comparison.json')) as ComparisonJson;
  const rows = sameReport.subExperiments.flatMap((s) => s.comparisons);
  expect(rows.length).toBeGreaterThan(0);
  expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['pass']));
  expect(rows.every((r) => r.deltaPercent === 0 || r.deltaPercent === null)).toBe(true);

  // Three runs of history (folders r1, r2, r10): every row judged on 3 runs.
  const runs = runsFolder(files, siblings);
  const history = await cli([
    'compare',
    '--history',
    runs,
    ...flagged('--results', files),
    ...readFlags,
    '-o',
    join(dir, 'history'),
  ]);
  expect(history.code).toBe(0);
  const judged = (json(join(dir, 'history', 'comparison.json')) as ComparisonJson).subExperiments.flatMap(
    (s) => s.comparisons,
  );
  // Experiments with several parameters get a pooled geomean row per metric × statistic as well.
  const historyRows = judged.filter((r) => !r.pooled);
  for (const r of judged.filter((r) => r.pooled)) expect(r.parameter).toBe('geomean');
  expect(historyRows.map((r) => [r.parameter, r.metric])).toEqual(rows.map((r) => [r.parameter, r.metric]));
  // Rows with a positive result are judged on the 3 runs (a band on logs needs positive values).
  for (const r of historyRows) if (r.result !== null && r.result > 0) expect(r.historyRuns).toBe(3);

  // Requirements derived from the runs, then the same results checked against them: all pass.
  const requirements = join(dir, 'requirements.csv');
  const derived = await cli(['derive-requirements', runs, '--output', requirements, ...readFlags]);
  expect(derived.err).toBe('');
  expect(derived.code).toBe(0);
  // It states its method first (identical runs: no spread, each limit the worst run + 1 %).
  expect(derived.out).toMatch(
    /^derived by perfgate derive-requirements from 3 runs: each limit is a one-sided prediction bound/,
  );
  expect(derived.out.endsWith(`wrote ${requirements} from 3 run(s)\n`)).toBe(true);
  const header = read(requirements)
    .split('\n')
    .find((line) => !line.startsWith('#'))!;
  const referenceForm = id === 'fastdds-raw' || id === 'fastdds-summary';
  expect(header.startsWith(referenceForm ? 'Experiment type,Bytes,Median,99%,Max' : 'Experiment,Parameter,')).toBe(
    true,
  );
  // The general form states its method in # comment lines, which check reads past; the reference form has none.
  expect(read(requirements).startsWith('# derived by perfgate derive-requirements from 3 runs')).toBe(!referenceForm);
  const check = await cli([
    'check',
    ...flagged('--results', files),
    '--requirements',
    requirements,
    ...readFlags,
    '-o',
    join(dir, 'check'),
  ]);
  expect(check.code).toBe(0);
  const checkReport = json(join(dir, 'check', 'report.json')) as { checksTotal: number; checksFailed: number };
  expect(checkReport.checksFailed).toBe(0);
  expect(checkReport.checksTotal).toBeGreaterThan(0);
}

describe('compare, history and derive read every format', () => {
  test('the cases cover every format id perfgate reads', async () => {
    const { formatIds } = await import('../src/engine/formats/registry.js');
    const covered = new Set([...CASES, ...SHARED_CASES].map((c) => c.id));
    // Summaries are what fastdds-raw inputs become; they have their own byte-compatibility tests.
    expect(formatIds().filter((id) => !covered.has(id))).toEqual(['fastdds-summary']);
  });

  test.each(CASES)('$id', async (c) => {
    for (const file of c.files) expect(existsSync(file)).toBe(true);
    await gateEveryCommand(c);
  });
});

describeShared('compare, history and derive on formats only ../shared has samples of', () => {
  test.each(SHARED_CASES)('$id', async (c) => {
    await gateEveryCommand(c);
  });
});

describe('Fast-DDS summaries written by perfgate summarize', () => {
  test('compare, history and derive keep the reference files byte for byte (derive: reference form)', async () => {
    const dir = tempDir('perfgate-summaries-');
    const raw = join(repoRoot, 'fixtures', 'example', 'results', 'measurements_interprocess_best_effort.csv');
    const summarized = await cli(['summarize', raw, '--output-dir', dir]);
    expect(summarized.code).toBe(0);
    const summary = join(dir, 'measurements_interprocess_best_effort_summary.csv');
    await gateEveryCommand({ id: 'fastdds-summary', files: [summary] });
  });
});

describe('a results set never hides a row: two files of one experiment', () => {
  const iceperf = join(formats, 'iceperf', 'v2.95_leader.txt');
  const requirements = join(formats, 'requirements', 'iceperf.csv');

  function twoRuns(): string {
    const folder = tempDir('perfgate-repetitions-');
    copyFileSync(iceperf, join(folder, 'run_a.txt'));
    // The second run is 10 % slower on every mean (a real file, values scaled).
    const slower = readFileSync(iceperf, 'utf8').replace(
      /(\|\s*)(\d+(?:\.\d+)?)(\s*\|?\s*$)/gm,
      (_m, a: string, v: string, b: string) => `${a}${(Number(v) * 1.1).toPrecision(3)}${b}`,
    );
    writeFileSync(join(folder, 'run_b.txt'), slower);
    return folder;
  }

  test('is an error naming both files, in check and in compare', async () => {
    const folder = twoRuns();
    const check = await cli(['check', '--results', folder, '--requirements', requirements, '-o', join(folder, 'out')]);
    expect(check.code).toBe(2);
    expect(check.err).toContain(`${join(folder, 'run_b.txt')}`);
    expect(check.err).toContain(
      `is also in ${join(folder, 'run_a.txt')}: a results set holds one run of each experiment`,
    );
    expect(check.err).toContain('--repetitions pool');
    const compare = await cli(['compare', '--reference', iceperf, '--results', folder, '-o', join(folder, 'out2')]);
    expect(compare.code).toBe(2);
    expect(compare.err).toContain('is also in');
  });

  test('with --repetitions pool: one row per key, the median of the runs; table, CSV and verdict agree', async () => {
    const folder = twoRuns();
    const out = join(folder, 'out');
    const check = await cli([
      'check',
      '--results',
      folder,
      '--requirements',
      requirements,
      '--repetitions',
      'pool',
      '-o',
      out,
    ]);
    const report = json(join(out, 'report.json')) as { checksTotal: number; checksFailed: number; verdict: string };
    // A setting the user chose: one note in the report, no warning (and none per experiment).
    expect(check.err).toBe('');
    expect(check.out.split('\n').filter((l) => l.includes('pooled'))).toEqual([
      '  note: pooled 2 repetitions of each of 2 experiments (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)',
    ]);
    const csvRows = ['checks_ICEORYX_WAITSET.csv', 'checks_MESSAGE_QUEUE.csv'].flatMap((f) =>
      read(join(out, f)).trim().split('\n').slice(1),
    );
    const markdown = read(join(out, 'report.md'));
    const tableRows = markdown.split('\n').filter((l) => /^\| (MESSAGE QUEUE|ICEORYX WAITSET) \|/.test(l));
    // 6 requirement rows (2 + 4 parameters), not 12.
    expect(report.checksTotal).toBe(6);
    expect(csvRows).toHaveLength(report.checksTotal);
    expect(tableRows).toHaveLength(report.checksTotal);
    expect(csvRows.filter((r) => r.endsWith(',failed'))).toHaveLength(report.checksFailed);
    expect(check.code).toBe(report.verdict === 'pass' ? 0 : 1);
    expect(json(join(out, 'report.json'))).toMatchObject({
      warnings: [],
      notes: [
        'pooled 2 repetitions of each of 2 experiments (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)',
      ],
    });
    expect(markdown).toContain(
      '\n> pooled 2 repetitions of each of 2 experiments (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)\n',
    );
    // The median of two runs is their mean: 2.1 and 2.31 → 2.205.
    expect(csvRows).toContain('latency.mean,16,µs,<=,2.500,2.205,0.295,-11.800,passed');
  });
});

describe('Fast-DDS summary and raw CSVs are adapters of the one registry', () => {
  test("recognised by header and parsed into the common model with their summary; the raw adapter gives the streamed reader's summary", async () => {
    const { adapterById, recogniseFormat } = await import('../src/engine/formats/registry.js');
    const { loadResultSet } = await import('../src/pipeline/resultSets.js');
    const { renderSummaryCsv } = await import('../src/engine/formats/fastdds/summary.js');
    const raw = join(repoRoot, 'fixtures', 'example', 'results', 'measurements_interprocess_best_effort.csv');
    const text = readFileSync(raw, 'utf8');
    expect(recogniseFormat(text.slice(0, 65536), raw)?.id).toBe('fastdds-raw');
    const set = adapterById('fastdds-raw')!.parse({ file: raw, text }, { floatParse: 'precise' });
    const streamed = loadResultSet(
      cwdFiles,
      { path: raw, experimentType: 'interprocess_best_effort', format: 'fastdds-raw' },
      { floatParse: 'precise' },
    ).set;
    expect(set.summary).toEqual(streamed.summary);
    expect(set.measurements).toHaveLength(11);
    expect(set.measurements[0]).toMatchObject({
      experiment: 'interprocess_best_effort',
      parameter: { label: '16', payloadBytes: 16 },
      metric: { name: 'latency', unit: 'us' },
    });

    const summaryText = renderSummaryCsv(streamed.summary!);
    const summaryFile = 'measurements_interprocess_best_effort_summary.csv';
    expect(recogniseFormat(summaryText, summaryFile)?.id).toBe('fastdds-summary');
    const summarySet = adapterById('fastdds-summary')!.parse(
      { file: summaryFile, text: summaryText },
      { floatParse: 'precise' },
    );
    expect(summarySet.measurements.map((m) => m.statistics)).toEqual(set.measurements.map((m) => m.statistics));
  });
});
