/** Latency samples of one payload size, in file order. */
export interface PayloadSamples {
  payloadBytes: number;
  /** Latencies in microseconds, in the order they appear in the file. */
  latencies: Float64Array;
}

/** The content of one raw measurement CSV: payload groups in order of first appearance. */
export interface RawMeasurements {
  source: string;
  groups: PayloadSamples[];
  /** Number of data rows read. */
  rows: number;
}
