// Types of bench/scale-suite.mjs, for the TypeScript bench code that imports the generator.
export interface SuiteOptions {
  benchmarks: number;
  repetitions?: number;
  run?: number;
  regressed?: number;
  factor?: number;
  seed?: number;
}
export function regressedIndices(total: number, count: number): Set<number>;
export function benchmarkName(index: number): string;
export function writeGoogleBenchmarkSuite(path: string, options: SuiteOptions): number;
export function writeGoogleBenchmarkRuns(dir: string, options: SuiteOptions & { runs: number }): string[];
