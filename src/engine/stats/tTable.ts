/**
 * A t table: Student t quantiles computed once per (probability, degrees of freedom). Each studentTQuantile bisects
 * on the incomplete beta up to 200 times, and a history comparison asks for the same few (level, df) pairs once per
 * row: 10,000 benchmarks asked for about 60,000 quantiles of a handful of distinct ones. The table returns exactly what
 * studentTQuantile returns (it is that value, kept), so no verdict changes.
 */
import { studentTQuantile } from './studentT.js';

/** Distinct (probability, df) pairs kept; beyond it the table starts again (a run never comes near it). */
const MAX_ENTRIES = 4096;

const quantiles = new Map<number, Map<number, number>>();
let entries = 0;

/** The p-quantile of Student's t with `df` degrees of freedom (p in (0, 1), df ≥ 1), as studentTQuantile gives it. */
export function tTableQuantile(p: number, df: number): number {
  let byP = quantiles.get(df);
  const kept = byP?.get(p);
  if (kept !== undefined) return kept;
  // Out-of-range arguments throw here, never enter the table.
  const quantile = studentTQuantile(p, df);
  if (entries >= MAX_ENTRIES) {
    quantiles.clear();
    entries = 0;
    byP = undefined;
  }
  if (byP === undefined) {
    byP = new Map();
    quantiles.set(df, byP);
  }
  byP.set(p, quantile);
  entries++;
  return quantile;
}
