/**
 * Charts of a comparison, for any format: the "what changed" chart (Δ per benchmark with its band
 * or interval, regressions first), each regression's history with its noise band (or the reference
 * and result side by side), and the before/after charts per experiment; nothing flat is drawn, a log
 * axis where a linear one hides the small values. Inputs are real outputs of `go test -bench` and
 * JMH, with the candidate's times scaled by known factors to make the regressions.
 */
import { bandOf, pairsEvidenceOf } from '../src/engine/compare/rows.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { compile, type TopLevelSpec } from 'vega-lite';
import { join } from 'node:path';
import {
  BEFORE_AFTER_LOG_RATIO,
  beforeAfterCharts,
  changeChart,
  DELTA_SIGN_NOTE,
  MAX_CHANGE_ROWS,
  MIN_RELATIVE_SPAN,
  regressionChart,
  shortExperimentNames,
} from '../src/engine/charts/build.js';
import { formatDelta } from '../src/engine/charts/format.js';
import { chartsToMermaidMarkdown, chartToMermaid, MAX_MERMAID_BLOCKS } from '../src/engine/charts/mermaid.js';
import type { Chart } from '../src/engine/charts/model.js';
import { chartToSvg } from '../src/engine/charts/svg.js';
import { textWidth, truncateMiddle } from '../src/engine/charts/textWidth.js';
import { toVegaLite } from '../src/engine/charts/vegaLite.js';
import { compareExperiment, compareExperimentPaired } from '../src/engine/compare/compare.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { planCharts, writeCharts } from '../src/pipeline/writeCharts.js';
import { runCompare } from '../src/pipeline/compare.js';
import { makeHistoryRecord } from '../src/engine/history/record.js';
import { appendHistoryRecord, readHistoryWindow } from '../src/pipeline/historyFolder.js';
import { loadResults } from '../src/pipeline/results.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { exampleInput } from './charts-fixtures.js';
import { cli, repoRoot, tempDir, cwdFiles } from './helpers/shared.js';
import { expectTidyLayout } from './helpers/svgLayout.js';

const thresholds = { Min: 0.1, Median: 0.1, Max: 0.1, '99%': 0.1 };
const goText = readFileSync(join(repoRoot, 'fixtures', 'formats', 'go-bench', 'publish_cpu1_2.txt'), 'utf8');

/** The Go output with every `ns/op` value multiplied by factor(benchmark line name). */
function scaledGo(factor: (name: string) => number): string {
  return goText.replace(
    /^(Benchmark\S+)(\s+\d+\s+)([\d.]+)( ns\/op)/gm,
    (_m, name: string, mid: string, value: string, unit: string) => {
      return `${name}${mid}${(Number(value) * factor(name)).toPrecision(5)}${unit}`;
    },
  );
}

/** The candidate: the `zero` copies 30 % slower, size=64 copy on 2 CPUs 25 % slower, the rest as recorded. */
const candidateFactor = (name: string) =>
  name.includes('mode=zero') ? 1.3 : name.includes('size=64,mode=copy-2') ? 1.25 : 1;

/**
 * Eight history runs of the Go output, each benchmark within ±3 % of it (a fixed pseudo-random walk), and the
 * candidate.
 */
function goHistory(): { folder: string; history: string; candidate: string; first: string } {
  const folder = tempDir('perfgate-charts-go-');
  const history = join(folder, 'history');
  mkdirSync(history);
  let seed = 7;
  const noise = () => 1 + ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.06;
  for (let i = 0; i < 8; i++) {
    const file = join(folder, `run${i}.txt`);
    writeFileSync(file, scaledGo(noise));
    const loaded = loadResults(cwdFiles, [file], { floatParse: 'precise' });
    const experiments = [...loaded.experiments].map(([experiment, e]) => ({
      experiment,
      format: e.format,
      measurements: e.measurements,
    }));
    appendHistoryRecord(
      cwdFiles,
      history,
      makeHistoryRecord(experiments, {
        sha: `abcdef${i}000`,
        date: `2026-02-0${i + 1}T10:00:00Z`,
        runId: 100 + i,
        runUrl: 'https://example.invalid',
      }),
    );
  }
  const candidate = join(folder, 'candidate.txt');
  writeFileSync(candidate, scaledGo(candidateFactor));
  return { folder, history, candidate, first: join(folder, 'run0.txt') };
}

