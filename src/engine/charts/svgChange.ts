/**
 * The "what changed" panel, drawn across: one row per benchmark with its Δ, threshold, noise band
 * or interval.
 */
import { BAND_FILL, EXPERIMENT_BLUE, FAILED_MARK, IMPROVED_GREEN, LIMIT_COLOR } from './palette.js';
import { formatDelta } from './format.js';
import { CHANGE_ROW_HEIGHT, panelHeight, type ChangeRow, type Panel } from './model.js';
import { escapeXml } from '../report/escape.js';
import { formatTick, linearTicks, niceDomain, spread, tickStep } from './scales.js';
import { CHANGE_LABEL_LIMIT, textWidth, truncateMiddle, truncateText } from './textWidth.js';
import {
  ASCENT,
  AXIS,
  AXIS_TITLE_SIZE,
  crisp,
  CROSS_SIZE,
  crossPath,
  DASH,
  DESCENT,
  DOT_RADIUS,
  FRAME,
  GRID,
  LABEL_GAP,
  LABEL_SIZE,
  LEGEND_COLUMN_GAP,
  LEGEND_ROW,
  LEGEND_SIZE,
  LEGEND_SYMBOL,
  legendAt,
  minMax,
  num,
  PANEL_TITLE_SIZE,
  panelTitles,
  SUBTITLE_SIZE,
  text,
  thinCentred,
  TICK_SIZE,
  W,
  type Tick,
  type LegendEntry,
  type Extent,
  type Drawable,
} from './svgParts.js';

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
  if (rows.some((r) => !r.failed && r.status !== 'improved'))
    entries.push({ label: 'Δ', color: EXPERIMENT_BLUE, dot: true });
  if (rows.some((r) => !r.failed && r.status === 'improved'))
    entries.push({ label: 'improved', color: IMPROVED_GREEN, dot: true });
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
export function changePanel(p: Panel): Drawable {
  const rows = p.changes ?? [];
  const h = panelHeight(p);
  const rowHeight = rows.length > 0 ? h / rows.length : CHANGE_ROW_HEIGHT;
  const { lo, hi, ticks, values } = changeAxis(p, rows);
  const labels = rows.map((r) => truncateMiddle(r.label, LABEL_SIZE, CHANGE_LABEL_LIMIT));
  const deltas = rows.map((r) => formatDelta(r.delta));
  const labelWidth = Math.max(0, ...labels.map((t) => textWidth(t, LABEL_SIZE)));
  const deltaWidth = Math.max(0, ...deltas.map((t, i) => textWidth(t, LABEL_SIZE, rows[i]!.failed)));
  const overhang = Math.max(0, ...ticks.map((t) => t.at + textWidth(t.label!, LABEL_SIZE) / 2 - W));
  const underhang = Math.max(0, ...ticks.map((t) => textWidth(t.label!, LABEL_SIZE) / 2 - t.at));
  const legend = changeLegend(rows);
  const columnWidth =
    Math.max(...legend.map((e) => LEGEND_SYMBOL + 6 + textWidth(e.label, LEGEND_SIZE))) + LEGEND_COLUMN_GAP;
  const legendColumns = Math.max(1, Math.min(legend.length, Math.floor((W + LEGEND_COLUMN_GAP) / columnWidth)));
  const xLabelsBottom = TICK_SIZE + LABEL_GAP + LABEL_SIZE;
  const titleBottom = xLabelsBottom + 4 + AXIS_TITLE_SIZE + AXIS_TITLE_SIZE * DESCENT;
  const extent: Extent = {
    left: Math.ceil(Math.max(underhang, TICK_SIZE + LABEL_GAP + labelWidth + 6 + AXIS_TITLE_SIZE)),
    right: Math.ceil(Math.max(overhang, VALUE_GAP + deltaWidth, legendColumns * columnWidth - LEGEND_COLUMN_GAP - W)),
    top: Math.ceil(PANEL_TITLE_SIZE + (p.subtitle !== undefined ? 4 + SUBTITLE_SIZE : 0) + 8),
    bottom: Math.ceil(titleBottom + 10 + Math.ceil(legend.length / legendColumns) * LEGEND_ROW),
  };
  const g: ChangeGeometry = {
    p,
    rows,
    h,
    rowHeight,
    centre: (i) => rowHeight * (i + 0.5),
    x: (v) => (W * (v - lo)) / (hi - lo),
    ticks,
    values,
    labels,
    deltas,
    labelWidth,
    xLabelsBottom,
  };
  const marks = (cell: Extent): string[] => [
    ...panelTitles(p, cell),
    ...changePlotMarks(g),
    ...changeTextMarks(g),
    ...legendAt(legend, legendColumns, columnWidth, 0, h + titleBottom + 10),
  ];
  return { extent, height: h, marks };
}

