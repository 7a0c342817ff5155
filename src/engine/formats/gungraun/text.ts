/**
 * gungraun's (iai-callgrind's) terminal output of `cargo bench` (the default `--output-format`), colours and the grid
 * of `show_grid` (`| `) allowed:
 *
 * ```text
 * bench_checksum::checksum_group::bench_checksum small:1024
 *   ======= CALLGRIND ===================================
 *   Instructions:                  15976101|15976101       (No change)
 *   L1 Hits:                       …
 * ```
 *
 * - A benchmark starts at its header line, `<module_path> <id>:<args>` at the line's start: the module path is the
 *   experiment, the id its parameter, as in the summary JSON (common.ts).
 * - `======= <TOOL> ===` starts a tool's figures (iai-callgrind before 0.12 printed Callgrind's alone, with no such
 *   line). With `show_intermediate`, each process and thread has its `## pid: …` block and the run's figures are the
 *   `## Total` block's; a `Comparison with …` block compares with another benchmark and is not read.
 * - Each figure's line is `<name>: <new>|<old> (<change>)`: the new value is read; `N/A` (none) leaves the figure out,
 *   and rates (`%`) are derived and not read. The printed names are the summary JSON's (`Instructions` is `Ir`).
 */
import { InputError } from '../../errors.js';
import type { Measurement } from '../../model/measurement.js';
import type { FormatAdapter } from '../adapter.js';
import { ANSI_ESCAPE } from '../shared.js';
import { LineSplitter, ModelLimits, streamedFormat } from '../streamed.js';
import { ownCopy } from '../../text/ownCopy.js';
import { benchmarkOf, figureMeasurements, summaryName, type Figure } from './common.js';

/** `<module_path> <id>:<args>`: a Rust path of two segments or more at the line's start. */
const HEADER = /^([A-Za-z_][\w]*(?:::[A-Za-z_][\w]*)+)(?:[ \t]+(.*))?$/;
/** `<name>: <new>|<old> (…)`, after the grid's `|`. */
const FIGURE = /^([^:|]*[^:|\s]):[ \t]+(\S+)\|(\S+)(?:[ \t].*)?$/;
/** `======= CALLGRIND ====`. */
const TOOL = /^=+[ \t]+([A-Za-z][A-Za-z0-9 ]*?)[ \t]+=+$/;
/** The figures the recogniser looks for. */
// (`[ \t]*(?:\|[ \t]*)?`, not `[ \t]*\|?[ \t]*`: two runs of blanks around nothing backtrack quadratically on a line of them.)
const KNOWN_FIGURE =
  /^[ \t]*(?:\|[ \t]*)?(?:Instructions|L1 Hits|Estimated Cycles):[ \t]+(?:\d+|N\/A)\|(?:\d+|N\/A)\b/m;
const COUNT = /^\d+$/;

/** gungraun's names of its tools, by the upper-case name the text prints. */
const TOOL_NAMES: Readonly<Record<string, string>> = {
  CALLGRIND: 'Callgrind',
  CACHEGRIND: 'Cachegrind',
  DHAT: 'DHAT',
  MEMCHECK: 'Memcheck',
  HELGRIND: 'Helgrind',
  DRD: 'DRD',
  MASSIF: 'Massif',
  BBV: 'BBV',
  PERF: 'Perf',
};

/** A line without colours, its `\r`, the grid's leading `|` and blanks. */
function bare(raw: string): string {
  return raw
    .replace(ANSI_ESCAPE, '')
    .replace(/\r$/, '')
    .replace(/^[ \t]*(?:\|[ \t]*)?/, '')
    .trimEnd();
}

