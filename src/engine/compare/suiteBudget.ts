/**
 * The one-stage history gate's whole-suite budget (docs/statistics.md, "A whole-suite budget" and "Tails calibrated on
 * the history").
 *
 * Each gated family (one experiment's metric × statistic: its parameter rows and its pooled geomean row) is judged at
 * α, so an unchanged suite of F families fails with probability up to 1 − (1 − α)^F: 18 % at 40 families, 100 % at
 * 2000. Benjamini–Hochberg decides across the families at α: when nothing changed it fails a suite as Simes' test
 * does, about as often as Holm; when many families regressed together it selects them all, where Holm's steps stop
 * at the first above α/(F − j + 1). A family's p-value is its rows' weighted Bonferroni combination (as the two-stage
 * screen's, confirm/screen.ts).
 *
 * The p-values are read on Student t with the rows' df, exact for log-normal noise; under the heavier tails of real
 * runs the far tail a large suite decides in (0.5 %/F) is too light. Instead of one fixed heavier reference for every
 * suite (t on 4 df, 3 below 10 runs: it cost the power at F = 1, where there is nothing to pay for, and caught 0 of
 * 100 ×1.3 changes in a quiet suite of 10,000), the reference is fitted on the suite's own null statistics: each
 * recorded run judged against the others (suiteTails.ts, stats/leaveOneRunOut.ts), one reference per metric ×
 * statistic, the lightest of stats/tailCalibration.ts's ladder whose extreme quantiles they do not exceed. Each row's
 * p-value is read again on min(df, that reference): unchanged for a suite whose runs look gaussian, heavier where its
 * runs show heavy tails or shared shifts. bench/validate-tails.ts measures it against the fixed re-read.
 *
 * A row keeps failing when its family is selected and one of the family's failing rows (not one BH named after) has
 * its calibrated p-value within its share of the cut-off; the regressed rows a selected family names (attribution.ts)
 * stay named. A row that failed its family's own test but that the suite does not select shows as `warn`
 * (`suite.held`): over the threshold and outside its band, but not significant for the suite.
 */
import { benjaminiHochbergCutoff } from '../stats/fdr.js';
import { fittedTailDf, sortNulls } from '../stats/tailCalibration.js';
import { studentTUpperQuantile, studentTUpperTail, tailReferenceDf } from '../stats/tailReference.js';
import { bonferroniShares, scaledByShare } from '../stats/weightedBonferroni.js';
import { bandOf, familyKey, type BandEvidence, type ComparisonRow, type SubExperimentComparison } from './rows.js';
import { suiteKey } from './suiteTails.js';

/** How the budget decides, in the report's words. */
export const SUITE_RULE =
  "Benjamini–Hochberg across them, each p-value read on the tail the suite's own recorded runs show when judged against each other";

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

/** A p-value on `df` read again on min(df, `reference`): the same statistic, the fitted tail. */
function calibrated(p: number, df: number, reference: number): number {
  if (Number.isNaN(p) || reference >= df || p <= 0 || p >= 0.5) return p;
  return studentTUpperTail(studentTUpperQuantile(p, df), reference);
}

/**
 * The fitted reference of each suiteKey, on the null statistics its weighed rows carry, from the fixed re-read's
 * reference for the fewest runs among them (stats/tailReference.ts). A suite of one family decides at α itself, where
 * the row's own df holds the bound (bench/validate-tails.ts): its rows keep their own p-values.
 */
function fittedReferences(rows: readonly Weighed[], families: number): Map<string, number> {
  const nulls = new Map<string, { statistics: number[]; dfs: number[]; fewest: number }>();
  if (families === 1) return new Map();
  for (const row of rows) {
    const own = row.evidence.nulls;
    if (own === undefined) continue;
    const key = suiteKey(row);
    const group = nulls.get(key) ?? { statistics: [], dfs: [], fewest: Infinity };
    for (const t of own.statistics) {
      group.statistics.push(t);
      group.dfs.push(own.df);
    }
    group.fewest = Math.min(group.fewest, row.evidence.own?.df ?? row.evidence.df);
    nulls.set(key, group);
  }
  return new Map(
    [...nulls].map(([key, group]) => [key, fittedTailDf(sortNulls(group), tailReferenceDf(group.fewest))]),
  );
}

/**
 * Each row's calibrated p-value over its share of its family's α (weightedBonferroni.ts): the family is rejected at λ
 * on a row iff this is ≤ λ, and the family's p-value is their minimum. A row whose metric × statistic carries no null
 * statistics (a history too short to leave a run out, or in two states) is read on the fixed re-read.
 */
function scaledPValues(rows: readonly Weighed[], references: ReadonlyMap<string, number>, families: number): number[] {
  const shares = bonferroniShares(rows.map((r) => 1 - r.confidence));
  return rows.map((r, i) =>
    scaledByShare(calibrated(r.pValue, r.evidence.df, tailOf(r, references, families)), shares[i]!),
  );
}

/**
 * The reference a row's p-value is read again on: its metric × statistic's fitted tail; without null statistics to fit
 * on, the fixed re-read (the fit's start); in a suite of one family, its own df.
 */
function tailOf(r: Weighed, references: ReadonlyMap<string, number>, families: number): number {
  if (families === 1) return Infinity;
  return references.get(suiteKey(r)) ?? tailReferenceDf(r.evidence.own?.df ?? r.evidence.df);
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
  const references = fittedReferences([...families.values()].flat(), families.size);
  const scaled = new Map(keys.map((k) => [k, scaledPValues(families.get(k)!, references, families.size)]));
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
        tailDf: Math.min(row.evidence.df, tailOf(row, references, families.size)),
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
