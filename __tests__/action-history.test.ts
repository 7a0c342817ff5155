import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, pushEventEnv, removeTempDirs, repoRoot, runAction } from './helpers/runner-action.js';
import { runActionInProcess } from './helpers/action-in-process.js';
import { parseHistoryRecord } from '../src/engine/history/codec.js';

// The history loop: pushes to the default branch record a bounded window of runs; pull requests
// are judged against the between-run noise of that window.
const example = join(repoRoot, 'fixtures', 'example');
afterAll(removeTempDirs);

function pushEnv(runId: number, day: number): Record<string, string> {
  return pushEventEnv(runId, `2026-11-${String(day).padStart(2, '0')}T12:00:00+01:00`);
}

describe('action: record-history and history', () => {
  test('records keep a bounded window, and a pull request is judged against its noise band', async () => {
    const history = join(makeTempDir('perfgate-history-'), 'history');
    for (let i = 1; i <= 4; i++) {
      const run = await runActionInProcess(
        { results: join(example, 'results'), 'record-history': history, 'history-window': '3' },
        { env: pushEnv(100 + i, 10 + i) },
      );
      expect(run.status).toBe(0);
      expect(run.outputs['history-record']).toBe(
        join(history, `history-2026-11-${10 + i}T11-00-00.000Z-${100 + i}.json`),
      );
      // The job summary says what was recorded, and where (issue 37: it was empty).
      expect(run.summary).toMatch(
        new RegExp(
          `^### 📝 Recorded commit aaaaaaa in the history\n\n\`history-2026-11-${10 + i}T11-00-00\\.000Z-${100 + i}\\.json\` ` +
            `\\(run ${100 + i}\\): 22 benchmarks \\\\\\(2 experiments\\\\\\) from 2 files; written to folder .+history, ` +
            `which now holds ${Math.min(i, 3)} records?\\. Pull requests compare with it when that folder reaches them \\(history\\)\\.\n`,
        ),
      );
    }
    // The window keeps the three newest runs.
    expect(readdirSync(history).sort()).toEqual([
      // The runs it dropped, kept for the dashboard.
      'archive-2026-11.json',
      'history-2026-11-12T11-00-00.000Z-102.json',
      'history-2026-11-13T11-00-00.000Z-103.json',
      'history-2026-11-14T11-00-00.000Z-104.json',
    ]);
    const record = JSON.parse(readFileSync(join(history, readdirSync(history).sort()[3]!), 'utf8'));
    expect(record).toMatchObject({
      format: 'perfgate-history',
      sha: '104'.padStart(40, 'a'),
      runId: '104',
      runUrl: 'https://github.com/octo/bench/actions/runs/104',
    });

    // Identical recorded runs give a zero-width band: the Medians of the intra-process payloads the
    // regression slowed by 40 % fail, those it left alone do not.
    const pr = await runActionInProcess({ results: join(example, 'results-regression'), history, threshold: '0.2' });
    expect(pr.status).toBe(1);
    expect(pr.outputs['failed-experiments']).toContain('intraprocess_best_effort');
    const comparison = JSON.parse(readFileSync(join(pr.workspace, 'perfgate-report', 'comparison.json'), 'utf8'));
    const intra = comparison.subExperiments.find(
      (s: { experimentType: string }) => s.experimentType === 'intraprocess_best_effort',
    );
    const medians = intra.comparisons.filter((c: { magnitude: string }) => c.magnitude === 'Median');
    expect(medians.filter((c: { failed: boolean }) => c.failed).map((c: { bytes: number }) => c.bytes)).toEqual([
      4096, 8192, 16384,
    ]);
    expect(medians.every((c: { historyRuns: number }) => c.historyRuns === 3)).toBe(true);
    expect(pr.summary).toContain('Noise-aware: each row is judged against the between-run spread of 3 baseline runs');
    expect(pr.summary).toContain('| Noise band |');
  });

  test('any format: ddsperf runs recorded on push judge a pull request whose throughput dropped', async () => {
    const formats = join(repoRoot, 'fixtures', 'formats');
    const sub = join(formats, 'ddsperf', 'sub_size1024.txt');
    const ping = join(formats, 'ddsperf', 'ping_size64.txt');
    const results = join(makeTempDir('perfgate-ddsperf-'), 'results');
    mkdirSync(results);
    copyFileSync(sub, join(results, 'sub_size1024.txt'));
    copyFileSync(ping, join(results, 'ping_size64.txt'));
    const history = join(makeTempDir('perfgate-history-'), 'history');
    for (let i = 1; i <= 3; i++) {
      const run = await runActionInProcess({ results, 'record-history': history }, { env: pushEnv(200 + i, 10 + i) });
      expect(run.status).toBe(0);
    }
    const name = readdirSync(history).sort()[0]!;
    const record = parseHistoryRecord(readFileSync(join(history, name), 'utf8'), name);
    expect(record.version).toBe(3);
    expect(new Set(record.measurements.map((m) => m.format))).toEqual(new Set(['ddsperf']));
    expect(record.measurements.find((m) => m.metric === 'throughput')).toMatchObject({
      experiment: 'sub',
      direction: 'higher-is-better',
      unit: 'Mb/s',
    });

    // The pull request's subscriber got 30 % less throughput (the real file, Mb/s values scaled).
    const pr = join(makeTempDir('perfgate-ddsperf-pr-'), 'results');
    mkdirSync(pr);
    copyFileSync(ping, join(pr, 'ping_size64.txt'));
    writeFileSync(
      join(pr, 'sub_size1024.txt'),
      readFileSync(sub, 'utf8').replace(/([0-9.]+) Mb\/s/g, (_m, v: string) => `${(Number(v) * 0.7).toFixed(2)} Mb/s`),
    );
    const run = await runActionInProcess({ results: pr, history, threshold: '0.2' });
    expect(run.status).toBe(1);
    expect(run.outputs['failed-experiments']).toBe('sub');
    const comparison = JSON.parse(readFileSync(join(run.workspace, 'perfgate-report', 'comparison.json'), 'utf8'));
    const rows = comparison.subExperiments.flatMap((s: { comparisons: unknown[] }) => s.comparisons) as {
      metric: string;
      failed: boolean;
      deltaPercent: number;
      historyRuns: number;
    }[];
    const failed = rows.filter((r) => r.failed);
    expect(failed.length).toBeGreaterThan(0);
    for (const r of failed) {
      expect(r.metric).toBe('throughput');
      expect(r.deltaPercent).toBeCloseTo(30, 0);
      expect(r.historyRuns).toBe(3);
    }
    expect(run.summary).toContain(
      '| Experiment | Parameter | Metric | Reference | Result | Δ (90 % interval) | Threshold | p | α | Noise band | Catches ≥ | Status |',
    );

    // The same pull request against a baseline folder of the unchanged run: the same verdict.
    const baseline = await runActionInProcess({ results: pr, baseline: results, threshold: '0.2' });
    expect(baseline.status).toBe(1);
    expect(baseline.outputs['failed-experiments']).toBe('sub');
  });

  test('a run whose event dates no commit is not recorded, with a warning', async () => {
    const history = join(makeTempDir('perfgate-history-'), 'history');
    const run = await runActionInProcess(
      { results: join(example, 'results'), 'record-history': history },
      { env: { GITHUB_RUN_ID: '7', GITHUB_SHA: 'a'.repeat(40), GITHUB_REPOSITORY: 'octo/bench' } },
    );
    expect(run.status).toBe(0);
    expect(run.commands.find((c) => c.command === 'warning')?.message).toContain(
      'record-history: this run was not recorded',
    );
  });

  test('a history folder that does not exist yet (nothing recorded, or the cache missed): a notice, the requirements decide', async () => {
    const missing = join(makeTempDir('perfgate-history-'), 'perfgate-history');
    const run = await runActionInProcess({
      results: join(example, 'results'),
      requirements: join(example, 'requirements.csv'),
      history: missing,
    });
    expect(run.status).toBe(0);
    expect(run.outputs['verdict']).toBe('pass');
    expect(run.outputs['comparisons-total']).toBeUndefined();
    const notice = run.commands.find((c) => c.command === 'notice')?.message ?? '';
    expect(notice).toBe(
      `No history: ${missing} does not exist (no run recorded yet, or the cache missed). The gate rests on the requirements alone. ` +
        'Recording starts with the next push to the default branch (with record-history).',
    );
    expect(run.summary).toContain('No history');
    // Without requirements, the summary says plainly what was read and that nothing was gated.
    const nothing = await runActionInProcess({ results: join(example, 'results'), history: missing });
    expect(nothing.status).toBe(0);
    expect(nothing.commands.filter((c) => c.command === 'notice').map((c) => c.message)).toEqual([
      `No history: ${missing} does not exist (no run recorded yet, or the cache missed). Read 22 benchmarks (2 experiments) from 2 files; ` +
        'nothing was compared, so nothing was gated. Recording starts with the next push to the default branch (with record-history).',
    ]);
    expect(nothing.summary).toContain(
      'Read 22 benchmarks \\(2 experiments\\) from 2 files; nothing was compared, so nothing was gated.',
    );
  });

  // An unread result never passes: with no history yet and no requirements, the results are still
  // read, and results that give nothing are an error.
  const unread: [name: string, make: (dir: string) => string, error: (dir: string) => string][] = [
    [
      'a pattern that matches nothing',
      (_dir: string) => 'no-such-results/**',
      (dir: string) => `perfgate: ${dir}/no-such-results/**: no files match this pattern`,
    ],
    [
      'a folder with no result files',
      (dir: string) => {
        mkdirSync(join(dir, 'empty'));
        writeFileSync(join(dir, 'empty', 'README.txt'), 'benchmarks go here\n');
        return join(dir, 'empty');
      },
      (dir: string) =>
        `perfgate: ${dir}/empty: the folder holds no result files perfgate recognises (Fast-DDS summary or raw measurement CSVs, or another supported format)`,
    ],
    [
      'a result file without measurements',
      (dir: string) => {
        writeFileSync(
          join(dir, 'bench.json'),
          '{"context": {"date": "2026-11-01T00:00:00+00:00", "num_cpus": 4}, "benchmarks": []}\n',
        );
        return join(dir, 'bench.json');
      },
      (dir: string) => `perfgate: ${dir}/bench.json:1:`,
    ],
  ];
  describe.each(unread)('no history yet, no requirements, %s', (_name, make, error) => {
    test('is an error, never a pass', async () => {
      const dir = makeTempDir('perfgate-unread-');
      const results = make(dir);
      const run = await runActionInProcess({
        results: results.startsWith('/') ? results : join(dir, results),
        history: join(dir, 'perfgate-history'),
      });
      expect(run.status).toBe(1);
      expect(run.outputs['verdict']).toBeUndefined();
      expect(run.commands.find((c) => c.command === 'error')?.message).toContain(error(dir));
      expect(run.commands.filter((c) => c.command === 'notice')).toEqual([]);
      expect(run.summary).toContain('### ⚠️ perfgate errored: nothing was gated');
      expect(run.summary).not.toContain('Nothing was compared');
    });
  });

  // Issue 37: a misspelt history folder passed as "no history yet" although the records were next to it.
  test('a history folder that does not exist next to one of a close name holding records: "did you mean"', async () => {
    const root = makeTempDir('perfgate-history-');
    const history = join(root, 'perfgate-history');
    const push = await runActionInProcess(
      { results: join(example, 'results'), 'record-history': history },
      { env: pushEnv(101, 11) },
    );
    expect(push.status).toBe(0);
    const pr = await runActionInProcess({
      results: join(example, 'results'),
      requirements: join(example, 'requirements.csv'),
      history: join(root, 'perfgate-histroy'),
    });
    expect(pr.status).toBe(1);
    expect(pr.commands.find((c) => c.command === 'error')?.message).toBe(
      `perfgate: input "history": folder ${join(root, 'perfgate-histroy')} does not exist; did you mean ${history}? ` +
        '(it holds history records)',
    );
    expect(pr.summary).toContain('### ⚠️ perfgate errored: nothing was gated');
    // A name further off is a history not recorded yet: a notice, the requirements decide.
    const other = await runActionInProcess({
      results: join(example, 'results'),
      requirements: join(example, 'requirements.csv'),
      history: join(root, 'history-linux'),
    });
    expect(other.status).toBe(0);
    expect(other.commands.find((c) => c.command === 'notice')?.message).toMatch(
      /^No history: .*history-linux does not exist/,
    );
  });

  test('repetitions: pool, as the first workflow has it: one note per report, no warning, nothing per experiment', async () => {
    const dir = makeTempDir('perfgate-pool-');
    for (const run of ['r1', 'r2', 'r3'])
      cpSync(join(example, 'results'), join(dir, 'results', run), { recursive: true });
    const run = await runActionInProcess({
      results: join(dir, 'results', '**'),
      repetitions: 'pool',
      requirements: join(example, 'requirements.csv'),
      baseline: join(example, 'results'),
      threshold: '0.2',
    });
    expect(run.outputs['verdict']).toBeDefined();
    const sentence =
      'pooled 3 repetitions of each of 2 experiments (repetitions: pool): each statistic is the median of the repetitions; a history comparison judges their geometric mean (the mean of their logs)';
    expect(run.commands.filter((c) => c.command === 'warning' && /pool/.test(c.message))).toEqual([]);
    // The check's and the comparison's report each say it once in the log; the job summary (one
    // document, the comparison first) says it once.
    expect(run.stdout.split('\n').filter((l) => l.includes('pooled'))).toEqual([
      `  note: ${sentence}`,
      `  note: ${sentence}`,
    ]);
    expect(run.summary.split('\n').filter((l) => l.includes('pooled'))).toEqual([`> ${sentence}`]);
    expect(run.stdout).not.toContain('repetitions pooled');
  });

  test('baseline and history together are a usage error', async () => {
    const run = await runActionInProcess({
      results: join(example, 'results'),
      baseline: join(example, 'results'),
      history: join(example, 'results'),
    });
    expect(run.status).toBe(1);
    expect(run.commands.find((c) => c.command === 'error')?.message).toContain(
      'give input "baseline" or input "history", not both',
    );
  });
});

