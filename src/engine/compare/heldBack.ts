/**
 * What held back a row over its threshold that did not fail, and how far the whole suite moved (docs/statistics.md,
 * "The suite row"): the words a report may use for it. "Inside the noise" is true only of a row whose change lies
 * inside its noise band and whose interval reaches the threshold; a row outside its band that the whole-suite budget
 * did not select was held back by the budget, and a row whose interval lies wholly above the threshold but whose change
 * stayed inside the band at the gate's level was held back by that level.
 */
import { bandOf, type ComparisonRow } from './rows.js';
import { SUITE_EXPERIMENT } from './suiteRow.js';

/** Why a gated row over its threshold did not fail. */
export type HeldBy = 'noise' | 'suite-budget' | 'level';

/** A history row's reason for `warn`: the budget, the gate's level, or the noise itself. */
export function heldBy(row: ComparisonRow): HeldBy {
  if (row.suite?.held === true) return 'suite-budget';
  const band = bandOf(row)?.band;
  // deltaPercent, as the band, is worse positive (rows.ts).
  if (band !== undefined && row.deltaPercent / 100 > band.upper) return 'suite-budget';
  if (row.changeInterval !== undefined && row.changeInterval.lower > row.threshold) return 'level';
  return 'noise';
}

/** Whether a row is a suite row (suiteRow.ts): the whole suite's geomean, not a benchmark. */
export function isSuiteRow(row: ComparisonRow): boolean {
  return row.experimentType === SUITE_EXPERIMENT && bandOf(row)?.suite !== undefined;
}

/** How far a suite moved, against how far its recorded runs varied. */
export interface SuiteMove {
  /** The metric and statistic of the suite, and which way is worse. */
  readonly metric: string;
  readonly statistic: string;
  readonly direction: ComparisonRow['direction'];
  /** The suite's change, worse positive (0.35 for +35 % slower). */
  readonly change: number;
  /** Each recorded run's suite geomean against the history's, worse positive, lowest and highest. */
  readonly spread: { readonly lower: number; readonly upper: number };
  /** How many benchmarks the geomean is over. */
  readonly benchmarks: number;
  /** It failed the gate; else, over the threshold, what held it back. */
  readonly failed: boolean;
  readonly heldBy?: HeldBy;
}

/** The suite rows' moves worth a word: those that failed, or are over the threshold the worse way. */
export function suiteMoves(rows: readonly ComparisonRow[]): SuiteMove[] {
  return rows.flatMap((row): SuiteMove[] => {
    const suite = bandOf(row)?.suite;
    if (!isSuiteRow(row) || suite === undefined || !Number.isFinite(row.deltaPercent)) return [];
    const change = row.deltaPercent / 100;
    const over = change > row.threshold;
    if (!row.failed && !(over && row.status === 'warn')) return [];
    return [
      {
        metric: row.metric,
        statistic: row.statistic,
        direction: row.direction,
        change,
        spread: suite.spread,
        benchmarks: suite.benchmarks,
        failed: row.failed,
        ...(row.failed ? {} : { heldBy: heldBy(row) }),
      },
    ];
  });
}
