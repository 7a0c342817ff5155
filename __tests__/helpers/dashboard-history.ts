/**
 * A history for the dashboard tests, written with perfgate's own record writer from the example
 * fixtures: 12 runs, the example results in the first 6 and its regression in the last 6, each run
 * scaled by a stated machine factor (multiplicative run-to-run noise), so a change point appears
 * between runs 6 and 7 of the regressed series and the noise band has a width to check.
 */
import { join } from 'node:path';
import { resultSetOfSummary } from '../../src/engine/formats/fastdds/measurements.js';
import type { Measurement } from '../../src/engine/model/measurement.js';
import type { Summary } from '../../src/engine/model/summary.js';
import { makeHistoryRecord, type HistoryRecord, type RecordedExperiment } from '../../src/engine/history/record.js';
import { loadSummaries } from '../../src/pipeline/read.js';
import { repoRoot, cwdFiles } from './shared.js';

/** The machine factor of each run (run 1 first). */
export const RUN_FACTORS = [1.0, 1.02, 0.98, 1.01, 0.99, 1.0, 1.01, 0.99, 1.02, 0.98, 1.0, 1.01] as const;
/** 0-based index of the first regressed run. */
export const STEP_RUN = 6;

function scaled(m: Measurement, factor: number): Measurement {
  const statistics: Measurement['statistics'] = {};
  for (const [name, value] of Object.entries(m.statistics))
    statistics[name as keyof Measurement['statistics']] = name === 'samples' ? value : value! * factor;
  return { ...m, statistics };
}

function recorded(summaries: Summary[], factor: number, rename?: (name: string) => string): RecordedExperiment[] {
  return summaries.map((s) => ({
    experiment: rename ? rename(s.experimentType) : s.experimentType,
    format: 'fastdds-summary',
    measurements: resultSetOfSummary(s, 'fastdds-summary').measurements.map((m) => ({
      ...scaled(m, factor),
      experiment: rename ? rename(m.experiment) : m.experiment,
    })),
  }));
}

export function shaOf(i: number): string {
  return (i + 1).toString(16).padStart(2, '0').repeat(20);
}

/** 12 runs (oldest first) of the example, regressed from run `stepRun` on; `rename` changes the experiment names. */
export function dashboardHistory(rename?: (name: string) => string, stepRun = STEP_RUN): HistoryRecord[] {
  const folder = join(repoRoot, 'fixtures', 'example');
  const base = loadSummaries(cwdFiles, [join(folder, 'results')], 'precise');
  const regression = loadSummaries(cwdFiles, [join(folder, 'results-regression')], 'precise');
  return RUN_FACTORS.map((factor, i) =>
    makeHistoryRecord(recorded(i < stepRun ? base : regression, factor, rename), {
      sha: shaOf(i),
      date: `2026-01-${String(i + 1).padStart(2, '0')}T10:00:00Z`,
      runId: 1000 + i,
      runUrl: `https://github.com/perfgate/example/actions/runs/${1000 + i}`,
    }),
  );
}
