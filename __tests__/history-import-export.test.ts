/**
 * `perfgate history import` and `perfgate history export` on the project's own sample runs
 * (fixtures/history-import/, see its README): a folder of run folders (hyperfine JSON written by
 * hyperfine 1.15.0, hand-written Fast-DDS raw CSVs) and the reference tooling's
 * `<db>/experiments_results/<YYYY-MM-DD_hh-mm-ss>/` layout (summaries and check reports written by
 * perfgate summarize and check from hand-written raw CSVs). Every expected value below is worked
 * out by hand from those files and stated here.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseHistoryRecord } from '../src/engine/history/codec.js';
import { makeHistoryRecord, type HistoryRecord } from '../src/engine/history/record.js';
import { appendHistoryRecord } from '../src/pipeline/historyFolder.js';
import { cli, describeShared, fastdds, read, repoRoot, tempDir, cwdFiles } from './helpers/shared.js';

const SAMPLES = join(repoRoot, 'fixtures', 'history-import');
const SAMPLE_RUNS = join(SAMPLES, 'runs');
/** A Google Benchmark fixture whose context says "date": "2026-08-18T10:00:00+00:00". */
const GOOGLE_BENCHMARK_DATED = 'repetitions.json';

/** The files of a folder dated (modification time) `iso`, as a copy of old runs keeps them. */
function dateFiles(folder: string, iso: string): void {
  const when = new Date(iso);
  for (const name of readdirSync(folder)) utimesSync(join(folder, name), when, when);
}

/** The warning for runs dated by their files' modification time (or the date they already have in `out`). */
const fileTimeWarning = (out: string, count: number, runs: string) =>
  `${count} run folder(s) have no date in their name or their result files, dated by the modification time of their newest result file ` +
  `(or the date the same run has in ${out}); give --date to date one run: ${runs}\n`;

let datedRuns: string | undefined;
/**
 * The sample run folders (no date in their names or files), copied with their files last modified on 2025-12-01, -02
 * and -03 (r1, r2, r10): the dates an import gives them.
 */
function runs(): string {
  if (datedRuns === undefined) {
    datedRuns = join(tempDir('perfgate-runs-'), 'runs');
    cpSync(SAMPLE_RUNS, datedRuns, { recursive: true });
    dateFiles(join(datedRuns, 'r1'), '2025-12-01T00:00:00Z');
    dateFiles(join(datedRuns, 'r2'), '2025-12-02T00:00:00Z');
    dateFiles(join(datedRuns, 'r10'), '2025-12-03T00:00:00Z');
  }
  return datedRuns;
}
const DB = join(SAMPLES, 'latency_results_db');
const GOLDEN = join(SAMPLES, 'expected', 'history.csv');
const UPDATE = process.env['UPDATE_GOLDEN'] === '1';

function records(folder: string): HistoryRecord[] {
  return readdirSync(folder)
    .filter((n) => n.startsWith('history-'))
    .sort()
    .map((n) => parseHistoryRecord(read(join(folder, n)), n));
}

/** name → bytes of every file in a folder. */
function snapshot(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((n) => [n, read(join(folder, n))]),
  );
}

function statistic(
  record: HistoryRecord,
  experiment: string,
  parameter: string,
  metric: string,
  name: 'median' | 'p99' | 'max' | 'mean' | 'samples',
): number | null | undefined {
  return record.measurements.find(
    (m) => m.experiment === experiment && m.parameter === parameter && m.metric === metric,
  )?.statistics[name];
}

