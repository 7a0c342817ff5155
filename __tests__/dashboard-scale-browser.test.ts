/**
 * The dashboard of 10,000 series in headless Chromium (issue 38): a generated Google Benchmark suite
 * (bench/scale-suite.mjs) of 455 families × 10 sizes, 10 runs, in whose newest run one benchmark is twice as slow,
 * imported with `history import` and drawn with `perfgate dashboard`, served from 127.0.0.1. The index shows 50 of
 * the series, ranked; the search narrows them; the sorts order them; a series page loads only its own page. Counts
 * only: how fast it draws is measured in the bench (`npm run bench -- --dashboard`), never here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runDashboard } from '../src/pipeline/dashboard.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { haveChromium, launchChromium, watchedPage } from './helpers/browser.js';
import { cli, repoRoot, tempDir, cwdFiles } from './helpers/shared.js';
import { serveSite } from './helpers/site-server.js';

interface ScaleSuite {
  writeGoogleBenchmarkRuns(dir: string, options: { benchmarks: number; runs: number; repetitions: number }): string[];
  writeGoogleBenchmarkSuite(
    path: string,
    options: { benchmarks: number; repetitions: number; run: number; regressed: number; factor: number },
  ): number;
  regressedIndices(total: number, count: number): Set<number>;
  benchmarkName(index: number): string;
}

const FAMILIES = 455;
const BENCHMARKS = FAMILIES * 10;
const RUNS = 10;
/** Per family: 10 sizes and the weighted geomean, each of real time and cpu time. */
const SERIES = FAMILIES * 11 * 2;

