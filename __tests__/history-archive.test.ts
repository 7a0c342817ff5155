/**
 * The history archive (src/engine/history/archive.ts): the runs the window drops, folded per month
 * for the dashboard, and read back; the history folder writing it; the dashboard reading it.
 */
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../src/engine/errors.js';
import {
  ARCHIVE_MONTHS,
  archiveFilesBeyondBound,
  foldIntoArchive,
  parseArchive,
  recordsOfArchive,
  renderArchive,
} from '../src/engine/history/archive.js';
import { renderHistoryRecord } from '../src/engine/history/codec.js';
import type { HistoryMeasurement, HistoryRecord } from '../src/engine/history/record.js';
import { historyFileName } from '../src/engine/history/window.js';
import { dashboardOfRecords } from '../src/pipeline/dashboard.js';
import { importHistoryRecords, readHistoryWindow, readHistoryWithArchive } from '../src/pipeline/historyFolder.js';
import { cwdFiles } from './helpers/shared.js';

function measurement(parameter: string, statistics: HistoryMeasurement['statistics']): HistoryMeasurement {
  return {
    experiment: 'BM_Copy',
    format: 'google-benchmark',
    parameter,
    payloadBytes: null,
    metric: 'real time',
    dimension: 'time',
    unit: 'us',
    displayUnit: 'ns',
    direction: 'lower-is-better',
    statistics,
  };
}

/** Run n, dated `date`, measuring BM_Copy/8 (median, min, max) and BM_Copy/16 (mean only). */
function run(n: number, date: string, median: number, extra: Partial<HistoryRecord> = {}): HistoryRecord {
  return {
    format: 'perfgate-history',
    version: 3,
    sha: String(n).repeat(7),
    date,
    runId: String(100 + n),
    runUrl: `https://github.com/octo/bench/actions/runs/${100 + n}`,
    environment: { cores: 2 },
    measurements: [
      measurement('8', { samples: 10, min: median - 1, median, max: median + 1 }),
      measurement('16', { samples: 10, mean: median * 2 }),
    ],
    ...extra,
  };
}

function errorOf(text: string): string {
  try {
    parseArchive(text, 'archive-2026-01.json');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message;
  }
  throw new Error('the archive was read');
}

