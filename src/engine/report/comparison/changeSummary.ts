/**
 * What changed against the reference, by benchmark (experiment × parameter): the groups a reviewer
 * reads first (worse, held back, better, accepted, inconclusive, missing, new, unchanged) with how
 * many benchmarks each holds and the range of their changes. The comparison report
 * (comparisonReport.ts) carries it as `changes`; the headline and the comment word it.
 */
import { comparisonRowFailed, type ComparisonRow, pairsEvidenceOf } from '../../compare/rows.js';
import { valueChange } from '../change.js';
import { unseen } from './unseen.js';
import { heldBy, isSuiteRow, suiteMoves, type SuiteMove } from '../../compare/heldBack.js';
import type { Unpaired } from '../../compare/presence.js';

/** Benchmarks (experiment × parameter) that changed one way, and by how much. */
export interface BenchmarkChanges {
  /**
   * How many benchmarks. An experiment's geomean row counts as one when none of its parameters is in the group alone.
   */
  benchmarks: number;
  /** The smallest and largest size of their rows' changes, in % (|Δ|, never signed). */
  smallest: number;
  largest: number;
  /** Every row is a time or a rate, so the change reads "slower" or "faster" (else "worse", "better"). */
  speed: boolean;
  /**
   * Per metric, in the rows' order: the range of its rows' changes as the value's own change in % (+ went up, − went
   * down), so that a headline never mixes a time with a throughput.
   */
  metrics: MetricChanges[];
}

/** The changes of one metric's rows in a group, signed as the value's own change. */
export interface MetricChanges {
  metric: string;
  /** The lowest and highest change of the value in %, signed (+ went up). */
  lowest: number;
  highest: number;
}

/** What changed against the reference, by benchmark: what a reviewer reads first. */
export interface ChangeSummary {
  /** Benchmarks compared (experiment × parameter; geomean rows are not benchmarks). */
  benchmarks: number;
  /**
   * Compared benchmarks in no other group (not worse, missing, warned, better, inconclusive or new), nor in an
   * experiment whose geomean row stands in one for its parameters.
   */
  unchanged: number;
  /** Benchmarks in the results only. */
  added: number;
  /** Failing benchmarks: worse beyond the threshold (and the noise, where it is known). */
  worse?: BenchmarkChanges;
  /** Benchmarks of the reference that the results lack and that fail (`missing: fail`). */
  missing: number;
  /** Benchmarks of the reference that the results lack and that do not fail (`missing: warn`, the default). */
  missingWarned: number;
  /** Gated rows over the threshold that did not fail: inside the noise band. */
  warned?: BenchmarkChanges;
  /**
   * Gated rows over the threshold that did not fail though outside their band (the whole-suite budget did not select
   * them), or whose interval lies wholly above the threshold inside the band at the gate's level (compare/heldBack.ts).
   */
  heldBySuite?: BenchmarkChanges;
  heldByLevel?: BenchmarkChanges;
  /** A history's suite rows that failed or are over the threshold: the whole suite's move against its runs' spread. */
  suiteMoves: SuiteMove[];
  /** Gated rows over the threshold against a history too short to estimate the noise: shown, never failed. */
  shortHistory?: BenchmarkChanges;
  /**
   * Every gated row was judged against too short a history (no noise estimate): what passed is not over the
   * threshold, not shown unchanged.
   */
  historyTooShort: boolean;
  /**
   * When no row failed or is inconclusive and no gated row catches a change of twice its threshold 9 times in 10: the
   * smallest change (a fraction, 0.56 for 56 %) any gated row catches so ("Catches ≥"). A smaller change passes
   * unseen.
   */
  unseenBelow?: number;
  /** With unseenBelow: the largest such change among the rows that matter (unseen.ts), when it differs. */
  unseenUpTo?: number;
  /** Gated rows better by more than the threshold. */
  better?: BenchmarkChanges;
  /** Rows that failed, accepted by a label or a waiver (acceptance.ts): they do not fail. */
  accepted?: BenchmarkChanges;
  /** Every row is not comparable (another machine): nothing was gated. */
  notComparable: boolean;
  /** A/B pairs: gated rows whose interval straddles the threshold (they do not fail; more pairs would decide). */
  inconclusive?: Inconclusive;
  /**
   * Nothing paired although the reference had results (presence.ts, nothingPaired): why. The comparison then fails,
   * as a gate that compared nothing must not pass.
   */
  unpaired?: Unpaired;
}

