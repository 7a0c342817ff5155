/**
 * The one-stage history gate's whole-suite budget (docs/statistics.md, "A whole-suite budget").
 *
 * Each gated family (one experiment's metric × statistic: its parameter rows and its pooled geomean row) is judged at
 * α, so an unchanged suite of F families fails with probability up to 1 − (1 − α)^F: 18 % at 40 families, 100 % at
 * 2000. Deciding across the families with Holm or Benjamini–Hochberg at α holds the budget under log-normal noise,
 * but not under the heavier tails of real runs (t₄ noise: up to 29 % at 2000 families, bench/validate-budget.ts),
 * because the p-values are read on Student t with the history's df, whose tail is far lighter than the noise's at the
 * levels a large suite decides at. So each row's p-value is read again on Student t with 4 df, at most 3 below 9 df
 * (stats/tailReference.ts), a family's p-value is its rows' weighted Bonferroni combination (as the two-stage screen's,
 * confirm/screen.ts), and Benjamini–Hochberg decides across the families at α: when nothing changed it fails a suite
 * as Simes' test does, about as often as Holm (measured ≤ 0.5 % at F = 10 … 2000, gaussian and t₄ noise); when many
 * families regressed together it selects them all, where Holm's steps stop at the first above α/(F − j + 1).
 *
 * A row keeps failing when its family is selected and one of the family's failing rows (not one BH named after) has
 * its tail-robust p-value within its share of the cut-off; the regressed rows a selected family names (attribution.ts)
 * stay named. A row that failed its family's own test but that the suite does not select shows as `warn`
 * (`suite.held`): over the threshold and outside its band, but not significant for the suite.
 */
import { benjaminiHochbergCutoff } from '../stats/fdr.js';
import { tailRobustPValue } from '../stats/tailReference.js';
import { bonferroniShares, scaledByShare } from '../stats/weightedBonferroni.js';
import { bandOf, familyKey, type BandEvidence, type ComparisonRow, type SubExperimentComparison } from './rows.js';

/** How the budget decides, in the report's words. */
export const SUITE_RULE =
  'Benjamini–Hochberg across them, each p-value read on Student t with 4 df, 3 below 10 history runs';

type Weighed = ComparisonRow & { pValue: number; confidence: number; evidence: BandEvidence & { df: number } };

/** A row the budget weighs: gated, with a p-value on known df and the confidence it was judged at. */
function weighed(row: ComparisonRow): row is Weighed {
  const df = bandOf(row)?.df;
  return (
    row.gated &&
    row.status !== 'not-comparable' &&
    row.pValue !== undefined &&
    Number.isFinite(row.pValue) &&
    df !== undefined &&
    Number.isFinite(df) &&
    row.confidence !== undefined &&
    row.confidence > 0 &&
    row.confidence < 1
  );
}

/**
 * Each row's tail-robust p-value over its share of its family's α (weightedBonferroni.ts): the family is rejected at λ
 * on a row iff this is ≤ λ, and the family's p-value is their minimum.
 */
function scaledPValues(rows: readonly Weighed[]): number[] {
  const shares = bonferroniShares(rows.map((r) => 1 - r.confidence));
  return rows.map((r, i) => scaledByShare(tailRobustPValue(r.pValue, r.evidence.df), shares[i]!));
}

/**
 * The comparisons of one run with the whole-suite budget `alpha` (1 − the settings' confidence) applied across every
 * gated family of every experiment. Comparisons with no weighed row are returned as they are.
 */
export function applySuiteBudget(
  comparisons: readonly SubExperimentComparison[],
  alpha: number,
): SubExperimentComparison[] {
  const families = new Map<string, Weighed[]>();
  const position = new Map<ComparisonRow, number>();
  comparisons.forEach((comparison, c) => {
    for (const row of comparison.rows)
      if (weighed(row)) {
        const key = `${c}\u0000${familyKey(row)}`;
        const family = families.get(key) ?? [];
        if (family.length === 0) families.set(key, family);
        position.set(row, family.push(row) - 1);
      }
  });
  if (families.size === 0) return [...comparisons];
  const keys = [...families.keys()];
  const scaled = new Map(keys.map((k) => [k, scaledPValues(families.get(k)!)]));
  const pValues = keys.map((k) => Math.min(...scaled.get(k)!));
  // Benjamini–Hochberg's cut-off: every family at or under it is selected, at that level.
  const cutoff = benjaminiHochbergCutoff(pValues, alpha);
  const levels = new Map(keys.map((k, i) => [k, pValues[i]! <= cutoff ? cutoff : NaN]));
  // The level BH compared each family with at its own rank (α·rank/F), for a family it did not select.
  const order = keys.map((_, i) => i).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const rankLevels = new Map(order.map((i, rank) => [keys[i]!, (alpha * (rank + 1)) / keys.length]));
  // A selected family fails on its own evidence: a row it failed on (not one BH named after) within the level.
  const failing = new Set(
    keys.filter((k) =>
      families
        .get(k)!
        .some((r, i) => r.failed && r.status === 'fail' && r.namedBy !== 'fdr' && scaled.get(k)![i]! <= levels.get(k)!),
    ),
  );
  return comparisons.map((comparison, c) => {
    const rows = comparison.rows.map((row): ComparisonRow => {
      if (!weighed(row)) return row;
      const key = `${c}\u0000${familyKey(row)}`;
      const level = levels.get(key)!;
      // The p-value and level the rule compared for this row: its tail-read p over its share, and its family's level.
      const rule = {
        rulePValue: scaled.get(key)![position.get(row)!]!,
        ruleAlpha: Number.isFinite(level) ? level : rankLevels.get(key)!,
      };
      const suite = { families: families.size, ...(Number.isFinite(level) ? { level } : {}), ...rule };
      if (!(row.failed && row.status === 'fail') || failing.has(key)) return { ...row, suite };
      const { namedBy: _named, ...held } = row;
      return { ...held, suite: { ...suite, held: true }, status: 'warn', failed: false };
    });
    const status =
      comparison.status === 'failed' && !rows.some((r) => r.failed)
        ? 'passed'
        : comparison.status === 'passed' && rows.some((r) => r.failed)
          ? 'failed'
          : comparison.status;
    return { ...comparison, status, rows };
  });
}