describe('folding runs into a month of the archive', () => {
  test('each series keeps its primary statistic to 6 digits, the run its identity and acceptance; same runs, same bytes', () => {
    const accepted = { pullRequest: 7, label: { label: 'perf-accepted', by: 'octo' } };
    const runs = [
      run(1, '2026-01-01T10:00:00.000Z', 1.23456789),
      run(2, '2026-01-02T10:00:00.000Z', 1234567.891, { accepted }),
      { ...run(3, '2026-01-03T10:00:00.000Z', 2), measurements: [measurement('8', { samples: 10, median: NaN })] },
    ];
    const month = foldIntoArchive(undefined, '2026-01', runs);
    const text = renderArchive(month);
    expect(text).toBe(
      [
        '{',
        '  "format": "perfgate-history-archive",',
        '  "version": 1,',
        '  "month": "2026-01",',
        '  "runs": [',
        '    {"sha":"1111111","date":"2026-01-01T10:00:00.000Z","runId":"101","runUrl":"https://github.com/octo/bench/actions/runs/101"},',
        '    {"sha":"2222222","date":"2026-01-02T10:00:00.000Z","runId":"102","runUrl":"https://github.com/octo/bench/actions/runs/102","accepted":{"pullRequest":7,"label":{"label":"perf-accepted","by":"octo"}}},',
        '    {"sha":"3333333","date":"2026-01-03T10:00:00.000Z","runId":"103","runUrl":"https://github.com/octo/bench/actions/runs/103"}',
        '  ],',
        '  "shapes": [',
        '    {"format":"google-benchmark","metric":"real time","role":"primary","dimension":"time","unit":"us","displayUnit":"ns","direction":"lower-is-better","statistics":["median"]},',
        '    {"format":"google-benchmark","metric":"real time","role":"primary","dimension":"time","unit":"us","displayUnit":"ns","direction":"lower-is-better","statistics":["mean"]}',
        '  ],',
        '  "series": [',
        '    ["BM_Copy",[0],["8"]],',
        '    ["BM_Copy",[1],["16"]]',
        '  ],',
        '  "values": [',
        // Run 3's median was not a number, and it did not measure BM_Copy/16.
        '    [1.23457,1234570,null],',
        '    [2.46914,2469140,null]',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
    const back = parseArchive(text, 'archive-2026-01.json');
    expect(back.month).toBe('2026-01');
    expect(
      recordsOfArchive(back).map((r) => [r.runId, r.accepted, r.environment, r.measurements.map((m) => m.statistics)]),
    ).toEqual([
      ['101', undefined, undefined, [{ median: 1.23457 }, { mean: 2.46914 }]],
      ['102', accepted, undefined, [{ median: 1234570 }, { mean: 2469140 }]],
      ['103', undefined, undefined, []],
    ]);
    expect(renderArchive(back)).toBe(text);
    // Folded one at a time, in another order: the same bytes.
    let again = foldIntoArchive(undefined, '2026-01', [runs[2]!]);
    again = foldIntoArchive(parseArchive(renderArchive(again), 'a'), '2026-01', [runs[0]!]);
    again = foldIntoArchive(parseArchive(renderArchive(again), 'a'), '2026-01', [runs[1]!]);
    expect(renderArchive(again)).toBe(text);
  });

  test('a day keeps its newest run; a re-run replaces its run; a run of another month is refused', () => {
    const month = foldIntoArchive(undefined, '2026-01', [
      run(1, '2026-01-05T08:00:00.000Z', 1),
      run(2, '2026-01-05T20:00:00.000Z', 2),
      run(3, '2026-01-06T08:00:00.000Z', 3),
    ]);
    expect(month.runs.map((r) => r.runId)).toEqual(['102', '103']);
    const rerun = foldIntoArchive(month, '2026-01', [run(3, '2026-01-06T08:00:00.000Z', 30)]);
    expect(recordsOfArchive(rerun).map((r) => [r.runId, r.measurements[0]!.statistics])).toEqual([
      ['102', { median: 2 }],
      ['103', { median: 30 }],
    ]);
    expect(() => foldIntoArchive(month, '2026-01', [run(4, '2026-02-01T00:00:00.000Z', 1)])).toThrow(
      'does not belong in the archive of 2026-01',
    );
  });

  test('the newest ARCHIVE_MONTHS months stay', () => {
    const names = Array.from(
      { length: 14 },
      (_, i) => `archive-20${25 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}.json`,
    );
    expect(ARCHIVE_MONTHS).toBe(12);
    expect(archiveFilesBeyondBound(names)).toEqual(['archive-2025-01.json', 'archive-2025-02.json']);
    expect(archiveFilesBeyondBound(names.slice(0, 12))).toEqual([]);
  });

  test('each malformed field is named', () => {
    const good = renderArchive(
      foldIntoArchive(undefined, '2026-01', [
        run(1, '2026-01-01T00:00:00.000Z', 1),
        run(2, '2026-01-02T00:00:00.000Z', 2),
      ]),
    );
    const edit = (from: string, to: string) => {
      expect(good).toContain(from);
      return good.replace(from, to);
    };
    expect(errorOf('{')).toMatch(/^not a perfgate history archive: .*JSON/);
    expect(errorOf(edit('"version": 1', '"version": 2'))).toBe(
      'not a perfgate history archive: unsupported version 2 (this perfgate reads version 1; a newer perfgate may have written it)',
    );
    expect(errorOf(edit('"month": "2026-01"', '"month": "January"'))).toBe(
      'not a perfgate history archive: "month" is not a month (2026-01)',
    );
    expect(errorOf(edit('"date":"2026-01-02T00:00:00.000Z"', '"date":"2026-02-02T00:00:00.000Z"'))).toBe(
      'not a perfgate history archive: run 2: "date" "2026-02-02T00:00:00.000Z" is not in 2026-01',
    );
    expect(errorOf(edit('"runId":"102"', '"runId":102'))).toBe(
      'not a perfgate history archive: run 2: "runId" is not a string',
    );
    expect(errorOf(edit('"runId":"102"', '"runId":"101"'))).toBe(
      'not a perfgate history archive: run 101 appears twice',
    );
    expect(errorOf(edit('[1,2]', '[1,"2"]'))).toBe(
      'not a perfgate history archive: "values" line 1[1] is not a number',
    );
    expect(errorOf(edit('[1,2]', '[1]'))).toBe(
      'not a perfgate history archive: "values" line 1 is not a list of 2 values, one per run',
    );
    expect(errorOf(edit('"statistics":["median"]', '"statistics":["median","max"]'))).toBe(
      'not a perfgate history archive: series measurement 1 names more than one statistic',
    );
    expect(errorOf(edit('"statistics":["median"]', '"statistics":["typical"]'))).toBe(
      'not a perfgate history archive: shape 0: "statistics": unknown statistic "typical"',
    );
    expect(errorOf(edit('[1,2],\n    [2,4]', '[1,2]'))).toBe(
      'not a perfgate history archive: "values" is not a list of 2 lines, one per series',
    );
  });
});

describe('the history folder archives what the window drops; the dashboard draws it', () => {
  const tempFolder = () => join(mkdtempSync(join(tmpdir(), 'perfgate-archive-')), 'history');
  // 40 daily runs from 2026-01-10: January's 22 and February's 18.
  const daily = Array.from({ length: 40 }, (_, i) =>
    run(i + 1, new Date(Date.UTC(2026, 0, 10 + i, 6)).toISOString(), 100 + i),
  );

  test('an import of 40 runs with a window of 30: 10 archived in their month, the gate reads only the window', () => {
    const folder = tempFolder();
    const outcome = importHistoryRecords(cwdFiles, folder, daily, 30);
    expect(outcome.outsideWindow).toBe(10);
    expect(outcome.archived.map((f) => f.slice(folder.length + 1))).toEqual(['archive-2026-01.json']);
    expect(readHistoryWindow(cwdFiles, folder, 100).map((r) => r.runId)).toEqual(daily.slice(10).map((r) => r.runId));
    // Ten more pushes, one at a time: each drops the oldest record into the archive.
    for (let i = 40; i < 50; i++)
      importHistoryRecords(
        cwdFiles,
        folder,
        [run(i + 1, new Date(Date.UTC(2026, 0, 10 + i, 6)).toISOString(), 100 + i)],
        30,
      );
    const names = readdirSync(folder).sort();
    expect(names.filter((n) => n.startsWith('archive-'))).toEqual(['archive-2026-01.json']);
    expect(names.filter((n) => n.startsWith('history-'))).toHaveLength(30);
    const archived = parseArchive(readFileSync(join(folder, 'archive-2026-01.json'), 'utf8'), 'a').runs;
    expect(archived.map((r) => r.runId)).toEqual(Array.from({ length: 20 }, (_, i) => String(101 + i)));
    // The dashboard: 50 runs, the archived ones first, each series' primary statistic; the window's records whole.
    const all = readHistoryWithArchive(cwdFiles, folder);
    expect(all.map((r) => r.runId)).toEqual(Array.from({ length: 50 }, (_, i) => String(101 + i)));
    const model = dashboardOfRecords(all);
    expect(model.runs).toHaveLength(50);
    const copy8 = model.experiments[0]!.series.find((s) => s.parameter === '8' && s.statistic === 'median')!;
    // In ns, the display unit.
    expect(copy8.values).toEqual(Array.from({ length: 50 }, (_, i) => (100 + i) * 1000));
    // The dashboard's window: the newest N of them.
    expect(readHistoryWithArchive(cwdFiles, folder, 5).map((r) => r.runId)).toEqual([
      '146',
      '147',
      '148',
      '149',
      '150',
    ]);
  });

  test('a year and more of pushes keeps 12 months; a bad archive file is an error naming it, never an empty month', () => {
    const folder = tempFolder();
    const monthly = Array.from({ length: 15 }, (_, i) =>
      run(i + 1, new Date(Date.UTC(2025, i, 1)).toISOString(), i + 1),
    );
    const outcome = importHistoryRecords(cwdFiles, folder, monthly, 1);
    expect(outcome.archiveRemoved.map((f) => f.slice(folder.length + 1))).toEqual([
      'archive-2025-01.json',
      'archive-2025-02.json',
    ]);
    expect(readdirSync(folder).filter((n) => n.startsWith('archive-'))).toHaveLength(12);
    writeFileSync(join(folder, 'archive-2026-03.json'), '{"format": "perfgate-history-archive", "version": 1}');
    const next = run(16, '2026-04-01T00:00:00.000Z', 16);
    expect(() => importHistoryRecords(cwdFiles, folder, [next], 1)).toThrow(
      'not a perfgate history archive: "month" is not a month (2026-01)',
    );
    // The record of the run that would have been archived is still there: nothing was written.
    expect(readdirSync(folder)).toContain(historyFileName(monthly[14]!));
    const skipped: string[] = [];
    importHistoryRecords(cwdFiles, folder, [next], 1, (file, reason) => skipped.push(`${file}: ${reason}`));
    expect(skipped).toEqual([
      `${join(folder, 'archive-2026-03.json')}: not a perfgate history archive: "month" is not a month (2026-01)`,
    ]);
    expect(readFileSync(join(folder, 'archive-2026-03.json'), 'utf8')).toBe(
      '{"format": "perfgate-history-archive", "version": 1}',
    );
  });

  test('records are compared whole: an archived run keeps nothing the gate reads', () => {
    const folder = tempFolder();
    importHistoryRecords(cwdFiles, folder, daily.slice(0, 3), 1);
    expect(readHistoryWindow(cwdFiles, folder, 100).map((r) => r.runId)).toEqual(['103']);
    expect(renderHistoryRecord(readHistoryWindow(cwdFiles, folder, 100)[0]!)).toBe(renderHistoryRecord(daily[2]!));
  });
});
