/**
 * `trends` and the dashboard judge each benchmark's primary metric by default, as the gate does: a Go benchmark whose
 * SetBytes halved (MB/s falls by half, ns/op unchanged) and that allocates twice the bytes opens no regression unless
 * `--all-metrics` asks for every metric. The records are real `go test -bench` output read by the Go reader, kept as
 * this perfgate writes them (roles on every shape) and as a perfgate before roles wrote them (version 2).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from '@jest/globals';
import { ADAPTERS, recogniseFormat } from '../src/engine/formats/registry.js';
import { makeHistoryRecord, type HistoryRecord } from '../src/engine/history/record.js';
import { historyFileName } from '../src/engine/history/window.js';
import { renderHistoryRecord } from '../src/engine/history/codec.js';
import { dashboardOfRecords } from '../src/pipeline/dashboard.js';
import { readHistoryWindow, readHistoryWithArchive } from '../src/pipeline/historyFolder.js';
import { repoRoot, runCliInProcess, tempDir, cwdFiles } from './helpers/shared.js';

const RUNS = 12;
/** A fixed wiggle of ±1 %, so that no level is constant. */
const WIGGLE = [1, 1.01, 0.99, 1.005, 0.995, 1.01, 0.99, 1, 1.004, 0.996, 1.008, 0.992];

/**
 * Run r's `go test -bench -benchmem` output: from run 6 on, BenchmarkEncode's SetBytes(512) instead of 1024 and 128
 * B/op, not 64; BenchmarkDecode unchanged.
 */
function goOutput(r: number): string {
  const ns = 1000 * WIGGLE[r]!;
  const bytes = r < 6 ? 1024 : 512;
  const allocated = r < 6 ? 64 : 128;
  return [
    'goos: linux',
    'goarch: amd64',
    'pkg: example.com/codec',
    `BenchmarkEncode-2   \t   1000\t ${ns.toFixed(1)} ns/op\t ${((bytes / ns) * 1000).toFixed(2)} MB/s\t ${allocated} B/op\t 1 allocs/op`,
    `BenchmarkDecode-2   \t   2000\t ${(ns / 2).toFixed(1)} ns/op\t 16 B/op\t 1 allocs/op`,
    'PASS',
    '',
  ].join('\n');
}

function recordOfRun(r: number): HistoryRecord {
  const file = `run${r}.txt`;
  const text = goOutput(r);
  const set = ADAPTERS.find((a) => a.id === recogniseFormat(text, file)?.id)!.parse({ file, text }, {});
  const experiments = ['BenchmarkDecode', 'BenchmarkEncode'].map((experiment) => ({
    experiment,
    format: set.format,
    measurements: set.measurements.filter((m) => m.experiment === experiment),
  }));
  return makeHistoryRecord(experiments, {
    sha: (0xa000000 + r).toString(16),
    date: new Date(Date.UTC(2026, 10, 1 + r)).toISOString(),
    runId: 100 + r,
    runUrl: `https://github.com/octo/bench/actions/runs/${100 + r}`,
  });
}

/** The record as a perfgate before roles wrote it: version 2, one object per measurement, no role. */
function version2(record: HistoryRecord): string {
  const { measurements, ...head } = record;
  return JSON.stringify({ ...head, version: 2, measurements: measurements.map(({ role: _role, ...m }) => m) });
}

function historyFolder(write: (record: HistoryRecord) => string): string {
  const folder = join(tempDir('perfgate-roles-'), 'history');
  mkdirSync(folder, { recursive: true });
  for (let r = 0; r < RUNS; r++) {
    const record = recordOfRun(r);
    writeFileSync(join(folder, historyFileName(record)), write(record));
  }
  return folder;
}

interface TrendsJson {
  series: { metric: string; steps: { kind: string }[] }[];
  newRegressions: number;
}

async function trends(folder: string, ...flags: string[]): Promise<TrendsJson> {
  const out = tempDir('perfgate-roles-out-');
  const run = await runCliInProcess(['trends', folder, '--output-dir', out, ...flags]);
  expect(run.status).toBe(0);
  return JSON.parse(readFileSync(join(out, 'trends.json'), 'utf8')) as TrendsJson;
}

