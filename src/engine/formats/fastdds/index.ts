/**
 * The Fast-DDS family's one door: what the registry registers (its adapters) and what the rest of
 * perfgate may use of it, re-exported by `registry.ts`. Nothing outside src/engine/formats/ imports
 * a file of this folder (__tests__/architecture-formats.test.ts); the files behind the door are:
 *
 * - `adapters.ts`: the reference's summary and raw CSVs (`fastdds-summary`, `fastdds-raw`), their
 *   file-name rule and streaming hook, and the messages for a file with no usable header;
 * - `summary.ts` and `raw.ts`: the summary CSV (read and rendered byte for byte) and the raw reader;
 * - `measurements.ts`: a summary as the common model and back;
 * - `latencyConsole.ts`, `latencyCsv.ts`, `throughput.ts`: LatencyTest's console table and
 *   `--export_csv` files, ThroughputTest's `--export_csv`;
 * - `common.ts`: what the family's adapters share.
 */
export {
  fastddsHeaderError,
  fastddsRawAdapter,
  fastddsSummaryAdapter,
  FASTDDS_EXPECTED_HEADERS,
  FASTDDS_RESULT_FILES,
} from './adapters.js';
export { fastddsLatencyConsoleAdapter } from './latencyConsole.js';
export { fastddsLatencyCsvAdapter } from './latencyCsv.js';
export { fastddsThroughputAdapter } from './throughput.js';
export { isFastddsFormat, resultSetOfSummary, summaryOfMeasurements } from './measurements.js';
export { RawMeasurementReader } from './raw.js';
export { renderSummaryCsv } from './summary.js';
