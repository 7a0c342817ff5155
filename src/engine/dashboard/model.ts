/**
 * The dashboard's data: per experiment its status (the newest run against the requirements, a new
 * regression step), and per experiment × parameter × metric × statistic the values over the runs
 * with the change points of the trend analysis (src/engine/trends), the noise band of the current
 * level (src/engine/compare/noise.ts), the requirement line and the latest change against its noise;
 * and every series ranked by that change (moves.ts). Every number is taken from those engines; the
 * renderers (specs.ts, html.ts, the index's script) only lay it out.
 */
import { checkMeasurements } from '../check/metricCheck.js';
import { primaryStatistic } from '../model/statisticRules.js';
import { rowFailed, type CheckRow, type SubExperimentStatus } from '../check/checkRow.js';
import { historyMethod } from '../compare/historyMethod.js';
import type { Direction, Measurement, StatisticName } from '../model/measurement.js';
import type { MetricRequirement } from '../model/metricRequirement.js';
import { uniqueFileStems } from '../report/fileNames.js';
import { meanAndSd } from '../stats/effectTest.js';
import { latestMove, levelBand, rankMoves, type LevelBand, type RankedSeries, type SeriesMove } from './moves.js';
import { TrendCollector } from '../trends/collect.js';
import {
  analyzeCollected,
  type TrendOptions,
  type TrendOutlier,
  type TrendRun,
  type TrendRunHead,
  type TrendSeries,
  type TrendStep,
} from '../trends/trends.js';
import { runLabels } from '../charts/build.js';
import { wantsLogScale } from '../charts/model.js';

export interface DashboardOptions extends TrendOptions {
  /** Limits to check the newest run against and to draw as lines. */
  requirements?: readonly MetricRequirement[];
  /** The noise band's confidence; default: compare --history's (0.995). */
  confidence?: number;
}

export interface DashboardRun {
  sha: string;
  date: string;
  runId: string;
  runUrl: string;
  /** `2026-01-02 1a2b3c4` (with `#<run id>` when two runs would read the same): the x axis label. */
  label: string;
  /** The commit's page, when the run's page is a GitHub Actions run of a repository. */
  commitUrl?: string;
}

/**
 * The band an unchanged run is expected in at the current level: compare --history's noise band. Its centre is the
 * geometric mean of the band's runs; the runs it is estimated from are those since the last step (before a pending
 * change), outliers left out, the newest 20.
 */
export interface DashboardBand extends LevelBand {
  /** Where the band is drawn: from its first run to the newest run. */
  drawnTo: number;
  confidence: number;
}

export interface DashboardRequirement {
  /** The limit in the series' unit. */
  limit: number;
  /** `>=` for a floor, `<=` for a ceiling. */
  direction: Direction;
  /** The newest run's check row (`perfgate check` on that run). */
  status: CheckRow['status'];
}

export interface DashboardSeries {
  parameter: string;
  payloadBytes?: number;
  metric: string;
  statistic: StatisticName;
  unit: string;
  direction: Direction;
  /** Per run, in the unit; null where the run has none. */
  values: (number | null)[];
  steps: TrendStep[];
  outliers: TrendOutlier[];
  pending?: TrendStep;
  band?: DashboardBand;
  requirement?: DashboardRequirement;
  /** Log₁₀ y axis: the values, band and limit span more than the chart model's ratio. */
  log: boolean;
  /** The latest change against the noise of the level before it (moves.ts); absent with too few runs for a band. */
  move?: SeriesMove;
}

/** One line of the payload view: a run's values of one metric × statistic over the payloads. */
export interface PayloadLine {
  run: number;
  /** Why this run is drawn: the newest, the oldest of the window, or either side of a step. */
  role: 'newest' | 'oldest' | 'before step' | 'after step';
  points: { payloadBytes: number; value: number }[];
}

export interface PayloadView {
  metric: string;
  statistic: StatisticName;
  unit: string;
  lines: PayloadLine[];
}

export type ExperimentStatus = 'failed' | 'regression' | 'passed' | 'unchecked';

export interface DashboardExperiment {
  name: string;
  /** File-name stem of its page (safe from the untrusted name, unique case-insensitively). */
  stem: string;
  /**
   * `failed`: the newest run fails a requirement; `regression`: a regression step appeared with the
   * newest run; `passed`: the requirements hold and no new regression; `unchecked`: no requirement.
   */
  status: ExperimentStatus;
  /**
   * The newest run's check against the requirements (`perfgate check`), or `absent` when the newest run lacks the
   * experiment.
   */
  check: SubExperimentStatus | 'absent';
  failedChecks: number;
  newRegressions: number;
  regressions: number;
  /** Of `regressions`: those accepted (the merged pull request's label, a waiver), which need no attention. */
  acceptedRegressions: number;
  improvements: number;
  pending: number;
  /** The newest run that has the experiment. */
  latestRun: number;
  series: DashboardSeries[];
  /** The sparkline: per parameter of the first metric and statistic, its values over their geometric mean. */
  sparkline: { parameter: string; relative: (number | null)[] }[];
  payloadViews: PayloadView[];
}

