/**
 * The dashboard's pages: index.html (a search box, every series ranked by what moved, every experiment with its
 * status and sparkline, 50 rows of each shown at a time) and one page per experiment (experiments/<stem>.html) with
 * its trend charts and payload view. Each page has one JSON data block. An experiment page holds its own charts'
 * specs and values (each series as a compact code, compactSeries.ts) and loads what every page shares from the site's
 * files: vega, vega-lite and vega-embed, its style sheet and its script (experimentScript.ts) from assets/, and the run
 * table and the chart parts every page shares from data/pages.js. The index holds no chart and loads the sparklines of
 * the rows it shows from data/ (chunks of 100 experiments). Every data file is a script (dataFiles.ts): a browser loads
 * a script from disk as over http(s), where it refuses fetch() of a file, so the site stays small at a year of 10,000
 * benchmarks and draws wherever it is opened: a downloaded artifact, GitHub Pages, any web server. Names from result
 * files are HTML-escaped; the JSON cannot end its script element.
 */
import { escapeHtml } from '../report/escape.js';
import { CHART_PAGE_STYLE, chartPage, chartPageCsp } from '../report/pages/embedScript.js';
import { experimentCharts, runRows, type DashboardChart } from './specs.js';
import {
  DATA_FOLDER,
  PAGES_PATH,
  pagesFile,
  SPARKLINE_CALLBACK,
  SPARKLINE_CHUNK,
  sparklineChunks,
  type SiteFile,
} from './dataFiles.js';
import { shareParts, SiteParts } from './sharedParts.js';
import { EXPERIMENT_BLUE } from '../charts/palette.js';
import type { DashboardExperiment, DashboardModel, DashboardSeries, ExperimentStatus } from './model.js';
import type { SeriesMove } from './moves.js';
import { INDEX_SCRIPT } from './indexScript.js';
import { EXPERIMENT_SCRIPT } from './experimentScript.js';
import { stepAcceptanceWords } from '../trends/accepted.js';

export type { SiteFile } from './dataFiles.js';

export const ASSETS_FOLDER = 'assets';
export const EXPERIMENTS_FOLDER = 'experiments';
/** The vendored browser builds, in load order. */
export const ASSET_FILES = ['vega.min.js', 'vega-lite.min.js', 'vega-embed.min.js'] as const;

export function experimentPagePath(e: Pick<DashboardExperiment, 'stem'>): string {
  return `${EXPERIMENTS_FOLDER}/${e.stem}.html`;
}

/**
 * What every experiment page shares, once a file of the site: its style sheet and its script (1,000 pages of a
 * 10,000-benchmark suite held 4 MB of copies).
 */
export const STYLE_PATH = `${ASSETS_FOLDER}/dashboard.css`;
export const EXPERIMENT_SCRIPT_PATH = `${ASSETS_FOLDER}/experiment-page.js`;

/** The vendored builds and the pages' own files are files of the site: 'self'. */
const CSP = chartPageCsp(true);

const STYLE = `${CHART_PAGE_STYLE}table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #d0d7de; padding: 0.25em 0.6em; text-align: left; vertical-align: middle; }
.status { font-weight: bold; white-space: nowrap; }
.status.failed, .status.regression { color: #d1242f; } .status.passed { color: #1a7f37; } .status.unchecked { color: #59636e; }
.note { color: #59636e; font-size: 0.85em; }
.chart { overflow-x: auto; min-height: 40px; }
section.trend { display: inline-block; vertical-align: top; margin: 0 1.5em 1em 0; } section.trend:target { outline: 2px solid #0969da; outline-offset: 4px; } section.trend h2 { font-size: 1em; margin-top: 1em; }
.spark { width: 170px; }
.spark .chart { min-height: 32px; } .spark svg { display: block; }
.spark-line { fill: none; stroke: ${EXPERIMENT_BLUE}; stroke-width: 1; opacity: 0.7; }
.worse { color: #d1242f; } .better { color: #1a7f37; } .score { text-align: right; font-variant-numeric: tabular-nums; }
th button { font: inherit; font-weight: bold; background: none; border: none; padding: 0; cursor: pointer; }
th[aria-sort=descending] button::after { content: ' ▼'; } th[aria-sort=ascending] button::after { content: ' ▲'; }
.error { color: #d1242f; }
code { font-size: 0.95em; }
`;

