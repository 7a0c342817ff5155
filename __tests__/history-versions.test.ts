/**
 * A history that four perfgates wrote: the record of each version as its own codec wrote it, read by `compare
 * --history`, `trends` and `dashboard` together. fixtures/history-versions/ holds the older ones, made by the committed
 * bundles of those versions (SOURCES.md there): version 1 by the action's record-history, version 2 and version 3
 * without roles by `history import`; this perfgate imports two runs more (version 3 with roles), dated before them, so
 * that the newest records are the older perfgates' and their roles are inferred where a verdict needs them. The same
 * five records on a history branch are read by a pull request's action run.
 */
import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, test } from '@jest/globals';
import { runActionInProcess } from './helpers/action-in-process.js';
import { FakeGitGitHub } from './helpers/github-git-fake.js';
import { removeTempDirs } from './helpers/runner-action.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

const versions = join(repoRoot, 'fixtures', 'history-versions');
const runs = join(repoRoot, 'fixtures', 'history-import', 'runs');

/** The fixtures' three records and two more of this perfgate's, oldest first. */
async function mixedHistory(): Promise<string> {
  const folder = join(tempDir('perfgate-versions-'), 'history');
  cpSync(versions, folder, { recursive: true, filter: (path) => !path.endsWith('.md') });
  for (const [run, day, commit] of [
    ['r1', '2026-08-30', '4'],
    ['r2', '2026-08-31', '5'],
  ] as const) {
    const imported = await cli([
      'history',
      'import',
      join(runs, run),
      '--output',
      folder,
      '--commit',
      commit.repeat(40),
      '--date',
      `${day}T10:00:00Z`,
      '--run-url',
      `https://github.com/octo/bench/actions/runs/${day.slice(-2)}`,
    ]);
    expect([imported.code, imported.err]).toEqual([0, '']);
  }
  return folder;
}

/** Each record's version, and whether its descriptions keep roles, oldest first. */
function recordVersions(folder: string): string[] {
  return readdirSync(folder)
    .filter((name) => name.startsWith('history-'))
    .sort()
    .map((name) => {
      const text = readFileSync(join(folder, name), 'utf8');
      const version = /"version": (\d)/.exec(text)![1]!;
      return text.includes('"role":') ? `${version} with roles` : version;
    });
}

interface Row {
  metric: string;
  statistic: string;
  status: string;
  gated: boolean;
  historyRuns?: number;
  metricRole?: string;
}

interface ComparisonJson {
  subExperiments: { experimentType: string; status: string; comparisons: Row[] }[];
}