export interface DashboardModel {
  runs: DashboardRun[];
  settings: Required<Pick<DashboardOptions, 'maxPValue' | 'minMagnitude' | 'minSegment'>> & { confidence: number };
  experiments: DashboardExperiment[];
  newRegressions: number;
  /** Every series, the most moved first: the index's "what moved" list. */
  ranked: RankedSeries[];
}

/**
 * The commit page of a GitHub Actions run's repository: `…/owner/repo/actions/runs/1` → `…/owner/repo/commit/<sha>`.
 */
export function commitUrlOf(runUrl: string, sha: string): string | undefined {
  const match = /^(https:\/\/[^/\s]+\/[^/\s]+\/[^/\s]+)\/actions\/runs\/\d+$/.exec(runUrl);
  return match && /^[0-9a-f]{7,64}$/.test(sha) ? `${match[1]}/commit/${sha}` : undefined;
}

/** Only http(s) links reach a page: a `javascript:` run URL from a hand-made record is dropped. */
function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '';
}

function seriesKey(s: { parameter: string; metric: string; statistic: string }): string {
  return JSON.stringify([s.parameter, s.metric, s.statistic]);
}

/** The noise band of the current level: the runs since the last step, before a pending change, outliers left out. */
function bandOf(s: TrendSeries, runs: number, confidence: number): DashboardBand | undefined {
  const last = s.steps[s.steps.length - 1];
  const band = levelBand(s, last ? last.firstRun : 0, s.pending ? s.pending.lastRunBefore + 1 : runs, confidence);
  return band ? { ...band, drawnTo: runs - 1, confidence } : undefined;
}

/** The check rows of one series in the newest run that has its experiment. */
function requirementOf(
  rows: readonly { row: CheckRow; key: string }[],
  s: TrendSeries,
): DashboardRequirement | undefined {
  const found = rows.find((r) => r.key === seriesKey(s));
  if (!found || !Number.isFinite(found.row.requirement)) return undefined;
  return {
    limit: found.row.requirement,
    direction: found.row.direction ?? 'lower-is-better',
    status: found.row.status,
  };
}

/**
 * The newest run's measurements of an experiment checked against the requirements, each row with
 * the series it belongs to (matched the way the check matched it: one requirement per measurement).
 */
function checkNewest(
  name: string,
  measurements: readonly Measurement[],
  requirements: readonly MetricRequirement[],
): { status: SubExperimentStatus; failed: number; rows: { row: CheckRow; key: string }[] } {
  const own = requirements.filter((r) => r.experiment === name);
  const [check] = checkMeasurements(
    [{ format: 'perfgate-history', file: name, measurements: [...measurements], notes: [] }],
    own,
  );
  if (!check) return { status: 'unchecked', failed: 0, rows: [] };
  const rows: { row: CheckRow; key: string }[] = [];
  // checkMeasurements gives, per requirement, one row per matching measurement in measurement order.
  for (const requirement of own) {
    const matching = measurements.filter(
      (m) => m.metric.name.trim().toLowerCase() === requirement.metric.trim().toLowerCase(),
    );
    const [one] = checkMeasurements(
      [{ format: 'perfgate-history', file: name, measurements: matching, notes: [] }],
      [requirement],
    );
    for (const row of one?.rows ?? []) {
      const m = matching.find(
        (x) =>
          x.parameter.label === row.parameter ||
          (row.parameter === undefined && x.parameter.payloadBytes === row.payloadBytes),
      );
      if (!m) continue;
      rows.push({
        row,
        key: seriesKey({
          parameter: m.parameter.label,
          metric: m.metric.name,
          statistic: requirement.statistic ?? primaryStatistic(m),
        }),
      });
    }
  }
  return { status: check.status, failed: check.rows.filter(rowFailed).length, rows };
}

/** Values over their geometric mean: a sparkline's line, so parameters of any size share one axis. */
function relativeLine(values: readonly (number | null)[]): (number | null)[] {
  const logs = values.filter((v): v is number => v !== null && v > 0).map(Math.log);
  if (logs.length === 0) return values.map(() => null);
  const centre = Math.exp(meanAndSd(logs).mean);
  return values.map((v) => (v !== null && v > 0 ? v / centre : null));
}

function payloadViews(series: readonly DashboardSeries[], runs: number, newest: number): PayloadView[] {
  const groups = new Map<string, DashboardSeries[]>();
  for (const s of series) {
    if (s.payloadBytes === undefined || String(s.payloadBytes) !== s.parameter) continue;
    const key = JSON.stringify([s.metric, s.statistic]);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const views: PayloadView[] = [];
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const roles = new Map<number, PayloadLine['role']>();
    const present = (r: number) => group.some((s) => s.values[r] !== null);
    let oldest = 0;
    while (oldest < runs && !present(oldest)) oldest++;
    if (oldest < runs) roles.set(oldest, 'oldest');
    for (const s of group) {
      for (const step of s.steps) {
        roles.set(step.lastRunBefore, 'before step');
        roles.set(step.firstRun, 'after step');
      }
    }
    roles.set(newest, 'newest');
    const lines = [...roles]
      .sort((a, b) => a[0] - b[0])
      .map(([run, role]): PayloadLine => ({
        run,
        role,
        points: group
          .flatMap((s) => (s.values[run] !== null ? [{ payloadBytes: s.payloadBytes!, value: s.values[run]! }] : []))
          .sort((a, b) => a.payloadBytes - b.payloadBytes),
      }))
      .filter((line) => line.points.length > 0);
    views.push({ metric: group[0]!.metric, statistic: group[0]!.statistic, unit: group[0]!.unit, lines });
  }
  return views;
}

