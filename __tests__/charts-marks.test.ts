/**
 * What a chart says beyond its lines: requirement, baseline and result each in their own colour,
 * failed points marked (in the image) or named (under a Mermaid block), histograms that show the
 * body of the distribution and state the tail they leave out, and one scale per chart whatever
 * renders it.
 */
import { join } from 'node:path';
import { rawCharts } from '../src/engine/charts/build.js';
import { binSamples, bodyHistogram } from '../src/engine/charts/histogram.js';
import { chartToMermaid } from '../src/engine/charts/mermaid.js';
import {
  BASELINE_GREYS,
  EXPERIMENT_BLUE,
  FAILED_MARK,
  REQUIREMENT_RED,
  RESULT_BLUES,
} from '../src/engine/charts/palette.js';
import { toVegaLite } from '../src/engine/charts/vegaLite.js';
import type { Chart } from '../src/engine/charts/model.js';
import { planCharts } from '../src/pipeline/writeCharts.js';
import { runCheck } from '../src/pipeline/check.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { example, exampleInput } from './charts-fixtures.js';
import { tempDir, cwdFiles } from './helpers/shared.js';

/** 9999 samples 100.00, 100.01, …, 199.98 µs and one outlier of 100 000 µs. */
function bodyAndOutlier(): Float64Array {
  const samples = new Float64Array(10000);
  for (let i = 0; i < 9999; i++) samples[i] = 100 + i / 100;
  samples[9999] = 100000;
  return samples;
}

describe('histograms show the body of the distribution', () => {
  test('one outlier 500× the body: the bins end at the fence p99 + (p99 − p50), the outlier is counted', () => {
    const { bins, tail } = bodyHistogram(bodyAndOutlier(), 100);
    expect(bins).toHaveLength(100);
    expect(bins[0]!.start).toBe(100);
    // p50 is the 5000th sample (149.99), p99 the 9900th (198.99): the fence is 248, give or take
    // the resolution the percentiles are read at (1/1024 of the narrowed range, under 0.3 µs).
    const end = bins[99]!.end;
    expect(Math.abs(end - (198.99 + (198.99 - 149.99)))).toBeLessThan(1);
    expect(tail).toEqual({ above: end, count: 1, max: 100000 });
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(9999);
    // The body fills two thirds of the axis: bars of ~148 samples each up to 199.98, none after.
    const filled = bins.filter((b) => b.count > 0);
    expect(filled[filled.length - 1]!.end).toBeGreaterThan(199.98);
    expect(filled[filled.length - 1]!.start).toBeLessThan(199.98);
  });

  test('without a tail that stretches the axis, the bins are the reference rule over every sample', () => {
    const uniform = Float64Array.from({ length: 10000 }, (_, i) => i + 1);
    expect(bodyHistogram(uniform, 100)).toEqual({ bins: binSamples(uniform, 100) });
    // With fewer than 100 samples the 99th percentile is the largest sample: nothing is cut.
    const few = Float64Array.from([1, 1, 1, 1000]);
    expect(bodyHistogram(few, 10)).toEqual({ bins: binSamples(few, 10) });
  });

  test('a tail of several decades is cut in a few narrowing steps', () => {
    const samples = new Float64Array(100000);
    for (let i = 0; i < samples.length; i++) samples[i] = 10 + (i % 1000) / 100;
    // 50 samples spread from 1e3 to 1e8.
    for (let k = 0; k < 50; k++) samples[k * 2000 + 7] = 10 ** (3 + k / 10);
    const { bins, tail } = bodyHistogram(samples, 100);
    expect(tail!.count).toBe(50);
    expect(tail!.max).toBeCloseTo(10 ** 7.9, -2);
    // p50 = 15.0, p99 = 19.9: the fence is 24.8.
    expect(bins[99]!.end).toBeGreaterThan(24.7);
    expect(bins[99]!.end).toBeLessThan(25);
    expect(bins.reduce((n, b) => n + b.count, 0)).toBe(100000 - 50);
  });

  test('the chart states the tail and names the result set and file it shows', () => {
    const samples = bodyAndOutlier();
    const [histogram, series] = rawCharts({
      experimentType: 'shm_reliable',
      source: 'shm_reliable_raw.csv',
      raw: { groups: [{ payloadBytes: 64, latencies: samples }] } as never,
    });
    expect(histogram!.title).toBe('Latency histograms shm_reliable, results (shm_reliable_raw.csv)');
    expect(series!.title).toBe('Latency series shm_reliable, results (shm_reliable_raw.csv)');
    const panel = histogram!.panels[0]!;
    // The fence (248.0x) is written rounded down and the largest sample rounded up: both stay true.
    expect(panel.title).toBe('Latency Histogram - 64 Bytes');
    expect(panel.subtitle).toBe('1 over 248 µs (0.01 %) not drawn; max 100000 µs');
    const spec = toVegaLite(histogram!) as { title: unknown };
    expect(spec.title).toEqual({ text: histogram!.title, subtitle: [panel.title, panel.subtitle] });
  });
});

