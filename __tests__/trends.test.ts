import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../src/cli/main.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { renderTrendsMarkdown, renderTrendsText } from '../src/engine/trends/render.js';
import { trendAlerts } from '../src/engine/trends/alerts.js';
import { analyzeTrends } from '../src/engine/trends/trends.js';
import { makeHistoryRecord } from '../src/engine/history/record.js';
import { appendHistoryRecord, readHistoryWindow } from '../src/pipeline/historyFolder.js';
import { trendsOfRecords } from '../src/engine/trends/records.js';
import { read, runCliInProcess, tempDir, cwdFiles } from './helpers/shared.js';

/** A small fixed wiggle (±1 %), so that no segment is constant. */
const WIGGLE = [1, 1.01, 0.99, 1.005, 0.995, 1.01, 0.99, 1];
const HOSTILE = 'evil|<img src=x>@team](http://x)\u001b[31m';

function latency(experiment: string, bytes: number, median: number): Measurement {
  return {
    experiment,
    parameter: { label: String(bytes), payloadBytes: bytes },
    metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
    statistics: { median, p99: median * 3 },
    place: { file: 'x' },
  };
}

function throughput(experiment: string, value: number): Measurement {
  return {
    experiment,
    parameter: { label: 'default' },
    metric: {
      name: 'throughput',
      dimension: 'bitrate',
      unit: 'Mb/s',
      displayUnit: 'Mb/s',
      direction: 'higher-is-better',
    },
    statistics: { value },
    place: { file: 'y' },
  };
}

/** Geometric mean of the wiggle over runs [from, to): the expected levels, computed apart from the code under test. */
const gm = (from: number, to: number) =>
  Math.exp(
    Array.from({ length: to - from }, (_, k) => Math.log(WIGGLE[(from + k) % 8]!)).reduce((a, b) => a + b) /
      (to - from),
  );
const pct = (ratio: number) => `${ratio >= 1 ? '+' : '−'}${Math.abs((ratio - 1) * 100).toFixed(1)} %`;

const sha = (i: number) => (0xabc0000 + i).toString(16) + 'f'.repeat(33);

/**
 * A history of `runs` runs: ping 64 B median steps from 100 to 130 µs at `stepAt`; ping 1024 B is
 * flat at 200 µs with a one-run spike to 400 µs at run 5; the hostile experiment's throughput
 * halves at `stepAt` (a regression: higher is better).
 */
function writeHistory(runs: number, stepAt: number, commit: (i: number) => string = sha): string {
  const folder = tempDir();
  for (let i = 0; i < runs; i++) {
    const w = WIGGLE[i % WIGGLE.length]!;
    const record = makeHistoryRecord(
      [
        {
          experiment: 'ping',
          format: 'fastdds-summary',
          measurements: [
            latency('ping', 64, (i >= stepAt ? 130 : 100) * w),
            latency('ping', 1024, (i === 5 ? 400 : 200) * w),
          ],
        },
        {
          experiment: HOSTILE,
          format: 'hyperfine',
          measurements: [throughput(HOSTILE, (i >= stepAt ? 500 : 1000) * w)],
        },
      ],
      {
        sha: commit(i),
        date: new Date(Date.UTC(2026, 0, 1, i)).toISOString(),
        runId: 1000 + i,
        runUrl: `https://github.com/o/r/actions/runs/${1000 + i}`,
      },
    );
    appendHistoryRecord(cwdFiles, folder, record, 1000);
  }
  return folder;
}

function cli(args: string[]) {
  let out = '';
  let err = '';
  const code = runCli(args, { out: (t) => (out += t), err: (t) => (err += t) }, cwdFiles);
  return { code: code as number, out, err };
}