const STATUS_TEXT: Record<ExperimentStatus, string> = {
  failed: '✗ requirement failed',
  regression: '✗ new regression',
  passed: '✓ passed',
  unchecked: '· no requirement',
};

function page(title: string, root: string, body: string[], charts: readonly unknown[], site?: SiteParts): string {
  const { shared, charts: specs } = shareParts(charts);
  return chartPage({
    csp: CSP,
    title,
    style: { href: `${root}${STYLE_PATH}` },
    // The site's run table and shared parts once, in a script file beside the sparkline chunks (it loads from file://).
    libraries: [
      ...ASSET_FILES.map((f) => `<script src="${root}${ASSETS_FOLDER}/${f}"></script>`),
      `<script src="${root}${PAGES_PATH}"></script>`,
    ],
    body,
    dataId: 'perfgate-dashboard',
    // What the charts share stored once (sharedParts.ts), and what an earlier page held too as the site's.
    data: { shared: site ? site.of(shared) : shared, charts: specs },
    main: { src: `${root}${EXPERIMENT_SCRIPT_PATH}` },
  });
}

function link(url: string | undefined, text: string): string {
  return url ? `<a href="${escapeHtml(url)}">${escapeHtml(text)}</a>` : escapeHtml(text);
}

function runLink(model: DashboardModel, i: number): string {
  const run = model.runs[i];
  if (!run) return '?';
  return link(run.runUrl || run.commitUrl, run.label);
}

function commitLink(model: DashboardModel, i: number): string {
  const run = model.runs[i];
  if (!run) return '?';
  return link(run.commitUrl, run.sha.slice(0, 7));
}

function range(model: DashboardModel): string {
  const first = model.runs[0];
  const last = model.runs[model.runs.length - 1];
  if (!first || !last) return 'No recorded runs.';
  return `${model.runs.length} run(s) from ${runLink(model, 0)} to ${runLink(model, model.runs.length - 1)}.`;
}

function settingsNote(model: DashboardModel): string {
  const { maxPValue, minMagnitude, minSegment, confidence } = model.settings;
  return (
    `Change points: E-divisive means with a t-test (p ≤ ${maxPValue}, change ≥ ${Math.round(minMagnitude * 100)} %, at least ${minSegment} runs on each side; docs/change-points.md). ` +
    `Noise band: the runs since the last step, outliers and a pending change left out, the newest 20, at ${confidence * 100} % (the band compare --history judges a run against).`
  );
}

function changeText(e: DashboardExperiment): string {
  const parts: string[] = [];
  if (e.newRegressions > 0) parts.push(`${e.newRegressions} new regression(s)`);
  const old = e.regressions - e.newRegressions - e.acceptedRegressions;
  if (old > 0) parts.push(`${old} regression(s)`);
  if (e.acceptedRegressions > 0) parts.push(`${e.acceptedRegressions} accepted regression(s)`);
  if (e.improvements > 0) parts.push(`${e.improvements} improvement(s)`);
  if (e.pending > 0) parts.push(`${e.pending} pending`);
  return parts.length > 0 ? parts.join(', ') : 'none';
}

function checkText(e: DashboardExperiment): string {
  if (e.check === 'absent') return `not in the newest run (last in ${e.latestRun + 1})`;
  if (e.check === 'unchecked') return 'no requirement';
  return e.failedChecks > 0 ? `${e.failedChecks} check(s) failed` : 'all checks passed';
}

/** Rows of each index table shown at first, and added by each "show more". */
export const PAGE_ROWS = 50;
/**
 * The index runs its own script (no vega: its sparklines are plain SVG) and the site's sparkline chunks: scripts from
 * its own origin, and from disk the files beside it. It connects nowhere.
 */
