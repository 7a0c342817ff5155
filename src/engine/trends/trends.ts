/**
 * Trends on the default branch: for every experiment × parameter × metric × statistic, the
 * series of its value over the recorded runs (oldest first), and the persistent steps, outliers
 * and pending changes the change-point detector finds in it (src/engine/stats/changePoints.ts).
 * The model carries every number the renderers show; they never compute statistics.
 */
import type { Direction, Measurement, StatisticName } from '../model/measurement.js';
import { TrendCollector, type Collected } from './collect.js';
import {
  CHANGE_POINT_DEFAULTS,
  detectChangePoints,
  SplitWindows,
  type ChangePoint,
  type ChangePointOptions,
} from '../stats/changePoints.js';
import {
  confirmWeightedSteps,
  SAME_STEP_RUNS,
  weightedGeomeanSeries,
  WEIGHTED_PARAMETER,
  type ParameterWeight,
} from './weighted.js';
import type { RecordedAcceptance } from '../history/record.js';
import { stepAcceptance, type StepAcceptance } from './accepted.js';
import { seriesNameOf, type TrendSeriesName } from './seriesName.js';
import { exactSteps } from '../stats/exactSteps.js';
import { DEFAULT_COUNT_THRESHOLD } from '../compare/thresholds.js';

export { SERIES_NAME_FIELDS, seriesNameOf, seriesNames, type TrendSeriesName } from './seriesName.js';

/** One run of the default branch, as the history records it. */
export interface TrendRun {
  sha: string;
  date: string;
  runId: string;
  runUrl: string;
  /** What accepted the changes this run brought (its history record's `accepted`). */
  accepted?: RecordedAcceptance;
  measurements: readonly Measurement[];
}

/** A run without its measurements: what a report keeps of it, and what accepted its changes. */
export type TrendRunHead = Omit<TrendRun, 'measurements'>;

export type TrendRunRef = TrendRunHead;

/** Whether a run records the commit it measured (an imported run may not: its sha is `unknown`). */
export function hasCommit(run: TrendRunRef): boolean {
  return /^[0-9a-f]{7,64}$/i.test(run.sha);
}

/**
 * How reports name a run: its short commit, or — for an imported run that recorded none — its
 * date (without milliseconds), else its run id. Never `unknown`.
 */
export function runName(run: TrendRunRef | undefined): string {
  if (!run) return '?';
  if (hasCommit(run)) return run.sha.slice(0, 7);
  if (run.date) return run.date.replace(/\.0+(?=Z$)/, '');
  return run.runId ? `run ${run.runId}` : '?';
}

export interface TrendOptions extends ChangePointOptions {
  /** Statistics to analyse; default: each measurement's primary statistic (median, mean or value). */
  statistics?: readonly StatisticName[];
  /** An exact count's step: a change over this fraction (the count threshold, 1 % unless set). */
  countThreshold?: number;
  /**
   * Every metric, derived and secondary ones too (Go's MB/s and B/op, pytest's ops, CPU times); default: each
   * benchmark's primary metric only, the one the gate judges (compare/gate.ts), as its record or its format says.
   */
  allMetrics?: boolean;
}

/** A step found in a series; values are geometric means in `unit`. */
export interface TrendStep {
  kind: 'regression' | 'improvement';
  /** Index in `TrendReport.runs` of the first run at the new level, and of the last run at the old one. */
  firstRun: number;
  lastRunBefore: number;
  before: number;
  after: number;
  /** after / before − 1. */
  change: number;
  pValue: number;
  runsBefore: number;
  runsAfter: number;
  /** Not found in the same series without the newest run (± 2 runs, same kind): it appeared with the newest run. */
  isNew: boolean;
  /** A regression step that began at a run whose changes were accepted (accepted.ts): it opens no alert. */
  accepted?: StepAcceptance;
  /** A step of an exact count: a change over the count threshold, no test made (pValue NaN). */
  exact?: true;
}

export interface TrendOutlier {
  /** Index in `TrendReport.runs` of the first run of the excursion, and how many runs it spans. */
  run: number;
  length: number;
  value: number;
  level: number;
  change: number;
  kind: 'worse' | 'better';
}

