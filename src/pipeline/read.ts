import { RawMeasurementReader } from '../engine/formats/fastddsRaw.js';
import { parseSummaryCsv } from '../engine/formats/fastddsSummary.js';
import { summaryOfRaw } from '../engine/formats/fastddsAdapters.js';
import { parseRequirementsCsv } from '../engine/formats/requirementsCsv.js';
import type { Requirement } from '../engine/model/requirement.js';
import type { RawMeasurements } from '../engine/model/rawMeasurements.js';
import type { Summary } from '../engine/model/summary.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { discoverResults, type ResultFile } from './discover.js';
import { forEachChunk, readText } from './files.js';

export function readRawMeasurements(path: string, floatParse: FloatParse): RawMeasurements {
  const reader = new RawMeasurementReader(path, floatParse);
  forEachChunk(path, (chunk) => reader.push(chunk));
  return reader.finish();
}

export function readRequirements(path: string, floatParse: FloatParse): Requirement[] {
  return parseRequirementsCsv(path, readText(path), floatParse);
}

export interface LoadedResult {
  file: ResultFile;
  summary: Summary;
  /** The summary CSV of a raw input, as the reference would have written it. */
  summaryCsv?: string;
}

/**
 * A result file's summary. A raw file is summarised and then read back from the summary CSV it
 * gives, because the reference pipeline checks the written summary, whose values are rounded to
 * three decimals: checking the unrounded values would change some percentages in the last digit.
 */
export function loadResult(file: ResultFile, floatParse: FloatParse): LoadedResult {
  if (file.kind === 'summary') return { file, summary: parseSummaryCsv(file.path, readText(file.path), floatParse) };
  return { file, ...summaryOfRaw(readRawMeasurements(file.path, floatParse), file.path, floatParse) };
}

/** The summaries of every result file of a set (raw files summarised), for history records. */
export function loadSummaries(patterns: readonly string[], floatParse: FloatParse): Summary[] {
  return discoverResults(patterns).files.map((f) => loadResult(f, floatParse).summary);
}
