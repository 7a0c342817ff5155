/**
 * The script of the dashboard's index page. It reads the page's data block (the "what moved" rows in rank order and
 * the experiment rows, html.ts), filters both tables by the search box as the user types, sorts the "what moved"
 * table by the column clicked, shows PAGE_ROWS rows at a time with a "show more" button, and draws the sparklines of
 * the experiment rows shown as plain SVG, loading their values from the chunk files (data/sparklines-<k>.js, script
 * files that call page.sparklineCallback, so that they load from disk too) on demand. Names reach the page as text (textContent, setAttribute), never as markup. It computes no statistic: every
 * number comes from the model; it only formats, compares, filters, decodes the sparklines' values and scales them to
 * their box. The formats match html.ts's, which renders the first rows.
 */
import { DECODE_SERIES_SCRIPT } from './compactSeries.js';

export const INDEX_SCRIPT = `
(function () {
  ${DECODE_SERIES_SCRIPT}
  var page = JSON.parse(document.getElementById('perfgate-dashboard').textContent);
  var PAGE = page.pageRows;
  var status = page.statusText;
  var search = document.getElementById('search');
  function lower(t) { return String(t).toLowerCase(); }
  function signed(x) { return (x < 0 ? '\\u2212' : '+') + Math.abs(x * 100).toFixed(1) + ' %'; }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  function runCell(i) {
    var td = el('td');
    var run = page.runs[i];
    if (!run) { td.textContent = '?'; return td; }
    if (run.url) { var a = el('a', run.label); a.setAttribute('href', run.url); td.appendChild(a); }
    else td.textContent = run.label;
    return td;
  }
  function pageOf(e, chart) {
    return page.experimentsFolder + '/' + page.experiments[e][1] + '.html' + (chart === undefined ? '' : '#chart-' + chart);
  }
  // Series rows: [experiment, series, parameter, metric, change, noise, score, run, kind, worse] (html.ts).
  var series = page.series;
  var seriesText = series.map(function (r) {
    return lower(page.experiments[r[0]][0] + (r[2] ? '/' + r[2] : '') + ' ' + r[3]);
  });
  var experimentText = page.experiments.map(function (e) { return lower(e[0]); });
  function matcher() {
    var terms = lower(search.value).split(/\\s+/).filter(Boolean);
    return function (text) {
      for (var i = 0; i < terms.length; i++) if (text.indexOf(terms[i]) < 0) return false;
      return true;
    };
  }
  var KEYS = {
    name: function (r) { return lower(page.experiments[r[0]][0] + '/' + r[2]); },
    metric: function (r) { return lower(r[3]); },
    change: function (r) { return r[4]; },
    noise: function (r) { return r[5]; },
    score: function (r) { return r[6]; },
    run: function (r) { return r[7]; },
  };
  var order = series.map(function (_, i) { return i; });
  var sortKey = 'score', descending = true;
  function sortRows() {
    var key = KEYS[sortKey];
    order = series.map(function (_, i) { return i; });
    if (sortKey === 'score' && descending) return; // the model's rank
    order.sort(function (a, b) {
      var x = key(series[a]), y = key(series[b]);
      // Rows without a move go last either way; ties keep the rank.
      if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
      var c = x < y ? -1 : x > y ? 1 : 0;
      return (descending ? -c : c) || a - b;
    });
  }
  function movedRow(i) {
    var r = series[i];
    var tr = el('tr');
    var name = el('td');
    var a = el('a', page.experiments[r[0]][0]);
    a.setAttribute('href', pageOf(r[0], r[1]));
    name.appendChild(a);
    if (r[2]) name.appendChild(document.createTextNode(' / ' + r[2]));
    tr.appendChild(name);
    tr.appendChild(el('td', r[3]));
    if (r[6] === null) {
      var none = el('td', page.noMove, 'note');
      none.colSpan = 4;
      tr.appendChild(none);
    } else {
      tr.appendChild(el('td', signed(r[4]) + ' ' + page.kindText[r[8]], r[9] ? 'worse' : 'better'));
      tr.appendChild(el('td', '\\u00b1' + (r[5] * 100).toFixed(1) + ' %'));
      tr.appendChild(el('td', r[6].toFixed(1) + '\\u00d7', 'score'));
      tr.appendChild(runCell(r[7]));
    }
    return tr;
  }
  function experimentRow(e) {
    var x = page.experiments[e];
    var tr = el('tr');
    var name = el('td');
    var a = el('a', x[0]);
    a.setAttribute('href', pageOf(e));
    name.appendChild(a);
    tr.appendChild(name);
    tr.appendChild(el('td', status[x[2]], 'status ' + x[2]));
    tr.appendChild(el('td', x[3]));
    tr.appendChild(el('td', x[4]));
    tr.appendChild(runCell(x[5]));
    var spark = el('td', undefined, 'spark');
    var chart = el('div', undefined, 'chart');
    chart.setAttribute('data-experiment', String(e));
    spark.appendChild(chart);
    tr.appendChild(spark);
    return tr;
  }
  function table(id, rows, make, shown) {
    var body = document.querySelector('#' + id + ' tbody');
    body.textContent = '';
    var fragment = document.createDocumentFragment();
    for (var i = 0; i < Math.min(shown, rows.length); i++) fragment.appendChild(make(rows[i]));
    body.appendChild(fragment);
    document.getElementById(id + '-count').textContent =
      'Showing ' + Math.min(shown, rows.length) + ' of ' + rows.length + (rows.length === 1 ? ' row' : ' rows');
    document.getElementById(id + '-more').hidden = shown >= rows.length;
  }
  var moved = { rows: order, shown: PAGE };
  var experiments = { rows: page.experimentOrder, shown: PAGE };
  function showMoved() { table('moved', moved.rows, movedRow, moved.shown); }
  function showExperiments() { table('experiments', experiments.rows, experimentRow, experiments.shown); drawSparklines(); }
  function filter() {
    var match = matcher();
    moved.rows = order.filter(function (i) { return match(seriesText[i]); });
    // An experiment is shown when its name matches or one of its series does.
    var hit = {};
    for (var i = 0; i < series.length; i++) if (match(seriesText[i])) hit[series[i][0]] = true;
    experiments.rows = page.experimentOrder.filter(function (e) { return hit[e] || match(experimentText[e]); });
    moved.shown = PAGE;
    experiments.shown = PAGE;
    document.body.setAttribute('data-search-done', String(moved.rows.length));
    showMoved();
    showExperiments();
  }
  search.addEventListener('input', filter);
  document.getElementById('moved-more').addEventListener('click', function () { moved.shown += PAGE; showMoved(); });
  document.getElementById('experiments-more').addEventListener('click', function () { experiments.shown += PAGE; showExperiments(); });
  Array.prototype.forEach.call(document.querySelectorAll('#moved th button'), function (button) {
    button.addEventListener('click', function () {
      var key = button.getAttribute('data-sort');
      descending = key === sortKey ? !descending : key !== 'name' && key !== 'metric';
      sortKey = key;
      Array.prototype.forEach.call(document.querySelectorAll('#moved th'), function (th) { th.removeAttribute('aria-sort'); });
      button.parentNode.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      sortRows();
      filter();
    });
  });

  // Sparklines: the data of page.sparklineChunk experiments per file, loaded once each as a script, drawn where shown.
  var chunks = {}, arrived = {};
  window[page.sparklineCallback] = function (k, data) { arrived[k] = data; };
  function chunk(k) {
    if (!chunks[k]) chunks[k] = new Promise(function (resolve, reject) {
      var src = page.dataFolder + '/sparklines-' + k + '.js';
      var script = document.createElement('script');
      script.onload = function () {
        if (arrived[k]) resolve(arrived[k]);
        else reject(new Error(src + ' held no sparklines'));
      };
      script.onerror = function () { reject(new Error(src + ' did not load')); };
      script.src = src;
      document.head.appendChild(script);
    });
    return chunks[k];
  }
  // A plain SVG: each line's values on the same y scale (log where the model says so), the runs on x.
  var SVG = 'http://www.w3.org/2000/svg', WIDTH = 160, HEIGHT = 32, PAD = 2;
  function sparkline(el, data, name) {
    // Each line is the code of its runs and values (compactSeries.ts).
    var lines = data.lines.map(decodeSeries);
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('width', WIDTH);
    svg.setAttribute('height', HEIGHT);
    svg.setAttribute('role', 'img');
    var title = document.createElementNS(SVG, 'title');
    title.textContent = name + ': each parameter over its geometric mean';
    svg.appendChild(title);
    var y = data.log ? Math.log : function (v) { return v; };
    var low = Infinity, high = -Infinity;
    lines.forEach(function (line) {
      line.y.forEach(function (v) { low = Math.min(low, y(v)); high = Math.max(high, y(v)); });
    });
    if (!(high > low)) { low -= 1; high += 1; }
    var last = Math.max(1, page.runs.length - 1);
    lines.forEach(function (line) {
      var points = line.r.map(function (r, i) {
        var px = PAD + (r / last) * (WIDTH - 2 * PAD);
        var py = HEIGHT - PAD - ((y(line.y[i]) - low) / (high - low)) * (HEIGHT - 2 * PAD);
        return px.toFixed(1) + ',' + py.toFixed(1);
      });
      var polyline = document.createElementNS(SVG, 'polyline');
      polyline.setAttribute('class', 'spark-line');
      polyline.setAttribute('points', points.join(' '));
      svg.appendChild(polyline);
    });
    el.appendChild(svg);
  }
  var drawing = 0;
  function drawSparklines() {
    var els = document.querySelectorAll('#experiments .chart:not([data-drawing])');
    document.body.removeAttribute('data-charts-done');
    Array.prototype.forEach.call(els, function (el) {
      el.setAttribute('data-drawing', 'true');
      drawing++;
      var e = Number(el.getAttribute('data-experiment'));
      chunk(Math.floor(e / page.sparklineChunk))
        .then(function (sparklines) {
          sparkline(el, sparklines[e % page.sparklineChunk], page.experiments[e][0]);
          el.setAttribute('data-rendered', 'true');
        })
        .catch(function (error) {
          // Said once above the table; each cell only marks its missing sparkline.
          var note = document.getElementById('sparkline-note');
          note.textContent = page.fileNote + ' (' + error.message + ')';
          note.hidden = false;
          var p = el.querySelector('p.error') || el.appendChild(el.ownerDocument.createElement('p'));
          p.className = 'error';
          p.textContent = '\u2014';
        })
        .then(function () {
          if (--drawing === 0)
            document.body.setAttribute('data-charts-done', String(document.querySelectorAll('#experiments .chart[data-rendered]').length));
        });
    });
    if (drawing === 0) document.body.setAttribute('data-charts-done', String(document.querySelectorAll('#experiments .chart[data-rendered]').length));
  }
  // A search the browser kept (back to the page) filters at once.
  if (search.value) filter();
  else drawSparklines();
})();
`;
