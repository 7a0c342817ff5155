/**
 * Fast-DDS LatencyTest raw CSVs and the reference's summary CSVs as adapters of the registry, like
 * every other format: recognised by their header, parsed into the common model. Their results
 * carry the summary (`ResultSet.summary`), from which the byte-compatible reference files are
 * rendered. Folder discovery applies the reference's naming rules to them first (see
 * src/pipeline/discover.ts), and the pipeline streams raw files from disk instead of calling
 * `parse` with the whole text (the same reader, fed in chunks).
 */
import type { FormatAdapter } from './adapter.js';
import { looksLikeRawMeasurements, RawMeasurementReader } from './fastddsRaw.js';
import { looksLikeSummary, parseSummaryCsv, renderSummaryCsv } from './fastddsSummary.js';
import { resultSetOfSummary } from './fastddsMeasurements.js';
import { experimentTypeOfRawFile, summaryFileNameOfRaw } from '../model/experimentType.js';
import type { Summary } from '../model/summary.js';
import type { RawMeasurements } from '../model/rawMeasurements.js';
import type { FloatParse } from '../numeric/parseNumber.js';
import { summarize } from '../summarize.js';

function firstLine(head: string): string {
  const end = head.search(/\r\n|\n|\r/);
  return end < 0 ? head : head.slice(0, end);
}

export const fastddsSummaryAdapter: FormatAdapter = {
  id: 'fastdds-summary',
  title: 'Fast-DDS latency summary CSV',
  recognises: (head) => looksLikeSummary(firstLine(head)),
  parse: ({ file, text }, options) => resultSetOfSummary(parseSummaryCsv(file, text, options.floatParse ?? 'precise'), 'fastdds-summary', file),
};

/**
 * A raw file's summary as the reference pipeline checks it: summarised, written as the summary CSV
 * and read back, because the reference checks the written values (rounded to three decimals).
 */
export function summaryOfRaw(raw: RawMeasurements, file: string, floatParse: FloatParse): { summary: Summary; summaryCsv: string } {
  const experimentType = experimentTypeOfRawFile(file);
  const summaryCsv = renderSummaryCsv(summarize(raw, experimentType));
  const summary = parseSummaryCsv(summaryFileNameOfRaw(file), summaryCsv, floatParse);
  return { summary: { ...summary, experimentType, source: file }, summaryCsv };
}

export const fastddsRawAdapter: FormatAdapter = {
  id: 'fastdds-raw',
  title: 'Fast-DDS raw latency measurements CSV',
  recognises: (head) => looksLikeRawMeasurements(firstLine(head)),
  parse: ({ file, text }, options) => {
    const floatParse = options.floatParse ?? 'precise';
    const reader = new RawMeasurementReader(file, floatParse);
    reader.push(new TextEncoder().encode(text));
    return resultSetOfSummary(summaryOfRaw(reader.finish(), file, floatParse).summary, 'fastdds-raw', file);
  },
};
