import { join } from 'node:path';
import { buildCharts, histogram, runColor, runLabels } from '../src/engine/charts/build.js';
import { safeFileStem, uniqueIds, wantsLogScale, type Chart } from '../src/engine/charts/model.js';
import {
  EXPERIMENT_BLUE,
  BASELINE_GREYS,
  REQUIREMENT_RED,
  RESULT_BLUES,
  SERIES_PALETTE,
} from '../src/engine/charts/palette.js';
import { formatBytes, payloadDomain, payloadTicks } from '../src/engine/charts/payloadAxis.js';
import { toVegaLite } from '../src/engine/charts/vegaLite.js';
import { planCharts } from '../src/pipeline/writeCharts.js';
import { readRawMeasurements } from '../src/pipeline/read.js';
import { example, exampleInput } from './charts-fixtures.js';
import { cwdFiles } from './helpers/shared.js';

describe('payload axis', () => {
  test('labels sizes in binary units', () => {
    expect([16, 1024, 1536, 16384, 65536, 4194304].map(formatBytes)).toEqual([
      '16 B',
      '1 KiB',
      '1.5 KiB',
      '16 KiB',
      '64 KiB',
      '4 MiB',
    ]);
  });
  test('ticks are the powers of two spanning the payloads, thinned to the limit', () => {
    expect(payloadTicks([16, 64, 16384])).toEqual([16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384]);
    expect(payloadTicks([16, 4194304], 12)).toEqual([16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304]);
  });
  test('the domain spans every payload, also when thinned ticks stop short of the largest', () => {
    expect(payloadDomain([16, 64, 16384])).toEqual([16, 16384]);
    expect(payloadDomain([100, 3000])).toEqual([64, 4096]);
    expect(payloadDomain([0, -1, NaN])).toBeUndefined();
    // 16 B … 8 MiB is 20 exponents: ticks every second one end at 4 MiB, the domain at 8 MiB.
    const sweep = Array.from({ length: 20 }, (_, i) => 2 ** (4 + i));
    expect(payloadTicks(sweep).at(-1)).toBe(4194304);
    expect(payloadDomain(sweep)).toEqual([16, 8388608]);
  });
  test('no payload of a spec lies outside its x domain (the marks are not clipped)', () => {
    const sweep = Array.from({ length: 20 }, (_, i) => 2 ** (4 + i));
    const chart: Chart = {
      id: 'sweep',
      kind: 'check',
      title: 'sweep',
      columns: 1,
      inline: true,
      panels: [
        {
          title: 'Median',
          x: { kind: 'payload', title: 'Payload' },
          y: { title: 'Median', unit: 'µs', log: false },
          mark: 'line',
          series: [{ name: 'experiment', color: EXPERIMENT_BLUE, points: sweep.map((x, i) => ({ x, y: i + 1 })) }],
        },
      ],
    };
    for (const c of [chart, ...planCharts(exampleInput())]) {
      const spec = toVegaLite(c) as any;
      for (const panel of spec.concat ?? [spec]) {
        // A panel with failed points is a layer of its line and the failure marks.
        for (const view of panel.layer ?? [panel]) {
          expect(view.mark.clip).toBeUndefined();
          const domain = view.encoding.x.scale?.domain as [number, number] | undefined;
          if (view.encoding.x.scale?.type !== 'log') continue;
          expect(domain).toBeDefined();
          for (const v of panel.data.values) {
            expect(v.x).toBeGreaterThanOrEqual(domain![0]);
            expect(v.x).toBeLessThanOrEqual(domain![1]);
          }
        }
      }
    }
  });
});

describe('file names from untrusted experiment names', () => {
  test.each([
    ['../../etc/passwd', 'etc_passwd'],
    ['a/b\\c', 'a_b_c'],
    ['..', 'chart'],
    ['.hidden', 'hidden'],
    ['interprocess_best_effort', 'interprocess_best_effort'],
    ['x'.repeat(200), 'x'.repeat(80)],
  ])('%s → %s', (name, stem) => {
    expect(safeFileStem(name)).toBe(stem);
    expect(safeFileStem(name)).not.toMatch(/\.\.|[/\\]/);
  });
  test('ids stay unique, also when they differ only in case', () => {
    const chart = (id: string) => ({ id, kind: 'check', title: id, panels: [], columns: 1, inline: false }) as Chart;
    expect(uniqueIds([chart('a'), chart('A'), chart('a')]).map((c) => c.id)).toEqual(['a', 'A-2', 'a-3']);
  });
});

test('log scale only when the values span more than 50×', () => {
  expect(wantsLogScale([0.452, 28.316])).toBe(true);
  expect(wantsLogScale([7.48, 15.651])).toBe(false);
  expect(wantsLogScale([0, 100])).toBe(false);
});

