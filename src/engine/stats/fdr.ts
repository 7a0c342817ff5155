/**
 * Benjamini–Hochberg (1995) false discovery rate control: of m hypotheses, reject those whose
 * p-values lie at or under the largest p_(k) with p_(k) ≤ k·q/m (p sorted ascending). For
 * independent or positively dependent tests the expected share of true nulls among the rejected
 * is ≤ q·m₀/m. Used to name the regressed rows of a failing family (compare/attribution.ts):
 * unlike Bonferroni (p ≤ q/m for every row), its cut-off grows with the number of small p-values,
 * so a family where 50 rows regressed names them all instead of the few that clear q/50.
 */

/**
 * BH-adjusted p-values, as R's `p.adjust(p, method = "BH")`: p̃_(i) = min over j ≥ i of
 * min(1, m·p_(j)/j), returned in the input's order. A hypothesis is rejected at level q iff
 * p̃ ≤ q. NaN p-values are treated as 1 (a row that could not be tested is never named) and count
 * in m.
 */
export function benjaminiHochberg(pValues: readonly number[]): number[] {
  const m = pValues.length;
  const p = pValues.map((v) => (Number.isNaN(v) ? 1 : Math.min(1, Math.max(0, v))));
  // Ranks by ascending p; ties keep input order, so equal p-values get equal adjusted values anyway.
  const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]! || a - b);
  const adjusted = new Array<number>(m);
  let running = 1;
  for (let rank = m; rank >= 1; rank--) {
    const i = order[rank - 1]!;
    running = Math.min(running, (m * p[i]!) / rank);
    adjusted[i] = running;
  }
  return adjusted;
}

/**
 * The BH cut-off at level q: the largest p_(k) with p_(k) ≤ k·q/m, or −Infinity when no
 * hypothesis is rejected. Every p ≤ the cut-off is rejected.
 */
export function benjaminiHochbergCutoff(pValues: readonly number[], q: number): number {
  if (!(q > 0 && q < 1)) throw new RangeError(`FDR level must be in (0, 1), got ${q}`);
  const m = pValues.length;
  const sorted = pValues.map((v) => (Number.isNaN(v) ? 1 : v)).sort((a, b) => a - b);
  for (let k = m; k >= 1; k--) if (sorted[k - 1]! <= (k * q) / m) return sorted[k - 1]!;
  return -Infinity;
}