describe('analyzeTrends', () => {
  const records = readHistoryWindow(cwdFiles, writeHistory(20, 12), 1000);
  const report = trendsOfRecords(records);

  test('one series per experiment × parameter × metric × primary statistic', () => {
    expect(report.series.map((s) => [s.experiment, s.parameter, s.metric, s.statistic, s.unit])).toEqual([
      [HOSTILE, 'default', 'throughput', 'value', 'Mb/s'],
      ['ping', '64', 'latency', 'median', 'µs'],
      ['ping', '1024', 'latency', 'median', 'µs'],
      // Two or more parameters of one metric × statistic, and at least 10 runs: their weighted geomean series too.
      ['ping', 'weighted geomean', 'latency', 'median', 'µs'],
    ]);
    expect(report.runs).toHaveLength(20);
  });

  test('each series keeps its value per run (null where a run has none), its payload size and repetitions', () => {
    const ping64 = report.series[1]!;
    expect(ping64.payloadBytes).toBe(64);
    expect(ping64.byRun).toHaveLength(20);
    ping64.byRun.forEach((v, i) => expect(v).toBeCloseTo((i >= 12 ? 130 : 100) * WIGGLE[i % 8]!, 9));
    expect(ping64.repetitions).toEqual(Array(20).fill(1));
    expect(report.series[0]!.payloadBytes).toBeUndefined();
    // A run without the experiment: null in its place.
    const partial = analyzeTrends([
      { sha: sha(0), date: '2026-01-01T00:00:00Z', runId: '1', runUrl: '', measurements: [latency('ping', 64, 100)] },
      { sha: sha(1), date: '2026-01-02T00:00:00Z', runId: '2', runUrl: '', measurements: [] },
      {
        sha: sha(2),
        date: '2026-01-03T00:00:00Z',
        runId: '3',
        runUrl: '',
        measurements: [{ ...latency('ping', 64, 90), repetitions: 3 }],
      },
    ]);
    expect(partial.series[0]!.byRun).toEqual([100, null, 90]);
    expect(partial.series[0]!.repetitions).toEqual([1, 1, 3]);
  });

  test('the 64 B step: +30 %, between the commits of runs 11 and 12, a regression, not new', () => {
    const ping64 = report.series[1]!;
    expect(ping64.steps).toHaveLength(1);
    const step = ping64.steps[0]!;
    expect(step).toMatchObject({
      kind: 'regression',
      firstRun: 12,
      lastRunBefore: 11,
      runsBefore: 12,
      runsAfter: 8,
      isNew: false,
    });
    expect(report.runs[step.lastRunBefore]!.sha).toBe(sha(11));
    expect(report.runs[step.firstRun]!.sha).toBe(sha(12));
    // The wiggle's geometric mean over whole periods is ≈ 1; the ratio of levels is exactly 1.3 per period.
    expect(step.change).toBeCloseTo(0.3, 2);
    expect(step.before).toBeCloseTo(100, 0);
    expect(step.after).toBeCloseTo(130, 0);
  });

  test('the spike at run 5 is an outlier, not a step; a throughput drop is a regression', () => {
    const ping1024 = report.series[2]!;
    expect(ping1024.steps).toEqual([]);
    expect(ping1024.outliers).toHaveLength(1);
    expect(ping1024.outliers[0]).toMatchObject({ run: 5, length: 1, kind: 'worse' });
    expect(ping1024.outliers[0]!.value).toBeCloseTo(400 * WIGGLE[5]!, 6);
    const hostile = report.series[0]!;
    expect(hostile.steps).toHaveLength(1);
    expect(hostile.steps[0]).toMatchObject({ kind: 'regression', firstRun: 12 });
    expect(hostile.steps[0]!.change).toBeCloseTo(-0.5, 2);
    expect(report.newRegressions).toBe(0);
  });

  test('tails are opt-in: --statistic p99 analyses the p99 series only', () => {
    const p99 = trendsOfRecords(records, { statistics: ['p99'] });
    expect(p99.series.map((s) => [s.parameter, s.statistic])).toEqual([
      ['64', 'p99'],
      ['1024', 'p99'],
      ['weighted geomean', 'p99'],
    ]);
  });

  test('a step that appears with the newest run is new; a falling latency is an improvement', () => {
    const runs = Array.from({ length: 20 }, (_, i) => ({
      sha: sha(i),
      date: `2026-01-01T${String(i).padStart(2, '0')}:00:00.000Z`,
      runId: String(i),
      runUrl: '',
      measurements: [
        latency('a', 1, (i >= 17 ? 150 : 100) * WIGGLE[i % 8]!),
        latency('b', 1, (i >= 17 ? 50 : 100) * WIGGLE[i % 8]!),
      ],
    }));
    const r = analyzeTrends(runs);
    expect(r.series[0]!.steps).toMatchObject([{ kind: 'regression', firstRun: 17, runsAfter: 3, isNew: true }]);
    expect(r.series[1]!.steps).toMatchObject([{ kind: 'improvement', firstRun: 17, isNew: true }]);
    expect(r.newRegressions).toBe(1);
    // One run earlier, the same change is pending (two runs after it).
    const earlier = analyzeTrends(runs.slice(0, 19));
    expect(earlier.series[0]!.steps).toEqual([]);
    expect(earlier.series[0]!.pending).toMatchObject({ firstRun: 17, runsAfter: 2 });
    expect(earlier.newRegressions).toBe(0);
  });

  test('renderers escape hostile names: no markup, no table break, no mention, no terminal escape', () => {
    const md = renderTrendsMarkdown(report);
    expect(md).not.toContain('<img');
    expect(md).not.toContain('@team');
    expect(md).not.toContain('\u001b');
    // The mention and the link are broken by a word joiner; ESC shows as its escape.
    expect(md).toContain('evil\\|&lt;img src=x&gt;@\u2060team\\]\\(http\\:\u2060//x\\)\\\\u001b\\[31m');
    // Every table row has the header's number of cells.
    const rows = md.split('\n').filter((l) => l.startsWith('| '));
    const cells = (l: string) => l.replace(/\\\|/g, '').split('|').length;
    expect(new Set(rows.map(cells)).size).toBe(1);
    const text = renderTrendsText(report);
    expect(text).not.toContain('\u001b');
    expect(text).toContain(
      'regression: evil|<img src=x>@team](http://x)\\u001b[31m / default / throughput / value −50.0 %',
    );
  });
});

