/**
 * Charts of a comparison against a reference or a history: what changed (every gated benchmark's Δ),
 * the reference and the result side by side (Fast-DDS summaries: <type>_min_median.png,
 * <type>_max_99%.png) and before/after per experiment; and how these charts name a comparison's
 * benchmarks and size a value axis, which the regressions chart (regressionChart.ts) shares.
 */
import { chartEvidence } from './chartEvidence.js';
import { valueChange, valueChangeRange } from '../report/change.js';
import type { ComparisonRow } from '../compare/compare.js';
import { methodOf } from '../compare/methods.js';
import type { ComparisonReport } from '../report/comparison/comparisonReport.js';
import type { PayloadSummary } from '../model/summary.js';
import { BASELINE_GREYS, EXPERIMENT_BLUE, RESULT_BLUES } from './palette.js';
import { formatDelta, unchangedAtDisplay } from './format.js';
import { panelValues, safeFileStem, type ChangeRow, type Chart, type Panel, type Series, type XAxis } from './model.js';
import { failedIf, inDisplayUnit, LATENCY_UNIT, panel, PAYLOAD_AXIS, withUnit } from './panels.js';
import { summaryPoints } from './resultCharts.js';

/**
 * Reference vs result per sub-experiment: min–median and max–99% (reference: <type>_min_median.png,
 * <type>_max_99%.png).
 */
export function referenceCharts(report: ComparisonReport): Chart[] {
  const charts: Chart[] = [];
  for (const sub of report.subExperiments) {
    if (!sub.reference || !sub.result) continue;
    const ref = sub.reference;
    const res = sub.result;
    // The payloads where this magnitude's comparison failed: their result points are marked.
    const failing = (magnitude: string) =>
      new Set(sub.rows.filter((r) => r.failed && r.magnitude === magnitude).map((r) => r.payloadBytes));
    const resultPoints = ([label, field]: [string, keyof PayloadSummary]) => {
      const failed = failing(label);
      return summaryPoints(res, field).map((p) => failedIf(p, failed.has(p.x as number)));
    };
    const pair = (a: [string, keyof PayloadSummary], b: [string, keyof PayloadSummary]): Panel =>
      panel(
        `${a[0].toLowerCase()} – ${b[0].toLowerCase()}`,
        PAYLOAD_AXIS,
        withUnit('Latency', LATENCY_UNIT),
        LATENCY_UNIT,
        [
          { name: `${report.referenceLabel} ${a[0]}`, color: BASELINE_GREYS[0], points: summaryPoints(ref, a[1]) },
          { name: `${report.referenceLabel} ${b[0]}`, color: BASELINE_GREYS[1], points: summaryPoints(ref, b[1]) },
          { name: `${report.resultLabel} ${a[0]}`, color: RESULT_BLUES[0], points: resultPoints(a) },
          { name: `${report.resultLabel} ${b[0]}`, color: RESULT_BLUES[1], points: resultPoints(b) },
        ],
      );
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

/** Beyond this many benchmarks a "what changed" panel shows the worst ones and says how many it left out. */
export const MAX_CHANGE_ROWS = 30;
/** At most this many before/after charts (one per experiment), the failing experiments first. */
export const MAX_BEFORE_AFTER_CHARTS = 20;
/**
 * Before/after panels go log₁₀ when their values span more than this: each benchmark's change is
 * relative, and on a linear axis up to 10× the smallest one's 30 % is a few pixels (0.8 µs on 0–25 µs).
 */
export const BEFORE_AFTER_LOG_RATIO = 10;
/**
 * A value axis spans at least this share of its largest value, so a flat series is drawn flat, not zoomed into its last
 * digits.
 */
export const MIN_RELATIVE_SPAN = 0.1;

/** The comparison's sign convention, said once under every chart that draws a Δ. */
export const DELTA_SIGN_NOTE =
  'Δ: the change of the value itself, (new − old) / old in %; for a throughput or rate (↑) a drop is worse, for anything else a rise.';

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
export function benchmarkNames(rows: readonly ComparisonRow[]): {
  label: (row: ComparisonRow) => string;
  experiment?: string;
} {
  const experiments = [...new Set(rows.map((r) => r.experimentType))];
  if (experiments.length === 1 && rows.every((r) => r.parameter !== ''))
    return { label: (r) => r.parameter, experiment: experiments[0]! };
  const short = shortExperimentNames(experiments);
  return { label: (r) => benchmarkLabel(r, short) };
}

/** The family a row belongs to: one metric × statistic, as a panel shows it. */
function familyOf(row: ComparisonRow): string {
  return `${row.metric}\u0000${row.statistic}`;
}

export function familyTitle(row: ComparisonRow): string {
  return `${row.metric} ${row.magnitude}`;
}

/**
 * "What changed": per gated metric × statistic a panel of every benchmark's Δ against the
 * reference, with its interval (paired) or the noise band (history), the threshold and a zero
 * line; failing rows first, then from worst to best (the report's order). A family in which no
 * benchmark changed at all (allocations, byte counts) is named in the note, not drawn.
 */
export function changeChart(report: ComparisonReport): Chart | undefined {
  // A suite row is no benchmark: the headline and a note say its move.
  const rows = report.rows.filter((r) => r.gated && Number.isFinite(r.deltaPercent) && !chartEvidence(r).suite);
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
      const drawn = chartEvidence(r);
      const interval = valueChangeRange(drawn.interval, r.direction);
      const band = valueChangeRange(drawn.band, r.direction);
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
    const ends = changes.flatMap((c) => [
      c.delta,
      c.threshold,
      ...(c.interval ? [c.interval.lower, c.interval.upper] : []),
      ...(c.band ? [c.band.lower, c.band.upper] : []),
    ]);
    const finite = [0, ...ends.filter(Number.isFinite)];
    const deltas = left.map((r) => valueChange(r.deltaPercent, r.direction));
    panels.push({
      title: familyTitle(family[0]!),
      ...(left.length > 0
        ? {
            subtitle: `${shown.length} worst of ${family.length} shown; the other ${left.length} are ${formatDelta(Math.min(...deltas))} … ${formatDelta(Math.max(...deltas))}`,
          }
        : {}),
      x: {
        kind: 'category',
        title: names.experiment !== undefined ? 'Parameter' : 'Benchmark',
        categories: changes.map((c) => c.label),
      },
      y: {
        title: `Δ vs ${report.referenceLabel} [%]`,
        unit: '%',
        log: false,
        domain: [Math.min(...finite), Math.max(...finite)],
      },
      mark: 'change',
      series: [],
      changes,
    });
  }
  const notes = [DELTA_SIGN_NOTE, ...methodOf(report.method).chartNotes];
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
export function valueDomain(values: readonly number[]): [number, number] | undefined {
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
        {
          name: report.referenceLabel,
          color: BASELINE_GREYS[0],
          points: rows.map((r) => ({ x: r.parameter, y: r.reference })),
        },
        {
          name: report.resultLabel,
          color: EXPERIMENT_BLUE,
          points: rows.map((r) => failedIf({ x: r.parameter, y: r.result }, r.failed)),
        },
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
