/**
 * A suite's geometric mean in each run (docs/statistics.md, "The suite row"): the mean log over the suite's
 * benchmarks, per history run and per candidate repetition, over the benchmarks every one of them has; and how far
 * each recorded run's geomean sat from the history's own (its recorded spread). A whole suite that moves as one (a
 * slower runner image, a compiler flag, every ns/op ×1.3) moves this level, while each benchmark's own test, judged at
 * its share of a suite's budget, may not see it.
 */

/** The suite's level in each run, over the benchmarks every run and the candidate have. */
export interface SuiteGeomean {
  /** Per history run (in the order given): the geometric mean over the suite's benchmarks. */
  readonly history: number[];
  /** Per candidate repetition: the geometric mean over the same benchmarks (the first min(k) repetitions of each). */
  readonly candidate: number[];
  /** How many benchmarks the levels are the geomean of. */
  readonly benchmarks: number;
  /**
   * Each recorded run's geomean relative to the geomean of them all, as relative changes (`exp(d) − 1`), its lowest
   * and highest: "its recorded runs varied −4.4 … +6.5 %". Raw: not yet turned worse-positive.
   */
  readonly spread: { readonly lower: number; readonly upper: number };
}

/**
 * The suite's geomeans: `history[b][r]` is benchmark b's level in history run r (undefined where the run lacks it),
 * `candidate[b]` its candidate's values (one per repetition). A benchmark counts when every history run has a positive
 * level of it and the candidate a positive value; undefined when fewer than `minBenchmarks` do, or when no run is
 * given.
 */
export function suiteGeomeans(
  history: readonly (readonly (number | undefined)[])[],
  candidate: readonly (readonly number[])[],
  minBenchmarks = 2,
): SuiteGeomean | undefined {
  const runs = history[0]?.length ?? 0;
  if (runs === 0 || candidate.length !== history.length) return undefined;
  const kept: number[] = [];
  history.forEach((levels, b) => {
    const values = candidate[b]!.filter((v) => Number.isFinite(v) && v > 0);
    if (
      levels.length === runs &&
      levels.every((v) => v !== undefined && Number.isFinite(v) && v > 0) &&
      values.length > 0
    )
      kept.push(b);
  });
  if (kept.length < minBenchmarks) return undefined;
  const meanLogOf = (value: (j: number) => number) => {
    let sum = 0;
    for (let j = 0; j < kept.length; j++) sum += Math.log(value(j));
    return sum / kept.length;
  };
  const historyLogs = Array.from({ length: runs }, (_, r) => meanLogOf((j) => history[kept[j]!]![r]!));
  const candidates = kept.map((b) => candidate[b]!.filter((v) => Number.isFinite(v) && v > 0));
  const k = Math.min(...candidates.map((v) => v.length));
  const candidateLogs = Array.from({ length: k }, (_, i) => meanLogOf((j) => candidates[j]![i]!));
  const centre = historyLogs.reduce((a, x) => a + x, 0) / runs;
  const deviations = historyLogs.map((x) => Math.exp(x - centre) - 1);
  return {
    history: historyLogs.map(Math.exp),
    candidate: candidateLogs.map(Math.exp),
    benchmarks: kept.length,
    spread: { lower: Math.min(...deviations), upper: Math.max(...deviations) },
  };
}