(haveChromium ? describe : describe.skip)('the dashboard of 10,010 series in headless Chromium', () => {
  test('the index ranks, searches, sorts and pages 10,010 series; a series page loads only itself', async () => {
    const suite = (await import(pathToFileURL(join(repoRoot, 'bench', 'scale-suite.mjs')).href)) as ScaleSuite;
    const dir = tempDir('perfgate-dashboard-scale-');
    const runs = join(dir, 'runs');
    const folders = suite.writeGoogleBenchmarkRuns(runs, { benchmarks: BENCHMARKS, runs: RUNS, repetitions: 1 });
    // The newest run again, with one benchmark twice as slow: the most moved series by construction.
    suite.writeGoogleBenchmarkSuite(join(folders[RUNS - 1]!, 'results.json'), {
      benchmarks: BENCHMARKS,
      repetitions: 1,
      run: RUNS - 1,
      regressed: 1,
      factor: 2,
    });
    const [slower] = [...suite.regressedIndices(BENCHMARKS, 1)];
    const [family, size] = suite.benchmarkName(slower!).split('/');
    const history = join(dir, 'history');
    expect((await cli(['history', 'import', runs, '--output', history])).code).toBe(0);
    const site = join(dir, 'site');
    // Every metric (`--all-metrics`): by default the dashboard follows the primary one, cpu time, and would draw half.
    await runDashboard(cwdFiles, { history, output: site, allMetrics: true }, silentProgress);
    // 455 experiments: their pages, 5 sparkline chunks of 100 and what the pages share, the index, 3 vendored builds and the
    // pages' style sheet and script.
    expect(readdirSync(join(site, 'experiments'))).toHaveLength(FAMILIES);
    expect(readdirSync(join(site, 'data'))).toHaveLength(6);

    const server = await serveSite(site);
    const browser = await launchChromium();
    try {
      const { page, problems } = await watchedPage(browser);
      const rows = page.locator('#moved tbody tr');
      const names = () => page.locator('#moved tbody td:first-child').allTextContents();
      await page.goto(`${server.origin}index.html`);
      await page.waitForSelector('body[data-charts-done]', { timeout: 120000 });
      // Only the first 50 series and 50 experiments are on the page; the 50 sparklines come from one chunk file.
      expect(server.requests.filter((r) => !r.startsWith('/assets/'))).toEqual([
        '/index.html',
        '/data/sparklines-0.js',
      ]);
      expect(await rows.count()).toBe(50);
      expect(await page.textContent('#moved-count')).toBe(`Showing 50 of ${SERIES} rows`);
      expect(await page.getAttribute('body', 'data-charts-done')).toBe('50');

      // The slower benchmark's two metrics are the two most moved series, its pending change +100 %.
      const first = await names();
      expect(first.slice(0, 2)).toEqual([`${family} / ${size}`, `${family} / ${size}`]);
      expect((await page.locator('#moved tbody tr:nth-child(-n+2) td:nth-child(2)').allTextContents()).sort()).toEqual([
        'cpu time mean',
        'real time mean',
      ]);
      expect(await page.locator('#moved tbody tr:first-child td:nth-child(3)').textContent()).toMatch(
        /^\+(9\d|10\d)\.\d % \(pending change\)$/,
      );

      // "Show 50 more" adds 50 rows.
      await page.click('#moved-more');
      expect(await rows.count()).toBe(100);

      // The search narrows 10,010 series to one family's cpu time: 10 sizes and the weighted geomean.
      await page.fill('#search', 'BM_Family7/ cpu');
      expect(await page.getAttribute('body', 'data-search-done')).toBe('11');
      expect(await page.textContent('#moved-count')).toBe('Showing 11 of 11 rows');
      expect(new Set(await names())).toEqual(
        new Set([
          ...[8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096].map((n) => `BM_Family7 / ${n}`),
          'BM_Family7 / weighted geomean',
        ]),
      );
      expect(await page.locator('#experiments tbody td:first-child').allTextContents()).toEqual(['BM_Family7']);
      // A family name alone: its 22 series (not BM_Family70's: the slash ends the family's name).
      await page.fill('#search', 'bm_family45/');
      expect(await page.getAttribute('body', 'data-search-done')).toBe('22');
      await page.fill('#search', '');
      expect(await page.getAttribute('body', 'data-search-done')).toBe(String(SERIES));

      // Sorted by the latest change, largest first: the slower benchmark first, then never increasing.
      const changes = async () =>
        (await page.locator('#moved tbody td:nth-child(3)').allTextContents()).map((t) =>
          Number(t.replace('\u2212', '-').replace(/ %.*$/, '')),
        );
      await page.click('#moved th button[data-sort="change"]');
      const descending = await changes();
      expect(descending).toHaveLength(50);
      expect((await names())[0]).toBe(`${family} / ${size}`);
      for (let i = 1; i < descending.length; i++) expect(descending[i]!).toBeLessThanOrEqual(descending[i - 1]!);
      // Again: smallest first, every one below the slower benchmark's.
      await page.click('#moved th button[data-sort="change"]');
      const ascending = await changes();
      for (let i = 1; i < ascending.length; i++) expect(ascending[i]!).toBeGreaterThanOrEqual(ascending[i - 1]!);
      expect(ascending[0]!).toBeLessThan(0);
      // By name: BM_Family0 first.
      await page.click('#moved th button[data-sort="name"]');
      expect((await names())[0]).toBe('BM_Family0 / 1024');

      // The slower benchmark's page: only its own file, what the site's pages share (data/pages.js, the style sheet
      // and the script) and the vendored builds, no other series' data.
      await page.fill('#search', `${family}/${size} real`);
      const link = page.locator('#moved tbody td:first-child a');
      expect(await link.count()).toBe(1);
      const before = server.requests.length;
      await link.click();
      await page.waitForSelector('body[data-charts-done]', { timeout: 120000 });
      expect(server.requests.slice(before).sort()).toEqual([
        '/assets/dashboard.css',
        '/assets/experiment-page.js',
        '/assets/vega-embed.min.js',
        '/assets/vega-lite.min.js',
        '/assets/vega.min.js',
        '/data/pages.js',
        `/experiments/${family}.html`,
      ]);
      expect(page.url()).toMatch(new RegExp(`/experiments/${family}\\.html#chart-\\d+$`));
      // Once every chart is drawn, the linked chart is the one in view: its title names the series.
      const target = page.locator(`#${new URL(page.url()).hash.slice(1)}`);
      expect(await target.locator('h2').textContent()).toBe(`real time mean · ${size}`);
      await page.waitForFunction(
        `(() => { const r = document.querySelector(${JSON.stringify(new URL(page.url()).hash)}).getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; })()`,
        undefined,
        { timeout: 60000 },
      );
      expect(await page.getAttribute('body', 'data-charts-done')).toBe(String(await page.locator('.chart').count()));

      // From disk (a downloaded artifact), the index pages its experiments too: 150 rows need a second chunk file,
      // loaded as a script beside it, and every sparkline shown draws.
      await page.goto(pathToFileURL(join(site, 'index.html')).href);
      await page.waitForSelector('body[data-charts-done="50"]', { timeout: 120000 });
      for (const shown of [100, 150]) {
        await page.click('#experiments-more');
        await page.waitForSelector(`body[data-charts-done="${shown}"]`, { timeout: 120000 });
      }
      expect(await page.textContent('#experiments-count')).toBe(`Showing 150 of ${FAMILIES} rows`);
      expect(await page.locator('#experiments .chart svg').count()).toBe(150);
      expect(await page.locator('#sparkline-note').isHidden()).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
      await server.close();
    }
  }, 600_000);
});