const go = goHistory();
const withHistory = runCompare(
  cwdFiles,
  {
    reference: [],
    history: go.history,
    results: [go.candidate],
    referenceLabel: 'main',
    resultLabel: 'PR',
    outputDir: join(go.folder, 'h'),
    thresholds,
    floatParse: 'precise',
  },
  silentProgress,
);
const records = readHistoryWindow(cwdFiles, go.history);
const singleBaseline = runCompare(
  cwdFiles,
  {
    reference: [go.first],
    results: [go.candidate],
    referenceLabel: 'main',
    resultLabel: 'PR',
    outputDir: join(go.folder, 's'),
    thresholds,
    floatParse: 'precise',
  },
  silentProgress,
);

/** The Go benchmarks the candidate made slower, as the charts name them (experiment and parameter). */
const SLOWER = [
  'BenchmarkPublish size=64,mode=zero,procs=1',
  'BenchmarkPublish size=64,mode=zero,procs=2',
  'BenchmarkPublish size=1024,mode=zero,procs=1',
  'BenchmarkPublish size=1024,mode=zero,procs=2',
  'BenchmarkPublish size=64,mode=copy,procs=2',
];

describe('what changed: Go against a history of 8 runs', () => {
  const chart = changeChart(withHistory.report)!;

  test('one panel per gated metric × statistic that changed: time/op only, the metrics beside it are not gated', () => {
    expect(chart.id).toBe('change');
    expect(chart.title).toBe('What changed: PR vs main');
    expect(chart.panels.map((p) => p.title)).toEqual(['time/op Median']);
    // MB/s (derived), B/op, allocs/op and the custom metrics (secondary) are reported, not gated: no panel, no name.
    expect(chart.note).not.toContain('Not drawn');
    expect(chart.note).toContain(DELTA_SIGN_NOTE);
    expect(chart.panels[0]!.y.title).toBe('Δ vs main [%]');
  });

  test('regressions first, then from worst to best; each row is its comparison row', () => {
    const panel = chart.panels[0]!;
    const rows = panel.changes!;
    // 10 benchmarks and 2 geomean rows (BenchmarkPublish, BenchmarkQueueDepth).
    expect(rows).toHaveLength(12);
    const failed = rows.filter((r) => r.failed);
    expect(rows.slice(0, failed.length)).toEqual(failed);
    expect(failed.map((r) => r.label).sort()).toEqual([...SLOWER, 'BenchmarkPublish geomean'].sort());
    for (let i = 1; i < failed.length; i++) expect(failed[i]!.delta).toBeLessThanOrEqual(failed[i - 1]!.delta);
    // The zero copies are ~30 % slower, the copy ~25 %: every failed Δ is well over the 10 % threshold.
    for (const r of failed.filter((r) => !r.label.endsWith('geomean'))) expect(r.delta).toBeGreaterThan(20);
    expect(panel.x).toEqual({ kind: 'category', title: 'Benchmark', categories: rows.map((r) => r.label) });
    for (const r of rows) {
      const row = withHistory.report.rows.find(
        (c) => c.gated && c.metric === 'time/op' && `${c.experimentType} ${c.parameter}` === r.label,
      )!;
      expect(r.delta).toBe(row.deltaPercent);
      expect(r.band).toEqual({
        lower: (bandOf(row)?.band?.lower ?? NaN) * 100,
        upper: (bandOf(row)?.band?.upper ?? NaN) * 100,
      });
      expect(r.threshold).toBe(10);
      expect(r.interval).toBeUndefined();
    }
    // The domain holds zero, every Δ, band edge and the threshold.
    const [lo, hi] = panel.y.domain!;
    expect(lo).toBeLessThan(0);
    expect(hi).toBe(Math.max(...rows.map((r) => r.delta)));
  });

  test('drawn tidily: a cross per failed row, its Δ written beside it, the threshold dashed', () => {
    const svg = chartToSvg(chart);
    expectTidyLayout(svg);
    const crosses = /<path class="failed" d="([^"]*)"/.exec(svg)![1]!;
    expect(crosses.match(/Z/g)).toHaveLength(6);
    expect(svg.match(/<circle cx=/g)).toHaveLength(6);
    expect(svg.match(/<circle class="legend-symbol"/g)).toHaveLength(1);
    for (const r of chart.panels[0]!.changes!) expect(svg).toContain(`>${formatDelta(r.delta)}</text>`);
    // One threshold line: the rows share it, so their segments join.
    expect(/<path class="threshold" d="M[\d.]+,0V([\d.]+)"/.exec(svg)![1]).toBe(String(12 * 18));
    expect(svg).toContain('class="band"');
  });

  test('the Vega-Lite spec draws the same rows, band and threshold', () => {
    const spec = toVegaLite(chart) as {
      layer: { mark: { type: string }; encoding: Record<string, { field?: string }> }[];
      data: { values: Record<string, unknown>[] };
    };
    expect(spec.data.values.map((v) => v.benchmark)).toEqual(chart.panels[0]!.changes!.map((r) => r.label));
    expect(spec.layer.map((l) => l.mark.type)).toEqual(['rule', 'tick', 'rule', 'point', 'text']);
    expect(spec.layer[0]!.encoding.x!.field).toBe('bandLower');
  });
});

