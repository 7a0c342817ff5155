/**
 * Accepting a known change in the engine and the CLI: the waiver file's reader (engine/compare/waivers.ts), the rule
 * that turns failing rows into accepted ones (engine/compare/acceptance.ts), and `compare --waivers` on A/B pairs,
 * the method the action tests do not run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseWaivers, type Waiver } from '../src/engine/compare/waivers.js';
import { acceptComparisons } from '../src/engine/compare/acceptance.js';
import { compareExperiment, type ComparisonRow, type ExperimentSide } from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { parseGateStatistics } from '../src/engine/compare/gate.js';
import { loadResults } from '../src/pipeline/results.js';
import { runConfirm, type ConfirmPorts } from '../src/pipeline/confirm.js';
import { writeGoRun } from './helpers/pullRequestSuites.js';
import { cli, tempDir, cwdFiles } from './helpers/shared.js';
import { makeHistoryRecord, type RecordedAcceptance, type RecordedWaiver } from '../src/engine/history/record.js';
import { parseHistoryRecord, renderHistoryRecord } from '../src/engine/history/codec.js';
import { trendRunOfRecord, trendsOfRecords } from '../src/engine/trends/records.js';
import { trendAlerts } from '../src/engine/trends/alerts.js';
import { renderTrendsMarkdown, renderTrendsText } from '../src/engine/trends/render.js';
import { buildDashboard } from '../src/engine/dashboard/model.js';
import { renderExperimentHtml, renderIndexHtml } from '../src/engine/dashboard/html.js';
import { inputError } from './helpers/formats.js';

const HEADER = 'benchmark,metric,ceiling,expires,link,reason\n';

describe('the waiver file', () => {
  test('reads each row with where it was written; # lines are comments; the ceiling takes a % sign', () => {
    const waivers = parseWaivers(
      'w.csv',
      HEADER +
        '# reviewed in octo/bench#7\n' +
        '"BenchmarkPublish size=64,mode=copy",time/op,35 %,2027-01-31,https://x.example/7,"copying, on purpose"\r\n' +
        'latency 1024,Median,12.5,2028-02-29,#8,leap day\n',
    );
    expect(waivers).toEqual<Waiver[]>([
      {
        benchmark: 'BenchmarkPublish size=64,mode=copy',
        metric: 'time/op',
        ceilingPercent: 35,
        expires: '2027-01-31',
        link: 'https://x.example/7',
        reason: 'copying, on purpose',
        place: 'w.csv:3',
        file: 'w.csv',
        line: 3,
      },
      {
        benchmark: 'latency 1024',
        metric: 'Median',
        ceilingPercent: 12.5,
        expires: '2028-02-29',
        link: '#8',
        reason: 'leap day',
        place: 'w.csv:4',
        file: 'w.csv',
        line: 4,
      },
    ]);
  });

  test.each([
    ['a negative ceiling', 'A,time/op,-5,2027-01-01,l,r\n', 2, 11, 'ceiling "-5" is not a change in %'],
    ['a day that does not exist', 'A,time/op,5,2027-02-29,l,r\n', 2, 13, 'expires "2027-02-29" is not a date'],
    ['a date in another order', 'A,time/op,5,31.01.2027,l,r\n', 2, 13, 'expires "31.01.2027" is not a date'],
    ['an empty reason', 'A,time/op,5,2027-01-01,l,\n', 2, 26, "the waiver's reason is empty"],
    ['a second waiver of a row', 'A,t,5,2027-01-01,l,r\nA,t,9,2027-01-01,l,r\n', 3, 1, 'the first is on line 2'],
    ['a missing field', 'A,time/op,5,2027-01-01,l\n', 2, 1, 'expected 6 fields like the header, found 5'],
  ])('%s is an input error at its line and column', (_, rows, line, column, message) => {
    const error = inputError(() => parseWaivers('w.csv', HEADER + rows));
    expect(error.place).toEqual({ file: 'w.csv', line, column });
    expect(error.message).toContain(message);
  });

  test('a file without the header names the columns it needs', () => {
    const error = inputError(() => parseWaivers('w.csv', 'benchmark,metric,ceiling\nA,t,5\n'));
    expect(error.place?.line).toBe(1);
    expect(error.describe()).toMatch(/expires/);
  });
});

/** A Go run as the engine reads it: BenchmarkPublish size=64,mode=copy `slower` times slower. */
function goSide(folder: string, slower: number): Map<string, ExperimentSide> {
  const path = writeGoRun(folder, (_, parameter) => (parameter === 'size=64,mode=copy' ? slower : 1));
  const loaded = loadResults(cwdFiles, [path], { floatParse: 'precise' });
  return new Map([...loaded.experiments].map(([t, e]) => [t, { measurements: e.measurements }]));
}