// Issue 26, defect 1: recording never replaces the verdict, whatever goes wrong with the record.
describe('action: record-history that cannot be read or written', () => {
  const warnings = (run: ReturnType<typeof runAction>) =>
    run.commands.filter((c) => c.command === 'warning').map((c) => c.message);
  const inputs = (history: string) => ({
    results: join(example, 'results'),
    requirements: join(example, 'requirements.csv'),
    'record-history': history,
  });

  test('a truncated record in the folder: skipped with a warning naming it, this run recorded, verdict pass', async () => {
    const history = join(makeTempDir('perfgate-history-'), 'history');
    expect((await runActionInProcess(inputs(history), { env: pushEnv(101, 11) })).status).toBe(0);
    const first = join(history, 'history-2026-11-11T11-00-00.000Z-101.json');
    writeFileSync(first, readFileSync(first).subarray(0, 100));
    const run = await runActionInProcess(inputs(history), { env: pushEnv(102, 12) });
    expect([run.status, run.outputs['verdict'], run.outputs['history-recorded']]).toEqual([0, 'pass', 'true']);
    expect(warnings(run)).toEqual([expect.stringContaining(`${first}: skipped: not a perfgate history record: `)]);
    expect(readdirSync(history).sort()).toEqual([
      'history-2026-11-11T11-00-00.000Z-101.json',
      'history-2026-11-12T11-00-00.000Z-102.json',
    ]);
  });

  test('a history "folder" that is a file: a warning naming the run whose record was lost, verdict pass', async () => {
    const history = join(makeTempDir('perfgate-history-'), 'history');
    writeFileSync(history, 'not a folder\n');
    const run = await runActionInProcess(inputs(history), { env: pushEnv(103, 13) });
    expect([run.status, run.outputs['verdict'], run.outputs['history-recorded']]).toEqual([0, 'pass', 'false']);
    expect(warnings(run)).toEqual([
      expect.stringMatching(
        /^perfgate: record-history: the record of run 103 \(commit aaaaaaa\) was lost: .*cannot read the history folder/,
      ),
    ]);
  });
});
