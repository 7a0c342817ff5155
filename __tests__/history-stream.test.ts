/**
 * A history read file by file into series (src/pipeline/historyStream.ts, src/engine/trends/collect.ts): what
 * `dashboard` and `trends` draw from it is what they drew from every run's measurements held at once
 * (readHistoryWithArchive, readRecordedHistory, analyzeTrends over whole runs), whatever order the runs are folded in.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderHistoryRecord } from '../src/engine/history/codec.js';
import { measurementOfHistory, type HistoryMeasurement, type HistoryRecord } from '../src/engine/history/record.js';
import { historyFileName } from '../src/engine/history/window.js';
import { buildDashboardOfCollected } from '../src/engine/dashboard/model.js';
import { TrendCollector } from '../src/engine/trends/collect.js';
import { trendRunOfRecord, trendsOfRecords } from '../src/engine/trends/records.js';
import { analyzeCollected, analyzeTrends } from '../src/engine/trends/trends.js';
import { dashboardOfRecords } from '../src/pipeline/dashboard.js';
import { importHistoryRecords, readHistoryWithArchive, readRecordedHistory } from '../src/pipeline/historyFolder.js';
import { collectHistory } from '../src/pipeline/historyStream.js';
import { cwdFiles } from './helpers/shared.js';

function measurement(
  experiment: string,
  parameter: string,
  unit: string,
  statistics: HistoryMeasurement['statistics'],
): HistoryMeasurement {
  return {
    experiment,
    format: 'google-benchmark',
    parameter,
    payloadBytes: null,
    metric: 'real time',
    dimension: 'time',
    unit,
    displayUnit: unit,
    direction: 'lower-is-better',
    statistics,
  };
}

/**
 * Run n of a history: BM_Copy/8 and /16 every run (a 1.3× step at run 25), BM_Late from run 12 (listed first), and
 * BM_Gone until run 20; run 25 (the step's) accepted by a label.
 */
function run(n: number): HistoryRecord {
  const day = new Date(Date.UTC(2026, 0, 1) + n * 86_400_000 + 3_600_000).toISOString();
  const level = (n >= 25 ? 1.3 : 1) * (100 + ((n * 7) % 5));
  return {
    format: 'perfgate-history',
    version: 3,
    sha: (0xabc0000 + n).toString(16),
    date: day,
    runId: String(500 + n),
    runUrl: `https://github.com/octo/bench/actions/runs/${500 + n}`,
    measurements: [
      ...(n >= 12 ? [measurement('BM_Late', '', 'ns', { samples: 5, median: 40 + (n % 3) })] : []),
      measurement('BM_Copy', '8', 'us', { samples: 10, min: level - 1, median: level, max: level + 1 }),
      measurement('BM_Copy', '16', 'us', { samples: 10, mean: 2 * level + (n % 2) }),
      ...(n < 20 ? [measurement('BM_Gone', '', 'ms', { samples: 3, median: 7 + (n % 4) / 10 })] : []),
    ],
    ...(n === 25 ? { accepted: { pullRequest: 12, label: { label: 'perf-ok' } } } : {}),
  };
}

const RUNS = Array.from({ length: 45 }, (_, n) => run(n));

/** A history folder of the 45 runs with a window of 10: 35 archived in January and February. */
function historyFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'perfgate-stream-'));
  importHistoryRecords(cwdFiles, folder, RUNS, 10);
  return folder;
}

describe('a history gathered run by run', () => {
  test('the dashboard of a folder with its archive is the dashboard of every run held at once', () => {
    const folder = historyFolder();
    for (const window of [undefined, 20, 5]) {
      const streamed = collectHistory(cwdFiles, folder, { archive: true, ...(window ? { window } : {}) });
      const held = readHistoryWithArchive(cwdFiles, folder, window);
      expect(streamed.runs.map((r) => r.runId)).toEqual(held.map((r) => r.runId));
      const model = buildDashboardOfCollected(streamed.runs, streamed.collector);
      expect(model).toEqual(dashboardOfRecords(held));
      // The archived step at run 25 and its acceptance are drawn (with the newest 20 runs, it begins them: no step).
      const accepted = model.experiments.flatMap((e) => e.series).flatMap((s) => s.steps.filter((t) => t.accepted));
      expect(accepted.length > 0).toBe(window === undefined);
    }
  });

  test('trends read the window records only, as before: the same report', () => {
    const folder = historyFolder();
    for (const window of [undefined, 4]) {
      const streamed = collectHistory(cwdFiles, folder, window ? { window } : {});
      const report = analyzeCollected(streamed.runs, streamed.collector.series());
      expect(report).toEqual(trendsOfRecords(readRecordedHistory(cwdFiles, folder, window)));
      expect(report.runs).toHaveLength(window ?? 10);
    }
    const statistics = ['median', 'max'] as const;
    const streamed = collectHistory(cwdFiles, folder, { statistics });
    expect(analyzeCollected(streamed.runs, streamed.collector.series(), { statistics })).toEqual(
      trendsOfRecords(readRecordedHistory(cwdFiles, folder), { statistics }),
    );
  });

  test('a record dated among the archived runs is ordered by its date, its series met where it stands', () => {
    const folder = historyFolder();
    // Dated between archived runs 5 and 6, and naming a series no other run has.
    const stray: HistoryRecord = {
      ...run(5),
      date: '2026-01-06T12:00:00.000Z',
      runId: '9999',
      measurements: [measurement('BM_Stray', '', 'ns', { samples: 1, value: 3 }), ...run(5).measurements],
    };
    writeFileSync(join(folder, historyFileName(stray)), renderHistoryRecord(stray));
    const streamed = collectHistory(cwdFiles, folder, { archive: true });
    const held = readHistoryWithArchive(cwdFiles, folder);
    expect(streamed.runs.map((r) => r.runId)).toContain('9999');
    expect(buildDashboardOfCollected(streamed.runs, streamed.collector)).toEqual(dashboardOfRecords(held));
  });

  test('runs folded newest first give the series and report of runs folded oldest first', () => {
    const runs = RUNS.slice(0, 30).map(trendRunOfRecord);
    // The first run describes BM_Copy/8 in ns: the series keeps the unit of the run met first oldest first.
    const first = {
      ...RUNS[0]!,
      measurements: RUNS[0]!.measurements.map((m) => (m.parameter === '8' ? { ...m, displayUnit: 'ns' } : m)),
    };
    runs[0] = trendRunOfRecord(first);
    const collector = new TrendCollector(runs.length);
    for (let r = runs.length - 1; r >= 0; r--) collector.addRun(r, runs[r]!.measurements);
    const report = analyzeCollected(runs, collector.series());
    expect(report).toEqual(analyzeTrends(runs));
    expect(report.series.map((s) => `${s.experiment} ${s.parameter} ${s.unit}`)).toEqual([
      'BM_Copy 8 ns',
      'BM_Copy 16 µs',
      'BM_Gone  ms',
      'BM_Late  ns',
    ]);
    expect(collector.latest.get('BM_Gone')?.run).toBe(19);
    expect(collector.latest.get('BM_Gone')?.measurements).toEqual([
      measurementOfHistory(RUNS[19]!.measurements[3]!, 'run 519'),
    ]);
  });
});
