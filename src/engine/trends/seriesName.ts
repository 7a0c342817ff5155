/** What names a trend series, apart from the series itself (trends.ts), so that what reads a name needs no series. */
import type { StatisticName } from '../model/measurement.js';

/** The fields that name a series, in the order every report shows them (table columns, alert titles, trends.json). */
export const SERIES_NAME_FIELDS = ['experiment', 'parameter', 'metric', 'statistic'] as const;

/** What names a series: the measurement's experiment, parameter and metric, and the statistic followed. */
export interface TrendSeriesName {
  experiment: string;
  parameter: string;
  metric: string;
  statistic: StatisticName;
}

/** A series' names in SERIES_NAME_FIELDS order. */
export function seriesNames(s: TrendSeriesName): string[] {
  return SERIES_NAME_FIELDS.map((field) => s[field]);
}

/** Only the naming fields of a series, in SERIES_NAME_FIELDS order. */
export function seriesNameOf(s: TrendSeriesName): TrendSeriesName {
  return Object.fromEntries(SERIES_NAME_FIELDS.map((field) => [field, s[field]])) as unknown as TrendSeriesName;
}
