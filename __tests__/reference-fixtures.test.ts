import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, describeShared, fastdds, listFiles, read, tempDir } from './helpers/shared.js';

// Every expected file in ../shared/fixtures/fastdds was produced by the reference Python tooling.
const rawFiles = ['measurements_interprocess_best_effort.csv', 'measurements_intraprocess_best_effort.csv'];
const summaries = rawFiles.map((f) => f.replace('.csv', '_summary.csv'));

describeShared('summaries are byte-identical to latency_process_results.py', () => {
  test.each([
    ['precise', 'summary-precise'],
    ['legacy', 'summary-legacy'],
  ])('--float-parse %s reproduces expected/%s', async (mode, folder) => {
    const out = tempDir();
    const result = await cli([
      'summarize',
      ...rawFiles.map((f) => join(fastdds, 'raw', f)),
      '--output-dir',
      out,
      '--float-parse',
      mode,
    ]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(listFiles(out)).toEqual(summaries);
    for (const name of summaries) expect(read(join(out, name))).toBe(read(join(fastdds, 'expected', folder, name)));
  });

  test('the default parse mode is precise (pandas >= 1.2)', async () => {
    const out = tempDir();
    await cli(['summarize', join(fastdds, 'raw', rawFiles[0]!), '-o', out]);
    expect(read(join(out, summaries[0]!))).toBe(read(join(fastdds, 'expected', 'summary-precise', summaries[0]!)));
  });

  test('the two modes differ exactly where the reference says: three Max jitter cells', () => {
    const precise = read(join(fastdds, 'expected', 'summary-precise', summaries[0]!)).split('\n');
    const legacy = read(join(fastdds, 'expected', 'summary-legacy', summaries[0]!)).split('\n');
    const differing = precise.map((line, i) => (line === legacy[i] ? undefined : line.split(',')[0])).filter(Boolean);
    expect(differing).toEqual(['128', '2048', '4096']);
  });
});

describeShared('check reports are byte-identical to latency_check_experiment.py', () => {
  const checkDir = join(fastdds, 'check');
  const expectedDir = join(checkDir, 'expected');

  test('checks_<type>.csv for both sub-experiments, and the verdict', async () => {
    const out = tempDir();
    const result = await cli([
      'check',
      '--results',
      checkDir,
      '--requirements',
      join(checkDir, 'requirements.csv'),
      '--output-dir',
      out,
    ]);
    // The reference exits 2 (two failed sub-experiments); perfgate exits 1 for "gate failed".
    expect(result.code).toBe(1);
    expect(result.out).toContain('FAIL: 45 of 66 checks passed, 2 of 2 sub-experiments failed');
    for (const name of listFiles(expectedDir)) expect(read(join(out, name))).toBe(read(join(expectedDir, name)));
    const report = JSON.parse(read(join(out, 'report.json')));
    expect(report).toMatchObject({ verdict: 'fail', checksTotal: 66, checksPassed: 45, checksFailed: 21 });
    expect(report.failedExperiments).toEqual(['interprocess_best_effort', 'intraprocess_best_effort']);
    // The reference's own console line: "68.182% checks passed: (45/66)".
    expect(read(join(checkDir, 'upstream_stdout.txt'))).toContain('(45/66)');
  });

  test('raw files are summarised on the fly and give the same check reports', async () => {
    const out = tempDir();
    const result = await cli([
      'check',
      '--results',
      join(fastdds, 'raw', '*.csv'),
      '--requirements',
      join(checkDir, 'requirements.csv'),
      '-o',
      out,
    ]);
    expect(result.code).toBe(1);
    for (const name of listFiles(expectedDir)) expect(read(join(out, name))).toBe(read(join(expectedDir, name)));
    for (const name of summaries)
      expect(read(join(out, name))).toBe(read(join(fastdds, 'expected', 'summary-precise', name)));
  });

  test('the 33-row example of the specification reproduces exactly', async () => {
    // Rebuild its inputs from its own Requirement and Experiment columns, then check.
    const example = readFileSync(join(fastdds, 'spec-example', 'checks_example_from_spec.csv'), 'utf8');
    const rows = example
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const payloads = [...new Set(rows.map((r) => r[1]!))];
    const value = (check: string, bytes: string, column: 2 | 3) =>
      rows.find((r) => r[0] === check && r[1] === bytes)![column];
    const dir = tempDir();
    writeFileSync(
      join(dir, 'requirements.csv'),
      'Experiment type,Bytes,Median,99%,Max\n' +
        payloads
          .map((p) => `example,${p},${value('Median', p, 2)},${value('99%', p, 2)},${value('Max', p, 2)}`)
          .join('\n') +
        '\n',
    );
    const results = join(dir, 'results');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(results);
    writeFileSync(
      join(results, 'measurements_example_summary.csv'),
      'Bytes,Median,99%,Max\n' +
        payloads.map((p) => `${p},${value('Median', p, 3)},${value('99%', p, 3)},${value('Max', p, 3)}`).join('\n') +
        '\n',
    );
    const out = join(dir, 'out');
    const result = await cli(['check', '-r', results, '-q', join(dir, 'requirements.csv'), '-o', out]);
    expect(result.code).toBe(0);
    expect(read(join(out, 'checks_example.csv'))).toBe(example);
  });
});

describeShared('comparison CSVs are byte-identical to latency_compare_experiments.py', () => {
  const compareDir = join(fastdds, 'compare');

  test('<type>_comparison.csv with the Reference:/Result: labels from the folder names', async () => {
    const out = tempDir();
    // The reference was run with a trailing slash on one folder; the label drops it.
    const result = await cli([
      'compare',
      '-R',
      join(compareDir, 'reference_2026-01-01'),
      '-r',
      join(compareDir, 'results_2026-01-02') + '/',
      '-o',
      out,
    ]);
    expect(result.code).toBe(1);
    for (const name of listFiles(join(compareDir, 'expected'))) {
      expect(read(join(out, name))).toBe(read(join(compareDir, 'expected', name)));
    }
    // The upstream run failed both comparisons; its rule ignores the threshold (spec §6).
    expect(read(join(compareDir, 'upstream_log.txt'))).toContain('0/2 comparisons passed');
  });
});

describeShared('derived requirements are byte-identical to latency_determine_requirements.py', () => {
  test('99th linear percentile across five runs (--percentile 99: the default is the prediction bound)', async () => {
    const out = join(tempDir(), 'requirements.csv');
    const result = await cli([
      'derive-requirements',
      join(fastdds, 'derive', 'runs'),
      '--output',
      out,
      '--percentile',
      '99',
    ]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(read(out)).toBe(read(join(fastdds, 'derive', 'expected', 'requirements.csv')));
  });

  test('a margin raises every limit; the derived file gates the runs it came from', async () => {
    const dir = tempDir();
    const out = join(dir, 'requirements.csv');
    expect(
      (
        await cli([
          'derive-requirements',
          join(fastdds, 'derive', 'runs'),
          '-o',
          out,
          '--margin',
          '0.1',
          '--percentile',
          '100',
        ])
      ).code,
    ).toBe(0);
    const rows = read(out).trim().split('\n').slice(1);
    expect(rows).toHaveLength(22);
    // With the maximum across runs plus 10 %, every run passes its own derived requirements.
    for (const run of listFiles(join(fastdds, 'derive', 'runs'))) {
      const result = await cli(['check', '-r', join(fastdds, 'derive', 'runs', run), '-q', out, '-o', join(dir, run)]);
      expect(result.code).toBe(0);
    }
  });
});

describeShared('compare --history: the reference runs as a history window', () => {
  test('the five derive runs judge the compare results; the report and JSON carry the noise band', async () => {
    const out = tempDir();
    const result = await cli([
      'compare',
      '--history',
      join(fastdds, 'derive', 'runs'),
      '-r',
      join(fastdds, 'compare', 'results_2026-01-02'),
      '-o',
      out,
    ]);
    expect(result.code).toBe(1);
    expect(result.out).toContain('Noise-aware: each row is judged against the between-run spread of 5 baseline runs');
    const json = JSON.parse(read(join(out, 'comparison.json')));
    const rows = json.subExperiments.flatMap(
      (s: { comparisons: { status: string; historyRuns?: number; noiseBand?: unknown }[] }) => s.comparisons,
    );
    // 22 sub-experiment × payload rows × 4 magnitudes, and a pooled geomean row per sub-experiment × magnitude.
    expect(rows.filter((r: { pooled?: boolean }) => !r.pooled)).toHaveLength(88);
    expect(rows.filter((r: { pooled?: boolean }) => r.pooled).length).toBeGreaterThan(0);
    expect(rows.every((r: { historyRuns?: number }) => r.historyRuns === 5)).toBe(true);
    expect(rows.filter((r: { status: string }) => r.status === 'fail').length).toBe(json.comparisonsFailed);
    // The comparison CSV pairs the results with the newest run of the history.
    expect(read(join(out, 'interprocess_best_effort_comparison.csv'))).toContain(',Reference: runs\n');
  });
});
