/**
 * The paired method: k interleaved A/B pairs of base and candidate runs, each experiment judged on its per-pair log
 * ratios (pairedRows.ts), or with the shared-shift model across the run's experiments (suiteShift.ts).
 */
import { alphaSentence, falseAlarms, most, plural, unreadSides, type VerdictMethod } from './method.js';
import { PAIRED_CONFIDENCE } from './pairedRows.js';
import { type ComparisonRow, pairsEvidenceOf } from './rows.js';
import { sharedShiftNotes } from './sharedShiftRows.js';
import { compareExperimentsPaired } from './suiteShift.js';
import { DEFAULT_SPENDING, FIRST_LOOK, LOOK_STEP, looksAt, type SpendingFunction } from '../stats/sequential.js';

/** The report's note on a sequential look: where the run is and what the boundary buys. */
export function sequentialNote(pairs: number, maxPairs: number, spending: SpendingFunction = DEFAULT_SPENDING): string {
  const looks = looksAt(pairs, maxPairs);
  const boundary = spending === 'pocock' ? 'Pocock-type' : "O'Brien–Fleming-type";
  return (
    `Sequential A/B: look ${looks.length} at ${pairs} of at most ${maxPairs} pairs (looks every ${LOOK_STEP} pairs from ${FIRST_LOOK}). ` +
    `Each row is judged at its look's ${boundary} boundary (Lan–DeMets α spending), so all looks together fail an unchanged build with probability ≤ α; ` +
    (pairs < maxPairs
      ? 'an inconclusive row is decided by running more pairs, up to the cap.'
      : 'this is the last look: a row still inconclusive stays undecided.')
  );
}

/**
 * The paired method: interleaved A/B pairs on one runner cancel the machine's state, so its default is 0.99
 * (PAIRED_CONFIDENCE). It reads the pairs of every experiment and judges them together; a sequential run's look adds
 * its note.
 */
export const pairedMethod = {
  name: 'paired',
  defaults: { confidence: PAIRED_CONFIDENCE },
  judgesNoise: true,
  marks: (row) => pairsEvidenceOf(row)?.interval !== undefined,
  label: (summary, rows) => `A/B paired, ${plural(pairsOf(rows), 'pair')}; ${falseAlarms(summary)}`,
  shortLabel: (rows) => `A/B, ${plural(pairsOf(rows), 'pair')}`,
  referenceName: 'the baseline',
  bound: 'the noise',
  narrowedBy: 'pairs',
  notes: (summary, rows) => [
    `A/B paired: base and candidate ran interleaved on the same runner; each row is the mean of the per-pair ratios with a t interval. A row fails only when it exceeds the threshold and its interval excludes no change; the pooled geomean row (or a lone parameter) passes only when its 90 % upper bound lies below the threshold (a change of threshold size would be caught 9 times in 10), and is inconclusive (not failing) when the interval straddles the threshold. ` +
      alphaSentence(summary),
    ...sharedShiftNotes(rows),
  ],
  chartNotes: ['Whisker: the interval of the change over the A/B pairs.'],
  // Whether a gated row straddles the threshold, and how many more pairs would decide it.
  outputs: ({ changes }) => [
    ['inconclusive', changes.inconclusive ? 'true' : 'false'],
    ['pairs-needed', changes.inconclusive?.morePairs ?? ''],
  ],
  reads: 'pairs',
  judge(input, thresholds, settings) {
    if (input.reads !== 'pairs') throw unreadSides('pairs', input);
    const run = compareExperimentsPaired(input.experiments, thresholds, settings);
    const sequential = settings.maxPairs !== undefined ? [sequentialNote(input.pairs, settings.maxPairs)] : [];
    return { comparisons: run.comparisons, notes: [...run.notes, ...sequential] };
  },
} satisfies VerdictMethod;

/** The most pairs any row was judged on. */
function pairsOf(rows: readonly ComparisonRow[]): number {
  return most(rows, (r) => r.repetitions);
}
