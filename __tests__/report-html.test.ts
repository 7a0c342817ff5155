import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml, jsonForScript, renderReportHtml, scriptText } from '../src/render/reportHtml.js';
import { loadBrowserBundles } from '../src/render/assets.js';
import { writeCharts } from '../src/pipeline/writeCharts.js';
import type { Chart } from '../src/engine/charts/model.js';
import { toVegaLite } from '../src/engine/charts/vegaLite.js';
import { exampleInput } from './charts-fixtures.js';
import { CHROMIUM, haveChromium, launchChromium, watchedPage } from './helpers/browser.js';
import { FULL_VOLUME } from './helpers/volume.js';
import { cwdFiles } from './helpers/shared.js';

const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029 & "q" \'s\'';
const bundles = {
  vega: 'window.vega = {};',
  vegaLite: 'window.vegaLite = {};',
  vegaEmbed: 'window.vegaEmbed = function () {};',
};

describe('escaping', () => {
  test('HTML text', () => {
    expect(escapeHtml('<b a="1">&\'')).toBe('&lt;b a=&quot;1&quot;&gt;&amp;&#39;');
  });
  test('JSON in a script element cannot end it and reads back unchanged', () => {
    const json = jsonForScript({ title: hostile });
    expect(json).not.toMatch(/<\/script|<!--|[\u2028\u2029<>]/i);
    expect(JSON.parse(json)).toEqual({ title: hostile });
  });
  test('inline library source', () => {
    expect(scriptText('a("</script>"); b("<!--")')).toBe('a("<\\/script>"); b("<\\!--")');
  });
  test('the vendored browser builds need no rewriting', async () => {
    const real = await loadBrowserBundles();
    for (const source of [real.vega, real.vegaLite, real.vegaEmbed]) {
      expect(source.length).toBeGreaterThan(50000);
      expect(scriptText(source)).toBe(source);
    }
  });
  test('a hostile chart title stays text in the page', () => {
    const chart: Chart = {
      id: 'x',
      kind: 'check',
      title: hostile,
      panels: [
        {
          title: hostile,
          x: { kind: 'payload', title: 'Payload' },
          y: { title: 'y', unit: '', log: false },
          mark: 'line',
          series: [{ name: hostile, color: '#000000', points: [{ x: 16, y: 1 }] }],
        },
      ],
      columns: 1,
      inline: true,
    };
    const html = renderReportHtml({
      title: hostile,
      charts: [{ title: hostile, spec: toVegaLite(chart), note: hostile, files: ['charts/a b.svg'] }],
      bundles,
    });
    // Only the page's own five script elements: three libraries, the specs, the loader.
    expect(html.match(/<script/gi)).toHaveLength(5);
    expect(html.match(/<\/script/gi)).toHaveLength(5);
    expect(html).not.toContain('<!--');
    expect(html).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- \u2028\u2029 &amp; &quot;q&quot; &#39;s&#39;</title>',
    );
    expect(html).toContain('href="charts/a%20b.svg"');
    expect(html).toContain('Content-Security-Policy" content="default-src \'none\'');
  });
});

if (!haveChromium)
  process.stderr.write(`perfgate tests: ${CHROMIUM} not found, skipping the report.html browser test\n`);

