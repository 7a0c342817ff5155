/**
 * What the Valgrind readers (cachegrind and callgrind out files) share: the "Callgrind Format, Version 1" lines they
 * read, the benchmark a file is, and the metrics its events are.
 *
 * - A file is one benchmark's whole run. Its header lines are `key: value` (`version:`, `creator:`, `pid:`, `cmd:`,
 *   `desc:`, `positions:`, `events:`, `summary:`, `totals:`); the lines between are costs per function and line
 *   (`fl=`, `fn=`, `calls=`, numbers), which perfgate does not read. `#` starts a comment.
 * - Each event's whole-run cost is the `summary:` line's number in the `events:` order (cachegrind writes it last,
 *   callgrind first); a file without one gives its `totals:` line. A missing trailing number is 0, as in cost lines.
 * - The benchmark is named by the file name's suffix after `.out.` (`cachegrind.out.checksum` → `checksum`), unless
 *   that suffix is a process id (Valgrind's default `%p`, with callgrind's part and thread numbers), when the `cmd:`
 *   line names it. A folder of such files is one run.
 * - `Ir` (instructions executed) is the benchmark's primary metric, a count (Metric.kind): gated at the count
 *   threshold. Every other event is secondary, reported and gated only on request: the cache figures (`I1mr`, `D1mr`,
 *   `DLmr`, …) move with code layout, and the data accesses and branches follow the instructions.
 * - What counted them (Metric.instrument) is the `creator:` line (tool and version; cachegrind 3.19 writes none, so
 *   the tool alone), and for the cache figures the simulated caches of the `desc:` lines too (Valgrind takes the
 *   last-level cache from the host CPU): two sides counted otherwise are reported, not gated.
 */
import { InputError } from '../../errors.js';
import type { Measurement, Metric, ResultSet } from '../../model/measurement.js';
import type { ParseOptions } from '../adapter.js';
import { LineSplitter, ModelLimits, type TextReader } from '../streamed.js';
import { ownCopy } from '../../text/ownCopy.js';

export type ValgrindTool = 'cachegrind' | 'callgrind';

/** A header line: a key, a colon, its value. Cost lines (numbers) and position lines (`fl=`) never match. */
const HEADER_LINE = /^([A-Za-z][A-Za-z0-9_ ]*):(.*)$/;
/** A count as Valgrind writes it: decimal digits. */
const COUNT = /^\d+$/;
/** A file-name suffix that is a process id, with callgrind's dump part and thread (`1234`, `1234.2`, `1234-02`). */
const PROCESS_ID = /^\d+(?:\.\d+)?(?:-\d+)?$/;
/** Events that count simulated cache misses: they depend on the cache configuration. */
const CACHE_EVENT = /^(?:I1|D1|IL|DL|LL|L1|L2|I2|D2)m[rw]?$/i;
/** The `desc:` lines that configure the simulated caches (not `Timerange:` or `Trigger:`, which vary by run). */
const CACHE_DESC = /^(?:I1|D1|LL|L2|I2|D2) cache:/;

/** The first non-blank line of a head that is not a comment, for recognising. */
export function firstLine(head: string): string {
  for (const raw of head.replace(/^\uFEFF/, '').split('\n', 40)) {
    const line = raw.replace(/\r$/, '').trim();
    if (line !== '') return line;
  }
  return '';
}

