/**
 * The dashboard's compact data drawn in headless Chromium from file:// (issue 47): a history of known values, written
 * here, becomes a site whose pages hold each series as a code (src/engine/dashboard/compactSeries.ts) and the run
 * table once (data/runs.js). Opened from disk, every point of a trend chart carries the history's value (to the 6
 * significant digits the charts draw) and its run, and each sparkline draws a point per run with a value.
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runDashboard } from '../src/pipeline/dashboard.js';
import { silentProgress } from '../src/pipeline/steps.js';
import type { HistoryRecord } from '../src/engine/history/record.js';
import { writeHistory } from './helpers/dashboard-site.js';
import { haveChromium, launchChromium, watchedPage } from './helpers/browser.js';
import { tempDir, cwdFiles } from './helpers/shared.js';

/** The medians of BM_Known/8 per run, in µs as records hold times (drawn in ns); 1234.5678 ns is drawn as 1234.57. */
const EIGHT = [1.23456, 1.23001, 1.2417, 1.235, 1.22893, 1.24005, 1.23333, 1.2345678];
/** BM_Known/64 (µs), which run 3 lacks. */
const SIXTY_FOUR = [0.0000123456, 0.0000123, 0.00001241, null, 0.0000122999, 0.000012, 0.0000124, 0.0000123001];
/** The values as the chart draws them, in ns: EIGHT's last to 6 significant digits. */
const EIGHT_DRAWN = ['1234.56', '1230.01', '1241.7', '1235', '1228.93', '1240.05', '1233.33', '1234.57'];
const SIXTY_FOUR_DRAWN = ['0.0123456', '0.0123', '0.01241', '0.0122999', '0.012', '0.0124', '0.0123001'];

function record(n: number): HistoryRecord {
  const values: Record<string, number | null> = { '8': EIGHT[n]!, '64': SIXTY_FOUR[n]! };
  return {
    format: 'perfgate-history',
    version: 3,
    sha: (0xbeef000 + n).toString(16),
    date: new Date(Date.UTC(2026, 0, 1 + n)).toISOString(),
    runId: String(500 + n),
    runUrl: '',
    measurements: ['8', '64'].flatMap((parameter) =>
      values[parameter] === null
        ? []
        : [
            {
              experiment: 'BM_Known',
              format: 'google-benchmark',
              parameter,
              payloadBytes: null,
              metric: 'real time',
              dimension: 'time' as const,
              unit: 'us',
              displayUnit: 'ns',
              direction: 'lower-is-better' as const,
              statistics: { samples: 1, median: values[parameter]! },
            },
          ],
    ),
  };
}

(haveChromium ? describe : describe.skip)('compact dashboard data in headless Chromium from file://', () => {
  test("each point draws the history's value at its run; each sparkline a point per run", async () => {
    const history = writeHistory(EIGHT.map((_, n) => record(n)));
    const site = join(tempDir('perfgate-dashboard-values-'), 'site');
    const outcome = await runDashboard(cwdFiles, { history, output: site }, silentProgress);
    const page8 = join(site, 'experiments', 'BM_Known.html');
    // No value is written as a number in the page: only the codes hold them.
    const html = readFileSync(page8, 'utf8');
    for (const v of ['1234.56', '1241.7', '0.0123456']) expect(html).not.toContain(v);

    const browser = await launchChromium();
    try {
      const { page, problems } = await watchedPage(browser);
      await page.goto(pathToFileURL(page8).href);
      await page.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await page.getAttribute('body', 'data-charts-done')).toBe('2');
      // Vega describes each point with its fields: the run's index, the value, and the run's label from data/runs.js.
      const points = async (title: string) =>
        page
          .locator('section', { has: page.locator('h2', { hasText: title }) })
          .locator('svg .mark-symbol path')
          .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
      const eight = await points('real time median · 8');
      expect(eight).toHaveLength(8);
      eight.forEach((label, n) => {
        expect(label).toContain(`Run (date, commit): ${n}; real time median [ns]: ${EIGHT_DRAWN[n]};`);
        expect(label).toContain(`run: 2026-01-0${n + 1} ${(0xbeef000 + n).toString(16).slice(0, 7)};`);
      });
      const sixtyFour = await points('real time median · 64');
      expect(
        sixtyFour.map((l) => /^Run \(date, commit\): (\d+); real time median \[ns\]: ([\d.]+);/.exec(l)?.slice(1)),
      ).toEqual([0, 1, 2, 4, 5, 6, 7].map((run, i) => [String(run), SIXTY_FOUR_DRAWN[i]]));
      expect(await page.locator('#runs-note').isHidden()).toBe(true);

      // A page copied with the assets but without data/: it says what is missing instead of drawing wrong charts.
      const alone = join(tempDir('perfgate-dashboard-alone-'), 'site');
      mkdirSync(join(alone, 'experiments'), { recursive: true });
      cpSync(join(site, 'assets'), join(alone, 'assets'), { recursive: true });
      cpSync(page8, join(alone, 'experiments', 'BM_Known.html'));
      const { page: lone } = await watchedPage(browser);
      await lone.goto(pathToFileURL(join(alone, 'experiments', 'BM_Known.html')).href);
      await lone.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await lone.locator('#runs-note').textContent()).toContain('keep the data/ folder beside the experiments/');

      // The index from disk: one sparkline with a line per parameter, a point per run with a value.
      await page.goto(pathToFileURL(outcome.indexPath).href);
      await page.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await page.getAttribute('body', 'data-charts-done')).toBe('1');
      const lines = await page
        .locator('#experiments .chart svg polyline')
        .evaluateAll((els) => els.map((el) => (el.getAttribute('points') ?? '').split(' ').length));
      expect(lines.sort()).toEqual([7, 8]);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
