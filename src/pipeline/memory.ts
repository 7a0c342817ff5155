import { setFlagsFromString } from 'node:v8';

/**
 * Keeps V8's young generation at its first size for the whole run. By default it doubles when
 * many objects survive a collection, as they do while a large result file becomes its model: the
 * young generation then takes 100 MB or more of the process's peak. Measured (bench/RESULTS.md,
 * "Reading large files"): a 30 MB pytest-benchmark file read in 257 MB, 134 MB with this; compare
 * of a 56 MB Google Benchmark file against itself 490 MB → 347 MB, in the same time. The flag is
 * read each time the young generation would grow, so setting it at start-up takes effect.
 */
export function keepYoungGenerationSmall(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}
