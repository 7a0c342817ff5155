import {
  comparisonRowFailed,
  experimentFailed,
  type ComparisonRow,
  type SubExperimentComparison,
  pairsEvidenceOf,
} from '../../compare/rows.js';
import { changeSummary, type ChangeSummary } from './changeSummary.js';
import { describeGate } from '../../compare/gate.js';
import { percent, plural, type ComparisonMethod, type MethodSummary } from '../../compare/method.js';
import { methodOf, methodOfRows } from '../../compare/methods.js';
import { incomparableWarnings } from '../../compare/instruments.js';
import { resolutionFloorWarnings, thresholdMethod } from '../../compare/thresholdMethod.js';
import { resolveVerdictSettings } from '../../settings/verdict.js';
import type { Verdict } from '../check/model.js';
import { countsDifferWarnings } from '../../compare/exactCounts.js';
import { nothingPaired } from '../../compare/presence.js';
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
