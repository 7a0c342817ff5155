/**
 * A year of archive beside a history folder (issue 47): twelve `archive-<yyyy>-<mm>.json` months of one run a day,
 * the months before the folder's oldest record, every series of that record at its level with a seeded 1 % noise
 * (what a year of pushes leaves once the archive keeps a day's newest run). Written with the engine's own archive
 * code, so the files are what `history` writes; the dashboard and `trends` then read 12 months and the window.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { archiveFileName, renderArchive, type ArchiveMonth } from '../src/engine/history/archive.js';
import { parseHistoryRecord } from '../src/engine/history/codec.js';
import type { HistoryMeasurement } from '../src/engine/history/record.js';
import { HISTORY_FILE_NAME } from '../src/engine/history/window.js';
import { mulberry32 } from '../src/engine/stats/shift.js';

const PRIMARY = ['value', 'slope', 'median', 'mean'] as const;

/** Writes `months` archive months ending the month before the oldest record's; returns the files and their bytes. */
export function writeArchiveYear(history: string, months = 12, seed = 47): { files: string[]; bytes: number } {
  const names = readdirSync(history)
    .filter((n) => HISTORY_FILE_NAME.test(n))
    .sort();
  const first = join(history, names[0]!);
  const record = parseHistoryRecord(readFileSync(first, 'utf8'), first);
  const series: HistoryMeasurement[] = [];
  const levels: number[] = [];
  for (const m of record.measurements) {
    const statistic = PRIMARY.find((s) => m.statistics[s] !== undefined && m.statistics[s] !== null);
    if (statistic === undefined) continue;
    const { repetitions: _r, repetitionValues: _v, belowResolution: _b, instrument: _i, ...rest } = m;
    series.push({ ...rest, statistics: { [statistic]: null } });
    levels.push(m.statistics[statistic]!);
  }
  const random = mulberry32(seed);
  const oldest = new Date(record.date);
  const files: string[] = [];
  let bytes = 0;
  for (let k = months; k >= 1; k--) {
    const start = new Date(Date.UTC(oldest.getUTCFullYear(), oldest.getUTCMonth() - k, 1));
    const days = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 0)).getUTCDate();
    const month = start.toISOString().slice(0, 7);
    const runs = Array.from({ length: days }, (_, d) => {
      const date = new Date(start.getTime() + d * 86_400_000 + 12 * 3_600_000).toISOString();
      const runId = String(1_000_000 + (months - k) * 31 + d);
      return { sha: (0xa0000000 + Number(runId)).toString(16), date, runId, runUrl: '' };
    });
    const values = levels.map((level) =>
      runs.map(() => Number((level * (1 + 0.01 * (random() + random() + random() - 1.5))).toPrecision(6))),
    );
    const archive: ArchiveMonth = { month, runs, series, values };
    const file = join(history, archiveFileName(month));
    const content = renderArchive(archive);
    writeFileSync(file, content);
    files.push(file);
    bytes += Buffer.byteLength(content);
  }
  return { files, bytes };
}

// As a command: `node archiveYear.js HISTORY [MONTHS]` (the bench bundles it; this is for measuring by hand).
if (process.argv[1]?.endsWith('archiveYear.js')) {
  const { files, bytes } = writeArchiveYear(process.argv[2]!, Number(process.argv[3] ?? 12));
  console.log(`${files.length} archive months, ${(bytes / 1e6).toFixed(1)} MB`);
}
