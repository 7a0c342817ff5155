/**
 * What the Catch2 adapters (console output and XML reporter) share, written once: the metric their
 * benchmarks are read into, how a test case and its sections name the experiment, and the
 * measurement a benchmark becomes (or, when Catch2 could not measure it, the skipped benchmark).
 */
import type { Measurement, Metric, SkippedBenchmark } from '../../model/measurement.js';
import { resolutionFloorNote } from '../shared.js';

/** A benchmark's time per iteration: stored in µs, shown in ns as Catch2 prints it. */
export const CATCH2_TIME: Metric = {
  name: 'time',
  dimension: 'time',
  unit: 'us',
  displayUnit: 'ns',
  direction: 'lower-is-better',
};

/** The experiment of a benchmark: its test case and sections, outermost first, joined by ` / `. */
export function experimentOfScopes(scopes: readonly string[]): string {
  return scopes.join(' / ');
}

/** A benchmark's time measurement; a benchmark outside any test case is in the experiment `Catch2`. */
export function catch2Measurement(
  file: string,
  experiment: string,
  name: string,
  statistics: Measurement['statistics'],
  line: number,
): Measurement {
  return {
    experiment: experiment || 'Catch2',
    parameter: { label: name },
    metric: CATCH2_TIME,
    statistics,
    place: { file, line },
    // Catch2 prints a mean under 0.5 ns as `0 ns`: a benchmark optimised away, not one that took no time.
    ...(statistics.mean === 0 ? { belowResolution: true as const } : {}),
  };
}

/** The note on a file's benchmarks whose mean was 0 ns; none when there are none. */
export function catch2FloorNotes(measurements: readonly Measurement[]): string[] {
  const floors = measurements.filter((m) => m.belowResolution).map((m) => `${m.experiment} / ${m.parameter.label}`);
  return floors.length > 0 ? [resolutionFloorNote(floors, 'ns')] : [];
}

/** A benchmark Catch2 reported as `Benchmark failed (<message>)` / `<failed message="…"/>`. */
export function catch2Skipped(
  file: string,
  experiment: string,
  name: string,
  message: string,
  line: number,
): SkippedBenchmark {
  return { experiment: experiment || 'Catch2', name, message, place: { file, line } };
}