describe('charts of the example fixture set', () => {
  const charts = planCharts(exampleInput());
  const byId = new Map(charts.map((c) => [c.id, c]));

  test('every kind is there, with deterministic ids', () => {
    expect(charts.map((c) => c.id)).toEqual([
      // What changed against the reference first: a reviewer looks for it first.
      'change',
      'regressions',
      'check-interprocess_best_effort',
      'check-intraprocess_best_effort',
      'subexperiments',
      'reference-interprocess_best_effort',
      'reference-intraprocess_best_effort',
      'history-magnitude-interprocess_best_effort',
      'history-payload-interprocess_best_effort',
      'history-magnitude-intraprocess_best_effort',
      'history-payload-intraprocess_best_effort',
      'histogram-interprocess_best_effort',
      'series-interprocess_best_effort',
      'throughput-throughput',
      'throughput-sample_rate',
      'throughput-publication_throughput',
      'throughput-publication_sample_rate',
    ]);
  });

  test('check chart: requirement (red) and experiment (blue) per magnitude, values from the report', () => {
    const check = byId.get('check-interprocess_best_effort')!;
    expect(check.panels.map((p) => p.title)).toEqual([
      'Median: experiment vs requirement',
      '99%: experiment vs requirement',
      'Max: experiment vs requirement',
    ]);
    const [requirement, experiment] = check.panels[0]!.series;
    expect(requirement!.color).toBe(REQUIREMENT_RED);
    expect(experiment!.color).toBe(EXPERIMENT_BLUE);
    // requirements.csv: interprocess_best_effort,16,9.760,11.262,60.064; the raw 16 B samples' median is 7.47981 →
    // 7.480.
    expect(requirement!.points[0]).toEqual({ x: 16, y: 9.76 });
    expect(experiment!.points[0]).toEqual({ x: 16, y: 7.48 });
    expect(experiment!.points.map((p) => p.x)).toEqual([16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384]);
    // Max at 16 B: the largest raw sample, 28.3157 → 28.316.
    expect(check.panels[2]!.series[1]!.points[0]).toEqual({ x: 16, y: 28.316 });
  });

  test('sub-experiment comparison: Min, Median, Max, 99% with a series per sub-experiment on a log scale', () => {
    const sub = byId.get('subexperiments')!;
    expect(sub.panels.map((p) => p.title)).toEqual([
      'Comparison Min',
      'Comparison Median',
      'Comparison Max',
      'Comparison 99%',
    ]);
    expect(sub.panels[1]!.series.map((s) => [s.name, s.color])).toEqual([
      ['interprocess_best_effort', SERIES_PALETTE[0]],
      ['intraprocess_best_effort', SERIES_PALETTE[1]],
    ]);
    // Intra-process medians (~0.45 µs) and inter-process maxima (~60 µs) differ by more than 50×.
    // Max needs it; the other panels follow so the four read alike.
    expect(sub.panels.map((p) => p.y.log)).toEqual([true, true, true, true]);
  });

  test('reference comparison: min–median and max–99%, baseline grey and result blue', () => {
    const ref = byId.get('reference-interprocess_best_effort')!;
    expect(ref.panels.map((p) => p.title)).toEqual(['min – median', 'max – 99%']);
    expect(ref.panels[0]!.series.map((s) => [s.name, s.color])).toEqual([
      ['main Min', BASELINE_GREYS[0]],
      ['main Median', BASELINE_GREYS[1]],
      ['PR Min', RESULT_BLUES[0]],
      ['PR Median', RESULT_BLUES[1]],
    ]);
    expect(ref.panels[0]!.series[1]!.points[0]).toEqual({ x: 16, y: 7.48 });
  });

  test('history per payload: runs on x, requirement dashed', () => {
    const h = byId.get('history-payload-interprocess_best_effort')!;
    expect(h.panels).toHaveLength(11);
    const first = h.panels[0]!;
    expect(first.title).toBe('History 16 Bytes');
    expect(first.x).toEqual({
      kind: 'category',
      title: 'Run',
      categories: ['2026-01-01 aaaaaaa', '2026-01-02 bbbbbbb', '2026-01-03 ccccccc'],
    });
    const req = first.series.find((s) => s.name === 'requirement Median')!;
    expect(req.dashed).toBe(true);
    expect(req.points.map((p) => p.y)).toEqual([9.76, 9.76, 9.76]);
    expect(first.series.find((s) => s.name === 'Median')!.points[0]).toEqual({ x: '2026-01-01 aaaaaaa', y: 7.48 });
    const m = byId.get('history-magnitude-interprocess_best_effort')!;
    expect(m.panels.map((p) => p.title)).toEqual(['History Min', 'History Median', 'History Max', 'History 99%']);
    expect(m.panels[0]!.series.map((s) => s.name)).toEqual([
      '2026-01-01 aaaaaaa',
      '2026-01-02 bbbbbbb',
      '2026-01-03 ccccccc',
    ]);
  });

  test('histogram: 100 bins over the body, the tail counted; series: 1000 samples kept as they are', () => {
    const hist = byId.get('histogram-interprocess_best_effort')!;
    expect(hist.panels).toHaveLength(11);
    const bins = hist.panels[0]!.series[0]!.points;
    expect(bins).toHaveLength(100);
    // 1000 samples of 16 B in the raw file, from 5.78678 to 28.3157 µs; sorted, p50 is the 500th
    // and p99 the 990th, and the axis ends at the fence p99 + (p99 − p50) when that cuts a tail.
    const samples = [
      ...readRawMeasurements(cwdFiles, join(example, 'results', 'measurements_interprocess_best_effort.csv'), 'precise')
        .groups[0]!.latencies,
    ].sort((a, b) => a - b);
    const p50 = samples[499]!;
    const p99 = samples[989]!;
    const fence = bins[99]!.x2!;
    expect(bins[0]!.x).toBe(5.78678);
    expect(Math.abs(fence - (2 * p99 - p50))).toBeLessThan(0.05);
    const above = samples.filter((v) => v > fence).length;
    expect(above).toBeGreaterThan(0);
    expect(bins.reduce((n, b) => n + b.y, 0)).toBe(1000 - above);
    expect(hist.panels[0]!.subtitle).toMatch(
      new RegExp(`^${above} over [0-9.]+ µs \\([0-9.]+ %\\) not drawn; max 28\\.32 µs$`),
    );
    const series = byId.get('series-interprocess_best_effort')!;
    expect(series.panels[0]!.series[0]!.points).toHaveLength(1000);
    expect(series.panels[0]!.series[0]!.points[0]).toEqual({ x: 1, y: 8.40071 });
  });

  test('throughput: one chart per higher-is-better metric, values from the measurements', () => {
    const t = byId.get('throughput-throughput')!;
    expect(t.title).toBe('Throughput (higher is better)');
    expect(t.panels[0]!.y.title).toBe('Throughput [Mb/s]');
    // measurements_interprocess_best_effort.csv: Subscription throughput 300.022 at 16 B, 3286.052 at 1024 B.
    expect(t.panels[0]!.series[0]!.points).toEqual([
      { x: 16, y: 300.022 },
      { x: 1024, y: 3286.052 },
    ]);
    expect(charts.some((c) => c.id.includes('lost'))).toBe(false);
  });
});

