/**
 * "Did you mean …?": the closest of a few known names to a name that matched none of them, for
 * misspelled experiments, parameters, metrics and CSV columns.
 */

/** Names longer than this get no suggestion (hostile or generated text). */
const LONGEST_GUESSED = 256;

/** Levenshtein distance: insertions, deletions and substitutions each count 1. */
export function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/**
 * The most edits that still read as a misspelling of `wanted`: 2, or a third of its length for
 * longer names (`BenchmarkEncdoe` → `BenchmarkEncode` is 2; `sub` → `ping` is not close).
 */
export function closeEnough(wanted: string): number {
  return Math.max(2, Math.floor(wanted.length / 3));
}

/**
 * Index of the candidate closest to `wanted`, ignoring case, if one is close enough to be a
 * misspelling; the first of equally close ones, so the answer does not depend on anything but the
 * order given. An exact match is not a suggestion: it would have matched.
 */
export function closestIndex(wanted: string, candidates: readonly string[]): number | undefined {
  // The distance takes length × length steps: no guess for a name longer than any a person types.
  if (wanted.length > LONGEST_GUESSED) return undefined;
  const limit = closeEnough(wanted);
  const lower = wanted.toLowerCase();
  let best: number | undefined;
  let bestDistance = Infinity;
  candidates.forEach((candidate, index) => {
    if (candidate === wanted) return;
    // The distance is at least the difference in length: skip the edit distance of a huge name.
    if (Math.abs(candidate.length - wanted.length) > limit) return;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** The candidate closest to `wanted` (see closestIndex), if any. */
export function closestName(wanted: string, candidates: readonly string[]): string | undefined {
  const index = closestIndex(wanted, candidates);
  return index === undefined ? undefined : candidates[index];
}

/** `; did you mean BenchmarkEncode?` when a candidate is close, else nothing. */
export function didYouMean(wanted: string, candidates: readonly string[]): string {
  const close = closestName(wanted, candidates);
  return close === undefined ? '' : `; did you mean ${close}?`;
}
