import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);
import {
  MAX_PNG_WIDTH,
  PNG_SCALE,
  encodePng,
  loadBrowserBundles,
  pngWidth,
  pngWorkerUrl,
  rasterize,
  startPngRenderer
} from "./chunk-R65B4D56.js";
import "./chunk-KP423JM7.js";

// src/engine/report/escape.ts
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
var SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g;
var SCRIPT_ESCAPES = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029"
};
function jsonForScript(value) {
  return JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]);
}

// src/engine/report/pages/embedScript.ts
function chartPageCsp(self = false) {
  return [
    "default-src 'none'",
    `script-src ${self ? "'self' " : ""}'unsafe-inline' 'unsafe-eval'`,
    `style-src ${self ? "'self' " : ""}'unsafe-inline'`,
    "img-src data: blob:"
  ].join("; ");
}
var CHART_PAGE_STYLE = `
body { font-family: 'DejaVu Sans', Verdana, sans-serif; margin: 2em auto; max-width: 1500px; padding: 0 1em; color: #1f2328; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; }
`;
function chartPageHead(csp, title, style) {
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${csp}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    typeof style === "string" ? `<style>${style}</style>` : `<link rel="stylesheet" href="${escapeHtml(style.href)}">`
  ];
}
function chartPage(page) {
  return [
    ...chartPageHead(page.csp, page.title, page.style),
    ...page.libraries,
    "</head>",
    "<body>",
    ...page.body,
    `<script type="application/json" id="${page.dataId}">${jsonForScript(page.data)}</script>`,
    typeof page.main === "string" ? `<script>${page.main}</script>` : `<script src="${escapeHtml(page.main.src)}"></script>`,
    "</body>",
    "</html>",
    ""
  ].join("\n");
}
function embedChartsScript(load, spec = "spec") {
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

// src/render/reportHtml.ts
function scriptText(source) {
  return source.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}
var CSP = chartPageCsp();
var STYLE = `${CHART_PAGE_STYLE}nav ol { columns: 2; font-size: 0.9em; }
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
var MAIN = embedChartsScript("var charts = JSON.parse(document.getElementById('perfgate-specs').textContent);");
function verdictSection(v, everyRowBelow) {
  const icon = v.verdict === "pass" ? "✓" : "✗";
  const table = v.rows.length === 0 ? "" : [
    "<table>",
    `<thead><tr>${v.header.map((h) => `<th>${escapeHtml(h)}</th>`).join("")}</tr></thead>`,
    "<tbody>",
    ...v.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`),
    "</tbody>",
    "</table>"
  ].join("\n");
  const others = `${v.otherRows} other row${v.otherRows === 1 ? "" : "s"}`;
  const rest = v.otherRows === 0 ? "" : everyRowBelow ? `<p class="note">${others} in ${escapeHtml(v.file)} and in <a href="#rows">the table of every row</a>.</p>` : `<p class="note">${others} in ${escapeHtml(v.file)}.</p>`;
  return [
    `<section class="verdict ${v.verdict}">`,
    `<h2>${icon} ${escapeHtml(v.headline)}</h2>`,
    table,
    rest,
    "</section>"
  ].filter((l) => l !== "").join("\n");
}
var ROWS_SCRIPT = `
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
function rowsSection(table) {
  const out = [
    '<section class="rows" id="rows">',
    `<h2>Every row (${table.rows.length})</h2>`,
    '<p><input type="search" placeholder="Search rows" aria-label="Search rows" hidden><span class="shown" aria-live="polite"></span></p>',
    "<table>",
    `<thead><tr>${table.header.map((h, i) => `<th${table.numeric[i] ? " data-numeric" : ""}>${escapeHtml(h)}</th>`).join("")}</tr></thead>`,
    "<tbody>"
  ];
  for (const row of table.rows) {
    let line = "<tr>";
    for (let i = 0; i < row.cells.length; i++) {
      const key = row.keys[i];
      line += key !== void 0 && Number.isFinite(key) ? `<td data-v="${key}">${escapeHtml(row.cells[i])}</td>` : `<td>${escapeHtml(row.cells[i])}</td>`;
    }
    out.push(line + "</tr>");
  }
  out.push("</tbody>", "</table>", "</section>");
  return out.join("\n");
}
function renderReportHtml(input) {
  const toc = input.charts.map((c, i) => `<li><a href="#chart-${i}">${escapeHtml(c.title)}</a></li>`).join("\n");
  const sections = input.charts.map((c, i) => {
    const files = (c.files ?? []).map((f) => `<a href="${escapeHtml(encodeURI(f))}">${escapeHtml(f)}</a>`).join(" · ");
    return [
      `<section id="chart-${i}">`,
      `<h2>${escapeHtml(c.title)}</h2>`,
      `<div class="chart" id="view-${i}"></div>`,
      c.note ? `<p class="note">${escapeHtml(c.note)}</p>` : "",
      files ? `<p class="files">${files}</p>` : "",
      "</section>"
    ].filter((line) => line !== "").join("\n");
  }).join("\n");
  return chartPage({
    csp: CSP,
    title: input.title,
    style: STYLE,
    libraries: [input.bundles.vega, input.bundles.vegaLite, input.bundles.vegaEmbed].map(
      (source) => `<script>${scriptText(source)}</script>`
    ),
    body: [
      `<h1>${escapeHtml(input.title)}</h1>`,
      ...(input.verdicts ?? []).map((v, i) => verdictSection(v, i === 0 && input.rows !== void 0)),
      `<nav><ol>
${toc}
</ol></nav>`,
      sections,
      ...input.rows ? [rowsSection(input.rows)] : []
    ],
    dataId: "perfgate-specs",
    data: input.charts.map((c) => c.spec),
    main: input.rows ? `${MAIN}${ROWS_SCRIPT}` : MAIN
  });
}
export {
  MAX_PNG_WIDTH,
  PNG_SCALE,
  encodePng,
  escapeHtml,
  jsonForScript,
  loadBrowserBundles,
  pngWidth,
  pngWorkerUrl,
  rasterize as renderPng,
  renderReportHtml,
  scriptText,
  startPngRenderer
};
