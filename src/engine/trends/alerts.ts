/**
 * Alerts on the default branch: one GitHub issue per regression step that is still current. A step
 * is current while the series' latest level (the level after its last step) is still worse than the
 * level before the step by at least the change-point model's smallest change; once the level is
 * back, or the step has left the recorded window, the alert is over and its issue is closed.
 *
 * Each alert carries a marker (a hash of experiment, parameter, metric, statistic and the commit
 * where the step began) that finds its issue again on later runs. Pure: the action shell lists,
 * opens, updates and closes the issues.
 */
import { escapeMarkdown, withoutControls, withoutGithubReferences } from '../report/escape.js';
import {
  hasCommit,
  runName,
  SERIES_NAME_FIELDS,
  seriesNames,
  type TrendReport,
  type TrendRunRef,
  type TrendSeries,
  type TrendStep,
} from './trends.js';

export interface TrendAlert {
  /** `<!-- perfgate-trend-alert:<hash> -->`: in the issue body, how the issue is found again. */
  marker: string;
  title: string;
  body: string;
}

export const ALERT_MARKER_PREFIX = '<!-- perfgate-trend-alert:';
/** GitHub's limit on an issue title. */
const MAX_TITLE = 256;

/** FNV-1a, 64 bits: a stable id of the alert's key (names from result files never reach the marker). */
function hash64(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return h.toString(16).padStart(16, '0');
}

function worseThan(series: TrendSeries, level: number, reference: number, margin: number): boolean {
  return series.direction === 'higher-is-better' ? level < reference * (1 - margin) : level > reference * (1 + margin);
}

function shown(v: number, unit: string, exact?: true): string {
  const text = !Number.isFinite(v) ? '—' : exact ? String(Math.round(v)) : String(Number(v.toPrecision(4)));
  return unit ? `${text} ${unit}` : text;
}

function percent(change: number): string {
  const p = change * 100;
  return `${p >= 0 ? '+' : '−'}${Math.abs(p).toFixed(1)} %`;
}

/** The series' level now: after its last step, or its whole level when it has none. */
function latestLevel(series: TrendSeries, step: TrendStep): number {
  const last = series.steps.reduce<TrendStep>((a, b) => (b.firstRun > a.firstRun ? b : a), step);
  return last.after;
}

/** The alerts of the regression steps that are still current, in report order. */
export function trendAlerts(report: TrendReport, serverUrl: string, repository: string): TrendAlert[] {
  const settingsMargin = report.settings.minMagnitude;
  const commitUrl = (sha: string) => `${serverUrl.replace(/\/+$/, '')}/${repository}/commit/${encodeURIComponent(sha)}`;
  const alerts: TrendAlert[] = [];
  for (const series of report.series) {
    // An exact count's level is back when it is within its count threshold (1 %), a time's within the step size.
    const margin = series.exact && series.countThreshold !== undefined ? series.countThreshold : settingsMargin;
    const value = (v: number, unit: string) => shown(v, unit, series.exact);
    for (const step of series.steps) {
      // An accepted step (the merged pull request's label, a waiver) is known and wanted: no alert.
      if (step.kind !== 'regression' || step.accepted) continue;
      const level = latestLevel(series, step);
      if (!worseThan(series, level, step.before, margin)) continue;
      const first = report.runs[step.firstRun]!;
      const before = report.runs[step.lastRunBefore]!;
      const latest = report.runs[report.runs.length - 1]!;
      const names = seriesNames(series);
      const marker = `${ALERT_MARKER_PREFIX}${hash64(JSON.stringify([...names, first.sha]))} -->`;
      // The title is plain text, but GitHub still links `#12` and `www.` in it.
      const plain = names
        .map((n) => withoutGithubReferences(withoutControls(n).replace(/\s+/g, ' ').trim()))
        .filter((n) => n !== '');
      const title = `perfgate: ${plain.join(' ')} regressed ${percent(step.change)} since ${runName(first)}`;
      const md = (text: string) => escapeMarkdown(text);
      // A run with its commit links it; an imported run without one is named by its date.
      const link = (run: TrendRunRef) =>
        hasCommit(run) ? `[${md(runName(run))}](${commitUrl(run.sha)}) (${md(run.date)})` : md(runName(run));
      const compare =
        hasCommit(before) && hasCommit(first)
          ? `: [compare](${serverUrl.replace(/\/+$/, '')}/${repository}/compare/${encodeURIComponent(before.sha)}...${encodeURIComponent(first.sha)})`
          : '';
      const body = [
        marker,
        `### Regression on the default branch: ${md(series.experiment)}`,
        '',
        `| ${SERIES_NAME_FIELDS.join(' | ')} |`,
        `|${SERIES_NAME_FIELDS.map(() => '---|').join('')}`,
        `| ${names.map(md).join(' | ')} |`,
        '',
        `The ${md(series.statistic)} went from ${md(value(step.before, series.unit))} to ${md(value(step.after, series.unit))} (${percent(step.change)}), ${step.exact ? 'a change of an exact count over its threshold (no noise to test it against' : `a persistent step (p = ${step.pValue < 1e-4 ? '< 0.0001' : step.pValue.toFixed(4)}`}, ${step.runsBefore} runs before, ${step.runsAfter} after).`,
        '',
        `It began between ${link(before)} and ${link(first)}${compare}.`,
        '',
        `Latest level: ${md(value(level, series.unit))} at ${hasCommit(latest) ? `[${md(runName(latest))}](${commitUrl(latest.sha)})` : md(runName(latest))}${latest.runUrl ? ` ([run](${latest.runUrl}))` : ''}. perfgate closes this issue when the level is back within ${Math.round(margin * 100)} % of ${md(value(step.before, series.unit))}.`,
      ].join('\n');
      alerts.push({ marker, title: title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1)}…` : title, body });
    }
  }
  return alerts;
}

/** The body an alert's issue gets when it is closed: why, at which run. */
export function recoveredBody(previous: string, report: TrendReport, serverUrl: string, repository: string): string {
  const latest = report.runs[report.runs.length - 1];
  const at = !latest
    ? ''
    : hasCommit(latest)
      ? ` at [${escapeMarkdown(runName(latest))}](${serverUrl.replace(/\/+$/, '')}/${repository}/commit/${encodeURIComponent(latest.sha)})`
      : ` at ${escapeMarkdown(runName(latest))}`;
  const note = `**Closed by perfgate${at}:** the level is back within ${Math.round(report.settings.minMagnitude * 100)} % of where it was before this step, or the step has left the recorded window.`;
  return previous.includes('**Closed by perfgate') ? previous : `${previous}\n\n${note}`;
}
