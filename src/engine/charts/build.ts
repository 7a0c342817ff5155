/**
 * Chart data from the report models. Every y value is read from a CheckReport row, a Summary, a
 * ComparisonReport, a HistoryRecord, a Measurement or a raw sample; the only arithmetic here is
 * laying samples out for drawing: histogram bins (histogram.ts) and the M4 reduction of a long
 * series to what its plot can show (m4.ts).
 */
import type { CheckRow } from '../check/checkRow.js';
import { valueChange, valueChangeRange } from '../report/change.js';
import type { ComparisonRow } from '../compare/compare.js';
import type { ComparisonReport } from '../report/comparisonReport.js';
import type { CheckReport } from '../report/model.js';
import type { Measurement, StatisticName } from '../model/measurement.js';
import type { RawMeasurements } from '../model/rawMeasurements.js';
import type { PayloadSummary, Summary } from '../model/summary.js';
import { isPayloadAxis } from './payloadAxis.js';
import { displayUnit } from '../model/statisticRules.js';
import { quantityDisplay } from '../report/quantity.js';
import { BAND_FILL, BASELINE_GREYS, EXPERIMENT_BLUE, LIMIT_COLOR, REQUIREMENT_RED, RESULT_BLUES, seriesColor } from './palette.js';
import { formatDelta, unchangedAtDisplay } from './format.js';
import { bodyHistogram, type HistogramTail } from './histogram.js';
import { m4 } from './m4.js';
import {
  PANEL_WIDTH,
  panelValues,
  safeFileStem,
  uniqueIds,
  wantsLogScale,
  type Band,
  type ChangeRow,
  type Chart,
  type Panel,
  type Point,
  type Rule,
  type Series,
  type XAxis,
} from './model.js';

/** A history run as the chart needs it (latencyHistory.ts makes it of a HistoryRecord). */
export interface HistoryRun {
  sha: string;
  date: string;
  runId: string;
  experiments: { experiment: string; payloads: { bytes: number; median: number | null; p99: number | null; max: number | null; min: number | null }[] }[];
}

/**
 * A history run as the regression charts read it: its identity and its measurements, any format
 * (structurally a HistoryRecord of src/engine/history/record.ts).
 */
