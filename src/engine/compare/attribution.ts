/**
 * Which parameter rows a failing family names (docs/statistics.md, "Naming the regressed rows").
 *
 * The gate decides per family (metric × statistic of one experiment): its pooled geomean row and its
 * parameter rows, each at a Bonferroni share of α, so an unchanged build fails the family with
 * probability ≤ α. That split is right for the gate but wrong for attribution: in a family of 50
 * parameters at 9 degrees of freedom a row must clear t(1 − α/100, 9) ≈ 6.6 standard errors, so a
 * family where every row is 5 standard errors slower fails on its geomean and names a fifth of them.
 * Once a family has failed, which of its rows regressed is a multiple-testing question of its own:
 * Benjamini–Hochberg at FDR level q over the family's parameter rows (stats/fdr.ts) names every row
 * whose p-value clears the BH cut-off, still only over the threshold (status `warn` before). A family
 * that did not fail names nothing, so an unchanged build names a row only when the gate itself
 * false-alarms.
 */
import { benjaminiHochbergCutoff } from '../stats/fdr.js';
import { familyKey, type ComparisonRow } from './rows.js';

/**
 * The rows of one judged experiment with the regressed rows of each failing family named at FDR level `q`
 * (the methods pass the family's α, 1 − confidence). Rows of families that did not fail are returned as they
 * are; a named row becomes `fail` and records `namedBy` (a NamingProcedure, rows.ts).
 */
export function nameRegressedRows(rows: readonly ComparisonRow[], q: number): ComparisonRow[] {
  const families = new Map<string, { failed: boolean; parameterRows: ComparisonRow[] }>();
  for (const row of rows) {
    if (row.status === 'new' || row.status === 'missing') continue;
    const family = families.get(familyKey(row)) ?? { failed: false, parameterRows: [] };
    // A family fails on evidence of a regression (a row or the geomean row `fail`), not on a missing row.
    if (row.failed && row.status === 'fail') family.failed = true;
    if (!row.pooled) family.parameterRows.push(row);
    families.set(familyKey(row), family);
  }
  const cutoffs = new Map<string, number>();
  for (const [key, family] of families)
    if (family.failed)
      cutoffs.set(
        key,
        benjaminiHochbergCutoff(
          family.parameterRows.map((r) => r.pValue ?? NaN),
          q,
        ),
      );
  return rows.map((row): ComparisonRow => {
    if (row.pooled || row.status === 'new' || row.status === 'missing') return row;
    if (row.status === 'fail' && row.failed) return { ...row, namedBy: row.namedBy ?? 'bonferroni' };
    const cutoff = cutoffs.get(familyKey(row));
    const named =
      cutoff !== undefined &&
      row.status === 'warn' &&
      row.gated &&
      row.deltaPercent > row.threshold * 100 &&
      row.pValue !== undefined &&
      row.pValue <= cutoff;
    return named ? { ...row, status: 'fail', failed: true, namedBy: 'fdr' } : row;
  });
}
