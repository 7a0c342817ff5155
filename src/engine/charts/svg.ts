/**
 * The SVG of a chart, drawn straight from the chart model: the still image of the report folder
 * (charts/<id>.svg) and, rasterised, of its PNG. report.html draws the same chart interactively
 * from its Vega-Lite spec (vegaLite.ts); both read the same Panel, series and axes, so they show
 * the same points on the same kinds of scale, with the same colours, titles and legends.
 *
 * Drawing here instead of through vega's headless View costs microseconds a panel instead of tens
 * of milliseconds (vega builds a dataflow, scales, axes and a legend layout for every panel), so a
 * run with charts costs a few times the gate, not fifteen (bench/RESULTS.md, issue 18).
 *
 * Every text from result files (experiment, series and category names) is escaped, and characters
 * XML forbids are replaced. The output is a function of the chart alone: same chart, same bytes.
 * Pure: no I/O.
 */
import { BAND_FILL, EXPERIMENT_BLUE, FAILED_MARK, IMPROVED_GREEN, LIMIT_COLOR } from './palette.js';
import { formatDelta } from './format.js';
import { formatBytes, payloadDomain, payloadTicks } from './payloadAxis.js';
import {
  CHANGE_ROW_HEIGHT,
  DASH_PATTERN,
  isSampleSeries,
  MAX_BOTTOM_LEGEND_SERIES,
  MAX_POINTS_WITH_MARKERS,
  PANEL_HEIGHT,
  PANEL_WIDTH,
  panelHeight,
  type ChangeRow,
  type Chart,
  type Panel,
  type Point,
  type Series,
} from './model.js';
import { escapeXml } from '../report/escape.js';
import { formatLogTick, formatTick, linearTicks, logDomain, logTicks, niceDomain, spread, tickStep } from './scales.js';
import { CHANGE_LABEL_LIMIT, textWidth, truncateMiddle, truncateText } from './textWidth.js';
import { CHART_FONT } from './vegaLite.js';

const W = PANEL_WIDTH;
const H = PANEL_HEIGHT;
/** Space around the whole chart. */
const PAD = 8;
const TITLE_SIZE = 14;
const PANEL_TITLE_SIZE = 13;
const SUBTITLE_SIZE = 10;
const LABEL_SIZE = 10;
const AXIS_TITLE_SIZE = 11;
const LEGEND_SIZE = 10;
/** DejaVu Sans: ascent and descent of a line of text, in ems (text is placed by its baseline). */
const ASCENT = 0.76;
const DESCENT = 0.24;
const TICK_SIZE = 5;
const LABEL_GAP = 3;
const GAP_X = 24;
const GAP_Y = 22;
const LEGEND_ROW = 16;
const LEGEND_SYMBOL = 16;
const LEGEND_COLUMN_GAP = 20;
const LEGEND_LABEL_LIMIT = 220;
const CATEGORY_LABEL_LIMIT = 240;
const POINT_RADIUS = 3;
/** The failure cross, as vega draws a `cross` point of size 110: arms of √110 units, bars 0.4 of that wide. */
const CROSS_SIZE = Math.sqrt(110);
const LEGEND_CROSS_SIZE = 8;
const DASH = DASH_PATTERN.join(',');
const GRID = '#e6e6e6';
const FRAME = '#cccccc';
const AXIS = '#888888';
const TEXT = '#000000';
const SUBTITLE_TEXT = '#444444';
const SIN45 = Math.SQRT1_2;
/** The widest a chart grows to show its whole title; a longer title is cut with `…`. */
const MAX_TITLE_WIDTH = 1200;
/** The fewest pixels between two y-axis labels' baselines: a label and a little air. */
const MIN_LABEL_SPACING = LABEL_SIZE + 3;

/** A coordinate: two decimals, no `-0`. */
function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** A grid or tick line's position on the pixel grid, so a 1-unit line is one crisp pixel wide. */
function crisp(v: number): string {
  return num(Math.round(v) + 0.5);
}

interface Tick {
  at: number;
  label?: string;
}

/** Where one axis puts values, and its ticks, in panel coordinates. */
interface Axis {
  /** The position of a value, or undefined when the scale cannot show it (≤ 0 on a log scale, unknown category). */
  map(v: number | string): number | undefined;
  /** Grid lines (and tick marks where labelled). */
  grid: number[];
  labels: Tick[];
}

/** Labels placed centred at `at`, thinned to every 2nd, 4th… (vega's parity strategy) until none overlap. */
function thinCentred(labels: Tick[], size: number, minGap = 6): Tick[] {
  let kept = labels;
  const overlaps = (ts: Tick[]) => ts.some((t, k) => k > 0 && t.at - textWidth(t.label!, size) / 2 < ts[k - 1]!.at + textWidth(ts[k - 1]!.label!, size) / 2 + minGap);
  while (kept.length > 1 && overlaps(kept)) kept = kept.filter((_, k) => k % 2 === 0);
  return kept;
}

