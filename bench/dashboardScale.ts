/**
 * The dashboard at 1,000 and 10,000 benchmarks (issue 38): bench/scale-suite.mjs writes 30 runs of a Google Benchmark
 * suite (1 repetition, real and cpu time; the newest run with 1 in 100 benchmarks 1.3× slower), `history import` and
 * `perfgate dashboard` (dist/cli.js, fresh processes) build the site, and headless Chromium (/usr/bin/chromium, never
 * a downloaded browser) opens it from a loopback HTTP server, as GitHub Pages serves it. Figures: the site's size and
 * files, the dashboard's wall time and peak RSS, how long the index and the most moved series' page take to draw, a
 * search's time, and how many of the ranked list's first rows are the slowed benchmarks. `npm run bench --
 * --dashboard` runs this section alone and replaces it in bench/RESULTS.md.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeArchiveYear } from './archiveYear.js';
import { runCliProcess } from './processes.js';
import { serveSite } from '../__tests__/helpers/site-server.js';
import type { Page } from 'playwright-core';

/** bench/scale-suite.mjs, loaded at run time: bundled, its command-line guard would take the bench for itself. */
type ScaleSuite = typeof import('./scale-suite.mjs');

export const DASHBOARD_SECTION = '## The dashboard at 10,000 benchmarks';

const CHROMIUM = '/usr/bin/chromium';
const RUNS = 30;
const FACTOR = 1.3;
/** Page loads timed per page, after one warm-up load. */
const LOADS = 3;
/** A family's cpu time: 11 series (10 sizes and the weighted geomean). */
const SEARCH = 'BM_Family7/ cpu';

