/**
 * `perf stat -j` output (`perf stat -j -o checksum.json -e instructions,cycles,task-clock -- ./checksum`): a
 * `# started on …` comment, then one JSON object per line and counter, `{"counter-value" : "3.73", "unit" : "msec",
 * "event" : "task-clock", "event-runtime" : 3732167, "pcnt-running" : 100.00, …}`. Read as common.ts says.
 */
import { InputError } from '../../errors.js';
import type { FormatAdapter } from '../adapter.js';
import { isJsonObject, parseJsonPiece, type JsonValue } from '../looseJson.js';
import { LineSplitter, streamedFormat } from '../streamed.js';
import { ownCopy } from '../../text/ownCopy.js';
import { perfStatSet, type CounterRow } from './common.js';

const OBJECT_LINE = /^\s*\{\s*"counter-value"\s*:/;

/** A field as perf writes it: a string, or a number (written back as its text). */
function text(value: JsonValue | undefined): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

export const perfStatJsonAdapter: FormatAdapter = {
  id: 'perf-stat-json',
  title: 'perf stat -j output',

  recognises(head: string): boolean {
    for (const raw of head.replace(/^\uFEFF/, '').split('\n', 20)) {
      const line = raw.replace(/\r$/, '');
      if (line.trim() === '' || line.startsWith('#')) continue;
      return OBJECT_LINE.test(line) && /"event"\s*:/.test(line);
    }
    return false;
  },

  ...streamedFormat((file, options) => {
    const rows: CounterRow[] = [];
    let lastLine = 0;
    const splitter = new LineSplitter((raw, lineNo) => {
      lastLine = lineNo;
      const line = (lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
      if (line.trim() === '' || line.startsWith('#')) return;
      if (!line.trimStart().startsWith('{')) return;
      const { document } = parseJsonPiece(file, line, { line: lineNo, column: 1, depth: 0 });
      const object = document.value;
      if (!isJsonObject(object)) return;
      const place = (key: string) => document.placeOfKey(object, key).column;
      const event = text(object.event);
      const value = text(object['counter-value']);
      if (event === undefined || value === undefined) {
        const key = event === undefined ? 'event' : 'counter-value';
        throw new InputError(`expected "${key}" as a string or number`, {
          file,
          line: lineNo,
          column: key in object ? place(key) : document.placeOf(object).column,
        });
      }
      rows.push({
        event: ownCopy(event.trim()),
        value: ownCopy(value),
        unit: ownCopy(text(object.unit) ?? ''),
        running: ownCopy(text(object['pcnt-running']) ?? ''),
        line: lineNo,
        valueColumn: place('counter-value'),
        runningColumn: 'pcnt-running' in object ? place('pcnt-running') : place('counter-value'),
      });
    });
    return {
      push: (piece) => splitter.push(piece),
      finish() {
        splitter.finish();
        return perfStatSet('perf-stat-json', file, rows, options, lastLine);
      },
    };
  }),
};
