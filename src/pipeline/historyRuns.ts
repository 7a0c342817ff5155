import { readdirSync } from 'node:fs';
import type { Summary } from '../engine/model/summary.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { InputError } from '../engine/errors.js';
import { readRuns } from './derive.js';
import { readHistoryWindow, type HistoryRecord } from './history.js';
import type { Progress } from './steps.js';

/** One baseline run of a history window: its name and its summaries. */
export interface HistoryRun {
  name: string;
  summaries: Summary[];
}

/**
 * A history window, oldest run first, from either layout: perfgate's JSON history records
 * (`history-*.json`, what the action stores), or one sub-folder of summaries per run, sorted by
 * name (the reference's `experiments_results/<timestamp>/` layout).
 */
export function readHistoryRuns(folder: string, floatParse: FloatParse, progress: Progress): HistoryRun[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    throw new InputError('cannot find the history folder', { file: folder });
  }
  if (names.some((n) => n.startsWith('history-') && n.endsWith('.json'))) {
    return readHistoryWindow(folder).map((record) => ({ name: `run ${record.runId}`, summaries: summariesOf(record) }));
  }
  return readRuns(folder, floatParse, progress).map((run) => ({ name: run.name, summaries: run.summaries }));
}

function summariesOf(record: HistoryRecord): Summary[] {
  const value = (x: number | null) => (x === null ? NaN : x);
  return record.experiments.map((e) => ({
    experimentType: e.experiment,
    source: `run ${record.runId}`,
    payloads: e.payloads.map((p) => ({
      payloadBytes: p.bytes,
      samples: value(p.samples),
      max: value(p.max),
      min: value(p.min),
      mean: value(p.mean),
      median: value(p.median),
      stdev: NaN,
      meanJitter: NaN,
      maxJitter: NaN,
      p90: NaN,
      p99: value(p.p99),
      p9999: NaN,
    })),
  }));
}
