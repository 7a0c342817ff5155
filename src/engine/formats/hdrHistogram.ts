import { InputError } from '../errors.js';
import { stripBom } from '../csv/header.js';
import type { Measurement, Metric, StatisticName } from '../model/measurement.js';
import { parseUnit, toBaseUnit, type Unit } from '../model/units.js';
import type { FormatAdapter } from './adapter.js';
import { clip } from './shared.js';

/**
 * HdrHistogram percentile distribution (`.hgrm`): `outputPercentileDistribution` (Java) or
 * `hdr_percentiles_print` (C, also wrk2's "Detailed Percentile spectrum"), plain or CSV:
 *
 * ```
 *        Value     Percentile TotalCount 1/(1-Percentile)
 *
 *        0.016     0.000000            1         1.00
 *     9428.991     1.000000       475109          inf
 * #[Mean    =       25.048, StdDeviation   =      120.097]
 * #[Max     =     9420.800, Total count    =       475109]
 * #[Buckets =           27, SubBuckets     =         2048]
 * ```
 *
 * Rows are read like the official plotter does (split on spaces, 4 tokens; the last row may have
 * 3). Percentiles are the value of the first row at or above the percentile (the table has no row
 * at exactly 0.99: `p99` is the row at 0.990625), which is never below the true value. `min` is the
 * 0 % row, `max` the footer's Max (else the last row), `mean`/`stdev`/`samples` the footer (samples
 * else the last row's TotalCount).
 *
 * The file does not say its unit. It is taken from the file name when that names one
 * (`latency_ms.hgrm`, `rtt-ns.hgrm`), wrk2's output is in milliseconds, and otherwise microseconds
 * are assumed (the usual recording unit for latency); a note says which.
 */
const HEADER =
  /^\s*"?Value"?(\s+|\s*,\s*)"?Percentile"?(\s+|\s*,\s*)"?TotalCount"?(\s+|\s*,\s*)"?1\/\(1-Percentile\)"?\s*$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INFINITE = /^(inf|Infinity)$/i;
const FOOTER =
  /^\s*#\[\s*(\w(?:[\w ]*\w)?)\s*=\s*([^,\]\s](?:[^,\]]*[^,\]\s])?)\s*,\s*(\w(?:[\w ]*\w)?)\s*=\s*([^,\]\s](?:[^,\]]*[^,\]\s])?)\s*\]\s*$/;

const TARGETS: [StatisticName, number][] = [
  ['median', 0.5],
  ['p90', 0.9],
  ['p95', 0.95],
  ['p99', 0.99],
  ['p999', 0.999],
  ['p9999', 0.9999],
];

interface Row {
  value: number;
  percentile: number;
  count: number;
  line: number;
}

export const hdrHistogramAdapter: FormatAdapter = {
  id: 'hdrhistogram',
  title: 'HdrHistogram percentile distribution (.hgrm)',

  recognises(head: string): boolean {
    const lines = stripBom(head).split(/\r?\n/, 200);
    // A complete header line (not the last, possibly cut, line of the head).
    return lines.slice(0, -1).some((line) => HEADER.test(line));
  },

  parse({ file, text }, _options) {
    const lines = stripBom(text).split(/\r?\n/);
    const headerIndex = lines.findIndex((line) => HEADER.test(line));
    if (headerIndex < 0) {
      throw new InputError(
        'expected an HdrHistogram percentile table with the header "Value Percentile TotalCount 1/(1-Percentile)"',
        { file, line: 1 },
      );
    }
    const { rows, footer, endLine } = readTable(file, lines, headerIndex);
    if (rows.length === 0)
      throw new InputError('the percentile table has a header but no rows', { file, line: headerIndex + 1 });
    const last = rows[rows.length - 1]!;
    if (last.percentile < 1 - 1e-9 && footer.size === 0) {
      throw new InputError(
        `the table stops at percentile ${last.percentile} without reaching 1.0 and has no footer: the file looks truncated`,
        {
          file,
          line: Math.min(endLine, lines.length),
        },
      );
    }

    const notes: string[] = [];
    const unit = unitOf(file, text, notes);
    const metric: Metric = {
      name: 'latency',
      dimension: 'time',
      unit: 'us',
      displayUnit: unit.symbol,
      direction: 'lower-is-better',
    };
    const measurement: Measurement = {
      experiment: experimentOf(file),
      parameter: { label: '' },
      metric,
      statistics: histogramStatistics(rows, footer, unit, notes),
      place: { file, line: headerIndex + 1 },
    };
    return { format: 'hdrhistogram', file, measurements: [measurement], notes };
  },
};

