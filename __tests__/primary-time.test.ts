import { describe, expect, test } from '@jest/globals';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { googleBenchmarkAdapter } from '../src/engine/formats/googleBenchmark.js';
import { hyperfineAdapter } from '../src/engine/formats/hyperfine/json.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { clockSentence, type ClockChoice } from '../src/engine/report/comparison/clockChoice.js';
import { renderComparisonMarkdown } from '../src/engine/report/comparison/comparisonMarkdown.js';
import { renderComparisonText } from '../src/engine/report/comparison/comparisonText.js';
import { reviewerSections } from '../src/engine/report/comment/reviewerComment.js';
import { parseGateStatistics } from '../src/engine/compare/gate.js';
import { runCompare } from '../src/pipeline/compare.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { repoRoot, tempDir, cwdFiles } from './helpers/shared.js';

// Issue 45, item 7: which time decides where a tool reports two (docs/statistics.md, "Which time decides").

const entry = (name: string, extra = '') =>
  `{"name": "${name}", "run_name": "${name}", "run_type": "iteration", "repetitions": 1, "repetition_index": 0,` +
  ` "threads": 1, "iterations": 100, "real_time": 2000, "cpu_time": 1000, "time_unit": "ns"${extra}}`;

function parse(entries: string[]): Measurement[] {
  const text = `{"context": {"num_cpus": 2}, "benchmarks": [\n${entries.join(',\n')}\n]}`;
  return googleBenchmarkAdapter.parse({ file: 'bench.json', text }, {}).measurements;
}

/** Each benchmark's deciding (primary) time, and why. */
function deciding(measurements: readonly Measurement[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of measurements)
    if (m.metric.role === undefined)
      out[[m.experiment, m.parameter.label].filter((x) => x !== '').join('/')] =
        `${m.metric.name}: ${m.metric.clock?.decides ?? 'no choice'}`;
  return out;
}

describe('Google Benchmark: the CPU time decides, but where it is not the benchmark’s time', () => {
  test('a single-threaded benchmark is judged on its CPU time; the others on real time, saying why', () => {
    const measurements = parse([
      entry('BM_plain/64'),
      entry('BM_threads/threads:2'),
      entry('BM_field', ', "threads": 4'),
      entry('BM_wall/64/real_time'),
      entry('BM_manual/manual_time'),
      entry('BM_process/process_time'),
    ]);
    expect(deciding(measurements)).toEqual({
      'BM_plain/64': 'cpu time: steadier',
      'BM_threads/threads:2': 'real time: threads',
      'BM_field': 'real time: threads',
      'BM_wall/64/real_time': 'real time: real-time',
      'BM_manual/manual_time': 'real time: manual-time',
      'BM_process/process_time': 'cpu time: steadier',
    });
    // The other time is kept beside it, secondary, with its clock.
    const plain = measurements.filter((m) => m.experiment === 'BM_plain');
    expect(plain.map((m) => [m.metric.name, m.metric.role, m.metric.clock])).toEqual([
      ['real time', 'secondary', { of: 'wall' }],
      ['cpu time', undefined, { of: 'cpu', decides: 'steadier' }],
    ]);
  });

  test('a run with one time only has it primary, with nothing to choose from', () => {
    const only = entry('BM_only').replace(', "cpu_time": 1000', '');
    expect(parse([only]).map((m) => [m.metric.name, m.metric.role, m.metric.clock])).toEqual([
      ['real time', undefined, undefined],
    ]);
  });
});

test('hyperfine: the wall time decides, as a command’s CPU time misses its waits', () => {
  const file = join(repoRoot, 'fixtures', 'ecosystems', 'primary-statistic', 'hyperfine', 'run1.json');
  const set = hyperfineAdapter.parse({ file, text: readFileSync(file, 'utf8') }, {});
  const roles = new Set(set.measurements.map((m) => `${m.metric.name} ${m.metric.role ?? 'primary'}`));
  expect([...roles].sort()).toEqual(['system time secondary', 'user time secondary', 'wall time primary']);
  expect(set.measurements.find((m) => m.metric.name === 'wall time')!.metric.clock).toEqual({
    of: 'wall',
    decides: 'waits',
  });
});

