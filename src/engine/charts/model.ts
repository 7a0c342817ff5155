/**
 * The chart data model: what every chart shows, independent of how it is drawn. Vega-Lite specs
 * (SVG, PNG, report.html) and Mermaid blocks (PR comment, job summary) are both rendered from
 * it, so they always show the same numbers. Values are taken from the report models as they are;
 * nothing here recomputes a statistic.
 */

export type ChartKind =
  | 'change'
  | 'regression'
  | 'before-after'
  | 'check'
  | 'subexperiments'
  | 'reference'
  | 'history-magnitude'
  | 'history-payload'
  | 'histogram'
  | 'series'
  | 'throughput';

/**
 * - `payload`: x is a payload size in bytes, drawn on a log₂ scale;
 * - `category`: x is one of `categories`, in that order (runs, non-payload parameters);
 * - `linear`: x is a plain number (sample index, histogram bin edges).
 */
export type XAxis =
  | { kind: 'payload'; title: string }
  | { kind: 'category'; title: string; categories: string[] }
  | { kind: 'linear'; title: string };

export interface YAxis {
  title: string;
  /** Log₁₀ scale, chosen when the values span more than LOG_SCALE_RATIO. */
  log: boolean;
  /** Unit of the values, for legends and tooltips (`µs`, `Mb/s`, `` for counts). */
  unit: string;
  /**
   * The values the axis must span, besides the points (a band, a limit line, a minimum relative
   * range): set where the data alone would zoom a flat series into noise. Absent: the data decide.
   */
  domain?: [number, number];
}

export interface Point {
  x: number | string;
  y: number;
  /** The end of a histogram bin that starts at `x`. */
  x2?: number;
  /** The check or comparison this point shows failed: drawn with a failure mark. */
  failed?: true;
}

export interface Series {
  name: string;
  color: string;
  /** Drawn dashed: requirement lines of history charts. */
  dashed?: boolean;
  points: Point[];
}

/** A horizontal line across a panel: a limit, a history's centre. */
export interface Rule {
  name: string;
  y: number;
  color: string;
  dashed?: boolean;
}

/** A shaded horizontal band across a panel: the noise band an unchanged build falls in. */
export interface Band {
  name: string;
  lower: number;
  upper: number;
  color: string;
}

/**
 * One benchmark of a "what changed" panel: a comparison row's Δ, with the range that says how
 * sure it is. Every number is the ComparisonRow's, in % (worse positive, as deltaPercent).
 */
export interface ChangeRow {
  /** The benchmark: experiment and parameter (one of the panel's x categories). */
  label: string;
  delta: number;
  /** Paired runs: the interval of the change (ComparisonRow.interval). */
  interval?: { lower: number; upper: number };
  /** A history: the range an unchanged build's Δ falls in (ComparisonRow.band). */
  band?: { lower: number; upper: number };
  /** The row fails beyond this Δ (ComparisonRow.threshold). */
  threshold: number;
  failed: boolean;
  /** ComparisonRow.status: `fail`, `warn`, `improved`, … */
  status: string;
}

/**
 * - `line`: series as lines with point markers, over `band` and `rules` where given;
 * - `bar`: histogram bars (x to x2);
 * - `change`: a horizontal dot-and-whisker panel of `changes`: x holds the benchmarks (drawn down
 *   the left side), y the Δ in % (drawn along the bottom), with a zero line and each row's threshold.
 */
export type PanelMark = 'line' | 'bar' | 'change';

export interface Panel {
  title: string;
  /** A second title line: what the panel leaves out (a histogram's clipped tail). */
  subtitle?: string;
  x: XAxis;
  y: YAxis;
  mark: PanelMark;
  series: Series[];
  /** `line` panels: horizontal lines drawn under the series. */
  rules?: Rule[];
  /** `line` panels: a band drawn under everything else. */
  band?: Band;
  /** `change` panels: one row per benchmark, in drawing order (top first). */
  changes?: ChangeRow[];
}

export interface Chart {
  /** File-name stem, unique within a chart set and safe as a file name. */
  id: string;
  kind: ChartKind;
  title: string;
  /** The sub-experiment the chart is about, when it is about one. */
  experiment?: string;
  panels: Panel[];
  /** Panels per row when there are several. */
  columns: number;
  /** Whether the chart is small enough for a Mermaid block in a comment or job summary. */
  inline: boolean;
  /** A caveat shown under the chart (down-sampling, missing values). */
  note?: string;
}

/** The plot area of one panel, in SVG units (CSS pixels in report.html). */
export const PANEL_WIDTH = 360;
export const PANEL_HEIGHT = 220;

/** A `change` panel gives each benchmark a row this high, and is at least CHANGE_MIN_HEIGHT high. */
export const CHANGE_ROW_HEIGHT = 18;
export const CHANGE_MIN_HEIGHT = 72;

/** The plot height of a panel: a `change` panel grows with its rows. */
export function panelHeight(p: Panel): number {
  if (p.mark !== 'change') return PANEL_HEIGHT;
  return Math.max(CHANGE_MIN_HEIGHT, (p.changes?.length ?? 0) * CHANGE_ROW_HEIGHT);
}

/** More series than this: the legend stands right of the plot, one entry a row (else below it, two columns). */
export const MAX_BOTTOM_LEGEND_SERIES = 8;

/** The dash pattern of a dashed series (requirement lines of history charts): 6 units drawn, 4 left out. */
export const DASH_PATTERN = [6, 4] as const;

/**
 * A panel of one sample series (a time series of raw samples): one line named by the panel's
 * title and y axis, drawn without a legend.
 */
export function isSampleSeries(p: Panel): boolean {
  return p.x.kind === 'linear' && p.series.length === 1 && !p.series[0]!.dashed;
}

/** Point markers on line series only where they can still be told apart: at most this many points a series. */
export const MAX_POINTS_WITH_MARKERS = 60;

/** A y axis switches to log₁₀ when its largest positive value is this many times its smallest. */
export const LOG_SCALE_RATIO = 50;

export function wantsLogScale(values: readonly number[]): boolean {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0 || finite.some((v) => v <= 0)) return false;
  return Math.max(...finite) / Math.min(...finite) > LOG_SCALE_RATIO;
}

/** Every y value of a panel's series. */
export function panelValues(series: readonly Series[]): number[] {
  return series.flatMap((s) => s.points.map((p) => p.y));
}

/**
 * A file-name stem from untrusted text (experiment names come from result file names): only
 * letters, digits, `.`, `_`, `-`; no `..`, no leading dot, at most 80 characters.
 */
export function safeFileStem(text: string): string {
  const cleaned = text
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '_')
    .replace(/^[._-]+/, '')
    .slice(0, 80)
    .replace(/[._-]+$/, '');
  return cleaned === '' ? 'chart' : cleaned;
}

/** Makes chart ids unique (`x`, `x-2`, `x-3`) in order, so file names never collide. */
export function uniqueIds(charts: Chart[]): Chart[] {
  const seen = new Set<string>();
  return charts.map((chart) => {
    let id = chart.id;
    for (let n = 2; seen.has(id.toLowerCase()); n++) id = `${chart.id}-${n}`;
    // Case-insensitive: macOS and Windows file systems would merge `A` and `a`.
    seen.add(id.toLowerCase());
    return id === chart.id ? chart : { ...chart, id };
  });
}
