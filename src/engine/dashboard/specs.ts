/**
 * Vega-Lite specs of the dashboard, from its model (model.ts): a trend chart per series (runs on
 * x, the requirement line, the noise band, the change points with their commit range, every point
 * linking to its run), a sparkline per experiment and the payload view (the chart model's
 * history-per-payload chart). Values are compact: a trend chart's series dataset is the text code of
 * its runs and values (compactSeries.ts), which the page's script decodes into rows before drawing;
 * run labels, dates, commits and links are one table per site (RUNS_DATASET, data/pages.js), which
 * `withRuns` (and the page's script) adds to every spec.
 */
import { runColor } from '../charts/build.js';
import {
  PANEL_HEIGHT,
  PANEL_WIDTH,
  panelValues,
  safeFileStem,
  wantsLogScale,
  type Chart,
  type Series,
} from '../charts/model.js';
import { EXPERIMENT_BLUE, REQUIREMENT_RED, RESULT_BLUES } from '../charts/palette.js';
import { CHART_CONFIG, toVegaLite, type VegaLiteSpec } from '../charts/vegaLite.js';
import type { DashboardExperiment, DashboardModel, DashboardRun, DashboardSeries, PayloadView } from './model.js';
import { decodeSeries, encodeSeries } from './compactSeries.js';

/** The name of the page's run table in every spec's `datasets`, and of the run-label array parameter. */
export const RUNS_DATASET = 'runs';
export const RUN_LABELS_PARAM = 'runLabels';
/**
 * The name of a trend chart's own values in its `datasets`, which its line and its points both read: the series'
 * code (compactSeries.ts), decoded into rows `{ r, y }` by the page's script (and by `withRuns`).
 */
export const SERIES_DATASET = 'series';

const SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';
const REGRESSION = '#d55e00';
const IMPROVEMENT = '#009e73';
/** An accepted regression (a label or a waiver): known and wanted, so not drawn as an alarm. */
const ACCEPTED = '#59636e';
const PENDING = '#999999';
const OUTLIER = '#cc79a7';

/** One row of the page's run table, as the specs look runs up. */
export interface RunRow {
  i: number;
  label: string;
  date: string;
  sha: string;
  /** The run's page, else its commit's page, else empty. */
  url: string;
}

export function runRows(runs: readonly DashboardRun[]): RunRow[] {
  return runs.map((r, i) => ({ i, label: r.label, date: r.date, sha: r.sha, url: r.runUrl || r.commitUrl || '' }));
}

/** A trend chart's series code as the rows its layers read: what the page's script does with it. */
export function seriesRows(code: string): { r: number; y: number }[] {
  const { r, y } = decodeSeries(code);
  return r.map((run, i) => ({ r: run, y: y[i]! }));
}

/**
 * A spec made whole with the site's run table, its series decoded: what the page's script does before drawing it.
 */
export function withRuns(spec: VegaLiteSpec, rows: readonly RunRow[]): VegaLiteSpec {
  const datasets = { ...((spec['datasets'] as Record<string, unknown>) ?? {}) };
  const code = datasets[SERIES_DATASET];
  if (typeof code === 'string') datasets[SERIES_DATASET] = seriesRows(code);
  return {
    ...spec,
    datasets: { ...datasets, [RUNS_DATASET]: rows },
    params: [...((spec['params'] as unknown[]) ?? []), { name: RUN_LABELS_PARAM, value: rows.map((r) => r.label) }],
  };
}

function withUnit(title: string, unit: string): string {
  return unit ? `${title} [${unit}]` : title;
}

/**
 * Digits a drawn value keeps: as many as a chart's tooltip (`~r`) shows, far fewer than a double's 17. A series' code
 * (compactSeries.ts) keeps at least as many, so the values drawn are these.
 */
export const DRAWN_DIGITS = 6;
/**
 * Digits a sparkline's value (over its line's geometric mean) keeps: 0.1 % of the level, finer than a 32-pixel-high
 * line can show. A year of 10,000 benchmarks draws 4 million of them.
 */
export const SPARKLINE_DIGITS = 3;

