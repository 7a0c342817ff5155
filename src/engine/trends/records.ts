/** History records as the trend analysis reads them: the trends read the history, not the reverse. */
import { measurementOfHistory, type HistoryRecord } from '../history/record.js';
import { analyzeTrends, type TrendOptions, type TrendReport, type TrendRun } from './trends.js';

/** A history record as the trend analysis reads it. */
export function trendRunOfRecord(record: HistoryRecord): TrendRun {
  const source = `run ${record.runId}`;
  return {
    sha: record.sha,
    date: record.date,
    runId: record.runId,
    runUrl: record.runUrl,
    ...(record.accepted ? { accepted: record.accepted } : {}),
    measurements: record.measurements.map((m) => measurementOfHistory(m, source)),
  };
}

/** The trend report of history records (oldest first), without touching files. */
export function trendsOfRecords(records: readonly HistoryRecord[], options: TrendOptions = {}): TrendReport {
  return analyzeTrends(records.map(trendRunOfRecord), options);
}