/** The footer's `#[Name = value, …]` pairs by name, with the line each came from. */
type Footer = Map<string, { value: number; line: number }>;

interface Table {
  rows: Row[];
  footer: Footer;
  /** The line after the table (where wrk2's trailing text starts), or the line count. */
  endLine: number;
}

/** The rows and footer under the header, up to the first line that is not a row of numbers. */
function readTable(file: string, lines: readonly string[], headerIndex: number): Table {
  const csv = lines[headerIndex]!.includes(',');
  const rows: Row[] = [];
  const footer: Footer = new Map();
  let endLine = lines.length;
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = i + 1;
    const raw = lines[i]!;
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    if (trimmed.startsWith('#')) {
      readFooterLine(file, raw, line, footer);
      continue;
    }
    const tokens = tokenize(raw, csv);
    if (!NUMBER.test(tokens[0]!.text)) {
      // The table has ended (wrk2 prints more text after it).
      if (rows.length === 0)
        throw new InputError(`expected a row of numbers under the header, found "${clip(trimmed)}"`, {
          file,
          line,
          column: tokens[0]!.column,
        });
      endLine = line;
      break;
    }
    rows.push(readRow(file, tokens, line, rows[rows.length - 1]));
  }
  return { rows, footer, endLine };
}

/** Adds a `#[Name = value, Name = value]` line's two values to the footer; other comments are skipped. */
function readFooterLine(file: string, raw: string, line: number, footer: Footer): void {
  const trimmed = raw.trim();
  const m = FOOTER.exec(trimmed);
  if (!m) {
    if (trimmed.startsWith('#['))
      throw new InputError('a malformed footer line; expected "#[Name = value, Name = value]"', {
        file,
        line,
        column: raw.indexOf('#') + 1,
      });
    return;
  }
  for (const [name, valueText, offset] of [
    [m[1]!, m[2]!, raw.indexOf(m[2]!)],
    [m[3]!, m[4]!, raw.lastIndexOf(m[4]!)],
  ] as const) {
    if (!NUMBER.test(valueText) && !/^(nan|-?inf|-?Infinity|NaN)$/i.test(valueText)) {
      throw new InputError(`expected a number for "${name}" in the footer, found "${valueText}"`, {
        file,
        line,
        column: offset + 1,
      });
    }
    footer.set(name.replace(/\s+/g, ' '), { value: footerNumber(valueText), line });
  }
}

/** A footer value: a number, or nan / inf / -inf as the C and Java printers write them. */
function footerNumber(valueText: string): number {
  if (/nan/i.test(valueText)) return NaN;
  if (/inf/i.test(valueText)) return valueText.startsWith('-') ? -Infinity : Infinity;
  return Number(valueText);
}

