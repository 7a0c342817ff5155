/**
 * Chart data from the report models. Every y value is read from a CheckReport row, a Summary, a
 * ComparisonReport, a HistoryRecord, a Measurement or a raw sample; the only arithmetic here is
 * laying samples out for drawing: histogram bins (histogram.ts) and the M4 reduction of a long
 * series to what its plot can show (m4.ts).
 */
import type { CheckRow } from '../check/checkRow.js';
import type { ComparisonReport } from '../report/comparisonReport.js';
import type { CheckReport } from '../report/model.js';
import type { Measurement, StatisticName } from '../model/measurement.js';
import type { RawMeasurements } from '../model/rawMeasurements.js';
import type { PayloadSummary, Summary } from '../model/summary.js';
import { isPayloadAxis } from './payloadAxis.js';
import { displayUnit } from '../check/metricCheck.js';
import { BASELINE_GREYS, EXPERIMENT_BLUE, REQUIREMENT_RED, RESULT_BLUES, seriesColor } from './palette.js';
import { bodyHistogram, type HistogramTail } from './histogram.js';
import { m4 } from './m4.js';
import { PANEL_WIDTH, panelValues, safeFileStem, uniqueIds, wantsLogScale, type Chart, type Panel, type Point, type Series, type XAxis } from './model.js';

/** A history run as the chart needs it (structurally a HistoryRecord of src/pipeline/history.ts). */
export interface HistoryRun {
  sha: string;
  date: string;
  runId: string;
  experiments: { experiment: string; payloads: { bytes: number; median: number | null; p99: number | null; max: number | null; min: number | null }[] }[];
}

export interface RawSamples {
  experimentType: string;
  /** The file the samples were read from, as the charts name it (its base name). */
  source?: string;
  raw: RawMeasurements;
}

/** Raw samples as the charts draw them: binned and M4-reduced, without the samples (reduceRaw). */
export interface ReducedRaw {
  experimentType: string;
  source?: string;
  groups: { payloadBytes: number; samples: number; histogram: Point[]; tail?: HistogramTail; series: Point[] }[];
}

export interface ChartSources {
  check?: CheckReport;
  /** Summaries of the results (for the sub-experiment comparison: it needs Min). */
  summaries?: readonly Summary[];
  comparison?: ComparisonReport;
  /** History records, oldest first. */
  history?: readonly HistoryRun[];
  raw?: readonly (RawSamples | ReducedRaw)[];
  /** Measurements of the general model; higher-is-better metrics get throughput charts. */
  measurements?: readonly Measurement[];
}

const PAYLOAD_AXIS: XAxis = { kind: 'payload', title: 'Payload' };
const LATENCY_UNIT = 'µs';
export const HISTOGRAM_BINS = 100;

function panel(title: string, x: XAxis, yTitle: string, unit: string, series: Series[], mark: 'line' | 'bar' = 'line', allowLog = true): Panel {
  return { title, x, y: { title: yTitle, unit, log: allowLog && wantsLogScale(panelValues(series)) }, mark, series };
}

function withUnit(title: string, unit: string): string {
  return unit ? `${title} [${unit}]` : title;
}

function failedIf(point: Point, failed: boolean): Point {
  return failed ? { ...point, failed: true } : point;
}

function finitePoints(points: Point[]): Point[] {
  return points.filter((p) => Number.isFinite(p.y) && (typeof p.x === 'string' || Number.isFinite(p.x)));
}

/** Every chart the sources allow, in a fixed order, with unique file-safe ids. */
export function buildCharts(sources: ChartSources): Chart[] {
  const charts: Chart[] = [];
  if (sources.check) charts.push(...checkCharts(sources.check));
  const summaries = sources.summaries ?? sources.comparison?.subExperiments.flatMap((s) => (s.result ? [s.result] : [])) ?? [];
  const sub = subExperimentChart(summaries);
  if (sub) charts.push(sub);
  if (sources.comparison) charts.push(...referenceCharts(sources.comparison));
  if (sources.history && sources.history.length > 0) charts.push(...historyCharts(sources.history, sources.check));
  for (const raw of sources.raw ?? []) charts.push(...rawCharts(raw));
  if (sources.measurements) charts.push(...throughputCharts(sources.measurements));
  return uniqueIds(charts);
}

