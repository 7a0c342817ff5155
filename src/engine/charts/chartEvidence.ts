/**
 * What the comparison's charts draw of a row's evidence (compare/evidence.ts): the one place they read it, switching on
 * its kind. A history's band and how many runs it came from; A/B pairs' interval of the change.
 */
import type { ComparisonRow } from '../compare/rows.js';

/** A row's evidence as the charts draw it (worse-positive relative effects). */
export function chartEvidence(row: Pick<ComparisonRow, 'evidence'>): {
  band?: { lower: number; upper: number };
  historyRuns?: number;
  interval?: { lower: number; upper: number };
  /** A history's suite row (compare/suiteRow.ts): no benchmark, and no run values of its own to draw. */
  suite?: true;
} {
  const evidence = row.evidence;
  switch (evidence?.kind) {
    case 'band':
      return {
        historyRuns: evidence.historyRuns,
        ...(evidence.band !== undefined ? { band: evidence.band } : {}),
        ...(evidence.suite !== undefined ? { suite: true } : {}),
      };
    case 'pairs':
      return evidence.interval !== undefined ? { interval: evidence.interval } : {};
    default:
      return {};
  }
}
