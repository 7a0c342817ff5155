import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_GATE, describeGate, gates, parseGateStatistics } from '../src/engine/compare/gate.js';
import { hyperfineAdapter } from '../src/engine/formats/hyperfine/json.js';
import { goBenchAdapter } from '../src/engine/formats/goBench.js';
import { pytestBenchmarkAdapter } from '../src/engine/formats/pytestBenchmark.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import { primaryStatistic } from '../src/engine/model/statisticRules.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { cli, read, repoRoot, tempDir } from './helpers/shared.js';

// The default gate judges one metric per benchmark: its time, or its tool's own measure. Which
// metric that is, is the adapter's word (Metric.role); what the gate does with it is gate.ts's.

const formats = join(repoRoot, 'fixtures', 'formats');

function measurementsOf(adapter: FormatAdapter, file: string): Measurement[] {
  return adapter.parse({ file, text: readFileSync(file, 'utf8') }, {}).measurements;
}

const gatedNames = (measurements: readonly Measurement[], gate = DEFAULT_GATE) =>
  measurements
    .filter((m) => gates(gate, primaryStatistic(m), m))
    .map((m) => m.metric.name)
    .filter((name, i, all) => all.indexOf(name) === i);

describe('parseGateStatistics: primary, all-metrics, all, and statistics', () => {
  test('all-metrics alone is the primary statistic of every metric; with statistics, those of every metric', () => {
    expect(parseGateStatistics('all-metrics')).toEqual({
      primary: true,
      statistics: new Set(),
      all: false,
      everyMetric: true,
    });
    expect(parseGateStatistics('p99,all-metrics')).toEqual({
      primary: false,
      statistics: new Set(['p99']),
      all: false,
      everyMetric: true,
    });
    expect(parseGateStatistics('primary,99%')).toEqual({
      primary: true,
      statistics: new Set(['p99']),
      all: false,
      everyMetric: false,
    });
    expect(parseGateStatistics('all').everyMetric).toBe(true);
  });

  test('the note names the gated statistics and whose metrics they are', () => {
    expect(describeGate(DEFAULT_GATE)).toBe(
      "the primary statistic (single value, slope, median or mean) of each benchmark's primary metric",
    );
    expect(describeGate(parseGateStatistics('primary,p99'))).toBe(
      "the primary statistic (single value, slope, median or mean) and p99 of each benchmark's primary metric",
    );
    expect(describeGate(parseGateStatistics('max,all-metrics'))).toBe('max of every metric');
    expect(describeGate(parseGateStatistics('all'))).toBe('every statistic of every metric');
  });
});

describe('each adapter marks the metrics beside the primary one', () => {
  test('pytest-benchmark: time gated; ops (1/mean) derived', () => {
    const measurements = measurementsOf(pytestBenchmarkAdapter, join(formats, 'pytest-benchmark', 'codec.json'));
    expect(gatedNames(measurements)).toEqual(['time']);
    expect(measurements.find((m) => m.metric.name === 'ops')!.metric.role).toBe('derived');
    expect(gatedNames(measurements, parseGateStatistics('all-metrics'))).toEqual(['time', 'ops']);
  });

  test('hyperfine: wall time gated; user and system time and memory secondary', () => {
    const measurements = measurementsOf(hyperfineAdapter, join(formats, 'hyperfine', 'scan.json'));
    expect(gatedNames(measurements)).toEqual(['wall time']);
    expect(gatedNames(measurements, parseGateStatistics('all-metrics'))).toEqual([
      'wall time',
      'user time',
      'system time',
      'memory usage',
    ]);
  });

  test('Go: time/op gated; without ns/op (ReportMetric replaced it) every metric stays primary', () => {
    const file = join(formats, 'go-bench', 'publish_count3.txt');
    expect(gatedNames(measurementsOf(goBenchAdapter, file))).toEqual(['time/op']);
    const set = goBenchAdapter.parse(
      {
        file: 'bench.txt',
        text: 'BenchmarkRate-2   1000   52.5 msgs/s   3 frames/op\nPASS\n',
      },
      {},
    );
    expect(set.measurements.map((m) => [m.metric.name, m.metric.role])).toEqual([
      ['msgs/s', undefined],
      ['frames/op', undefined],
    ]);
  });
});

describe('a history of Go runs: the record keeps each metric’s role, as the result reads it', () => {
  test('Go runs imported into a history: MB/s, B/op and allocs/op of the candidate are reported, not gated', async () => {
    const runs = join(formats, 'go-bench', 'runs');
    const history = join(tempDir('perfgate-roles-'), 'history');
    expect((await cli(['history', 'import', runs, '--output', history])).code).toBe(0);
    // The record keeps the roles the Go reader marks (a record without them infers them: history-roles.test.ts).
    const record = read(join(history, readdirSync(history).sort()[0]!));
    expect(record).toContain('"metric":"MB/s","role":"derived"');
    expect(record).toContain('"metric":"allocs/op","role":"secondary"');
    const candidate = join(runs, readdirSync(runs).sort().at(-1)!, 'bench.txt');
    const out = join(tempDir('perfgate-roles-'), 'out');
    const run = await cli(['compare', '--history', history, '--results', candidate, '-o', out]);
    expect(run.code).toBe(0);
    const report = JSON.parse(read(join(out, 'comparison.json'))) as {
      subExperiments: { comparisons: { metric: string; gated: boolean; metricRole?: string }[] }[];
    };
    const rows = report.subExperiments.flatMap((s) => s.comparisons);
    expect([...new Set(rows.filter((r) => r.gated).map((r) => r.metric))]).toEqual(['time/op']);
    expect(rows.find((r) => r.metric === 'MB/s')!.metricRole).toBe('derived');
    expect(rows.find((r) => r.metric === 'allocs/op')!.metricRole).toBe('secondary');
    expect(rows.find((r) => r.metric === 'time/op')!.metricRole).toBeUndefined();
    expect(read(join(out, 'comparison.md'))).toMatch(/derived metrics: MB\/s[^\n]*are reported but cannot fail/);

    // With all-metrics the note names no metric as reported only: only their tails are.
    const every = join(tempDir('perfgate-roles-'), 'out');
    const all = await cli([
      'compare',
      '--history',
      history,
      '--results',
      candidate,
      '--gate',
      'all-metrics',
      '-o',
      every,
    ]);
    expect(all.code).toBe(0);
    const note = read(join(every, 'comparison.md'))
      .split('\n')
      .find((line) => line.startsWith('> Gated:'))!;
    expect(note).toMatch(
      /^> Gated: the primary statistic \(single value, slope, median or mean\) of every metric\. \d+ other rows \(tail statistics such as Min, Max, 99 %\) are reported/,
    );
  });
});
