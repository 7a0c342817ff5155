/** Statistics of one payload size of one sub-experiment, as in a reference summary CSV row. */
export interface PayloadSummary {
  payloadBytes: number;
  samples: number;
  max: number;
  min: number;
  mean: number;
  median: number;
  stdev: number;
  meanJitter: number;
  maxJitter: number;
  p90: number;
  p99: number;
  p9999: number;
  /** The 1-based line of this payload in the summary CSV it was read from. */
  line?: number;
}

/** The summary of one sub-experiment (one `measurements_<type>_summary.csv`). */
export interface Summary {
  /** Sub-experiment name, e.g. `interprocess_best_effort`. */
  experimentType: string;
  /** The file it was read or computed from. */
  source: string;
  /** Payloads in order of first appearance. */
  payloads: PayloadSummary[];
}

/** The summary CSV's columns, in the order the reference writes them. */
export const SUMMARY_COLUMNS = [
  'Bytes',
  'Samples',
  'Max',
  'Min',
  'Mean',
  'Median',
  'Stdev',
  'Mean jitter',
  'Max jitter',
  '90%',
  '99%',
  '99.99%',
] as const;

export type SummaryColumn = (typeof SUMMARY_COLUMNS)[number];

/** The numeric fields of a payload summary (everything but its place in a file). */
export type SummaryStatistic = Exclude<keyof PayloadSummary, 'line'>;

/** Which field of PayloadSummary each summary column holds. */
export const SUMMARY_FIELDS: Record<SummaryColumn, SummaryStatistic> = {
  Bytes: 'payloadBytes',
  Samples: 'samples',
  Max: 'max',
  Min: 'min',
  Mean: 'mean',
  Median: 'median',
  Stdev: 'stdev',
  'Mean jitter': 'meanJitter',
  'Max jitter': 'maxJitter',
  '90%': 'p90',
  '99%': 'p99',
  '99.99%': 'p9999',
};
