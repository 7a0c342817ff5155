/** Which metrics are exact counts, apart from how counts are judged (exactCounts.ts), so that a row may ask it. */
import type { Measurement, Metric } from '../model/measurement.js';

/** Whether a metric is an exact count: the count kind, or counted by a named instrument. */
export function isExactCount(metric: Pick<Metric, 'kind' | 'instrument' | 'dimension'>): boolean {
  return metric.kind === 'count' || (metric.dimension === 'count' && metric.instrument !== undefined);
}

/** Whether every primary measurement (not a secondary metric) is an exact count, and there is one. */
export function onlyExactCounts(measurements: readonly Measurement[]): boolean {
  const primary = measurements.filter((m) => m.metric.role !== 'secondary');
  return primary.length > 0 && primary.every((m) => isExactCount(m.metric));
}