describe('regressions: each failing row with its history, band and this run', () => {
  const chart = regressionChart(withHistory.report, records)!;

  test('one panel per failing row, in the report order, with the history the comparison used', () => {
    // The whole suite's row (issue 45's suite row) is no benchmark and is not drawn.
    const failing = withHistory.report.rows.filter((r) => r.failed && r.experimentType !== 'whole suite');
    // All of one experiment: the title names it, each panel its parameter.
    expect(chart.title).toBe('Regressions in BenchmarkPublish: history and PR');
    expect(failing.every((r) => r.experimentType === 'BenchmarkPublish')).toBe(true);
    expect(chart.panels.map((p) => p.title)).toEqual(failing.map((r) => r.parameter));
    const panel = chart.panels.find((p) => p.title === 'size=64,mode=zero,procs=2')!;
    const row = failing.find((r) => r.parameter === 'size=64,mode=zero,procs=2')!;
    expect(panel.x).toEqual({
      kind: 'category',
      title: 'Run',
      categories: [...Array.from({ length: 8 }, (_, i) => `2026-02-0${i + 1} abcdef${i}`), 'PR'],
    });
    const [history, candidate] = panel.series;
    expect(history!.name).toBe('history (8 runs)');
    // Each run's value is its record's, as stored.
    const recorded = records.map(
      (r) =>
        r.measurements.find(
          (m) =>
            m.experiment === 'BenchmarkPublish' &&
            m.parameter === 'size=64,mode=zero,procs=2' &&
            m.metric === 'time/op',
        )!.statistics.median,
    );
    // Drawn in ns, as the tables show a 1.3 ns benchmark (the values are stored in µs): ×1000.
    expect(panel.y.unit).toBe('ns');
    expect(panel.y.title).toBe('time/op Median [ns]');
    const ns = (us: number) => expect.closeTo(us * 1000, 9);
    expect(history!.points.map((p) => p.y)).toEqual(recorded.map((v) => ns(v!)));
    expect(candidate!.points).toEqual([{ x: 'PR', y: ns(row.result), failed: true }]);
    expect(panel.band).toEqual({
      name: 'noise band',
      lower: ns(row.reference * (1 + (bandOf(row)?.band?.lower ?? NaN))),
      upper: ns(row.reference * (1 + (bandOf(row)?.band?.upper ?? NaN))),
      color: '#e3e3e3',
    });
    expect(panel.rules!.map((r) => [r.name, r.y])).toEqual([
      ['history centre', ns(row.reference)],
      ['threshold +10.0 %', ns(row.reference * 1.1)],
    ]);
    expect(panel.subtitle).toBe(`time/op Median: ${formatDelta(row.deltaPercent)} (fail)`);
    // The candidate is above the band and the threshold: the chart shows why it failed.
    expect(candidate!.points[0]!.y).toBeGreaterThan(panel.band!.upper);
    expect(candidate!.points[0]!.y).toBeGreaterThan(panel.rules![1]!.y);
  });

  test('the geomean row has no run values of its own: its centre and this run, with the band', () => {
    const panel = chart.panels.find((p) => p.title === 'geomean')!;
    expect(panel.x).toMatchObject({ title: 'Side', categories: ['main', 'PR'] });
    expect(panel.band).toBeDefined();
  });

  test('drawn tidily, band under the lines; the Mermaid block is bars with the band and limits as lines', () => {
    const svg = chartToSvg(chart);
    expectTidyLayout(svg);
    expect(svg.match(/class="band"/g)).toHaveLength(chart.panels.length);
    const md = chartToMermaid(chart);
    expect(md.match(/```mermaid/g)).toHaveLength(chart.panels.length);
    expect(md).toContain(
      '**Legend**: bars (`#a6a6a6`): history \\(8 runs\\), then PR (the last bar) · lines in order: 1. noise band, upper edge',
    );
    expect(md).not.toContain('✗');
  });
});

describe('with a single baseline: the reference and the result side by side', () => {
  test('a pair per failing row, the threshold drawn, no band', () => {
    const chart = regressionChart(singleBaseline.report)!;
    expect(chart.title).toBe('Regressions in BenchmarkPublish: main vs PR');
    expect(chart.panels.map((p) => `BenchmarkPublish ${p.title}`).sort()).toEqual([...SLOWER].sort());
    for (const [k, panel] of chart.panels.entries()) {
      const row = singleBaseline.report.rows.filter((r) => r.failed)[k]!;
      expect(panel.x).toEqual({ kind: 'category', title: 'Side', categories: ['main', 'PR'] });
      // In ns, as the tables show these ns-scale rows (stored in µs).
      const ns = (us: number) => expect.closeTo(us * 1000, 9);
      expect(panel.y.unit).toBe('ns');
      expect(panel.series[0]!.points).toEqual([
        { x: 'main', y: ns(row.reference) },
        { x: 'PR', y: ns(row.result), failed: true },
      ]);
      expect(panel.band).toBeUndefined();
      expect(panel.rules).toEqual([
        { name: 'threshold +10.0 %', y: ns(row.reference * 1.1), color: '#d55e00', dashed: true },
      ]);
    }
    expectTidyLayout(chartToSvg(chart));
  });
});

/** One measurement of `experiment` at `parameter`: a value in µs (or a count). */
function measurement(experiment: string, parameter: string, metric: string, value: number, unit = 'us'): Measurement {
  return {
    experiment,
    parameter: { label: parameter },
    metric: {
      name: metric,
      dimension: unit === 'us' ? 'time' : 'count',
      unit,
      displayUnit: unit,
      direction: 'lower-is-better',
    },
    statistics: { value },
    place: { file: 'x.txt' },
  };
}

describe('A/B pairs: the interval of each change as a whisker', () => {
  test('a whisker per row from its interval, the pairs named in the note', () => {
    // Five interleaved pairs: n=1 about 30 % slower in every pair, n=2 unchanged (within ±1 %).
    const wobble = [1, 1.01, 0.99, 1.005, 0.995];
    const pairs = wobble.map((w) => ({
      reference: {
        measurements: [
          measurement('BenchmarkA', 'n=1', 'time/op', 100 * w),
          measurement('BenchmarkA', 'n=2', 'time/op', 200 / w),
        ],
      },
      result: {
        measurements: [
          measurement('BenchmarkA', 'n=1', 'time/op', 130 * w * w),
          measurement('BenchmarkA', 'n=2', 'time/op', 200 * w),
        ],
      },
    }));
    const report = buildComparisonReport([compareExperimentPaired('BenchmarkA', pairs, thresholds)], 'main', 'PR');
    const chart = changeChart(report)!;
    const rows = chart.panels[0]!.changes!;
    expect(rows.map((r) => [r.label, r.failed])).toEqual([
      ['n=1', true],
      ['geomean', true],
      ['n=2', false],
    ]);
    expect(chart.title).toBe('What changed in BenchmarkA: PR vs main');
    for (const r of rows) {
      const row = report.rows.find((c) => c.parameter === r.label)!;
      const interval = pairsEvidenceOf(row)?.interval;
      expect(interval).toBeDefined();
      expect(r.interval).toEqual(interval && { lower: interval.lower * 100, upper: interval.upper * 100 });
      expect(r.band).toBeUndefined();
    }
    expect(chart.note).toContain('Whisker: the interval of the change over the A/B pairs.');
    const svg = chartToSvg(chart);
    expectTidyLayout(svg);
    // Three whiskers, each a line and its two end caps.
    expect(/<path class="interval" d="([^"]*)"/.exec(svg)![1]!.match(/M/g)).toHaveLength(9);
    expect(svg).toContain('>interval</text>');
    expect(svg).not.toContain('class="band"');
  });
});

