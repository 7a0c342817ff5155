/**
 * What every SVG panel is drawn with: its sizes and colours, coordinates written the same way,
 * text escaped, failure crosses, legends and titles (svg.ts, svgAxes.ts, svgChange.ts).
 */
import { DASH_PATTERN, PANEL_HEIGHT, PANEL_WIDTH, type Panel } from './model.js';
import { escapeXml } from '../report/escape.js';
import { textWidth, truncateText } from './textWidth.js';

export const W = PANEL_WIDTH;
export const H = PANEL_HEIGHT;
/** Space around the whole chart. */
export const PAD = 8;
export const TITLE_SIZE = 14;
export const PANEL_TITLE_SIZE = 13;
export const SUBTITLE_SIZE = 10;
export const LABEL_SIZE = 10;
export const AXIS_TITLE_SIZE = 11;
export const LEGEND_SIZE = 10;
/** DejaVu Sans: ascent and descent of a line of text, in ems (text is placed by its baseline). */
export const ASCENT = 0.76;
export const DESCENT = 0.24;
export const TICK_SIZE = 5;
export const LABEL_GAP = 3;
export const GAP_X = 24;
export const GAP_Y = 22;
export const LEGEND_ROW = 16;
export const LEGEND_SYMBOL = 16;
export const LEGEND_COLUMN_GAP = 20;
export const LEGEND_LABEL_LIMIT = 220;
export const CATEGORY_LABEL_LIMIT = 240;
export const POINT_RADIUS = 3;
/** The failure cross, as vega draws a `cross` point of size 110: arms of √110 units, bars 0.4 of that wide. */
export const CROSS_SIZE = Math.sqrt(110);
export const LEGEND_CROSS_SIZE = 8;
export const DASH = DASH_PATTERN.join(',');
export const GRID = '#e6e6e6';
export const FRAME = '#cccccc';
export const AXIS = '#888888';
export const TEXT = '#000000';
export const SUBTITLE_TEXT = '#444444';
export const SIN45 = Math.SQRT1_2;
/** The widest a chart grows to show its whole title; a longer title is cut with `…`. */
export const MAX_TITLE_WIDTH = 1200;
/** The fewest pixels between two y-axis labels' baselines: a label and a little air. */
export const MIN_LABEL_SPACING = LABEL_SIZE + 3;

export const DOT_RADIUS = 4;

/** A coordinate: two decimals, no `-0`. */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** A grid or tick line's position on the pixel grid, so a 1-unit line is one crisp pixel wide. */
export function crisp(v: number): string {
  return num(Math.round(v) + 0.5);
}

export interface Tick {
  at: number;
  label?: string;
}

/** Where one axis puts values, and its ticks, in panel coordinates. */
export interface Axis {
  /** The position of a value, or undefined when the scale cannot show it (≤ 0 on a log scale, unknown category). */
  map(v: number | string): number | undefined;
  /** Grid lines (and tick marks where labelled). */
  grid: number[];
  labels: Tick[];
}

/** Labels placed centred at `at`, thinned to every 2nd, 4th… (vega's parity strategy) until none overlap. */
export function thinCentred(labels: Tick[], size: number, minGap = 6): Tick[] {
  let kept = labels;
  const overlaps = (ts: Tick[]) =>
    ts.some(
      (t, k) =>
        k > 0 && t.at - textWidth(t.label!, size) / 2 < ts[k - 1]!.at + textWidth(ts[k - 1]!.label!, size) / 2 + minGap,
    );
  while (kept.length > 1 && overlaps(kept)) kept = kept.filter((_, k) => k % 2 === 0);
  return kept;
}

export function minMax(values: readonly number[]): [number, number] | undefined {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : undefined;
}

export interface LegendEntry {
  label: string;
  color: string;
  dashed?: boolean;
  cross?: boolean;
  /** A filled square: a band. */
  area?: boolean;
  /** A filled dot. */
  dot?: boolean;
}