describe('requirement, baseline and result each have their colour; failed points are marked', () => {
  const input = exampleInput();
  const charts = planCharts(input);
  const byId = new Map(charts.map((c) => [c.id, c]));

  test('red is the requirement only, grey the baseline, blue the result', () => {
    const colours = new Map<string, Set<string>>();
    for (const c of charts.filter((c) => c.kind === 'check' || c.kind === 'reference')) {
      for (const s of c.panels.flatMap((p) => p.series)) {
        const role = s.name.startsWith('requirement')
          ? 'requirement'
          : s.name.startsWith('main')
            ? 'baseline'
            : 'result';
        colours.set(role, (colours.get(role) ?? new Set()).add(s.color));
      }
    }
    expect([...colours.get('requirement')!]).toEqual([REQUIREMENT_RED]);
    expect([...colours.get('baseline')!].sort()).toEqual([...BASELINE_GREYS].sort());
    expect([...colours.get('result')!].sort()).toEqual([EXPERIMENT_BLUE, RESULT_BLUES[1]].sort());
  });

  test('a failed comparison marks the result point, in the image and under the Mermaid block', () => {
    const failedRows = input.compare!.report.rows.filter(
      (r) => r.failed && r.experimentType === 'intraprocess_best_effort',
    );
    const chart = byId.get('reference-intraprocess_best_effort')!;
    expect(failedRows.length).toBeGreaterThan(0);
    const marked = chart.panels.flatMap((p) =>
      p.series.flatMap((s) => s.points.filter((q) => q.failed).map((q) => `${s.name.replace('PR ', '')} ${q.x}`)),
    );
    expect(marked.sort()).toEqual(failedRows.map((r) => `${r.magnitude} ${r.payloadBytes}`).sort());
    // Baseline points are never marked: the failure is the result's.
    for (const s of chart.panels.flatMap((p) => p.series).filter((s) => s.name.startsWith('main')))
      expect(s.points.some((q) => q.failed)).toBe(false);

    const spec = toVegaLite(chart) as {
      concat: { layer?: { mark: { type: string; shape?: string; color?: string }; encoding: { shape?: unknown } }[] }[];
    };
    const layered = spec.concat.filter((p) => p.layer);
    expect(layered.length).toBeGreaterThan(0);
    for (const p of layered) {
      expect(p.layer![1]!.mark).toMatchObject({ type: 'point', shape: 'cross', color: FAILED_MARK });
      expect(p.layer![1]!.encoding.shape).toMatchObject({ datum: 'failed' });
    }
    // Mermaid draws no mark on a point: the legend names the failed ones and says they are not marked.
    expect(chartToMermaid(chart)).toMatch(/Failed \(not marked in this chart\): PR (Min|Median|Max|99%) at /);
    expect(chartToMermaid(chart)).not.toContain('✗');
  });

  test('a failed check marks the experiment point; a passing chart has no failure layer', () => {
    const out = tempDir('perfgate-marks-');
    const failing = runCheck(
      cwdFiles,
      {
        results: [join(example, 'results-regression')],
        requirements: join(example, 'requirements.csv'),
        outputDir: out,
        floatParse: 'precise',
      },
      silentProgress,
    );
    const failedRows = failing.report.subExperiments.flatMap((s) =>
      s.rows.filter((r) => r.status === 'failed').map((r) => `${s.experimentType} ${r.check} ${r.payloadBytes}`),
    );
    expect(failedRows.length).toBeGreaterThan(0);
    const checkCharts = planCharts({ check: failing }).filter((c) => c.kind === 'check');
    const marked = checkCharts.flatMap((c) =>
      c.panels.flatMap((p) =>
        p.series.flatMap((s) =>
          s.points.filter((q) => q.failed).map((q) => `${c.experiment} ${s.name.replace('experiment ', '')} ${q.x}`),
        ),
      ),
    );
    expect(marked.sort()).toEqual(failedRows.sort());

    const passing = planCharts({ check: input.check! }).filter((c) => c.kind === 'check');
    expect(input.check!.report.subExperiments.every((s) => s.status === 'passed')).toBe(true);
    for (const c of passing) expect(JSON.stringify(toVegaLite(c))).not.toContain('"layer"');
  });
});

test('every chart has one y scale: log in the image exactly where the Mermaid block says log10', () => {
  const charts: Chart[] = planCharts(exampleInput());
  let logPanels = 0;
  for (const chart of charts) {
    const spec = toVegaLite(chart) as Record<string, unknown>;
    const views = (spec.concat as Record<string, unknown>[] | undefined) ?? [spec];
    const mermaid = chartToMermaid(chart).split('```mermaid').slice(1);
    chart.panels.forEach((panel, i) => {
      const view = views[i]! as {
        layer?: { encoding: { y: { scale?: { type?: string } } } }[];
        encoding?: { y: { scale?: { type?: string } } };
      };
      const y = (view.layer?.[0] ?? view).encoding!.y;
      const imageLog = y.scale?.type === 'log';
      expect([chart.id, panel.title, imageLog]).toEqual([chart.id, panel.title, panel.y.log]);
      if (panel.y.log) logPanels++;
      // A Mermaid block draws log₁₀ of the values only for a log panel (and says so on its axis).
      expect([chart.id, panel.title, mermaid[i]!.includes('y-axis "log10 of')]).toEqual([
        chart.id,
        panel.title,
        imageLog,
      ]);
    });
  }
  expect(logPanels).toBeGreaterThan(0);
});
