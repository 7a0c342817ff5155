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
import { FAILED_MARK } from './palette.js';
import { formatBytes, payloadDomain, payloadTicks } from './payloadAxis.js';
import {
  DASH_PATTERN,
  isSampleSeries,
  MAX_BOTTOM_LEGEND_SERIES,
  MAX_POINTS_WITH_MARKERS,
  PANEL_HEIGHT,
  PANEL_WIDTH,
  type Chart,
  type Panel,
  type Point,
  type Series,
} from './model.js';
import { escapeXml } from '../report/escape.js';
import { formatLogTick, formatTick, linearTicks, logDomain, logTicks, niceDomain, spread, tickStep } from './scales.js';
import { textWidth, truncateText } from './textWidth.js';
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
  const ys = p.series.flatMap((s) => s.points.map((q) => q.y)).filter((v) => Number.isFinite(v));
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
}

/** The panel's legend: one entry per series, and one for the failure crosses; none for a lone sample series or bars (vegaLite.ts draws none either). */
function legendEntries(p: Panel): LegendEntry[] {
  if (p.mark === 'bar') return [];
  if (isSampleSeries(p)) return [];
  const entries: LegendEntry[] = p.series.map((s) => ({ label: truncateText(s.name, LEGEND_SIZE, LEGEND_LABEL_LIMIT), color: s.color, ...(s.dashed ? { dashed: true } : {}) }));
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
  const legendRight = panel.series.length > MAX_BOTTOM_LEGEND_SERIES;
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
  const out: string[] = [];
  const originX = l.legendRight ? W + 16 : 0;
  const originY = l.legendRight ? 0 : H + l.xLabelsBottom + 4 + AXIS_TITLE_SIZE + AXIS_TITLE_SIZE * DESCENT + 10;
  l.legend.forEach((e, k) => {
    const column = k % l.legendColumns;
    const row = Math.floor(k / l.legendColumns);
    const x = originX + column * l.legendColumnWidth;
    const cy = originY + row * LEGEND_ROW + LEGEND_ROW / 2;
    const color = escapeXml(e.color);
    if (e.cross) out.push(`<path class="legend-symbol" d="${crossPath(x + LEGEND_SYMBOL / 2, cy, LEGEND_CROSS_SIZE)}" fill="${color}"/>`);
    else
      out.push(
        `<path class="legend-symbol" d="M${num(x)},${num(cy)}H${num(x + LEGEND_SYMBOL)}" fill="none" stroke="${color}" stroke-width="2"${e.dashed ? ` stroke-dasharray="${DASH}"` : ''}/>`,
      );
    out.push(text('legend-label', x + LEGEND_SYMBOL + 6, cy + LEGEND_SIZE * 0.35, e.label, '', LEGEND_SIZE));
  });
  return out;
}

/** One panel, in coordinates whose origin is its plot's top-left corner. */
function panelMarks(l: PanelLayout, cell: Extent): string[] {
  const p = l.panel;
  const out: string[] = [];
  // Titles, from the cell's left edge (vega anchors titles at the start of the panel's group).
  const titleWidth = cell.left + W + cell.right;
  const subtitleY = -8 - SUBTITLE_SIZE * DESCENT;
  const titleY = p.subtitle !== undefined ? subtitleY - SUBTITLE_SIZE - 4 : -8 - PANEL_TITLE_SIZE * DESCENT;
  out.push(text('panel-title', -cell.left, titleY, truncateText(p.title, PANEL_TITLE_SIZE, titleWidth, true), ' font-weight="bold"', PANEL_TITLE_SIZE));
  if (p.subtitle !== undefined) out.push(text('subtitle', -cell.left, subtitleY, truncateText(p.subtitle, SUBTITLE_SIZE, titleWidth), ` fill="${SUBTITLE_TEXT}"`, SUBTITLE_SIZE));
  // Grid, frame, axis lines and ticks.
  const grid = [...l.x.grid.map((x) => `M${crisp(x)},0V${H}`), ...l.y.grid.map((y) => `M0,${crisp(y)}H${W}`)].join('');
  if (grid !== '') out.push(`<path class="grid" d="${grid}" stroke="${GRID}" fill="none"/>`);
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

/** The chart as a standalone SVG document: a title, then its panels in a grid of `columns`. */
export function chartToSvg(chart: Chart): string {
  const layouts = chart.panels.map(layoutPanel);
  const columns = Math.max(1, Math.min(chart.columns, layouts.length));
  const rows = Math.max(1, Math.ceil(layouts.length / columns));
  // One cell size for all: the plots line up in rows and columns.
  const cell: Extent = { left: 0, right: 0, top: 0, bottom: 0 };
  for (const l of layouts) for (const side of ['left', 'right', 'top', 'bottom'] as const) cell[side] = Math.max(cell[side], l.extent[side]);
  const cellWidth = cell.left + W + cell.right;
  const cellHeight = cell.top + H + cell.bottom;
  const titleBlock = TITLE_SIZE + 8;
  // A title wider than the panels widens the chart (it names the chart), up to MAX_TITLE_WIDTH.
  const panelsWidth = columns * cellWidth + (columns - 1) * GAP_X;
  const width = Math.ceil(2 * PAD + Math.max(panelsWidth, Math.min(MAX_TITLE_WIDTH, textWidth(chart.title, TITLE_SIZE, true))));
  const height = Math.ceil(2 * PAD + titleBlock + rows * cellHeight + (rows - 1) * GAP_Y);
  const title = escapeXml(chart.title);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${CHART_FONT}, sans-serif" fill="${TEXT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    text('title', PAD, PAD + TITLE_SIZE * ASCENT, truncateText(chart.title, TITLE_SIZE, width - 2 * PAD, true), ' font-weight="bold"', TITLE_SIZE),
  ];
  layouts.forEach((l, k) => {
    const ox = PAD + (k % columns) * (cellWidth + GAP_X) + cell.left;
    const oy = PAD + titleBlock + Math.floor(k / columns) * (cellHeight + GAP_Y) + cell.top;
    out.push(`<g class="panel" transform="translate(${num(ox)},${num(oy)})">`, ...panelMarks(l, cell), '</g>');
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
