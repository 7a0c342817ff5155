/**
 * Vega-Lite specs from the chart model. The same spec is rendered headless to SVG/PNG and
 * embedded in report.html, so the images and the interactive report agree.
 */
import { PAYLOAD_LABEL_EXPR, payloadDomain, payloadTicks } from './payloadAxis.js';
import {
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
} from './model.js';
import { formatDelta } from './format.js';
import { BAND_FILL, EXPERIMENT_BLUE, FAILED_MARK, IMPROVED_GREEN, LIMIT_COLOR } from './palette.js';
import { CHANGE_LABEL_LIMIT, truncateMiddle } from './textWidth.js';

/** The font bundled for PNG rendering; named in the spec so SVG viewers pick the same face. */
export const CHART_FONT = 'DejaVu Sans';

export type VegaLiteSpec = Record<string, unknown>;

const SOLID = [1, 0];

export const CHART_CONFIG = {
  font: CHART_FONT,
  background: 'white',
  padding: 8,
  title: { fontSize: 14, anchor: 'start', font: CHART_FONT },
  axis: { labelFontSize: 10, titleFontSize: 11, labelFont: CHART_FONT, titleFont: CHART_FONT, gridColor: '#e6e6e6' },
  legend: {
    labelFontSize: 10,
    titleFontSize: 11,
    labelFont: CHART_FONT,
    titleFont: CHART_FONT,
    labelLimit: 220,
    symbolLimit: 40,
  },
  view: { stroke: '#cccccc' },
} as const;

function xEncoding(p: Panel): Record<string, unknown> {
  switch (p.x.kind) {
    case 'payload': {
      const xs = p.series.flatMap((s) => s.points.map((q) => q.x as number));
      const domain = payloadDomain(xs);
      return {
        field: 'x',
        type: 'quantitative',
        title: p.x.title,
        scale: { type: 'log', base: 2, ...(domain ? { domain } : {}) },
        axis: { values: payloadTicks(xs), labelExpr: PAYLOAD_LABEL_EXPR, labelOverlap: true, grid: true },
      };
    }
    case 'category':
      return {
        field: 'x',
        type: 'ordinal',
        title: p.x.title,
        sort: p.x.categories,
        axis: { labelAngle: -45, labelLimit: 240 },
      };
    case 'linear':
      return { field: 'x', type: 'quantitative', title: p.x.title, scale: { zero: false, nice: false } };
  }
}

function yEncoding(p: Panel): Record<string, unknown> {
  return {
    field: 'y',
    type: 'quantitative',
    title: p.y.title,
    scale: p.y.log ? { type: 'log', ...domainOf(p) } : { zero: p.mark === 'bar', ...domainOf(p) },
  };
}

/**
 * The y domain the model asks for. It holds every value the panel draws (build.ts makes it so), and
 * is the same in every layer: layers that agree on it merge without a warning.
 */
function domainOf(p: Panel): Record<string, unknown> {
  return p.y.domain ? { domain: [...p.y.domain] } : {};
}

/** The legend entry of the failure marks: the same shape the points are drawn with. */
const FAILED_LABEL = 'failed';

/**
 * A layer of crosses on the points whose check or comparison failed, with its own legend entry, so
 * a failure reads on the chart without the table (and without colour).
 */
function failureLayer(p: Panel): VegaLiteSpec {
  return {
    transform: [{ filter: 'datum.failed === true' }],
    mark: { type: 'point', shape: 'cross', filled: true, size: 110, color: FAILED_MARK, opacity: 1 },
    encoding: {
      x: xEncoding(p),
      y: yEncoding(p),
      shape: {
        datum: FAILED_LABEL,
        type: 'nominal',
        scale: { domain: [FAILED_LABEL], range: ['cross'] },
        legend: { title: null, orient: 'bottom', symbolFillColor: FAILED_MARK, symbolStrokeColor: FAILED_MARK },
      },
    },
  };
}

/** How a change row's Δ is drawn: a cross where it failed, a green dot where it improved, else a blue dot. */
const CHANGE_MARKS = ['Δ', 'improved', 'failed'] as const;

