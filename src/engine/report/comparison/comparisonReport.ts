import {
  comparisonRowFailed,
  experimentFailed,
  type ComparisonRow,
  type SubExperimentComparison,
  pairsEvidenceOf,
} from '../../compare/rows.js';
import { describeGate } from '../../compare/gate.js';
import { percent, plural, type ComparisonMethod, type MethodSummary } from '../../compare/method.js';
import { methodOf, methodOfRows } from '../../compare/methods.js';
import { incomparableWarnings } from '../../compare/instruments.js';
import { resolutionFloorWarnings, thresholdMethod } from '../../compare/thresholdMethod.js';
import { resolveVerdictSettings } from '../../settings/verdict.js';
import type { Verdict } from '../check/model.js';
import { valueChange } from '../change.js';
import { unseen } from './unseen.js';
import { heldBy, isSuiteRow, suiteMoves, type SuiteMove } from '../../compare/heldBack.js';
import { countsDifferWarnings } from '../../compare/exactCounts.js';
import { nothingPaired, type Unpaired } from '../../compare/presence.js';
import { clockChoices, type ClockChoice } from './clockChoice.js';

export type { MethodSummary };

export const THRESHOLD_METHOD: MethodSummary = resolveVerdictSettings(thresholdMethod.name);

/** Where an automatic baseline came from, as the API reported it. */
export interface BaselineRun {
  runId: number;
  runUrl: string;
  commit: string;
  date: string;
}

/** Everything the comparison renderers need. */
export interface ComparisonReport {
  /** Set when the reference is a run found through the API. */
  baselineRun?: BaselineRun;
  verdict: Verdict;
  method: ComparisonMethod;
  /** The headline's account of the method: `A/B paired, 8 pairs`, `history of 10 runs, 3 repetitions`. */
  methodLabel: string;
  /**
   * The method in a few words, for the first line of a comment: `history of 8 runs`, `A/B, 12 pairs`, `against
   * 1a2b3c4`.
   */
  methodShort: string;
  /** What changed, counted by benchmark (experiment × parameter), for the first line of a comment. */
  changes: ChangeSummary;
  referenceLabel: string;
  resultLabel: string;
  comparisonsTotal: number;
  comparisonsFailed: number;
  failedExperiments: string[];
  subExperiments: SubExperimentComparison[];
  /** Failing rows first, then gated rows the results lack, then by Δ% from worst to best; rows without a Δ% last. */
  rows: ComparisonRow[];
  /** Why the verdict rests on the threshold alone, and similar caveats: perfgate's own sentences. */
  notes: string[];
  /**
   * What the user must look at (nothing paired, repetitions pooled); may hold names from result files, so renderers
   * escape them.
   */
  warnings: string[];
  /** Which time decided where a tool reports two (clockChoice.ts); absent when none does. */
  clocks?: ClockChoice[];
}

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