/**
 * Per checked sub-experiment: one panel per check column (Median, 99%, Max, or a metric),
 * experiment (blue) against requirement (red) across payloads, as the reference's comparison plots.
 */
export function checkCharts(report: CheckReport): Chart[] {
  const charts: Chart[] = [];
  for (const sub of report.subExperiments) {
    if (sub.rows.length === 0) continue;
    const byCheck = new Map<string, CheckRow[]>();
    for (const row of sub.rows) {
      const list = byCheck.get(row.check) ?? [];
      list.push(row);
      byCheck.set(row.check, list);
    }
    const panels = [...byCheck].map(([check, rows]) => {
      const unit = rows[0]!.unit ?? LATENCY_UNIT;
      const onPayload = rows.every((r) => r.parameter === undefined || String(r.payloadBytes) === r.parameter) && isPayloadAxis(rows.map((r) => r.payloadBytes));
      const xOf = (r: CheckRow): number | string => (onPayload ? r.payloadBytes : (r.parameter ?? String(r.payloadBytes)));
      const x: XAxis = onPayload ? PAYLOAD_AXIS : { kind: 'category', title: 'Parameter', categories: [...new Set(rows.map((r) => String(xOf(r))))] };
      const floor = rows[0]!.direction === 'higher-is-better';
      return panel(`${check}: experiment vs ${floor ? 'floor' : 'requirement'}`, x, withUnit(check, unit), unit, [
        { name: `requirement ${check}`, color: REQUIREMENT_RED, points: finitePoints(rows.map((r) => ({ x: xOf(r), y: r.requirement }))) },
        { name: `experiment ${check}`, color: EXPERIMENT_BLUE, points: finitePoints(rows.map((r) => failedIf({ x: xOf(r), y: r.experiment }, r.status === 'failed'))) },
      ]);
    });
    const missing = sub.rows.filter((r) => !Number.isFinite(r.experiment)).length;
    charts.push({
      id: `check-${safeFileStem(sub.experimentType)}`,
      kind: 'check',
      title: `Check ${sub.experimentType} (${sub.status})`,
      experiment: sub.experimentType,
      panels,
      columns: Math.min(3, panels.length),
      inline: true,
      ...(missing > 0 ? { note: `${missing} check(s) have no experiment value and are not drawn.` } : {}),
    });
  }
  return charts;
}

const SUMMARY_MAGNITUDES: readonly [string, keyof PayloadSummary][] = [
  ['Min', 'min'],
  ['Median', 'median'],
  ['Max', 'max'],
  ['99%', 'p99'],
];

function summaryPoints(summary: Summary, field: keyof PayloadSummary): Point[] {
  return finitePoints(summary.payloads.map((p) => ({ x: p.payloadBytes, y: p[field] as number })));
}

/** Min, Median, Max, 99% of every sub-experiment side by side (reference: comparison_<col>.png). */
export function subExperimentChart(summaries: readonly Summary[]): Chart | undefined {
  if (summaries.length === 0) return undefined;
  const panels = SUMMARY_MAGNITUDES.map(([label, field]) =>
    panel(
      `Comparison ${label}`,
      PAYLOAD_AXIS,
      withUnit(label, LATENCY_UNIT),
      LATENCY_UNIT,
      summaries.map((s, i) => ({ name: s.experimentType, color: seriesColor(i), points: summaryPoints(s, field) })),
    ),
  );
  // One scale for all four panels, so they read alike: log as soon as one panel needs it.
  const log = panels.some((p) => p.y.log) && panels.every((p) => panelValues(p.series).every((v) => v > 0));
  const aligned = panels.map((p) => ({ ...p, y: { ...p.y, log } }));
  return { id: 'subexperiments', kind: 'subexperiments', title: 'Sub-experiment comparison', panels: aligned, columns: 2, inline: true };
}