/** One table row, checked to be numbers, a percentile in 0…1 and not below the previous row. */
function readRow(file: string, tokens: readonly Token[], line: number, previous: Row | undefined): Row {
  if (tokens.length < 3 || tokens.length > 4) {
    throw new InputError(
      `expected 4 numbers (Value, Percentile, TotalCount, 1/(1-Percentile)), found ${tokens.length}`,
      {
        file,
        line,
        column: tokens[tokens.length - 1]?.column ?? 1,
      },
    );
  }
  const [valueToken, percentileToken, countToken, inverseToken] = tokens as [Token, Token, Token, Token | undefined];
  for (const token of [valueToken, percentileToken, countToken]) {
    if (!NUMBER.test(token.text))
      throw new InputError(`expected a number, found "${clip(token.text)}"`, { file, line, column: token.column });
  }
  if (inverseToken && !NUMBER.test(inverseToken.text) && !INFINITE.test(inverseToken.text)) {
    throw new InputError(`expected a number or "inf", found "${clip(inverseToken.text)}"`, {
      file,
      line,
      column: inverseToken.column,
    });
  }
  const value = Number(valueToken.text);
  const percentile = Number(percentileToken.text);
  const count = Number(countToken.text);
  if (percentile < 0 || percentile > 1) {
    throw new InputError(`the percentile ${percentileToken.text} is outside 0…1`, {
      file,
      line,
      column: percentileToken.column,
    });
  }
  if (!Number.isInteger(count) || count < 0) {
    throw new InputError(`expected a whole TotalCount, found "${countToken.text}"`, {
      file,
      line,
      column: countToken.column,
    });
  }
  if (previous && (percentile < previous.percentile || value < previous.value || count < previous.count)) {
    throw new InputError(`the table is not ascending: this row is below the one on line ${previous.line}`, {
      file,
      line,
      column: valueToken.column,
    });
  }
  return { value, percentile, count, line };
}

/** min, the percentiles, max and the footer's mean/stdev/count, in base units. */
function histogramStatistics(
  rows: readonly Row[],
  footer: Footer,
  unit: Unit,
  notes: string[],
): Partial<Record<StatisticName, number>> {
  const last = rows[rows.length - 1]!;
  const toBase = (v: number): number => toBaseUnit(v, unit);
  const statistics: Partial<Record<StatisticName, number>> = { min: toBase(rows[0]!.value) };
  if (rows[0]!.percentile > 0)
    notes.push(`the first row is at percentile ${rows[0]!.percentile}, not 0; min is its value`);
  for (const [name, target] of TARGETS) {
    const row = rows.find((r) => r.percentile >= target - 1e-12);
    if (row) statistics[name] = toBase(row.value);
  }
  const max = footer.get('Max');
  statistics.max = toBase(max ? max.value : last.value);
  const mean = footer.get('Mean');
  if (mean) statistics.mean = toBase(mean.value);
  const stdev = footer.get('StdDeviation');
  if (stdev) statistics.stdev = toBase(stdev.value);
  const total = footer.get('Total count');
  statistics.samples = total ? total.value : last.count;
  if (!max || !mean)
    notes.push(
      `no "#[Mean …]"/"#[Max …]" footer: max is the last row's value${mean ? '' : ', and there is no mean or standard deviation'}`,
    );
  return statistics;
}

interface Token {
  text: string;
  column: number;
}

function tokenize(line: string, csv: boolean): Token[] {
  const tokens: Token[] = [];
  const re = csv ? /[^,]+/g : /\S+/g;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const lead = m[0].length - m[0].trimStart().length;
    const text = m[0].trim().replace(/^"(.*)"$/, '$1');
    tokens.push({ text, column: m.index + lead + 1 });
  }
  return tokens;
}

/** The file's base name without directories and extension: the histogram's experiment. */
function experimentOf(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(hgrm|txt|csv|log|out)$/i, '') || base;
}

/** The unit named by the file name, wrk2's milliseconds, or microseconds by assumption. */
function unitOf(file: string, text: string, notes: string[]): Unit {
  const base = (file.split(/[\\/]/).pop() ?? file).replace(/\.[^.]*$/, '');
  const m = /(?:^|[^a-zA-Z])(ns|us|µs|μs|usec|ms|msec|s|sec)(?:$|[^a-zA-Z])/.exec(base);
  if (m) {
    const unit = parseUnit(m[1]!) as Unit;
    notes.push(`HdrHistogram files do not state their unit; ${unit.symbol} taken from the file name`);
    return unit;
  }
  if (/Detailed Percentile spectrum|HdrHistogram - (Recorded|Uncorrected) Latency/.test(text)) {
    notes.push('HdrHistogram files do not state their unit; wrk2 output, read as milliseconds');
    return parseUnit('ms') as Unit;
  }
  notes.push(
    'HdrHistogram files do not state their unit; values assumed to be microseconds (name the file e.g. latency_ms.hgrm to say otherwise)',
  );
  return parseUnit('us') as Unit;
}