const INDEX_CSP = ["default-src 'none'", "script-src 'unsafe-inline' 'self'", "style-src 'unsafe-inline'"].join('; ');

const KIND_TEXT: Record<SeriesMove['kind'], string> = {
  pending: '(pending change)',
  step: '(new step)',
  newest: '(newest run)',
};

const NO_MOVE = 'too few runs for a noise band';

/** Digits the index keeps of a change, noise or score: more than it shows, far fewer than a double's 17. */
function shown(v: number): number {
  return Number(v.toPrecision(4));
}

/**
 * A "what moved" row of the index's data block: [experiment, series, parameter, metric and statistic, change, noise,
 * score, run, kind, worse (1/0)]; change to run are null without a move.
 */
type MovedRow = [
  number,
  number,
  string,
  string,
  number | null,
  number | null,
  number | null,
  number | null,
  string | null,
  number,
];

function movedRows(model: DashboardModel): MovedRow[] {
  return model.ranked.map(({ experiment, series }) => {
    const s = model.experiments[experiment]!.series[series]!;
    const m = s.move;
    return [
      experiment,
      series,
      s.parameter,
      `${s.metric} ${s.statistic}`,
      m ? shown(m.change) : null,
      m ? shown(m.noise) : null,
      m ? shown(m.score) : null,
      m ? m.run : null,
      m ? m.kind : null,
      m?.worse ? 1 : 0,
    ];
  });
}

/** A change as the index shows it: +12.3 % or −4.5 % (the script's `signed`). */
function signed(x: number): string {
  return `${x < 0 ? '−' : '+'}${Math.abs(x * 100).toFixed(1)} %`;
}

function movedRowHtml(model: DashboardModel, row: MovedRow): string {
  const [e, s, parameter, metric, change, noise, score, run, kind, worse] = row;
  const experiment = model.experiments[e]!;
  const name =
    `<a href="${escapeHtml(`${experimentPagePath(experiment)}#chart-${s}`)}">${escapeHtml(experiment.name)}</a>` +
    (parameter ? escapeHtml(` / ${parameter}`) : '');
  const cells =
    score === null
      ? `<td class="note" colspan="4">${NO_MOVE}</td>`
      : `<td class="${worse ? 'worse' : 'better'}">${escapeHtml(`${signed(change!)} ${KIND_TEXT[kind as SeriesMove['kind']]}`)}</td>` +
        `<td>±${(noise! * 100).toFixed(1)} %</td><td class="score">${score.toFixed(1)}×</td><td>${runLink(model, run!)}</td>`;
  return `<tr><td>${name}</td><td>${escapeHtml(metric)}</td>${cells}</tr>`;
}

function experimentRowHtml(model: DashboardModel, e: DashboardExperiment, i: number): string {
  return (
    `<tr><td><a href="${escapeHtml(experimentPagePath(e))}">${escapeHtml(e.name)}</a></td>` +
    `<td class="status ${e.status}">${STATUS_TEXT[e.status]}</td><td>${escapeHtml(checkText(e))}</td><td>${escapeHtml(changeText(e))}</td>` +
    `<td>${runLink(model, e.latestRun)}</td><td class="spark"><div class="chart" data-experiment="${i}"></div></td></tr>`
  );
}