/** A minimal RFC 4180 reader: enough to read the export back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return rows;
}

describe('history import: the reference layout <db>/experiments_results/<timestamp>/', () => {
  test('one record per execution, dated by its folder name (UTC), summaries read, check reports and plots left out', async () => {
    const work = tempDir('perfgate-import-');
    const db = join(work, 'latency_results_db');
    cpSync(DB, db, { recursive: true });
    // What latency_job.bash also leaves in an execution and in the database: plots, not measurements.
    mkdirSync(join(db, 'experiments_results', '2026-01-05_09-30-00', 'plots', 'measurements_demo_reliable'), {
      recursive: true,
    });
    writeFileSync(
      join(db, 'experiments_results', '2026-01-05_09-30-00', 'plots', 'measurements_demo_reliable', 'histogram_16.png'),
      'not read',
    );
    mkdirSync(join(db, 'history_plots', 'demo_reliable'), { recursive: true });
    const out = join(work, 'history');
    const result = await cli(['history', 'import', db, '--output', out]);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /^history import: 3 run\(s\) read, 3 record\(s\) written, 0 already there \(window 30\)$/m,
    );
    expect(result.err).toContain('3 run(s) recorded with commit "unknown"');
    expect(result.err).not.toContain('no date');
    const names = readdirSync(out).sort();
    expect(names.map((n) => n.replace(/-\d+\.json$/, ''))).toEqual([
      'history-2026-01-05T09-30-00.000Z',
      'history-2026-01-12T09-30-00.000Z',
      'history-2026-01-19T09-30-00.000Z',
    ]);
    const [first, second, third] = records(out);
    for (const r of [first!, second!, third!]) {
      expect(r).toMatchObject({ format: 'perfgate-history', version: 3, sha: 'unknown', runUrl: '' });
      expect(r.environment).toBeUndefined();
      expect(r.runId).toMatch(/^[0-9]+$/);
      // The summary, not its raw file: one experiment, read as a Fast-DDS summary.
      expect(new Set(r.measurements.map((m) => `${m.experiment} ${m.format}`))).toEqual(
        new Set(['demo_reliable fastdds-summary']),
      );
    }
    // Medians of the four 16-byte samples of each run's raw file (10.5 11 10.75 12 → 10.875; …).
    expect([first, second, third].map((r) => statistic(r!, 'demo_reliable', '16', 'latency', 'median'))).toEqual([
      10.875, 10.75, 12.875,
    ]);
    // The 99% column of the summaries, as perfgate summarize wrote them (3 decimals).
    expect([first, second, third].map((r) => statistic(r!, 'demo_reliable', '1024', 'latency', 'p99'))).toEqual([
      24.88, 23.925, 26.88,
    ]);
    expect(first!.date).toBe('2026-01-05T09:30:00.000Z');
  });

  test('the experiments_results folder itself is a source too; runs in the code-point order of sorted()', async () => {
    const work = tempDir('perfgate-import-');
    const results = join(work, 'experiments_results');
    cpSync(join(DB, 'experiments_results'), results, { recursive: true });
    // A custom execution name (latency_job.bash -l): sorted() puts "Run-b" before "run-a" (uppercase first).
    cpSync(join(results, '2026-01-05_09-30-00'), join(results, 'run-a'), { recursive: true });
    cpSync(join(results, '2026-01-12_09-30-00'), join(results, 'Run-b'), { recursive: true });
    dateFiles(join(results, 'Run-b'), '2026-01-20T00:00:00Z');
    dateFiles(join(results, 'run-a'), '2026-01-21T00:00:00Z');
    const out = join(work, 'history');
    const result = await cli(['history', 'import', results, '-o', out]);
    expect(result.code).toBe(0);
    // As latency_plot_history.py: the timestamps, then Run-b, then run-a; these two dated by their files' times.
    expect(result.err).toContain(
      fileTimeWarning(
        out,
        2,
        `${join(results, 'Run-b')} 2026-01-20T00:00:00.000Z, ${join(results, 'run-a')} 2026-01-21T00:00:00.000Z`,
      ),
    );
    const rs = records(out);
    expect(rs.map((r) => r.date)).toEqual([
      '2026-01-05T09:30:00.000Z',
      '2026-01-12T09:30:00.000Z',
      '2026-01-19T09:30:00.000Z',
      '2026-01-20T00:00:00.000Z',
      '2026-01-21T00:00:00.000Z',
    ]);
    // Run-b is a copy of the 2026-01-12 execution, run-a of 2026-01-05.
    expect(rs.slice(3).map((r) => statistic(r, 'demo_reliable', '16', 'latency', 'median'))).toEqual([10.75, 10.875]);
  });
  test('compare --history and trends read the imported executions as they read experiments_results itself', async () => {
    const work = tempDir('perfgate-import-');
    const out = join(work, 'history');
    expect((await cli(['history', 'import', DB, '-o', out])).code).toBe(0);
    const candidate = join(DB, 'experiments_results', '2026-01-19_09-30-00');
    const fromRecords = await cli([
      'compare',
      '--history',
      out,
      '--results',
      candidate,
      '-o',
      join(work, 'a'),
      '--reference-label',
      'past',
    ]);
    const fromFolders = await cli([
      'compare',
      '--history',
      join(DB, 'experiments_results'),
      '--results',
      candidate,
      '-o',
      join(work, 'b'),
      '--reference-label',
      'past',
    ]);
    expect(fromRecords.code).toBe(0);
    expect(fromRecords.out).toMatch(/^perfgate compare: PASS: .*against the history \(history of 3 runs\)$/m);
    const rows = (text: string) => text.split('\n').filter((l) => l.startsWith('demo_reliable '));
    // 2 payloads and the geomean row, each Min, Median, Max and 99%.
    expect(rows(fromRecords.out)).toHaveLength(12);
    expect(rows(fromRecords.out)).toEqual(rows(fromFolders.out));
    // The reference's comparison CSV is written from the records too (Fast-DDS on both sides).
    expect(read(join(work, 'a', 'demo_reliable_comparison.csv'))).toBe(
      read(join(work, 'b', 'demo_reliable_comparison.csv')),
    );
    const trends = await cli(['trends', out, '-o', join(work, 't')]);
    expect(trends.code).toBe(0);
    const json = JSON.parse(read(join(work, 't', 'trends.json'))) as { runs: { date: string }[] };
    expect(json.runs.map((r) => r.date)).toEqual([
      '2026-01-05T09:30:00.000Z',
      '2026-01-12T09:30:00.000Z',
      '2026-01-19T09:30:00.000Z',
    ]);
  });
});

describe('history import: a folder of run folders (any format)', () => {
  test('runs in natural order (r2 before r10), raw Fast-DDS files summarised, undated runs said to be so', async () => {
    const out = join(tempDir('perfgate-import-'), 'history');
    const result = await cli(['history', 'import', runs(), '--output', out]);
    expect(result.code).toBe(0);
    // No date in their names or files (hyperfine JSON, Fast-DDS CSVs): their files' modification times, never 1970.
    expect(result.err).toContain(
      fileTimeWarning(
        out,
        3,
        `${join(runs(), 'r1')} 2025-12-01T00:00:00.000Z, ${join(runs(), 'r2')} 2025-12-02T00:00:00.000Z, ${join(runs(), 'r10')} 2025-12-03T00:00:00.000Z`,
      ),
    );
    const rs = records(out);
    expect(rs.map((r) => r.date)).toEqual([
      '2025-12-01T00:00:00.000Z',
      '2025-12-02T00:00:00.000Z',
      '2025-12-03T00:00:00.000Z',
    ]);
    // r1, r2, r10: medians of the hand-written 16-byte samples (5.25 5.5 6 5.75 → 5.625; 5.5 5.25 5.75 6.5 → 5.625; 6.5
    // 6.25 7 6.75 → 6.625).
    expect(rs.map((r) => statistic(r, 'demo_best_effort', '16', 'latency', 'median'))).toEqual([5.625, 5.625, 6.625]);
    expect(rs.map((r) => r.measurements.find((m) => m.experiment === 'demo_best_effort')!.format)).toEqual([
      'fastdds-raw',
      'fastdds-raw',
      'fastdds-raw',
    ]);
    // hyperfine's "median" of sleep-10ms in r1 is 0.014140375019999998 s: stored in µs.
    expect(statistic(rs[0]!, 'sleep-10ms', '', 'wall time', 'median')).toBeCloseTo(14140.37502, 6);
    expect(statistic(rs[0]!, 'sleep-10ms', '', 'wall time', 'samples')).toBe(5);
  });

  test('compare --history and trends read the imported folder as they read the run folders', async () => {
    const work = tempDir('perfgate-import-');
    const out = join(work, 'history');
    expect((await cli(['history', 'import', runs(), '-o', out])).code).toBe(0);
    const candidate = join(runs(), 'r10');
    const fromRecords = await cli([
      'compare',
      '--history',
      out,
      '--results',
      candidate,
      '-o',
      join(work, 'a'),
      '--reference-label',
      'past',
    ]);
    const fromFolders = await cli([
      'compare',
      '--history',
      runs(),
      '--results',
      candidate,
      '-o',
      join(work, 'b'),
      '--reference-label',
      'past',
    ]);
    expect(fromRecords.code).toBe(fromFolders.code);
    const rows = (text: string) => text.split('\n').filter((l) => /^(demo_best_effort|sleep-)/.test(l));
    expect(rows(fromRecords.out).length).toBeGreaterThan(0);
    expect(rows(fromRecords.out)).toEqual(rows(fromFolders.out));
    const trends = await cli(['trends', out, '-o', join(work, 't')]);
    expect(trends.code).toBe(0);
    expect(trends.out).toMatch(/^Trends: 3 run\(s\), /m);
    const json = JSON.parse(read(join(work, 't', 'trends.json'))) as { runs: { sha: string; date: string }[] };
    expect(json.runs.map((r) => `${r.sha} ${r.date}`)).toEqual([
      'unknown 2025-12-01T00:00:00.000Z',
      'unknown 2025-12-02T00:00:00.000Z',
      'unknown 2025-12-03T00:00:00.000Z',
    ]);
  });

  test('one run folder with --commit, --date and --run-url; those options refuse several runs', async () => {
    const work = tempDir('perfgate-import-');
    const out = join(work, 'history');
    const url = 'https://github.com/o/r/actions/runs/42';
    const one = await cli([
      'history',
      'import',
      join(runs(), 'r2'),
      '-o',
      out,
      '--commit',
      'ABCDEF0123',
      '--date',
      '2025-12-24T18:00:00+01:00',
      '--run-url',
      url,
    ]);
    expect(one.code).toBe(0);
    expect(one.err).toBe('');
    const [record] = records(out);
    expect(record).toMatchObject({ sha: 'abcdef0123', date: '2025-12-24T17:00:00.000Z', runUrl: url });
    expect(statistic(record!, 'demo_best_effort', '1024', 'latency', 'median')).toBe(8);
    const several = await cli(['history', 'import', runs(), '-o', out, '--commit', 'abcdef0123']);
    expect(several.code).toBe(2);
    expect(several.err).toContain('--commit, --date and --run-url describe one run, and these sources hold 3');
    const badCommit = await cli(['history', 'import', join(runs(), 'r2'), '-o', out, '--commit', 'main']);
    expect(badCommit).toMatchObject({ code: 2, err: expect.stringContaining('--commit must be a commit SHA') });
  });
});

describe('history import: idempotent, window, existing records', () => {
  test('importing again writes the same bytes and adds nothing; records already there stay', async () => {
    const work = tempDir('perfgate-import-');
    const out = join(work, 'history');
    // A record the action's record-history wrote before.
    const recorded = makeHistoryRecord([], {
      sha: 'feedbeef1234567',
      date: '2026-02-01T08:00:00Z',
      runId: 7001,
      runUrl: 'https://github.com/o/r/actions/runs/7001',
    });
    const { written } = appendHistoryRecord(cwdFiles, out, recorded);
    const first = await cli(['history', 'import', runs(), DB, '-o', out]);
    expect(first.out).toMatch(/6 run\(s\) read, 6 record\(s\) written, 0 already there/);
    const before = snapshot(out);
    expect(Object.keys(before)).toHaveLength(7);
    expect(before[written.slice(out.length + 1)]).toBe(read(written));
    const again = await cli(['history', 'import', runs(), DB, '-o', out]);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(
      /^history import: 6 run\(s\) read, 0 record\(s\) written, 6 already there \(window 30\)$/m,
    );
    expect(snapshot(out)).toEqual(before);
    // The same runs given another way (one execution folder on its own) are the same records.
    const single = await cli(['history', 'import', join(DB, 'experiments_results', '2026-01-12_09-30-00'), '-o', out]);
    expect(single.out).toMatch(/1 run\(s\) read, 0 record\(s\) written, 1 already there/);
    expect(snapshot(out)).toEqual(before);
  });

  test('--window keeps the newest runs, as record-history does', async () => {
    const out = join(tempDir('perfgate-import-'), 'history');
    const result = await cli(['history', 'import', runs(), DB, '-o', out, '--window', '2']);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(
      /6 run\(s\) read, 2 record\(s\) written, 0 already there, 4 run\(s\) older than the newest 2 kept only in the archive \(window 2\)/,
    );
    expect(records(out).map((r) => r.date)).toEqual(['2026-01-12T09:30:00.000Z', '2026-01-19T09:30:00.000Z']);
    const bad = await cli(['history', 'import', runs(), '-o', out, '--window', '0']);
    expect(bad).toMatchObject({
      code: 2,
      err: expect.stringContaining('--window must be a whole number of runs from 1 to 100'),
    });
  });
});

describe('history import: a run without a date in its name is dated by its files, never 1970', () => {
  const median10ms = (r: HistoryRecord) => statistic(r, 'sleep-10ms', '', 'wall time', 'median');

  test('by its newest file’s modification time; the same run imported again keeps its date and changes nothing', async () => {
    const out = join(tempDir('perfgate-import-'), 'history');
    expect((await cli(['history', 'import', DB, '-o', out])).code).toBe(0);
    // A copy of r2 last modified after the database's executions: dated then, the newest run.
    const copy = join(tempDir('perfgate-run-'), 'r2');
    cpSync(join(runs(), 'r2'), copy, { recursive: true });
    dateFiles(copy, '2026-01-20T08:00:00Z');
    const r2 = await cli(['history', 'import', copy, '-o', out]);
    expect(r2.code).toBe(0);
    expect(r2.err).toContain(fileTimeWarning(out, 1, `${copy} 2026-01-20T08:00:00.000Z`));
    const rs = records(out);
    expect(rs.map((r) => r.date)).toEqual([
      '2026-01-05T09:30:00.000Z',
      '2026-01-12T09:30:00.000Z',
      '2026-01-19T09:30:00.000Z',
      '2026-01-20T08:00:00.000Z',
    ]);
    // The newest record is r2's: hyperfine's sleep-10ms median in r2/hyperfine.json, in µs.
    const r2median = JSON.parse(read(join(runs(), 'r2', 'hyperfine.json'))).results[0].median as number;
    expect(median10ms(rs[3]!)).toBeCloseTo(r2median * 1e6, 6);

    // The same run again, its files touched since: found in the history by its measurements, it keeps its date.
    dateFiles(copy, '2026-03-01T00:00:00Z');
    const before = snapshot(out);
    const again = await cli(['history', 'import', copy, '-o', out]);
    expect(again.out).toMatch(
      /^history import: 1 run\(s\) read, 0 record\(s\) written, 1 already there \(window 30\)$/m,
    );
    expect(again.err).toContain(fileTimeWarning(out, 1, `${copy} 2026-01-20T08:00:00.000Z (already in the history)`));
    expect(snapshot(out)).toEqual(before);
  });

  test('by what its result files say: Google Benchmark’s context.date, pytest-benchmark’s datetime (UTC)', async () => {
    const work = tempDir('perfgate-import-');
    const folder = join(work, 'runs');
    const formats = join(repoRoot, 'fixtures', 'formats');
    // The fixtures say "date": "2026-08-18T10:00:00+00:00" and "datetime": "2026-11-25T00:53:13.445558" (utcnow()).
    mkdirSync(join(folder, 'gbench'), { recursive: true });
    cpSync(join(formats, 'google-benchmark', GOOGLE_BENCHMARK_DATED), join(folder, 'gbench', 'bench.json'));
    mkdirSync(join(folder, 'pytest'), { recursive: true });
    cpSync(join(formats, 'pytest-benchmark', 'codec.json'), join(folder, 'pytest', 'codec.json'));
    // Their files' times say otherwise: the files win.
    dateFiles(join(folder, 'gbench'), '2020-01-01T00:00:00Z');
    dateFiles(join(folder, 'pytest'), '2020-01-01T00:00:00Z');
    const out = join(work, 'history');
    const result = await cli(['history', 'import', folder, '-o', out]);
    expect(result.code).toBe(0);
    expect(result.err).not.toContain('modification time');
    expect(records(out).map((r) => r.date)).toEqual(['2026-08-18T10:00:00.000Z', '2026-11-25T00:53:13.445Z']);
  });

  test('--date dates one run as given, over its name and its files', async () => {
    const out = join(tempDir('perfgate-import-'), 'history');
    const dated = await cli([
      'history',
      'import',
      join(DB, 'experiments_results', '2026-01-19_09-30-00'),
      '-o',
      out,
      '--date',
      '2025-12-31T00:00:00Z',
    ]);
    expect(dated).toMatchObject({ code: 0, err: expect.not.stringContaining('modification time') });
    expect(records(out).map((r) => r.date)).toEqual(['2025-12-31T00:00:00.000Z']);
  });
});

describe('history import: bad input is one error naming the file, and the folder keeps what it had', () => {
  async function folderWithRecord(): Promise<{ work: string; out: string; before: Record<string, string> }> {
    const work = tempDir('perfgate-import-');
    const out = join(work, 'history');
    expect(
      (await cli(['history', 'import', join(DB, 'experiments_results', '2026-01-05_09-30-00'), '-o', out])).code,
    ).toBe(0);
    return { work, out, before: snapshot(out) };
  }

  test('a broken summary in one run: file and line named, nothing written', async () => {
    const { work, out, before } = await folderWithRecord();
    const db = join(work, 'db');
    cpSync(DB, db, { recursive: true });
    const summary = join(db, 'experiments_results', '2026-01-19_09-30-00', 'measurements_demo_reliable_summary.csv');
    writeFileSync(summary, read(summary).replace('1024,4,27.000', '1024,4,27.0x0'));
    const result = await cli(['history', 'import', db, '-o', out]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(
      new RegExp(`^perfgate: error: ${summary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: `, 'm'),
    );
    expect(result.err).not.toContain('    at ');
    expect(snapshot(out)).toEqual(before);
  });

  test('a broken record already in the output folder is named and nothing is written', async () => {
    const { out } = await folderWithRecord();
    writeFileSync(join(out, 'history-2020-01-01T00-00-00.000Z-1.json'), '{"format": "perfgate-history", "version": 9}');
    const before = snapshot(out);
    const result = await cli(['history', 'import', runs(), '-o', out]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      'history-2020-01-01T00-00-00.000Z-1.json: not a perfgate history record: unsupported version 9',
    );
    expect(snapshot(out)).toEqual(before);
  });

  test('a missing source, a folder without runs, a usage slip', async () => {
    const work = tempDir('perfgate-import-');
    const out = join(work, 'history');
    expect(await cli(['history', 'import', join(work, 'nope'), '-o', out])).toMatchObject({
      code: 2,
      err: expect.stringContaining(`${join(work, 'nope')}: history import: not a folder of runs`),
    });
    mkdirSync(join(work, 'empty', 'r1'), { recursive: true });
    writeFileSync(join(work, 'empty', 'r1', 'notes.txt'), 'nothing measured\n');
    const empty = await cli(['history', 'import', join(work, 'empty'), '-o', out]);
    expect(empty.code).toBe(2);
    expect(empty.err).toContain('no run folders with result files');
    expect(existsSync(out)).toBe(false);
    expect(await cli(['history', 'import', runs()])).toMatchObject({
      code: 2,
      err: expect.stringContaining('--output is required'),
    });
    expect(await cli(['history', 'import', '-o', out])).toMatchObject({
      code: 2,
      err: expect.stringContaining('name at least one folder of past runs'),
    });
    expect(await cli(['history', 'frobnicate'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('subcommands are import and export'),
    });
  });
});

describe('history export --csv', () => {
  async function importedSamples(): Promise<string> {
    const out = join(tempDir('perfgate-export-'), 'history');
    expect((await cli(['history', 'import', runs(), DB, '-o', out])).code).toBe(0);
    return out;
  }

  test('the table of the imported samples is pinned by fixtures/history-import/expected/history.csv', async () => {
    const out = await importedSamples();
    const result = await cli(['history', 'export', out, '--csv']);
    expect(result.code).toBe(0);
    if (UPDATE) {
      mkdirSync(dirname(GOLDEN), { recursive: true });
      writeFileSync(GOLDEN, result.out);
    }
    expect(result.out).toBe(readFileSync(GOLDEN, 'utf8'));
    // --output writes the same bytes to a file.
    const file = join(out, '..', 'history.csv');
    const written = await cli(['history', 'export', out, '--csv', '--output', file]);
    expect(written.out).toBe(`wrote ${file} (6 run(s))\n`);
    expect(read(file)).toBe(result.out);
  });

  test('import then export: the values of the sample files come back, runs in history order', async () => {
    const rows = parseCsv((await cli(['history', 'export', await importedSamples(), '--csv'])).out);
    expect(rows[0]).toEqual([
      'run',
      'commit',
      'date',
      'experiment',
      'parameter',
      'metric',
      'statistic',
      'unit',
      'direction',
      'value',
      'repetitions',
    ]);
    const body = rows.slice(1);
    expect(body.every((r) => r.length === 11)).toBe(true);
    const dates = [...new Set(body.map((r) => r[2]))];
    expect(dates).toEqual([
      '2025-12-01T00:00:00.000Z',
      '2025-12-02T00:00:00.000Z',
      '2025-12-03T00:00:00.000Z',
      '2026-01-05T09:30:00.000Z',
      '2026-01-12T09:30:00.000Z',
      '2026-01-19T09:30:00.000Z',
    ]);
    const value = (date: string, experiment: string, parameter: string, metric: string, statistic: string) =>
      body
        .filter(
          (r) => r[2] === date && r[3] === experiment && r[4] === parameter && r[5] === metric && r[6] === statistic,
        )
        .map((r) => r.slice(7));
    // The 2026-01-19 summary's 1024-byte row: Max 27.000, 99% 26.880, Samples 4, Stdev 1.931.
    expect(value('2026-01-19T09:30:00.000Z', 'demo_reliable', '1024', 'latency', 'p99')).toEqual([
      ['us', 'lower-is-better', '26.88', '1'],
    ]);
    expect(value('2026-01-19T09:30:00.000Z', 'demo_reliable', '1024', 'latency', 'max')).toEqual([
      ['us', 'lower-is-better', '27', '1'],
    ]);
    expect(value('2026-01-19T09:30:00.000Z', 'demo_reliable', '1024', 'latency', 'samples')).toEqual([
      ['', 'lower-is-better', '4', '1'],
    ]);
    expect(value('2026-01-19T09:30:00.000Z', 'demo_reliable', '1024', 'latency', 'stdev')).toEqual([
      ['us', 'lower-is-better', '1.931', '1'],
    ]);
    // hyperfine r2 (the second undated run): its JSON's sleep-20ms "min", in µs, written so that it reads back as the
    // same double.
    const r2min = JSON.parse(read(join(runs(), 'r2', 'hyperfine.json'))).results[1].min as number;
    const [[unit, direction, text]] = value('2025-12-02T00:00:00.000Z', 'sleep-20ms', '', 'wall time', 'min') as [
      [string, string, string, string],
    ];
    expect([unit, direction]).toEqual(['us', 'lower-is-better']);
    expect(Number(text)).toBeCloseTo(r2min * 1e6, 6);
    expect(String(Number(text))).toBe(text);
    expect(body.every((r) => r[1] === 'unknown')).toBe(true);
  });

  test('quoting, spreads, pooled repetitions and empty values in a hand-made record', async () => {
    const out = join(tempDir('perfgate-export-'), 'history');
    mkdirSync(out);
    writeFileSync(
      join(out, 'history-2026-03-01T00-00-00.000Z-5.json'),
      JSON.stringify({
        format: 'perfgate-history',
        version: 2,
        sha: '0123456789abcdef',
        date: '2026-03-01T00:00:00.000Z',
        runId: '5',
        runUrl: '',
        measurements: [
          {
            experiment: 'pub "fast", sub',
            format: 'iceperf',
            parameter: '=SUM(A1)',
            payloadBytes: null,
            metric: 'throughput',
            dimension: 'bitrate',
            unit: 'Mb/s',
            displayUnit: 'Mb/s',
            direction: 'higher-is-better',
            statistics: { mean: 0.1, stdev: 1e-7, variance: null },
            repetitions: 3,
          },
        ],
      }),
    );
    const { out: csv } = await cli(['history', 'export', out, '--csv']);
    expect(csv).toBe(
      'run,commit,date,experiment,parameter,metric,statistic,unit,direction,value,repetitions\n' +
        `5,0123456789abcdef,2026-03-01T00:00:00.000Z,"pub ""fast"", sub",'=SUM(A1),throughput,mean,Mb/s,higher-is-better,0.1,3\n` +
        `5,0123456789abcdef,2026-03-01T00:00:00.000Z,"pub ""fast"", sub",'=SUM(A1),throughput,stdev,Mb/s,lower-is-better,1e-7,3\n` +
        `5,0123456789abcdef,2026-03-01T00:00:00.000Z,"pub ""fast"", sub",'=SUM(A1),throughput,variance,(Mb/s)²,lower-is-better,,3\n`,
    );
  });

  test('errors: no records, no --csv, no folder', async () => {
    const empty = tempDir('perfgate-export-');
    expect(await cli(['history', 'export', empty, '--csv'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('no perfgate history records (history-*.json) in this folder'),
    });
    expect(await cli(['history', 'export', empty])).toMatchObject({ code: 2, err: expect.stringContaining('--csv') });
    expect(await cli(['history', 'export', '--csv'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('name one history folder'),
    });
  });
});

describe('history --help', () => {
  test.each([
    [['history', '--help'], 'perfgate history import <runs-folder…> --output <history-folder>'],
    [
      ['history', 'import', '--help'],
      "the reference tooling's results database: <db>/experiments_results/<YYYY-MM-DD_hh-mm-ss>/",
    ],
    [
      ['history', 'export', '--help'],
      'run,commit,date,experiment,parameter,metric,statistic,unit,direction,value,repetitions',
    ],
    [['--help'], 'perfgate history export <history-folder> --csv [--output FILE]'],
  ])('%p prints help and exits 0', async (args, text) => {
    const result = await cli(args);
    expect(result.code).toBe(0);
    expect(result.out).toContain(text);
  });

  test('history alone prints its help and exits 2', async () => {
    const result = await cli(['history']);
    expect(result.code).toBe(2);
    expect(result.out).toContain('Usage:');
  });
});

describeShared('history import of the reference fixtures (../shared)', () => {
  test('the five derive runs (timestamp folders of reference summaries) become five dated records', async () => {
    const runs = join(fastdds, 'derive', 'runs');
    const out = join(tempDir('perfgate-import-'), 'history');
    const result = await cli(['history', 'import', runs, '-o', out]);
    expect(result.code).toBe(0);
    const rs = records(out);
    expect(rs.map((r) => r.date)).toEqual(
      ['2026-01-01', '2026-01-02', '2026-01-03', '2026-01-04', '2026-01-05'].map((d) => `${d}T12:00:00.000Z`),
    );
    // The Median cell of the 16-byte row of each run's interprocess summary, as the file holds it.
    const cells = readdirSync(runs)
      .sort()
      .map((run) => {
        const [header, ...lines] = read(join(runs, run, 'measurements_interprocess_best_effort_summary.csv'))
          .trim()
          .split('\n');
        const column = header!.split(',').indexOf('Median');
        return Number(lines.find((l) => l.startsWith('16,'))!.split(',')[column]);
      });
    expect(rs.map((r) => statistic(r, 'interprocess_best_effort', '16', 'latency', 'median'))).toEqual(cells);
  });
});
