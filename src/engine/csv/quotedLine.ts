/**
 * One CSV line whose fields may be quoted (RFC 4180: a quoted field may hold commas and doubled
 * quotes), split by hand with each field's column, for a reader that walks a file line by line
 * instead of through csv-parse (the Fast-DDS raw reader's lines with quotes, formats/fastdds/raw.ts).
 */

/** Splits one CSV line whose fields may be quoted; reports a broken quote at its column. */
export function splitQuotedLine(
  text: string,
  error: (message: string, column: number) => Error,
): { value: string; column: number }[] {
  const fields: { value: string; column: number }[] = [];
  let i = 0;
  for (;;) {
    const column = i + 1;
    if (text[i] === '"') {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= text.length) throw error('a quoted field is not closed', column);
        if (text[j] === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          j++;
          break;
        }
        value += text[j++];
      }
      if (j < text.length && text[j] !== ',') throw error('unexpected text after a quoted field', j + 1);
      fields.push({ value, column });
      if (j >= text.length) return fields;
      i = j + 1;
    } else {
      const comma = text.indexOf(',', i);
      const stop = comma < 0 ? text.length : comma;
      const value = text.slice(i, stop);
      const stray = value.indexOf('"');
      if (stray >= 0)
        throw error('a quote inside a field; quote the whole field and double any quote in it ("")', i + stray + 1);
      fields.push({ value, column });
      if (comma < 0) return fields;
      i = comma + 1;
    }
  }
}