export interface TrendSeries extends TrendSeriesName {
  unit: string;
  direction: Direction;
  /** Runs with a positive, finite value (the others are left out of the analysis). */
  values: number;
  /** The newest value, in `unit`. */
  latest: number;
  /** The payload size of the parameter, when it is one. */
  payloadBytes?: number;
  /** Per run of `TrendReport.runs`: the value in `unit`, null where the run has none (or none finite). */
  byRun: (number | null)[];
  /** Per run: how many repetitions the run pooled into the value (1 when none). */
  repetitions: number[];
  steps: TrendStep[];
  outliers: TrendOutlier[];
  pending?: TrendStep;
  /** The weighted geomean series (parameter WEIGHTED_PARAMETER): each parameter's σ and share of the weight. */
  weights?: ParameterWeight[];
  /** An exact count (stats/exactSteps.ts): its steps are any change over the count threshold; no outliers. */
  exact?: true;
  /**
   * An exact count's step threshold (a fraction: the count threshold for instructions, the step size of the settings
   * for other counts such as cache misses): a change over it is a step, and a level back within it recovered.
   */
  countThreshold?: number;
  /** An exact count's new levels: where another instrument counted from (run index), not a step. */
  newLevels?: { run: number; before: string; after: string }[];
}

export interface TrendReport {
  runs: TrendRunRef[];
  settings: Required<ChangePointOptions>;
  series: TrendSeries[];
  /** Regression steps that appeared with the newest run and were not accepted. */
  newRegressions: number;
}

/** Two steps at most this many runs apart, in the same direction, are the same step. */
const SAME_STEP = SAME_STEP_RUNS;

function stepOf(
  c: ChangePoint,
  runIndex: readonly number[],
  s: Collected,
  isNew: boolean,
  runs: readonly TrendRunHead[],
): TrendStep {
  const worse = s.direction === 'lower-is-better' ? c.relativeChange > 0 : c.relativeChange < 0;
  const firstRun = runIndex[c.index]!;
  // Worse positive, in %, as a comparison row's Δ: what a waiver's ceiling caps.
  const worsePercent = (s.direction === 'lower-is-better' ? c.relativeChange : -c.relativeChange) * 100;
  const accepted = worse ? stepAcceptance(runs[firstRun]?.accepted, s, worsePercent) : undefined;
  return {
    kind: worse ? 'regression' : 'improvement',
    firstRun,
    lastRunBefore: runIndex[c.lastBefore]!,
    before: Math.exp(c.before) * s.scale,
    after: Math.exp(c.after) * s.scale,
    change: c.relativeChange,
    pValue: c.pValue,
    runsBefore: c.runsBefore,
    runsAfter: c.runsAfter,
    isNew,
    ...(accepted ? { accepted } : {}),
    ...(s.instruments ? { exact: true as const } : {}),
  };
}

/** The trend report of a history, oldest run first. */
export function analyzeTrends(runs: readonly TrendRun[], options: TrendOptions = {}): TrendReport {
  const collector = new TrendCollector(runs.length, options.statistics, options.allMetrics ?? false);
  runs.forEach((run, r) => collector.addRun(r, run.measurements));
  return analyzeCollected(runs, collector.series(), options);
}

/**
 * The trend report of a history's runs (oldest first, without their measurements) and its series, gathered run by run
 * (collect.ts): what a history read file by file gives.
 */
export function analyzeCollected(
  runs: readonly TrendRunHead[],
  collected: readonly Collected[],
  options: TrendOptions = {},
): TrendReport {
  const settings: Required<ChangePointOptions> = {
    maxPValue: options.maxPValue ?? CHANGE_POINT_DEFAULTS.maxPValue,
    minMagnitude: options.minMagnitude ?? CHANGE_POINT_DEFAULTS.minMagnitude,
    minSegment: options.minSegment ?? CHANGE_POINT_DEFAULTS.minSegment,
  };
  const series: TrendSeries[] = [];
  // The series analysed so far by experiment × metric × statistic: a weighted series looks up its own group only
  // (scanning every series made 10,000 benchmarks quadratic).
  const groups = new Map<string, TrendSeries[]>();
  // One run each, shared by every series whose runs all pooled one (never changed once made).
  const ones: number[] = new Array<number>(runs.length).fill(1);
  for (const s of withWeightedSeries(collected, runs.length)) {
    const key = groupKey(s);
    const group = groups.get(key) ?? [];
    // The weighted series comes after its parameters: their steps confirm its newest one (weighted.ts).
    const parameterSteps = s.weights
      ? group.filter((p) => s.weights!.some((w) => w.parameter === p.parameter)).flatMap((p) => p.steps)
      : [];
    const analysed = analyzeSeries(s, runs, settings, parameterSteps, ones, options.countThreshold);
    series.push(analysed);
    group.push(analysed);
    groups.set(key, group);
  }
  const newRegressions = series.reduce(
    (n, s) => n + s.steps.filter((t) => t.isNew && t.kind === 'regression' && !t.accepted).length,
    0,
  );
  const refs = runs.map(({ sha, date, runId, runUrl }) => ({ sha, date, runId, runUrl }));
  return { runs: refs, settings, series, newRegressions };
}

/** A weighted series and its parameters share experiment, metric and statistic. */
function groupKey(s: TrendSeriesName): string {
  return JSON.stringify([s.experiment, s.metric, s.statistic]);
}