/** The gated inconclusive rows of a paired comparison, and how many more pairs would decide them all. */
export interface Inconclusive {
  /** How many benchmarks (a geomean row counts as one, as in BenchmarkChanges). */
  benchmarks: number;
  /** The most more pairs any of them needs; absent when one of them would not be decided within `pairsCap`. */
  morePairs?: number;
  /** The most pairs in all that were considered (the sequential cap, else 100). */
  pairsCap: number;
}

// Extremes by reduce, not Math.max(...rows): 400,000 rows overflow the call stack as arguments.
function inconclusiveRows(rows: readonly ComparisonRow[], benchmarks: Benchmarks): Inconclusive | undefined {
  const undecided = rows.filter((r) => r.gated && r.status === 'inconclusive');
  const counted = benchmarkChanges(undecided, benchmarks);
  if (!counted) return undefined;
  const more = undecided.map((r) => pairsEvidenceOf(r)?.morePairs);
  const pairsCap = undecided.reduce((m, r) => Math.max(m, pairsEvidenceOf(r)?.pairsCap ?? 0), -Infinity);
  return more.every((m) => m !== undefined)
    ? { benchmarks: counted.benchmarks, morePairs: more.reduce((m, x) => Math.max(m, x!), -Infinity), pairsCap }
    : { benchmarks: counted.benchmarks, pairsCap };
}

/**
 * Each row's benchmark (experiment × parameter) as a small number, found without a string per row: counting the
 * benchmarks of 400,000 rows by a joined key made and kept 400,000 strings for each count.
 */
class Benchmarks {
  private readonly byExperiment = new Map<string, Map<string, number>>();
  private count = 0;
  of(r: ComparisonRow): number {
    let byParameter = this.byExperiment.get(r.experimentType);
    if (byParameter === undefined) this.byExperiment.set(r.experimentType, (byParameter = new Map()));
    let id = byParameter.get(r.parameter);
    if (id === undefined) byParameter.set(r.parameter, (id = this.count++));
    return id;
  }
  /** The benchmarks of `rows`. */
  setOf(rows: Iterable<ComparisonRow>): Set<number> {
    const ids = new Set<number>();
    for (const r of rows) ids.add(this.of(r));
    return ids;
  }
}

/**
 * Rows grouped by benchmark. A geomean row stands for its experiment only when no parameter of
 * that experiment is in the group by itself (else it would count the same change twice).
 */
function benchmarkChanges(rows: readonly ComparisonRow[], benchmarks: Benchmarks): BenchmarkChanges | undefined {
  const alone = new Set(rows.filter((r) => !r.pooled).map((r) => r.experimentType));
  const counted = rows.filter((r) => !r.pooled || !alone.has(r.experimentType));
  if (counted.length === 0) return undefined;
  const sizes = counted.map((r) => Math.abs(r.deltaPercent)).filter((x) => Number.isFinite(x));
  const metrics = new Map<string, MetricChanges>();
  for (const r of counted) {
    const change = valueChange(r.deltaPercent, r.direction);
    if (!Number.isFinite(change)) continue;
    const seen = metrics.get(r.metric);
    if (!seen) metrics.set(r.metric, { metric: r.metric, lowest: change, highest: change });
    else {
      seen.lowest = Math.min(seen.lowest, change);
      seen.highest = Math.max(seen.highest, change);
    }
  }
  return {
    benchmarks: benchmarks.setOf(counted).size,
    smallest: sizes.length > 0 ? sizes.reduce((m, x) => Math.min(m, x)) : NaN,
    largest: sizes.length > 0 ? sizes.reduce((m, x) => Math.max(m, x)) : NaN,
    speed: counted.every(isSpeed),
    metrics: [...metrics.values()],
  };
}

/** A time per operation (lower is better) or a rate (higher is better): a change is one of speed. */
function isSpeed(r: ComparisonRow): boolean {
  if (r.direction === 'higher-is-better')
    return (
      /\/\s*(s|sec|ms|us|µs|ns|min)$/i.test(r.unit) ||
      /^[kmg]?hz$/i.test(r.unit) ||
      /throughput|ops|rate/i.test(r.metric)
    );
  return /^(ps|ns|us|µs|ms|s|sec|min)(\/\w+)?$/i.test(r.unit) || /latency|time|duration/i.test(r.metric);
}