function changeMark(r: ChangeRow): (typeof CHANGE_MARKS)[number] {
  return r.failed ? 'failed' : r.status === 'improved' ? 'improved' : 'Δ';
}

/**
 * A "what changed" panel, across: benchmarks down the side, Δ along the bottom; the noise band as a
 * wide grey rule, the interval as a whisker, the threshold as a dashed tick, the zero line, the Δ as
 * a dot (a cross where it failed) and written right of the plot.
 */
function changeSpec(p: Panel): VegaLiteSpec {
  const rows = p.changes ?? [];
  // Cut in the middle as the SVG cuts them: benchmarks that differ at the end stay apart.
  const labels = rows.map((r) => truncateMiddle(r.label, 10, CHANGE_LABEL_LIMIT));
  const values = rows.map((r, i) => ({
    benchmark: labels[i],
    delta: r.delta,
    deltaText: formatDelta(r.delta),
    threshold: r.threshold,
    status: r.status,
    mark: changeMark(r),
    ...(r.band ? { bandLower: r.band.lower, bandUpper: r.band.upper } : {}),
    ...(r.interval ? { intervalLower: r.interval.lower, intervalUpper: r.interval.upper } : {}),
  }));
  const y = {
    field: 'benchmark',
    type: 'nominal',
    title: p.x.title,
    sort: labels,
    axis: { labelLimit: CHANGE_LABEL_LIMIT + 40, grid: true },
  };
  const x = (field: string) => ({
    field,
    type: 'quantitative',
    title: p.y.title,
    scale: { zero: true, nice: true, ...(p.y.domain ? { domain: p.y.domain } : {}) },
  });
  const title = p.subtitle !== undefined ? { text: p.title, subtitle: p.subtitle, subtitleFontSize: 10 } : p.title;
  const layer: VegaLiteSpec[] = [];
  if (rows.some((r) => r.band))
    layer.push({
      transform: [{ filter: 'isValid(datum.bandLower)' }],
      mark: { type: 'rule', strokeWidth: 10, color: BAND_FILL },
      encoding: { y, x: x('bandLower'), x2: { field: 'bandUpper' } },
    });
  layer.push({
    mark: { type: 'tick', orient: 'vertical', color: LIMIT_COLOR, strokeDash: [...DASH_PATTERN], thickness: 1.5 },
    encoding: { y, x: x('threshold') },
  });
  layer.push({ mark: { type: 'rule', color: '#666666' }, encoding: { x: { datum: 0, type: 'quantitative' } } });
  if (rows.some((r) => r.interval))
    layer.push({
      transform: [{ filter: 'isValid(datum.intervalLower)' }],
      mark: { type: 'rule', color: '#444444', strokeWidth: 1.5 },
      encoding: { y, x: x('intervalLower'), x2: { field: 'intervalUpper' } },
    });
  layer.push(deltaPointLayer(p, values, y, x('delta')));
  layer.push({
    mark: { type: 'text', align: 'left', dx: 6, fontSize: 10 },
    encoding: { y, x: { value: PANEL_WIDTH }, text: { field: 'deltaText' } },
  });
  return { title, width: PANEL_WIDTH, height: panelHeight(p), data: { values }, layer };
}

/** The Δ of each row as a point: blue, green where it improved, a red cross where it failed; one legend names them. */
function deltaPointLayer(
  p: Panel,
  values: readonly { mark: (typeof CHANGE_MARKS)[number] }[],
  y: VegaLiteSpec,
  x: VegaLiteSpec,
): VegaLiteSpec {
  const marks = CHANGE_MARKS.filter((m) => values.some((v) => v.mark === m));
  return {
    mark: { type: 'point', filled: true, size: 60, opacity: 1, tooltip: true },
    encoding: {
      y,
      x,
      color: {
        field: 'mark',
        type: 'nominal',
        title: null,
        scale: {
          domain: marks,
          range: marks.map((m) => (m === 'failed' ? FAILED_MARK : m === 'improved' ? IMPROVED_GREEN : EXPERIMENT_BLUE)),
        },
        legend: { orient: 'bottom' },
      },
      // Same field, domain and legend as colour: one legend whose symbols show the cross.
      shape: {
        field: 'mark',
        type: 'nominal',
        title: null,
        scale: { domain: marks, range: marks.map((m) => (m === 'failed' ? 'cross' : 'circle')) },
        legend: { orient: 'bottom' },
      },
      tooltip: [
        { field: 'benchmark', title: p.x.title },
        { field: 'deltaText', title: 'Δ' },
        { field: 'status', title: 'Status' },
      ],
    },
  };
}

