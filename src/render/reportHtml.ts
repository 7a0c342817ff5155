/**
 * report.html: every chart of a run, interactive (tooltips, export), in one file that works
 * offline: vega, vega-lite and vega-embed are inlined and a Content-Security-Policy forbids any
 * network access. Titles come from result files and are HTML-escaped; specs are embedded as JSON
 * that cannot end its script element.
 */
import type { VegaLiteSpec } from '../engine/charts/vegaLite.js';
import type { RowsTable, VerdictTable } from '../engine/report/pages/verdictTable.js';
import { escapeHtml, jsonForScript } from '../engine/report/escape.js';
import { CHART_PAGE_STYLE, chartPage, chartPageCsp, embedChartsScript } from '../engine/report/pages/embedScript.js';

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
  /** Every row of the comparison: a table that sorts by a header's click and filters by a search box. */
  rows?: RowsTable;
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
.rows table { border-collapse: collapse; font-size: 0.85em; }
.rows th, .rows td { border: 1px solid #d0d7de; padding: 0.15em 0.5em; text-align: left; }
.rows td[data-v] { text-align: right; font-variant-numeric: tabular-nums; }
.rows th[aria-sort] { cursor: pointer; user-select: none; }
.rows th[aria-sort="ascending"]::after { content: " ▲"; } .rows th[aria-sort="descending"]::after { content: " ▼"; }
.rows input { font: inherit; padding: 0.2em 0.4em; width: 24em; margin-right: 1em; }
`;

const MAIN = embedChartsScript("var charts = JSON.parse(document.getElementById('perfgate-specs').textContent);");

/** One verdict: its line, then the rows that failed or warned, then where the rest is. */
function verdictSection(v: VerdictTable, everyRowBelow: boolean): string {
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
  const others = `${v.otherRows} other row${v.otherRows === 1 ? '' : 's'}`;
  const rest =
    v.otherRows === 0
      ? ''
      : everyRowBelow
        ? `<p class="note">${others} in ${escapeHtml(v.file)} and in <a href="#rows">the table of every row</a>.</p>`
        : `<p class="note">${others} in ${escapeHtml(v.file)}.</p>`;
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

/**
 * The script of the full table: a search box that hides the rows whose text lacks every word typed, and headers that
 * sort the rows (by number where a cell has `data-v`, else by text; a second click reverses). Without JavaScript the
 * table is a plain table and the box stays hidden. Rows are read once; a sort moves them in one fragment.
 */
const ROWS_SCRIPT = `
(function () {
  var section = document.getElementById('rows');
  if (!section) return;
  var table = section.querySelector('table');
  var body = table.tBodies[0];
  var rows = Array.prototype.slice.call(body.rows);
  var texts = rows.map(function (row) { return row.textContent.toLowerCase(); });
  var box = section.querySelector('input');
  var shown = section.querySelector('.shown');
  function count(n) { shown.textContent = n + ' of ' + rows.length + ' rows shown'; }
  box.hidden = false;
  box.addEventListener('input', function () {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var n = 0;
    for (var i = 0; i < rows.length; i++) {
      var hit = words.every(function (w) { return texts[i].indexOf(w) >= 0; });
      rows[i].hidden = !hit;
      if (hit) n++;
    }
    count(n);
  });
  var heads = table.tHead.rows[0].cells;
  Array.prototype.forEach.call(heads, function (th, column) {
    th.setAttribute('aria-sort', 'none');
    th.tabIndex = 0;
    function sort() {
      var down = th.getAttribute('aria-sort') === 'descending' ? false : th.getAttribute('aria-sort') === 'ascending' ? true : th.hasAttribute('data-numeric');
      Array.prototype.forEach.call(heads, function (h) { h.setAttribute('aria-sort', 'none'); });
      th.setAttribute('aria-sort', down ? 'descending' : 'ascending');
      var keyed = rows.map(function (row, i) {
        var cell = row.cells[column];
        var v = cell.getAttribute('data-v');
        return { row: row, i: i, text: texts[i], v: v === null ? null : Number(v), cell: cell.textContent };
      });
      keyed.sort(function (a, b) {
        var by;
        if (a.v !== null && b.v !== null) by = a.v - b.v;
        else if (a.v !== null || b.v !== null) return a.v === null ? 1 : -1;
        else by = a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0;
        return (down ? -by : by) || a.i - b.i;
      });
      var fragment = document.createDocumentFragment();
      keyed.forEach(function (k) { fragment.appendChild(k.row); });
      body.appendChild(fragment);
      rows = keyed.map(function (k) { return k.row; });
      texts = keyed.map(function (k) { return k.text; });
    }
    th.addEventListener('click', sort);
    th.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); } });
  });
  count(rows.length);
  section.setAttribute('data-ready', 'true');
})();
`;

/** The full table of rows, escaped, with the numbers a column sorts by in `data-v`. */
function rowsSection(table: RowsTable): string {
  const out: string[] = [
    '<section class="rows" id="rows">',
    `<h2>Every row (${table.rows.length})</h2>`,
    '<p><input type="search" placeholder="Search rows" aria-label="Search rows" hidden><span class="shown" aria-live="polite"></span></p>',
    '<table>',
    `<thead><tr>${table.header.map((h, i) => `<th${table.numeric[i] ? ' data-numeric' : ''}>${escapeHtml(h)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
  ];
  for (const row of table.rows) {
    let line = '<tr>';
    for (let i = 0; i < row.cells.length; i++) {
      const key = row.keys[i];
      line +=
        key !== undefined && Number.isFinite(key)
          ? `<td data-v="${key}">${escapeHtml(row.cells[i]!)}</td>`
          : `<td>${escapeHtml(row.cells[i]!)}</td>`;
    }
    out.push(line + '</tr>');
  }
  out.push('</tbody>', '</table>', '</section>');
  return out.join('\n');
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
      ...(input.verdicts ?? []).map((v, i) => verdictSection(v, i === 0 && input.rows !== undefined)),
      `<nav><ol>\n${toc}\n</ol></nav>`,
      sections,
      ...(input.rows ? [rowsSection(input.rows)] : []),
    ],
    dataId: 'perfgate-specs',
    data: input.charts.map((c) => c.spec),
    main: input.rows ? `${MAIN}${ROWS_SCRIPT}` : MAIN,
  });
}
