/**
 * "Catches ≥" at the level the whole-suite budget actually judges a statistic at (docs/statistics.md, "The suite
 * row"). Each row's detectable change is first worked out at its own α (noise.ts); under the budget (suiteBudget.ts) a
 * statistic that regressed alone is selected only when its p-value, read on the tail the budget read it on (the
 * suite's fitted tail, `suite.tailDf`), is within its share of α/F: F the families decided together. That is the test
 * a regression must pass alone, so the change it catches 9 times in 10 is the noncentral t's at that critical value
 * (stats/effectTest.ts), on the row's own standard error and degrees of freedom. A row regressed together with others
 * is judged at a higher level (Benjamini–Hochberg's step-up), and catches smaller changes: this is the promise that
 * holds for any row.
 */
import { detectableChange } from '../stats/effectTest.js';
import { studentTUpperQuantile, tailReferenceDf } from '../stats/tailReference.js';
import { bandOf, type ComparisonRow, type SubExperimentComparison } from './rows.js';

/**
 * The rows' `detectable` at the level a lone statistic is judged under the budget: the row's α (1 − its confidence,
 * its share of its family's) over the number of families decided together. Rows the budget did not weigh, or without
 * a standard error and df, keep theirs.
 */
export function atLoneLevel(comparisons: readonly SubExperimentComparison[]): SubExperimentComparison[] {
  return comparisons.map((comparison) => ({ ...comparison, rows: comparison.rows.map(loneDetectable) }));
}

/** One row's detectable change at its lone level under the budget. */
export function loneDetectable(row: ComparisonRow): ComparisonRow {
  const evidence = bandOf(row);
  const families = row.suite?.families;
  const se = evidence?.standardError;
  const df = evidence?.df;
  if (families === undefined || se === undefined || df === undefined || row.confidence === undefined) return row;
  if (!(se > 0) || !(df >= 1) || row.detectable === undefined) return row;
  const level = (1 - row.confidence) / families;
  // Read on the tail the rule read the row's statistic on; a decision from before it was kept, on the fixed re-read.
  const critical = studentTUpperQuantile(level, row.suite?.tailDf ?? tailReferenceDf(df));
  return { ...row, detectable: detectableChange(critical, se, df, row.threshold, row.direction) };
}