/** Everything a panel draws outside its plot area, in units from the plot's edges. */
export interface Extent {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export function text(kind: string, x: number, y: number, content: string, attrs: string, size: number): string {
  return `<text class="${kind}" x="${num(x)}" y="${num(y)}" font-size="${size}"${attrs}>${escapeXml(content)}</text>`;
}

export function crossPath(cx: number, cy: number, size: number): string {
  const a = size / 2;
  const b = size * 0.2;
  return (
    `M${num(cx - a)},${num(cy - b)}H${num(cx - b)}V${num(cy - a)}H${num(cx + b)}V${num(cy - b)}H${num(cx + a)}` +
    `V${num(cy + b)}H${num(cx + b)}V${num(cy + a)}H${num(cx - b)}V${num(cy + b)}H${num(cx - a)}Z`
  );
}

/** Legend entries in `columns` columns from (originX, originY), row by row. */
export function legendAt(
  entries: readonly LegendEntry[],
  columns: number,
  columnWidth: number,
  originX: number,
  originY: number,
): string[] {
  const out: string[] = [];
  entries.forEach((e, k) => {
    const column = k % columns;
    const row = Math.floor(k / columns);
    const x = originX + column * columnWidth;
    const cy = originY + row * LEGEND_ROW + LEGEND_ROW / 2;
    const color = escapeXml(e.color);
    if (e.cross)
      out.push(
        `<path class="legend-symbol" d="${crossPath(x + LEGEND_SYMBOL / 2, cy, LEGEND_CROSS_SIZE)}" fill="${color}"/>`,
      );
    else if (e.area)
      out.push(
        `<rect class="legend-symbol" x="${num(x)}" y="${num(cy - 5)}" width="${LEGEND_SYMBOL}" height="10" fill="${color}"/>`,
      );
    else if (e.dot)
      out.push(
        `<circle class="legend-symbol" cx="${num(x + LEGEND_SYMBOL / 2)}" cy="${num(cy)}" r="${DOT_RADIUS}" fill="${color}"/>`,
      );
    else
      out.push(
        `<path class="legend-symbol" d="M${num(x)},${num(cy)}H${num(x + LEGEND_SYMBOL)}" fill="none" stroke="${color}" stroke-width="2"${e.dashed ? ` stroke-dasharray="${DASH}"` : ''}/>`,
      );
    out.push(text('legend-label', x + LEGEND_SYMBOL + 6, cy + LEGEND_SIZE * 0.35, e.label, '', LEGEND_SIZE));
  });
  return out;
}

/** A panel's title and subtitle, from the cell's left edge (vega anchors titles at the start of the panel's group). */
export function panelTitles(p: Pick<Panel, 'title' | 'subtitle'>, cell: Extent): string[] {
  const titleWidth = cell.left + W + cell.right;
  const subtitleY = -8 - SUBTITLE_SIZE * DESCENT;
  const titleY = p.subtitle !== undefined ? subtitleY - SUBTITLE_SIZE - 4 : -8 - PANEL_TITLE_SIZE * DESCENT;
  const out = [
    text(
      'panel-title',
      -cell.left,
      titleY,
      truncateText(p.title, PANEL_TITLE_SIZE, titleWidth, true),
      ' font-weight="bold"',
      PANEL_TITLE_SIZE,
    ),
  ];
  if (p.subtitle !== undefined)
    out.push(
      text(
        'subtitle',
        -cell.left,
        subtitleY,
        truncateText(p.subtitle, SUBTITLE_SIZE, titleWidth),
        ` fill="${SUBTITLE_TEXT}"`,
        SUBTITLE_SIZE,
      ),
    );
  return out;
}

/** A panel ready to place: what it draws outside its plot, its plot's height, and its marks. */
export interface Drawable {
  extent: Extent;
  height: number;
  marks(cell: Extent): string[];
}