/** Layers under a line panel's series: its band, then its rules, each named in the colour legend. */
function overlayLayers(
  p: Panel,
  scales: { color: unknown; strokeDash: unknown },
): { under: VegaLiteSpec[]; over: VegaLiteSpec[] } {
  const y = yEncoding(p);
  const under: VegaLiteSpec[] = [];
  const over: VegaLiteSpec[] = [];
  if (p.band) {
    under.push({
      data: { values: [{ series: p.band.name, y: p.band.lower, y2: p.band.upper }] },
      mark: { type: 'rect' },
      // Across the whole plot, whatever the categories.
      encoding: { x: { value: 0 }, x2: { value: 'width' }, y, y2: { field: 'y2' }, color: scales.color },
    });
  }
  for (const r of p.rules ?? []) {
    over.push({
      data: { values: [{ series: r.name, y: r.y }] },
      mark: { type: 'rule', strokeWidth: 1.5 },
      encoding: { x: { value: 0 }, x2: { value: 'width' }, y, ...scales },
    });
  }
  return { under, over };
}

function panelSpec(p: Panel): VegaLiteSpec {
  if (p.mark === 'change') return changeSpec(p);
  const anyFailed = p.series.some((s) => s.points.some((q) => q.failed));
  // A 10 px subtitle: vega lays panels out by an estimate of 0.8 em a character.
  const title = p.subtitle !== undefined ? { text: p.title, subtitle: p.subtitle, subtitleFontSize: 10 } : p.title;
  const common = { title, width: PANEL_WIDTH, height: PANEL_HEIGHT, data: { values: panelValues(p) } };
  if (p.mark === 'bar') {
    return {
      ...common,
      mark: { type: 'rect', color: p.series[0]?.color ?? '#09487e', tooltip: true },
      encoding: {
        x: xEncoding(p),
        x2: { field: 'x2' },
        y: yEncoding(p),
      },
    };
  }
  const pointsPerSeries = Math.max(0, ...p.series.map((s) => s.points.length));
  const withPoints = pointsPerSeries <= MAX_POINTS_WITH_MARKERS;
  if (isSampleSeries(p)) {
    // A sample series: one line, named by the panel's title and y axis. Without a colour and dash
    // encoding vega builds no legend and no per-series grouping: a third less work per panel.
    const only = p.series[0]!;
    return {
      ...common,
      data: { values: only.points.map((q) => ({ x: q.x, y: q.y })) },
      // Round joins: a miter join at a sharp turn of a dense series reaches up to four line widths
      // past the sample (SVG's miter limit), drawing values that are not there; a round join stays
      // within half a line width of every sample, whatever M4 keeps (m4.ts).
      mark: {
        type: 'line',
        strokeWidth: 2,
        strokeJoin: 'round',
        color: only.color,
        point: withPoints,
        tooltip: true,
      },
      encoding: { x: xEncoding(p), y: yEncoding(p), tooltip: pointTooltip(p) },
    };
  }
  const line = seriesLine(p, withPoints);
  // A panel without failures, band or rules keeps its single-view spec (and its bytes).
  if (p.band || p.rules) {
    // The band under everything, then the series, the limit lines and the failure marks on top;
    // each overlay coloured through the series' scales, so the one legend names it too.
    const { under, over } = overlayLayers(p, { color: line.encoding.color, strokeDash: line.encoding.strokeDash });
    return { ...common, layer: [...under, line, ...over, ...(anyFailed ? [failureLayer(p)] : [])] };
  }
  return anyFailed ? { ...common, layer: [line, failureLayer(p)] } : { ...common, ...line };
}

