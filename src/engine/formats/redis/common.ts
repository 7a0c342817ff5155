/**
 * What the redis-benchmark adapters (`--csv` and `-q`) share, written once: the two metrics a test
 * is read into, so a CSV and a quiet run of the same tests compare.
 */
import type { Metric } from '../../model/measurement.js';

/** Requests per second, higher is better. */
export const THROUGHPUT: Metric = {
  name: 'throughput',
  dimension: 'rate',
  unit: 'Hz',
  displayUnit: 'req/s',
  direction: 'higher-is-better',
};

/** A request's latency: printed in ms, stored in µs, lower is better. */
export const LATENCY: Metric = {
  name: 'latency',
  dimension: 'time',
  unit: 'us',
  displayUnit: 'ms',
  direction: 'lower-is-better',
};
