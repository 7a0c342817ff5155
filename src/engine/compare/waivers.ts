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
import { readCsvTable } from '../csv/table.js';
import { InputError } from '../errors.js';
import type { Waiver } from '../model/waiver.js';

export type { Waiver } from '../model/waiver.js';

export const WAIVER_COLUMNS = ['benchmark', 'metric', 'ceiling', 'expires', 'link', 'reason'] as const;
export const WAIVER_HEADER = WAIVER_COLUMNS.join(',');

/** Reads a waiver file; a malformed row is an InputError at its file, line and column. */
export function parseWaivers(file: string, content: string): Waiver[] {
  const table = readCsvTable(file, content, WAIVER_COLUMNS, WAIVER_HEADER, WAIVER_COLUMNS, { comments: true });
  const waivers: Waiver[] = [];
  const seen = new Map<string, number>();
  for (const row of table.rows) {
    const field = (name: (typeof WAIVER_COLUMNS)[number]) => {
      const index = table.columns[name];
      return { text: (row.fields[index] ?? '').trim(), column: fieldColumn(row.text, index) };
    };
    const fail = (name: (typeof WAIVER_COLUMNS)[number], message: string): never => {
      throw new InputError(message, { file, line: row.line, column: field(name).column });
    };
    for (const name of ['benchmark', 'metric', 'ceiling', 'expires', 'link', 'reason'] as const)
      if (field(name).text === '')
        fail(name, `the waiver's ${name} is empty; every column is required (${WAIVER_HEADER})`);
    const ceilingText = field('ceiling').text.replace(/\s*%$/, '');
    const ceiling = /^[+]?\d+(\.\d+)?$/.test(ceilingText) ? Number(ceilingText) : NaN;
    if (!Number.isFinite(ceiling))
      fail('ceiling', `ceiling "${field('ceiling').text}" is not a change in % (a number ≥ 0 such as 35 or 35 %)`);
    const expires = field('expires').text;
    if (!validDate(expires)) fail('expires', `expires "${expires}" is not a date YYYY-MM-DD`);
    const benchmark = field('benchmark').text;
    const metric = field('metric').text;
    const key = `${benchmark}\u0000${metric}`;
    const earlier = seen.get(key);
    if (earlier !== undefined)
      fail(
        'benchmark',
        `a second waiver for benchmark "${benchmark}", metric "${metric}" (the first is on line ${earlier})`,
      );
    seen.set(key, row.line);
    waivers.push({
      benchmark,
      metric,
      ceilingPercent: ceiling,
      expires,
      link: field('link').text,
      reason: field('reason').text,
      place: `${file}:${row.line}`,
    });
  }
  return waivers;
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
