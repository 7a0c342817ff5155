/** The magnitudes a latency requirement limits, in the order check reports list them. */
export const CHECKED_MAGNITUDES = ['Median', '99%', 'Max'] as const;
export type CheckedMagnitude = (typeof CHECKED_MAGNITUDES)[number];

/** One row of a requirements CSV: upper limits for one sub-experiment and payload. */
export interface Requirement {
  experimentType: string;
  payloadBytes: number;
  limits: Record<CheckedMagnitude, number>;
  /** 1-based line in the requirements file. */
  line: number;
  /** The row's `Optional` cell said yes: a sub-experiment or payload not in the results is skipped, not failed. */
  optional?: boolean;
}

/** Which PayloadSummary field a checked magnitude reads. */
export const MAGNITUDE_FIELDS = { Median: 'median', '99%': 'p99', Max: 'max' } as const satisfies Record<
  CheckedMagnitude,
  string
>;
