/**
 * What the comparison's tables (comparison.md, the comment, the terminal table) show of a row's evidence
 * (compare/evidence.ts): the one place these renderers read it, switching on its kind. A method whose rows carry a new
 * kind of evidence adds its case here.
 */
import type { ComparisonRow } from '../../compare/rows.js';

type Range = { lower: number; upper: number };

/** The tables' cells from a row's evidence (worse-positive relative effects). */
export interface ShownEvidence {
  /** A history's noise band: the effects an unchanged build gives. */
  band?: Range;
  /** A/B pairs with the shared-shift model: a benchmark row's interval, relative to the suite's change. */
  relativeInterval?: Range;
}

export function shownEvidence(row: Pick<ComparisonRow, 'evidence'>): ShownEvidence {
  const evidence = row.evidence;
  switch (evidence?.kind) {
    case 'band':
      return evidence.band !== undefined ? { band: evidence.band } : {};
    case 'pairs':
      return evidence.sharedShift === 'benchmark' && evidence.interval !== undefined
        ? { relativeInterval: evidence.interval }
        : {};
    default:
      return {};
  }
}