/**
 * The Δ axis: a domain holding zero, every row's Δ, threshold, interval and band (with room for a
 * mark at either end), rounded, with as many ticks as fit (about one per 50 units).
 */
function changeAxis(p: Panel, rows: readonly ChangeRow[]): { lo: number; hi: number; ticks: Tick[]; values: number[] } {
  const ends = rows.flatMap((r) => [
    r.delta,
    r.threshold,
    ...(r.interval ? [r.interval.lower, r.interval.upper] : []),
    ...(r.band ? [r.band.lower, r.band.upper] : []),
  ]);
  const [a, b] = spread(...(minMax([0, ...(p.y.domain ?? []), ...ends].filter(Number.isFinite)) ?? [0, 1]));
  // Room for a dot or cross at either end: it stays inside the plot, clear of the Δ written beside it.
  const room = ((b - a) * (CROSS_SIZE / 2 + 2)) / W;
  const marked = rows.map((r) => r.delta).filter(Number.isFinite);
  const [lo0, hi0] = [marked.some((d) => d - room < a) ? a - room : a, marked.some((d) => d + room > b) ? b + room : b];
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
  return { lo, hi, ticks, values };
}

/** What the change panel's marks are drawn from: its rows, scale and texts. */
interface ChangeGeometry {
  p: Panel;
  rows: readonly ChangeRow[];
  h: number;
  rowHeight: number;
  /** The vertical centre of row `i`. */
  centre: (i: number) => number;
  /** The horizontal position of a Δ. */
  x: (v: number) => number;
  ticks: Tick[];
  values: number[];
  labels: string[];
  deltas: string[];
  labelWidth: number;
  xLabelsBottom: number;
}

/** The plot: grid, noise bands, frame, zero line, thresholds, intervals, axis, then the Δ dots and crosses. */
function changePlotMarks(g: ChangeGeometry): string[] {
  const { rows, h, centre, x } = g;
  const out: string[] = [];
  const grid = [
    ...g.values.map((v) => `M${crisp(x(v))},0V${num(h)}`),
    ...rows.map((_, i) => `M0,${crisp(centre(i))}H${W}`),
  ].join('');
  if (grid !== '') out.push(`<path class="grid" d="${grid}" stroke="${GRID}" fill="none"/>`);
  const bands = rows.flatMap((r, i) =>
    r.band
      ? [
          `M${num(x(r.band.lower))},${num(centre(i) - 5)}H${num(x(r.band.upper))}V${num(centre(i) + 5)}H${num(x(r.band.lower))}Z`,
        ]
      : [],
  );
  if (bands.length > 0) out.push(`<path class="band" d="${bands.join('')}" fill="${BAND_FILL}"/>`);
  out.push(`<rect class="frame" x="0.5" y="0.5" width="${W}" height="${num(h)}" fill="none" stroke="${FRAME}"/>`);
  out.push(`<path class="zero" d="M${num(x(0))},0V${num(h)}" stroke="${ZERO_LINE}" fill="none"/>`);
  const limit = thresholdPath(g);
  if (limit !== '')
    out.push(
      `<path class="threshold" d="${limit}" fill="none" stroke="${LIMIT_COLOR}" stroke-width="1.5" stroke-dasharray="${DASH}"/>`,
    );
  const whiskers = rows.flatMap((r, i) => {
    if (!r.interval) return [];
    const [a, b, c] = [x(r.interval.lower), x(r.interval.upper), centre(i)];
    return [
      `M${num(a)},${num(c)}H${num(b)}M${num(a)},${num(c - 4)}V${num(c + 4)}M${num(b)},${num(c - 4)}V${num(c + 4)}`,
    ];
  });
  if (whiskers.length > 0)
    out.push(
      `<path class="interval" d="${whiskers.join('')}" fill="none" stroke="${INTERVAL_COLOR}" stroke-width="1.5"/>`,
    );
  const ticksPath = g.ticks.map((t) => `M${crisp(t.at)},${num(h)}v${TICK_SIZE}`).join('');
  out.push(`<path class="axis" d="M0.5,0V${num(h + 0.5)}H${W}${ticksPath}" stroke="${AXIS}" fill="none"/>`);
  for (const color of [EXPERIMENT_BLUE, IMPROVED_GREEN]) {
    const dots = rows.flatMap((r, i) =>
      !r.failed && changeColor(r) === color
        ? [`<circle cx="${num(x(r.delta))}" cy="${num(centre(i))}" r="${DOT_RADIUS}"/>`]
        : [],
    );
    if (dots.length > 0) out.push(`<g class="points" fill="${color}">${dots.join('')}</g>`);
  }
  const crosses = rows.flatMap((r, i) => (r.failed ? [crossPath(x(r.delta), centre(i), CROSS_SIZE)] : []));
  if (crosses.length > 0) out.push(`<path class="failed" d="${crosses.join('')}" fill="${FAILED_MARK}"/>`);
  return out;
}

