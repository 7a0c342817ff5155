/**
 * The trend report as a Markdown section (trends.md, the job summary), plain terminal text and
 * JSON. Every number comes from the model (trends.ts); names from result files are untrusted and
 * escaped.
 */
import { escapeMarkdown, withoutControls } from '../report/escape.js';
import { stepAcceptanceWords, type StepAcceptance } from './accepted.js';
import {
  hasCommit,
  runName,
  SERIES_NAME_FIELDS,
  seriesNameOf,
  seriesNames,
  type TrendOutlier,
  type TrendReport,
  type TrendRunRef,
  type TrendSeries,
  type TrendStep,
} from './trends.js';

/** Bumped when the shape of trends.json changes incompatibly. */
export const TRENDS_SCHEMA_VERSION = 1;

function value(v: number): string {
  if (!Number.isFinite(v)) return '—';
  return String(Number(v.toPrecision(4)));
}

function percent(change: number): string {
  const p = change * 100;
  return `${p >= 0 ? '+' : '−'}${Math.abs(p).toFixed(1)} %`;
}

function pValue(p: number): string {
  return p < 1e-4 ? '< 0.0001' : p.toFixed(4);
}

/** A step's evidence: its p-value, or, for an exact count, that no test was needed. */
function stepP(step: TrendStep): string {
  return step.exact ? EXACT_WORDS : pValue(step.pValue);
}

/** What an exact count's step shows where another step shows its p-value. */
const EXACT_WORDS = 'exact count';

/** Each new level of an exact count: another instrument counted from that run on, so it is no step. */
function newLevelLines(
  report: TrendReport,
  escape: (text: string) => string,
  sha: (i: number) => string,
  separator: string,
): string[] {
  return report.series.flatMap((series) =>
    (series.newLevels ?? []).map(
      (l) =>
        `${seriesName(series, escape).join(separator)}: counted by "${escape(l.after)}" from ${sha(l.run)} (before: "${escape(l.before)}"); not comparable, a new level, not a step`,
    ),
  );
}

/** A run with its date, unless its name already is the date. */
function runWithDate(run: TrendRunRef, escape: (text: string) => string): string {
  return hasCommit(run) ? `${escape(runName(run))} (${escape(run.date)})` : escape(runName(run));
}

function seriesName(s: TrendSeries, escape: (text: string) => string): string[] {
  return seriesNames(s).map(escape);
}

/** A value with its unit: to 4 significant digits, an exact count (`exact`) whole. */
function withUnit(v: number, unit: string, exact?: true): string {
  const shown = exact && Number.isFinite(v) ? String(Math.round(v)) : value(v);
  return unit ? `${shown} ${unit}` : shown;
}

interface Row {
  series: TrendSeries;
  step: TrendStep;
}

function rowsOf(report: TrendReport, pick: (s: TrendSeries) => readonly TrendStep[]): Row[] {
  return report.series.flatMap((series) => pick(series).map((step) => ({ series, step })));
}

function settingsLine(report: TrendReport): string {
  const { maxPValue, minMagnitude, minSegment } = report.settings;
  return `E-divisive means with a t-test: p ≤ ${maxPValue}, change ≥ ${Math.round(minMagnitude * 100)} %, at least ${minSegment} runs on each side of a step`;
}

