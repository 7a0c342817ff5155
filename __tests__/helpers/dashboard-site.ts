/** Writes history records into a new folder, as the action's record-history does, for the dashboard tests. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHistoryRecord } from '../../src/engine/history/codec.js';
import type { HistoryRecord } from '../../src/engine/history/record.js';
import { historyFileName } from '../../src/engine/history/window.js';
import { tempDir } from './shared.js';

export function writeHistory(records: readonly HistoryRecord[]): string {
  const folder = tempDir('perfgate-dashboard-history-');
  for (const record of records) writeFileSync(join(folder, historyFileName(record)), renderHistoryRecord(record));
  return folder;
}