/** One data row per point of every series (`x2` for a bar's end, `failed` where it failed). */
function panelValues(p: Panel): Record<string, unknown>[] {
  return p.series.flatMap((s) =>
    s.points.map((q) => {
      const row: Record<string, unknown> =
        q.x2 !== undefined ? { series: s.name, x: q.x, x2: q.x2, y: q.y } : { series: s.name, x: q.x, y: q.y };
      if (q.failed) row.failed = true;
      return row;
    }),
  );
}

/** A point's tooltip: its x (the payload in bytes on a payload axis) and its y. */
function pointTooltip(p: Panel): VegaLiteSpec[] {
  const tooltipX =
    p.x.kind === 'payload'
      ? { field: 'x', type: 'quantitative', title: 'Payload [B]' }
      : { field: 'x', title: p.x.title };
  const tooltipY = { field: 'y', type: 'quantitative', title: p.y.title, format: '~r' };
  return [tooltipX, tooltipY];
}

/** The series as lines, coloured and dashed by series through one legend that also names the band and rules. */
function seriesLine(p: Panel, withPoints: boolean) {
  // The band and the rules are named in the series legend, after the series.
  const keys = [
    ...p.series.map((s) => ({ name: s.name, color: s.color, dashed: s.dashed === true })),
    ...(p.band ? [{ name: p.band.name, color: p.band.color, dashed: false }] : []),
    ...(p.rules ?? []).map((r) => ({ name: r.name, color: r.color, dashed: r.dashed === true })),
  ];
  const names = keys.map((k) => k.name);
  const many = names.length > MAX_BOTTOM_LEGEND_SERIES;
  const legend = {
    orient: many ? 'right' : 'bottom',
    direction: many ? 'vertical' : 'horizontal',
    columns: many ? 1 : 2,
    symbolType: 'stroke',
    symbolStrokeWidth: 2,
  };
  return {
    // No clip: every domain holds all of its panel's points (payloadDomain, data-driven y scales,
    // every category listed), and resvg draws each clip-path through a full-canvas mask, which
    // made clipping two thirds of the PNGs' raster time.
    mark: { type: 'line', strokeWidth: 2, point: withPoints, tooltip: true },
    encoding: {
      x: xEncoding(p),
      y: yEncoding(p),
      color: {
        field: 'series',
        type: 'nominal',
        title: null,
        sort: names,
        scale: { domain: names, range: keys.map((k) => k.color) },
        legend,
      },
      // Same field, domain and legend as colour: Vega-Lite merges them into one legend whose symbols show the dashes.
      strokeDash: {
        field: 'series',
        type: 'nominal',
        title: null,
        sort: names,
        scale: { domain: names, range: keys.map((k) => (k.dashed ? [...DASH_PATTERN] : SOLID)) },
        legend,
      },
      tooltip: [{ field: 'series', title: 'Series' }, ...pointTooltip(p)],
    },
  };
}

/** The Vega-Lite spec of a chart: one panel, or a grid of independent panels. */
export function toVegaLite(chart: Chart): VegaLiteSpec {
  const head = {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: chart.note ?? chart.title,
    config: CHART_CONFIG,
  };
  if (chart.panels.length === 1) {
    const panel = chart.panels[0]!;
    const only = panelSpec(panel);
    const subtitle = panel.subtitle !== undefined ? [panel.title, panel.subtitle] : panel.title;
    return { ...head, ...only, title: { text: chart.title, subtitle } };
  }
  return {
    ...head,
    title: chart.title,
    columns: chart.columns,
    concat: chart.panels.map(panelSpec),
    // Each panel has its own series and units: nothing is shared between panels.
    resolve: {
      scale: {
        x: 'independent',
        y: 'independent',
        color: 'independent',
        strokeDash: 'independent',
        ...(chart.panels.some((p) => p.mark === 'change') ? { x: 'independent', y: 'independent' } : {}),
        ...(chart.panels.some((p) => p.series.some((s) => s.points.some((q) => q.failed)))
          ? { shape: 'independent' }
          : {}),
      },
      legend: { color: 'independent' },
    },
  };
}
