import { CsvError, parse } from 'csv-parse/sync';
import { InputError } from '../errors.js';
import { resolveColumns, stripBom, unclosedQuote } from './header.js';

/** One data row of a small CSV file, with where it came from for error messages. */
export interface CsvRow {
  /** 1-based line number in the file. */
  line: number;
  /** The line's text, to point at a field's character column. */
  text: string;
  fields: string[];
}

export interface CsvTable<Name extends string> {
  columns: Record<Name, number>;
  rows: CsvRow[];
}

/**
 * Reads a small comma-separated file (summaries, requirements) with csv-parse. BOM and CRLF are
 * accepted; blank lines are skipped like pandas does. Errors name the file and line. With
 * `comments`, a line starting with `#` is a comment (a quoted `"#…"` field is not).
 */
export function readCsvTable<Name extends string>(
  file: string,
  content: string,
  required: readonly Name[],
  expectedHeader: string,
  knownColumns: readonly string[] = required,
  { comments = false }: { comments?: boolean } = {},
): CsvTable<Name> {
  const text = stripBom(content);
  if (text.trim() === '')
    throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  // Lines end at CRLF, LF or a lone CR, the record delimiters csv-parse is given below.
  const lines = text.split(/\r\n|\n|\r/);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      ...(comments ? { comment: '#', comment_no_infix: true } : {}),
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw csvError(file, error, text, lines);
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  const headerLineNumber = header.info.lines;
  const columns = resolveColumns(
    file,
    lines[headerLineNumber - 1] ?? '',
    header.record,
    required,
    expectedHeader,
    knownColumns,
  );
  const rows = data.map(({ record, info }) => ({
    line: info.lines,
    text: lines[info.lines - 1] ?? '',
    fields: record,
  }));
  for (const row of rows) {
    if (row.fields.length !== header.record.length) {
      throw new InputError(`expected ${header.record.length} fields like the header, found ${row.fields.length}`, {
        file,
        line: row.line,
        column: 1,
      });
    }
  }
  return { columns, rows };
}

function csvError(file: string, error: CsvError, text: string, lines: string[]): InputError {
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') {
    const open = unclosedQuote(text);
    return new InputError('a quoted field is not closed', open ? { file, ...open } : { file });
  }
  const line = (error as unknown as { lines?: number }).lines;
  const where = line !== undefined && line <= lines.length ? { file, line } : { file };
  if (error.code === 'INVALID_OPENING_QUOTE' || error.code === 'CSV_INVALID_CLOSING_QUOTE') {
    return new InputError('a quote inside a field; quote the whole field and double any quote in it ("")', where);
  }
  return new InputError(error.message.replace(/\s*\(line \d+\)$/, ''), where);
}

/**
 * Reads a comma-separated file like readCsvTable, but hands each data row to `onRow` as it is read
 * instead of keeping them: for files whose size is bounded only by the file limit (generic CSV), the
 * parsed rows are never all held at once. Line texts are cut from `content` when a row is handed on. With `comments`,
 * a line starting with `#` is a comment, as in readCsvTable.
 */
export function forEachCsvRow<Name extends string>(
  file: string,
  content: string,
  required: readonly Name[],
  expectedHeader: string,
  knownColumns: readonly string[],
  onRow: (row: CsvRow, columns: Record<Name, number>) => void,
  { comments = false }: { comments?: boolean } = {},
): Record<Name, number> {
  const text = stripBom(content);
  if (text.trim() === '')
    throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  const starts = lineStarts(text);
  const lineText = (line: number): string => {
    if (line < 1 || line > starts.length) return '';
    const end = line < starts.length ? starts[line]! : text.length;
    return text.slice(starts[line - 1], end).replace(/(\r\n|\n|\r)$/, '');
  };
  let header: string[] | undefined;
  let columns: Record<Name, number> | undefined;
  try {
    parse(text, {
      skip_empty_lines: true,
      relax_column_count: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      ...(comments ? { comment: '#', comment_no_infix: true } : {}),
      on_record: (record: string[], info: { lines: number }) => {
        if (!header) {
          header = record;
          columns = resolveColumns(file, lineText(info.lines), record, required, expectedHeader, knownColumns);
          return null;
        }
        if (record.length !== header.length) {
          throw new InputError(`expected ${header.length} fields like the header, found ${record.length}`, {
            file,
            line: info.lines,
            column: 1,
          });
        }
        onRow({ line: info.lines, text: lineText(info.lines), fields: record }, columns!);
        return null;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw csvError(file, error, text, text.split(/\r\n|\n|\r/));
    throw error;
  }
  if (!columns) throw new InputError(`the file is empty; expected the header "${expectedHeader}"`, { file, line: 1 });
  return columns;
}

/** Offsets where each line starts (CRLF, LF or a lone CR end one): four bytes a line, not a string. */
function lineStarts(text: string): Uint32Array {
  let count = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) count++;
  }
  const starts = new Uint32Array(count);
  let n = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts[n++] = i + 1;
  }
  return starts;
}