export function buildComparisonReport(
  comparisons: SubExperimentComparison[],
  referenceLabel: string,
  resultLabel: string,
  baselineRun?: BaselineRun,
  method?: MethodSummary,
): ComparisonReport {
  const all = comparisons.flatMap((c) => c.rows);
  method ??= resolveVerdictSettings(methodOfRows(all).name);
  const verdictMethod = methodOf(method.method);
  // A gated row the results lack that does not fail (missing: warn) is still a reviewer's business: next after failures.
  const rank = (r: ComparisonRow) => (comparisonRowFailed(r) ? 0 : r.status === 'missing' && r.gated ? 1 : 2);
  // The rows' places sorted by keys in typed arrays: no object per row to sort (400,000 rows).
  const ranks = Uint8Array.from(all, rank);
  const deltas = Float64Array.from(all, (r) => (Number.isNaN(r.deltaPercent) ? -Infinity : r.deltaPercent));
  const rows = Array.from(all.keys())
    .sort((a, b) => ranks[a]! - ranks[b]! || deltas[b]! - deltas[a]! || a - b)
    .map((index) => all[index]!);
  const failedExperiments = comparisons.filter(experimentFailed).map((c) => c.experimentType);
  // A comparison that paired nothing while the reference had results fails closed, saying why (the headline).
  const unpaired = nothingPaired(comparisons);
  const clocks = clockChoices(all);
  return {
    ...(baselineRun ? { baselineRun } : {}),
    verdict: failedExperiments.length > 0 || unpaired !== undefined ? 'fail' : 'pass',
    method: method.method,
    methodLabel: verdictMethod.label(method, all),
    methodShort: verdictMethod.shortLabel(all, baselineRun?.commit),
    changes: { ...changeSummary(all), ...(unpaired !== undefined ? { unpaired } : {}) },
    referenceLabel,
    resultLabel,
    comparisonsTotal: all.length,
    comparisonsFailed: all.filter(comparisonRowFailed).length,
    failedExperiments,
    subExperiments: comparisons,
    rows,
    notes: methodNotes(method, all),
    warnings: [...incomparableWarnings(all), ...countsDifferWarnings(all), ...resolutionFloorWarnings(all)],
    ...(clocks.length > 0 ? { clocks } : {}),
  };
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

function changeSummary(all: readonly ComparisonRow[]): ChangeSummary {
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

/** 1 − α/F with α/F to two significant digits, written out: 0.995 over 12 statistics is 0.99958. */
function suiteConfidence(confidence: number, families: number): string {
  const tail = Number(((1 - confidence) / families).toPrecision(2));
  return (1 - tail).toFixed(Math.ceil(-Math.log10(tail)) + 1);
}

/** What the method can and cannot tell, in perfgate's own words (no text from result files). */
function methodNotes(method: MethodSummary, rows: readonly ComparisonRow[]): string[] {
  const alpha = percent(1 - method.confidence);
  const verdictMethod = methodOf(method.method);
  const notes = verdictMethod.notes(method, rows);
  const byOwnTest = rows.filter((r) => r.namedBy === 'bonferroni').length;
  const byFdr = rows.filter((r) => r.namedBy === 'fdr').length;
  if (byOwnTest + byFdr > 0) {
    notes.push(
      `Failing rows named: ${byOwnTest} by their own share of α (Bonferroni), ${byFdr} more by Benjamini–Hochberg over their failing metric's parameters at a false discovery rate of ${alpha}.`,
    );
  }
  // With the whole-suite budget (a history gate, compare/suiteBudget.ts) the bound is the whole comparison's already.
  if (verdictMethod.judgesNoise && !rows.some((r) => r.suite !== undefined)) {
    // α is spent per gated statistic family; a large suite adds them up (Bonferroni's bound, 1 − (1 − α)^F if
    // independent). Said only when it reaches 5 %, where it changes what a red check means.
    const families = new Set(
      rows
        .filter((r) => r.gated && r.pValue !== undefined)
        // A suite across experiments is one family of the run, whichever experiment holds the row.
        .map(
          (r) =>
            `${pairsEvidenceOf(r)?.acrossExperiments ? '' : r.experimentType}\u0000${r.metric.toLowerCase()}\u0000${r.statistic}`,
        ),
    ).size;
    const suite = 1 - method.confidence ** families;
    if (suite >= 0.05) {
      notes.push(
        `This comparison judges ${families} gated statistics, each at ≤ ${alpha}: an unchanged build fails at least one of them with probability up to ${percent(suite)}. Raise confidence (for example to ${suiteConfidence(method.confidence, families)}) to bound the whole comparison instead.`,
      );
    }
  }
  const gatedRows = rows.filter((r) => r.gated && r.detectable !== undefined && Number.isFinite(r.detectable));
  if (gatedRows.length > 0) {
    const pooled = gatedRows.filter((r) => r.pooled);
    const shown = pooled.length > 0 ? pooled : gatedRows;
    const values = shown.map((r) => r.detectable!).sort((a, b) => a - b);
    const range =
      values[0] === values[values.length - 1]
        ? percent(values[0]!)
        : `${percent(values[0]!)} to ${percent(values[values.length - 1]!)}`;
    notes.push(
      `Smallest change the gated ${pooled.length > 0 ? 'geomean ' : ''}rows catch 9 times in 10 (over the threshold and beyond the noise): ${range}. Smaller regressions pass unnoticed; more ${verdictMethod.narrowedBy} narrow it.`,
    );
  }
  const ungated = rows.filter((r) => !r.gated);
  if (ungated.length > 0) {
    notes.push(
      `Gated: ${describeGate(method.gate)}. ${plural(ungated.length, 'other row')} (${ungatedKinds(ungated, rows)}) are reported but cannot fail; opt in with --gate (input gate): all-metrics, all, or statistics such as p99.`,
    );
  }
  return notes;
}

/**
 * What the rows reported only are: tail statistics, derived and secondary metrics (named where the name is plain
 * words, since notes are not escaped; else counted). A derived or secondary metric the gate judges (all-metrics) is
 * not named: only its tails are reported.
 */
function ungatedKinds(given: readonly ComparisonRow[], all: readonly ComparisonRow[]): string {
  let rows = given;
  const judged = new Set(all.filter((r) => r.gated && r.metricRole !== undefined).map((r) => r.metric));
  const kinds: string[] = [];
  // Rows counted by different instruments on the two sides: a warning names them.
  const incomparable = rows.filter((r) => r.instruments !== undefined).length;
  if (incomparable > 0) kinds.push(`${incomparable} counted by different instruments, which a warning names`);
  rows = rows.filter((r) => r.instruments === undefined);
  if (rows.some((r) => r.metricRole === undefined || judged.has(r.metric)))
    kinds.push('tail statistics such as Min, Max, 99 %');
  for (const [role, what] of [
    ['derived', 'derived metrics'],
    ['secondary', 'secondary metrics'],
  ] as const) {
    const names = [...new Set(rows.filter((r) => r.metricRole === role && !judged.has(r.metric)).map((r) => r.metric))];
    if (names.length === 0) continue;
    const plain = names.filter((n) => /^[\p{L}\p{N} ./·%-]{1,40}$/u.test(n));
    const shown = plain.slice(0, 6);
    const more = names.length - shown.length;
    kinds.push(`${what}: ${[...shown, ...(more > 0 ? [`${more} more`] : [])].join(', ')}`);
  }
  return kinds.join('; ');
}
