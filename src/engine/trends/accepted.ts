/**
 * Which steps of the default branch's history were accepted: a regression step that began at a run whose record says
 * its changes were accepted (the merged pull request's accept label, or a waiver in force naming the series, within
 * its ceiling). An accepted step is reported as such and opens no alert (alerts.ts).
 */
import { magnitudeName } from '../compare/rows.js';
import type { RecordedAcceptance, RecordedWaiver } from '../history/record.js';
import { WEIGHTED_PARAMETER } from './weighted.js';
import type { TrendSeriesName } from './seriesName.js';

/** How a step was accepted: the label, or the waiver that covers its series; with the pull request when known. */
export type StepAcceptance =
  | { kind: 'label'; label: string; by?: string; description?: string; pullRequest?: number }
  | ({ kind: 'waiver'; pullRequest?: number } & RecordedWaiver);

/** The names a series' benchmark and metric go by, as the comparison reports name its rows (acceptance.ts). */
function matches(waiver: RecordedWaiver, series: TrendSeriesName & { payloadBytes?: number }): boolean {
  const parameter = series.parameter === WEIGHTED_PARAMETER ? 'geomean' : series.parameter;
  const benchmarks = [parameter === '' ? series.experiment : `${series.experiment} ${parameter}`];
  if (series.payloadBytes !== undefined) benchmarks.push(`${series.experiment} ${series.payloadBytes} B`);
  const magnitude = magnitudeName(series.statistic);
  const metrics = [
    series.metric,
    `${series.metric} ${magnitude.toLowerCase()}`,
    `${series.metric} ${series.statistic}`,
    magnitude,
  ];
  return benchmarks.includes(waiver.benchmark) && metrics.includes(waiver.metric);
}

/**
 * The acceptance of a regression step of `series` that began at a run with `accepted`: a waiver naming the series
 * whose ceiling holds the step's change (worse positive, in %), else the label; undefined when neither covers it.
 */
export function stepAcceptance(
  accepted: RecordedAcceptance | undefined,
  series: TrendSeriesName & { payloadBytes?: number },
  worsePercent: number,
): StepAcceptance | undefined {
  if (!accepted) return undefined;
  const pr = accepted.pullRequest !== undefined ? { pullRequest: accepted.pullRequest } : {};
  const waiver = accepted.waivers?.find((w) => matches(w, series) && worsePercent <= w.ceilingPercent);
  if (waiver) return { kind: 'waiver', ...waiver, ...pr };
  if (accepted.label) return { kind: 'label', ...accepted.label, ...pr };
  return undefined;
}

/** `label perfgate-accept (#12)`, `waiver .github/perfgate-waivers.csv:3`. */
export function stepAcceptanceWords(a: StepAcceptance): string {
  const pr = a.pullRequest !== undefined ? ` (#${a.pullRequest})` : '';
  return a.kind === 'label' ? `label ${a.label}${pr}` : `waiver ${a.place}${pr}`;
}
