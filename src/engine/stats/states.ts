/**
 * Machine states in a history. Some tools switch between a fast and a slow state between runs
 * (ddsperf on a 2-core VM: a median of ≈ 9 µs or 35–50 µs, +400 %), whatever the code does. A
 * history that has seen both states explains a candidate in either: that is a state change, not a
 * regression. The states are the two sides of the widest gap in the sorted log values, when that
 * gap is a factor of at least `minRatio`.
 */

export interface StateSplit {
  /** The values of the lower (faster, for a latency) state, sorted. */
  lower: number[];
  /** The values of the upper state, sorted. */
  upper: number[];
  /** upper's smallest over lower's largest value. */
  ratio: number;
}

/** Two states, or undefined when the values (positive, at least 3) show no gap of `minRatio`. */
export function splitStates(values: readonly number[], minRatio = 2): StateSplit | undefined {
  const sorted = values.filter((v) => Number.isFinite(v) && v > 0).sort((a, b) => a - b);
  if (sorted.length < 3) return undefined;
  let at = -1;
  let widest = 0;
  for (let i = 1; i < sorted.length; i++) {
    const gap = sorted[i]! / sorted[i - 1]!;
    if (gap > widest) [widest, at] = [gap, i];
  }
  if (widest < minRatio) return undefined;
  return { lower: sorted.slice(0, at), upper: sorted.slice(at), ratio: widest };
}

/**
 * Which state a candidate level is in: inside a state's range widened by `slack` (0.1: 10 % either
 * way), else undefined.
 */
export function stateOf(split: StateSplit, level: number, slack: number): 'lower' | 'upper' | undefined {
  const inside = (state: number[]) =>
    level >= state[0]! / (1 + slack) && level <= state[state.length - 1]! * (1 + slack);
  return inside(split.lower) ? 'lower' : inside(split.upper) ? 'upper' : undefined;
}
