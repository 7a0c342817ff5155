/**
 * Holm's (1979) step-down procedure: of m hypotheses, sort the p-values ascending and reject p_(1), p_(2), … while
 * p_(j) ≤ α/(m − j + 1); stop at the first that is not. The chance of rejecting any true hypothesis is ≤ α whatever
 * the tests' dependence, as for Bonferroni (p ≤ α/m each), which it never rejects less than. Used to decide across a
 * whole suite's families (compare/suiteBudget.ts), so that an unchanged build fails with probability ≤ α however many
 * families the suite has.
 */

/**
 * Each hypothesis' Holm level: the α/(m − j + 1) it was rejected at (j its rank), or NaN when it is not rejected, in
 * the input's order. NaN p-values are never rejected and count in m (a test that could not be run still spent its
 * share). Ties keep the input's order.
 */
export function holmLevels(pValues: readonly number[], alpha: number): number[] {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`family-wise level must be in (0, 1), got ${alpha}`);
  const m = pValues.length;
  const p = pValues.map((v) => (Number.isNaN(v) ? Infinity : v));
  const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]! || a - b);
  const levels = new Array<number>(m).fill(NaN);
  for (let j = 0; j < m; j++) {
    const i = order[j]!;
    const level = alpha / (m - j);
    if (!(p[i]! <= level)) break;
    levels[i] = level;
  }
  return levels;
}