describe('runs imported without their commit', () => {
  // `perfgate history import` records sha "unknown" where the source names no commit; the date it has names the run.
  const report = trendsOfRecords(
    readHistoryWindow(
      cwdFiles,
      writeHistory(20, 12, () => 'unknown'),
      1000,
    ),
  );

  test('steps began between the dates of the runs, never between "unknown" and "unknown"', () => {
    const text = renderTrendsText(report);
    expect(text).toContain(
      'regression: ping / 64 / latency / median +29.9 % (100 µs -> 130 µs), began between 2026-01-01T11:00:00Z and 2026-01-01T12:00:00Z, 8 run(s) after',
    );
    expect(text).toContain(
      `outlier: ping / 1024 / latency / median 404 µs against 200 µs (${pct((400 * 1.01) / (200 * gm(0, 5)))}, worse) at run 2026-01-01T05:00:00Z`,
    );
    const md = renderTrendsMarkdown(report);
    expect(md).toContain('20 run(s) from 2026\\-01\\-01T00\\:00\\:00Z to 2026\\-01\\-01T19\\:00\\:00Z; 4 series;');
    expect(md).toContain('| 100 µs → 130 µs | 2026\\-01\\-01T11\\:00\\:00Z … 2026\\-01\\-01T12\\:00\\:00Z | 8 |');
    expect(text + md).not.toContain('unknown');
  });

  test('regression issues name the dates and link no commit', () => {
    const alerts = trendAlerts(report, 'https://github.com', 'o/r');
    const ping = alerts.find((a) => a.title.startsWith('perfgate: ping 64'))!;
    expect(ping.title).toBe('perfgate: ping 64 latency median regressed +29.9 % since 2026-01-01T12:00:00Z');
    expect(ping.body).toContain('It began between 2026\\-01\\-01T11\\:00\\:00Z and 2026\\-01\\-01T12\\:00\\:00Z.\n');
    expect(ping.body).toContain(
      'Latest level: 130 µs at 2026\\-01\\-01T19\\:00\\:00Z ([run](https://github.com/o/r/actions/runs/1019)).',
    );
    expect(ping.body).not.toContain('/commit/');
    expect(ping.body).not.toContain('unknown');
  });
});