function numericXs(p: Panel): number[] {
  const xs: number[] = [];
  for (const s of p.series)
    for (const q of s.points) {
      if (typeof q.x === 'number' && Number.isFinite(q.x)) xs.push(q.x);
      if (q.x2 !== undefined && Number.isFinite(q.x2)) xs.push(q.x2);
    }
  return xs;
}

function minMax(values: readonly number[]): [number, number] | undefined {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : undefined;
}

function xAxis(p: Panel): Axis {
  const x = p.x;
  if (x.kind === 'category') {
    const index = new Map(x.categories.map((c, k) => [c, k]));
    const step = W / Math.max(1, x.categories.length);
    const at = (k: number) => step * (k + 0.5);
    // Rotated labels are parallel: they collide when their baselines are closer than a line.
    const every = Math.max(1, Math.ceil((LABEL_SIZE + 1) / (step * SIN45)));
    return {
      map: (v) => {
        const k = index.get(String(v));
        return k === undefined ? undefined : at(k);
      },
      grid: x.categories.map((_, k) => at(k)),
      labels: x.categories.flatMap((c, k) => (k % every === 0 ? [{ at: at(k), label: truncateText(c, LABEL_SIZE, CATEGORY_LABEL_LIMIT) }] : [])),
    };
  }
  const xs = numericXs(p);
  if (x.kind === 'payload') {
    const positive = xs.filter((v) => v > 0);
    let [lo, hi] = payloadDomain(positive) ?? [1, 2];
    if (lo === hi) [lo, hi] = [lo / 2, hi * 2];
    const l0 = Math.log2(lo);
    const span = Math.log2(hi) - l0;
    const map = (v: number) => (W * (Math.log2(v) - l0)) / span;
    const ticks = payloadTicks(positive).filter((t) => t >= lo && t <= hi);
    return {
      map: (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? map(v) : undefined),
      grid: ticks.map(map),
      labels: thinCentred(
        ticks.map((t) => ({ at: map(t), label: formatBytes(t) })),
        LABEL_SIZE,
      ),
    };
  }
  const [lo, hi] = spread(...(minMax(xs) ?? [0, 1]));
  const map = (v: number) => (W * (v - lo)) / (hi - lo);
  // As many ticks as fit: about one per 40 units, fewer while their labels would touch.
  let values: number[] = [];
  let labels: Tick[] = [];
  for (let count = Math.ceil(W / 40); count >= 1; count = Math.min(count - 1, Math.floor(count * 0.75))) {
    values = linearTicks(lo, hi, count);
    const step = tickStep(lo, hi, count);
    const all = values.map((v) => ({ at: map(v), label: formatTick(v, step) }));
    labels = thinCentred(all, LABEL_SIZE);
    if (labels.length === all.length) break;
  }
  return { map: (v) => (typeof v === 'number' && Number.isFinite(v) ? map(v) : undefined), grid: values.map(map), labels };
}

function yAxis(p: Panel): Axis {
  // The domain the model asks for (a band, a limit, a least relative range) is spanned like the points.
  const ys = [...p.series.flatMap((s) => s.points.map((q) => q.y)), ...(p.y.domain ?? [])].filter((v) => Number.isFinite(v));
  if (p.y.log) {
    const positive = ys.filter((v) => v > 0);
    const [lo, hi] = logDomain(...(minMax(positive) ?? [1, 10]));
    const l0 = Math.log10(lo);
    const span = Math.log10(hi) - l0;
    const map = (v: number) => H - (H * (Math.log10(v) - l0)) / span;
    let ticks = logTicks(lo, hi, [1]);
    // The most labels whose baselines stay MIN_LABEL_SPACING apart: 1, 2, 5 × 10ᵏ, then fewer.
    const tries: [number[], number][] = [
      [[1, 2, 5], 1],
      [[1, 2], 1],
      [[1], 1],
      [[1], 2],
      [[1], 3],
      [[1], 5],
      [[1], 10],
    ];
    for (const [multiples, decadeStep] of tries) {
      ticks = logTicks(lo, hi, multiples, decadeStep);
      const at = ticks.labels.map(map);
      if (at.every((y, k) => k === 0 || at[k - 1]! - y >= MIN_LABEL_SPACING)) break;
    }
    return {
      map: (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? map(v) : undefined),
      grid: ticks.grid.map(map),
      labels: ticks.labels.map((v) => ({ at: map(v), label: formatLogTick(v) })),
    };
  }
  const range = minMax(p.mark === 'bar' ? [0, ...ys] : ys) ?? [0, 1];
  const count = Math.ceil(H / 40);
  const [lo, hi] = niceDomain(...spread(...range), count);
  const map = (v: number) => H - (H * (v - lo)) / (hi - lo);
  const values = linearTicks(lo, hi, count);
  const step = tickStep(lo, hi, count);
  return {
    map: (v) => (typeof v === 'number' && Number.isFinite(v) ? map(v) : undefined),
    grid: values.map(map),
    labels: values.map((v) => ({ at: map(v), label: formatTick(v, step) })),
  };
}