/** One series' steps, outliers and pending change, and the values the renderers show. */
function analyzeSeries(
  s: Collected,
  runs: readonly TrendRunHead[],
  settings: Required<ChangePointOptions>,
  parameterSteps: readonly TrendStep[],
  ones: number[],
  countThreshold = DEFAULT_COUNT_THRESHOLD,
): TrendSeries {
  const runCount = runs.length;
  const newest = runCount - 1;
  const runIndex: number[] = [];
  const logs: number[] = [];
  for (let r = 0; r < runCount; r++) {
    const v = s.values[r];
    if (v !== undefined && Number.isFinite(v) && v > 0) {
      runIndex.push(r);
      logs.push(Math.log(v));
    }
  }
  const instruments = s.instruments && runIndex.map((r) => s.instruments![r]);
  // The primary count (instructions) steps at the count threshold; a cache figure, also exact, at the time's.
  const threshold = s.primaryCount ? countThreshold : settings.minMagnitude;
  const exact = instruments && exactSteps(logs, instruments, threshold);
  // The series and the same without its newest value share their windows (stats/splitWindows.ts).
  const windows = new SplitWindows();
  const detect = (values: number[]) => {
    if (instruments) return exactSteps(values, instruments, threshold);
    const analysis = detectChangePoints(values, settings, windows);
    return s.weights
      ? confirmWeightedSteps(analysis, (i) => runIndex[i]!, parameterSteps, settings.minSegment)
      : analysis;
  };
  const found = detect(logs);
  // What the history showed before the newest run: a step found then is not new now. Only a step asks (a pending
  // change is new with the newest run whatever came before), so a series without steps is analysed once.
  const hasNewest = runIndex[runIndex.length - 1] === newest;
  const before = hasNewest && found.steps.length > 0 ? detect(logs.slice(0, -1)).steps : found.steps;
  const seenBefore = (c: ChangePoint) =>
    before.some(
      (b) => Math.abs(b.index - c.index) <= SAME_STEP && Math.sign(b.relativeChange) === Math.sign(c.relativeChange),
    );
  const latest = logs.length > 0 ? Math.exp(logs[logs.length - 1]!) * s.scale : NaN;
  return {
    ...seriesNameOf(s),
    unit: s.unit,
    direction: s.direction,
    values: logs.length,
    latest,
    ...(s.payloadBytes !== undefined ? { payloadBytes: s.payloadBytes } : {}),
    byRun: Array.from({ length: runCount }, (_, r) => {
      const v = s.values[r];
      return v !== undefined && Number.isFinite(v) ? v * s.scale : null;
    }),
    repetitions: s.repetitions ? Array.from(s.repetitions) : ones,
    steps: found.steps.map((c) => stepOf(c, runIndex, s, hasNewest && !seenBefore(c), runs)),
    outliers: found.outliers.map((o): TrendOutlier => {
      const higher = o.relativeChange > 0;
      return {
        run: runIndex[o.index]!,
        length: o.length,
        value: Math.exp(o.value) * s.scale,
        level: Math.exp(o.level) * s.scale,
        change: o.relativeChange,
        kind: higher === (s.direction === 'lower-is-better') ? 'worse' : 'better',
      };
    }),
    ...(found.pending ? { pending: stepOf(found.pending, runIndex, s, hasNewest, runs) } : {}),
    ...(s.weights ? { weights: s.weights } : {}),
    ...(exact
      ? {
          exact: true as const,
          countThreshold: threshold,
          newLevels: exact.levels.map((l) => ({ run: runIndex[l.index]!, before: l.before, after: l.after })),
        }
      : {}),
  };
}

/**
 * The series with, after the last parameter of each experiment × metric × statistic that has two or more, its
 * weighted geomean series (weighted.ts): one more series, found and judged as the others are.
 */
function withWeightedSeries(series: readonly Collected[], runCount: number): Collected[] {
  const groups = new Map<string, Collected[]>();
  for (const s of series) {
    const key = JSON.stringify([s.experiment, s.metric, s.statistic, s.unit, s.scale, s.direction]);
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const lastOfGroup = new Map<Collected, Collected[]>();
  for (const members of groups.values())
    if (members.length >= 2) lastOfGroup.set(members[members.length - 1]!, members);
  return series.flatMap((s) => {
    const members = lastOfGroup.get(s);
    const weighted = members && weightedGeomeanSeries(members, runCount);
    if (!weighted) return [s];
    const combined: Collected = {
      experiment: s.experiment,
      parameter: WEIGHTED_PARAMETER,
      metric: s.metric,
      statistic: s.statistic,
      unit: s.unit,
      scale: s.scale,
      direction: s.direction,
      values: weighted.values,
      weights: weighted.weights,
    };
    return [s, combined];
  });
}