// A browser test: in `npm run test:full` only (jest.config.js), as the other browser tests.
(haveChromium && FULL_VOLUME ? describe : describe.skip)('report.html in headless Chromium', () => {
  test('every chart renders offline, with no console or page error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perfgate-report-html-'));
    const input = exampleInput();
    // A hostile title must render as text and not break the page.
    const outcome = await writeCharts(cwdFiles, dir, { ...input, title: `perfgate ${hostile}`, png: false });
    const expected = outcome.charts.length;
    const browser = await launchChromium();
    try {
      const { page, problems } = await watchedPage(browser);
      const requests: string[] = [];
      page.on('request', (r) => {
        if (!r.url().startsWith('file:')) requests.push(r.url());
      });
      await page.goto(pathToFileURL(outcome.reportHtmlPath).href);
      await page.waitForSelector('body[data-charts-done]', { timeout: 60000 });
      expect(await page.getAttribute('body', 'data-charts-done')).toBe(String(expected));
      expect(await page.locator('.chart[data-rendered="true"]').count()).toBe(expected);
      // Every chart container holds a drawn SVG (vega-embed's svg renderer) with marks in it.
      const drawn = await page.$$eval('.chart', (els) => els.map((el) => el.querySelectorAll('svg .role-mark').length));
      expect(drawn).toHaveLength(expected);
      for (const marks of drawn) expect(marks).toBeGreaterThan(0);
      expect(await page.title()).toContain('perfgate </script><script>alert(1)</script><!--');
      expect(await page.locator('h1').textContent()).toBe(`perfgate ${hostile}`);
      expect(problems).toEqual([]);
      expect(requests).toEqual([]);
      // The page leads with the verdicts: what changed against the baseline and its failed rows, then the passing
      // check, above the first chart.
      expect(await page.locator('.verdict h2').allTextContents()).toEqual([
        '✗ 3 slower (latency +39…+41 %) · 19 unchanged · against the baseline (one run, noise not estimated)',
        '✓ all 66 requirements met: 66 of 66 checks passed, 0 of 2 sub-experiments failed',
      ]);
      const failedRows = await page.$$eval('.verdict.fail tbody tr', (rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)),
      );
      expect(failedRows).toEqual([
        ['intraprocess_best_effort', '16384', 'latency Median'],
        ['intraprocess_best_effort', '8192', 'latency Median'],
        ['intraprocess_best_effort', '4096', 'latency Median'],
      ]);
      const verdictBottom = await page.$eval('.verdict.fail', (el) => el.getBoundingClientRect().bottom);
      const firstChartTop = await page.$eval('.chart', (el) => el.getBoundingClientRect().top);
      expect(verdictBottom).toBeLessThan(firstChartTop);
      const screenshot = join(dir, 'report.png');
      await page.screenshot({ path: screenshot, fullPage: false });
      process.stderr.write(`perfgate tests: report.html screenshot at ${screenshot}\n`);
      expect(readFileSync(screenshot).subarray(1, 4).toString()).toBe('PNG');

      // The failing comparison's chart marks its three failed points and says so in its legend;
      // the histograms state the tail they leave out. Drawn in the browser, not only in the spec.
      const section = (title: string) => page.locator('section', { has: page.locator('h2', { hasText: title }) });
      const failing = section('Comparison intraprocess_best_effort');
      const legends = await failing.locator('svg .role-legend-label text').allTextContents();
      expect(legends.filter((t) => t === 'failed')).toHaveLength(1);
      expect(legends).toEqual(expect.arrayContaining(['main Median', 'PR Median']));
      expect(
        await section('Comparison interprocess_best_effort')
          .locator('svg .role-legend-label text', { hasText: /^failed$/ })
          .count(),
      ).toBe(0);
      const histogramTitles = await section('Latency histograms interprocess_best_effort, results')
        .locator('svg .role-title-subtitle')
        .allTextContents();
      expect(histogramTitles.length).toBeGreaterThan(0);
      for (const t of histogramTitles)
        expect(t).toMatch(/^\d+ over [0-9.]+ µs \([0-9.]+ %\) not drawn; max [0-9.]+ µs$/);
      await failing.locator('.chart').screenshot({ path: join(dir, 'failing-comparison.png') });
      await section('Latency histograms interprocess_best_effort')
        .locator('.chart')
        .screenshot({ path: join(dir, 'histograms.png') });
      process.stderr.write(
        `perfgate tests: chart screenshots at ${join(dir, 'failing-comparison.png')} and ${join(dir, 'histograms.png')}\n`,
      );
    } finally {
      await browser.close();
    }
  });
});
