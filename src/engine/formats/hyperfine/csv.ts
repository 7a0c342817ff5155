import { InputError } from '../../errors.js';
import { fieldColumn, stripBom } from '../../csv/header.js';
import { readCsvTable } from '../../csv/table.js';
import type { Measurement, Parameter } from '../../model/measurement.js';
import { parseNumber } from '../../numeric/parseNumber.js';
import type { FormatAdapter } from '../adapter.js';
import { templateOf } from '../shared.js';
import { parameterSetting, SYSTEM_TIME, TIME_STATISTICS, USER_TIME, WALL_TIME } from './common.js';

/**
 * hyperfine `--export-csv`: `command,mean,stddev,median,user,system,min,max[,parameter_<name>…]`,
 * times in seconds, one row per command. Experiments and parameter labels are named as the JSON
 * export's adapter names them (`seq {n}`, `n=1000`), so a CSV and a JSON run of the same
 * benchmark compare. There are no individual times in the CSV: no samples.
 */
const HEADER = /^command,mean,stddev,median,user,system,min,max(,parameter_[^,]+)*\s*$/;

export const hyperfineCsvAdapter: FormatAdapter = {
  id: 'hyperfine-csv',
  title: 'hyperfine --export-csv output',

  recognises(head: string): boolean {
    return HEADER.test(stripBom(head).split(/\r?\n/, 1)[0] ?? '');
  },

  parse({ file, text }) {
    const header = stripBom(text).split(/\r?\n/, 1)[0] ?? '';
    const names = header.split(',').map((n) => n.trim());
    const table = readCsvTable(
      file,
      text,
      ['command', 'mean', 'stddev', 'median', 'user', 'system', 'min', 'max'] as const,
      'command,mean,stddev,median,user,system,min,max',
      names,
    );
    const parameterColumns = names.map((n, i) => [n, i] as const).filter(([n]) => n.startsWith('parameter_'));
    const measurements: Measurement[] = [];
    for (const row of table.rows) {
      const command = row.fields[table.columns.command] ?? '';
      const values: Record<string, string> = {};
      const settings: Record<string, number | string> = {};
      let payloadBytes: number | undefined;
      for (const [column, index] of parameterColumns) {
        const name = column.slice('parameter_'.length);
        const value = (row.fields[index] ?? '').trim();
        values[name] = value;
        const { setting, payloadBytes: bytes } = parameterSetting(name, value);
        settings[name] = setting;
        if (bytes !== undefined) payloadBytes = bytes;
      }
      const parameter: Parameter = {
        label: Object.entries(values)
          .map(([n, v]) => `${n}=${v}`)
          .join(', '),
      };
      if (parameterColumns.length > 0) parameter.settings = settings;
      if (payloadBytes !== undefined) parameter.payloadBytes = payloadBytes;
      const statistics: Measurement['statistics'] = {};
      for (const [column, statistic] of TIME_STATISTICS) {
        const index = table.columns[column as 'mean'];
        const cell = row.fields[index] ?? '';
        const seconds = parseNumber(cell, 'precise');
        if (seconds === undefined) {
          throw new InputError(`expected a time in seconds in column "${column}", found "${cell.slice(0, 40)}"`, {
            file,
            line: row.line,
            column: fieldColumn(row.text, index),
          });
        }
        statistics[statistic] = seconds * 1e6;
      }
      const experiment = templateOf(command, values);
      const place = { file, line: row.line };
      measurements.push({ experiment, parameter, metric: WALL_TIME, statistics, place });
      // user and system are means over the runs, as in the JSON export's adapter.
      for (const [metric, column] of [
        [USER_TIME, 'user'],
        [SYSTEM_TIME, 'system'],
      ] as const) {
        const index = table.columns[column];
        const seconds = parseNumber(row.fields[index] ?? '', 'precise');
        if (seconds === undefined)
          throw new InputError(`expected a time in seconds in column "${column}"`, {
            file,
            line: row.line,
            column: fieldColumn(row.text, index),
          });
        measurements.push({ experiment, parameter, metric, statistics: { mean: seconds * 1e6 }, place });
      }
    }
    if (measurements.length === 0) throw new InputError('the file has a header but no rows', { file, line: 2 });
    return { format: 'hyperfine-csv', file, measurements, notes: [] };
  },
};