export const gungraunTextAdapter: FormatAdapter = {
  id: 'gungraun-text',
  title: 'gungraun / iai-callgrind terminal output (cargo bench)',

  recognises(head: string): boolean {
    const text = head.replace(/^\uFEFF/, '').replace(ANSI_ESCAPE, '');
    return KNOWN_FIGURE.test(text) && text.split('\n', 200).some((line) => HEADER.test(line.replace(/\r$/, '')));
  },

  ...streamedFormat((file, options) => {
    const measurements: Measurement[] = [];
    const limits = new ModelLimits(file, options);
    const seen = new Map<string, number>();
    let current: { experiment: string; label: string; line: number; figures: Figure[] } | undefined;
    let tool = 'Callgrind';
    /** Whether the lines now are the run's figures: not a process's block, nor a comparison. */
    let reading = true;
    let rates = false;
    const close = () => {
      if (current === undefined) return;
      for (const m of figureMeasurements(file, current, current.figures)) {
        limits.measurement(m.place.line ?? current.line);
        measurements.push(m);
      }
      current = undefined;
    };
    const splitter = new LineSplitter((raw, lineNo) => {
      const original = (lineNo === 1 ? raw.replace(/^\uFEFF/, '') : raw).replace(ANSI_ESCAPE, '').replace(/\r$/, '');
      const header = /^\S/.test(original) ? HEADER.exec(original.trimEnd()) : null;
      if (header) {
        close();
        const rest = header[2]?.trim() ?? '';
        const id = /^([A-Za-z_]\w*)(?::|$)/.exec(rest)?.[1];
        const benchmark = benchmarkOf(ownCopy(header[1]!), id === undefined ? undefined : ownCopy(id));
        const key = `${benchmark.experiment}\u0000${benchmark.label}`;
        const first = seen.get(key);
        if (first !== undefined)
          throw new InputError(
            `the benchmark ${header[1]}${id ? ` ${id}` : ''} again (first on line ${first}): give each run its own file`,
            { file, line: lineNo, column: 1 },
          );
        seen.set(key, lineNo);
        limits.experiment(benchmark.experiment, lineNo);
        current = { ...benchmark, line: lineNo, figures: [] };
        tool = 'Callgrind';
        reading = true;
        return;
      }
      const line = bare(original);
      const toolLine = TOOL.exec(line);
      if (toolLine) {
        const [, shown = ''] = toolLine;
        tool = TOOL_NAMES[shown.toUpperCase()] ?? shown;
        reading = true;
        return;
      }
      const block = /^-?##[ \t]*(.*)$/.exec(line);
      if (block) {
        reading = /^Total\b/.test(block[1] ?? '');
        return;
      }
      if (/^-?Comparison with\b/.test(line)) {
        reading = false;
        return;
      }
      const figure = FIGURE.exec(line);
      if (!figure || !reading) return;
      const [, printedName = '', value = ''] = figure;
      const name = summaryName(printedName.trim());
      const column = original.indexOf(value, original.indexOf(':')) + 1;
      if (value === 'N/A') return;
      if (current === undefined)
        throw new InputError(`the figure "${printedName.slice(0, 40)}" before any benchmark's name line`, {
          file,
          line: lineNo,
          column: 1,
        });
      if (/^[\d.]+%$/.test(value)) {
        rates = true;
        return;
      }
      if (!COUNT.test(value) || !Number.isSafeInteger(Number(value))) {
        // A known figure must be a count; another `name: a|b` line (`Baselines: default|default`) is not a figure.
        if (name !== printedName.trim() || /^\d/.test(value))
          throw new InputError(
            `expected the new count of ${printedName.trim().slice(0, 40)}, found "${value.slice(0, 40)}"`,
            {
              file,
              line: lineNo,
              column,
            },
          );
        return;
      }
      current.figures.push({ tool, name: ownCopy(name), value: Number(value), line: lineNo });
    });
    return {
      push: (text) => splitter.push(text),
      finish() {
        splitter.finish();
        close();
        if (seen.size === 0)
          throw new InputError('no gungraun benchmark in the file: expected a `<module_path> <id>:<args>` line', {
            file,
            line: 1,
            column: 1,
          });
        const notes = rates ? ['miss and hit rates (%) are not read: they are derived from the counts, which are'] : [];
        return { format: 'gungraun-text', file, measurements, notes };
      },
    };
  }),
};
