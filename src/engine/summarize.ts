import type { PayloadSamples, RawMeasurements } from './model/rawMeasurements.js';
import type { PayloadSummary, Summary } from './model/summary.js';
import { extremes, mean, medianOfSorted, percentileOfSorted, populationStdev } from './numeric/numpy.js';

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
  const jitter = new Float64Array(Math.max(0, n - 1));
  for (let i = 1; i < n; i++) jitter[i - 1] = Math.abs(latencies[i]! - latencies[i - 1]!);
  const sorted = Float64Array.from(latencies).sort();
  return {
    payloadBytes: samples.payloadBytes,
    samples: n,
    max,
    min,
    mean: average,
    median: medianOfSorted(sorted),
    stdev: populationStdev(latencies, average),
    meanJitter: n > 1 ? mean(jitter) : NaN,
    maxJitter: n > 1 ? extremes(jitter).max : NaN,
    p90: percentileOfSorted(sorted, 90),
    p99: percentileOfSorted(sorted, 99),
    p9999: percentileOfSorted(sorted, 99.99),
  };
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