async function compare(folder: string, results: string): Promise<{ json: ComparisonJson; err: string }> {
  const out = tempDir('perfgate-versions-compare-');
  const run = await cli(['compare', '--history', folder, '--results', results, '--output-dir', out]);
  expect(run.code).toBe(0);
  return { json: JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')) as ComparisonJson, err: run.err };
}

describe('a history of version 1, 2 and 3 records, with and without roles', () => {
  test('the fixtures are what the older perfgates wrote', async () => {
    expect(recordVersions(await mixedHistory())).toEqual(['3 with roles', '3 with roles', '1', '2', '3']);
  });

  test('compare --history reads every record: each benchmark judged against every run that has it', async () => {
    const folder = await mixedHistory();
    const { json, err } = await compare(folder, join(runs, 'r10'));
    expect(err).not.toMatch(/skipped|error/);
    const runsOf = (experiment: string, metric: string) => {
      const rows = json.subExperiments.find((s) => s.experimentType === experiment)!.comparisons;
      return Math.max(...rows.filter((r) => r.metric === metric).map((r) => r.historyRuns ?? 0));
    };
    // The version 1 record holds the Fast-DDS run only (what that perfgate recorded); the others hyperfine's too.
    expect(runsOf('demo_best_effort', 'latency')).toBe(5);
    const hyperfine = json.subExperiments.filter((s) => s.experimentType !== 'demo_best_effort');
    expect(hyperfine.map((s) => s.experimentType)).toEqual(['sleep-10ms', 'sleep-20ms']);
    for (const command of hyperfine) {
      expect(runsOf(command.experimentType, 'wall time')).toBe(4);
      const gatedMetrics = new Set(command.comparisons.filter((r) => r.gated).map((r) => r.metric));
      expect(gatedMetrics).toEqual(new Set(['wall time']));
    }
  });

  test('a benchmark the run lacks lists its gated row, its roles inferred from the newest record (version 3 without roles)', async () => {
    const folder = await mixedHistory();
    const { json } = await compare(folder, join(runs, 'r10', 'measurements_demo_best_effort.csv'));
    const missing = json.subExperiments.filter((s) => s.status === 'missing');
    expect(missing.map((s) => s.experimentType)).toEqual(['sleep-10ms', 'sleep-20ms']);
    for (const command of missing)
      expect(command.comparisons.map((r) => [r.metric, r.statistic, r.status, r.gated])).toEqual([
        ['wall time', 'median', 'missing', true],
      ]);
  });

  test('trends reads the five runs and watches the primary metrics; --all-metrics adds the CPU times', async () => {
    const folder = await mixedHistory();
    const series = async (...flags: string[]) => {
      const out = tempDir('perfgate-versions-trends-');
      const run = await cli(['trends', folder, '--output-dir', out, ...flags]);
      expect([run.code, run.err]).toEqual([0, '']);
      const report = JSON.parse(readFileSync(join(out, 'trends.json'), 'utf8')) as {
        runs: unknown[];
        series: { metric: string; values: number }[];
      };
      expect(report.runs).toHaveLength(5);
      return report.series;
    };
    const primary = await series();
    expect(new Set(primary.map((s) => s.metric))).toEqual(new Set(['latency', 'wall time']));
    // The latency of every run, version 1's included; the wall time of the four runs that recorded hyperfine.
    const runsWith = (metric: string) => new Set(primary.filter((s) => s.metric === metric).map((s) => s.values));
    expect(runsWith('latency')).toEqual(new Set([5]));
    expect(runsWith('wall time')).toEqual(new Set([4]));
    const all = await series('--all-metrics');
    expect(new Set(all.map((s) => s.metric))).toEqual(new Set(['latency', 'wall time', 'user time', 'system time']));
  });

  test('the dashboard draws the three benchmarks over the five runs, without a warning', async () => {
    const folder = await mixedHistory();
    const run = await cli(['dashboard', folder, '--output', tempDir('perfgate-versions-site-')]);
    expect([run.code, run.err]).toEqual([0, '']);
    expect(run.out).toMatch(/^dashboard: 5 run\(s\), 3 experiment\(s\), /m);
  });
});

describe('the same history on a history branch', () => {
  const READ_ONLY = 'ghs_historyREAD0123456789abcdefghijkl';
  let git: FakeGitGitHub | undefined;
  afterEach(async () => {
    await git?.stop();
    git = undefined;
  });
  afterAll(removeTempDirs);

  test('a pull request reads the five records of the branch and is judged on them', async () => {
    const folder = await mixedHistory();
    git = await new FakeGitGitHub({ owner: 'octo', repo: 'bench', readOnlyToken: READ_ONLY }).start();
    const names = readdirSync(folder).sort();
    git.seed(
      'perfgate-history',
      Object.fromEntries(names.map((name) => [`history/${name}`, readFileSync(join(folder, name))])),
    );
    const pr = await runActionInProcess(
      {
        'results': join(runs, 'r10'),
        'history': 'history',
        'history-branch': 'perfgate-history',
        'github-token': READ_ONLY,
        'charts': 'false',
        'upload-report': 'false',
      },
      {
        env: {
          GITHUB_EVENT_NAME: 'pull_request',
          GITHUB_REPOSITORY: 'octo/bench',
          GITHUB_API_URL: git.apiUrl,
          GITHUB_RUN_ID: '77',
          PERFGATE_RETRY_BASE_MS: '1',
        },
      },
    );
    // The one warning: imported runs (and a record of version 1 or 2) name no machine.
    expect(pr.commands.filter((c) => c.command === 'warning' || c.command === 'error').map((c) => c.message)).toEqual([
      expect.stringMatching(/^No machine check: the 5 history runs record no machine/),
    ]);
    expect(pr.status).toBe(0);
    expect(pr.stdout).toContain('history: 5 record(s) on branch perfgate-history at ');
    expect(readdirSync(join(pr.workspace, 'history')).sort()).toEqual(names);
    expect(pr.outputs['verdict']).toBe('pass');
    expect(git.problems).toEqual([]);
  });
});