/** The experiments table's order: those that need attention first (a failed requirement, a new regression), by name. */
function experimentOrder(model: DashboardModel): number[] {
  const attention = (e: DashboardExperiment) => (e.status === 'failed' || e.status === 'regression' ? 0 : 1);
  return model.experiments
    .map((e, i) => ({ i, rank: attention(e) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map(({ i }) => i);
}

function countText(shownRows: number, rows: number): string {
  return `Showing ${Math.min(shownRows, rows)} of ${rows} ${rows === 1 ? 'row' : 'rows'}`;
}

function moreButton(id: string, rows: number): string {
  return `<p><button type="button" id="${id}-more"${rows <= PAGE_ROWS ? ' hidden' : ''}>Show ${PAGE_ROWS} more</button> <span class="note" id="${id}-count">${countText(PAGE_ROWS, rows)}</span></p>`;
}

/**
 * index.html: a search box; "what moved", every series ranked by its latest change against its noise (sortable by
 * each column); and the experiments with their status and sparkline, those that need attention first. Each table
 * shows PAGE_ROWS rows with a "show more"; the data block holds every row (names and the model's numbers, no chart),
 * and the sparklines of the rows shown are loaded from the chunk files, so the page's size and drawing time do not
 * grow with the charts.
 */
export function renderIndexHtml(model: DashboardModel, title = 'perfgate dashboard'): string {
  const moved = movedRows(model);
  const order = experimentOrder(model);
  const failing = model.experiments.filter((e) => e.status === 'failed' || e.status === 'regression').length;
  const sortable = (key: string, text: string, sorted = false) =>
    `<th${sorted ? ' aria-sort="descending"' : ''}><button type="button" data-sort="${key}">${text}</button></th>`;
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${range(model)} ${failing} of ${model.experiments.length} experiment(s) need attention.</p>`,
    '<p><label for="search">Search series</label> <input type="search" id="search" size="40" autocomplete="off" placeholder="name, family or metric (words in any order)"></p>',
    '<h2>What moved</h2>',
    `<p class="note">Each series’ latest change — a pending change, a step that appeared with the newest run, else the newest run against its level — over the noise band of the level before it: 1× is the band’s edge. Click a column to sort.</p>`,
    '<table id="moved">',
    '<thead><tr>' +
      sortable('name', 'series') +
      sortable('metric', 'metric') +
      sortable('change', 'latest change') +
      sortable('noise', 'noise band') +
      sortable('score', 'change / noise', true) +
      sortable('run', 'since run') +
      '</tr></thead>',
    '<tbody>',
    ...moved.slice(0, PAGE_ROWS).map((row) => movedRowHtml(model, row)),
    '</tbody>',
    '</table>',
    moreButton('moved', moved.length),
    '<h2>Experiments</h2>',
    '<p class="error" id="sparkline-note" hidden></p>',
    '<table id="experiments">',
    '<thead><tr><th>experiment</th><th>status</th><th>newest run vs requirements</th><th>change points</th><th>newest run</th><th>trend (each parameter over its geometric mean)</th></tr></thead>',
    '<tbody>',
    ...order.slice(0, PAGE_ROWS).map((i) => experimentRowHtml(model, model.experiments[i]!, i)),
    '</tbody>',
    '</table>',
    moreButton('experiments', model.experiments.length),
    `<p class="note">${escapeHtml(settingsNote(model))}</p>`,
  ];
  return chartPage({
    csp: INDEX_CSP,
    title,
    style: STYLE,
    libraries: [],
    body,
    dataId: 'perfgate-dashboard',
    data: {
      runs: runRows(model.runs).map(({ label, url }) => ({ label, url })),
      pageRows: PAGE_ROWS,
      sparklineChunk: SPARKLINE_CHUNK,
      sparklineCallback: SPARKLINE_CALLBACK,
      dataFolder: DATA_FOLDER,
      experimentsFolder: EXPERIMENTS_FOLDER,
      statusText: STATUS_TEXT,
      kindText: KIND_TEXT,
      noMove: NO_MOVE,
      fileNote: FILE_NOTE,
      experiments: model.experiments.map((e) => [e.name, e.stem, e.status, checkText(e), changeText(e), e.latestRun]),
      experimentOrder: order,
      series: moved,
    },
    main: INDEX_SCRIPT,
  });
}

/** Where a chunk file did not load: the site was copied without its data/ folder, or only in part. */
const FILE_NOTE = 'Sparklines could not be loaded: keep the data/ folder beside index.html.';

function stepRows(model: DashboardModel, e: DashboardExperiment): string[] {
  const rows: string[] = [];
  const add = (
    s: DashboardSeries,
    kind: string,
    t: {
      change: number;
      before: number;
      after: number;
      lastRunBefore: number;
      firstRun: number;
      runsAfter: number;
      pValue: number;
    },
  ) =>
    rows.push(
      `<tr><td>${escapeHtml(kind)}</td><td>${escapeHtml(s.parameter)}</td><td>${escapeHtml(`${s.metric} ${s.statistic}`)}</td><td>${(t.change * 100).toFixed(1)} %</td>` +
        `<td>${escapeHtml(`${number(t.before)} → ${number(t.after)} ${s.unit}`)}</td><td>${commitLink(model, t.lastRunBefore)} … ${commitLink(model, t.firstRun)}</td>` +
        `<td>${runLink(model, t.firstRun)}</td><td>${t.runsAfter}</td></tr>`,
    );
  for (const s of e.series) {
    for (const t of s.steps)
      add(
        s,
        t.accepted
          ? `accepted regression (${stepAcceptanceWords(t.accepted)})`
          : t.kind === 'regression'
            ? t.isNew
              ? 'new regression'
              : 'regression'
            : 'improvement',
        t,
      );
    if (s.pending) add(s, 'pending', s.pending);
  }
  if (rows.length === 0) return ['<p>No change point in any series.</p>'];
  return [
    '<table>',
    '<thead><tr><th>change</th><th>parameter</th><th>statistic</th><th>by</th><th>before → after</th><th>began between commits</th><th>first run after</th><th>runs after</th></tr></thead>',
    '<tbody>',
    ...rows,
    '</tbody>',
    '</table>',
  ];
}

function number(v: number): string {
  return Number.isFinite(v) ? String(Number(v.toPrecision(4))) : '—';
}

/**
 * experiments/<stem>.html: the change points as a table, then every chart. With a site's parts (the pages of one
 * site, in order), the parts an earlier page held too stand for the site's, in data/pages.js.
 */
export function renderExperimentHtml(
  model: DashboardModel,
  e: DashboardExperiment,
  charts: readonly DashboardChart[],
  title = 'perfgate dashboard',
  site?: SiteParts,
): string {
  const sections = charts.map((c, i) =>
    [
      `<section class="trend" id="chart-${i}">`,
      `<h2>${escapeHtml(c.title)}</h2>`,
      `<div class="chart" id="view-${i}"></div>`,
      '</section>',
    ].join('\n'),
  );
  const body = [
    `<p><a href="../index.html">${escapeHtml(title)}</a></p>`,
    `<h1>${escapeHtml(e.name)}</h1>`,
    `<p><span class="status ${e.status}">${STATUS_TEXT[e.status]}</span> · ${checkText(e)} · newest run ${runLink(model, e.latestRun)}. ${range(model)}</p>`,
    '<p class="error" id="runs-note" hidden></p>',
    '<h2>Change points</h2>',
    ...stepRows(model, e),
    `<p class="note">${escapeHtml(settingsNote(model))} Each point links to its run; the red dashed line is the requirement.</p>`,
    ...sections,
  ];
  return page(
    `${e.name} · ${title}`,
    '../',
    body,
    charts.map((c) => c.spec),
    site,
  );
}

/** The style sheet and script the experiment pages load. */
export function pageAssetFiles(): SiteFile[] {
  return [
    { path: STYLE_PATH, content: STYLE },
    { path: EXPERIMENT_SCRIPT_PATH, content: EXPERIMENT_SCRIPT },
  ];
}

/** Every page of the site (the vendored assets are the caller's: they are files, not text made here). */
export function renderDashboardSite(model: DashboardModel, title?: string): SiteFile[] {
  return [...dashboardSiteFiles(model, title)];
}

/** renderDashboardSite one file at a time: a site of 10,000 benchmarks is written as it is made, never held whole. */
export function* dashboardSiteFiles(model: DashboardModel, title?: string): Generator<SiteFile> {
  yield { path: 'index.html', content: renderIndexHtml(model, title) };
  const site = new SiteParts();
  for (const e of model.experiments)
    yield {
      path: experimentPagePath(e),
      content: renderExperimentHtml(model, e, experimentCharts(e, model), title, site),
    };
  // After the pages: the parts they share are known once every page is made.
  yield pagesFile(model, site.parts);
  yield* sparklineChunks(model);
  yield* pageAssetFiles();
}