/** Whether a head is a Callgrind-format file at all: a header line first, and an `events:` line. */
export function isValgrindOut(head: string): boolean {
  const first = firstLine(head);
  return (
    /^(?:# callgrind format|version:\s*1\b|creator:|desc:|cmd:|events:)/.test(first) && /^events:[ \t]*\S/m.test(head)
  );
}

/** The base name of a path as the user gave it (either separator). */
function baseName(file: string): string {
  const parts = file.split(/[\\/]/);
  return parts[parts.length - 1] ?? file;
}

/** The benchmark a file is: its name's suffix after `.out.`, else (a process id, or no such suffix) its command. */
export function benchmarkName(file: string, command: string | undefined): { name: string; byCommand: boolean } {
  const base = baseName(file);
  const at = base.indexOf('.out.');
  const suffix = at >= 0 ? base.slice(at + '.out.'.length) : '';
  if (suffix !== '' && !PROCESS_ID.test(suffix)) return { name: suffix, byCommand: false };
  if (command !== undefined && command !== '') return { name: command, byCommand: true };
  return { name: base, byCommand: false };
}

interface Cost {
  values: string;
  line: number;
  /** The column of the first character after the key's colon. */
  column: number;
}

/**
 * The reader of one out file of `tool`, fed in pieces: it keeps the header lines it needs and passes over the cost
 * lines, so a callgrind file of any size is read in one pass.
 */
export function valgrindReader(tool: ValgrindTool, file: string, options: ParseOptions): TextReader {
  let creator: string | undefined;
  let command: string | undefined;
  const caches: string[] = [];
  let events: { names: string[]; line: number } | undefined;
  let summary: Cost | undefined;
  let totals: Cost | undefined;
  let lastLine = 0;
  const place = (line: number, column?: number) => ({ file, line, ...(column !== undefined ? { column } : {}) });

  const splitter = new LineSplitter((raw, lineNo) => {
    lastLine = lineNo;
    const text = (lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(/\r$/, '');
    if (text === '' || text.startsWith('#')) return;
    const header = HEADER_LINE.exec(text);
    if (!header) return;
    const [, name = '', value = ''] = header;
    const key = name.trim();
    // The column of the value's first character, just after the colon.
    const valueColumn = name.length + 2;
    switch (key) {
      case 'creator':
        creator ??= ownCopy(value.trim());
        break;
      case 'cmd':
        command ??= ownCopy(value.trim());
        break;
      case 'desc': {
        const description = value.trim().replace(/\s+/g, ' ');
        if (CACHE_DESC.test(description)) caches.push(ownCopy(description));
        break;
      }
      case 'events': {
        if (events)
          throw new InputError(
            `a second "events:" line (the first is on line ${events.line}): perfgate reads one part per file; give each dump its own file`,
            place(lineNo, 1),
          );
        const names = value.trim().split(/\s+/).filter(Boolean);
        if (names.length === 0) throw new InputError('the "events:" line names no event', place(lineNo, 1));
        const seen = new Set<string>();
        for (const name of names) {
          if (seen.has(name)) {
            throw new InputError(`the event "${name}" is named twice`, place(lineNo, text.lastIndexOf(name) + 1));
          }
          seen.add(name);
        }
        events = { names: names.map(ownCopy), line: lineNo };
        break;
      }
      case 'summary':
      case 'totals': {
        const cost = { values: ownCopy(value), line: lineNo, column: valueColumn };
        if (key === 'summary') summary ??= cost;
        else totals ??= cost;
        break;
      }
      default:
        break;
    }
  });

  return {
    push(text) {
      splitter.push(text);
    },
    finish(): ResultSet {
      splitter.finish();
      if (!events)
        throw new InputError(`no "events:" line: not a complete ${tool} out file`, place(Math.max(lastLine, 1)));
      const cost = summary ?? totals;
      if (!cost) {
        throw new InputError(
          `no "summary:" or "totals:" line: the ${tool} run did not finish writing its file`,
          place(Math.max(lastLine, 1)),
        );
      }
      const counts = readCounts(cost, events.names, file);
      const { name, byCommand } = benchmarkName(file, command);
      const counter = creator ?? tool;
      const cacheInstrument = caches.length > 0 ? `${counter}; ${caches.join('; ')}` : counter;
      const limits = new ModelLimits(file, options);
      limits.experiment(name, cost.line);
      const measurements: Measurement[] = events.names.map((event, i) => {
        limits.measurement(cost.line);
        return {
          experiment: name,
          parameter: { label: '' },
          metric: eventMetric(event, CACHE_EVENT.test(event) ? cacheInstrument : counter),
          statistics: { value: counts[i]! },
          place: place(cost.line),
        };
      });
      const notes = byCommand ? [`${baseName(file)}: the benchmark is named by its "cmd:" line, "${name}"`] : [];
      if (!events.names.includes('Ir'))
        notes.push(`${baseName(file)}: no Ir event (instructions): every event is reported, none is gated by default`);
      return { format: tool, file, measurements, notes };
    },
  };
}

/** The numbers of a `summary:` or `totals:` line, one per event (a missing trailing number is 0). */
function readCounts(cost: Cost, names: readonly string[], file: string): number[] {
  const counts: number[] = [];
  const pattern = /\S+/g;
  for (let match = pattern.exec(cost.values); match; match = pattern.exec(cost.values)) {
    const column = cost.column + match.index;
    if (counts.length === names.length) {
      throw new InputError(`more numbers than the ${names.length} events of the "events:" line`, {
        file,
        line: cost.line,
        column,
      });
    }
    const value = Number(match[0]);
    if (!COUNT.test(match[0]) || !Number.isSafeInteger(value)) {
      throw new InputError(`expected a count of ${names[counts.length]}, found "${match[0].slice(0, 40)}"`, {
        file,
        line: cost.line,
        column,
      });
    }
    counts.push(value);
  }
  while (counts.length < names.length) counts.push(0);
  return counts;
}

/** The metric of an event: `Ir` primary and a count; every other event secondary. */
export function eventMetric(event: string, instrument: string): Metric {
  return {
    name: event,
    ...(event === 'Ir' ? { kind: 'count' as const } : { role: 'secondary' as const }),
    dimension: 'count',
    unit: '',
    displayUnit: '',
    direction: 'lower-is-better',
    instrument,
  };
}