function drawn(v: number, digits = DRAWN_DIGITS): number {
  return Number(v.toPrecision(digits));
}

/** A series as one compact row: the runs that have a value and the values. */
function compactValues(values: readonly (number | null)[], digits = DRAWN_DIGITS): { r: number[]; y: number[] } {
  const r: number[] = [];
  const y: number[] = [];
  values.forEach((v, i) => {
    if (v !== null) {
      r.push(i);
      y.push(drawn(v, digits));
    }
  });
  return { r, y };
}

/** A trend chart's values as its dataset holds them: the code of the runs that have one and their drawn values. */
export function seriesCode(values: readonly (number | null)[]): string {
  const { r, y } = compactValues(values);
  return encodeSeries(r, y, DRAWN_DIGITS);
}

function runAxis(runs: number): Record<string, unknown> {
  return {
    field: 'r',
    type: 'quantitative',
    title: 'Run (date, commit)',
    scale: { domain: [0, Math.max(1, runs - 1)], nice: false, zero: false },
    axis: {
      tickMinStep: 1,
      format: 'd',
      labelExpr: `${RUN_LABELS_PARAM}[datum.value] || ''`,
      labelAngle: -45,
      labelOverlap: true,
      labelLimit: 160,
      grid: false,
    },
  };
}

function percent(change: number): string {
  const p = change * 100;
  return `${p >= 0 ? '+' : '−'}${Math.abs(p).toFixed(1)} %`;
}

/** A trend chart's title: the series' name (untrusted text, drawn as text by vega). */
export function seriesTitle(s: Pick<DashboardSeries, 'metric' | 'statistic' | 'parameter'>): string {
  return `${s.metric} ${s.statistic} · ${s.parameter}`;
}

/** The trend chart of one series. */
export function trendSpec(s: DashboardSeries, runs: readonly DashboardRun[]): VegaLiteSpec {
  const x = runAxis(runs.length);
  const yTitle = withUnit(`${s.metric} ${s.statistic}`, s.unit);
  // Axis labels to at most 6 significant digits: a limit converted from ms reads 392, not 392.000000000003.
  const y = {
    field: 'y',
    type: 'quantitative',
    title: yTitle,
    scale: s.log ? { type: 'log' } : { zero: false },
    axis: { format: '~r' },
  };
  const layers: VegaLiteSpec[] = [
    ...bandLayers(s, x),
    ...changePointLayers(s, runs, x),
    ...requirementLayers(s),
    ...valueLayers(s, runs.length, x, y, yTitle),
    ...outlierLayers(s, x, y),
  ];
  return {
    $schema: SCHEMA,
    description: seriesTitle(s),
    config: CHART_CONFIG,
    title: { text: seriesTitle(s), subtitle: subtitleOf(s) },
    width: PANEL_WIDTH * 2,
    height: PANEL_HEIGHT,
    // The values once, which the line and its points both read, as a compact code: they are most of a page's bytes.
    datasets: { [SERIES_DATASET]: seriesCode(s.values) },
    layer: layers,
  };
}

/** A value on the y axis, as a datum (a band edge, a limit). */
function yDatum(value: number): VegaLiteSpec {
  return { datum: drawn(value), type: 'quantitative' };
}

/** The noise band (an area) and its centre (a dotted line), when the series has one. */
function bandLayers(s: DashboardSeries, x: VegaLiteSpec): VegaLiteSpec[] {
  if (!s.band) return [];
  const b = s.band;
  const bandData = { values: [{ r: b.fromRun }, { r: b.drawnTo }] };
  const what = `noise band (${b.runs} runs, ${Math.round(b.confidence * 1000) / 10} %)`;
  return [
    {
      data: bandData,
      mark: { type: 'area', color: RESULT_BLUES[1], opacity: 0.15 },
      encoding: {
        x,
        y: yDatum(b.lower),
        y2: { datum: drawn(b.upper) },
        tooltip: { value: `${what}: ${drawn(b.lower)} … ${drawn(b.upper)}` },
      },
    },
    {
      data: bandData,
      mark: { type: 'line', color: RESULT_BLUES[1], strokeDash: [2, 2], strokeWidth: 1 },
      encoding: { x, y: yDatum(b.centre) },
    },
  ];
}

