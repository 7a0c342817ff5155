/**
 * What the Fast-DDS adapters share, written once: the latency metric every latency format of the
 * family reads into (µs, lower is better), and how their text files split into lines.
 */
import { stripBom } from '../../csv/header.js';
import type { Metric } from '../../model/measurement.js';

/** Round-trip latency in µs, as LatencyTest prints it and the reference's summaries hold it. */
export const LATENCY_METRIC: Metric = {
  name: 'latency',
  dimension: 'time',
  unit: 'us',
  displayUnit: 'us',
  direction: 'lower-is-better',
};

export function splitLines(text: string): string[] {
  return stripBom(text).split(/\r?\n/);
}