interface LegendEntry {
  label: string;
  color: string;
  dashed?: boolean;
  cross?: boolean;
  /** A filled square: a band. */
  area?: boolean;
  /** A filled dot. */
  dot?: boolean;
}

/** The panel's legend: one entry per series, and one for the failure crosses; none for a lone sample series or bars (vegaLite.ts draws none either). */
function legendEntries(p: Panel): LegendEntry[] {
  if (p.mark === 'bar') return [];
  if (isSampleSeries(p)) return [];
  const label = (name: string) => truncateText(name, LEGEND_SIZE, LEGEND_LABEL_LIMIT);
  const entries: LegendEntry[] = p.series.map((s) => ({ label: label(s.name), color: s.color, ...(s.dashed ? { dashed: true } : {}) }));
  if (p.band) entries.push({ label: label(p.band.name), color: p.band.color, area: true });
  for (const r of p.rules ?? []) entries.push({ label: label(r.name), color: r.color, ...(r.dashed ? { dashed: true } : {}) });
  if (p.series.some((s) => s.points.some((q) => q.failed))) entries.push({ label: 'failed', color: FAILED_MARK, cross: true });
  return entries;
}

/** Everything a panel draws outside its plot area, in units from the plot's edges. */
interface Extent {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

interface PanelLayout {
  panel: Panel;
  x: Axis;
  y: Axis;
  legend: LegendEntry[];
  legendRight: boolean;
  legendColumns: number;
  legendColumnWidth: number;
  /** Below the plot: where the x labels end (the x title's top). */
  xLabelsBottom: number;
  yLabelWidth: number;
  extent: Extent;
}

function layoutPanel(panel: Panel): PanelLayout {
  const x = xAxis(panel);
  const y = yAxis(panel);
  const rotated = panel.x.kind === 'category';
  const labelWidths = x.labels.map((t) => textWidth(t.label!, LABEL_SIZE));
  const xLabelsDepth = rotated ? Math.max(0, ...labelWidths) * SIN45 + LABEL_SIZE * SIN45 : LABEL_SIZE;
  const xLabelsBottom = TICK_SIZE + LABEL_GAP + xLabelsDepth;
  const xTitleBottom = xLabelsBottom + 4 + AXIS_TITLE_SIZE;
  // How far x labels reach past the plot's sides.
  let overLeft = 0;
  let overRight = 0;
  x.labels.forEach((t, k) => {
    const w = labelWidths[k]!;
    overLeft = Math.max(overLeft, (rotated ? w * SIN45 : w / 2) - t.at);
    overRight = Math.max(overRight, t.at + (rotated ? LABEL_SIZE * SIN45 : w / 2) - W);
  });
  const yLabelWidth = Math.max(0, ...y.labels.map((t) => textWidth(t.label!, LABEL_SIZE)));
  const left = Math.max(overLeft, TICK_SIZE + LABEL_GAP + yLabelWidth + 6 + AXIS_TITLE_SIZE);
  const legend = legendEntries(panel);
  const legendRight = panel.series.length + (panel.rules?.length ?? 0) + (panel.band ? 1 : 0) > MAX_BOTTOM_LEGEND_SERIES;
  const legendColumnWidth = Math.max(0, ...legend.map((e) => LEGEND_SYMBOL + 6 + textWidth(e.label, LEGEND_SIZE))) + LEGEND_COLUMN_GAP;
  // Two columns under the plot where they fit its width, else one.
  const legendColumns = legendRight ? 1 : Math.min(2 * legendColumnWidth - LEGEND_COLUMN_GAP <= W ? 2 : 1, legend.length);
  const legendRows = legendColumns > 0 ? Math.ceil(legend.length / legendColumns) : 0;
  const legendHeight = legendRows * LEGEND_ROW;
  const bottom = xTitleBottom + AXIS_TITLE_SIZE * DESCENT + (legendRight || legend.length === 0 ? 0 : 10 + legendHeight);
  const legendWidth = legendColumns * legendColumnWidth - LEGEND_COLUMN_GAP;
  const right = Math.max(overRight, legendRight ? 16 + legendWidth : legendWidth - W);
  const titleBlock = PANEL_TITLE_SIZE + (panel.subtitle !== undefined ? 4 + SUBTITLE_SIZE : 0) + 8;
  const legendBelowPlot = legendRight ? Math.max(0, legendHeight - H) : 0;
  return {
    panel,
    x,
    y,
    legend,
    legendRight,
    legendColumns,
    legendColumnWidth,
    xLabelsBottom,
    yLabelWidth,
    extent: { left: Math.ceil(left), right: Math.ceil(right), top: Math.ceil(titleBlock), bottom: Math.ceil(Math.max(bottom, legendBelowPlot)) },
  };
}

function text(kind: string, x: number, y: number, content: string, attrs: string, size: number): string {
  return `<text class="${kind}" x="${num(x)}" y="${num(y)}" font-size="${size}"${attrs}>${escapeXml(content)}</text>`;
}

/** Points in drawing order: by x on numeric axes (as vega-lite sorts a line), as given on category axes. */
function ordered(points: readonly Point[], categorical: boolean): readonly Point[] {
  if (categorical) return points;
  for (let k = 1; k < points.length; k++) if ((points[k]!.x as number) < (points[k - 1]!.x as number)) return [...points].sort((a, b) => (a.x as number) - (b.x as number));
  return points;
}

function crossPath(cx: number, cy: number, size: number): string {
  const a = size / 2;
  const b = size * 0.2;
  return (
    `M${num(cx - a)},${num(cy - b)}H${num(cx - b)}V${num(cy - a)}H${num(cx + b)}V${num(cy - b)}H${num(cx + a)}` +
    `V${num(cy + b)}H${num(cx + b)}V${num(cy + a)}H${num(cx - b)}V${num(cy + b)}H${num(cx - a)}Z`
  );
}

function seriesMarks(s: Series, l: PanelLayout, markers: boolean): string[] {
  const categorical = l.panel.x.kind === 'category';
  let d = '';
  let pen = false;
  const dots: string[] = [];
  for (const q of ordered(s.points, categorical)) {
    const px = l.x.map(q.x);
    const py = Number.isFinite(q.y) ? l.y.map(q.y) : undefined;
    if (px === undefined || py === undefined) {
      // A value the scale cannot show leaves a gap, not a line drawn past it.
      pen = false;
      continue;
    }
    d += `${pen ? 'L' : 'M'}${num(px)},${num(py)}`;
    pen = true;
    if (markers) dots.push(`<circle cx="${num(px)}" cy="${num(py)}" r="${POINT_RADIUS}"/>`);
  }
  const out: string[] = [];
  const color = escapeXml(s.color);
  if (d !== '') out.push(`<path class="line" d="${d}" fill="none" stroke="${color}" stroke-width="2" stroke-linejoin="round"${s.dashed ? ` stroke-dasharray="${DASH}"` : ''}/>`);
  if (dots.length > 0) out.push(`<g class="points" fill="${color}">${dots.join('')}</g>`);
  return out;
}

function barMarks(s: Series, l: PanelLayout): string {
  const base = l.y.map(0) ?? H;
  let d = '';
  for (const q of s.points) {
    if (q.x2 === undefined || !(q.y > 0)) continue;
    const x0 = l.x.map(q.x);
    const x1 = l.x.map(q.x2);
    const top = l.y.map(q.y);
    if (x0 === undefined || x1 === undefined || top === undefined) continue;
    d += `M${num(x0)},${num(base)}V${num(top)}H${num(x1)}V${num(base)}Z`;
  }
  return d === '' ? '' : `<path class="bars" d="${d}" fill="${escapeXml(s.color)}"/>`;
}

function legendMarks(l: PanelLayout): string[] {
  if (l.legend.length === 0) return [];
  const originX = l.legendRight ? W + 16 : 0;
  const originY = l.legendRight ? 0 : H + l.xLabelsBottom + 4 + AXIS_TITLE_SIZE + AXIS_TITLE_SIZE * DESCENT + 10;
  return legendAt(l.legend, l.legendColumns, l.legendColumnWidth, originX, originY);
}

/** Legend entries in `columns` columns from (originX, originY), row by row. */
function legendAt(entries: readonly LegendEntry[], columns: number, columnWidth: number, originX: number, originY: number): string[] {
  const out: string[] = [];
  entries.forEach((e, k) => {
    const column = k % columns;
    const row = Math.floor(k / columns);
    const x = originX + column * columnWidth;
    const cy = originY + row * LEGEND_ROW + LEGEND_ROW / 2;
    const color = escapeXml(e.color);
    if (e.cross) out.push(`<path class="legend-symbol" d="${crossPath(x + LEGEND_SYMBOL / 2, cy, LEGEND_CROSS_SIZE)}" fill="${color}"/>`);
    else if (e.area) out.push(`<rect class="legend-symbol" x="${num(x)}" y="${num(cy - 5)}" width="${LEGEND_SYMBOL}" height="10" fill="${color}"/>`);
    else if (e.dot) out.push(`<circle class="legend-symbol" cx="${num(x + LEGEND_SYMBOL / 2)}" cy="${num(cy)}" r="${DOT_RADIUS}" fill="${color}"/>`);
    else
      out.push(
        `<path class="legend-symbol" d="M${num(x)},${num(cy)}H${num(x + LEGEND_SYMBOL)}" fill="none" stroke="${color}" stroke-width="2"${e.dashed ? ` stroke-dasharray="${DASH}"` : ''}/>`,
      );
    out.push(text('legend-label', x + LEGEND_SYMBOL + 6, cy + LEGEND_SIZE * 0.35, e.label, '', LEGEND_SIZE));
  });
  return out;
}

/** A panel's title and subtitle, from the cell's left edge (vega anchors titles at the start of the panel's group). */
function panelTitles(p: Pick<Panel, 'title' | 'subtitle'>, cell: Extent): string[] {
  const titleWidth = cell.left + W + cell.right;
  const subtitleY = -8 - SUBTITLE_SIZE * DESCENT;
  const titleY = p.subtitle !== undefined ? subtitleY - SUBTITLE_SIZE - 4 : -8 - PANEL_TITLE_SIZE * DESCENT;
  const out = [text('panel-title', -cell.left, titleY, truncateText(p.title, PANEL_TITLE_SIZE, titleWidth, true), ' font-weight="bold"', PANEL_TITLE_SIZE)];
  if (p.subtitle !== undefined) out.push(text('subtitle', -cell.left, subtitleY, truncateText(p.subtitle, SUBTITLE_SIZE, titleWidth), ` fill="${SUBTITLE_TEXT}"`, SUBTITLE_SIZE));
  return out;
}

/** One panel, in coordinates whose origin is its plot's top-left corner. */
function panelMarks(l: PanelLayout, cell: Extent): string[] {
  const p = l.panel;
  const out: string[] = [];
  out.push(...panelTitles(p, cell));
  // Grid, frame, axis lines and ticks.
  const grid = [...l.x.grid.map((x) => `M${crisp(x)},0V${H}`), ...l.y.grid.map((y) => `M0,${crisp(y)}H${W}`)].join('');
  if (grid !== '') out.push(`<path class="grid" d="${grid}" stroke="${GRID}" fill="none"/>`);
  if (p.band) {
    const top = l.y.map(p.band.upper);
    const bottom = l.y.map(p.band.lower);
    if (top !== undefined && bottom !== undefined)
      out.push(`<rect class="band" x="0" y="${num(top)}" width="${W}" height="${num(Math.max(0, bottom - top))}" fill="${escapeXml(p.band.color)}"/>`);
  }
  for (const r of p.rules ?? []) {
    const y = l.y.map(r.y);
    if (y !== undefined)
      out.push(`<path class="rule" d="M0,${num(y)}H${W}" fill="none" stroke="${escapeXml(r.color)}" stroke-width="1.5"${r.dashed ? ` stroke-dasharray="${DASH}"` : ''}/>`);
  }
  out.push(`<rect class="frame" x="0.5" y="0.5" width="${W}" height="${H}" fill="none" stroke="${FRAME}"/>`);
  const ticks = [...l.x.labels.map((t) => `M${crisp(t.at)},${H}v${TICK_SIZE}`), ...l.y.labels.map((t) => `M0,${crisp(t.at)}h-${TICK_SIZE}`)].join('');
  out.push(`<path class="axis" d="M0.5,0V${H + 0.5}H${W}${ticks}" stroke="${AXIS}" fill="none"/>`);
  // Tick labels and axis titles.
  const labelTop = H + TICK_SIZE + LABEL_GAP;
  if (p.x.kind === 'category') {
    for (const t of l.x.labels)
      out.push(
        `<text class="x-label" transform="translate(${num(t.at + LABEL_SIZE * 0.35 * SIN45)},${num(labelTop)}) rotate(-45)" font-size="${LABEL_SIZE}" text-anchor="end">${escapeXml(t.label!)}</text>`,
      );
  } else {
    for (const t of l.x.labels) out.push(text('x-label', t.at, labelTop + LABEL_SIZE * ASCENT, t.label!, ' text-anchor="middle"', LABEL_SIZE));
  }
  for (const t of l.y.labels) out.push(text('y-label', -TICK_SIZE - LABEL_GAP, t.at + LABEL_SIZE * 0.35, t.label!, ' text-anchor="end"', LABEL_SIZE));
  out.push(text('axis-title', W / 2, H + l.xLabelsBottom + 4 + AXIS_TITLE_SIZE * ASCENT, p.x.title, ' text-anchor="middle" font-weight="bold"', AXIS_TITLE_SIZE));
  const yTitleX = -(TICK_SIZE + LABEL_GAP + l.yLabelWidth + 6 + AXIS_TITLE_SIZE * DESCENT);
  out.push(
    `<text class="axis-title" transform="translate(${num(yTitleX)},${H / 2}) rotate(-90)" font-size="${AXIS_TITLE_SIZE}" text-anchor="middle" font-weight="bold">${escapeXml(truncateText(p.y.title, AXIS_TITLE_SIZE, H, true))}</text>`,
  );
  // Marks.
  if (p.mark === 'bar') {
    for (const s of p.series) out.push(barMarks(s, l));
  } else {
    const markers = Math.max(0, ...p.series.map((s) => s.points.length)) <= MAX_POINTS_WITH_MARKERS;
    for (const s of p.series) out.push(...seriesMarks(s, l, markers));
    const crosses = p.series
      .flatMap((s) => s.points.filter((q) => q.failed))
      .flatMap((q) => {
        const px = l.x.map(q.x);
        const py = Number.isFinite(q.y) ? l.y.map(q.y) : undefined;
        return px === undefined || py === undefined ? [] : [crossPath(px, py, CROSS_SIZE)];
      });
    if (crosses.length > 0) out.push(`<path class="failed" d="${crosses.join('')}" fill="${FAILED_MARK}"/>`);
  }
  out.push(...legendMarks(l));
  return out.filter((s) => s !== '');
}

const DOT_RADIUS = 4;
const INTERVAL_COLOR = '#444444';
const ZERO_LINE = '#666666';
/** Space between the plot and the Δ written right of each row. */
const VALUE_GAP = 6;

/** The colour of a change row's dot: improved green, anything else this run's blue (a failed row is a cross). */
export function changeColor(row: ChangeRow): string {
  return row.status === 'improved' ? IMPROVED_GREEN : EXPERIMENT_BLUE;
}

/** The legend of a change panel: only the marks it draws. */
function changeLegend(rows: readonly ChangeRow[]): LegendEntry[] {
  const entries: LegendEntry[] = [];
  if (rows.some((r) => !r.failed && r.status !== 'improved')) entries.push({ label: 'Δ', color: EXPERIMENT_BLUE, dot: true });
  if (rows.some((r) => !r.failed && r.status === 'improved')) entries.push({ label: 'improved', color: IMPROVED_GREEN, dot: true });
  if (rows.some((r) => r.failed)) entries.push({ label: 'failed', color: FAILED_MARK, cross: true });
  if (rows.some((r) => r.band)) entries.push({ label: 'noise band', color: BAND_FILL, area: true });
  if (rows.some((r) => r.interval)) entries.push({ label: 'interval', color: INTERVAL_COLOR });
  entries.push({ label: 'threshold', color: LIMIT_COLOR, dashed: true });
  return entries;
}

/**
 * A "what changed" panel, drawn across: one row per benchmark, its label on the left and its Δ
 * written on the right; the Δ axis along the bottom, with the zero line, each row's threshold
 * (dashed), noise band (grey) or interval (whisker), and the Δ as a dot, or a cross where it failed.
 */
function changePanel(p: Panel): Drawable {
  const rows = p.changes ?? [];
  const h = panelHeight(p);
  const rowHeight = rows.length > 0 ? h / rows.length : CHANGE_ROW_HEIGHT;
  const centre = (i: number) => rowHeight * (i + 0.5);
  const ends = rows.flatMap((r) => [r.delta, r.threshold, ...(r.interval ? [r.interval.lower, r.interval.upper] : []), ...(r.band ? [r.band.lower, r.band.upper] : [])]);
  const [a, b] = spread(...(minMax([0, ...(p.y.domain ?? []), ...ends].filter(Number.isFinite)) ?? [0, 1]));
  // Room for a dot or cross at either end: it stays inside the plot, clear of the Δ written beside it.
  const room = ((b - a) * (CROSS_SIZE / 2 + 2)) / W;
  const marked = rows.map((r) => r.delta).filter(Number.isFinite);
  const [lo0, hi0] = [marked.some((d) => d - room < a) ? a - room : a, marked.some((d) => d + room > b) ? b + room : b];
  // As many ticks as fit (about one per 50 units), on a domain with round ends.
  let lo = lo0;
  let hi = hi0;
  let ticks: Tick[] = [];
  let values: number[] = [];
  for (let count = Math.ceil(W / 50); count >= 1; count = Math.min(count - 1, Math.floor(count * 0.75))) {
    [lo, hi] = niceDomain(lo0, hi0, count);
    values = linearTicks(lo, hi, count);
    const step = tickStep(lo, hi, count);
    const all = values.map((v) => ({ at: (W * (v - lo)) / (hi - lo), label: formatTick(v, step) }));
    ticks = thinCentred(all, LABEL_SIZE);
    if (ticks.length === all.length) break;
  }
  const x = (v: number) => (W * (v - lo)) / (hi - lo);
  const labels = rows.map((r) => truncateMiddle(r.label, LABEL_SIZE, CHANGE_LABEL_LIMIT));
  const deltas = rows.map((r) => formatDelta(r.delta));
  const labelWidth = Math.max(0, ...labels.map((t) => textWidth(t, LABEL_SIZE)));
  const deltaWidth = Math.max(0, ...deltas.map((t, i) => textWidth(t, LABEL_SIZE, rows[i]!.failed)));
  const overhang = Math.max(0, ...ticks.map((t) => t.at + textWidth(t.label!, LABEL_SIZE) / 2 - W));
  const underhang = Math.max(0, ...ticks.map((t) => textWidth(t.label!, LABEL_SIZE) / 2 - t.at));
  const legend = changeLegend(rows);
  const columnWidth = Math.max(...legend.map((e) => LEGEND_SYMBOL + 6 + textWidth(e.label, LEGEND_SIZE))) + LEGEND_COLUMN_GAP;
  const legendColumns = Math.max(1, Math.min(legend.length, Math.floor((W + LEGEND_COLUMN_GAP) / columnWidth)));
  const xLabelsBottom = TICK_SIZE + LABEL_GAP + LABEL_SIZE;
  const titleBottom = xLabelsBottom + 4 + AXIS_TITLE_SIZE + AXIS_TITLE_SIZE * DESCENT;
  const legendTop = h + titleBottom + 10;
  const extent: Extent = {
    left: Math.ceil(Math.max(underhang, TICK_SIZE + LABEL_GAP + labelWidth + 6 + AXIS_TITLE_SIZE)),
    right: Math.ceil(Math.max(overhang, VALUE_GAP + deltaWidth, legendColumns * columnWidth - LEGEND_COLUMN_GAP - W)),
    top: Math.ceil(PANEL_TITLE_SIZE + (p.subtitle !== undefined ? 4 + SUBTITLE_SIZE : 0) + 8),
    bottom: Math.ceil(titleBottom + 10 + Math.ceil(legend.length / legendColumns) * LEGEND_ROW),
  };
  const marks = (cell: Extent): string[] => {
    const out: string[] = [];
    out.push(...panelTitles(p, cell));
    const grid = [...values.map((v) => `M${crisp(x(v))},0V${num(h)}`), ...rows.map((_, i) => `M0,${crisp(centre(i))}H${W}`)].join('');
    if (grid !== '') out.push(`<path class="grid" d="${grid}" stroke="${GRID}" fill="none"/>`);
    const bands = rows.flatMap((r, i) => (r.band ? [`M${num(x(r.band.lower))},${num(centre(i) - 5)}H${num(x(r.band.upper))}V${num(centre(i) + 5)}H${num(x(r.band.lower))}Z`] : []));
    if (bands.length > 0) out.push(`<path class="band" d="${bands.join('')}" fill="${BAND_FILL}"/>`);
    out.push(`<rect class="frame" x="0.5" y="0.5" width="${W}" height="${num(h)}" fill="none" stroke="${FRAME}"/>`);
    out.push(`<path class="zero" d="M${num(x(0))},0V${num(h)}" stroke="${ZERO_LINE}" fill="none"/>`);
    // The threshold: one dashed segment per run of rows that share it (one line when all do).
    const runs: { at: number; from: number; to: number }[] = [];
    rows.forEach((r, i) => {
      if (!Number.isFinite(r.threshold)) return;
      const last = runs[runs.length - 1];
      if (last && last.to === i && rows[i - 1]!.threshold === r.threshold) last.to = i + 1;
      else runs.push({ at: x(r.threshold), from: i, to: i + 1 });
    });
    const limit = runs.map((run) => `M${num(run.at)},${num(rowHeight * run.from)}V${num(rowHeight * run.to)}`).join('');
    if (limit !== '') out.push(`<path class="threshold" d="${limit}" fill="none" stroke="${LIMIT_COLOR}" stroke-width="1.5" stroke-dasharray="${DASH}"/>`);
    const whiskers = rows.flatMap((r, i) => {
      if (!r.interval) return [];
      const [a, b, c] = [x(r.interval.lower), x(r.interval.upper), centre(i)];
      return [`M${num(a)},${num(c)}H${num(b)}M${num(a)},${num(c - 4)}V${num(c + 4)}M${num(b)},${num(c - 4)}V${num(c + 4)}`];
    });
    if (whiskers.length > 0) out.push(`<path class="interval" d="${whiskers.join('')}" fill="none" stroke="${INTERVAL_COLOR}" stroke-width="1.5"/>`);
    const ticksPath = ticks.map((t) => `M${crisp(t.at)},${num(h)}v${TICK_SIZE}`).join('');
    out.push(`<path class="axis" d="M0.5,0V${num(h + 0.5)}H${W}${ticksPath}" stroke="${AXIS}" fill="none"/>`);
    for (const color of [EXPERIMENT_BLUE, IMPROVED_GREEN]) {
      const dots = rows.flatMap((r, i) => (!r.failed && changeColor(r) === color ? [`<circle cx="${num(x(r.delta))}" cy="${num(centre(i))}" r="${DOT_RADIUS}"/>`] : []));
      if (dots.length > 0) out.push(`<g class="points" fill="${color}">${dots.join('')}</g>`);
    }
    const crosses = rows.flatMap((r, i) => (r.failed ? [crossPath(x(r.delta), centre(i), CROSS_SIZE)] : []));
    if (crosses.length > 0) out.push(`<path class="failed" d="${crosses.join('')}" fill="${FAILED_MARK}"/>`);
    labels.forEach((label, i) => out.push(text('category-label', -TICK_SIZE - LABEL_GAP, centre(i) + LABEL_SIZE * 0.35, label, ' text-anchor="end"', LABEL_SIZE)));
    deltas.forEach((d, i) => out.push(text('delta-label', W + VALUE_GAP, centre(i) + LABEL_SIZE * 0.35, d, rows[i]!.failed ? ' font-weight="bold"' : '', LABEL_SIZE)));
    for (const t of ticks) out.push(text('x-label', t.at, h + TICK_SIZE + LABEL_GAP + LABEL_SIZE * ASCENT, t.label!, ' text-anchor="middle"', LABEL_SIZE));
    const categoryTitleX = -(TICK_SIZE + LABEL_GAP + labelWidth + 6 + AXIS_TITLE_SIZE * DESCENT);
    out.push(
      `<text class="axis-title" transform="translate(${num(categoryTitleX)},${num(h / 2)}) rotate(-90)" font-size="${AXIS_TITLE_SIZE}" text-anchor="middle" font-weight="bold">${escapeXml(truncateText(p.x.title, AXIS_TITLE_SIZE, h, true))}</text>`,
    );
    out.push(text('axis-title', W / 2, h + xLabelsBottom + 4 + AXIS_TITLE_SIZE * ASCENT, p.y.title, ' text-anchor="middle" font-weight="bold"', AXIS_TITLE_SIZE));
    out.push(...legendAt(legend, legendColumns, columnWidth, 0, legendTop));
    return out;
  };
  return { extent, height: h, marks };
}

/** A panel ready to place: what it draws outside its plot, its plot's height, and its marks. */
interface Drawable {
  extent: Extent;
  height: number;
  marks(cell: Extent): string[];
}

function drawable(panel: Panel): Drawable {
  if (panel.mark === 'change') return changePanel(panel);
  const l = layoutPanel(panel);
  return { extent: l.extent, height: H, marks: (cell) => panelMarks(l, cell) };
}

/** The chart as a standalone SVG document: a title, then its panels in a grid of `columns`. */
export function chartToSvg(chart: Chart): string {
  const layouts = chart.panels.map(drawable);
  const columns = Math.max(1, Math.min(chart.columns, layouts.length));
  const rows = Math.max(1, Math.ceil(layouts.length / columns));
  // One cell size for all: the plots line up in rows and columns; a row is as high as its highest plot.
  const cell: Extent = { left: 0, right: 0, top: 0, bottom: 0 };
  for (const l of layouts) for (const side of ['left', 'right', 'top', 'bottom'] as const) cell[side] = Math.max(cell[side], l.extent[side]);
  const cellWidth = cell.left + W + cell.right;
  const rowHeights = Array.from({ length: rows }, (_, r) => cell.top + Math.max(0, ...layouts.slice(r * columns, (r + 1) * columns).map((l) => l.height)) + cell.bottom);
  const rowTops = rowHeights.map((_, r) => rowHeights.slice(0, r).reduce((sum, h) => sum + h + GAP_Y, 0));
  const titleBlock = TITLE_SIZE + 8;
  // A title wider than the panels widens the chart (it names the chart), up to MAX_TITLE_WIDTH.
  const panelsWidth = columns * cellWidth + (columns - 1) * GAP_X;
  const width = Math.ceil(2 * PAD + Math.max(panelsWidth, Math.min(MAX_TITLE_WIDTH, textWidth(chart.title, TITLE_SIZE, true))));
  const height = Math.ceil(2 * PAD + titleBlock + rowHeights.reduce((sum, h) => sum + h, 0) + (rows - 1) * GAP_Y);
  const title = escapeXml(chart.title);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${CHART_FONT}, sans-serif" fill="${TEXT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    text('title', PAD, PAD + TITLE_SIZE * ASCENT, truncateText(chart.title, TITLE_SIZE, width - 2 * PAD, true), ' font-weight="bold"', TITLE_SIZE),
  ];
  layouts.forEach((l, k) => {
    const ox = PAD + (k % columns) * (cellWidth + GAP_X) + cell.left;
    const oy = PAD + titleBlock + rowTops[Math.floor(k / columns)]! + cell.top;
    out.push(`<g class="panel" transform="translate(${num(ox)},${num(oy)})">`, ...l.marks(cell), '</g>');
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
