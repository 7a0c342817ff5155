/**
 * What moved: per series its latest change measured against its noise, and the series ranked by it (the dashboard's
 * "what moved" list). The latest change is the pending change at the end of the series, else a step that appeared
 * with the newest run, else the newest value against the current level. Its noise is the noise band of the level
 * before it (compare/noise.ts, the band compare --history judges a run against). The rank is the change's size in
 * band half-widths on the log scale: 1 is the band's edge, so a series above 1 moved more than its noise explains.
 * An exact count (trends' `exact` series) has no noise: its band has zero width, and its rank is the change in count
 * thresholds (1 is the threshold), so a count over its threshold ranks above 1 as a step does.
 * Every number is computed here, in the model; the page only sorts and shows them.
 */
import { noiseBand } from '../compare/noise.js';
import { VERDICT_DEFAULTS } from '../settings/verdict.js';
import { DEFAULT_COUNT_THRESHOLD } from '../compare/thresholds.js';
import { median } from '../stats/median.js';
import type { Direction } from '../model/measurement.js';
import type { TrendSeries } from '../trends/trends.js';

/** The runs a band is estimated from and its edges, in the series' unit (the dashboard's DashboardBand). */
export interface LevelBand {
  centre: number;
  lower: number;
  upper: number;
  fromRun: number;
  toRun: number;
  runs: number;
}

/** The latest change of a series against the noise of the level before it. */
export interface SeriesMove {
  /**
   * `pending`: a change in the newest runs too short to call a step yet; `step`: a step that appeared with the
   * newest run; `newest`: the newest value against the current level (no new change point).
   */
  kind: 'pending' | 'step' | 'newest';
  /** The first run at the new value or level. */
  run: number;
  /** after / before − 1 (a step's or pending change's levels; the newest value over the level's centre). */
  change: number;
  /** The noise band's half-width as a relative change: the band is level × (1 ± noise) on the log scale. */
  noise: number;
  /** |ln(1 + change)| over the band's half-width on the log scale: how many half-widths the series moved. */
  score: number;
  /** The change makes the series worse (slower for lower-is-better, lower for higher-is-better). */
  worse: boolean;
}

/**
 * The noise band of the runs in [from, to) of a series, outliers left out, the newest `maxHistory` of them; undefined
 * when fewer than `minHistory` runs have a value.
 */
export function levelBand(s: TrendSeries, from: number, to: number, confidence: number): LevelBand | undefined {
  const outlying = new Set(s.outliers.flatMap((o) => Array.from({ length: o.length }, (_, k) => o.run + k)));
  const picked: number[] = [];
  for (let r = from; r < to; r++) {
    const v = s.byRun[r];
    if (v !== null && v !== undefined && v > 0 && !outlying.has(r)) picked.push(r);
  }
  const used = picked.slice(-VERDICT_DEFAULTS.maxHistory);
  const values = used.map((r) => s.byRun[r]!);
  // An exact count that every run of the level counted alike: a zero-width band at that count, from one run on.
  if (s.exact && values.length > 0 && values.every((v) => v === values[0]))
    return {
      centre: values[0]!,
      lower: values[0]!,
      upper: values[0]!,
      fromRun: used[0]!,
      toRun: used.at(-1)!,
      runs: used.length,
    };
  if (used.length < VERDICT_DEFAULTS.minHistory) return undefined;
  // The band compare --history judges a single run against; it depends on the history only.
  const estimate = noiseBand(values, 1, {
    confidence,
    direction: s.direction,
    historyRepetitions: median(used.map((r) => s.repetitions[r] ?? 1)),
  });
  if (!Number.isFinite(estimate.band.lowerValue) || !Number.isFinite(estimate.band.upperValue)) return undefined;
  return {
    centre: Math.exp(estimate.centre),
    lower: estimate.band.lowerValue,
    upper: estimate.band.upperValue,
    fromRun: used[0]!,
    toRun: used[used.length - 1]!,
    runs: used.length,
  };
}

function isWorse(direction: Direction, change: number): boolean {
  return direction === 'higher-is-better' ? change < 0 : change > 0;
}

/** The latest change of a series against its noise; undefined when the level before it has too few runs for a band. */
export function latestMove(s: TrendSeries, confidence: number): SeriesMove | undefined {
  const steps = s.steps;
  const last = steps[steps.length - 1];
  let kind: SeriesMove['kind'];
  let run: number;
  let levelFrom: number;
  let change: number | undefined;
  if (s.pending) {
    kind = 'pending';
    run = s.pending.firstRun;
    levelFrom = last ? last.firstRun : 0;
    change = s.pending.change;
  } else if (last?.isNew) {
    kind = 'step';
    run = last.firstRun;
    levelFrom = steps.length > 1 ? steps[steps.length - 2]!.firstRun : 0;
    change = last.change;
  } else {
    kind = 'newest';
    run = s.byRun.length - 1;
    while (run >= 0 && !(s.byRun[run]! > 0)) run--;
    if (run < 0) return undefined;
    levelFrom = last ? last.firstRun : 0;
  }
  const band = levelBand(s, levelFrom, run, confidence);
  if (!band) return undefined;
  change ??= s.byRun[run]! / band.centre - 1;
  const spread = (Math.log(band.upper) - Math.log(band.lower)) / 2;
  // A zero-width band of an exact count: its edge is the count threshold (a change over it is a step).
  const exact = s.exact === true && spread === 0;
  const halfWidth = exact ? Math.log1p(s.countThreshold ?? DEFAULT_COUNT_THRESHOLD) : spread;
  if (!(halfWidth > 0) || !Number.isFinite(change) || !(change > -1)) return undefined;
  return {
    kind,
    run,
    change,
    noise: exact ? 0 : Math.expm1(halfWidth),
    score: Math.abs(Math.log1p(change)) / halfWidth,
    worse: isWorse(s.direction, change),
  };
}

/** A series of the dashboard by its place: experiment index, series index within it. */
export interface RankedSeries {
  experiment: number;
  series: number;
}

/**
 * Every series, the most moved first (by score); series without a move (too few runs for a band) follow, in the
 * experiments' order. Ties keep the experiments' order, so the same history gives the same list.
 */
export function rankMoves(experiments: readonly { series: readonly { move?: SeriesMove }[] }[]): RankedSeries[] {
  const all: (RankedSeries & { score: number })[] = [];
  experiments.forEach((e, experiment) =>
    e.series.forEach((s, series) => all.push({ experiment, series, score: s.move?.score ?? -1 })),
  );
  // Array.prototype.sort is stable: equal scores stay in experiment order.
  all.sort((a, b) => b.score - a.score);
  return all.map(({ experiment, series }) => ({ experiment, series }));
}