/** The dashboard of a history (runs oldest first). */
export function buildDashboard(runs: readonly TrendRun[], options: DashboardOptions = {}): DashboardModel {
  const collector = new TrendCollector(runs.length, options.statistics, options.allMetrics ?? false);
  runs.forEach((run, r) => collector.addRun(r, run.measurements));
  return buildDashboardOfCollected(runs, collector, options);
}

/**
 * The dashboard of a history's runs (oldest first, without their measurements) and what was gathered from them run by
 * run (trends/collect.ts): its series, and each experiment's measurements in the newest run that has it.
 */
export function buildDashboardOfCollected(
  runs: readonly TrendRunHead[],
  collected: TrendCollector,
  options: DashboardOptions = {},
): DashboardModel {
  const { requirements = [], confidence = historyMethod.defaults.confidence, ...trendOptions } = options;
  const report = analyzeCollected(runs, collected.series(), trendOptions);
  const labels = runLabels(runs);
  const dashboardRuns = runs.map((r, i): DashboardRun => {
    const runUrl = safeUrl(r.runUrl);
    const commitUrl = commitUrlOf(runUrl, r.sha);
    return { sha: r.sha, date: r.date, runId: r.runId, runUrl, label: labels[i]!, ...(commitUrl ? { commitUrl } : {}) };
  });
  const names = [...new Set(report.series.map((s) => s.experiment))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const stems = uniqueFileStems(names);
  // Indexed once: per experiment its series (a scan of every series per experiment made 10,000 benchmarks quadratic).
  const seriesOf = new Map<string, TrendSeries[]>();
  for (const s of report.series) {
    const own = seriesOf.get(s.experiment);
    if (own) own.push(s);
    else seriesOf.set(s.experiment, [s]);
  }
  const experiments = names.map((name): DashboardExperiment => {
    const own = seriesOf.get(name) ?? [];
    const latest = collected.latest.get(name);
    const latestRun = latest?.run ?? 0;
    const newestMeasurements = latest?.measurements ?? [];
    const checked = checkNewest(name, newestMeasurements, requirements);
    const series = own.map((s): DashboardSeries => {
      const band = bandOf(s, runs.length, confidence);
      const requirement = requirementOf(checked.rows, s);
      const values = s.byRun;
      const move = latestMove(s, confidence);
      const span = [
        ...values.filter((v): v is number => v !== null),
        ...(band ? [band.lower, band.upper] : []),
        ...(requirement ? [requirement.limit] : []),
      ];
      return {
        parameter: s.parameter,
        ...(s.payloadBytes !== undefined ? { payloadBytes: s.payloadBytes } : {}),
        metric: s.metric,
        statistic: s.statistic,
        unit: s.unit,
        direction: s.direction,
        values,
        steps: s.steps,
        outliers: s.outliers,
        ...(s.pending ? { pending: s.pending } : {}),
        ...(band ? { band } : {}),
        ...(requirement ? { requirement } : {}),
        log: wantsLogScale(span),
        ...(move ? { move } : {}),
      };
    });
    const steps = series.flatMap((s) => s.steps);
    const newRegressions = steps.filter((t) => t.isNew && t.kind === 'regression' && !t.accepted).length;
    const check = latestRun === runs.length - 1 ? checked.status : 'absent';
    const status: ExperimentStatus =
      checked.status === 'failed'
        ? 'failed'
        : newRegressions > 0
          ? 'regression'
          : checked.status === 'passed'
            ? 'passed'
            : 'unchecked';
    const firstMetric = series[0]?.metric;
    const sparkSeries = series.filter((s) => s.metric === firstMetric && s.statistic === series[0]!.statistic);
    return {
      name,
      stem: stems.get(name)!,
      status,
      check,
      failedChecks: checked.failed,
      newRegressions,
      regressions: steps.filter((t) => t.kind === 'regression').length,
      acceptedRegressions: steps.filter((t) => t.kind === 'regression' && t.accepted).length,
      improvements: steps.filter((t) => t.kind === 'improvement').length,
      pending: series.filter((s) => s.pending !== undefined).length,
      latestRun,
      series,
      sparkline: sparkSeries.map((s) => ({ parameter: s.parameter, relative: relativeLine(s.values) })),
      payloadViews: payloadViews(series, runs.length, latestRun),
    };
  });
  return {
    runs: dashboardRuns,
    settings: { ...report.settings, confidence },
    experiments,
    newRegressions: report.newRegressions,
    ranked: rankMoves(experiments),
  };
}