const regressed = (report: TrendsJson) =>
  report.series.filter((s) => s.steps.some((t) => t.kind === 'regression')).map((s) => s.metric);

describe.each([
  ['records that keep roles', renderHistoryRecord],
  ['version 2 records (roles inferred)', version2],
])('%s', (_name, write) => {
  const folder = historyFolder(write);

  test('trends watches the primary metric by default; --all-metrics every metric and their steps', async () => {
    const primary = await trends(folder);
    expect(primary.series.map((s) => s.metric)).toEqual(['time/op', 'time/op']);
    expect(primary.newRegressions).toBe(0);
    expect(regressed(primary)).toEqual([]);
    const all = await trends(folder, '--all-metrics');
    expect([...new Set(all.series.map((s) => s.metric))].sort()).toEqual(['B/op', 'MB/s', 'allocs/op', 'time/op']);
    expect(regressed(all).sort()).toEqual(['B/op', 'MB/s']);
  });

  test('the dashboard draws the primary metric by default, every metric with allMetrics', () => {
    const records = readHistoryWindow(cwdFiles, folder, RUNS);
    const metrics = (allMetrics: boolean) => {
      const model = dashboardOfRecords(records, allMetrics ? { allMetrics } : {});
      return [...new Set(model.experiments.flatMap((e) => e.series.map((s) => s.metric)))].sort();
    };
    expect(metrics(false)).toEqual(['time/op']);
    expect(metrics(true)).toEqual(['B/op', 'MB/s', 'allocs/op', 'time/op']);
  });
});

interface ComparisonJson {
  subExperiments: {
    experimentType: string;
    status: string;
    comparisons: { metric: string; statistic: string; status: string; gated: boolean; metricRole?: string }[];
  }[];
}

describe.each([
  ['records that keep roles', renderHistoryRecord],
  ['version 2 records (roles inferred)', version2],
])('compare --history, %s', (_name, write) => {
  test('a benchmark the pull request lacks lists only its gated row, not its derived and secondary metrics', async () => {
    const folder = historyFolder(write);
    // The pull request renamed BenchmarkEncode: its results hold BenchmarkEncodeV2 only.
    const results = join(tempDir('perfgate-roles-pr-'), 'bench.txt');
    writeFileSync(results, goOutput(RUNS - 1).replace('BenchmarkEncode-2', 'BenchmarkEncodeV2-2'));
    const out = tempDir('perfgate-roles-compare-');
    const run = await runCliInProcess(['compare', '--history', folder, '--results', results, '--output-dir', out]);
    expect(run.status).toBe(0);
    const json = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')) as ComparisonJson;
    const missing = json.subExperiments.find((s) => s.experimentType === 'BenchmarkEncode')!;
    expect(missing.status).toBe('missing');
    expect(missing.comparisons.map((r) => [r.metric, r.statistic, r.status, r.gated])).toEqual([
      ['time/op', 'median', 'missing', true],
    ]);
  });
});

describe('an archive month and records written before roles were kept (fixtures/history)', () => {
  test('read together, each Go metric has the role its reader gives, and the dashboard draws time/op only', () => {
    const records = readHistoryWithArchive(cwdFiles, join(repoRoot, 'fixtures', 'history'));
    // The archive's one run, then the two records: three runs, none of whose files names a role.
    expect(records).toHaveLength(3);
    const roles = new Set(
      records.flatMap((r) => r.measurements.map((m) => `${m.experiment} ${m.metric} ${m.role ?? 'primary'}`)),
    );
    expect([...roles].sort()).toEqual([
      'BenchmarkPublish B/op secondary',
      'BenchmarkPublish MB/s derived',
      'BenchmarkPublish allocs/op secondary',
      'BenchmarkPublish time/op primary',
      'BenchmarkQueueDepth B/op secondary',
      'BenchmarkQueueDepth allocs/op secondary',
      'BenchmarkQueueDepth auxMetricUnits secondary',
      'BenchmarkQueueDepth frames/op secondary',
      'BenchmarkQueueDepth time/op primary',
    ]);
    const model = dashboardOfRecords(records);
    expect(new Set(model.experiments.flatMap((e) => e.series.map((s) => s.metric)))).toEqual(new Set(['time/op']));
  });
});
