import { InputError } from '../errors.js';
import { readCsvTable, type CsvRow } from '../csv/table.js';
import { fieldColumn, stripBom } from '../csv/header.js';
import { CHECKED_MAGNITUDES, type CheckedMagnitude, type Requirement } from '../model/requirement.js';
import { isMissingValue, parseNumber, type FloatParse } from '../numeric/parseNumber.js';
import { clip } from './shared.js';

/** The reference requirements file: upper limits per sub-experiment and payload (spec §4). */
export const REQUIREMENTS_HEADER = 'Experiment type,Bytes,Median,99%,Max';

/**
 * The column that marks a requirement optional, in either requirements form. The reference scripts
 * read columns by name, so a reference file with it still works with them.
 */
export const OPTIONAL_COLUMN = 'Optional';

const OPTIONAL_YES = new Set(['yes', 'y', 'true', '1', 'optional']);
const OPTIONAL_NO = new Set(['', 'no', 'n', 'false', '0', 'required']);

/** The header fields of a small CSV's first line, unquoted and trimmed. */
export function headerFieldsOf(content: string): string[] {
  const firstLine = stripBom(content).split(/\r\n|\n|\r/, 1)[0] ?? '';
  return firstLine.split(',').map((f) => f.trim().replace(/^"|"$/g, ''));
}

/** Index of the `Optional` column (any case), or -1. */
export function optionalColumnIndex(headerFields: readonly string[]): number {
  return headerFields.findIndex((f) => f.toLowerCase() === OPTIONAL_COLUMN.toLowerCase());
}

/** An `Optional` cell: yes/no (also true/false, 1/0, optional/required); empty means required. */
export function readOptionalCell(file: string, row: CsvRow, index: number): boolean {
  if (index < 0) return false;
  const text = (row.fields[index] ?? '').trim();
  const word = text.toLowerCase();
  if (OPTIONAL_YES.has(word)) return true;
  if (OPTIONAL_NO.has(word)) return false;
  throw new InputError(
    `expected yes or no in column "${OPTIONAL_COLUMN}", found "${clip(text)}" (empty means required)`,
    {
      file,
      line: row.line,
      column: fieldColumn(row.text, index),
    },
  );
}

export function parseRequirementsCsv(file: string, content: string, floatParse: FloatParse): Requirement[] {
  const table = readCsvTable(
    file,
    content,
    ['Experiment type', 'Bytes', ...CHECKED_MAGNITUDES] as const,
    REQUIREMENTS_HEADER,
    ['Experiment type', 'Bytes', ...CHECKED_MAGNITUDES, OPTIONAL_COLUMN],
  );
  const optionalIndex = optionalColumnIndex(headerFieldsOf(content));
  const seen = new Map<string, number>();
  const requirements: Requirement[] = [];
  for (const row of table.rows) {
    const typeIndex = table.columns['Experiment type'];
    const experimentType = (row.fields[typeIndex] ?? '').trim();
    if (experimentType === '') {
      throw new InputError('the "Experiment type" cell is empty', {
        file,
        line: row.line,
        column: fieldColumn(row.text, typeIndex),
      });
    }
    const bytesIndex = table.columns.Bytes;
    const bytesText = row.fields[bytesIndex] ?? '';
    if (!/^\s*\d+\s*$/.test(bytesText) || !Number.isSafeInteger(Number(bytesText))) {
      throw new InputError(
        `expected a payload size in bytes (a whole number) in column "Bytes", found "${clip(bytesText)}"`,
        {
          file,
          line: row.line,
          column: fieldColumn(row.text, bytesIndex),
        },
      );
    }
    const payloadBytes = Number(bytesText);
    const key = `${experimentType}\u0000${payloadBytes}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      throw new InputError(
        `duplicate requirement for ${experimentType}, ${payloadBytes} bytes (first given on line ${earlier})`,
        {
          file,
          line: row.line,
          column: 1,
        },
      );
    }
    seen.set(key, row.line);
    const limits = {} as Record<CheckedMagnitude, number>;
    for (const magnitude of CHECKED_MAGNITUDES) {
      const index = table.columns[magnitude];
      const text = row.fields[index] ?? '';
      if (isMissingValue(text)) {
        limits[magnitude] = NaN;
        continue;
      }
      const value = parseNumber(text, floatParse);
      if (value === undefined) {
        throw new InputError(`expected a number in column "${magnitude}", found "${clip(text)}"`, {
          file,
          line: row.line,
          column: fieldColumn(row.text, index),
        });
      }
      limits[magnitude] = value;
    }
    const optional = readOptionalCell(file, row, optionalIndex);
    requirements.push({ experimentType, payloadBytes, limits, line: row.line, ...(optional ? { optional } : {}) });
  }
  if (requirements.length === 0)
    throw new InputError('the requirements file has a header but no rows', { file, line: 2 });
  return requirements;
}