/** Reference vs result per sub-experiment: min–median and max–99% (reference: <type>_min_median.png, <type>_max_99%.png). */
export function referenceCharts(report: ComparisonReport): Chart[] {
  const charts: Chart[] = [];
  for (const sub of report.subExperiments) {
    if (!sub.reference || !sub.result) continue;
    const ref = sub.reference;
    const res = sub.result;
    // The payloads where this magnitude's comparison failed: their result points are marked.
    const failing = (magnitude: string) => new Set(sub.rows.filter((r) => r.failed && r.magnitude === magnitude).map((r) => r.payloadBytes));
    const resultPoints = ([label, field]: [string, keyof PayloadSummary]) => {
      const failed = failing(label);
      return summaryPoints(res, field).map((p) => failedIf(p, failed.has(p.x as number)));
    };
    const pair = (a: [string, keyof PayloadSummary], b: [string, keyof PayloadSummary]): Panel =>
      panel(`${a[0].toLowerCase()} – ${b[0].toLowerCase()}`, PAYLOAD_AXIS, withUnit('Latency', LATENCY_UNIT), LATENCY_UNIT, [
        { name: `${report.referenceLabel} ${a[0]}`, color: BASELINE_GREYS[0], points: summaryPoints(ref, a[1]) },
        { name: `${report.referenceLabel} ${b[0]}`, color: BASELINE_GREYS[1], points: summaryPoints(ref, b[1]) },
        { name: `${report.resultLabel} ${a[0]}`, color: RESULT_BLUES[0], points: resultPoints(a) },
        { name: `${report.resultLabel} ${b[0]}`, color: RESULT_BLUES[1], points: resultPoints(b) },
      ]);
    charts.push({
      id: `reference-${safeFileStem(sub.experimentType)}`,
      kind: 'reference',
      title: `Comparison ${sub.experimentType}: ${report.referenceLabel} vs ${report.resultLabel} (${sub.status})`,
      experiment: sub.experimentType,
      panels: [pair(['Min', 'min'], ['Median', 'median']), pair(['Max', 'max'], ['99%', 'p99'])],
      columns: 2,
      inline: true,
    });
  }
  return charts;
}

/** `2026-01-02 1a2b3c4`, with the run id when two runs would read the same. */
export function runLabels(runs: readonly Pick<HistoryRun, 'sha' | 'date' | 'runId'>[]): string[] {
  const base = runs.map((r) => `${r.date.slice(0, 10)} ${r.sha.slice(0, 7)}`);
  return base.map((label, i) => (base.indexOf(label) !== base.lastIndexOf(label) ? `${label} #${runs[i]!.runId}` : label));
}

/**
 * A sequential colour for run i of n (older lighter, newer darker), from the viridis map, which
 * is colour-blind safe and keeps the order readable with 30 runs where a categorical palette repeats.
 */
