import { describe, expect, test } from '@jest/globals';
import { screenComparison, selectionFromComparison, splitConfidence } from '../src/engine/confirm/plan.js';
import {
  confirmedFamilies,
  DEFAULT_SCREEN,
  familyPValue,
  FLAGGED_SCREEN,
  screenRows,
  type ScreenRow,
} from '../src/engine/confirm/screen.js';

/** A history family of two parameters and its geomean row at the default split (α 0.005: 75 % pooled, the rest split). */
function family(statistic: string, p: [number, number, number], status = 'noisy'): ScreenRow[] {
  const alpha = 0.005;
  return [
    {
      parameter: '16',
      metric: 'latency',
      statistic,
      status,
      gated: true,
      failed: false,
      pValue: p[0],
      confidence: 1 - (alpha * 0.25) / 2,
    },
    {
      parameter: '64',
      metric: 'latency',
      statistic,
      status,
      gated: true,
      failed: false,
      pValue: p[1],
      confidence: 1 - (alpha * 0.25) / 2,
    },
    {
      parameter: 'geomean',
      metric: 'latency',
      statistic,
      status,
      gated: true,
      failed: false,
      pooled: true,
      pValue: p[2],
      confidence: 1 - alpha * 0.75,
    },
  ];
}

describe('the two-stage screen', () => {
  test("a family's combined p is the weighted Bonferroni of its rows, at the first stage's own split", () => {
    // Shares: 1/8, 1/8, 3/4 of the family's α.
    expect(familyPValue(family('median', [0.5, 0.5, 0.3]))).toBeCloseTo(0.4, 10);
    expect(familyPValue(family('median', [0.02, 0.9, 0.9]))).toBeCloseTo(0.16, 10);
    expect(familyPValue(family('median', [0.5, 0.5, 0.9]))).toBe(1);
    // Without confidences: equal shares; without p-values: NaN; ungated rows do not count.
    expect(
      familyPValue([
        { gated: true, pValue: 0.1 },
        { gated: true, pValue: 0.4 },
      ]),
    ).toBeCloseTo(0.2, 10);
    expect(familyPValue([{ gated: true, status: 'insufficient-history' }])).toBeNaN();
    expect(familyPValue([{ gated: false, pValue: 0.001 }])).toBeNaN();
  });

  test('flagged takes up failed and undecided rows; family-p the families below its level, whole', () => {
    const quiet = family('median', [0.6, 0.7, 0.5]);
    expect(screenRows(quiet, FLAGGED_SCREEN)).toHaveLength(3); // every row is 'noisy'
    expect(screenRows(quiet, DEFAULT_SCREEN)).toEqual([]);
    const suspect = family('median', [0.6, 0.7, 0.1]);
    expect(screenRows(suspect, DEFAULT_SCREEN)).toHaveLength(3);
    expect(screenRows(suspect, { rule: 'family-p', level: 0.1 })).toEqual([]);
    // A failed row, or a row the first stage could not judge, is taken up whatever its family's p.
    const failed = family('median', [0.9, 0.9, 0.9]).map((r, i) =>
      i === 0 ? { ...r, status: 'fail', failed: true } : r,
    );
    expect(screenRows(failed, DEFAULT_SCREEN)).toHaveLength(3);
    const short = [{ parameter: '', metric: 'time', statistic: 'median', status: 'insufficient-history', gated: true }];
    expect(screenRows(short, DEFAULT_SCREEN)).toHaveLength(1);
    // A family without p-values (a threshold baseline) keeps the flagged rule: its failed and undecided rows.
    const threshold = [
      { parameter: '16', metric: 'latency', statistic: 'median', status: 'warn', gated: true },
      { parameter: '64', metric: 'latency', statistic: 'median', status: 'pass', gated: true },
    ];
    expect(screenRows(threshold, DEFAULT_SCREEN)).toEqual([threshold[0]]);
    // Passing, new and missing rows never are.
    expect(
      screenRows(
        [
          { gated: true, status: 'pass', pValue: 0.01 },
          { gated: true, status: 'new' },
        ],
        FLAGGED_SCREEN,
      ),
    ).toEqual([]);
  });

  test('K counts the families the confirmation judges (experiment × gated metric × statistic), not the experiments', () => {
    // A gate on median and 99 %: the median family flagged, the 99 % family quiet but judged too when confirmed.
    const rows = [...family('median', [0.6, 0.7, 0.05]), ...family('p99', [0.9, 0.9, 0.9], 'pass')];
    expect(confirmedFamilies(rows, 'all')).toBe(2);
    expect(confirmedFamilies(rows, new Set(['16']))).toBe(2);
    expect(confirmedFamilies(rows, new Set(['4096']))).toBe(0);
    const json = JSON.stringify({
      subExperiments: [
        { experimentType: 'udp', comparisons: rows },
        { experimentType: 'shm', comparisons: family('median', [0.6, 0.7, 0.6]) },
        { experimentType: 'tcp', comparisons: family('median', [0.01, 0.7, 0.6]) },
      ],
    });
    const screened = screenComparison(json, 'c.json', DEFAULT_SCREEN);
    expect([...screened.selection.keys()]).toEqual(['udp', 'tcp']);
    expect(screened.families).toBe(3); // udp: median and 99 %; tcp: median
    expect(splitConfidence(screened.families)).toBeCloseTo(1 - 0.005 / 3, 12);
    // `perfgate confirm --from` keeps today's rule: every noisy row of every experiment.
    const flagged = screenComparison(json, 'c.json');
    expect([...flagged.selection.keys()]).toEqual(['udp', 'shm', 'tcp']);
    expect(flagged.families).toBe(4);
    expect(selectionFromComparison(json, 'c.json', DEFAULT_SCREEN)).toEqual(screened.selection);
  });
});