describe('accepting failing rows', () => {
  const root = tempDir('perfgate-accept-');
  const base = goSide(join(root, 'base'), 1);
  const head = goSide(join(root, 'head'), 1.3);
  const comparisons = [...base.keys()].map((t) =>
    // MB/s mirrors time/op and is gated only on request: this suite asks, so that two rows of one benchmark fail.
    compareExperiment(t, base.get(t), head.get(t), parseThresholds(undefined), {
      gate: parseGateStatistics('all-metrics'),
    }),
  );
  const failing = (rows: readonly ComparisonRow[]) => rows.filter((r) => r.failed).map((r) => r.metric);
  const waiver = (metric: string, ceilingPercent: number, expires = '2027-01-01'): Waiver => ({
    benchmark: 'BenchmarkPublish size=64,mode=copy',
    metric,
    ceilingPercent,
    expires,
    link: 'l',
    reason: 'r',
    place: `w.csv:${metric === 'time/op' ? 2 : 3}`,
  });

  test('the comparison fails two rows of one benchmark before anything is accepted', () => {
    expect(failing(comparisons.flatMap((c) => c.rows))).toEqual(['time/op', 'MB/s']);
    expect(comparisons.find((c) => c.experimentType === 'BenchmarkPublish')!.status).toBe('failed');
  });

  test('a waiver accepts only its row; the experiment still fails while another row does', () => {
    const { comparisons: accepted, warnings } = acceptComparisons(comparisons, {
      waivers: [waiver('time/op', 35)],
      today: '2026-11-29',
    });
    const publish = accepted.find((c) => c.experimentType === 'BenchmarkPublish')!;
    expect(failing(publish.rows)).toEqual(['MB/s']);
    expect(publish.status).toBe('failed');
    const row = publish.rows.find((r) => r.status === 'accepted')!;
    expect(row).toMatchObject({ metric: 'time/op', parameter: 'size=64,mode=copy', failed: false });
    expect(row.acceptance).toMatchObject({ kind: 'waiver', place: 'w.csv:2' });
    expect(warnings).toEqual([]);
  });

  test('both waivers accept the experiment; the input is left as it was', () => {
    const { comparisons: accepted } = acceptComparisons(comparisons, {
      waivers: [waiver('time/op', 35), waiver('MB/s median', 35)],
      today: '2026-11-29',
    });
    expect(accepted.find((c) => c.experimentType === 'BenchmarkPublish')!.status).toBe('passed');
    expect(failing(comparisons.flatMap((c) => c.rows))).toEqual(['time/op', 'MB/s']);
  });

  test('the label accepts every failing row, also one whose waiver ceiling is exceeded; the waiver wins within it', () => {
    const { comparisons: accepted, warnings } = acceptComparisons(comparisons, {
      label: { label: 'perfgate-accept', by: 'octocat' },
      waivers: [waiver('time/op', 20), waiver('MB/s', 35)],
      today: '2026-11-29',
    });
    const rows = accepted.flatMap((c) => c.rows).filter((r) => r.status === 'accepted');
    expect(rows.map((r) => [r.metric, r.acceptance!.kind])).toEqual([
      ['time/op', 'label'],
      ['MB/s', 'waiver'],
    ]);
    expect(warnings).toEqual([]);
  });

  test('an expired waiver accepts nothing and is named; no date given, none expires', () => {
    const expired = acceptComparisons(comparisons, {
      waivers: [waiver('time/op', 35, '2026-11-28')],
      today: '2026-11-29',
    });
    expect(failing(expired.comparisons.flatMap((c) => c.rows))).toEqual(['time/op', 'MB/s']);
    expect(expired.warnings).toEqual([
      'Waiver w.csv:2 (BenchmarkPublish size=64,mode=copy, time/op) expired on 2026-11-28 and is ignored: renew it or remove it.',
    ]);
    const undated = acceptComparisons(comparisons, { waivers: [waiver('time/op', 35, '2026-11-28')] });
    expect(failing(undated.comparisons.flatMap((c) => c.rows))).toEqual(['MB/s']);
  });

  test('names match exactly: another parameter, metric or case accepts nothing; a name of no row is warned', () => {
    const unmatched = (w: Waiver) =>
      `Waiver ${w.place} (${w.benchmark}, ${w.metric}) matches no row of this comparison: benchmark and metric must be written as the reports name them.`;
    const cases: [Waiver, boolean][] = [
      [{ ...waiver('time/op', 35), benchmark: 'BenchmarkPublish size=64' }, true],
      [{ ...waiver('time/op', 35), benchmark: 'benchmarkpublish size=64,mode=copy' }, true],
      [waiver('time', 35), true],
      // The row exists (its Max), it just did not fail.
      [waiver('time/op max', 35), false],
    ];
    for (const [w, warned] of cases) {
      const { comparisons: accepted, warnings } = acceptComparisons(comparisons, { waivers: [w], today: '2026-11-29' });
      expect(failing(accepted.flatMap((c) => c.rows))).toEqual(['time/op', 'MB/s']);
      expect(warnings).toEqual(warned ? [unmatched(w)] : []);
    }
  });
});