describe('nothing flat, nothing zoomed into its last digits', () => {
  test('a change of 0.0005 in 2,686 is drawn on a range of at least 10 % of it; a family that did not change is not drawn', () => {
    const before = [
      measurement('BenchmarkParse', 'n=1', 'time/op', 2686.0665),
      measurement('BenchmarkParse', 'n=1', 'allocs/op', 1, ''),
    ];
    const after = [
      measurement('BenchmarkParse', 'n=1', 'time/op', 2686.067),
      measurement('BenchmarkParse', 'n=1', 'allocs/op', 1, ''),
    ];
    // A zero threshold: the 0.00002 % change fails, so it gets a regression panel.
    const zero = { Min: 0, Median: 0, Max: 0, '99%': 0 };
    const report = buildComparisonReport(
      [compareExperiment('BenchmarkParse', { measurements: before }, { measurements: after }, zero)],
      'main',
      'PR',
    );
    const regression = regressionChart(report)!;
    expect(regression.panels.map((p) => p.title)).toEqual(['n=1']);
    // 2686.067 µs is drawn as 2.686 ms, as the tables show it.
    expect(regression.panels[0]!.y.unit).toBe('ms');
    const [lo, hi] = regression.panels[0]!.y.domain!;
    expect(hi - lo).toBeCloseTo(MIN_RELATIVE_SPAN * 2.686067, 9);
    expect(lo).toBeLessThan(2.6860665);
    expect(hi).toBeGreaterThan(2.686067);
    // Its SVG axis spans the domain: no label with more digits than the values have.
    const labels = [...chartToSvg(regression).matchAll(/class="y-label"[^>]*>([^<]*)</g)].map((m) => m[1]!);
    expect(labels.length).toBeGreaterThan(2);
    // Two decimals at most on a 2.55–2.82 ms axis: nothing zoomed into 2.6860665.
    for (const l of labels) expect(l).toMatch(/^\d\.\d{1,2}$/);
    // Δ 0.00002 % is "0 %" as written: the what-changed chart has nothing to draw, allocs/op included.
    expect(changeChart(report)).toBeUndefined();
  });

  test('before/after: a panel per changed family, log where the values span more than 50×', () => {
    const charts = beforeAfterCharts(withHistory.report);
    expect(charts.map((c) => c.id)).toEqual(['before-after-BenchmarkPublish', 'before-after-BenchmarkQueueDepth']);
    const publish = charts[0]!;
    // Only time/op changed: MB/s, B/op and allocs/op panels would draw main and PR on top of each other.
    expect(publish.panels.map((p) => p.title)).toEqual(['time/op Median']);
    // The zero copies take ~1.5 ns, the 1 KiB copy on 2 CPUs ~2 µs: on a linear axis the 30 % regressions would be flat
    // at the bottom.
    expect(publish.panels[0]!.y.log).toBe(true);
    const queue = charts[1]!.panels[0]!;
    // BenchmarkQueueDepth: 6.1 and 4.9 ns, within 50× of each other.
    expect(queue.y.log).toBe(false);
    expect(queue.x).toMatchObject({ categories: ['procs=1', 'procs=2'] });
    for (const c of charts) expectTidyLayout(chartToSvg(c));
  });

  test('0.8 µs 30 % slower next to 25 µs: log, where a linear 0–25 µs axis would give the change 2 pixels', () => {
    const before = [
      measurement('BenchmarkEncode', 'size=16', 'time/op', 0.8),
      measurement('BenchmarkEncode', 'size=4096', 'time/op', 25),
    ];
    const after = [
      measurement('BenchmarkEncode', 'size=16', 'time/op', 1.04),
      measurement('BenchmarkEncode', 'size=4096', 'time/op', 25.1),
    ];
    const report = buildComparisonReport(
      [compareExperiment('BenchmarkEncode', { measurements: before }, { measurements: after }, thresholds)],
      'main',
      'PR',
    );
    const [chart] = beforeAfterCharts(report);
    const panel = chart!.panels[0]!;
    expect(panel.y.log).toBe(true);
    expect(BEFORE_AFTER_LOG_RATIO).toBe(10);
    expect(panel.series.map((s) => s.points.map((p) => p.y))).toEqual([
      [0.8, 25],
      [1.04, 25.1],
    ]);
    // 1 µs and 1.1 µs apart: on a linear axis over the same values they would be 10 % of their difference apart.
    const svg = chartToSvg(chart!);
    expect(svg).toContain('>0.5</text>');
    expect(svg).toContain('>50</text>');
    // Within a decade: linear, on a range of at least 10 % of the largest value.
    const nearBefore = [
      measurement('BenchmarkEncode', 'size=1024', 'time/op', 20),
      measurement('BenchmarkEncode', 'size=4096', 'time/op', 25),
    ];
    const nearAfter = [
      measurement('BenchmarkEncode', 'size=1024', 'time/op', 26),
      measurement('BenchmarkEncode', 'size=4096', 'time/op', 25.1),
    ];
    const near = buildComparisonReport(
      [compareExperiment('BenchmarkEncode', { measurements: nearBefore }, { measurements: nearAfter }, thresholds)],
      'main',
      'PR',
    );
    expect(beforeAfterCharts(near)[0]!.panels[0]!.y.log).toBe(false);
  });
});

