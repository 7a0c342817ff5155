/**
 * The waiver file: a reviewed list of known changes a comparison accepts, one row each. A CSV with the header
 * `benchmark,metric,ceiling,expires,link,reason`:
 * - `benchmark`: the experiment and its parameter as the reports name them (`BenchmarkParse/size=1k`, `latency 1024`,
 *   `sort geomean`; the experiment alone when it has no parameter);
 * - `metric`: the metric as the reports name it (`time/op`), optionally with its statistic (`time/op median`);
 * - `ceiling`: the largest change the waiver accepts, in % the worse way (`35` or `35 %`);
 * - `expires`: the last day it applies, `YYYY-MM-DD`;
 * - `link`: the issue or discussion that accepted it; `reason`: why, quoted in the comment.
 * Lines starting with `#` are comments.
 */
import { fieldColumn } from '../csv/header.js';
import { forEachCsvRow } from '../csv/table.js';
import { InputError } from '../errors.js';
import type { Waiver } from '../model/waiver.js';

export type { Waiver } from '../model/waiver.js';

export const WAIVER_COLUMNS = ['benchmark', 'metric', 'ceiling', 'expires', 'link', 'reason'] as const;
export const WAIVER_HEADER = WAIVER_COLUMNS.join(',');

/**
 * Reads a waiver file; a malformed row is an InputError at its file, line and column. The file comes from the pull
 * request's own checkout, so its author controls it: it is read row by row (the parsed table is never held), in work
 * linear in its size, without a regular expression that could backtrack over a field.
 */
export function parseWaivers(file: string, content: string): Waiver[] {
  const waivers: Waiver[] = [];
  const seen = new Map<string, number>();
  forEachCsvRow(
    file,
    content,
    WAIVER_COLUMNS,
    WAIVER_HEADER,
    WAIVER_COLUMNS,
    (row, columns) => {
      const text = (name: WaiverColumn) => (row.fields[columns[name]] ?? '').trim();
      const fail = (name: WaiverColumn, message: string): never => {
        throw new InputError(message, { file, line: row.line, column: fieldColumn(row.text, columns[name]) });
      };
      for (const name of WAIVER_COLUMNS)
        if (text(name) === '') fail(name, `the waiver's ${name} is empty; every column is required (${WAIVER_HEADER})`);
      const ceiling = ceilingOf(text('ceiling'));
      if (ceiling === undefined)
        fail('ceiling', `ceiling "${clip(text('ceiling'))}" is not a change in % (a number ≥ 0 such as 35 or 35 %)`);
      const expires = text('expires');
      if (!validDate(expires)) fail('expires', `expires "${clip(expires)}" is not a date YYYY-MM-DD`);
      const benchmark = text('benchmark');
      const metric = text('metric');
      const key = `${benchmark}\u0000${metric}`;
      const earlier = seen.get(key);
      if (earlier !== undefined)
        fail(
          'benchmark',
          `a second waiver for benchmark "${clip(benchmark)}", metric "${clip(metric)}" (the first is on line ${earlier})`,
        );
      seen.set(key, row.line);
      waivers.push({
        benchmark,
        metric,
        ceilingPercent: ceiling ?? NaN,
        expires,
        link: text('link'),
        reason: text('reason'),
        place: `${file}:${row.line}`,
        file,
        line: row.line,
      });
    },
    { comments: true },
  );
  return waivers;
}

type WaiverColumn = (typeof WAIVER_COLUMNS)[number];

/**
 * `35`, `+12.5`, `35 %`, `35%`: the ceiling in %, or undefined. Read by hand, not by a regular expression such as
 * `/\s*%$/`, which backtracks over a long run of spaces (a 300 kB field took 71 s).
 */
function ceilingOf(text: string): number | undefined {
  const number = text.endsWith('%') ? text.slice(0, -1).trimEnd() : text;
  let at = number.startsWith('+') ? 1 : 0;
  const digitsFrom = (from: number): number => {
    let i = from;
    while (i < number.length && number.charCodeAt(i) >= 48 && number.charCodeAt(i) <= 57) i++;
    return i;
  };
  const whole = digitsFrom(at);
  if (whole === at) return undefined;
  at = whole;
  if (number[at] === '.') {
    const fraction = digitsFrom(at + 1);
    if (fraction === at + 1) return undefined;
    at = fraction;
  }
  if (at !== number.length) return undefined;
  const value = Number(number);
  return Number.isFinite(value) ? value : undefined;
}

/** A field quoted in a message: its first 60 characters. */
function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
function validDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return month >= 1 && month <= 12 && day >= 1 && day <= days[month - 1]!;
}