describe('compare --waivers on A/B pairs', () => {
  test('the waived rows are accepted (exit 0), the terminal says by which waiver and why', async () => {
    const root = tempDir('perfgate-accept-paired-');
    const jitter = [1.0, 1.02, 0.99, 1.01, 0.985, 1.015, 0.995, 1.005];
    for (const [i, k] of jitter.entries()) {
      writeGoRun(join(root, 'base', `r${i + 1}`), () => k);
      writeGoRun(join(root, 'head', `r${i + 1}`), (_, parameter) => k * (parameter === 'size=64,mode=copy' ? 1.3 : 1));
    }
    const args = ['compare', '--paired', '--gate', 'all-metrics', '-R', join(root, 'base'), '-r', join(root, 'head')];
    const without = await cli([...args, '-o', join(root, 'out1')]);
    expect(without.code).toBe(1);
    const waivers = join(root, 'waivers.csv');
    writeFileSync(
      waivers,
      HEADER +
        '"BenchmarkPublish size=64,mode=copy",time/op,40,2099-12-31,https://x.example/7,copies on purpose\n' +
        '"BenchmarkPublish size=64,mode=copy",MB/s,40,2099-12-31,https://x.example/7,mirrors time/op\n' +
        '"BenchmarkQueueDepth",time/op,40,2099-12-31,https://x.example/8,unused: this benchmark did not change\n',
    );
    const run = await cli([...args, '--waivers', waivers, '-o', join(root, 'out2')]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toMatch(
      /^perfgate compare: PASS: 1 slower \(time\/op \+30 %, MB\/s -23 %\), accepted by 2 waivers · 4 unchanged · against the baseline \(A\/B, 8 pairs\)\n/,
    );
    expect(run.out).toContain(
      `  accepted: waiver ${waivers}:2, up to +40 % until 2099-12-31 (https://x.example/7): copies on purpose`,
    );
    expect(run.out).toMatch(/size=64,mode=copy +time\/op median .* accepted \(waiver .*waivers\.csv:2\)/);
  });
});

/** Ten runs of one latency series (1024 B), ×1.4 from run 5 on; run 5 carries `accepted`. */
function steppedRecords(accepted: RecordedAcceptance | undefined) {
  const wiggle = [1, 1.01, 0.99, 1.005, 0.995, 1.01, 0.99, 1, 1.004, 0.996];
  return wiggle.map((w, i) =>
    parseHistoryRecord(
      renderHistoryRecord(
        makeHistoryRecord(
          [
            {
              experiment: 'latency',
              format: 'fastdds-summary',
              measurements: [
                {
                  experiment: 'latency',
                  parameter: { label: '1024', payloadBytes: 1024 },
                  metric: {
                    name: 'latency',
                    dimension: 'time',
                    unit: 'us',
                    displayUnit: 'us',
                    direction: 'lower-is-better',
                  },
                  statistics: { median: (i >= 5 ? 140 : 100) * w },
                  place: { file: 'x' },
                },
              ],
            },
          ],
          {
            sha: String(i).repeat(40),
            date: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
            runId: i + 1,
            runUrl: '',
            ...(i === 5 && accepted ? { accepted } : {}),
          },
        ),
      ),
      `run-${i}.json`,
    ),
  );
}

const WAIVER: RecordedWaiver = {
  benchmark: 'latency 1024 B',
  metric: 'latency median',
  ceilingPercent: 45,
  expires: '2026-02-01',
  link: 'https://x.example/9',
  reason: 'new <codec> costs 40 %',
  place: '.github/perfgate-waivers.csv:2',
};

describe('the acceptance in the history and the trends', () => {
  test('a record keeps what accepted its changes, byte for byte; a record without it reads as before', () => {
    const accepted: RecordedAcceptance = {
      pullRequest: 12,
      label: { label: 'perfgate-accept', by: 'octocat', description: 'known' },
      waivers: [WAIVER],
    };
    const [, , , , , fifth] = steppedRecords(accepted);
    expect(fifth!.accepted).toEqual(accepted);
    const text = renderHistoryRecord(fifth!);
    expect(text).toContain(
      '  "accepted": {"pullRequest":12,"label":{"label":"perfgate-accept","by":"octocat","description":"known"},"waivers":[{"benchmark":"latency 1024 B",',
    );
    expect(renderHistoryRecord(parseHistoryRecord(text, 'r.json'))).toBe(text);
    expect(steppedRecords(undefined)[5]!.accepted).toBeUndefined();
    const broken = text.replace('"pullRequest":12', '"pullRequest":"12"');
    expect(inputError(() => parseHistoryRecord(broken, 'r.json')).message).toContain('"accepted.pullRequest"');
  });

  test('the step that began at an accepted run is accepted: not a new regression, no alert, the dashboard says so', () => {
    const plain = trendsOfRecords(steppedRecords(undefined));
    expect(plain.series[0]!.steps.map((t) => [t.kind, t.accepted])).toEqual([['regression', undefined]]);
    expect(trendAlerts(plain, 'https://github.com', 'octo/bench')).toHaveLength(1);
    const report = trendsOfRecords(steppedRecords({ pullRequest: 12, label: { label: 'perfgate-accept' } }));
    const [step] = report.series[0]!.steps;
    expect(step).toMatchObject({ kind: 'regression', firstRun: 5, isNew: false });
    expect(step!.accepted).toEqual({ kind: 'label', label: 'perfgate-accept', pullRequest: 12 });
    expect(trendAlerts(report, 'https://github.com', 'octo/bench')).toEqual([]);
    expect(renderTrendsText(report)).toContain('accepted regression: latency / 1024 / latency / median +40.');
    const dashboard = buildDashboard(steppedRecords({ label: { label: 'perfgate-accept' } }).map(trendRunOfRecord));
    const experiment = dashboard.experiments[0]!;
    expect(experiment).toMatchObject({ regressions: 1, acceptedRegressions: 1, newRegressions: 0 });
    expect(renderIndexHtml(dashboard)).toContain('1 accepted regression(s)');
    expect(renderExperimentHtml(dashboard, experiment, [])).toContain(
      '<td>accepted regression (label perfgate-accept)</td>',
    );
  });

  test('a waiver accepts the step of the series it names within its ceiling; over it, or another series, it does not', () => {
    const waived = trendsOfRecords(steppedRecords({ waivers: [WAIVER] })).series[0]!.steps[0]!;
    expect(waived.accepted).toEqual({ kind: 'waiver', ...WAIVER });
    const md = renderTrendsMarkdown(trendsOfRecords(steppedRecords({ waivers: [WAIVER] })));
    expect(md).toContain('new &lt;codec&gt; costs 40 %');
    for (const other of [
      { ...WAIVER, ceilingPercent: 30 },
      { ...WAIVER, benchmark: 'latency 2048 B' },
      { ...WAIVER, metric: 'latency max' },
    ])
      expect(trendsOfRecords(steppedRecords({ waivers: [other] })).series[0]!.steps[0]!.accepted).toBeUndefined();
  });
});

describe('the two-stage gate accepts what the label accepts', () => {
  test('each look of a confirmation applies the acceptance: a confirmed slowdown is accepted, nothing confirmed', async () => {
    const root = tempDir('perfgate-accept-confirm-');
    let now = 0;
    let runs = 0;
    const ports: ConfirmPorts = {
      now: () => (now += 500),
      run(command, cwd) {
        // Head ×1.3 with a little noise per run, so that the pairs have a spread.
        const ns = (cwd.endsWith('head') ? 1300 : 1000) * (1 + 0.01 * Math.sin(++runs));
        writeFileSync(/'?([^' ]+\/output)'?$/.exec(command)![1]!, `BenchmarkA-8 \t 1000 \t ${ns.toFixed(1)} ns/op\n`);
        return { status: 0, stdout: '', stderr: '' };
      },
    };
    mkdirSync(join(root, 'base'));
    mkdirSync(join(root, 'head'));
    const options = (out: string) => ({
      baseDir: join(root, 'base'),
      headDir: join(root, 'head'),
      command: 'bench -bench {filter} > {output}',
      maxPairs: 4,
      outputDir: join(root, out),
      thresholds: parseThresholds(undefined),
      floatParse: 'precise' as const,
    });
    const plain = await runConfirm(cwdFiles, options('plain'), ports, () => {});
    expect(plain.confirmed).toEqual(['BenchmarkA']);
    const accepted = await runConfirm(
      cwdFiles,
      { ...options('accepted'), acceptance: { acceptLabel: { label: 'perfgate-accept', by: 'octocat' } } },
      ports,
      () => {},
    );
    expect(accepted.confirmed).toEqual([]);
    expect(accepted.compare?.report.verdict).toBe('pass');
    expect(accepted.compare?.report.rows.filter((r) => r.status === 'accepted').map((r) => r.experimentType)).toEqual([
      'BenchmarkA',
    ]);
  });
});