/** Each step and the pending change: a shaded span between the runs around it, and its label. */
function changePointLayers(s: DashboardSeries, runs: readonly DashboardRun[], x: VegaLiteSpec): VegaLiteSpec[] {
  const sha = (i: number) => runs[i]?.sha.slice(0, 7) ?? '?';
  const changes = [
    ...s.steps.map((t) => ({
      t,
      color: t.accepted ? ACCEPTED : t.kind === 'regression' ? REGRESSION : IMPROVEMENT,
      kind: t.accepted ? ('accepted regression' as const) : t.kind,
    })),
    ...(s.pending ? [{ t: s.pending, color: PENDING, kind: 'pending' as const }] : []),
  ];
  return changes.flatMap(({ t, color, kind }) => {
    const text = `${kind}${t.isNew && kind === 'regression' ? ' (new)' : ''} ${percent(t.change)}: ${sha(t.lastRunBefore)}…${sha(t.firstRun)}`;
    const data = { values: [{ r: t.lastRunBefore, r2: t.firstRun, text }] };
    return [
      {
        data,
        mark: { type: 'rect', color, opacity: 0.25, tooltip: true },
        encoding: { x: { ...x, field: 'r' }, x2: { field: 'r2' }, tooltip: [{ field: 'text', title: 'change point' }] },
      },
      {
        data,
        mark: { type: 'text', color, align: 'left', baseline: 'top', dx: 2, dy: 2, y: 0, fontSize: 9 },
        encoding: { x: { ...x, field: 'r2' }, text: { field: 'text' } },
      },
    ];
  });
}

/** The requirement (or floor) as a dashed red rule, when one applies. */
function requirementLayers(s: DashboardSeries): VegaLiteSpec[] {
  if (!s.requirement) return [];
  const word = s.requirement.direction === 'higher-is-better' ? 'floor' : 'requirement';
  return [
    {
      // One datum: a layer without data of its own would draw nothing (the chart's data is per layer).
      data: { values: [{}] },
      mark: { type: 'rule', color: REQUIREMENT_RED, strokeDash: [6, 4], strokeWidth: 1.5 },
      encoding: { y: yDatum(s.requirement.limit), tooltip: { value: `${word} ${drawn(s.requirement.limit)}` } },
    },
  ];
}

/** The series' line and its points, each linked to its run and with the run in its tooltip. */
function valueLayers(s: DashboardSeries, n: number, x: VegaLiteSpec, y: VegaLiteSpec, yTitle: string): VegaLiteSpec[] {
  const values = { name: SERIES_DATASET };
  const lookup = [
    { lookup: 'r', from: { data: { name: RUNS_DATASET }, key: 'i', fields: ['label', 'date', 'sha', 'url'] } },
  ];
  const tooltip = [
    { field: 'label', title: 'run' },
    { field: 'date', title: 'date' },
    { field: 'sha', title: 'commit' },
    { field: 'y', type: 'quantitative', title: yTitle, format: '~r' },
  ];
  return [
    {
      data: values,
      transform: lookup,
      mark: { type: 'line', color: EXPERIMENT_BLUE, strokeWidth: 2 },
      encoding: { x, y },
    },
    {
      data: values,
      transform: lookup,
      mark: { type: 'point', filled: true, color: EXPERIMENT_BLUE, size: n > 60 ? 12 : 36, cursor: 'pointer' },
      encoding: { x, y, href: { field: 'url' }, tooltip },
    },
  ];
}

/** The runs of the series' outliers ringed, when there are any with a value. */
function outlierLayers(s: DashboardSeries, x: VegaLiteSpec, y: VegaLiteSpec): VegaLiteSpec[] {
  const outlierRuns = s.outliers
    .flatMap((o) => Array.from({ length: o.length }, (_, k) => o.run + k))
    .filter((r) => s.values[r] !== null);
  if (outlierRuns.length === 0) return [];
  return [
    {
      data: { values: outlierRuns.map((r) => ({ r, y: drawn(s.values[r]!), text: 'outlier' })) },
      mark: { type: 'point', shape: 'circle', size: 140, color: OUTLIER, strokeWidth: 2 },
      encoding: { x, y, tooltip: [{ field: 'text', title: 'outlier' }] },
    },
  ];
}

