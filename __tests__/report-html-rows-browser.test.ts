/**
 * Issue 38 item 5: report.html holds every row of a comparison in one table that a search box filters and a header
 * click sorts, drawn in headless Chromium from a real comparison (bench/scale-suite.mjs: 200 Google Benchmark
 * benchmarks, half 30 % slower, one family named to attack). Checked by counts and order, never by time. Without
 * JavaScript it is a plain table.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { renderReportHtml } from '../src/render/reportHtml.js';
import { comparisonRowsTable, comparisonVerdictTable } from '../src/engine/report/pages/verdictTable.js';
import type { ComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { compareGeneratedSuite } from './helpers/generatedSuite.js';
import { CHROMIUM, haveChromium, launchChromium, watchedPage } from './helpers/browser.js';
import { tempDir } from './helpers/shared.js';
import { FULL_VOLUME } from './helpers/volume.js';

const HOSTILE = 'BM_<img src=x onerror=alert(1)>&amp;"q"';

if (!haveChromium) process.stderr.write(`perfgate tests: ${CHROMIUM} not found, skipping the report.html table test\n`);

(haveChromium && FULL_VOLUME ? describe : describe.skip)('report.html: the table of every row in Chromium', () => {
  let report: ComparisonReport;
  let page: string;
  beforeAll(async () => {
    const root = tempDir('perfgate-report-rows-');
    report = compareGeneratedSuite(root, {
      benchmarks: 200,
      runs: 10,
      repetitions: 3,
      regressed: 100,
      rewrite: (text) => text.replaceAll('"BM_Family1/', `"${HOSTILE.replace(/"/g, '\\"')}/`),
    });
    page = join(root, 'report.html');
    writeFileSync(
      page,
      renderReportHtml({
        title: 'perfgate report',
        verdicts: [comparisonVerdictTable(report)],
        rows: comparisonRowsTable(report),
        charts: [],
        bundles: { vega: '', vegaLite: '', vegaEmbed: '' },
      }),
    );
  });

  test('search filters, a header click sorts, hostile names stay text', async () => {
    const browser = await launchChromium();
    try {
      const { page: tab, problems } = await watchedPage(browser);
      await tab.goto(pathToFileURL(page).href);
      await tab.waitForSelector('#rows[data-ready="true"]');
      const total = report.rows.length;
      // min, median and max of real time and cpu time, for 200 benchmarks and 20 family geomeans, and the whole suite's
      // geomean of its gated statistic (the suite row).
      expect(total).toBe(3 * 2 * 220 + 1);
      expect(report.rows.filter((r) => r.experimentType === 'whole suite')).toHaveLength(1);
      const visible = () => tab.locator('#rows tbody tr:not([hidden])').count();
      expect(await visible()).toBe(total);
      expect(await tab.locator('#rows .shown').textContent()).toBe(`${total} of ${total} rows shown`);

      // Search: every word must be in the row.
      const search = tab.locator('#rows input[type="search"]');
      await search.fill('BM_Family7');
      const family7 = report.rows.filter((r) => r.experimentType.toLowerCase().includes('bm_family7')).length;
      expect(family7).toBe(3 * 2 * 11);
      expect(await visible()).toBe(family7);
      await search.fill('family7 CPU');
      expect(await visible()).toBe(3 * 11);
      expect(await tab.locator('#rows .shown').textContent()).toBe(`${3 * 11} of ${total} rows shown`);
      await search.fill('');
      expect(await visible()).toBe(total);

      // A click on Δ sorts the largest change first, a second click the smallest; the other rows follow in order.
      const changes = report.rows.map((r) => r.deltaPercent).filter((d) => Number.isFinite(d));
      const column = (index: number) =>
        tab.$$eval(
          '#rows tbody tr:not([hidden])',
          (rows, i) => rows.map((row) => row.querySelectorAll('td')[i]!.getAttribute('data-v')),
          index,
        );
      const header = tab.locator('#rows th', { hasText: /^Δ$/ });
      await header.click();
      expect(await header.getAttribute('aria-sort')).toBe('descending');
      let values = (await column(5)).map(Number);
      expect(values).toHaveLength(total);
      expect(values[0]).toBe(Math.max(...changes));
      for (let i = 1; i < values.length; i++) expect(values[i]!).toBeLessThanOrEqual(values[i - 1]!);
      await header.click();
      expect(await header.getAttribute('aria-sort')).toBe('ascending');
      values = (await column(5)).map(Number);
      expect(values[0]).toBe(Math.min(...changes));
      // A text column sorts by text, and a search after a sort still filters.
      await tab.locator('#rows th', { hasText: /^Experiment$/ }).click();
      const names = report.rows.map((r) => r.experimentType).sort();
      expect(await tab.locator('#rows tbody tr:first-child td:first-child').textContent()).toBe(names[0]);
      await search.fill('onerror');
      expect(await visible()).toBe(3 * 2 * 11);

      // The hostile family is text in its cells: no element was made of it.
      expect(await tab.locator('#rows img').count()).toBe(0);
      expect(await tab.locator('#rows tbody tr:not([hidden]) td:first-child').first().textContent()).toBe(HOSTILE);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 120_000);

  test('without JavaScript: a plain table of every row, no search box', async () => {
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const tab = await context.newPage();
      await tab.goto(pathToFileURL(page).href);
      expect(await tab.locator('#rows tbody tr').count()).toBe(report.rows.length);
      expect(await tab.locator('#rows input[type="search"]').isHidden()).toBe(true);
      expect(await tab.locator('#rows img').count()).toBe(0);
    } finally {
      await browser.close();
    }
  }, 120_000);
});
