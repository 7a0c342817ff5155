/**
 * Charts of the history runs (Fast-DDS reference: history_<col>.png and <payload>_bytes_<col>.png),
 * and how a run is labelled and coloured wherever runs are drawn.
 */
import type { CheckReport } from '../report/check/model.js';
import { seriesColor } from './palette.js';
import { safeFileStem, type Chart, type Series, type XAxis } from './model.js';
import { finitePoints, LATENCY_UNIT, panel, PAYLOAD_AXIS, withUnit } from './panels.js';
import type { HistoryRun } from './sources.js';

/**
 * `2026-01-02 1a2b3c4` (the date alone for an imported run that recorded no commit), with the run id when two runs
 * would read the same.
 */
export function runLabels(runs: readonly Pick<HistoryRun, 'sha' | 'date' | 'runId'>[]): string[] {
  const base = runs.map((r) =>
    /^[0-9a-f]{7,64}$/i.test(r.sha) ? `${r.date.slice(0, 10)} ${r.sha.slice(0, 7)}` : r.date.slice(0, 10),
  );
  return base.map((label, i) =>
    base.indexOf(label) !== base.lastIndexOf(label) ? `${label} #${runs[i]!.runId}` : label,
  );
}

/**
 * A sequential colour for run i of n (older lighter, newer darker), from the viridis map, which
 * is colour-blind safe and keeps the order readable with 30 runs where a categorical palette repeats.
 */
export function runColor(i: number, n: number): string {
  // Viridis, reversed so the newest run is the darkest; the palest stops are dropped (invisible on white).
  const stops = ['#b5de2b', '#6ece58', '#35b779', '#1f9e89', '#26828e', '#31688e', '#3e4989', '#482878', '#440154'];
  const t = n <= 1 ? 1 : i / (n - 1);
  const pos = t * (stops.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(stops.length - 1, lo + 1);
  const f = pos - lo;
  const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
  const a = rgb(stops[lo]!);
  const b = rgb(stops[hi]!);
  return (
    '#' +
    a
      .map((v, k) =>
        Math.round(v + (b[k]! - v) * f)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

const HISTORY_MAGNITUDES: readonly [string, 'min' | 'median' | 'max' | 'p99'][] = [
  ['Min', 'min'],
  ['Median', 'median'],
  ['Max', 'max'],
  ['99%', 'p99'],
];
const CHECKED: readonly [string, 'median' | 'p99' | 'max'][] = [
  ['Median', 'median'],
  ['99%', 'p99'],
  ['Max', 'max'],
];

/**
 * Per sub-experiment: a history per magnitude (one series per run, payload on x; reference
 * history_<col>.png) and a history per payload (runs on x, Median/99%/Max with their requirement
 * dashed; reference <payload>_bytes_<col>.png).
 */
export function historyCharts(runs: readonly HistoryRun[], check?: CheckReport): Chart[] {
  const labels = runLabels(runs);
  const names = [...new Set(runs.flatMap((r) => r.experiments.map((e) => e.experiment)))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const charts: Chart[] = [];
  for (const name of names) {
    const perRun = runs.map((r) => r.experiments.find((e) => e.experiment === name));
    const magnitudePanels = HISTORY_MAGNITUDES.map(([label, field]) =>
      panel(
        `History ${label}`,
        PAYLOAD_AXIS,
        withUnit(label, LATENCY_UNIT),
        LATENCY_UNIT,
        perRun.flatMap((ex, i) =>
          ex
            ? [
                {
                  name: labels[i]!,
                  color: runColor(i, runs.length),
                  points: finitePoints(ex.payloads.map((p) => ({ x: p.bytes, y: p[field] ?? NaN }))),
                },
              ]
            : [],
        ),
      ),
    );
    charts.push({
      id: `history-magnitude-${safeFileStem(name)}`,
      kind: 'history-magnitude',
      title: `History ${name} per magnitude (${runs.length} run${runs.length === 1 ? '' : 's'})`,
      experiment: name,
      panels: magnitudePanels,
      columns: 2,
      inline: false,
    });

    const payloads = [...new Set(perRun.flatMap((ex) => ex?.payloads.map((p) => p.bytes) ?? []))];
    const rows = check?.subExperiments.find((s) => s.experimentType === name)?.rows ?? [];
    const x: XAxis = { kind: 'category', title: 'Run', categories: labels };
    const payloadPanels = payloads.map((bytes) => {
      const series: Series[] = [];
      CHECKED.forEach(([label, field], k) => {
        const color = seriesColor(k);
        series.push({
          name: label,
          color,
          points: finitePoints(
            perRun.map((ex, i) => ({ x: labels[i]!, y: ex?.payloads.find((p) => p.bytes === bytes)?.[field] ?? NaN })),
          ),
        });
        const limit = rows.find(
          (r) => r.check === label && r.payloadBytes === bytes && r.direction === undefined,
        )?.requirement;
        if (limit !== undefined && Number.isFinite(limit)) {
          series.push({
            name: `requirement ${label}`,
            color,
            dashed: true,
            points: labels.map((l) => ({ x: l, y: limit })),
          });
        }
      });
      return panel(`History ${formatPayloadTitle(bytes)}`, x, withUnit('Latency', LATENCY_UNIT), LATENCY_UNIT, series);
    });
    if (payloadPanels.length > 0) {
      charts.push({
        id: `history-payload-${safeFileStem(name)}`,
        kind: 'history-payload',
        title: `History ${name} per payload`,
        experiment: name,
        panels: payloadPanels,
        columns: 3,
        inline: false,
      });
    }
  }
  return charts;
}

function formatPayloadTitle(bytes: number): string {
  return `${bytes} Bytes`;
}