/** The trend section in Markdown. */
export function renderTrendsMarkdown(report: TrendReport): string {
  const md = (text: string) => escapeMarkdown(text);
  const sha = (i: number) => md(runName(report.runs[i]));
  const lines = ['## Trends on the default branch', ''];
  if (report.runs.length === 0) return [...lines, 'No recorded runs.', ''].join('\n');
  const first = report.runs[0]!;
  const last = report.runs[report.runs.length - 1]!;
  lines.push(
    `${report.runs.length} run(s) from ${runWithDate(first, md)} to ${runWithDate(last, md)}; ${report.series.length} series; ${settingsLine(report)}.`,
    '',
  );
  if (report.newRegressions > 0)
    lines.push(`**${report.newRegressions} new regression step(s) appeared with the newest run.**`, '');
  const steps = rowsOf(report, (s) => s.steps);
  if (steps.length === 0) {
    lines.push('No persistent step in any series.', '');
  } else {
    lines.push(
      `| | ${SERIES_NAME_FIELDS.join(' | ')} | change | before → after | began between | runs after | p |`,
      '|---|---|---|---|---|---:|---:|---|---:|---:|',
    );
    for (const { series, step } of steps) {
      const mark = step.accepted
        ? `✅ accepted regression (${md(stepAcceptanceWords(step.accepted))})`
        : step.kind === 'regression'
          ? step.isNew
            ? '**new regression**'
            : 'regression'
          : 'improvement';
      lines.push(
        `| ${mark} | ${seriesName(series, md).join(' | ')} | ${percent(step.change)} | ${withUnit(step.before, md(series.unit), series.exact)} → ${withUnit(step.after, md(series.unit), series.exact)} | ${sha(step.lastRunBefore)} … ${sha(step.firstRun)} | ${step.runsAfter} | ${stepP(step)} |`,
      );
    }
    lines.push('');
    const accepted = steps.filter(({ step }) => step.accepted !== undefined);
    if (accepted.length > 0) {
      lines.push('Accepted steps (they open no alert):', '');
      for (const { series, step } of accepted)
        lines.push(`- ${seriesName(series, md).join(' · ')}: ${acceptedWhy(step.accepted!, md)}`);
      lines.push('');
    }
  }
  const pending = rowsOf(report, (s) => (s.pending ? [s.pending] : []));
  if (pending.length > 0) {
    lines.push('Pending (too few runs after the change to tell a step from an outlier yet):', '');
    for (const { series, step } of pending) {
      lines.push(
        `- ${seriesName(series, md).join(' · ')}: ${percent(step.change)} since ${sha(step.firstRun)} (${step.runsAfter} run(s), p ${stepP(step)})`,
      );
    }
    lines.push('');
  }
  const outliers = report.series.flatMap((series) => series.outliers.map((o) => ({ series, o })));
  if (outliers.length > 0) {
    lines.push('Outliers (short excursions that returned; not steps):', '');
    for (const { series, o } of outliers)
      lines.push(`- ${seriesName(series, md).join(' · ')}: ${outlierText(o, series.unit, md, sha(o.run))}`);
    lines.push('');
  }
  const levels = newLevelLines(report, md, sha, ' · ');
  if (levels.length > 0)
    lines.push(
      'New levels (another tool, version or cache configuration counted):',
      '',
      ...levels.map((l) => `- ${l}`),
      '',
    );
  if (report.series.some((s) => s.exact && s.steps.length > 0))
    lines.push(
      `Exact counts (instructions counted by a simulator) have no noise: their step is any change over the count threshold, with no test.`,
      '',
    );
  if (steps.length > 0 || pending.length > 0 || outliers.length > 0) lines.push(CHANGE_LEGEND, '');
  const weighted = report.series.filter((s) => s.weights !== undefined);
  if (weighted.length > 0) {
    lines.push(
      `Weighted geomean series: per run, the parameters' values averaged on the log scale with weights 1/σ², σ each parameter's run-to-run sd of the log; a step with only ${report.settings.minSegment} runs after it waits for one more unless a parameter's series shows it too. Weights:`,
      '',
    );
    for (const s of weighted)
      lines.push(
        `- ${[s.experiment, s.metric, s.statistic].map(md).join(' · ')}: ${s.weights!.map((w) => `${md(w.parameter)} ${(w.weight * 100).toFixed(1)} % (σ ${w.sd.toFixed(3)})`).join(', ')}`,
      );
    lines.push('');
  }
  return lines.join('\n');
}

function outlierText(o: TrendOutlier, unit: string, escape: (text: string) => string, at: string): string {
  const span = o.length === 1 ? `run ${at}` : `${o.length} runs from ${at}`;
  return `${withUnit(o.value, escape(unit))} against ${withUnit(o.level, escape(unit))} (${percent(o.change)}, ${o.kind}) at ${span}`;
}

/** Why a step was accepted, in the user's words (escaped by `escape`): the label's adder and description, or the waiver. */
function acceptedWhy(a: StepAcceptance, escape: (text: string) => string): string {
  if (a.kind === 'label')
    return `${escape(stepAcceptanceWords(a))}${a.by !== undefined ? `, added by ${escape(`@${a.by}`)}` : ''}${a.description ? `: ${escape(a.description)}` : ''}`;
  return `${escape(stepAcceptanceWords(a))}, up to +${Number(a.ceilingPercent.toPrecision(3))} % until ${escape(a.expires)} (${escape(a.link)}): ${escape(a.reason)}`;
}

