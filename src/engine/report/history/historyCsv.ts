/**
 * A history as one tidy CSV table (`perfgate history export --csv`): one row per value, for a
 * spreadsheet, pandas or R. Pure: the records come from the caller.
 */
import { statisticDirection } from '../../model/statisticRules.js';
import { STATISTIC_NAMES, type Direction, type StatisticName } from '../../model/measurement.js';
import { csvText } from '../csvText.js';

/** What the table reads of a history record (the pipeline's HistoryRecord has these fields). */
export interface HistoryCsvRun {
  runId: string;
  sha: string;
  date: string;
  measurements: readonly {
    experiment: string;
    parameter: string;
    metric: string;
    unit: string;
    direction: Direction;
    statistics: Partial<Record<StatisticName, number | null>>;
    repetitions?: number;
  }[];
}

/**
 * `repetitions` is a column of its own: a value pooled from k repetitions of a run is the median
 * of k values, not one measurement, and whoever fits a model to the table has to weigh it so.
 */
export const HISTORY_CSV_HEADER =
  'run,commit,date,experiment,parameter,metric,statistic,unit,direction,value,repetitions';

/**
 * Runs in the order given (history order), inside a run the record's measurement order, and
 * inside a measurement the statistics in perfgate's fixed order. The unit is the one the value is
 * stored in (a sample count has none, a variance is in the unit squared); the direction is the
 * statistic's (a spread is better lower whatever its metric). Values are JavaScript's shortest
 * round-trip form (`0.1`, `1e-7`, `-0`); a value the run did not have (NaN) is an empty cell.
 */
export function renderHistoryCsv(runs: readonly HistoryCsvRun[]): string {
  const lines = [HISTORY_CSV_HEADER];
  for (const run of runs) {
    const head = [csvText(run.runId), csvText(run.sha), csvText(run.date)].join(',');
    for (const m of run.measurements) {
      const what = [csvText(m.experiment), csvText(m.parameter), csvText(m.metric)].join(',');
      for (const statistic of STATISTIC_NAMES) {
        const value = m.statistics[statistic];
        if (value === undefined) continue;
        const unit = statistic === 'samples' ? '' : statistic === 'variance' && m.unit !== '' ? `(${m.unit})²` : m.unit;
        const cells = [
          statistic,
          csvText(unit),
          statisticDirection(statistic, m.direction),
          numberCell(value),
          m.repetitions !== undefined ? String(m.repetitions) : '1',
        ];
        lines.push(`${head},${what},${cells.join(',')}`);
      }
    }
  }
  return lines.join('\n') + '\n';
}

function numberCell(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '';
  return Object.is(value, -0) ? '-0' : String(value);
}