interface Options {
  repoRoot: string;
  cliPath: string;
  peakRssHook: string;
  quick: boolean;
  log: (message: string) => void;
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

function folderBytes(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}

interface Drawn {
  /** From navigation to DOMContentLoaded (the tables are on the page) and to every chart drawn. */
  contentMs: number;
  drawnMs: number;
  charts: number;
}

async function timeDraw(page: Page, url: string): Promise<Drawn> {
  const times: Drawn[] = [];
  for (let i = 0; i <= LOADS; i++) {
    const start = performance.now();
    await page.goto(url);
    await page.waitForSelector('body[data-charts-done]', { timeout: 300_000 });
    const drawnMs = performance.now() - start;
    // Page expressions as text: this file is type-checked without the DOM library.
    const contentMs = await page.evaluate<number>(
      "performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd",
    );
    const charts = Number(await page.getAttribute('body', 'data-charts-done'));
    if (i > 0) times.push({ contentMs, drawnMs, charts });
  }
  return {
    contentMs: median(times.map((t) => t.contentMs)),
    drawnMs: median(times.map((t) => t.drawnMs)),
    charts: times[0]!.charts,
  };
}

interface SizeFigures {
  benchmarks: number;
  /** Months of archive (one run a day) before the 30 records: 0, or a year. */
  archiveMonths: number;
  archiveMb: number;
  series: number;
  experiments: number;
  importS: number;
  dashboardS: number;
  dashboardRssMb: number;
  siteMb: number;
  files: number;
  indexKb: number;
  pageKb: number;
  index: Drawn;
  /** The index opened from disk (file://), as from a downloaded artifact. */
  indexFromDisk: Drawn;
  page: Drawn;
  searchMs: number;
  searchRows: number;
  topRegressed: number;
  regressedSeries: number;
}

async function measure(benchmarks: number, options: Options, archiveMonths = 0): Promise<SizeFigures> {
  const suitePath = pathToFileURL(join(options.repoRoot, 'bench', 'scale-suite.mjs')).href;
  const { benchmarkName, regressedIndices, writeGoogleBenchmarkRuns, writeGoogleBenchmarkSuite } = (await import(
    suitePath
  )) as ScaleSuite;
  const dir = mkdtempSync(join(tmpdir(), 'perfgate-bench-dashboard-'));
  try {
    const runs = join(dir, 'runs');
    const folders = writeGoogleBenchmarkRuns(runs, { benchmarks, runs: RUNS, repetitions: 1 });
    const regressed = benchmarks / 100;
    writeGoogleBenchmarkSuite(join(folders[RUNS - 1]!, 'results.json'), {
      benchmarks,
      repetitions: 1,
      run: RUNS - 1,
      regressed,
      factor: FACTOR,
    });
    const slowed = new Set([...regressedIndices(benchmarks, regressed)].map((b) => benchmarkName(b)));
    const history = join(dir, 'history');
    const imported = runCliProcess({
      cliPath: options.cliPath,
      args: ['history', 'import', runs, '--output', history],
      cwd: dir,
    });
    if (imported.status !== 0) throw new Error(`history import failed (exit ${imported.status}): ${imported.stderr}`);
    // A year of history (issue 47): the archive months a year of daily pushes leaves before the window's records.
    const archive = archiveMonths > 0 ? writeArchiveYear(history, archiveMonths) : { files: [], bytes: 0 };
    const site = join(dir, 'site');
    const built = runCliProcess({
      cliPath: options.cliPath,
      args: ['dashboard', history, '--output', site],
      cwd: dir,
      peakRssHook: options.peakRssHook,
    });
    if (built.status !== 0) throw new Error(`dashboard failed (exit ${built.status}): ${built.stderr}`);
    const { bytes, files } = folderBytes(site);
    const experiments = readdirSync(join(site, 'experiments'));
    options.log(
      `dashboard of ${benchmarks} benchmarks, ${archiveMonths} archive months: ${(built.wallMs / 1000).toFixed(1)} s, ${built.peakRssMb ?? '?'} MB, ${files} files`,
    );

    const server = await serveSite(site);
    // Not bundled: playwright-core resolves from node_modules at run time.
    const playwright = ['playwright', 'core'].join('-');
    const { chromium } = (await import(playwright)) as typeof import('playwright-core');
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      const indexFromDisk = await timeDraw(page, pathToFileURL(join(site, 'index.html')).href);
      const index = await timeDraw(page, `${server.origin}index.html`);
      const seriesCount = await page.evaluate<number>(
        "JSON.parse(document.getElementById('perfgate-dashboard').textContent).series.length",
      );
      // The ranked list's first rows (of every series in the data block, not only the 50 on the page): how many are
      // the slowed benchmarks' series (the dashboard follows each benchmark's primary metric, cpu time: one a benchmark;
      // with --all-metrics, real time too).
      const perBenchmark = Math.round(seriesCount / benchmarks);
      const regressedSeries = perBenchmark * regressed;
      const ranked = await page.evaluate<string[]>(
        `(() => { const data = JSON.parse(document.getElementById('perfgate-dashboard').textContent);
          return data.series.slice(0, ${regressedSeries}).map((r) => data.experiments[r[0]][0] + '/' + r[2]); })()`,
      );
      const topRegressed = ranked.filter((name) => slowed.has(name)).length;
      const top = await page.locator('#moved tbody td:first-child').allTextContents();
      const search = await page.evaluate<{ ms: number; rows: number }>(`(() => {
        const box = document.getElementById('search');
        const start = performance.now();
        box.value = ${JSON.stringify(SEARCH)};
        box.dispatchEvent(new Event('input'));
        return { ms: performance.now() - start, rows: Number(document.body.getAttribute('data-search-done')) };
      })()`);
      const first = top[0]!.split(' / ')[0]!;
      const seriesPage = await timeDraw(page, `${server.origin}experiments/${first}.html`);
      return {
        benchmarks,
        archiveMonths,
        archiveMb: archive.bytes / 1e6,
        series: seriesCount,
        experiments: experiments.length,
        importS: imported.wallMs / 1000,
        dashboardS: built.wallMs / 1000,
        dashboardRssMb: built.peakRssMb ?? NaN,
        siteMb: bytes / 1e6,
        files,
        indexKb: statSync(join(site, 'index.html')).size / 1e3,
        pageKb: statSync(join(site, 'experiments', `${first}.html`)).size / 1e3,
        index,
        indexFromDisk,
        page: seriesPage,
        searchMs: search.ms,
        searchRows: search.rows,
        topRegressed,
        regressedSeries,
      };
    } finally {
      await browser.close();
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Measured by hand before the index was paged (the same suite of 10,000 benchmarks, load average 3 to 8). */
const BEFORE =
  'Before issue 38 the index held every experiment with a vega sparkline: at 10,000 benchmarks a 5.1 MB index.html that drew its 1,000 sparklines in 9.8 to 17 s, with no search and no ranked list.';

/** The runs a dashboard drew: the 30 records, and the archive's when there is one. */
const runsOf = (f: SizeFigures) =>
  f.archiveMonths > 0 ? `${RUNS} + ${f.archiveMonths} months of one a day (${f.archiveMb.toFixed(1)} MB)` : `${RUNS}`;

const fixed = (x: number, digits = 0) => (Number.isFinite(x) ? x.toFixed(digits) : '—');

/** The section's Markdown lines (its heading first). */
export async function dashboardScale(options: Options): Promise<string[]> {
  const loadBefore = loadavg()[0]!;
  const sizes = options.quick ? [1000] : [1000, 10_000];
  const figures: SizeFigures[] = [];
  for (const benchmarks of sizes) figures.push(await measure(benchmarks, options));
  // A year of a 10,000-benchmark suite: 12 archive months (one run a day, bench/archiveYear.ts) and the 30 records.
  if (!options.quick) figures.push(await measure(10_000, options, 12));
  return [
    DASHBOARD_SECTION,
    '',
    `\`npm run bench -- --dashboard\` (bench/dashboardScale.ts): ${RUNS} runs of a generated Google Benchmark suite (bench/scale-suite.mjs, 1 repetition, real and cpu time, families of 10 sizes), the newest run with 1 in 100 benchmarks ${FACTOR}× slower; \`history import\` and \`dashboard\` in fresh processes (dist/cli.js); the site served from 127.0.0.1 to headless Chromium (${CHROMIUM}), ${LOADS} loads per page after a warm-up, median. "Drawn" is navigation to every chart drawn (the index: its 50 shown sparklines, loaded from one chunk file, over http and from disk; a series page: all its charts); "content" is DOMContentLoaded, when the tables are on the page. Load average (1 min) ${loadBefore.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end, on 2 cores: times are ratios.`,
    '',
    BEFORE,
    '',
    '| benchmarks | runs (archive months, MB) | series | experiments | import s | dashboard s | dashboard peak RSS MB | site MB | files | index.html KB | series page KB |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (f) =>
        `| ${f.benchmarks.toLocaleString('en')} | ${runsOf(f)} | ${f.series.toLocaleString('en')} | ${f.experiments.toLocaleString('en')} | ${fixed(f.importS, 1)} | ${fixed(f.dashboardS, 1)} | ${fixed(f.dashboardRssMb)} | ${fixed(f.siteMb, 1)} | ${f.files} | ${fixed(f.indexKb)} | ${fixed(f.pageKb)} |`,
    ),
    '',
    `| benchmarks | runs | index: content ms | index: drawn ms (charts) | index from disk: drawn ms (charts) | series page: content ms | series page: drawn ms (charts) | search "${SEARCH}" ms (rows) | slowed series in the first ranked rows |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (f) =>
        `| ${f.benchmarks.toLocaleString('en')} | ${runsOf(f)} | ${fixed(f.index.contentMs)} | ${fixed(f.index.drawnMs)} (${f.index.charts}) | ${fixed(f.indexFromDisk.drawnMs)} (${f.indexFromDisk.charts}) | ${fixed(f.page.contentMs)} | ${fixed(f.page.drawnMs)} (${f.page.charts}) | ${fixed(f.searchMs, 1)} (${f.searchRows}) | ${f.topRegressed} of ${f.regressedSeries} |`,
    ),
    '',
  ];
}
