/** History records as the latency history charts read them. */
import type { HistoryRecord } from '../history/record.js';
import type { StatisticName } from '../model/measurement.js';
import type { HistoryRun } from './build.js';

/**
 * A record's runs as the history charts draw them: latency per payload (Fast-DDS-like
 * experiments); experiments of other metrics are left out of these charts.
 */
export function latencyHistoryRuns(records: readonly HistoryRecord[]): HistoryRun[] {
  return records.map((r) => {
    const experiments = new Map<string, HistoryRun['experiments'][number]>();
    for (const m of r.measurements) {
      if (m.metric !== 'latency' || m.unit !== 'us' || m.payloadBytes === null) continue;
      let ex = experiments.get(m.experiment);
      if (!ex) experiments.set(m.experiment, (ex = { experiment: m.experiment, payloads: [] }));
      const value = (s: StatisticName) => m.statistics[s] ?? null;
      ex.payloads.push({
        bytes: m.payloadBytes,
        median: value('median'),
        p99: value('p99'),
        max: value('max'),
        min: value('min'),
      });
    }
    return { sha: r.sha, date: r.date, runId: r.runId, experiments: [...experiments.values()] };
  });
}
