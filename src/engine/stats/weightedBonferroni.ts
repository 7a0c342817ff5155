/**
 * The weighted Bonferroni combination of a family's one-sided p-values: each hypothesis i gets the share wᵢ = αᵢ / Σα
 * of the family's α (equal shares when any αᵢ is unknown), and the family's p-value is min over i of pᵢ / wᵢ, capped at
 * 1. The family is rejected at level λ exactly when some pᵢ ≤ wᵢ·λ: each row beyond its own share of the split.
 */

/** Each hypothesis's share of the family's α: αᵢ / Σα, or 1/n when an α is not a finite positive number. */
export function bonferroniShares(alphas: readonly number[]): number[] {
  const known = alphas.every((a) => Number.isFinite(a) && a > 0);
  const total = alphas.reduce((s, a) => s + a, 0);
  return alphas.map((a) => (known ? a / total : 1 / alphas.length));
}

/** A p-value over its share, capped at 1: the level at which the family is rejected on this hypothesis alone. */
export function scaledByShare(pValue: number, share: number): number {
  return Math.min(1, pValue / share);
}

/** The family's combined p-value: min of pᵢ / wᵢ (capped at 1); NaN for an empty family. */
export function weightedBonferroni(pValues: readonly number[], alphas: readonly number[]): number {
  if (pValues.length === 0) return NaN;
  const shares = bonferroniShares(alphas);
  return Math.min(...pValues.map((p, i) => scaledByShare(p, shares[i]!)));
}