test('histogram of identical samples is one widened bin', () => {
  const { points: bins, tail } = histogram(Float64Array.from([2, 2, 2]), 4);
  expect(tail).toBeUndefined();
  expect(bins.reduce((n, b) => n + b.y, 0)).toBe(3);
  expect(bins[0]!.x).toBe(1.5);
});

test('run labels and colours', () => {
  const run = (date: string, sha: string, runId: string) => ({ date, sha, runId, experiments: [] });
  expect(
    runLabels([run('2026-01-01T00:00:00.000Z', 'abcdef123', '1'), run('2026-01-01T05:00:00.000Z', 'abcdef123', '2')]),
  ).toEqual(['2026-01-01 abcdef1 #1', '2026-01-01 abcdef1 #2']);
  // An imported run that recorded no commit ("unknown") is named by its date alone.
  expect(
    runLabels([run('2026-11-01T09:00:00.000Z', 'unknown', '5'), run('2026-11-02T09:00:00.000Z', 'unknown', '6')]),
  ).toEqual(['2026-11-01', '2026-11-02']);
  expect(runColor(0, 30)).toBe('#b5de2b');
  expect(runColor(29, 30)).toBe('#440154');
});

test('a multi-panel spec resolves scales per panel and names the bundled font', () => {
  const spec = toVegaLite(buildCharts({ summaries: exampleInput().summaries! })[0]!) as any;
  expect(spec.config.font).toBe('DejaVu Sans');
  expect(spec.concat).toHaveLength(4);
  expect(spec.resolve.scale.y).toBe('independent');
  expect(spec.concat[0].encoding.x.scale).toEqual({ type: 'log', base: 2, domain: [16, 16384] });
});

test('metric checks: non-payload parameters become categories, the floor is labelled as such', async () => {
  const { checkCharts } = await import('../src/engine/charts/build.js');
  const row = (parameter: string, requirement: number, experiment: number) => ({
    check: 'throughput',
    payloadBytes: NaN,
    parameter,
    direction: 'higher-is-better' as const,
    unit: 'Mb/s',
    requirement,
    experiment,
    difference: Math.abs(requirement - experiment),
    percentOver: 0,
    status: 'passed' as const,
  });
  const [chart] = checkCharts({
    subExperiments: [
      { experimentType: 'tp', source: 'x.csv', status: 'passed', rows: [row('1x64', 100, 120), row('4x64', 300, 310)] },
    ],
  } as never);
  const p = chart!.panels[0]!;
  expect(p.title).toBe('throughput: experiment vs floor');
  expect(p.x).toEqual({ kind: 'category', title: 'Parameter', categories: ['1x64', '4x64'] });
  expect(p.y).toEqual({ title: 'throughput [Mb/s]', unit: 'Mb/s', log: false });
  expect(p.series[1]!.points).toEqual([
    { x: '1x64', y: 120 },
    { x: '4x64', y: 310 },
  ]);
});
