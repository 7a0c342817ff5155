/**
 * What the gate cannot see (the headline's "a change under 56 % cannot be seen on this runner"): the change its gated
 * rows catch 9 times in 10 ("Catches ≥", at the level the rule judges a lone statistic), when none catches a change
 * of twice its threshold. The figure is that of the rows that matter: those over the threshold the worse way that did
 * not fail (warn), when there are any (a +52 % change that passed was judged by its own row, not by the quietest), else
 * every gated row; the smallest of them, and the largest when it differs.
 */
import { comparisonRowFailed, type ComparisonRow } from '../../compare/rows.js';

/**
 * How far past its threshold a row may need a change to be before the headline says the change cannot be seen. A row
 * catches a change 9 times in 10 only some way past its threshold (exactly at it, at most half the time), so "Catches
 * ≥" always exceeds the threshold; at twice the threshold the gate no longer sees what its threshold asks of it.
 */
export const UNSEEN_FACTOR = 2;

/**
 * The smallest change the rows that matter catch, and the largest when it differs, when no row failed or is
 * inconclusive and no gated row catches a change of UNSEEN_FACTOR times its threshold: `{ unseenBelow: 0.56 }`, else
 * nothing.
 */
export function unseen(rows: readonly ComparisonRow[]): { unseenBelow?: number; unseenUpTo?: number } {
  // An inconclusive row's headline already says how many more pairs would decide: that is its way to see.
  if (rows.some((r) => comparisonRowFailed(r) || (r.gated && r.status === 'inconclusive'))) return {};
  const catching = rows.filter((r) => r.gated && r.detectable !== undefined && Number.isFinite(r.detectable));
  if (catching.length === 0 || catching.some((r) => r.detectable! <= UNSEEN_FACTOR * r.threshold)) return {};
  // Rows over the threshold that passed: warn (deltaPercent is worse positive, rows.ts).
  const moved = catching.filter((r) => r.status === 'warn' && r.deltaPercent > r.threshold * 100);
  const matter = moved.length > 0 ? moved : catching;
  const below = matter.reduce((m, r) => Math.min(m, r.detectable!), Infinity);
  const upTo = matter.reduce((m, r) => Math.max(m, r.detectable!), -Infinity);
  return { unseenBelow: below, ...(upTo > below ? { unseenUpTo: upTo } : {}) };
}
