/**
 * What the pages of charts (report.html, the dashboard) share: their security policy, their
 * skeleton, and the script that draws their Vega-Lite specs.
 */
import { escapeHtml, jsonForScript } from '../escape.js';

/**
 * The Content-Security-Policy of a page of charts: no network; scripts and styles inline (and, with `self`, files of
 * the same site); vega compiles its expressions with Function(): 'unsafe-eval'.
 */
export function chartPageCsp(self = false): string {
  return [
    "default-src 'none'",
    `script-src ${self ? "'self' " : ''}'unsafe-inline' 'unsafe-eval'`,
    `style-src ${self ? "'self' " : ''}'unsafe-inline'`,
    'img-src data: blob:',
  ].join('; ');
}

/** The first rules of a chart page's style sheet: body and headings. */
export const CHART_PAGE_STYLE = `
body { font-family: 'DejaVu Sans', Verdana, sans-serif; margin: 2em auto; max-width: 1500px; padding: 0 1em; color: #1f2328; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; }
`;

/** A chart page's first lines, to its style sheet: doctype, charset, policy, viewport, title (escaped), style. */
function chartPageHead(csp: string, title: string, style: string | { href: string }): string[] {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    typeof style === 'string' ? `<style>${style}</style>` : `<link rel="stylesheet" href="${escapeHtml(style.href)}">`,
  ];
}

/** A page of charts (report.html, a dashboard page), from its parts. */
export interface ChartPage {
  csp: string;
  title: string;
  /** The style sheet, or the site's file of it (a site of many pages keeps it once). */
  style: string | { href: string };
  /** The `<script>` elements that load vega, vega-lite and vega-embed (inline or from files). */
  libraries: readonly string[];
  body: readonly string[];
  /** The id of the page's JSON data block, and what it holds (the specs, and what they read). */
  dataId: string;
  data: unknown;
  /** The script that draws the charts (embedChartsScript), or the site's file of it. */
  main: string | { src: string };
}

/** The whole page: head, libraries, body, the JSON data block and the script that draws from it. */
export function chartPage(page: ChartPage): string {
  return [
    ...chartPageHead(page.csp, page.title, page.style),
    ...page.libraries,
    '</head>',
    '<body>',
    ...page.body,
    `<script type="application/json" id="${page.dataId}">${jsonForScript(page.data)}</script>`,
    typeof page.main === 'string'
      ? `<script>${page.main}</script>`
      : `<script src="${escapeHtml(page.main.src)}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/**
 * The script that draws the page's Vega-Lite specs with vega-embed: each spec into the element `view-<i>`, an error
 * message in place of a chart that cannot be drawn, and `data-charts-done` on the body once all are (the browser tests
 * wait for it). `load` is JavaScript that defines `charts` (the specs, from the page's data block); `spec` an
 * expression of `spec` (and whatever `load` defined) giving what is drawn.
 */
export function embedChartsScript(load: string, spec = 'spec'): string {
  return `
(function () {
  ${load}
  var done = 0, failed = 0;
  charts.forEach(function (spec, i) {
    var el = document.getElementById('view-' + i);
    vegaEmbed(el, ${spec}, { renderer: 'svg', actions: { export: true, source: false, compiled: false, editor: false } })
      .then(function () { el.setAttribute('data-rendered', 'true'); })
      .catch(function (error) {
        failed++;
        var p = document.createElement('p');
        p.className = 'error';
        p.textContent = 'This chart could not be drawn: ' + error;
        el.appendChild(p);
        console.error(error);
      })
      .then(function () {
        if (++done === charts.length) document.body.setAttribute('data-charts-done', String(charts.length - failed));
      });
  });
  if (charts.length === 0) document.body.setAttribute('data-charts-done', '0');
})();
`;
}
