/**
 * The index's sparklines of a long history (src/engine/dashboard/specs.ts): at most SPARKLINE_POINTS points a line,
 * every k-th run counted from the newest, at the runs' own places on the x axis.
 */
import { describe, expect, test } from '@jest/globals';
import { buildDashboard } from '../src/engine/dashboard/model.js';
import { SPARKLINE_POINTS, sparklineData } from '../src/engine/dashboard/specs.js';
import { trendRunOfRecord } from '../src/engine/trends/records.js';
import type { HistoryRecord } from '../src/engine/history/record.js';

function record(n: number, runs: number): HistoryRecord {
  return {
    format: 'perfgate-history',
    version: 3,
    sha: (0xcafe000 + n).toString(16),
    date: new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString(),
    runId: String(10_000 + n),
    runUrl: '',
    measurements: ['8', '64'].map((parameter) => ({
      experiment: 'BM_Hash',
      format: 'google-benchmark',
      parameter,
      payloadBytes: null,
      metric: 'real time',
      dimension: 'time' as const,
      unit: 'ns',
      displayUnit: 'ns',
      direction: 'lower-is-better' as const,
      // Run 150 lacks /64: thinning counts the points a line has.
      statistics: parameter === '64' && n === runs - 100 ? { samples: 1 } : { samples: 1, median: 50 + (n % 7) },
    })),
  };
}

describe('sparklines of a year', () => {
  test('250 runs: every 3rd run from the newest, the newest kept; 80 runs: every run', () => {
    const runs = 250;
    const model = buildDashboard(Array.from({ length: runs }, (_, n) => trendRunOfRecord(record(n, runs))));
    const [eight, sixtyFour] = sparklineData(model.experiments[0]!).lines;
    expect(SPARKLINE_POINTS).toBe(100);
    // 250 points: k = 3, so runs 249, 246, …, 0.
    expect(eight!.r).toEqual(Array.from({ length: 84 }, (_, i) => 3 * i));
    // Values over the line's geometric mean (the median's 50 … 56), to 3 digits, at those runs.
    expect(eight!.y[eight!.y.length - 1]).toBeCloseTo((50 + (249 % 7)) / 52.98, 2);
    // /64 lacks run 150: its 249 points thinned from the newest skip past the gap (…, 153, 149, …).
    expect(sixtyFour!.r).toEqual([
      ...Array.from({ length: 50 }, (_, i) => 2 + 3 * i),
      ...Array.from({ length: 33 }, (_, i) => 153 + 3 * i),
    ]);
    const short = buildDashboard(Array.from({ length: 80 }, (_, n) => trendRunOfRecord(record(n, 80))));
    expect(sparklineData(short.experiments[0]!).lines[0]!.r).toEqual(Array.from({ length: 80 }, (_, i) => i));
  });
});