function subtitleOf(s: DashboardSeries): string {
  const parts: string[] = [];
  if (s.requirement) parts.push(`requirement ${s.requirement.status} (red)`);
  if (s.band) parts.push(`noise band of the last ${s.band.runs} runs (blue)`);
  if (s.steps.length > 0) parts.push(`${s.steps.length} step(s)`);
  if (s.pending) parts.push('a pending change (grey)');
  if (s.outliers.length > 0) parts.push(`${s.outliers.length} outlier(s)`);
  return parts.length > 0 ? parts.join('; ') : 'no change point';
}

/**
 * The experiment's sparkline as the index draws it (a plain SVG, no vega: 50 of them draw in milliseconds): every
 * parameter of its first metric over its own geometric mean, one compact row of run indices and values per line, and
 * whether the y axis is logarithmic.
 */
export interface SparklineData {
  log: boolean;
  lines: { r: number[]; y: number[] }[];
}

export function sparklineData(experiment: DashboardExperiment): SparklineData {
  const all = experiment.sparkline.flatMap((l) => l.relative.filter((v): v is number => v !== null));
  return {
    log: wantsLogScale(all),
    lines: experiment.sparkline.map((line) => thinned(compactValues(line.relative, SPARKLINE_DIGITS))),
  };
}

/**
 * Points a sparkline draws at most: a year of runs is 395, more than its box has pixels, and the index loads 100
 * experiments' lines at a time (issue 47: a year's chunk was 3.5 MB, and the index drew in 2 s).
 */
export const SPARKLINE_POINTS = 100;

/** A line of more than SPARKLINE_POINTS points: every k-th, counted from the newest, which is always kept. */
function thinned(line: { r: number[]; y: number[] }): { r: number[]; y: number[] } {
  const n = line.r.length;
  if (n <= SPARKLINE_POINTS) return line;
  const k = Math.ceil(n / SPARKLINE_POINTS);
  const keep = (_: number, i: number) => (n - 1 - i) % k === 0;
  return { r: line.r.filter(keep), y: line.y.filter(keep) };
}

/**
 * The payload view: one line per selected run (oldest, either side of each step, newest), as the reference's history
 * plots.
 */
export function payloadChart(
  experiment: DashboardExperiment,
  views: readonly PayloadView[],
  runs: readonly DashboardRun[],
): Chart {
  const panels = views.map((v) => {
    const series: Series[] = v.lines.map((line) => ({
      name: `${runs[line.run]!.label} (${line.role})`,
      color: runColor(line.run, runs.length),
      points: line.points.map((p) => ({ x: p.payloadBytes, y: p.value })),
    }));
    return {
      title: `${v.metric} ${v.statistic} per payload`,
      x: { kind: 'payload' as const, title: 'Payload' },
      y: {
        title: withUnit(`${v.metric} ${v.statistic}`, v.unit),
        unit: v.unit,
        log: wantsLogScale(panelValues(series)),
      },
      mark: 'line' as const,
      series,
    };
  });
  return {
    id: `payload-${safeFileStem(experiment.name)}`,
    kind: 'history-payload',
    title: `${experiment.name} per payload: selected runs`,
    experiment: experiment.name,
    panels,
    columns: Math.min(2, panels.length),
    inline: false,
  };
}

export interface DashboardChart {
  title: string;
  spec: VegaLiteSpec;
}

/** Every chart of an experiment's page: the trend of each series, then the payload view. */
export function experimentCharts(experiment: DashboardExperiment, model: DashboardModel): DashboardChart[] {
  const charts = experiment.series.map((s) => ({ title: seriesTitle(s), spec: trendSpec(s, model.runs) }));
  if (experiment.payloadViews.length > 0) {
    const chart = payloadChart(experiment, experiment.payloadViews, model.runs);
    charts.push({ title: chart.title, spec: toVegaLite(chart) });
  }
  return charts;
}
