import type { PayloadSamples, RawMeasurements } from './model/rawMeasurements.js';
import type { PayloadSummary, Summary } from './model/summary.js';
import {
  extremes,
  mean,
  medianOfSorted,
  percentileOfSorted,
  populationStdev,
  selectOrderStatistics,
} from './numeric/numpy.js';

/**
 * Statistics of one payload exactly as `latency_process_results.py` computes them (spec §2.2):
 * jitter is |L[i] − L[i−1]| between consecutive samples of the payload in file order; the stdev
 * is the population one; percentiles are numpy's linear ones. A payload with a single sample has
 * no jitter: its jitter columns are NaN (the reference crashes there).
 */
export function summarizePayload(samples: PayloadSamples): PayloadSummary {
  const latencies = samples.latencies;
  const n = latencies.length;
  const { min, max } = extremes(latencies);
  const average = mean(latencies);
  // One work array per payload: the jitter, then the squares of the stdev, then the order statistics.
  const work = new Float64Array(n);
  const jitter = work.subarray(0, Math.max(0, n - 1));
  for (let i = 1; i < n; i++) jitter[i - 1] = Math.abs(latencies[i]! - latencies[i - 1]!);
  const meanJitter = n > 1 ? mean(jitter) : NaN;
  const maxJitter = n > 1 ? extremes(jitter).max : NaN;
  const stdev = populationStdev(latencies, average, work);
  work.set(latencies);
  const ordered = orderStatistics(work, min, max);
  return {
    payloadBytes: samples.payloadBytes,
    samples: n,
    max,
    min,
    mean: average,
    median: medianOfSorted(ordered),
    stdev,
    meanJitter,
    maxJitter,
    p90: percentileOfSorted(ordered, 90),
    p99: percentileOfSorted(ordered, 99),
    p9999: percentileOfSorted(ordered, 99.99),
  };
}

const PERCENTILES = [90, 99, 99.99];

/**
 * `values` (a copy of the samples, min and max as `extremes` gives them) with every position
 * that `medianOfSorted` and `percentileOfSorted(…, PERCENTILES)` read holding what a full sort
 * would put there. A selection does it in linear time; a sort is kept for small arrays and for
 * values with NaN or zeros (whose sort order a comparison cannot tell: -0 and +0).
 */
function orderStatistics(values: Float64Array, min: number, max: number): Float64Array {
  const n = values.length;
  if (n < 64 || Number.isNaN(min) || (min <= 0 && max >= 0)) return values.sort();
  // Position 0 and n - 1 (min and max) are read only for n = 1 or p = 0 or 100: not selected.
  const positions = [(n >> 1) - 1, n >> 1];
  for (const p of PERCENTILES) {
    const lo = Math.floor((n - 1) * (p / 100));
    positions.push(lo, lo + 1);
  }
  selectOrderStatistics(values, positions);
  return values;
}

/**
 * The summary of a raw measurement file (the reference writes it as `summaryFileNameOfRaw`).
 * The sub-experiment name comes from the caller: summarising alone needs none.
 */
export function summarize(raw: RawMeasurements, experimentType = ''): Summary {
  return {
    experimentType,
    source: raw.source,
    payloads: raw.groups.map(summarizePayload),
  };
}
