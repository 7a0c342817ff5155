/**
 * `perf stat -x<sep>` output (`perf stat -x, -o checksum.csv -e instructions,cycles,task-clock -- ./checksum`): a
 * `# started on …` comment, then one row per counter, `value<sep>unit<sep>event[<sep>variance]<sep>run time<sep>
 * percentage running<sep>metric value<sep>metric unit` (the variance with `-r N`). The separator is whatever follows
 * the first value. Read as common.ts says.
 */
import type { FormatAdapter } from '../adapter.js';
import { LineSplitter, streamedFormat } from '../streamed.js';
import { ownCopy } from '../../text/ownCopy.js';
import { isNoCount, isNumber, perfStatSet, type CounterRow } from './common.js';

/** The first field: a number or perf's word for no count; then the separator (one character: `,`, `;`, `|`). */
const FIRST_FIELD = /^(<not supported>|<not counted>|-?[\d.]+(?:[eE][-+]?\d+)?)([^\w\s<.-])/;
/** An event name: letters, digits and perf's `_-:/.=,` in `cpu/event=0x3c,umask=0/` forms. */
const EVENT = /^[A-Za-z][\w\-:/.=,]*$/;

interface Fields {
  fields: string[];
  columns: number[];
}

/** A counter row's fields split by `separator`, with each field's column. */
function split(line: string, separator: string): Fields {
  const fields: string[] = [];
  const columns: number[] = [];
  let start = 0;
  for (let at = line.indexOf(separator); at >= 0; at = line.indexOf(separator, start)) {
    fields.push(line.slice(start, at));
    columns.push(start + 1);
    start = at + separator.length;
  }
  fields.push(line.slice(start));
  columns.push(start + 1);
  return { fields, columns };
}

/** The row of a line with its separator known; undefined when it is not one. */
function counterRow(line: string, separator: string, lineNo: number): CounterRow | undefined {
  const { fields, columns } = split(line, separator);
  // perf writes the metric's value and unit fields even when empty: 7 fields, 8 with -r.
  if (fields.length < 7) return undefined;
  const [value, unit, event] = fields;
  if (!EVENT.test(event!.trim()) || !/^[A-Za-z%/]*$/.test(unit!.trim())) return undefined;
  if (!isNumber(value!) && !isNoCount(value!)) return undefined;
  // With -r N, a variance (`1.05%`) comes after the event; then the run time (ns) and the percentage running.
  const at = fields[3]!.trim().endsWith('%') ? 5 : 4;
  const runtime = (fields[at - 1] ?? '').trim();
  const running = (fields[at] ?? '').trim();
  if (!/^\d+$/.test(runtime) || !isNumber(running) || Number(running) > 100) return undefined;
  return {
    event: ownCopy(event!.trim()),
    value: ownCopy(value!),
    unit: ownCopy(unit!),
    running: ownCopy(fields[at] ?? ''),
    line: lineNo,
    valueColumn: columns[0]!,
    runningColumn: columns[at] ?? columns[0]!,
  };
}

/** The separator of a counter line, when it is one. */
function separatorOf(line: string): string | undefined {
  const match = FIRST_FIELD.exec(line);
  if (!match) return undefined;
  return counterRow(line, match[2]!, 1) ? match[2]! : undefined;
}

export const perfStatCsvAdapter: FormatAdapter = {
  id: 'perf-stat-csv',
  title: 'perf stat -x<sep> output',

  recognises(head: string): boolean {
    const lines = head.replace(/^\uFEFF/, '').split('\n', 20);
    for (const raw of lines) {
      const line = raw.replace(/\r$/, '');
      if (line.trim() === '' || line.startsWith('#')) continue;
      return separatorOf(line) !== undefined;
    }
    return false;
  },

  ...streamedFormat((file, options) => {
    const rows: CounterRow[] = [];
    let separator: string | undefined;
    let lastLine = 0;
    const splitter = new LineSplitter((raw, lineNo) => {
      lastLine = lineNo;
      const line = (lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
      if (line.trim() === '' || line.startsWith('#')) return;
      separator ??= separatorOf(line);
      const row = separator !== undefined ? counterRow(line, separator, lineNo) : undefined;
      // Lines that are no counter (the command's own output when perf wrote to the same stream) are passed over.
      if (row) rows.push(row);
    });
    return {
      push: (text) => splitter.push(text),
      finish() {
        splitter.finish();
        return perfStatSet('perf-stat-csv', file, rows, options, lastLine);
      },
    };
  }),
};