/** How every change of this report is signed, as in the comparison's Δ. */
const CHANGE_LEGEND =
  'change = after / before − 1, the change of the value itself: + went up, − went down. A regression is a change the worse way for its metric: a rise in a time, a drop in a throughput or rate.';

/** The trend report for a terminal: steps, pending changes and outliers, one line each. */
export function renderTrendsText(report: TrendReport): string {
  const t = (text: string) => withoutControls(text);
  const sha = (i: number) => t(runName(report.runs[i]));
  const lines = [`Trends: ${report.runs.length} run(s), ${report.series.length} series (${settingsLine(report)})`];
  const steps = rowsOf(report, (s) => s.steps);
  if (steps.length === 0) lines.push('  no persistent step');
  for (const { series, step } of steps) {
    const mark = step.accepted
      ? 'accepted regression'
      : step.kind === 'regression'
        ? step.isNew
          ? 'NEW REGRESSION'
          : 'regression'
        : 'improvement';
    lines.push(
      `  ${mark}: ${seriesName(series, t).join(' / ')} ${percent(step.change)} (${withUnit(step.before, t(series.unit), series.exact)} -> ${withUnit(step.after, t(series.unit), series.exact)}), began between ${sha(step.lastRunBefore)} and ${sha(step.firstRun)}, ${step.runsAfter} run(s) after, ${step.exact ? EXACT_WORDS : `p ${pValue(step.pValue)}`}${step.accepted ? `; accepted: ${acceptedWhy(step.accepted, t)}` : ''}`,
    );
  }
  for (const series of report.series) {
    if (series.pending)
      lines.push(
        `  pending: ${seriesName(series, t).join(' / ')} ${percent(series.pending.change)} since ${sha(series.pending.firstRun)} (${series.pending.runsAfter} run(s))`,
      );
    for (const o of series.outliers)
      lines.push(`  outlier: ${seriesName(series, t).join(' / ')} ${outlierText(o, series.unit, t, sha(o.run))}`);
  }
  for (const l of newLevelLines(report, t, sha, ' / ')) lines.push(`  new level: ${l}`);
  if (steps.length > 0 || report.series.some((s) => s.pending !== undefined || s.outliers.length > 0))
    lines.push(`  ${CHANGE_LEGEND}`);
  return lines.join('\n') + '\n';
}

function finite(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

function stepJson(s: TrendStep) {
  return {
    kind: s.kind,
    isNew: s.isNew,
    firstRun: s.firstRun,
    lastRunBefore: s.lastRunBefore,
    before: finite(s.before),
    after: finite(s.after),
    change: finite(s.change),
    pValue: finite(s.pValue),
    runsBefore: s.runsBefore,
    runsAfter: s.runsAfter,
    ...(s.accepted ? { accepted: s.accepted } : {}),
    ...(s.exact ? { exact: true } : {}),
  };
}

/** trends.json: the whole model; run indices refer to `runs`. */
export function renderTrendsJson(report: TrendReport): string {
  const document = {
    schemaVersion: TRENDS_SCHEMA_VERSION,
    settings: report.settings,
    newRegressions: report.newRegressions,
    runs: report.runs.map((r) => ({ sha: r.sha, date: r.date, runId: r.runId, runUrl: r.runUrl })),
    series: report.series.map((s) => ({
      ...seriesNameOf(s),
      unit: s.unit,
      direction: s.direction,
      values: s.values,
      latest: finite(s.latest),
      steps: s.steps.map(stepJson),
      ...(s.pending ? { pending: stepJson(s.pending) } : {}),
      outliers: s.outliers.map((o) => ({
        run: o.run,
        length: o.length,
        value: finite(o.value),
        level: finite(o.level),
        change: finite(o.change),
        kind: o.kind,
      })),
      ...(s.weights ? { weights: s.weights.map((w) => ({ parameter: w.parameter, sd: w.sd, weight: w.weight })) } : {}),
      ...(s.exact ? { exact: true, newLevels: s.newLevels ?? [] } : {}),
    })),
  };
  return JSON.stringify(document, null, 2) + '\n';
}
