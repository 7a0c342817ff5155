/**
 * Issue 26, defect 1, in a local history folder: one truncated or invalid `history-*.json` is
 * skipped with a warning naming it; the comparison and the next record use all the others.
 * Before, `compare --history` exited 1 ("not a perfgate history record") and a recorder threw.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeHistoryRecord, type HistoryRecord } from '../src/engine/history/record.js';
import { historyFileName } from '../src/engine/history/window.js';
import { appendHistoryRecord, readHistoryWindow, readRecordedHistory } from '../src/pipeline/historyFolder.js';
import { loadResults } from '../src/pipeline/results.js';
import { cli, repoRoot, tempDir, cwdFiles } from './helpers/shared.js';

const RESULTS = join(repoRoot, 'fixtures', 'example', 'results');

function recordOf(i: number): HistoryRecord {
  const loaded = loadResults(cwdFiles, [RESULTS], { floatParse: 'precise' });
  const experiments = [...loaded.experiments].map(([experiment, e]) => ({
    experiment,
    format: e.format,
    measurements: e.measurements,
  }));
  return makeHistoryRecord(experiments, {
    sha: `abcdef${i}000`,
    date: `2026-02-0${i}T10:00:00Z`,
    runId: 100 + i,
    runUrl: 'https://example.invalid',
  });
}

/** Runs 1–4, 6 and 7 recorded; run 2's file truncated to its first 100 bytes, run 3's replaced by a JSON array. */
function folderWithBadRecords(): { folder: string; truncated: string; wrongType: string } {
  const folder = tempDir('perfgate-corrupt-history-');
  for (const i of [1, 2, 3, 4, 6, 7]) appendHistoryRecord(cwdFiles, folder, recordOf(i));
  const truncated = join(folder, historyFileName(recordOf(2)));
  writeFileSync(truncated, readFileSync(truncated).subarray(0, 100));
  const wrongType = join(folder, historyFileName(recordOf(3)));
  writeFileSync(wrongType, '[]\n');
  return { folder, truncated, wrongType };
}

describe('a history folder with records that are not valid records', () => {
  test('reading it skips them, one warning each naming the file; the others are read in order', () => {
    const { folder, truncated, wrongType } = folderWithBadRecords();
    const skipped: string[] = [];
    const records = readHistoryWindow(cwdFiles, folder, undefined, (file, reason) =>
      skipped.push(`${file}: ${reason}`),
    );
    expect(records.map((r) => r.runId)).toEqual(['101', '104', '106', '107']);
    expect(skipped).toHaveLength(2);
    expect(skipped[0]).toMatch(
      new RegExp(`^${truncated.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not a perfgate history record: `),
    );
    expect(skipped[1]!.startsWith(`${wrongType}: not a perfgate history record`)).toBe(true);
  });

  test('without a warning to give, reading stays strict (export says what is wrong)', () => {
    const { folder } = folderWithBadRecords();
    expect(() => readRecordedHistory(cwdFiles, folder)).toThrow(/not a perfgate history record/);
  });

  test('recording the next run writes its record and leaves the bad ones where they are', () => {
    const { folder, truncated, wrongType } = folderWithBadRecords();
    const skipped: string[] = [];
    const { written, removed } = appendHistoryRecord(cwdFiles, folder, recordOf(8), 4, (file) => skipped.push(file));
    expect(written).toBe(join(folder, historyFileName(recordOf(8))));
    // A window of 4: run 1 (the oldest valid record) goes; the bad ones are not counted and not removed.
    expect(removed).toEqual([join(folder, historyFileName(recordOf(1)))]);
    expect(skipped).toEqual([truncated, wrongType]);
    // Run 1, dropped, is archived for the dashboard.
    expect(readdirSync(folder).sort()).toEqual(
      ['archive-2026-02.json', ...[2, 3, 4, 6, 7, 8].map((i) => historyFileName(recordOf(i)))].sort(),
    );
  });

  test('perfgate compare --history: exit 0, a warning per skipped file, judged on the four valid runs', async () => {
    const { folder, truncated, wrongType } = folderWithBadRecords();
    const out = tempDir('perfgate-corrupt-history-out-');
    const run = await cli(['compare', '--history', folder, '--results', RESULTS, '--output-dir', out]);
    expect(run.err).toContain(`${truncated}: skipped: not a perfgate history record: `);
    expect(run.err).toContain(`${wrongType}: skipped: not a perfgate history record`);
    expect(run.code).toBe(0);
    const comparison = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8'));
    const rows = comparison.subExperiments.flatMap((s: { comparisons: { historyRuns?: number }[] }) => s.comparisons);
    expect([...new Set(rows.map((r: { historyRuns?: number }) => r.historyRuns))]).toEqual([4]);
  });
});