export function changeSummary(all: readonly ComparisonRow[]): ChangeSummary {
  // A suite row is no benchmark: its move is said on its own (suiteMoves).
  const rows = all.some(isSuiteRow) ? all.filter((r) => !isSuiteRow(r)) : all;
  const over = (r: ComparisonRow) => r.deltaPercent > r.threshold * 100;
  const benchmarks = new Benchmarks();
  const worse = benchmarkChanges(
    rows.filter((r) => comparisonRowFailed(r) && r.status !== 'missing'),
    benchmarks,
  );
  const warnedBy = (by: string) =>
    benchmarkChanges(
      rows.filter((r) => !comparisonRowFailed(r) && r.gated && r.status === 'warn' && heldBy(r) === by),
      benchmarks,
    );
  const [warned, heldBySuite, heldByLevel] = [warnedBy('noise'), warnedBy('suite-budget'), warnedBy('level')];
  const shortHistory = benchmarkChanges(
    rows.filter((r) => !comparisonRowFailed(r) && r.gated && r.status === 'insufficient-history' && over(r)),
    benchmarks,
  );
  const gatedJudged = rows.filter((r) => r.gated && r.status !== 'new' && r.status !== 'missing');
  const better = benchmarkChanges(
    rows.filter((r) => !comparisonRowFailed(r) && r.gated && r.status === 'improved'),
    benchmarks,
  );
  const inconclusive = inconclusiveRows(rows, benchmarks);
  const accepted = benchmarkChanges(
    rows.filter((r) => r.status === 'accepted'),
    benchmarks,
  );
  // A benchmark is unchanged when no row of it is in another group, nor its experiment's geomean row where that stands
  // for the experiment (none of its parameters changed alone).
  const changedRows = rows.filter(
    (r) =>
      comparisonRowFailed(r) ||
      r.status === 'missing' ||
      r.status === 'accepted' ||
      (r.gated && (r.status === 'warn' || r.status === 'improved' || r.status === 'inconclusive')) ||
      (r.gated && r.status === 'insufficient-history' && over(r)),
  );
  const changedBenchmarks = benchmarks.setOf(changedRows.filter((r) => !r.pooled));
  const changedAlone = new Set(changedRows.filter((r) => !r.pooled).map((r) => r.experimentType));
  const changedExperiments = new Set(
    changedRows.filter((r) => r.pooled && !changedAlone.has(r.experimentType)).map((r) => r.experimentType),
  );
  const judged = rows.filter((r) => !r.pooled && r.status !== 'new' && r.status !== 'not-comparable');
  const added = benchmarks.setOf(rows.filter((r) => r.status === 'new'));
  const unchanged = benchmarks.setOf(
    judged.filter((r) => !changedBenchmarks.has(benchmarks.of(r)) && !changedExperiments.has(r.experimentType)),
  );
  for (const id of added) unchanged.delete(id);
  return {
    benchmarks: benchmarks.setOf(rows.filter((r) => !r.pooled)).size,
    unchanged: unchanged.size,
    added: added.size,
    ...(worse ? { worse } : {}),
    missing: benchmarks.setOf(rows.filter((r) => comparisonRowFailed(r) && r.status === 'missing')).size,
    missingWarned: missingWarned(rows, benchmarks),
    ...(warned ? { warned } : {}),
    ...(heldBySuite ? { heldBySuite } : {}),
    ...(heldByLevel ? { heldByLevel } : {}),
    suiteMoves: suiteMoves(all),
    ...(shortHistory ? { shortHistory } : {}),
    historyTooShort:
      gatedJudged.length > 0 &&
      gatedJudged.every((r) => r.status === 'insufficient-history' && !comparisonRowFailed(r)),
    ...unseen(rows),
    ...(better ? { better } : {}),
    ...(accepted ? { accepted } : {}),
    notComparable: rows.length > 0 && rows.every((r) => r.status === 'not-comparable'),
    ...(inconclusive ? { inconclusive } : {}),
  };
}

/** Benchmarks missing from the results that do not fail: a gated row warns, and none of the benchmark's rows fails. */
function missingWarned(rows: readonly ComparisonRow[], benchmarks: Benchmarks): number {
  const failing = benchmarks.setOf(rows.filter((r) => comparisonRowFailed(r) && r.status === 'missing'));
  return benchmarks.setOf(
    rows.filter((r) => r.status === 'missing' && r.gated && !comparisonRowFailed(r) && !failing.has(benchmarks.of(r))),
  ).size;
}
