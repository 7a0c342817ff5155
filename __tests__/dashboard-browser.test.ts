/**
 * The dashboard site in headless Chromium, served from 127.0.0.1 as GitHub Pages serves it: every chart draws,
 * nothing is logged, nothing is fetched from elsewhere, hostile experiment names stay text, and points link to their
 * runs. Opened from file:// (a downloaded artifact), every page draws too, the index's sparklines included.
 * Screenshots of index.html and an experiment page go to the test's temp folder.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runDashboard } from '../src/pipeline/dashboard.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { dashboardHistory } from './helpers/dashboard-history.js';
import { writeHistory } from './helpers/dashboard-site.js';
import { serveSite } from './helpers/site-server.js';
import { CHROMIUM, haveChromium, launchChromium, watchedPage } from './helpers/browser.js';
import { cli, fastdds, repoRoot, sharedAvailable, tempDir, cwdFiles } from './helpers/shared.js';

const HOSTILE =
  '=HYPERLINK("http://evil.example") @octocat [click](http://evil.example) <img src=x onerror=alert(1)> | # h1 ../../x ::set-output name=verdict::pass';
const HOSTILE_SCRIPT = '</script><script>alert(1)</script><!-- & "q" \'s\'';

if (!haveChromium) process.stderr.write(`perfgate tests: ${CHROMIUM} not found, skipping the dashboard browser test\n`);

(haveChromium ? describe : describe.skip)('the dashboard in headless Chromium', () => {
  test('every page draws all its charts offline, with hostile names inert and points linking to runs', async () => {
    const hostile = (name: string) => `${name.startsWith('inter') ? HOSTILE : HOSTILE_SCRIPT} ${name}`;
    const history = writeHistory(dashboardHistory(hostile));
    const requirements = join(tempDir(), 'requirements.csv');
    // The example's requirements, renamed like the experiments (the names are quoted CSV cells).
    const csv = readFileSync(join(repoRoot, 'fixtures', 'example', 'requirements.csv'), 'utf8')
      .split('\n')
      .map((line, i) =>
        i === 0 || line === '' ? line : line.replace(/^([^,]+)/, (name) => `"${hostile(name).replace(/"/g, '""')}"`),
      )
      .join('\n');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(requirements, csv);
    const dir = tempDir('perfgate-dashboard-browser-');
    const site = join(dir, 'site');
    const outcome = await runDashboard(cwdFiles, { history, output: site, requirements }, silentProgress);
    expect(outcome.model.experiments.map((e) => e.status)).toEqual(['failed', 'passed']);

    const server = await serveSite(site);
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      // Anything but the site is recorded and refused: the site must not need the network.
      const requests: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith(server.origin) || url.startsWith('file:')) return route.continue();
        requests.push(url);
        return route.abort();
      });
      const { page, problems } = await watchedPage(context);
      page.on('dialog', (d) => {
        problems.push(`dialog: ${d.message()}`);
        void d.dismiss();
      });
      const served = (path: string) => server.origin + relative(site, path).split(sep).join('/');
      // Vega's marks on an experiment page; the index's sparklines are plain SVG lines.
      const open = async (path: string, charts: number, marks = 'svg .role-mark') => {
        await page.goto(served(path));
        await page.waitForSelector('body[data-charts-done]', { timeout: 60000 });
        expect(await page.getAttribute('body', 'data-charts-done')).toBe(String(charts));
        const drawn = await page.$$eval(
          '.chart',
          (els, selector) => els.map((el) => el.querySelectorAll(selector).length),
          marks,
        );
        expect(drawn).toHaveLength(charts);
        for (const marks of drawn) expect(marks).toBeGreaterThan(0);
      };

      // index.html: a sparkline per experiment (fetched from the one chunk file), links to the pages, the names as
      // text in both tables.
      await open(outcome.indexPath, 2, 'svg polyline.spark-line');
      // The page and its one sparkline chunk: no vendored library.
      expect(server.requests).toEqual(['/index.html', '/data/sparklines-0.js']);
      // Each sparkline: a line per parameter (11 payloads and the weighted geomean), named by its experiment.
      expect(
        await page.$$eval('#experiments .chart svg', (svgs) =>
          svgs.map((svg) => svg.querySelectorAll('polyline').length),
        ),
      ).toEqual([12, 12]);
      expect(await page.locator('#sparkline-note').isHidden()).toBe(true);
      expect(await page.locator('#experiments .chart svg title').allTextContents()).toEqual([
        `${HOSTILE_SCRIPT} intraprocess_best_effort: each parameter over its geometric mean`,
        `${HOSTILE} interprocess_best_effort: each parameter over its geometric mean`,
      ]);
      expect(await page.locator('#experiments tbody td:first-child a').allTextContents()).toEqual([
        `${HOSTILE_SCRIPT} intraprocess_best_effort`,
        `${HOSTILE} interprocess_best_effort`,
      ]);
      // Every series of both experiments is in "what moved" (11 payloads and the weighted geomean each), by name.
      const movedNames = await page.locator('#moved tbody td:first-child a').allTextContents();
      expect(movedNames).toHaveLength(24);
      expect(new Set(movedNames)).toEqual(
        new Set([`${HOSTILE_SCRIPT} intraprocess_best_effort`, `${HOSTILE} interprocess_best_effort`]),
      );
      // The search narrows both tables, the hostile text matched as text.
      await page.fill('#search', 'onerror=alert(1)> 4096');
      expect(await page.locator('#moved tbody tr').count()).toBe(1);
      expect(await page.locator('#experiments tbody td:first-child a').allTextContents()).toEqual([
        `${HOSTILE} interprocess_best_effort`,
      ]);
      await page.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      await page.fill('#search', '');
      await page.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await page.locator('#moved tbody tr').count()).toBe(24);
      expect(await page.locator('img').count()).toBe(0);
      expect(await page.locator('#experiments tbody .status').allTextContents()).toEqual([
        '✗ requirement failed',
        '✓ passed',
      ]);
      const index = join(dir, 'dashboard-index.png');
      await page.screenshot({ path: index, fullPage: true });

      // Every experiment page: one trend chart per payload (11), the weighted geomean series and the payload view.
      const pages = outcome.model.experiments.map((e) => join(site, 'experiments', `${e.stem}.html`));
      for (const path of pages) await open(path, 13);
      await page.goto(served(pages[0]!));
      await page.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await page.locator('h1').textContent()).toBe(`${HOSTILE_SCRIPT} intraprocess_best_effort`);
      expect(await page.locator('img').count()).toBe(0);
      // The 4096 B chart: its change point named by its commit range, its requirement line, and 12 points linking to
      // their runs.
      const chart = page.locator('section', { has: page.locator('h2', { hasText: /^latency median · 4096$/ }) });
      expect(await chart.locator('svg text', { hasText: 'regression +39.4 %: 0606060…0707070' }).count()).toBe(1);
      expect(await chart.locator('svg .mark-rule.role-mark line, svg .mark-rule.role-mark path').count()).toBe(1);
      const points = chart.locator('svg .mark-symbol path');
      expect(await points.count()).toBe(12);
      // The x axis names runs by date and commit.
      expect(await chart.locator('svg .role-axis-label text').allTextContents()).toEqual(
        expect.arrayContaining(['2026-01-01 0101010', '2026-01-12 0c0c0c0']),
      );
      const experiment = join(dir, 'dashboard-experiment.png');
      await page.screenshot({ path: experiment, fullPage: true });
      const stepChart = join(dir, 'dashboard-4096.png');
      await chart.screenshot({ path: stepChart });
      process.stderr.write(`perfgate tests: dashboard screenshots at ${index}, ${experiment} and ${stepChart}\n`);
      expect(readFileSync(experiment).subarray(1, 4).toString()).toBe('PNG');

      expect(problems).toEqual([]);
      expect(requests).toEqual([]);

      // A click on the newest point opens its run (the request is refused here, and recorded).
      await points.last().click();
      for (let waited = 0; requests.length === 0 && waited < 10000; waited += 100) await page.waitForTimeout(100);
      expect(requests).toEqual(['https://github.com/perfgate/example/actions/runs/1011']);

      // From file:// (a downloaded artifact), where fetch() is refused, every page draws: the experiment pages hold
      // their data, and the index loads its sparkline chunk as a script file beside it.
      const fromDisk = await context.newPage();
      await fromDisk.goto(pathToFileURL(outcome.indexPath).href);
      await fromDisk.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await fromDisk.getAttribute('body', 'data-charts-done')).toBe('2');
      expect(await fromDisk.locator('#sparkline-note').isHidden()).toBe(true);
      expect(await fromDisk.locator('#experiments .chart p.error').count()).toBe(0);
      expect(await fromDisk.locator('#experiments .chart svg polyline').count()).toBe(24);
      // Without its data folder (an index copied alone) it says what is missing, and still lists and searches.
      const alone = join(dir, 'alone');
      mkdirSync(alone);
      copyFileSync(outcome.indexPath, join(alone, 'index.html'));
      const withoutData = await context.newPage();
      await withoutData.goto(pathToFileURL(join(alone, 'index.html')).href);
      await withoutData.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await withoutData.getAttribute('body', 'data-charts-done')).toBe('0');
      expect(await withoutData.locator('#sparkline-note').textContent()).toContain('keep the data/ folder beside');
      expect(await withoutData.locator('#experiments .chart p.error').allTextContents()).toEqual(['\u2014', '\u2014']);
      await fromDisk.fill('#search', 'intraprocess');
      expect(await fromDisk.locator('#moved tbody tr').count()).toBe(12);
      await fromDisk.goto(pathToFileURL(pages[1]!).href);
      await fromDisk.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await fromDisk.getAttribute('body', 'data-charts-done')).toBe('13');
    } finally {
      await browser.close();
      await server.close();
    }
  });
});

// The reference tooling's executions (timestamp folders of summaries, ../shared): imported with
// `perfgate history import`, drawn with `perfgate dashboard`, opened in Chromium.
(haveChromium && sharedAvailable ? describe : describe.skip)('the dashboard of imported reference executions', () => {
  test('history import → dashboard: every chart of every page draws, with no console error', async () => {
    const dir = tempDir('perfgate-dashboard-imported-');
    const history = join(dir, 'history');
    const site = join(dir, 'site');
    expect((await cli(['history', 'import', join(fastdds, 'derive', 'runs'), '--output', history])).code).toBe(0);
    const built = await cli([
      'dashboard',
      history,
      '--output',
      site,
      '--requirements',
      join(fastdds, 'derive', 'expected', 'requirements.csv'),
    ]);
    expect([built.code, built.err]).toEqual([0, '']);
    const pages = ['index.html', ...readdirSync(join(site, 'experiments')).map((f) => join('experiments', f))];
    // Two experiments (inter- and intra-process best effort).
    expect(pages).toHaveLength(3);
    const server = await serveSite(site);
    const browser = await launchChromium();
    try {
      const { page, problems } = await watchedPage(browser);
      const shots: string[] = [];
      for (const path of pages) {
        await page.goto(server.origin + path.split(sep).join('/'));
        await page.waitForSelector('body[data-charts-done]', { timeout: 60000 });
        const charts = await page.locator('.chart').count();
        expect(charts).toBeGreaterThan(0);
        expect(await page.getAttribute('body', 'data-charts-done')).toBe(String(charts));
        // The index's sparklines are plain SVG lines; an experiment page's charts are vega's.
        const marks = path === 'index.html' ? 'svg polyline' : 'svg .role-mark';
        const drawn = await page.$$eval(
          '.chart',
          (els, selector) => els.map((el) => el.querySelectorAll(selector).length),
          marks,
        );
        for (const count of drawn) expect(count).toBeGreaterThan(0);
        const shot = join(dir, `${path.replace(/[/\\]/g, '-')}.png`);
        await page.screenshot({ path: shot, fullPage: true });
        shots.push(shot);
      }
      // The five executions are the five runs on the x axis of an experiment page, named by their
      // dates (imported without a commit, so no "unknown" after them).
      expect(
        await page
          .locator('.chart')
          .first()
          .locator('svg .role-axis-label text', { hasText: /^2026-01-0[1-5]$/ })
          .count(),
      ).toBe(5);
      expect(problems).toEqual([]);
      process.stderr.write(`perfgate tests: dashboard of imported executions at ${shots.join(', ')}\n`);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
