import type { Measurement, ResultSet, StatisticName } from '../../model/measurement.js';
import type { PayloadSummary, Summary } from '../../model/summary.js';
import { LATENCY_METRIC } from './common.js';

/** The summary fields that are latency statistics in the common model. */
const STATISTICS: [keyof PayloadSummary, StatisticName][] = [
  ['samples', 'samples'],
  ['min', 'min'],
  ['mean', 'mean'],
  ['median', 'median'],
  ['p90', 'p90'],
  ['p99', 'p99'],
  ['p9999', 'p9999'],
  ['max', 'max'],
  ['stdev', 'stdev'],
  ['meanJitter', 'jitter'],
  ['maxJitter', 'maxJitter'],
];

/** A Fast-DDS summary as the common model: one latency measurement (µs) per payload. */
export function resultSetOfSummary(
  summary: Summary,
  format: 'fastdds-summary' | 'fastdds-raw',
  file = summary.source,
): ResultSet {
  const measurements: Measurement[] = summary.payloads.map((p) => {
    const statistics: Measurement['statistics'] = {};
    for (const [field, name] of STATISTICS) statistics[name] = p[field] as number;
    return {
      experiment: summary.experimentType,
      parameter: { label: String(p.payloadBytes), payloadBytes: p.payloadBytes },
      metric: { ...LATENCY_METRIC },
      statistics,
      place: p.line !== undefined ? { file, line: p.line } : { file },
    };
  });
  return { format, file, measurements, notes: [], summary };
}

/** Fast-DDS formats: their results carry a summary for the byte-compatible renderers. */
export const FASTDDS_FORMATS = ['fastdds-summary', 'fastdds-raw'] as const;

export function isFastddsFormat(format: string): boolean {
  return (FASTDDS_FORMATS as readonly string[]).includes(format);
}

/**
 * The Fast-DDS summary of an experiment's latency measurements (the inverse of resultSetOfSummary,
 * for measurements stored in a history record): statistics the measurements lack are NaN.
 */
export function summaryOfMeasurements(
  experimentType: string,
  measurements: readonly Measurement[],
  source: string,
): Summary | undefined {
  if (
    measurements.length === 0 ||
    !measurements.every(
      (m) => m.metric.name === 'latency' && m.metric.unit === 'us' && m.parameter.payloadBytes !== undefined,
    )
  )
    return undefined;
  return {
    experimentType,
    source,
    payloads: measurements.map((m) => {
      const p = { payloadBytes: m.parameter.payloadBytes! } as PayloadSummary;
      for (const [field, name] of STATISTICS) (p[field] as number) = m.statistics[name] ?? NaN;
      return p;
    }),
  };
}