/** The threshold: one dashed segment per run of rows that share it (one line when all do). */
function thresholdPath({ rows, rowHeight, x }: ChangeGeometry): string {
  const runs: { at: number; from: number; to: number }[] = [];
  rows.forEach((r, i) => {
    if (!Number.isFinite(r.threshold)) return;
    const last = runs[runs.length - 1];
    if (last && last.to === i && rows[i - 1]!.threshold === r.threshold) last.to = i + 1;
    else runs.push({ at: x(r.threshold), from: i, to: i + 1 });
  });
  return runs.map((run) => `M${num(run.at)},${num(rowHeight * run.from)}V${num(rowHeight * run.to)}`).join('');
}

/** The texts: each row's label on the left and Δ on the right, the tick labels, and both axis titles. */
function changeTextMarks({
  p,
  rows,
  h,
  centre,
  ticks,
  labels,
  deltas,
  labelWidth,
  xLabelsBottom,
}: ChangeGeometry): string[] {
  const out: string[] = [];
  labels.forEach((label, i) =>
    out.push(
      text(
        'category-label',
        -TICK_SIZE - LABEL_GAP,
        centre(i) + LABEL_SIZE * 0.35,
        label,
        ' text-anchor="end"',
        LABEL_SIZE,
      ),
    ),
  );
  deltas.forEach((d, i) =>
    out.push(
      text(
        'delta-label',
        W + VALUE_GAP,
        centre(i) + LABEL_SIZE * 0.35,
        d,
        rows[i]!.failed ? ' font-weight="bold"' : '',
        LABEL_SIZE,
      ),
    ),
  );
  for (const t of ticks)
    out.push(
      text(
        'x-label',
        t.at,
        h + TICK_SIZE + LABEL_GAP + LABEL_SIZE * ASCENT,
        t.label!,
        ' text-anchor="middle"',
        LABEL_SIZE,
      ),
    );
  const categoryTitleX = -(TICK_SIZE + LABEL_GAP + labelWidth + 6 + AXIS_TITLE_SIZE * DESCENT);
  out.push(
    `<text class="axis-title" transform="translate(${num(categoryTitleX)},${num(h / 2)}) rotate(-90)" font-size="${AXIS_TITLE_SIZE}" text-anchor="middle" font-weight="bold">${escapeXml(truncateText(p.x.title, AXIS_TITLE_SIZE, h, true))}</text>`,
  );
  out.push(
    text(
      'axis-title',
      W / 2,
      h + xLabelsBottom + 4 + AXIS_TITLE_SIZE * ASCENT,
      p.y.title,
      ' text-anchor="middle" font-weight="bold"',
      AXIS_TITLE_SIZE,
    ),
  );
  return out;
}
