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
import {
  isSampleSeries,
  MAX_BOTTOM_LEGEND_SERIES,
  MAX_POINTS_WITH_MARKERS,
  type Chart,
  type Panel,
  type Point,
  type Series,
} from './model.js';
import { escapeXml } from '../report/escape.js';
import { textWidth, truncateText } from './textWidth.js';
import { CHART_FONT } from './vegaLite.js';
import { xAxis, yAxis } from './svgAxes.js';
import { changePanel } from './svgChange.js';
import {
  ASCENT,
  AXIS,
  AXIS_TITLE_SIZE,
  crisp,
  CROSS_SIZE,
  crossPath,
  DASH,
  DESCENT,
  FRAME,
  GAP_X,
  GAP_Y,
  GRID,
  H,
  LABEL_GAP,
  LABEL_SIZE,
  LEGEND_COLUMN_GAP,
  LEGEND_LABEL_LIMIT,
  LEGEND_ROW,
  LEGEND_SIZE,
  LEGEND_SYMBOL,
  legendAt,
  MAX_TITLE_WIDTH,
  num,
  PAD,
  PANEL_TITLE_SIZE,
  panelTitles,
  POINT_RADIUS,
  SIN45,
  SUBTITLE_SIZE,
  TEXT,
  text,
  TICK_SIZE,
  TITLE_SIZE,
  W,
  type Axis,
  type LegendEntry,
  type Extent,
  type Drawable,
} from './svgParts.js';

/**
 * The panel's legend: one entry per series, and one for the failure crosses; none for a lone sample series or bars
 * (vegaLite.ts draws none either).
 */
function legendEntries(p: Panel): LegendEntry[] {
  if (p.mark === 'bar') return [];
  if (isSampleSeries(p)) return [];
  const label = (name: string) => truncateText(name, LEGEND_SIZE, LEGEND_LABEL_LIMIT);
  const entries: LegendEntry[] = p.series.map((s) => ({
    label: label(s.name),
    color: s.color,
    ...(s.dashed ? { dashed: true } : {}),
  }));
  if (p.band) entries.push({ label: label(p.band.name), color: p.band.color, area: true });
  for (const r of p.rules ?? [])
    entries.push({ label: label(r.name), color: r.color, ...(r.dashed ? { dashed: true } : {}) });
  if (p.series.some((s) => s.points.some((q) => q.failed)))
    entries.push({ label: 'failed', color: FAILED_MARK, cross: true });
  return entries;
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
  const legendRight =
    panel.series.length + (panel.rules?.length ?? 0) + (panel.band ? 1 : 0) > MAX_BOTTOM_LEGEND_SERIES;
  const legendColumnWidth =
    Math.max(0, ...legend.map((e) => LEGEND_SYMBOL + 6 + textWidth(e.label, LEGEND_SIZE))) + LEGEND_COLUMN_GAP;
  // Two columns under the plot where they fit its width, else one.
  const legendColumns = legendRight
    ? 1
    : Math.min(2 * legendColumnWidth - LEGEND_COLUMN_GAP <= W ? 2 : 1, legend.length);
  const legendRows = legendColumns > 0 ? Math.ceil(legend.length / legendColumns) : 0;
  const legendHeight = legendRows * LEGEND_ROW;
  const bottom =
    xTitleBottom + AXIS_TITLE_SIZE * DESCENT + (legendRight || legend.length === 0 ? 0 : 10 + legendHeight);
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
    extent: {
      left: Math.ceil(left),
      right: Math.ceil(right),
      top: Math.ceil(titleBlock),
      bottom: Math.ceil(Math.max(bottom, legendBelowPlot)),
    },
  };
}