describe('the sentence of each reason', () => {
  const choice = (because: ClockChoice['because'], extra: Partial<ClockChoice> = {}): ClockChoice => ({
    decides: because === 'steadier' ? 'cpu time' : because === 'waits' ? 'wall time' : 'real time',
    beside: because === 'steadier' ? ['real time'] : because === 'waits' ? ['user time', 'system time'] : ['cpu time'],
    because,
    benchmarks: 2,
    ...extra,
  });
  test.each([
    [
      choice('steadier', { band: { decides: { lower: -0.05, upper: 0.06 }, beside: { lower: -0.9, upper: 12 } } }),
      'CPU time decides (2 benchmarks): real time on this runner varied -90.0 … +1200 % (the median noise band), CPU time -5.00 … +6.00 %; real time is shown beside it.',
    ],
    [
      choice('steadier'),
      "CPU time decides (2 benchmarks): the runner's other jobs barely reach it, where they count in real time; real time is shown beside it.",
    ],
    [
      choice('threads'),
      'Real time decides (2 benchmarks): multi-threaded, so their CPU time sums the threads; CPU time is shown beside it.',
    ],
    [
      choice('real-time', { benchmarks: 1 }),
      'Real time decides (1 benchmark): the benchmarks asked for it (UseRealTime); CPU time is shown beside it.',
    ],
    [
      choice('manual-time'),
      'Real time decides (2 benchmarks): the benchmarks timed themselves (UseManualTime); CPU time is shown beside it.',
    ],
    [
      choice('waits'),
      "Wall time decides (2 commands): a command's CPU time misses what it waits for (I/O, sleeps, the network); user time and system time are shown beside it.",
    ],
  ] as [ClockChoice, string][])('%#: %j', (c, words) => expect(clockSentence(c)).toBe(words));
});

describe('the loaded Google Benchmark runs: the reports say which time decided and why', () => {
  // fixtures/ecosystems/loaded-screen: five runs of the base build while the machine's load moved, the pull request.
  const folder = join(repoRoot, 'fixtures', 'ecosystems', 'loaded-screen', 'google-benchmark');
  const ws = tempDir('perfgate-primary-time-');
  for (let run = 1; run <= 5; run++) {
    mkdirSync(join(ws, 'history', `run${run}`), { recursive: true });
    cpSync(join(folder, `run${run}.json`), join(ws, 'history', `run${run}`, 'bench.json'));
  }
  const { report } = runCompare(
    cwdFiles,
    {
      reference: [],
      history: join(ws, 'history'),
      results: [join(folder, 'pr.json')],
      referenceLabel: 'main',
      resultLabel: 'PR',
      outputDir: join(ws, 'out'),
      thresholds: { Min: 0.1, Median: 0.1, Max: 0.1, '99%': 0.1 },
      floatParse: 'precise',
    },
    silentProgress,
  );

  test('the report model holds the choice, with both times’ median bands', () => {
    expect(report.clocks).toHaveLength(1);
    const [c] = report.clocks!;
    expect(c).toMatchObject({ decides: 'cpu time', beside: ['real time'], because: 'steadier', benchmarks: 4 });
    // runs.md: the real time's bands reach −74 % and +289 % and beyond; the CPU time's stay within ±100 %.
    expect(c!.band!.beside.lower).toBeLessThan(-0.74);
    expect(c!.band!.beside.upper).toBeGreaterThan(2.89);
    expect(c!.band!.decides.lower).toBeGreaterThan(-1);
    expect(c!.band!.decides.upper).toBeLessThan(1);
  });

  test('comparison.md, the terminal and the comment say it in the same words', () => {
    const sentence = clockSentence(report.clocks![0]!);
    expect(sentence).toMatch(/^CPU time decides \(4 benchmarks\): real time on this runner varied -\d/);
    expect(renderComparisonMarkdown(report)).toContain(`\n⏱️ ${sentence}\n`);
    expect(renderComparisonText(report)).toContain(`\n  time: ${sentence}\n`);
    const section = reviewerSections({ comparison: report }).find((s) => s.label === 'which time decides');
    expect(section?.text).toBe(`⏱️ ${sentence}`);
  });
});

