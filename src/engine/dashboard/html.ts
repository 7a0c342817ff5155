/**
 * The dashboard's pages: index.html (every experiment, its status and sparkline) and one page per
 * experiment (experiments/<stem>.html) with its trend charts and payload view. Each page has one
 * JSON data block (the run table and the chart specs) and loads vega, vega-lite and vega-embed from
 * the site's assets/ folder: no network, so it works from file:// and on GitHub Pages. Names from
 * result files are HTML-escaped; the JSON cannot end its script element.
 */
import { escapeHtml } from '../report/escape.js';
import { CHART_PAGE_STYLE, chartPage, chartPageCsp, embedChartsScript } from '../report/embedScript.js';
import { experimentCharts, runRows, sparklineSpec, type DashboardChart } from './specs.js';
import type { DashboardExperiment, DashboardModel, DashboardSeries, ExperimentStatus } from './model.js';
import { stepAcceptanceWords } from '../trends/accepted.js';

export const ASSETS_FOLDER = 'assets';
export const EXPERIMENTS_FOLDER = 'experiments';
/** The vendored browser builds, in load order. */
export const ASSET_FILES = ['vega.min.js', 'vega-lite.min.js', 'vega-embed.min.js'] as const;

export interface SiteFile {
  /** Relative to the site folder, `/`-separated. */
  path: string;
  content: string;
}

export function experimentPagePath(e: Pick<DashboardExperiment, 'stem'>): string {
  return `${EXPERIMENTS_FOLDER}/${e.stem}.html`;
}

/** The vendored builds are files of the site: 'self'. */
const CSP = chartPageCsp(true);

const STYLE = `${CHART_PAGE_STYLE}table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #d0d7de; padding: 0.25em 0.6em; text-align: left; vertical-align: middle; }
.status { font-weight: bold; white-space: nowrap; }
.status.failed, .status.regression { color: #d1242f; } .status.passed { color: #1a7f37; } .status.unchecked { color: #59636e; }
.note { color: #59636e; font-size: 0.85em; }
.chart { overflow-x: auto; min-height: 40px; }
section.trend { display: inline-block; vertical-align: top; margin: 0 1.5em 1em 0; } section.trend h2 { font-size: 1em; margin-top: 1em; }
.spark { width: 170px; }
.error { color: #d1242f; }
code { font-size: 0.95em; }
`;

/**
 * Draws every `.chart` element's spec from the data block, with the run table added (the specs
 * name it), and marks the body when all are drawn (the browser test waits for it).
 */
const MAIN = embedChartsScript(
  "var page = JSON.parse(document.getElementById('perfgate-dashboard').textContent);\n" +
    '  var labels = page.runs.map(function (r) { return r.label; });\n' +
    '  var charts = page.charts;',
  "Object.assign({}, spec, { datasets: Object.assign({}, spec.datasets || {}, { runs: page.runs }), params: (spec.params || []).concat([{ name: 'runLabels', value: labels }]) })",
);

const STATUS_TEXT: Record<ExperimentStatus, string> = {
  failed: '✗ requirement failed',
  regression: '✗ new regression',
  passed: '✓ passed',
  unchecked: '· no requirement',
};

function page(title: string, root: string, body: string[], charts: readonly unknown[], runs: unknown): string {
  return chartPage({
    csp: CSP,
    title,
    style: STYLE,
    libraries: ASSET_FILES.map((f) => `<script src="${root}${ASSETS_FOLDER}/${f}"></script>`),
    body,
    dataId: 'perfgate-dashboard',
    data: { runs, charts },
    main: MAIN,
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

/** index.html: one row per experiment with its status and sparkline. */
export function renderIndexHtml(model: DashboardModel, title = 'perfgate dashboard'): string {
  const rows = model.experiments.map(
    (e, i) =>
      `<tr><td><a href="${escapeHtml(experimentPagePath(e))}">${escapeHtml(e.name)}</a></td>` +
      `<td class="status ${e.status}">${STATUS_TEXT[e.status]}</td><td>${checkText(e)}</td><td>${changeText(e)}</td>` +
      `<td>${runLink(model, e.latestRun)}</td><td class="spark"><div class="chart" id="view-${i}"></div></td></tr>`,
  );
  const failing = model.experiments.filter((e) => e.status === 'failed' || e.status === 'regression').length;
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${range(model)} ${failing} of ${model.experiments.length} experiment(s) need attention.</p>`,
    '<table>',
    '<thead><tr><th>experiment</th><th>status</th><th>newest run vs requirements</th><th>change points</th><th>newest run</th><th>trend (each parameter over its geometric mean)</th></tr></thead>',
    '<tbody>',
    ...rows,
    '</tbody>',
    '</table>',
    `<p class="note">${escapeHtml(settingsNote(model))}</p>`,
  ];
  const sparks = model.experiments.map((e) => sparklineSpec(e, model.runs.length));
  return page(title, '', body, sparks, runRows(model.runs));
}

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

/** experiments/<stem>.html: the change points as a table, then every chart. */
export function renderExperimentHtml(
  model: DashboardModel,
  e: DashboardExperiment,
  charts: readonly DashboardChart[],
  title = 'perfgate dashboard',
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
    runRows(model.runs),
  );
}

/** Every page of the site (the vendored assets are the caller's: they are files, not text made here). */
export function renderDashboardSite(model: DashboardModel, title?: string): SiteFile[] {
  return [
    { path: 'index.html', content: renderIndexHtml(model, title) },
    ...model.experiments.map((e) => ({
      path: experimentPagePath(e),
      content: renderExperimentHtml(model, e, experimentCharts(e, model), title),
    })),
  ];
}
