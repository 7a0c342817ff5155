/**
 * Fast-DDS LatencyTest raw CSVs and the reference's summary CSVs as adapters of the registry, like
 * every other format: recognised by their header, parsed into the common model. Their results
 * carry the summary (`ResultSet.summary`), from which the byte-compatible reference files are
 * rendered. Folder discovery applies the reference's naming rules to them first (see
 * src/pipeline/discover.ts), and the pipeline reads raw files through the adapter's `stream` hook,
 * chunk by chunk, instead of calling `parse` with the whole text (the same reader either way).
 */
import type { FormatAdapter, ParseOptions, StreamingReader } from '../adapter.js';
import {
  looksLikeRawMeasurements,
  RAW_COLUMNS,
  RAW_HEADER,
  RAW_REQUIRED_COLUMNS,
  RawMeasurementReader,
} from './raw.js';
import { looksLikeSummary, parseSummaryCsv, SUMMARY_HEADER, SUMMARY_REQUIRED_COLUMNS } from './summary.js';
import { InputError } from '../../errors.js';
import { resolveColumns, stripBom } from '../../csv/header.js';
import { resultSetOfSummary } from './measurements.js';
import { baseName, experimentTypeOfRawFile, experimentTypeOfSummaryFile } from '../../model/experimentType.js';
import { SUMMARY_COLUMNS, type PayloadSummary, type Summary } from '../../model/summary.js';
import type { RawMeasurements } from '../../model/rawMeasurements.js';
import { isMissingValue, parseNumber, type FloatParse } from '../../numeric/parseNumber.js';
import { formatFixed3 } from '../../numeric/formatFixed.js';
import { summarize } from '../../summarize.js';

function firstLine(head: string): string {
  const end = head.search(/\r\n|\n|\r/);
  return end < 0 ? head : head.slice(0, end);
}

export const fastddsSummaryAdapter: FormatAdapter = {
  id: 'fastdds-summary',
  title: 'Fast-DDS latency summary CSV',
  recognises: (head) => looksLikeSummary(firstLine(head)),
  fileNames: {
    // The reference's folder rule: `'summary' in name`, a plain substring test.
    mayBe: (name) => name.includes('summary'),
    takes: (name) => name.includes('summary'),
    claims: (name) => name.includes('summary'),
    experimentOf: experimentTypeOfSummaryFile,
  },
  parse: ({ file, text }, options) =>
    resultSetOfSummary(parseSummaryCsv(file, text, options.floatParse ?? 'precise'), 'fastdds-summary', file),
};

/**
 * A raw file's summary as the reference pipeline checks it: with the values it writes to the summary
 * CSV (three decimals, read back as `floatParse` reads them), because the reference checks the
 * written file: checking the unrounded values would change some percentages in the last digit.
 */
function summaryOfRaw(raw: RawMeasurements, file: string, floatParse: FloatParse): Summary {
  const computed = summarize(raw, experimentTypeOfRawFile(file));
  // The payloads' lines are those of the summary CSV the reference writes: its header is line 1.
  return {
    ...computed,
    source: file,
    payloads: computed.payloads.map((p, index) => asWritten(p, index + 2, floatParse)),
  };
}

/** One payload's statistics as renderSummaryCsv writes them and parseSummaryCsv reads them back. */
function asWritten(p: PayloadSummary, line: number, floatParse: FloatParse): PayloadSummary {
  const written = (value: number, text = formatFixed3(value)) =>
    isMissingValue(text) ? NaN : parseNumber(text, floatParse)!;
  return {
    payloadBytes: p.payloadBytes,
    samples: written(p.samples, `${p.samples}`),
    max: written(p.max),
    min: written(p.min),
    mean: written(p.mean),
    median: written(p.median),
    stdev: written(p.stdev),
    meanJitter: written(p.meanJitter),
    maxJitter: written(p.maxJitter),
    p90: written(p.p90),
    p99: written(p.p99),
    p9999: written(p.p9999),
    line,
  };
}

/** The raw reader fed chunk by chunk: the pipeline streams raw files of any size through it. */
function streamRaw(file: string, options: ParseOptions): StreamingReader {
  const floatParse = options.floatParse ?? 'precise';
  const reader = new RawMeasurementReader(file, floatParse);
  return {
    push: (chunk) => reader.push(chunk),
    finish: () => resultSetOfSummary(summaryOfRaw(reader.finish(), file, floatParse), 'fastdds-raw', file),
  };
}

export const fastddsRawAdapter: FormatAdapter = {
  id: 'fastdds-raw',
  title: 'Fast-DDS raw latency measurements CSV',
  recognises: (head) => looksLikeRawMeasurements(firstLine(head)),
  fileNames: {
    // Any CSV with the raw header is a raw file, whatever its name.
    mayBe: (name) => name.toLowerCase().endsWith('.csv'),
    takes: () => true,
    claims: () => false,
    experimentOf: experimentTypeOfRawFile,
  },
  parse: ({ file, text }, options) => {
    const reader = streamRaw(file, options);
    reader.push(new TextEncoder().encode(text));
    return reader.finish();
  },
  stream: streamRaw,
};

/** What the Fast-DDS result files are, as the messages for a folder or pattern holding none name them. */
export const FASTDDS_RESULT_FILES = 'summary or raw measurement CSV';

/** The headers a Fast-DDS result file starts with, as the "not a result file" messages name them. */
export const FASTDDS_EXPECTED_HEADERS = `the Fast-DDS summary header "${SUMMARY_HEADER}" or raw header "${RAW_HEADER}"`;

/**
 * Why a file meant as a Fast-DDS result (named on its own, or named like one) has no usable header:
 * the most specific message there is, judged against the format its name suggests.
 */
export function fastddsHeaderError(path: string, headerLine: string): InputError {
  const line = stripBom(headerLine);
  if (line.trim() === '')
    return new InputError(
      `the file is empty; expected the summary header "${SUMMARY_HEADER}" or the raw header "${RAW_HEADER}"`,
      { file: path, line: 1 },
    );
  const fields = line.split(',');
  if (fields.some((f) => f.trim() === 'Experiment type')) {
    return new InputError('this is a requirements file, not a result file: give it as the requirements', {
      file: path,
      line: 1,
      column: 1,
    });
  }
  // Judge the header against the format the name suggests, so the error names the wrong column.
  const name = baseName(path);
  const looksRaw =
    name.startsWith('measurements') || fields.some((f) => (RAW_COLUMNS as readonly string[]).includes(f.trim()));
  try {
    if (name.includes('summary'))
      resolveColumns(path, line, fields, SUMMARY_REQUIRED_COLUMNS, SUMMARY_HEADER, SUMMARY_COLUMNS);
    else if (looksRaw) resolveColumns(path, line, fields, RAW_REQUIRED_COLUMNS, RAW_HEADER, RAW_COLUMNS);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  return new InputError(
    `not a result file: expected the summary header "${SUMMARY_HEADER}" or the raw header "${RAW_HEADER}"`,
    { file: path, line: 1, column: 1 },
  );
}