/** Points in drawing order: by x on numeric axes (as vega-lite sorts a line), as given on category axes. */
function ordered(points: readonly Point[], categorical: boolean): readonly Point[] {
  if (categorical) return points;
  for (let k = 1; k < points.length; k++)
    if ((points[k]!.x as number) < (points[k - 1]!.x as number))
      return [...points].sort((a, b) => (a.x as number) - (b.x as number));
  return points;
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
  if (d !== '')
    out.push(
      `<path class="line" d="${d}" fill="none" stroke="${color}" stroke-width="2" stroke-linejoin="round"${s.dashed ? ` stroke-dasharray="${DASH}"` : ''}/>`,
    );
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
      out.push(
        `<rect class="band" x="0" y="${num(top)}" width="${W}" height="${num(Math.max(0, bottom - top))}" fill="${escapeXml(p.band.color)}"/>`,
      );
  }
  for (const r of p.rules ?? []) {
    const y = l.y.map(r.y);
    if (y !== undefined)
      out.push(
        `<path class="rule" d="M0,${num(y)}H${W}" fill="none" stroke="${escapeXml(r.color)}" stroke-width="1.5"${r.dashed ? ` stroke-dasharray="${DASH}"` : ''}/>`,
      );
  }
  out.push(`<rect class="frame" x="0.5" y="0.5" width="${W}" height="${H}" fill="none" stroke="${FRAME}"/>`);
  const ticks = [
    ...l.x.labels.map((t) => `M${crisp(t.at)},${H}v${TICK_SIZE}`),
    ...l.y.labels.map((t) => `M0,${crisp(t.at)}h-${TICK_SIZE}`),
  ].join('');
  out.push(`<path class="axis" d="M0.5,0V${H + 0.5}H${W}${ticks}" stroke="${AXIS}" fill="none"/>`);
  // Tick labels and axis titles.
  const labelTop = H + TICK_SIZE + LABEL_GAP;
  if (p.x.kind === 'category') {
    for (const t of l.x.labels)
      out.push(
        `<text class="x-label" transform="translate(${num(t.at + LABEL_SIZE * 0.35 * SIN45)},${num(labelTop)}) rotate(-45)" font-size="${LABEL_SIZE}" text-anchor="end">${escapeXml(t.label!)}</text>`,
      );
  } else {
    for (const t of l.x.labels)
      out.push(text('x-label', t.at, labelTop + LABEL_SIZE * ASCENT, t.label!, ' text-anchor="middle"', LABEL_SIZE));
  }
  for (const t of l.y.labels)
    out.push(
      text('y-label', -TICK_SIZE - LABEL_GAP, t.at + LABEL_SIZE * 0.35, t.label!, ' text-anchor="end"', LABEL_SIZE),
    );
  out.push(
    text(
      'axis-title',
      W / 2,
      H + l.xLabelsBottom + 4 + AXIS_TITLE_SIZE * ASCENT,
      p.x.title,
      ' text-anchor="middle" font-weight="bold"',
      AXIS_TITLE_SIZE,
    ),
  );
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
  for (const l of layouts)
    for (const side of ['left', 'right', 'top', 'bottom'] as const) cell[side] = Math.max(cell[side], l.extent[side]);
  const cellWidth = cell.left + W + cell.right;
  const rowHeights = Array.from(
    { length: rows },
    (_, r) =>
      cell.top + Math.max(0, ...layouts.slice(r * columns, (r + 1) * columns).map((l) => l.height)) + cell.bottom,
  );
  const rowTops = rowHeights.map((_, r) => rowHeights.slice(0, r).reduce((sum, h) => sum + h + GAP_Y, 0));
  const titleBlock = TITLE_SIZE + 8;
  // A title wider than the panels widens the chart (it names the chart), up to MAX_TITLE_WIDTH.
  const panelsWidth = columns * cellWidth + (columns - 1) * GAP_X;
  const width = Math.ceil(
    2 * PAD + Math.max(panelsWidth, Math.min(MAX_TITLE_WIDTH, textWidth(chart.title, TITLE_SIZE, true))),
  );
  const height = Math.ceil(2 * PAD + titleBlock + rowHeights.reduce((sum, h) => sum + h, 0) + (rows - 1) * GAP_Y);
  const title = escapeXml(chart.title);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${CHART_FONT}, sans-serif" fill="${TEXT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    text(
      'title',
      PAD,
      PAD + TITLE_SIZE * ASCENT,
      truncateText(chart.title, TITLE_SIZE, width - 2 * PAD, true),
      ' font-weight="bold"',
      TITLE_SIZE,
    ),
  ];
  layouts.forEach((l, k) => {
    const ox = PAD + (k % columns) * (cellWidth + GAP_X) + cell.left;
    const oy = PAD + titleBlock + rowTops[Math.floor(k / columns)]! + cell.top;
    out.push(`<g class="panel" transform="translate(${num(ox)},${num(oy)})">`, ...l.marks(cell), '</g>');
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