describe('perfgate trends', () => {
  test('writes trends.md and trends.json; exit 0 with or without --fail-on-regression when no step is new', () => {
    const history = writeHistory(20, 12);
    const out = join(tempDir(), 'report');
    const plain = cli(['trends', history, '--output-dir', out]);
    expect(plain.err).toBe('');
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('Trends: 20 run(s), 4 series');
    // Levels are geometric means: 100·gm(runs 0–11) and 130·gm(runs 12–19).
    const change = pct((130 * gm(12, 20)) / (100 * gm(0, 12)));
    expect(change).toBe('+29.9 %');
    expect(plain.out).toContain(
      `regression: ping / 64 / latency / median ${change} (100 µs -> 130 µs), began between ${sha(11).slice(0, 7)} and ${sha(12).slice(0, 7)}, 8 run(s) after`,
    );
    // The spike (400·1.01) against the level of the runs before it, 200·gm(runs 0–4).
    expect(plain.out).toContain(
      `outlier: ping / 1024 / latency / median 404 µs against 200 µs (${pct((400 * 1.01) / (200 * gm(0, 5)))}, worse) at run abc0005`,
    );
    const md = read(join(out, 'trends.md'));
    expect(md).toContain(
      `| regression | ping | 64 | latency | median | ${change} | 100 µs → 130 µs | abc000b … abc000c | 8 | < 0.0001 |`,
    );
    const json = JSON.parse(read(join(out, 'trends.json')));
    expect(json.schemaVersion).toBe(1);
    expect(json.series[1].steps[0]).toMatchObject({
      kind: 'regression',
      firstRun: 12,
      lastRunBefore: 11,
      isNew: false,
    });
    expect(cli(['trends', history, '--output-dir', out, '--fail-on-regression']).code).toBe(0);
  });

  test('--fail-on-regression exits 1 when the newest run confirms a new regression step', () => {
    const history = writeHistory(20, 17);
    const out = tempDir();
    expect(cli(['trends', history, '--output-dir', out]).code).toBe(0);
    const failed = cli(['trends', history, '--output-dir', out, '--fail-on-regression']);
    expect(failed.code).toBe(1);
    expect(failed.out).toContain(
      `NEW REGRESSION: ping / 64 / latency / median ${pct((130 * gm(17, 20)) / (100 * gm(0, 17)))} (100 µs -> 130.2 µs), began between abc0010 and abc0011, 3 run(s) after`,
    );
    // The ping step shows in the 64 B series and in ping's weighted geomean series, with the throughput step: 3.
    expect(failed.out).toContain('NEW REGRESSION: ping / weighted geomean / latency / median +21.2 %');
    expect(read(join(out, 'trends.md'))).toContain('**3 new regression step(s) appeared with the newest run.**');
  });

  test('same history, same bytes', () => {
    const history = writeHistory(20, 12);
    const a = tempDir();
    const b = tempDir();
    cli(['trends', history, '--output-dir', a]);
    cli(['trends', history, '--output-dir', b]);
    expect(read(join(a, 'trends.md'))).toBe(read(join(b, 'trends.md')));
    expect(read(join(a, 'trends.json'))).toBe(read(join(b, 'trends.json')));
  });

  test('bad input: one clear error naming the folder or the option, exit 2', () => {
    const missing = join(tempDir(), 'nope');
    expect(cli(['trends', missing, '--output-dir', tempDir()])).toMatchObject({
      code: 2,
      err: `perfgate: error: ${missing}: cannot find the history folder\n`,
    });
    const empty = tempDir();
    expect(cli(['trends', empty, '--output-dir', tempDir()])).toMatchObject({
      code: 2,
      err: `perfgate: error: ${empty}: no perfgate history records (history-*.json) in this folder\n`,
    });
    const broken = tempDir();
    mkdirSync(broken, { recursive: true });
    writeFileSync(join(broken, 'history-x.json'), '{"format": "perfgate-history", "version": 2');
    const bad = cli(['trends', broken, '--output-dir', tempDir()]);
    expect(bad.code).toBe(2);
    // The bad record is skipped with a warning naming it; with none left, the folder is an error.
    expect(bad.err.startsWith(`perfgate: warning: ${join(broken, 'history-x.json')}: skipped: not a perfgate`)).toBe(
      true,
    );
    expect(bad.err).toContain(
      `perfgate: error: ${broken}: none of the 1 history records (history-*.json) in this folder can be read\n`,
    );
    expect(cli(['trends', writeHistory(4, 2), '--statistic', 'p42'])).toMatchObject({
      code: 2,
      err: 'perfgate: error: --statistic: unknown statistic "p42" (median, mean, value, min, max, p90, p95, p99, p999, …)\n',
    });
    expect(cli(['trends'])).toMatchObject({ code: 2 });
  });

  test('the CLI has the command: perfgate trends --help', async () => {
    const r = await runCliInProcess(['trends', '--help']);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('perfgate trends <history-folder>');
  });
});
