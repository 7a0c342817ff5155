import { RawMeasurementReader } from '../engine/formats/fastddsRaw.js';
import { parseSummaryCsv } from '../engine/formats/fastddsSummary.js';
import { parseRequirementsCsv } from '../engine/formats/requirementsCsv.js';
import type { Requirement } from '../engine/model/requirement.js';
import type { RawMeasurements } from '../engine/model/rawMeasurements.js';
import type { Summary } from '../engine/model/summary.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { summarize } from '../engine/summarize.js';
import type { ResultFile } from './discover.js';
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
}

/** A result file's summary: read as it is, or computed from raw samples. */
export function loadResult(file: ResultFile, floatParse: FloatParse): LoadedResult {
  const summary = file.kind === 'summary' ? parseSummaryCsv(file.path, readText(file.path), floatParse) : summarize(readRawMeasurements(file.path, floatParse));
  return { file, summary };
}
