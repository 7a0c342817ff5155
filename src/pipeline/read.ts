import type { FormatAdapter, ParseOptions } from '../engine/formats/adapter.js';
import { adapterById, RawMeasurementReader } from '../engine/formats/registry.js';
import { parseRequirementsCsv } from '../engine/formats/requirementsCsv.js';
import type { Requirement } from '../engine/model/requirement.js';
import type { ResultSet } from '../engine/model/measurement.js';
import type { RawMeasurements } from '../engine/model/rawMeasurements.js';
import type { Summary } from '../engine/model/summary.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { discoverResults } from './discover.js';
import type { Files } from './rootedFiles.js';

export function readRawMeasurements(files: Files, path: string, floatParse: FloatParse): RawMeasurements {
  const reader = new RawMeasurementReader(path, floatParse);
  files.forEachChunk(path, (chunk) => reader.push(chunk));
  return reader.finish();
}

export function readRequirements(files: Files, path: string, floatParse: FloatParse): Requirement[] {
  return parseRequirementsCsv(path, files.readText(path), floatParse);
}

/**
 * Reads a result file through its adapter's streaming hook, chunk by chunk (a Fast-DDS raw file
 * may be gigabytes, a Google Benchmark file of a large suite tens of megabytes: neither is held
 * whole), or undefined when the format has none.
 */
export function streamResultSet(
  files: Files,
  path: string,
  adapter: FormatAdapter,
  options: ParseOptions,
): ResultSet | undefined {
  if (!adapter.stream) return undefined;
  const reader = adapter.stream(path, options);
  files.forEachChunk(path, (chunk) => reader.push(chunk), STREAM_CHUNK_BYTES);
  return reader.finish();
}

/**
 * The piece a streamed result file is read in. 64 KiB, not 1 MiB: a decoded piece of 1 MiB is a
 * string too large for V8's young generation, and one such string a piece, garbage at the next,
 * raised the peak of a 54 MB Google Benchmark file from 159 MB to 245 MB (read only).
 */
const STREAM_CHUNK_BYTES = 1 << 16;

/** The Fast-DDS summaries of a results set (raw files summarised as the reference checks them), for history records. */
export function loadSummaries(files: Files, patterns: readonly string[], floatParse: FloatParse): Summary[] {
  return discoverResults(files, patterns).files.map((file) => {
    const adapter = adapterById(file.format)!;
    const set =
      streamResultSet(files, file.path, adapter, { floatParse }) ??
      adapter.parse({ file: file.path, text: files.readText(file.path) }, { floatParse });
    return set.summary!;
  });
}
