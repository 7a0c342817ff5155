/**
 * What the Eclipse Kuksa databroker-perf adapters (console output and per-group CSV) share, written
 * once: the latency metric both read into, so a group's CSV and its console block compare.
 */
import type { Metric } from '../../model/measurement.js';

/** A signal update's latency, stored in µs, lower is better; shown as the file prints it. */
export function latencyMetric(displayUnit: 'ms' | 'us'): Metric {
  return { name: 'latency', dimension: 'time', unit: 'us', displayUnit, direction: 'lower-is-better' };
}
