/**
 * Charts of one run's results: each checked sub-experiment against its requirements, the
 * sub-experiments side by side (Fast-DDS summaries), and higher-is-better metrics (throughput).
 */
import type { CheckRow } from '../check/checkRow.js';
import type { CheckReport } from '../report/check/model.js';
import type { Measurement, StatisticName } from '../model/measurement.js';
import type { PayloadSummary, Summary } from '../model/summary.js';
import { isPayloadAxis } from './payloadAxis.js';
import { displayUnit } from '../model/statisticRules.js';
import { EXPERIMENT_BLUE, REQUIREMENT_RED, seriesColor } from './palette.js';
import { panelValues, safeFileStem, type Chart, type Point, type XAxis } from './model.js';
import { failedIf, finitePoints, inDisplayUnit, LATENCY_UNIT, panel, PAYLOAD_AXIS, withUnit } from './panels.js';

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
      const onPayload =
        rows.every((r) => r.parameter === undefined || String(r.payloadBytes) === r.parameter) &&
        isPayloadAxis(rows.map((r) => r.payloadBytes));
      const xOf = (r: CheckRow): number | string =>
        onPayload ? r.payloadBytes : (r.parameter ?? String(r.payloadBytes));
      const x: XAxis = onPayload
        ? PAYLOAD_AXIS
        : { kind: 'category', title: 'Parameter', categories: [...new Set(rows.map((r) => String(xOf(r))))] };
      const floor = rows[0]!.direction === 'higher-is-better';
      const drawn = panel(
        `${check}: experiment vs ${floor ? 'floor' : 'requirement'}`,
        x,
        withUnit(check, unit),
        unit,
        [
          {
            name: `requirement ${check}`,
            color: REQUIREMENT_RED,
            points: finitePoints(rows.map((r) => ({ x: xOf(r), y: r.requirement }))),
          },
          {
            name: `experiment ${check}`,
            color: EXPERIMENT_BLUE,
            points: finitePoints(rows.map((r) => failedIf({ x: xOf(r), y: r.experiment }, r.status === 'failed'))),
          },
        ],
      );
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

export const SUMMARY_MAGNITUDES: readonly [string, keyof PayloadSummary][] = [
  ['Min', 'min'],
  ['Median', 'median'],
  ['Max', 'max'],
  ['99%', 'p99'],
];

export function summaryPoints(summary: Summary, field: keyof PayloadSummary): Point[] {
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
  return {
    id: 'subexperiments',
    kind: 'subexperiments',
    title: 'Sub-experiment comparison',
    panels: aligned,
    columns: 2,
    inline: true,
  };
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
    const x: XAxis = onPayload
      ? PAYLOAD_AXIS
      : { kind: 'category', title: 'Parameter', categories: [...new Set(ofMetric.map((m) => m.parameter.label))] };
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
