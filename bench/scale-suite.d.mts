// Types of bench/scale-suite.mjs, the one generator of large Google Benchmark suites, for the TypeScript that imports
// it (bench/historyVerdict.ts, __tests__/history-verdict-scale.test.ts).

export interface SuiteOptions {
  benchmarks: number;
  repetitions?: number;
  run?: number;
  regressed?: number;
  factor?: number;
  seed?: number;
}

/** The indices of `count` benchmarks spread evenly over `total`. */
export function regressedIndices(total: number, count: number): Set<number>;
/** The name of the suite's benchmark `index`: `BM_Family<f>/<size>`. */
export function benchmarkName(index: number): string;
/** Writes one Google Benchmark JSON run to `path`; returns its size in bytes. */
export function writeGoogleBenchmarkSuite(path: string, options: SuiteOptions): number;
/** Writes `runs` runs of one unchanged build as DIR/run-001/results.json …; returns the folders. */
export function writeGoogleBenchmarkRuns(dir: string, options: SuiteOptions & { runs: number }): string[];
