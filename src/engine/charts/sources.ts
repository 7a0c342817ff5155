/**
 * What the charts are drawn from: the report models, history runs and raw samples, as buildCharts
 * (build.ts) receives them.
 */
import type { ComparisonReport } from '../report/comparison/comparisonReport.js';
import type { CheckReport } from '../report/check/model.js';
import type { Measurement, StatisticName } from '../model/measurement.js';
import type { RawMeasurements } from '../model/rawMeasurements.js';
import type { Summary } from '../model/summary.js';
import type { HistogramTail } from './histogram.js';
import type { Point } from './model.js';

/** A history run as the chart needs it (latencyHistory.ts makes it of a HistoryRecord). */
export interface HistoryRun {
  sha: string;
  date: string;
  runId: string;
  experiments: {
    experiment: string;
    payloads: { bytes: number; median: number | null; p99: number | null; max: number | null; min: number | null }[];
  }[];
}

/**
 * A history run as the regression charts read it: its identity and its measurements, any format
 * (structurally a HistoryRecord of src/engine/history/record.ts).
 */
export interface MeasuredRun {
  sha: string;
  date: string;
  runId: string;
  measurements: readonly {
    experiment: string;
    parameter: string;
    metric: string;
    statistics: Partial<Record<StatisticName, number | null>>;
  }[];
}

export interface RawSamples {
  experimentType: string;
  /** The file the samples were read from, as the charts name it (its base name). */
  source?: string;
  raw: RawMeasurements;
}

/** Raw samples as the charts draw them: binned and M4-reduced, without the samples (reduceRaw). */
export interface ReducedRaw {
  experimentType: string;
  source?: string;
  groups: { payloadBytes: number; samples: number; histogram: Point[]; tail?: HistogramTail; series: Point[] }[];
}

export interface ChartSources {
  check?: CheckReport;
  /** Summaries of the results (for the sub-experiment comparison: it needs Min). */
  summaries?: readonly Summary[];
  comparison?: ComparisonReport;
  /** History records, oldest first. */
  history?: readonly HistoryRun[];
  /** The same history runs with every measurement, for the history of each regression. */
  runs?: readonly MeasuredRun[];
  raw?: readonly (RawSamples | ReducedRaw)[];
  /** Measurements of the general model; higher-is-better metrics get throughput charts. */
  measurements?: readonly Measurement[];
}
