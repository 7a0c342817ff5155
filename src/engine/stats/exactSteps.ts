/**
 * Steps in a series of exact counts (instructions under Valgrind): one build counts the same on every run, so there is
 * no noise to test a step against. A step is any change of more than `threshold` from the current level (the first
 * value of its segment), in either direction; its p-value is NaN (no test was made). A change of instrument (another
 * tool, version or cache configuration) between two runs starts a new level and is no step: the two counts are not
 * comparable. Values within the threshold of the level stay at that level. There are no outliers and no pending
 * change: a one-run excursion of an exact count is two steps.
 */
import type { ChangePoint, ChangePointAnalysis } from './changePoints.js';

/** Where a new instrument started a new level: the index of its first value, and the instruments on each side. */
export interface InstrumentLevel {
  index: number;
  before: string;
  after: string;
}

/**
 * The steps of `logValues` (natural logs of the counts, oldest first), each counted by `instruments[i]` (undefined:
 * not said; equal to undefined only), at `threshold` (a fraction: 0.01 is 1 %).
 */
export function exactSteps(
  logValues: readonly number[],
  instruments: readonly (string | undefined)[],
  threshold: number,
): ChangePointAnalysis & { levels: InstrumentLevel[] } {
  if (!(threshold >= 0)) throw new RangeError(`threshold must be 0 or more, got ${threshold}`);
  const starts: { index: number; step: boolean }[] = [{ index: 0, step: false }];
  const levels: InstrumentLevel[] = [];
  for (let i = 1; i < logValues.length; i++) {
    const level = logValues[starts[starts.length - 1]!.index]!;
    if (instruments[i] !== instruments[i - 1]) {
      levels.push({ index: i, before: instruments[i - 1] ?? 'not said', after: instruments[i] ?? 'not said' });
      starts.push({ index: i, step: false });
    } else if (Math.abs(Math.exp(logValues[i]! - level) - 1) > threshold) starts.push({ index: i, step: true });
  }
  const steps: ChangePoint[] = [];
  starts.forEach((start, s) => {
    if (!start.step) return;
    const previous = starts[s - 1]!.index;
    const next = starts[s + 1]?.index ?? logValues.length;
    const before = logValues[previous]!;
    const after = logValues[start.index]!;
    steps.push({
      index: start.index,
      lastBefore: start.index - 1,
      before,
      after,
      relativeChange: Math.exp(after - before) - 1,
      pValue: NaN,
      runsBefore: start.index - previous,
      runsAfter: next - start.index,
    });
  });
  return { steps, outliers: [], levels };
}
