/**
 * Luau's benchmark runner (`bench/bench.py` of the Luau language), as github-action-benchmark's `benchmarkluau` tool
 * reads it: one line per benchmark that ran,
 * `SUCCESS: base64                                  :   15.041ms +/-  0.636% on luau`,
 * then a RESULTS table (`Test | Min | Average | StdDev% | Driver`) with a `Total` row.
 *
 * - The name is the experiment; the driver (the VM that ran it, `luau`) is the parameter `driver=…`, so that one file
 *   comparing two VMs keeps their rows apart.
 * - A SUCCESS line gives the mean and the relative standard deviation of the runs: the metric `time`, lower-is-better,
 *   with `mean` and `stdev` (the percentage of the mean). The table's row of the same name and driver adds its `min`;
 *   the table's `Total` row is a sum of benchmarks, not one, and is not read.
 * - Other lines (the runner's progress, a benchmark that failed) are not results and are skipped.
 */
import { InputError } from '../errors.js';
import type { Measurement, Metric } from '../model/measurement.js';
import type { FormatAdapter } from './adapter.js';
import { consoleLines, DistinctNames, readUnit, settingsParameter } from './shared.js';

const TIME: Metric = { name: 'time', dimension: 'time', unit: 'us', displayUnit: 'ms', direction: 'lower-is-better' };

const SUCCESS = 'SUCCESS:';
/** What follows a SUCCESS line's name and its ` : `: `15.041ms +/-  0.636% on luau`. */
const RESULT = /^(\d+(?:\.\d+)?)([a-zµμ]+) \+\/- +(\d+(?:\.\d+)?)% on (\S+)$/;
/** A cell of the RESULTS table that holds a time: `14.831ms`. */
const TIME_CELL = /^(\d+(?:\.\d+)?)([a-zµμ]+)$/;

/** A time as the runner prints it (`15.041`, `ms`) in microseconds, TIME's unit; undefined for a unit that is no time. */
function microseconds(value: string, symbol: string): number | undefined {
  const unit = readUnit(symbol).unit;
  return unit.dimension === 'time' ? Number(value) * unit.toBase : undefined;
}

/**
 * The minimum of each benchmark on each driver (`name\0driver`), from the RESULTS table's rows
 * (`base64 | 14.831ms | 15.041ms | 0.636% | luau`), split at `|` rather than matched whole: linear in any line.
 */
function minimaOf(lines: readonly string[]): Map<string, number> {
  const minima = new Map<string, number>();
  for (const line of lines) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length !== 5 || cells[0] === 'Total' || cells[0] === '') continue;
    const min = TIME_CELL.exec(cells[1] ?? '');
    const us = min ? microseconds(min[1] ?? '', min[2] ?? '') : undefined;
    if (us !== undefined) minima.set(`${cells[0]}\u0000${cells[4]}`, us);
  }
  return minima;
}

export const benchmarkLuauAdapter: FormatAdapter = {
  id: 'benchmarkluau',
  title: "Luau's bench.py output (SUCCESS lines and its RESULTS table)",

  recognises(head: string): boolean {
    for (const raw of head.split('\n')) {
      const line = raw.trimEnd();
      if (!line.startsWith(SUCCESS)) continue;
      const cut = line.indexOf(' : ');
      if (cut > 0 && RESULT.test(line.slice(cut + 3).trim())) return true;
    }
    return false;
  },

  parse({ file, text }) {
    const notes: string[] = [];
    const names = new DistinctNames(notes);
    const measurements: Measurement[] = [];
    const lines = consoleLines(text);
    const minima = minimaOf(lines);
    lines.forEach((line, index) => {
      const lineNo = index + 1;
      if (!line.startsWith(SUCCESS)) return;
      const cut = line.indexOf(' : ');
      const name = cut < 0 ? '' : line.slice(SUCCESS.length, cut).trim();
      if (name === '')
        throw new InputError('a SUCCESS line without a benchmark name before " : "', {
          file,
          line: lineNo,
          column: SUCCESS.length + 1,
        });
      const rest = line.slice(cut + 3);
      const result = RESULT.exec(rest.trim());
      const column = cut + 4 + (rest.length - rest.trimStart().length);
      if (!result)
        throw new InputError(
          `expected a time such as "15.041ms +/- 0.636% on luau", found "${rest.trim().slice(0, 40)}"`,
          {
            file,
            line: lineNo,
            column,
          },
        );
      const [, value = '', symbol = '', percent = '', driver = ''] = result;
      const mean = microseconds(value, symbol);
      if (mean === undefined)
        throw new InputError(`expected a time unit such as ms, found "${symbol}"`, {
          file,
          line: lineNo,
          column: column + value.length,
        });
      const min = minima.get(`${name}\u0000${driver}`);
      measurements.push({
        experiment: names.name(name, `${TIME.name} on ${driver}`, lineNo),
        parameter: settingsParameter([['driver', driver]]),
        metric: TIME,
        statistics: { mean, stdev: (mean * Number(percent)) / 100, ...(min !== undefined ? { min } : {}) },
        place: { file, line: lineNo },
      });
    });
    if (measurements.length === 0)
      throw new InputError('no Luau benchmark lines ("SUCCESS: name : 15.041ms +/- 0.636% on luau") found', {
        file,
        line: 1,
      });
    return { format: 'benchmarkluau', file, measurements, notes };
  },
};