test('a suite of single- and multi-threaded benchmarks against a baseline: one sentence per reason, no bands', () => {
  const ws = tempDir('perfgate-primary-time-mixed-');
  const write = (name: string, cpu: number) => {
    const entries = [entry('BM_one/64'), entry('BM_many/64/threads:2')].map((e) => e.replace('1000', String(cpu)));
    const file = join(ws, name);
    writeFileSync(file, `{"context": {"num_cpus": 2}, "benchmarks": [\n${entries.join(',\n')}\n]}`);
    return file;
  };
  const { report } = runCompare(
    cwdFiles,
    {
      reference: [write('base.json', 1000)],
      results: [write('head.json', 1500)],
      referenceLabel: 'main',
      resultLabel: 'PR',
      outputDir: join(ws, 'out'),
      thresholds: { Min: 0.1, Median: 0.1, Max: 0.1, '99%': 0.1 },
      floatParse: 'precise',
    },
    silentProgress,
  );
  expect(report.clocks).toEqual([
    { decides: 'cpu time', beside: ['real time'], because: 'steadier', benchmarks: 1 },
    { decides: 'real time', beside: ['cpu time'], because: 'threads', benchmarks: 1 },
  ]);
  // BM_one's CPU time went 1000 → 1500 ns and decides: it fails; BM_many's real time did not move: it passes.
  const gated = report.rows.filter((r) => r.gated).map((r) => `${r.experimentType} ${r.metric} ${r.status}`);
  expect(gated.sort()).toEqual(['BM_many real time pass', 'BM_one cpu time fail']);
});

describe('each benchmark is counted once, and hyperfine says what its CPU times miss', () => {
  const eco = join(repoRoot, 'fixtures', 'ecosystems');
  /** The first stage of `pr` against a history of `runs` (each its own run folder). */
  function againstHistory(runs: string[], pr: string, gate?: string) {
    const ws = tempDir('perfgate-primary-time-history-');
    runs.forEach((file, i) => {
      mkdirSync(join(ws, 'history', `run${i + 1}`), { recursive: true });
      cpSync(file, join(ws, 'history', `run${i + 1}`, 'bench.json'));
    });
    return runCompare(
      cwdFiles,
      {
        reference: [],
        history: join(ws, 'history'),
        results: [pr],
        referenceLabel: 'main',
        resultLabel: 'PR',
        outputDir: join(ws, 'out'),
        thresholds: { Min: 0.1, Median: 0.1, Max: 0.1, '99%': 0.1 },
        floatParse: 'precise',
        ...(gate !== undefined ? { gate: parseGateStatistics(gate) } : {}),
      },
      silentProgress,
    ).report;
  }

  test('Google Benchmark with the median and the max gated: still 4 benchmarks', () => {
    const folder = join(eco, 'loaded-screen', 'google-benchmark');
    const runs = [1, 2, 3, 4, 5].map((r) => join(folder, `run${r}.json`));
    const report = againstHistory(runs, join(folder, 'pr.json'), 'primary,max');
    expect(report.rows.filter((r) => r.gated && r.statistic === 'max').length).toBeGreaterThan(0);
    expect(report.clocks).toMatchObject([{ decides: 'cpu time', because: 'steadier', benchmarks: 4 }]);
  });

  test('hyperfine: wall time decides for both commands, user and system time beside it', () => {
    const folder = join(eco, 'primary-statistic', 'hyperfine');
    const runs = [1, 2, 3, 4, 5, 6].map((r) => join(folder, `run${r}.json`));
    const report = againstHistory(runs, join(folder, 'pr.json'));
    // The CPU times are means, the wall time's gated statistic its median: no band of one statistic to set beside.
    expect(report.clocks).toEqual([
      { decides: 'wall time', beside: ['user time', 'system time'], because: 'waits', benchmarks: 2 },
    ]);
    expect(renderComparisonMarkdown(report)).toContain(
      "\n⏱️ Wall time decides (2 commands): a command's CPU time misses what it waits for (I/O, sleeps, the network); user time and system time are shown beside it.\n",
    );
  });
});
