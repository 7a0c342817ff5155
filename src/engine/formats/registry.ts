/**
 * Every format perfgate reads, in the order auto-detection asks them. Fast-DDS summary and raw
 * CSVs come first; folder discovery applies their file-name rules (`fileNames`) before asking the
 * others (src/pipeline/discover.ts).
 */
import type { FormatAdapter, ParseOptions } from './adapter.js';
import type { ResultSet } from '../model/measurement.js';
import {
  fastddsLatencyConsoleAdapter,
  fastddsLatencyCsvAdapter,
  fastddsRawAdapter,
  fastddsSummaryAdapter,
  fastddsThroughputAdapter,
} from './fastdds/index.js';
import { ddsperfAdapter } from './ddsperf.js';
import { fepAdapter } from './fep.js';
import { iceoryx2Adapter } from './iceoryx2.js';
import { iceperfAdapter } from './iceperf.js';
import { kuksaConsoleAdapter } from './kuksa/console.js';
import { kuksaCsvAdapter } from './kuksa/csv.js';
import { netio3Adapter } from './netio3.js';
import { genericCsvAdapter } from './genericCsv.js';
import { githubActionBenchmarkAdapter } from './githubActionBenchmark.js';
import { googleBenchmarkAdapter } from './googleBenchmark.js';
import { goBenchAdapter } from './goBench.js';
import { rustLibtestAdapter } from './rustLibtest.js';
import { criterionConsoleAdapter } from './criterion/console.js';
import { criterionJsonAdapter } from './criterion/json.js';
import { catch2ConsoleAdapter } from './catch2/console.js';
import { catch2XmlAdapter } from './catch2/xml.js';
import { hdrHistogramAdapter } from './hdrHistogram.js';
import { hyperfineAdapter } from './hyperfine/json.js';
import { redisBenchmarkAdapter } from './redis/csv.js';
import { hyperfineCsvAdapter } from './hyperfine/csv.js';
import { redisBenchmarkQuietAdapter } from './redis/quiet.js';
import { pytestBenchmarkAdapter } from './pytestBenchmark.js';
import { jmhAdapter } from './jmh.js';
import { benchmarkDotNetAdapter } from './benchmarkDotNet.js';
import { benchmarkJsAdapter } from './benchmarkJs.js';
import { benchmarkLuauAdapter } from './benchmarkLuau.js';
import { juliaBenchmarkToolsAdapter } from './juliaBenchmarkTools.js';
import { bmfAdapter } from './bmf.js';
import { cachegrindAdapter } from './valgrind/cachegrind.js';
import { callgrindAdapter } from './valgrind/callgrind.js';
import { perfStatCsvAdapter } from './perf/statCsv.js';
import { perfStatJsonAdapter } from './perf/statJson.js';
import { gungraunJsonAdapter } from './gungraun/json.js';
import { gungraunTextAdapter } from './gungraun/text.js';
import { codspeedWalltimeAdapter } from './codspeed.js';
import { requirePossibleValues } from '../model/validity.js';

/**
 * What perfgate uses of Fast-DDS besides its adapters, through this one door: the byte-compatible
 * summary CSV, the raw reader the summarize step streams, a summary as the common model and back,
 * and the messages discovery gives for a folder or file with no Fast-DDS result in it.
 */
export {
  fastddsHeaderError,
  FASTDDS_EXPECTED_HEADERS,
  FASTDDS_RESULT_FILES,
  isFastddsFormat,
  RawMeasurementReader,
  renderSummaryCsv,
  resultSetOfSummary,
  summaryOfMeasurements,
} from './fastdds/index.js';

const READERS: readonly FormatAdapter[] = [
  fastddsSummaryAdapter,
  fastddsRawAdapter,
  fastddsLatencyConsoleAdapter,
  fastddsLatencyCsvAdapter,
  fastddsThroughputAdapter,
  iceperfAdapter,
  iceoryx2Adapter,
  kuksaConsoleAdapter,
  kuksaCsvAdapter,
  fepAdapter,
  netio3Adapter,
  ddsperfAdapter,
  hyperfineAdapter,
  hyperfineCsvAdapter,
  googleBenchmarkAdapter,
  goBenchAdapter,
  rustLibtestAdapter,
  criterionConsoleAdapter,
  criterionJsonAdapter,
  catch2ConsoleAdapter,
  catch2XmlAdapter,
  juliaBenchmarkToolsAdapter,
  githubActionBenchmarkAdapter,
  bmfAdapter,
  benchmarkJsAdapter,
  benchmarkLuauAdapter,
  hdrHistogramAdapter,
  redisBenchmarkAdapter,
  redisBenchmarkQuietAdapter,
  pytestBenchmarkAdapter,
  jmhAdapter,
  benchmarkDotNetAdapter,
  callgrindAdapter,
  cachegrindAdapter,
  perfStatCsvAdapter,
  perfStatJsonAdapter,
  gungraunJsonAdapter,
  gungraunTextAdapter,
  codspeedWalltimeAdapter,
  // Never auto-detected: only used when named, with a column mapping.
  genericCsvAdapter,
];

/**
 * Formats whose tool writes `nan` for a statistic it could not compute (a percentile of one
 * sample): the reference's summaries and Fast-DDS's LatencyTest console. Their NaN is no value.
 */
const NAN_MEANS_NONE = new Set(['fastdds-summary', 'fastdds-raw', 'fastdds-latency-console']);

/**
 * Every adapter, each checked against the table of possible values (src/engine/model/validity.ts)
 * after it reads a file: an impossible time, size or rate is an input error in every format, even
 * one whose adapter does not check the value where it reads it.
 */
export const ADAPTERS: readonly FormatAdapter[] = READERS.map((adapter) => {
  const possible = (set: ResultSet): ResultSet => {
    requirePossibleValues(set.measurements, { notANumberIsAbsent: NAN_MEANS_NONE.has(adapter.id) });
    return set;
  };
  const stream = adapter.stream?.bind(adapter);
  return {
    ...adapter,
    parse: (input, options) => possible(adapter.parse(input, options)),
    ...(stream
      ? {
          stream(file: string, options: ParseOptions) {
            const reader = stream(file, options);
            return { push: (chunk: Uint8Array) => reader.push(chunk), finish: () => possible(reader.finish()) };
          },
        }
      : {}),
  };
});

export function adapterById(id: string): FormatAdapter | undefined {
  return ADAPTERS.find((a) => a.id === id);
}

/**
 * The first adapter that recognises the start of a file. With `afterFileNames`, the adapters with
 * a file-name rule (Fast-DDS) are not asked: discovery has applied their rules already.
 */
export function recogniseFormat(head: string, file: string, afterFileNames = false): FormatAdapter | undefined {
  return ADAPTERS.find((a) => !(afterFileNames && a.fileNames) && a.recognises(head, file));
}

/** The adapters found by file name as well as content, in the order detection asks them. */
export function fileNameAdapters(): (FormatAdapter & { fileNames: NonNullable<FormatAdapter['fileNames']> })[] {
  return ADAPTERS.filter(
    (a): a is FormatAdapter & { fileNames: NonNullable<FormatAdapter['fileNames']> } => a.fileNames !== undefined,
  );
}

export function formatIds(): string[] {
  return ADAPTERS.map((a) => a.id);
}