const CODEC = 'org.example.bench.codec.CodecBench.encodeFrame';

describe('readable with 2 benchmarks and with 200', () => {
  const sides = (n: number, worse: (i: number) => number) => {
    const before: Measurement[] = [];
    const after: Measurement[] = [];
    for (let i = 0; i < n; i++) {
      before.push(measurement(CODEC, `size=${i}`, 'time/op', 100));
      after.push(measurement(CODEC, `size=${i}`, 'time/op', 100 * worse(i)));
    }
    return buildComparisonReport(
      [compareExperiment(CODEC, { measurements: before }, { measurements: after }, thresholds)],
      'main',
      'PR',
    );
  };

  test('200 benchmarks: the 30 worst, regressions first, and how many are left out', () => {
    // Benchmark i is (i − 100) / 10 % slower: −10 % … +9.9 %, and the last three 40 % slower.
    const report = sides(200, (i) => (i >= 197 ? 1.4 : 1 + (i - 100) / 1000));
    const chart = changeChart(report)!;
    const panel = chart.panels[0]!;
    expect(panel.changes).toHaveLength(MAX_CHANGE_ROWS);
    expect(panel.changes!.slice(0, 3).map((r) => [r.label, r.failed])).toEqual([
      ['size=197', true],
      ['size=198', true],
      ['size=199', true],
    ]);
    expect(panel.changes![3]!.label).toBe('size=196');
    expect(panel.subtitle).toBe('30 worst of 200 shown; the other 170 are −10.0 % … +6.9 %');
    const svg = chartToSvg(chart);
    expectTidyLayout(svg);
    expect(/<rect class="frame" x="0.5" y="0.5" width="360" height="(\d+)"/.exec(svg)![1]).toBe(String(30 * 18));
    // One experiment: the title names it, the rows their parameters. One block of 30 bars in Mermaid.
    expect(chart.title).toBe(`What changed in ${CODEC}: PR vs main`);
    const md = chartToMermaid(chart);
    expect(md).toContain('xychart-beta horizontal');
    expect(md).toContain('  x-axis "Parameter" ["size=197", "size=198", "size=199", "size=196", ');
    expect(md.match(/^ {2}bar \[/gm)).toHaveLength(1);
  });

  test('2 benchmarks: a short panel, still tall enough for its axis and legend', () => {
    const report = sides(2, (i) => (i === 0 ? 1.3 : 0.95));
    const chart = changeChart(report)!;
    expect(chart.panels[0]!.changes!.map((r) => [r.label, formatDelta(r.delta), r.status])).toEqual([
      ['size=0', '+30.0 %', 'fail'],
      ['size=1', '−5.0 %', 'pass'],
    ]);
    expectTidyLayout(chartToSvg(chart));
  });

  test('a long name is cut in the middle: names that differ only at the end stay apart', () => {
    const [a, b] = ['BenchmarkPublish size=1024,mode=zero,procs=1', 'BenchmarkPublish size=1024,mode=zero,procs=2'].map(
      (n) => truncateMiddle(n, 10, 150),
    );
    expect(a).toBe('BenchmarkPu…zero,procs=1');
    expect(b).toBe('BenchmarkPu…zero,procs=2');
    expect(textWidth(a!, 10)).toBeLessThanOrEqual(150);
    expect(truncateMiddle('short', 10, 150)).toBe('short');
  });

  test("names lose only the prefix they all share, at a segment's end", () => {
    expect([
      ...shortExperimentNames([
        'org.perfgate.bench.QueueBench.offer',
        'org.perfgate.bench.QueueBench.poll',
        'org.perfgate.bench.StartupBench.coldStart',
      ]).values(),
    ]).toEqual(['QueueBench.offer', 'QueueBench.poll', 'StartupBench.coldStart']);
    expect([...shortExperimentNames(['BenchmarkA', 'BenchmarkB']).values()]).toEqual(['BenchmarkA', 'BenchmarkB']);
    expect([...shortExperimentNames(['group/fn/1', 'group/fn/2']).values()]).toEqual(['1', '2']);
  });
});

describe('the comment: at most 8 Mermaid blocks, the charts that show a failure first', () => {
  test('every chart of a Go comparison with history', () => {
    const charts = planCharts({ compare: withHistory, history: records });
    expect(charts.map((c) => c.id)).toEqual([
      'change',
      'regressions',
      'before-after-BenchmarkPublish',
      'before-after-BenchmarkQueueDepth',
    ]);
    // The change chart (1 block) and the 6 regressions; the before/after charts are for report.html only.
    const md = chartsToMermaidMarkdown(charts);
    expect(md.match(/```mermaid/g)).toHaveLength(7);
    expect(MAX_MERMAID_BLOCKS).toBe(8);
    expect(md.indexOf('#### What changed')).toBeLessThan(md.indexOf('#### Regressions'));
    expect(md).not.toContain('marked ✗');
    // Capped at 4 blocks: the change chart and the first 3 regressions, and the count of the rest.
    const capped = chartsToMermaidMarkdown(charts, 40000, 4);
    expect(capped.match(/```mermaid/g)).toHaveLength(4);
    expect(capped).toContain('_3 more panel(s) of this chart are in report.html._');
  });

  test('a failing chart goes before a passing one, whatever the order of the charts', () => {
    const passing: Chart = { ...changeChart(sidesOf(0.95))!, id: 'passing', title: 'Passing' };
    const failing: Chart = { ...changeChart(sidesOf(1.3))!, id: 'failing', title: 'Failing' };
    const md = chartsToMermaidMarkdown([passing, failing]);
    expect(md.indexOf('#### Failing')).toBeLessThan(md.indexOf('#### Passing'));
    expect(chartsToMermaidMarkdown([passing, failing], 40000, 1)).toContain(
      '_1 more chart(s) are in report.html and the chart images._',
    );
  });

  test('a chart of failures may be cut to its worst panels; a passing chart is shown whole or not at all', () => {
    const regressions = regressionChart(withHistory.report, records)!;
    const passing: Chart = {
      ...regressions,
      id: 'passing',
      title: 'Passing',
      panels: regressions.panels.map((p) => ({
        ...p,
        series: p.series.map((s) => ({ ...s, points: s.points.map(({ x, y }) => ({ x, y })) })),
      })),
    };
    const md = chartsToMermaidMarkdown([regressions, passing], 40000, 3);
    expect(md.match(/```mermaid/g)).toHaveLength(3);
    expect(md).toContain('_3 more panel(s) of this chart are in report.html._');
    expect(md).not.toContain('#### Passing');
    expect(md).toContain('_1 more chart(s) are in report.html and the chart images._');
  });
});

function sidesOf(factor: number) {
  const before = [measurement('BenchmarkA', 'n=1', 'time/op', 100), measurement('BenchmarkA', 'n=2', 'time/op', 200)];
  const after = [
    measurement('BenchmarkA', 'n=1', 'time/op', 100 * factor),
    measurement('BenchmarkA', 'n=2', 'time/op', 200),
  ];
  return buildComparisonReport(
    [compareExperiment('BenchmarkA', { measurements: before }, { measurements: after }, thresholds)],
    'main',
    'PR',
  );
}

test('perfgate compare --history --charts: each regression drawn with the history it was judged against', async () => {
  const dir = tempDir('perfgate-charts-cli-');
  const result = await cli([
    'compare',
    '--history',
    go.history,
    '--results',
    go.candidate,
    '--reference-label',
    'main',
    '--results-label',
    'PR',
    '-o',
    dir,
    '--charts',
  ]);
  expect(result.code).toBe(1);
  const spec = JSON.parse(readFileSync(join(dir, 'charts', 'regressions.vl.json'), 'utf8')) as {
    title: string;
    concat: { data: { values: { x: string }[] } }[];
  };
  expect(spec.title).toBe('Regressions in BenchmarkPublish: history and PR');
  expect(spec.concat[0]!.data.values.map((v) => v.x)).toEqual([
    ...Array.from({ length: 8 }, (_, i) => `2026-02-0${i + 1} abcdef${i}`),
    'PR',
  ]);
  expect(readFileSync(join(dir, 'report.html'), 'utf8')).toContain('<h2>What changed: PR vs main</h2>');
  expect(readFileSync(join(dir, 'comment.md'), 'utf8')).toContain('xychart-beta horizontal');
});

/** The warnings Vega-Lite gives compiling a chart's spec (report.html's console would show them). */
function compileWarnings(chart: Chart): string[] {
  const warnings: string[] = [];
  let level = 0;
  const logger = {
    level(l?: number) {
      if (l === undefined) return level;
      level = l;
      return logger;
    },
    warn: (...args: unknown[]) => (warnings.push(args.map(String).join(' ')), logger),
    info: () => logger,
    debug: () => logger,
    error: (...args: unknown[]) => (warnings.push(args.map(String).join(' ')), logger),
  };
  compile(toVegaLite(chart) as unknown as TopLevelSpec, { logger } as never);
  return warnings;
}

test('the specs compile without a warning (report.html shows none in its console)', () => {
  const example = planCharts(exampleInput()).filter((c) => c.kind === 'change' || c.kind === 'regression');
  const charts = [
    ...planCharts({ compare: withHistory, history: records }),
    ...planCharts({ compare: singleBaseline }),
    changeChart(sidesOf(1.3))!,
    ...example,
  ];
  expect(charts.map((c) => c.kind)).toEqual(expect.arrayContaining(['change', 'regression', 'before-after']));
  for (const chart of charts) expect([chart.id, compileWarnings(chart)]).toEqual([chart.id, []]);
}, 120000);

describe('report.html of a JMH comparison', () => {
  test('holds the what-changed, regression and before/after charts', async () => {
    const dir = tempDir('perfgate-charts-jmh-');
    const fixture = join(repoRoot, 'fixtures', 'formats', 'jmh', 'publish_avgt_gc.json');
    const runs = JSON.parse(readFileSync(fixture, 'utf8')) as {
      params: Record<string, string>;
      primaryMetric: Record<string, unknown>;
    }[];
    // The 1 KiB copy 30 % slower: every number of its primary metric scaled.
    const scale = (v: unknown): unknown =>
      typeof v === 'number'
        ? v * 1.3
        : Array.isArray(v)
          ? v.map(scale)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, scale(x)]))
            : v;
    const slower = runs.map((r) =>
      r.params.size === '1024'
        ? {
            ...r,
            primaryMetric: {
              ...r.primaryMetric,
              ...(scale({
                score: r.primaryMetric.score,
                scoreError: r.primaryMetric.scoreError,
                scoreConfidence: r.primaryMetric.scoreConfidence,
                scorePercentiles: r.primaryMetric.scorePercentiles,
                rawData: r.primaryMetric.rawData,
              }) as object),
            },
          }
        : r,
    );
    mkdirSync(join(dir, 'pr'));
    writeFileSync(join(dir, 'pr', 'publish_avgt_gc.json'), JSON.stringify(slower, null, 2));
    const compare = runCompare(
      cwdFiles,
      {
        reference: [fixture],
        results: [join(dir, 'pr', 'publish_avgt_gc.json')],
        referenceLabel: 'main',
        resultLabel: 'PR',
        outputDir: join(dir, 'compare'),
        thresholds,
        floatParse: 'precise',
      },
      silentProgress,
    );
    expect(compare.report.rows.filter((r) => r.failed).map((r) => `${r.experimentType} ${r.parameter}`)).toEqual([
      'PublishBench.publish mode=copy,size=1024',
    ]);
    const outcome = await writeCharts(cwdFiles, join(dir, 'report'), { compare, png: false, title: 'JMH' });
    expect(outcome.charts.map((c) => c.id)).toEqual(['change', 'regressions', 'before-after-PublishBench.publish']);
    const html = readFileSync(outcome.reportHtmlPath, 'utf8');
    // One experiment: the titles name it, the rows their parameters.
    expect(html).toContain('<h2>What changed in PublishBench.publish: PR vs main</h2>');
    expect(html).toContain('<h2>Regressions in PublishBench.publish: main vs PR</h2>');
    expect(html).toContain('<h2>PublishBench.publish: main vs PR (failed)</h2>');
    // The specs are embedded: the change chart's rows by name, its Δ as written.
    const specs = JSON.parse(
      /<script type="application\/json" id="perfgate-specs">([^<]*)<\/script>/.exec(html)![1]!,
    ) as {
      data?: { values: { benchmark?: string; deltaText?: string }[] };
    }[];
    const change = specs[0]!.data!.values;
    expect(change[0]).toMatchObject({ benchmark: 'mode=copy,size=1024', deltaText: '+30.0 %' });
    expect(outcome.mermaid).toContain('xychart-beta horizontal');
    for (const c of planCharts({ compare })) expectTidyLayout(chartToSvg(c));
  });
});
