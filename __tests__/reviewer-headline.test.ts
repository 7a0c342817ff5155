/**
 * The first line a reviewer reads (issue 25 item 9, issue 36 item 5): benchmarks counted per outcome, each changed
 * metric named with its own change, what they were compared with; the requirements second. Each case builds its reports
 * with the engine's own comparison and check, from measurements written here.
 */
import { compareExperiment, type SubExperimentComparison } from '../src/engine/compare/compare.js';
import { judgeMissing } from '../src/engine/compare/presence.js';
import { compareExperimentWithHistory } from '../src/engine/compare/historyRows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { buildComparisonReport, THRESHOLD_METHOD } from '../src/engine/report/comparison/comparisonReport.js';
import { renderComparisonText } from '../src/engine/report/comparison/comparisonText.js';
import { buildCheckReport } from '../src/engine/report/check/model.js';
import { reviewerComment, reviewerHeadline } from '../src/engine/report/comment/reviewerComment.js';
import { checkLimit, type SubExperimentCheck } from '../src/engine/check/checkRow.js';

/** A Go-style time per operation in ns: one benchmark at one parameter. */
function timing(experiment: string, parameter: string, ns: number): Measurement {
  return {
    experiment,
    parameter: { label: parameter },
    metric: { name: 'time/op', dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
    statistics: { value: ns },
    place: { file: 'bench.txt' },
  };
}

/** An allocation count per operation: not a speed, so a change reads "worse". */
function allocs(experiment: string, parameter: string, n: number): Measurement {
  return {
    experiment,
    parameter: { label: parameter },
    metric: { name: 'allocs/op', dimension: 'count', unit: '', displayUnit: '', direction: 'lower-is-better' },
    statistics: { value: n },
    place: { file: 'bench.txt' },
  };
}

/** A threshold comparison (10 %) of one experiment's reference and result measurements. */
function compared(experiment: string, reference: Measurement[], result: Measurement[]): SubExperimentComparison {
  return compareExperiment(
    experiment,
    { measurements: reference },
    { measurements: result },
    parseThresholds(undefined),
  );
}

const baselineRun = {
  runId: 41,
  runUrl: 'https://github.com/octo/bench/actions/runs/41',
  commit: '1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b',
  date: '2026-03-01T12:00:00Z',
};

test('slower benchmarks: counted by experiment × parameter, the metric named with the range of its changes, the unchanged counted, and the commit of the baseline run', () => {
  const encode = compared(
    'BenchmarkEncode',
    [
      timing('BenchmarkEncode', 'size=64', 100),
      timing('BenchmarkEncode', 'size=1024', 1000),
      timing('BenchmarkEncode', 'size=4096', 4000),
    ],
    [
      timing('BenchmarkEncode', 'size=64', 128),
      timing('BenchmarkEncode', 'size=1024', 1310),
      timing('BenchmarkEncode', 'size=4096', 4040),
    ],
  );
  const report = buildComparisonReport([encode], 'run 41', 'results', baselineRun, THRESHOLD_METHOD);
  expect(report.changes).toMatchObject({ benchmarks: 3, missing: 0, worse: { benchmarks: 2, speed: true } });
  expect(report.changes.worse!.smallest).toBeCloseTo(28, 9);
  expect(report.changes.worse!.largest).toBeCloseTo(31, 9);
  expect(reviewerHeadline({ comparison: report, base: 'main' })).toBe(
    '❌ 2 slower (time/op +28…+31 %) · 1 unchanged · against main at 1a2b3c4',
  );
  expect(renderComparisonText(report).split('\n')[0]).toBe(
    'perfgate compare: FAIL: 2 slower (time/op +28…+31 %) · 1 unchanged · against the baseline at 1a2b3c4',
  );
});

test('only improvements: counted as faster (⚡), with the change of the value; a count that is not a time says better', () => {
  const faster = compared(
    'BenchmarkDecode',
    [timing('BenchmarkDecode', 'size=64', 100), timing('BenchmarkDecode', 'size=1024', 1000)],
    [timing('BenchmarkDecode', 'size=64', 88), timing('BenchmarkDecode', 'size=1024', 850)],
  );
  expect(reviewerHeadline({ comparison: buildComparisonReport([faster], 'results', 'pr'), base: 'main' })).toBe(
    '⚡ 2 faster (time/op -15…-12 %) · against main (one run, noise not estimated)',
  );
  const fewer = compared(
    'BenchmarkDecode',
    [allocs('BenchmarkDecode', 'size=64', 10)],
    [allocs('BenchmarkDecode', 'size=64', 5)],
  );
  expect(reviewerHeadline({ comparison: buildComparisonReport([fewer], 'results', 'pr') })).toBe(
    '⚡ 1 better (allocs/op -50 %) · against the baseline (one run, noise not estimated)',
  );
  const more = compared(
    'BenchmarkDecode',
    [allocs('BenchmarkDecode', 'size=64', 4)],
    [allocs('BenchmarkDecode', 'size=64', 6)],
  );
  expect(reviewerHeadline({ comparison: buildComparisonReport([more], 'results', 'pr') })).toBe(
    '❌ 1 worse (allocs/op +50 %) · against the baseline (one run, noise not estimated)',
  );
});

test('nothing changed: the benchmarks counted unchanged; a benchmark of main missing from the results fails the line', () => {
  const same = compared(
    'BenchmarkEncode',
    [timing('BenchmarkEncode', 'size=64', 100)],
    [timing('BenchmarkEncode', 'size=64', 103)],
  );
  expect(reviewerHeadline({ comparison: buildComparisonReport([same], 'results', 'pr'), base: 'main' })).toBe(
    '✅ 1 unchanged · against main (one run, noise not estimated)',
  );
  const gone = compared(
    'BenchmarkEncode',
    [timing('BenchmarkEncode', 'size=64', 100), timing('BenchmarkEncode', 'size=1024', 1000)],
    [timing('BenchmarkEncode', 'size=64', 100)],
  );
  expect(reviewerHeadline({ comparison: buildComparisonReport([gone], 'results', 'pr'), base: 'main' })).toBe(
    '❌ 1 missing · 1 unchanged · against main (one run, noise not estimated)',
  );
  // missing: warn, the default of both shells: a warning, not a red line.
  const warned = buildComparisonReport([judgeMissing(gone, 'warn')], 'results', 'pr');
  expect(warned.verdict).toBe('pass');
  expect(reviewerHeadline({ comparison: warned, base: 'main' })).toBe(
    '⚠️ 1 missing in this pull request · 1 unchanged · against main (one run, noise not estimated)',
  );
});

test('only requirements failed: the comparison first (all unchanged), the requirements second', () => {
  const same = compared(
    'BenchmarkEncode',
    [timing('BenchmarkEncode', 'size=64', 100)],
    [timing('BenchmarkEncode', 'size=64', 101)],
  );
  const rows = [
    {
      check: 'time/op',
      payloadBytes: NaN,
      parameter: 'size=64',
      unit: 'ns',
      direction: 'lower-is-better' as const,
      ...checkLimit({ limit: 90 }, 'lower-is-better', 101),
    },
    {
      check: 'time/op',
      payloadBytes: NaN,
      parameter: 'size=1024',
      unit: 'ns',
      direction: 'lower-is-better' as const,
      ...checkLimit({ limit: 2000 }, 'lower-is-better', 1001),
    },
  ];
  const sub: SubExperimentCheck = { experimentType: 'BenchmarkEncode', source: 'bench.txt', status: 'failed', rows };
  const check = buildCheckReport([sub], ['BenchmarkEncode']);
  const parts = {
    comparison: buildComparisonReport([same], 'history', 'pr'),
    check,
    base: 'main',
    commit: 'ABCDEF0123456789abcdef0123456789abcdef01',
  };
  expect(reviewerHeadline(parts)).toBe(
    '✅ 1 unchanged · against main (one run, noise not estimated) · ❌ 1 of 2 requirements over its limit',
  );
  const body = reviewerComment(parts, {});
  expect(body.split('\n').slice(0, 3)).toEqual([
    '### ✅ 1 unchanged · against main (one run, noise not estimated) · ❌ 1 of 2 requirements over its limit',
    '',
    'Judged commit abcdef0123456789abcdef0123456789abcdef01 against main (**history**): threshold against one run, noise not estimated.',
  ]);
  // A commit that is not hex (a ref name from the event) goes in a code span, its controls shown as text.
  const named = reviewerComment({ ...parts, commit: 'v1`\u001b[31m\u202e' }, {});
  expect(named.split('\n')[2]).toBe(
    'Judged commit `v1\\u001b[31m\\u202e` against main (**history**): threshold against one run, noise not estimated.',
  );
  expect(body).toContain(
    '**Requirements not met**\n\n| Benchmark | Check | Result | Limit | vs limit |\n| :-- | :-- | --: | --: | --: |\n| BenchmarkEncode size=64 | time/op ≤ | 101.0 ns | 90.0 ns | +12.222 % |\n',
  );
});

test('a name from a result file or the event cannot break out of the headline', () => {
  const same = compared(
    'BenchmarkEncode',
    [timing('BenchmarkEncode', 'size=64', 100)],
    [timing('BenchmarkEncode', 'size=64', 100)],
  );
  expect(
    reviewerHeadline({
      comparison: buildComparisonReport([same], 'results', 'pr'),
      base: 'main](https://evil.example) @team <b>',
    }),
  ).toBe(
    '✅ 1 unchanged · against main\\]\\(https\\:\u2060//evil.example\\) @\u2060team &lt;b&gt; (one run, noise not estimated)',
  );
});

test('a time and a throughput of the same benchmarks are named apart, never one range; improvements and new ones are counted beside a failure', () => {
  const rate = (parameter: string, mbs: number): Measurement => ({
    experiment: 'BenchmarkPublish',
    parameter: { label: parameter },
    metric: { name: 'MB/s', dimension: 'byterate', unit: 'MB/s', displayUnit: 'MB/s', direction: 'higher-is-better' },
    statistics: { value: mbs },
    place: { file: 'bench.txt' },
  });
  const publish = compared(
    'BenchmarkPublish',
    [timing('BenchmarkPublish', 'size=64', 100), rate('size=64', 640)],
    [timing('BenchmarkPublish', 'size=64', 130), rate('size=64', 492)],
  );
  const decode = compared(
    'BenchmarkDecode',
    [timing('BenchmarkDecode', 'size=64', 100), timing('BenchmarkDecode', 'size=1024', 1000)],
    [
      timing('BenchmarkDecode', 'size=64', 80),
      timing('BenchmarkDecode', 'size=1024', 1010),
      timing('BenchmarkDecode', 'size=4096', 4000),
    ],
  );
  const report = buildComparisonReport([publish, decode], 'results', 'pr');
  expect(report.changes.worse!.metrics.map((m) => m.metric)).toEqual(['time/op', 'MB/s']);
  // 130 / 100 − 1 = +30 %; 492 / 640 − 1 = −23.125 %: a drop of the throughput, shown as the value's own change.
  expect(reviewerHeadline({ comparison: report, base: 'main' })).toBe(
    '❌ 1 slower (time/op +30 %, MB/s -23 %) · ⚡ 1 faster (time/op -20 %) · 1 unchanged · 🆕 1 new · against main (one run, noise not estimated)',
  );
});

test('a group names at most three metrics and counts the others, so that the title line stays short', () => {
  const metric = (name: string, experiment: string, value: number): Measurement => ({
    experiment,
    parameter: { label: '' },
    metric: { name, dimension: 'count', unit: '', displayUnit: '', direction: 'lower-is-better' },
    statistics: { value },
    place: { file: 'jmh.json' },
  });
  const names = ['gc.alloc.rate.norm', 'gc.count', 'gc.time', 'gc.churn', 'allocs'];
  const gc = compared(
    'Bench.publish',
    names.map((n) => metric(n, 'Bench.publish', 100)),
    names.map((n, i) => metric(n, 'Bench.publish', 150 + i)),
  );
  expect(reviewerHeadline({ comparison: buildComparisonReport([gc], 'results', 'pr') })).toBe(
    '❌ 1 worse (gc.alloc.rate.norm +50 %, gc.count +51 %, gc.time +52 %, 2 more metrics) · against the baseline (one run, noise not estimated)',
  );
});

// Issue 37 item 5: a pass is only as good as the smallest change the gate catches.
describe('a pass on a history too noisy to see a change of twice the threshold', () => {
  const history = (experiment: string, values: number[]) =>
    values.map((ns) => ({ measurements: [timing(experiment, '', ns)] }));
  const noisy = () =>
    compareExperimentWithHistory(
      'BenchmarkNoisy',
      history('BenchmarkNoisy', [100, 160, 70, 130, 90, 150]),
      { measurements: [timing('BenchmarkNoisy', '', 105)] },
      parseThresholds(undefined),
    );

  test('says no change was found and which change goes unseen, linking to how to see it', () => {
    const report = buildComparisonReport([noisy()], 'history', 'pr');
    const detectable = report.rows[0]!.detectable!;
    expect(detectable).toBeGreaterThan(0.2);
    const size = Math.round(detectable * 100);
    const url = 'https://github.com/perfgate/perfgate/blob/main/README.md#when-a-change-cannot-be-seen';
    expect(reviewerHeadline({ comparison: report, base: 'main' })).toBe(
      `✅ no change found in 1 · a change under ${size} % cannot be seen on this runner (see [how to see it](${url})) · against main (history of 6 runs)`,
    );
    // A terminal shows the address, not Markdown.
    expect(renderComparisonText(report).split('\n')[0]).toBe(
      `perfgate compare: PASS: no change found in 1 · a change under ${size} % cannot be seen on this runner (see how to see it: ${url}) · against the history (history of 6 runs)`,
    );
  });

  test('past 10000 %, only that even that change cannot be seen, never a figure like "42067 %"', () => {
    // A history spread ×5 both ways (a loaded runner's wall time): its row catches nothing under a ×100 change.
    const wild = compareExperimentWithHistory(
      'BenchmarkWild',
      history('BenchmarkWild', [100, 500, 20, 300, 40, 900]),
      { measurements: [timing('BenchmarkWild', '', 110)] },
      parseThresholds(undefined),
    );
    const report = buildComparisonReport([wild], 'history', 'pr');
    expect(report.rows[0]!.detectable).toBeGreaterThan(100);
    const url = 'https://github.com/perfgate/perfgate/blob/main/README.md#when-a-change-cannot-be-seen';
    expect(reviewerHeadline({ comparison: report, base: 'main' })).toBe(
      `✅ no change found in 1 · even a change of 10000 % cannot be seen on this runner (see [how to see it](${url})) · against main (history of 6 runs)`,
    );
  });

  test('a gate that catches a change of twice its threshold says unchanged, and an improvement beyond the band is named', () => {
    const tight = compareExperimentWithHistory(
      'BenchmarkTight',
      history('BenchmarkTight', [1000, 1002, 998, 1001, 999, 1000]),
      { measurements: [timing('BenchmarkTight', '', 700)] },
      parseThresholds(undefined),
    );
    const steady = compareExperimentWithHistory(
      'BenchmarkSteady',
      history('BenchmarkSteady', [1000, 1002, 998, 1001, 999, 1000]),
      { measurements: [timing('BenchmarkSteady', '', 1001)] },
      parseThresholds(undefined),
    );
    const report = buildComparisonReport([noisy(), tight, steady], 'history', 'pr');
    expect(reviewerHeadline({ comparison: report, base: 'main' })).toBe(
      '⚡ 1 faster (time/op -30 %) · 2 unchanged · against main (history of 6 runs)',
    );
  });
});
