/**
 * The words of a comparison that paired nothing although the reference had results (compare/presence.ts,
 * nothingPaired): what each side gave, and what to change so that they pair. Names from result files are escaped
 * unless the text is for a terminal.
 */
import type { Unpaired } from '../../compare/presence.js';
import { escapeMarkdown } from '../escape.js';

/** How many names the words list before counting the rest. */
const LISTED = 4;

function listed(names: readonly string[], plain: boolean): string {
  const shown = names.slice(0, LISTED).map((n) => (plain ? n : escapeMarkdown(n)));
  const more = names.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/**
 * `repetitions differ: the recorded runs give min, median, max of repeated runs and this run none of them; run the
 * benchmarks with the recorded runs' repetitions (Google Benchmark --benchmark_repetitions, go test -count)`.
 */
export function unpairedWords(u: Unpaired, plain = false): string {
  if (u.why === 'repetitions')
    return (
      `repetitions differ: the recorded runs give ${listed(u.recorded, plain)} of repeated runs and this run none of them; ` +
      `run the benchmarks with the same repetitions as the recorded runs (Google Benchmark --benchmark_repetitions, go test -count)`
    );
  return (
    `metrics differ: the recorded runs measure ${listed(u.recorded, plain)} and this run ${listed(u.given, plain)}; ` +
    `run the benchmarks with the same flags as the recorded runs (go test -benchmem, the same counters)`
  );
}
