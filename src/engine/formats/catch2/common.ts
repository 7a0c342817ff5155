/**
 * What the Catch2 adapters (console output and XML reporter) share, written once: the metric their
 * benchmarks are read into, how a test case and its sections name the experiment, and the
 * measurement a benchmark becomes.
 */
import type { Measurement, Metric } from '../../model/measurement.js';

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
  };
}
