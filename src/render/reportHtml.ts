/**
 * report.html: every chart of a run, interactive (tooltips, export), in one file that works
 * offline: vega, vega-lite and vega-embed are inlined and a Content-Security-Policy forbids any
 * network access. Titles come from result files and are HTML-escaped; specs are embedded as JSON
 * that cannot end its script element.
 */
import type { VegaLiteSpec } from '../engine/charts/vegaLite.js';
import type { VerdictTable } from '../engine/report/verdictTable.js';
import { escapeHtml, jsonForScript } from '../engine/report/escape.js';
import { CHART_PAGE_STYLE, chartPage, chartPageCsp, embedChartsScript } from '../engine/report/embedScript.js';

export { escapeHtml, jsonForScript };

export interface ReportHtmlChart {
  title: string;
  spec: VegaLiteSpec;
  note?: string;
  /** Paths of the chart's image files relative to report.html, linked under it. */
  files?: string[];
}

export interface ReportHtmlInput {
  title: string;
  /** The verdicts, shown first: headline, then the failing and warning rows. */
  verdicts?: readonly VerdictTable[];
  charts: readonly ReportHtmlChart[];
  bundles: { vega: string; vegaLite: string; vegaEmbed: string };
}

/**
 * A library's source inside an inline `<script>`: the HTML parser would end the element at
 * `</script` and switch modes at `<!--`. The vendored builds contain neither (a test checks);
 * should one appear in a string literal, `<\/` and `<\!` mean the same there.
 */
export function scriptText(source: string): string {
  return source.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
}

const CSP = chartPageCsp();

const STYLE = `${CHART_PAGE_STYLE}nav ol { columns: 2; font-size: 0.9em; }
section { border-top: 1px solid #d0d7de; }
.chart { overflow-x: auto; min-height: 60px; }
.note, .files { color: #59636e; font-size: 0.85em; }
.error { color: #d1242f; }
.verdict h2 { margin-top: 1em; } .verdict.fail h2 { color: #d1242f; } .verdict.pass h2 { color: #1a7f37; }
.verdict table { border-collapse: collapse; font-size: 0.9em; margin-bottom: 0.5em; }
.verdict th, .verdict td { border: 1px solid #d0d7de; padding: 0.2em 0.6em; text-align: left; }
`;

const MAIN = embedChartsScript("var charts = JSON.parse(document.getElementById('perfgate-specs').textContent);");

/** One verdict: its line, then the rows that failed or warned, then where the rest is. */
function verdictSection(v: VerdictTable): string {
  // Text marks, not emoji: a browser without an emoji font (a CI screenshot) still shows them.
  const icon = v.verdict === 'pass' ? '✓' : '✗';
  const table =
    v.rows.length === 0
      ? ''
      : [
          '<table>',
          `<thead><tr>${v.header.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
          '<tbody>',
          ...v.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`),
          '</tbody>',
          '</table>',
        ].join('\n');
  const rest =
    v.otherRows > 0
      ? `<p class="note">${v.otherRows} other row${v.otherRows === 1 ? '' : 's'} in ${escapeHtml(v.file)}.</p>`
      : '';
  return [
    `<section class="verdict ${v.verdict}">`,
    `<h2>${icon} ${escapeHtml(v.headline)}</h2>`,
    table,
    rest,
    '</section>',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

export function renderReportHtml(input: ReportHtmlInput): string {
  const toc = input.charts.map((c, i) => `<li><a href="#chart-${i}">${escapeHtml(c.title)}</a></li>`).join('\n');
  const sections = input.charts
    .map((c, i) => {
      const files = (c.files ?? [])
        .map((f) => `<a href="${escapeHtml(encodeURI(f))}">${escapeHtml(f)}</a>`)
        .join(' · ');
      return [
        `<section id="chart-${i}">`,
        `<h2>${escapeHtml(c.title)}</h2>`,
        `<div class="chart" id="view-${i}"></div>`,
        c.note ? `<p class="note">${escapeHtml(c.note)}</p>` : '',
        files ? `<p class="files">${files}</p>` : '',
        '</section>',
      ]
        .filter((line) => line !== '')
        .join('\n');
    })
    .join('\n');
  return chartPage({
    csp: CSP,
    title: input.title,
    style: STYLE,
    libraries: [input.bundles.vega, input.bundles.vegaLite, input.bundles.vegaEmbed].map(
      (source) => `<script>${scriptText(source)}</script>`,
    ),
    body: [
      `<h1>${escapeHtml(input.title)}</h1>`,
      ...(input.verdicts ?? []).map(verdictSection),
      `<nav><ol>\n${toc}\n</ol></nav>`,
      sections,
    ],
    dataId: 'perfgate-specs',
    data: input.charts.map((c) => c.spec),
    main: MAIN,
  });
}
