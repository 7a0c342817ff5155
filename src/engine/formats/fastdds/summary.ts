import { InputError } from '../../errors.js';
import { readCsvTable } from '../../csv/table.js';
import { fieldColumn, stripBom } from '../../csv/header.js';
import { experimentTypeOfSummaryFile } from '../../model/experimentType.js';
import { SUMMARY_COLUMNS, SUMMARY_FIELDS, type PayloadSummary, type Summary } from '../../model/summary.js';
import { formatFixed3 } from '../../numeric/formatFixed.js';
import { isMissingValue, parseNumber, type FloatParse } from '../../numeric/parseNumber.js';
import { clip } from '../shared.js';

/**
 * The reference summary CSV (`measurements_<type>_summary.csv`), one row per payload:
 * `Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%`.
 */
export const SUMMARY_HEADER = SUMMARY_COLUMNS.join(',');
/** The columns a check reads; the others are optional. */
export const SUMMARY_REQUIRED_COLUMNS = ['Bytes', 'Median', '99%', 'Max'] as const;

export function looksLikeSummary(headerLine: string): boolean {
  const names = stripBom(headerLine)
    .split(',')
    .map((s) => s.trim());
  return (
    names.includes('Bytes') &&
    names.includes('Median') &&
    names.includes('99%') &&
    names.includes('Max') &&
    !names.includes('Experiment type')
  );
}

/** The bytes of a summary CSV, as `latency_process_results.py` writes them. */
export function renderSummaryCsv(summary: Summary): string {
  let out = SUMMARY_HEADER + '\n';
  for (const p of summary.payloads) {
    out += `${p.payloadBytes},${p.samples}`;
    for (const column of SUMMARY_COLUMNS.slice(2)) out += ',' + formatFixed3(p[SUMMARY_FIELDS[column]]);
    out += '\n';
  }
  return out;
}

/**
 * Reads a summary CSV. The columns the check needs (`Bytes`, `Median`, `99%`, `Max`) are required;
 * any other reference column is read when present. Empty and `nan` cells become NaN and make the
 * checks on them fail later; any other text that is not a number is an error here.
 */
export function parseSummaryCsv(file: string, content: string, floatParse: FloatParse): Summary {
  const experimentType = experimentTypeOfSummaryFile(file);
  const table = readCsvTable(file, content, SUMMARY_REQUIRED_COLUMNS, SUMMARY_HEADER, SUMMARY_COLUMNS);
  if (table.rows.length === 0) throw new InputError('the summary has a header but no rows', { file, line: 2 });
  const headerFields = new Map<string, number>();
  // Optional columns: located through the header the csv reader already validated.
  const headerLine = stripBom(content).split(/\r\n|\n|\r/, 1)[0] ?? '';
  headerLine.split(',').forEach((name, index) => headerFields.set(name.trim(), index));
  const payloads: PayloadSummary[] = [];
  const seen = new Map<number, number>();
  for (const row of table.rows) {
    const bytesIndex = table.columns.Bytes;
    const bytesText = row.fields[bytesIndex] ?? '';
    const payloadBytes = Number(bytesText.trim());
    if (!/^\s*\d+\s*$/.test(bytesText) || !Number.isSafeInteger(payloadBytes)) {
      throw new InputError(
        `expected a payload size in bytes (a whole number) in column "Bytes", found "${clip(bytesText)}"`,
        {
          file,
          line: row.line,
          column: fieldColumn(row.text, bytesIndex),
        },
      );
    }
    const earlier = seen.get(payloadBytes);
    if (earlier !== undefined) {
      throw new InputError(`payload ${payloadBytes} appears twice (first on line ${earlier})`, {
        file,
        line: row.line,
        column: fieldColumn(row.text, bytesIndex),
      });
    }
    seen.set(payloadBytes, row.line);
    const summary: PayloadSummary = {
      payloadBytes,
      samples: NaN,
      max: NaN,
      min: NaN,
      mean: NaN,
      median: NaN,
      stdev: NaN,
      meanJitter: NaN,
      maxJitter: NaN,
      p90: NaN,
      p99: NaN,
      p9999: NaN,
      line: row.line,
    };
    for (const column of SUMMARY_COLUMNS.slice(1)) {
      const index = headerFields.get(column);
      if (index === undefined) continue;
      const text = row.fields[index] ?? '';
      if (isMissingValue(text)) continue;
      const value = parseNumber(text, floatParse);
      if (value === undefined) {
        throw new InputError(`expected a number in column "${column}", found "${clip(text)}"`, {
          file,
          line: row.line,
          column: fieldColumn(row.text, index),
        });
      }
      summary[SUMMARY_FIELDS[column]] = value;
    }
    payloads.push(summary);
  }
  return { experimentType, source: file, payloads };
}
