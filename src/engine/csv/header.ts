import { InputError } from '../errors.js';
import { closeEnough, editDistance } from '../text/closest.js';

/** Removes a UTF-8 byte-order mark, which spreadsheet tools put in front of CSV files. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Finds the required columns in a header row and returns their field indexes. Columns are matched
 * by exact name, in any order; extra columns are ignored. A wrong delimiter or a misspelled name
 * gives an error at line 1 that names the column and the expected header.
 */
export function resolveColumns<Name extends string>(
  file: string,
  headerLine: string,
  fields: string[],
  required: readonly Name[],
  expectedHeader: string,
  /** Every column name of the format: none of them is taken for a misspelling of another. */
  knownColumns: readonly string[] = required,
): Record<Name, number> {
  const found = {} as Record<Name, number>;
  const names = fields.map((f) => f.trim());
  for (const name of required) {
    const index = names.indexOf(name);
    if (index >= 0) {
      found[name] = index;
      continue;
    }
    if (fields.length === 1) {
      const delimiter = [';', '\t', '|'].find((d) => headerLine.includes(d));
      if (delimiter) {
        throw new InputError(
          `the header uses ${describeDelimiter(delimiter)} as delimiter; expected comma-separated columns "${expectedHeader}"`,
          {
            file,
            line: 1,
            column: headerLine.indexOf(delimiter) + 1,
          },
        );
      }
    }
    const guess = closestName(name, names, knownColumns);
    if (guess !== undefined) {
      throw new InputError(
        `column ${guess + 1} is "${names[guess]}" but "${name}" was expected (header: "${expectedHeader}")`,
        {
          file,
          line: 1,
          column: fieldColumn(headerLine, guess),
        },
      );
    }
    throw new InputError(`missing column "${name}"; expected the header "${expectedHeader}"`, {
      file,
      line: 1,
      column: 1,
    });
  }
  return found;
}

function describeDelimiter(d: string): string {
  return d === '\t' ? 'a tab' : `"${d}"`;
}

/** Index of the header name that most looks like a misspelling of `wanted`, if any. */
function closestName(wanted: string, names: string[], known: readonly string[]): number | undefined {
  let best: number | undefined;
  let bestDistance = Infinity;
  const knownNames = new Set(known); // `known` may be the header itself: no quadratic includes
  names.forEach((name, index) => {
    if (knownNames.has(name)) return; // a correct column is not a misspelling of another
    const limit = closeEnough(wanted);
    // the distance is at least the difference in length: skip the edit distance of a huge cell
    if (Math.abs(name.length - wanted.length) > limit) return;
    const distance = editDistance(wanted.toLowerCase(), name.toLowerCase());
    if (distance <= limit && distance < bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** 1-based character column where field `index` of a CSV line starts (quotes respected). */
export function fieldColumn(line: string, index: number): number {
  let field = 0;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (field === index) return i + 1;
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ',' && !quoted) field++;
  }
  return field === index ? line.length + 1 : 1;
}

/** Where the first unclosed quote of a CSV text opens: 1-based line and column, if any. */
export function unclosedQuote(text: string): { line: number; column: number } | undefined {
  let line = 1;
  let lineStart = 0;
  let open: { line: number; column: number } | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      if (!open) open = { line, column: i - lineStart + 1 };
      else if (text[i + 1] === '"')
        i++; // an escaped quote inside a quoted field
      else open = undefined;
    } else if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  return open;
}