export function runColor(i: number, n: number): string {
  // Viridis, reversed so the newest run is the darkest; the palest stops are dropped (invisible on white).
  const stops = ['#b5de2b', '#6ece58', '#35b779', '#1f9e89', '#26828e', '#31688e', '#3e4989', '#482878', '#440154'];
  const t = n <= 1 ? 1 : i / (n - 1);
  const pos = t * (stops.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(stops.length - 1, lo + 1);
  const f = pos - lo;
  const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
  const a = rgb(stops[lo]!);
  const b = rgb(stops[hi]!);
  return (
    '#' +
    a
      .map((v, k) =>
        Math.round(v + (b[k]! - v) * f)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

const HISTORY_MAGNITUDES: readonly [string, 'min' | 'median' | 'max' | 'p99'][] = [
  ['Min', 'min'],
  ['Median', 'median'],
  ['Max', 'max'],
  ['99%', 'p99'],
];
const CHECKED: readonly [string, 'median' | 'p99' | 'max'][] = [
  ['Median', 'median'],
  ['99%', 'p99'],
  ['Max', 'max'],
];

/**
 * Per sub-experiment: a history per magnitude (one series per run, payload on x; reference
 * history_<col>.png) and a history per payload (runs on x, Median/99%/Max with their requirement
 * dashed; reference <payload>_bytes_<col>.png).
 */
export function historyCharts(runs: readonly HistoryRun[], check?: CheckReport): Chart[] {
  const labels = runLabels(runs);
  const names = [...new Set(runs.flatMap((r) => r.experiments.map((e) => e.experiment)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const charts: Chart[] = [];
  for (const name of names) {
    const perRun = runs.map((r) => r.experiments.find((e) => e.experiment === name));
    const magnitudePanels = HISTORY_MAGNITUDES.map(([label, field]) =>
      panel(
        `History ${label}`,
        PAYLOAD_AXIS,
        withUnit(label, LATENCY_UNIT),
        LATENCY_UNIT,
        perRun.flatMap((ex, i) =>
          ex ? [{ name: labels[i]!, color: runColor(i, runs.length), points: finitePoints(ex.payloads.map((p) => ({ x: p.bytes, y: p[field] ?? NaN }))) }] : [],
        ),
      ),
    );
    charts.push({
      id: `history-magnitude-${safeFileStem(name)}`,
      kind: 'history-magnitude',
      title: `History ${name} per magnitude (${runs.length} run${runs.length === 1 ? '' : 's'})`,
      experiment: name,
      panels: magnitudePanels,
      columns: 2,
      inline: false,
    });

    const payloads = [...new Set(perRun.flatMap((ex) => ex?.payloads.map((p) => p.bytes) ?? []))];
    const rows = check?.subExperiments.find((s) => s.experimentType === name)?.rows ?? [];
    const x: XAxis = { kind: 'category', title: 'Run', categories: labels };
    const payloadPanels = payloads.map((bytes) => {
      const series: Series[] = [];
      CHECKED.forEach(([label, field], k) => {
        const color = seriesColor(k);
        series.push({
          name: label,
          color,
          points: finitePoints(perRun.map((ex, i) => ({ x: labels[i]!, y: ex?.payloads.find((p) => p.bytes === bytes)?.[field] ?? NaN }))),
        });
        const limit = rows.find((r) => r.check === label && r.payloadBytes === bytes && r.direction === undefined)?.requirement;
        if (limit !== undefined && Number.isFinite(limit)) {
          series.push({ name: `requirement ${label}`, color, dashed: true, points: labels.map((l) => ({ x: l, y: limit })) });
        }
      });
      return panel(`History ${formatPayloadTitle(bytes)}`, x, withUnit('Latency', LATENCY_UNIT), LATENCY_UNIT, series);
    });
    if (payloadPanels.length > 0) {
      charts.push({
        id: `history-payload-${safeFileStem(name)}`,
        kind: 'history-payload',
        title: `History ${name} per payload`,
        experiment: name,
        panels: payloadPanels,
        columns: 3,
        inline: false,
      });
    }
  }
  return charts;
}

function formatPayloadTitle(bytes: number): string {
  return `${bytes} Bytes`;
}

/**
 * What the charts keep of a file's raw samples: per payload its histogram (HISTOGRAM_BINS bins) and
 * its series reduced to what a panel PANEL_WIDTH pixels wide can show (M4). The samples themselves
 * can be dropped afterwards: a run with charts never has to hold every file's samples at once.
 */
export function reduceRaw({ experimentType, source, raw }: RawSamples): ReducedRaw {
  return {
    experimentType,
    ...(source !== undefined ? { source } : {}),
    groups: raw.groups.map((g) => {
      const { points, tail } = histogram(g.latencies, HISTOGRAM_BINS);
      return { payloadBytes: g.payloadBytes, samples: g.latencies.length, histogram: points, ...(tail ? { tail } : {}), series: m4(g.latencies, PANEL_WIDTH) };
    }),
  };
}

/** `12 over 812.3 µs (0.1 %) not drawn; max 5022 µs`: what a clipped histogram leaves out. */
function tailNote(tail: HistogramTail, samples: number): string {
  const share = (100 * tail.count) / samples;
  // Four significant digits, rounded so the sentence stays true: down for the cut, up for the max.
  const digits = (v: number, round: (x: number) => number) => {
    const scale = 10 ** (Math.floor(Math.log10(Math.abs(v) || 1)) - 3);
    return String(Number((round(v / scale) * scale).toPrecision(4)));
  };
  // Short enough to fit over a panel (vega sizes the layout by an estimate of 0.8 em a character).
  return `${tail.count} over ${digits(tail.above, Math.floor)} ${LATENCY_UNIT} (${share < 0.1 ? share.toPrecision(1) : share.toFixed(1)} %) not drawn; max ${digits(tail.max, Math.ceil)} ${LATENCY_UNIT}`;
}

/** Histogram (100 bins, as the reference) and time series of every payload's raw samples. */
export function rawCharts(source: RawSamples | ReducedRaw): Chart[] {
  const { experimentType, groups, source: file } = 'raw' in source ? reduceRaw(source) : source;
  if (groups.length === 0) return [];
  const latency = withUnit('Latency', LATENCY_UNIT);
  const histogramPanels = groups.map((g) => ({
    ...panel(
      `Latency Histogram - ${g.payloadBytes} Bytes`,
      { kind: 'linear', title: latency },
      'Number of occurrences',
      '',
      [{ name: 'samples', color: EXPERIMENT_BLUE, points: g.histogram }],
      'bar',
      false,
    ),
    ...(g.tail ? { subtitle: tailNote(g.tail, g.samples) } : {}),
  }));
  // The raw samples are always this run's results (a baseline is read as summaries).
  const of = `${experimentType}, results${file !== undefined ? ` (${file})` : ''}`;
  const reduced = groups.some((g) => g.series.length < g.samples);
  const seriesPanels = groups.map((g) =>
    panel(
      `Latency Series - ${g.payloadBytes} Bytes`,
      { kind: 'linear', title: 'Sample' },
      latency,
      LATENCY_UNIT,
      [{ name: 'latency', color: EXPERIMENT_BLUE, points: g.series }],
      'line',
      false,
    ),
  );
  const stem = safeFileStem(experimentType);
  return [
    { id: `histogram-${stem}`, kind: 'histogram', title: `Latency histograms ${of}`, experiment: experimentType, panels: histogramPanels, columns: 3, inline: false },
    {
      id: `series-${stem}`,
      kind: 'series',
      title: `Latency series ${of}`,
      experiment: experimentType,
      panels: seriesPanels,
      columns: 3,
      inline: false,
      ...(reduced
        ? { note: `Series longer than their plot is wide show, per pixel column, the first, last, lowest and highest sample (M4): the line the whole series draws.` }
        : {}),
    },
  ];
}

/**
 * The histogram of `samples` as bar points (x = bin start, x2 = bin end, y = count), over the body
 * of the distribution, with the tail it leaves out (histogram.ts).
 */
export function histogram(samples: Float64Array, bins: number): { points: Point[]; tail?: HistogramTail } {
  const body = bodyHistogram(samples, bins);
  return { points: body.bins.map((b) => ({ x: b.start, x2: b.end, y: b.count })), ...(body.tail ? { tail: body.tail } : {}) };
}

/** The statistic a one-number metric is reported as (the check code picks the same). */
function primaryValue(m: Measurement): number {
  for (const s of ['value', 'median', 'mean'] as const satisfies readonly StatisticName[]) {
    const v = m.statistics[s];
    if (v !== undefined) return v;
  }
  return NaN;
}

/** One chart per higher-is-better metric (throughput, sample rate): one series per experiment. */
export function throughputCharts(measurements: readonly Measurement[]): Chart[] {
  const better = measurements.filter((m) => m.metric.direction === 'higher-is-better');
  const metrics = [...new Set(better.map((m) => m.metric.name))];
  return metrics.map((metricName) => {
    const ofMetric = better.filter((m) => m.metric.name === metricName);
    // The values are in the metric's base unit (Mb/s for netio3's Gbps): the axis says so.
    const unit = displayUnit(ofMetric[0]!.metric.unit, ofMetric[0]!.metric.dimension);
    const experiments = [...new Set(ofMetric.map((m) => m.experiment))];
    // A payload axis only when each experiment has one value per payload (no other varied setting).
    const onPayload = experiments.every((e) => {
      const bytes = ofMetric.filter((m) => m.experiment === e).map((m) => m.parameter.payloadBytes ?? NaN);
      return isPayloadAxis(bytes) && new Set(bytes).size === bytes.length;
    });
    const xOf = (m: Measurement): number | string => (onPayload ? m.parameter.payloadBytes! : m.parameter.label);
    const x: XAxis = onPayload ? PAYLOAD_AXIS : { kind: 'category', title: 'Parameter', categories: [...new Set(ofMetric.map((m) => m.parameter.label))] };
    const series = experiments.map((e, i) => ({
      name: e,
      color: seriesColor(i),
      points: finitePoints(ofMetric.filter((m) => m.experiment === e).map((m) => ({ x: xOf(m), y: primaryValue(m) }))),
    }));
    const title = metricName.charAt(0).toUpperCase() + metricName.slice(1);
    return {
      id: `throughput-${safeFileStem(metricName)}`,
      kind: 'throughput' as const,
      title: `${title} (higher is better)`,
      panels: [panel(title, x, withUnit(title, unit), unit, series)],
      columns: 1,
      inline: true,
    };
  });
}
