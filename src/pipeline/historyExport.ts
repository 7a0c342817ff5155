/** `perfgate history export`: a history folder as one tidy CSV table (the renderer is in the engine). */
import { renderHistoryCsv } from '../engine/report/history/historyCsv.js';
import { readRecordedHistory } from './historyFolder.js';
import type { Files } from './rootedFiles.js';

/** The CSV of every record in `folder`, oldest run first; written to `output` when one is given. */
export function runHistoryExport(files: Files, folder: string, output?: string): { csv: string; runs: number } {
  const records = readRecordedHistory(files, folder);
  const csv = renderHistoryCsv(records);
  if (output !== undefined) files.writeFileAtomic(output, csv);
  return { csv, runs: records.length };
}
