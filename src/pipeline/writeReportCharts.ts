import { basename } from 'node:path';
import { reduceRaw } from '../engine/charts/build.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import type { CheckOutcome } from './check.js';
import type { CompareOutcome } from './compare.js';
import { writeCharts, type ChartsOutcome } from './writeCharts.js';
import type { HistoryRecord } from '../engine/history/record.js';
import { readHistoryWindow } from './historyFolder.js';
import { readRawMeasurements } from './read.js';
import type { Files } from './rootedFiles.js';

export interface ReportChartsOptions {
  check?: CheckOutcome;
  compare?: CompareOutcome;
  history?: readonly HistoryRecord[];
  /**
   * The history folder a comparison was judged against, when `history` is not given: its records
   * are read for the regression charts (a folder of run folders has none, and gets none).
   */
  historyFolder?: string;
  floatParse: FloatParse;
  png?: boolean;
  title?: string;
}

/**
 * The charts of a check and/or comparison, with raw inputs re-read for their histograms and time
 * series (only when charts are asked for, so a plain check never holds every sample twice). Each
 * file is reduced to its histograms and M4 series as soon as it is read, so at most one file's
 * samples are held at a time.
 */
export async function writeReportCharts(
  files: Files,
  outputDir: string,
  options: ReportChartsOptions,
): Promise<ChartsOutcome> {
  const raw = (options.check?.rawFiles ?? []).map((f) =>
    reduceRaw({
      experimentType: f.experimentType,
      source: basename(f.path),
      raw: readRawMeasurements(files, f.path, options.floatParse),
    }),
  );
  const history = options.history ?? historyRecords(files, options.historyFolder);
  return writeCharts(files, outputDir, {
    ...(options.check ? { check: options.check } : {}),
    ...(options.compare ? { compare: options.compare } : {}),
    ...(options.check && options.check.summaries.length > 0 ? { summaries: options.check.summaries } : {}),
    ...(options.check ? { measurements: options.check.measurements } : {}),
    ...(history && history.length > 0 ? { history } : {}),
    ...(raw.length > 0 ? { raw } : {}),
    ...(options.png !== undefined ? { png: options.png } : {}),
    ...(options.title !== undefined ? { title: options.title } : {}),
  });
}

/** The records of a history folder, or none where it holds none (run folders): charts never fail a run. */
function historyRecords(files: Files, folder: string | undefined): HistoryRecord[] | undefined {
  if (folder === undefined) return undefined;
  try {
    return readHistoryWindow(files, folder);
  } catch {
    return undefined;
  }
}