export interface MeasuredRun {
  sha: string;
  date: string;
  runId: string;
  measurements: readonly { experiment: string; parameter: string; metric: string; statistics: Partial<Record<StatisticName, number | null>> }[];
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
  /** The same history runs with every measurement, for the history of each regression. */
  runs?: readonly MeasuredRun[];
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

/**
 * The panel in the unit its values read best in (quantityDisplay, as the tables choose per row):
 * a 2.35 ns benchmark is drawn on a ns axis, not at 0.00235 µs. `base` is the y title without its unit.
 */
function inDisplayUnit(p: Panel, base: string, printedUnit?: string): Panel {
  const values = [...panelValues(p.series), ...(p.rules ?? []).map((r) => r.y), ...(p.band ? [p.band.lower, p.band.upper] : [])];
  const shown = quantityDisplay(p.y.unit, values, printedUnit);
  if (shown.scale === 1 && shown.unit === p.y.unit) return p;
  const k = shown.scale;
  return {
    ...p,
    y: { ...p.y, title: withUnit(base, shown.unit), unit: shown.unit, ...(p.y.domain ? { domain: [p.y.domain[0] * k, p.y.domain[1] * k] as [number, number] } : {}) },
    series: p.series.map((s) => ({ ...s, points: s.points.map((pt) => ({ ...pt, y: pt.y * k })) })),
    ...(p.rules ? { rules: p.rules.map((r) => ({ ...r, y: r.y * k })) } : {}),
    ...(p.band ? { band: { ...p.band, lower: p.band.lower * k, upper: p.band.upper * k } } : {}),
  };
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
  // What changed against the reference comes first: it is what a reviewer looks for.
  if (sources.comparison) {
    const change = changeChart(sources.comparison);
    if (change) charts.push(change);
    const regressions = regressionChart(sources.comparison, sources.runs);
    if (regressions) charts.push(regressions);
  }
  if (sources.check) charts.push(...checkCharts(sources.check));
  const summaries = sources.summaries ?? sources.comparison?.subExperiments.flatMap((s) => (s.result ? [s.result] : [])) ?? [];
  const sub = subExperimentChart(summaries);
  if (sub) charts.push(sub);
  if (sources.comparison) charts.push(...referenceCharts(sources.comparison), ...beforeAfterCharts(sources.comparison));
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
      const drawn = panel(`${check}: experiment vs ${floor ? 'floor' : 'requirement'}`, x, withUnit(check, unit), unit, [
        { name: `requirement ${check}`, color: REQUIREMENT_RED, points: finitePoints(rows.map((r) => ({ x: xOf(r), y: r.requirement }))) },
        { name: `experiment ${check}`, color: EXPERIMENT_BLUE, points: finitePoints(rows.map((r) => failedIf({ x: xOf(r), y: r.experiment }, r.status === 'failed'))) },
      ]);
      // Reference latency checks keep the reference's µs axis.
      return rows[0]!.unit === undefined ? drawn : inDisplayUnit(drawn, check, rows[0]!.printedUnit);
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

/** `2026-01-02 1a2b3c4` (the date alone for an imported run that recorded no commit), with the run id when two runs would read the same. */
export function runLabels(runs: readonly Pick<HistoryRun, 'sha' | 'date' | 'runId'>[]): string[] {
  const base = runs.map((r) => (/^[0-9a-f]{7,64}$/i.test(r.sha) ? `${r.date.slice(0, 10)} ${r.sha.slice(0, 7)}` : r.date.slice(0, 10)));
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

/** Beyond this many benchmarks a "what changed" panel shows the worst ones and says how many it left out. */
export const MAX_CHANGE_ROWS = 30;
/** At most this many regressions get a panel of their own; the rest are in the comparison table. */
export const MAX_REGRESSION_PANELS = 12;
/** At most this many before/after charts (one per experiment), the failing experiments first. */
export const MAX_BEFORE_AFTER_CHARTS = 20;
/**
 * Before/after panels go log₁₀ when their values span more than this: each benchmark's change is
 * relative, and on a linear axis up to 10× the smallest one's 30 % is a few pixels (0.8 µs on 0–25 µs).
 */
export const BEFORE_AFTER_LOG_RATIO = 10;
/** A value axis spans at least this share of its largest value, so a flat series is drawn flat, not zoomed into its last digits. */
export const MIN_RELATIVE_SPAN = 0.1;

/** The comparison's sign convention, said once under every chart that draws a Δ. */
export const DELTA_SIGN_NOTE = 'Δ: the change of the value itself, (new − old) / old in %; for a throughput or rate (↑) a drop is worse, for anything else a rise.';

/**
 * Experiment names without the prefix they all share up to a `.` or `/` (JMH's package,
 * Criterion's group): `QueueBench.offer`, not `org.perfgate.bench.QueueBench.offer`.
 */
export function shortExperimentNames(names: readonly string[]): Map<string, string> {
  const unique = [...new Set(names)];
  let prefix = '';
  if (unique.length > 1) {
    const first = unique[0]!;
    let common = first.length;
    for (const n of unique) {
      let k = 0;
      while (k < common && k < n.length && n[k] === first[k]) k++;
      common = k;
    }
    const cut = Math.max(first.lastIndexOf('.', common - 1), first.lastIndexOf('/', common - 1));
    // Only a whole segment, and never the whole of a name.
    if (cut > 0 && unique.every((n) => n.length > cut + 1)) prefix = first.slice(0, cut + 1);
  }
  return new Map(unique.map((n) => [n, n.slice(prefix.length)]));
}

/** A comparison row's benchmark, as chart categories name it: experiment and parameter. */
function benchmarkLabel(row: ComparisonRow, short: ReadonlyMap<string, string>): string {
  const experiment = short.get(row.experimentType) ?? row.experimentType;
  return row.parameter === '' ? experiment : `${experiment} ${row.parameter}`;
}

/**
 * How a chart names its rows' benchmarks: by parameter alone when they are all of one experiment
 * (which the chart's title then names), else by experiment (without their common prefix) and parameter.
 */
function benchmarkNames(rows: readonly ComparisonRow[]): { label: (row: ComparisonRow) => string; experiment?: string } {
  const experiments = [...new Set(rows.map((r) => r.experimentType))];
  if (experiments.length === 1 && rows.every((r) => r.parameter !== '')) return { label: (r) => r.parameter, experiment: experiments[0]! };
  const short = shortExperimentNames(experiments);
  return { label: (r) => benchmarkLabel(r, short) };
}

/** The family a row belongs to: one metric × statistic, as a panel shows it. */
function familyOf(row: ComparisonRow): string {
  return `${row.metric}\u0000${row.statistic}`;
}

function familyTitle(row: ComparisonRow): string {
  return `${row.metric} ${row.magnitude}`;
}

/**
 * "What changed": per gated metric × statistic a panel of every benchmark's Δ against the
 * reference, with its interval (paired) or the noise band (history), the threshold and a zero
 * line; failing rows first, then from worst to best (the report's order). A family in which no
 * benchmark changed at all (allocations, byte counts) is named in the note, not drawn.
 */
export function changeChart(report: ComparisonReport): Chart | undefined {
  const rows = report.rows.filter((r) => r.gated && Number.isFinite(r.deltaPercent));
  if (rows.length === 0) return undefined;
  const names = benchmarkNames(rows);
  const families = new Map<string, ComparisonRow[]>();
  for (const row of rows) families.set(familyOf(row), [...(families.get(familyOf(row)) ?? []), row]);
  const panels: Panel[] = [];
  const unchanged: string[] = [];
  for (const family of families.values()) {
    // Below the precision the Δ is written with, a panel would be a column of zeros (allocations, byte counts).
    if (family.every((r) => unchangedAtDisplay(r.deltaPercent))) {
      unchanged.push(familyTitle(family[0]!));
      continue;
    }
    const shown = family.slice(0, MAX_CHANGE_ROWS);
    const left = family.slice(MAX_CHANGE_ROWS);
    // The report's one sign: the change of the value itself; the threshold lies on the worse side.
    const changes: ChangeRow[] = shown.map((r) => {
      const interval = valueChangeRange(r.interval, r.direction);
      const band = valueChangeRange(r.band, r.direction);
      return {
        label: names.label(r),
        delta: valueChange(r.deltaPercent, r.direction),
        ...(interval ? { interval: { lower: interval.lower * 100, upper: interval.upper * 100 } } : {}),
        ...(band ? { band: { lower: band.lower * 100, upper: band.upper * 100 } } : {}),
        threshold: valueChange(r.threshold * 100, r.direction),
        failed: r.failed,
        status: r.status,
      };
    });
    const ends = changes.flatMap((c) => [c.delta, c.threshold, ...(c.interval ? [c.interval.lower, c.interval.upper] : []), ...(c.band ? [c.band.lower, c.band.upper] : [])]);
    const finite = [0, ...ends.filter(Number.isFinite)];
    const deltas = left.map((r) => valueChange(r.deltaPercent, r.direction));
    panels.push({
      title: familyTitle(family[0]!),
      ...(left.length > 0
        ? { subtitle: `${shown.length} worst of ${family.length} shown; the other ${left.length} are ${formatDelta(Math.min(...deltas))} … ${formatDelta(Math.max(...deltas))}` }
        : {}),
      x: { kind: 'category', title: names.experiment !== undefined ? 'Parameter' : 'Benchmark', categories: changes.map((c) => c.label) },
      y: { title: `Δ vs ${report.referenceLabel} [%]`, unit: '%', log: false, domain: [Math.min(...finite), Math.max(...finite)] },
      mark: 'change',
      series: [],
      changes,
    });
  }
  const notes = [DELTA_SIGN_NOTE];
  if (report.method === 'history') notes.push('Grey bar: the noise band, the Δ an unchanged build gives.');
  if (report.method === 'paired') notes.push('Whisker: the interval of the change over the A/B pairs.');
  if (unchanged.length > 0) notes.push(`Not drawn, no benchmark changed: ${unchanged.join(', ')}.`);
  const without = report.rows.filter((r) => r.gated && !Number.isFinite(r.deltaPercent)).length;
  if (without > 0) notes.push(`${without} row(s) without a Δ (new or missing) are in the comparison table.`);
  if (panels.length === 0) return undefined;
  return {
    id: 'change',
    kind: 'change',
    title: `What changed${names.experiment !== undefined ? ` in ${names.experiment}` : ''}: ${report.resultLabel} vs ${report.referenceLabel}`,
    ...(names.experiment !== undefined ? { experiment: names.experiment } : {}),
    panels,
    columns: 1,
    inline: true,
    note: notes.join(' '),
  };
}

/**
 * The y range of a value panel: the values, bands and lines it draws, widened to at least
 * MIN_RELATIVE_SPAN of the largest so that noise in the last digits is not blown up to fill it.
 */
function valueDomain(values: readonly number[]): [number, number] | undefined {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return undefined;
  let lo = Math.min(...finite);
  let hi = Math.max(...finite);
  const least = MIN_RELATIVE_SPAN * Math.max(Math.abs(lo), Math.abs(hi));
  if (hi - lo < least) {
    const mid = (lo + hi) / 2;
    [lo, hi] = [mid - least / 2, mid + least / 2];
    // A positive quantity stays on the positive side.
    if (Math.min(...finite) >= 0 && lo < 0) [lo, hi] = [0, hi - lo];
  }
  return [lo, hi];
}

/** The value at which a row's Δ reaches its threshold (the reference moved by the threshold, the worse way). */
function thresholdValue(row: ComparisonRow): number {
  return row.direction === 'higher-is-better' ? row.reference * (1 - row.threshold) : row.reference * (1 + row.threshold);
}

/** A relative Δ (worse positive) back on the reference's scale. */
function valueAt(row: ComparisonRow, relative: number): number {
  return row.direction === 'higher-is-better' ? row.reference * (1 - relative) : row.reference * (1 + relative);
}

/** The history runs behind a row, newest last: those that have its value, at most the row's historyRuns newest (what the comparison used). */
function rowHistory(row: ComparisonRow, runs: readonly MeasuredRun[]): { run: MeasuredRun; value: number }[] {
  if (row.pooled || row.historyRuns === undefined) return [];
  const metric = row.metric.toLowerCase();
  const found = runs.flatMap((run) => {
    const m = run.measurements.find((x) => x.experiment === row.experimentType && x.parameter === row.parameter && x.metric.toLowerCase() === metric);
    const value = m?.statistics[row.statistic];
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? [{ run, value }] : [];
  });
  return found.slice(-row.historyRuns);
}

function regressionPanel(row: ComparisonRow, report: ComparisonReport, label: string, runs: readonly MeasuredRun[]): Panel {
  const history = rowHistory(row, runs);
  const unit = row.unit;
  const rules: Rule[] = [];
  let band: Band | undefined;
  const series: Series[] = [];
  let categories: string[];
  const candidate = report.resultLabel;
  if (history.length > 0) {
    const labels = runLabels(history.map((h) => h.run));
    // A run label that is also the candidate's label would merge two categories.
    const current = labels.includes(candidate) ? `${candidate} (this run)` : candidate;
    categories = [...labels, current];
    series.push({
      name: `history (${history.length} run${history.length === 1 ? '' : 's'})`,
      color: BASELINE_GREYS[1],
      points: history.map((h, i) => ({ x: labels[i]!, y: h.value })),
    });
    series.push({ name: current, color: EXPERIMENT_BLUE, points: [failedIf({ x: current, y: row.result }, row.failed)] });
  } else {
    const before = report.referenceLabel;
    const after = before === candidate ? `${candidate} (this run)` : candidate;
    categories = [before, after];
    series.push({
      name: `${before} → ${after}`,
      color: EXPERIMENT_BLUE,
      points: finitePoints([{ x: before, y: row.reference }, failedIf({ x: after, y: row.result }, row.failed)]),
    });
  }
  if (row.band && Number.isFinite(row.reference)) {
    const edges = [valueAt(row, row.band.lower), valueAt(row, row.band.upper)];
    band = { name: 'noise band', lower: Math.min(...edges), upper: Math.max(...edges), color: BAND_FILL };
    if (history.length > 0) rules.push({ name: 'history centre', y: row.reference, color: BASELINE_GREYS[0], dashed: true });
  }
  if (Number.isFinite(row.reference)) rules.push({ name: `threshold ${formatDelta(row.threshold * 100)}`, y: thresholdValue(row), color: LIMIT_COLOR, dashed: true });
  const values = [...panelValues(series), ...rules.map((r) => r.y), ...(band ? [band.lower, band.upper] : [])];
  const log = wantsLogScale(values);
  const domain = valueDomain(values);
  const interval = valueChangeRange(row.interval, row.direction);
  const range = interval ? `, interval ${formatDelta(interval.lower * 100)} … ${formatDelta(interval.upper * 100)}` : '';
  const drawn: Panel = {
    title: label,
    subtitle: `${familyTitle(row)}: ${formatDelta(valueChange(row.deltaPercent, row.direction))}${range} (${row.status})`,
    x: { kind: 'category', title: history.length > 0 ? 'Run' : 'Side', categories },
    y: { title: withUnit(familyTitle(row), unit), unit, log, ...(domain ? { domain } : {}) },
    mark: 'line',
    series,
    ...(rules.length > 0 ? { rules } : {}),
    ...(band ? { band } : {}),
  };
  return inDisplayUnit(drawn, familyTitle(row), row.printedUnit);
}

/**
 * Each failing row (a named regression), in the report's order: its history with the noise band
 * and this run's value where a history was used, else the reference and the result side by side;
 * with the threshold drawn as a line. At most MAX_REGRESSION_PANELS panels.
 */
export function regressionChart(report: ComparisonReport, runs: readonly MeasuredRun[] = []): Chart | undefined {
  const failing = report.rows.filter((r) => r.failed && Number.isFinite(r.result));
  if (failing.length === 0) return undefined;
  const names = benchmarkNames(failing);
  const shown = failing.slice(0, MAX_REGRESSION_PANELS);
  const panels = shown.map((row) => regressionPanel(row, report, names.label(row), runs));
  const withHistory = panels.some((p) => p.x.title === 'Run');
  const left = failing.length - shown.length;
  const notes = [DELTA_SIGN_NOTE];
  if (withHistory) notes.push('Grey: the history runs and, shaded, the noise band around their centre; blue: this run.');
  if (left > 0) notes.push(`${left} more failing row(s) are in the comparison table.`);
  return {
    id: 'regressions',
    kind: 'regression',
    title: `Regressions${names.experiment !== undefined ? ` in ${names.experiment}` : ''}: ${withHistory ? `history and ${report.resultLabel}` : `${report.referenceLabel} vs ${report.resultLabel}`}`,
    ...(names.experiment !== undefined ? { experiment: names.experiment } : {}),
    panels,
    columns: Math.min(2, panels.length),
    inline: true,
    note: notes.join(' '),
  };
}

/**
 * Per experiment that the Fast-DDS reference charts do not cover: per gated metric × statistic
 * with two or more parameters, the reference and the result across the parameters (the failed
 * ones marked), on a log axis where the values span more than BEFORE_AFTER_LOG_RATIO. A panel in which
 * nothing changed is left out. At most MAX_BEFORE_AFTER_CHARTS charts, failing experiments first.
 */
export function beforeAfterCharts(report: ComparisonReport): Chart[] {
  const charts: { chart: Chart; failed: boolean }[] = [];
  for (const sub of report.subExperiments) {
    if (sub.reference && sub.result) continue;
    const families = new Map<string, ComparisonRow[]>();
    for (const row of sub.rows) {
      if (!row.gated || row.pooled || !Number.isFinite(row.reference) || !Number.isFinite(row.result)) continue;
      families.set(familyOf(row), [...(families.get(familyOf(row)) ?? []), row]);
    }
    const panels: Panel[] = [];
    for (const rows of families.values()) {
      if (rows.length < 2 || rows.every((r) => unchangedAtDisplay(r.deltaPercent))) continue;
      const first = rows[0]!;
      const x: XAxis = { kind: 'category', title: 'Parameter', categories: rows.map((r) => r.parameter) };
      const series: Series[] = [
        { name: report.referenceLabel, color: BASELINE_GREYS[0], points: rows.map((r) => ({ x: r.parameter, y: r.reference })) },
        { name: report.resultLabel, color: EXPERIMENT_BLUE, points: rows.map((r) => failedIf({ x: r.parameter, y: r.result }, r.failed)) },
      ];
      const values = panelValues(series);
      const log = values.every((v) => v > 0) && Math.max(...values) / Math.min(...values) > BEFORE_AFTER_LOG_RATIO;
      const domain = log ? undefined : valueDomain(values);
      const drawn = {
        ...panel(familyTitle(first), x, withUnit(familyTitle(first), first.unit), first.unit, series, 'line', false),
        y: { title: withUnit(familyTitle(first), first.unit), unit: first.unit, log, ...(domain ? { domain } : {}) },
      };
      panels.push(inDisplayUnit(drawn, familyTitle(first), first.printedUnit));
    }
    if (panels.length === 0) continue;
    charts.push({
      failed: sub.rows.some((r) => r.failed),
      chart: {
        id: `before-after-${safeFileStem(sub.experimentType)}`,
        kind: 'before-after',
        title: `${sub.experimentType}: ${report.referenceLabel} vs ${report.resultLabel} (${sub.status})`,
        experiment: sub.experimentType,
        panels,
        columns: Math.min(2, panels.length),
        inline: false,
      },
    });
  }
  const ordered = [...charts.filter((c) => c.failed), ...charts.filter((c) => !c.failed)].map((c) => c.chart);
  return ordered.slice(0, MAX_BEFORE_AFTER_CHARTS);
}
