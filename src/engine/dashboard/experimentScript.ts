/**
 * The script of the dashboard's experiment pages (a file of the site, assets/experiment-page.js, which every page
 * loads): it reads the page's data block, puts back the parts the charts share (sharedParts.ts: the page's, and the
 * site's in data/pages.js), decodes each trend chart's series (compactSeries.ts), adds the site's run table
 * (data/pages.js) and draws every chart with vega-embed.
 * It computes no statistic: every number comes from the model.
 */
import { embedChartsScript } from '../report/pages/embedScript.js';
import { DECODE_SERIES_SCRIPT } from './compactSeries.js';
import { PAGES_GLOBAL } from './dataFiles.js';
import { SITE_PARTS_SCRIPT, WHOLE_SPEC_SCRIPT } from './sharedParts.js';
import { RUN_LABELS_PARAM, RUNS_DATASET, SERIES_DATASET } from './specs.js';

/** Where data/pages.js did not load: the page was copied without the site's data/ folder. */
const PAGES_NOTE =
  'data/pages.js (the run table and the parts the charts share) could not be loaded: keep the data/ folder beside the experiments/ folder.';

/**
 * Draws every `.chart` element's spec from the data block, with the site's run table added (the specs name it) and
 * the series decoded (compactSeries.ts), and marks the body when all are drawn (the browser test waits for it).
 */
export const EXPERIMENT_SCRIPT = embedChartsScript(
  "var page = JSON.parse(document.getElementById('perfgate-dashboard').textContent);\n" +
    `  var site = window.${PAGES_GLOBAL};\n` +
    '  if (!site) {\n' +
    '    site = { runs: [], parts: [] };\n' +
    "    var note = document.getElementById('runs-note');\n" +
    `    note.textContent = ${JSON.stringify(PAGES_NOTE)};\n` +
    '    note.hidden = false;\n' +
    '  }\n' +
    '  var runs = site.runs;\n' +
    '  var labels = runs.map(function (r) { return r.label; });\n' +
    `  ${SITE_PARTS_SCRIPT}\n` +
    '  var shared = siteParts(page.shared || [], site.parts);\n' +
    `  ${WHOLE_SPEC_SCRIPT}\n` +
    `  ${DECODE_SERIES_SCRIPT}\n` +
    '  function rows(code) { var s = decodeSeries(code); return s.r.map(function (r, i) { return { r: r, y: s.y[i] }; }); }\n' +
    '  function decoded(datasets) {\n' +
    '    var out = Object.assign({}, datasets || {});\n' +
    `    if (typeof out.${SERIES_DATASET} === 'string') out.${SERIES_DATASET} = rows(out.${SERIES_DATASET});\n` +
    `    out.${RUNS_DATASET} = runs;\n` +
    '    return out;\n' +
    '  }\n' +
    '  var charts = page.charts.map(whole);',
  `Object.assign({}, spec, { datasets: decoded(spec.datasets), params: (spec.params || []).concat([{ name: '${RUN_LABELS_PARAM}', value: labels }]) })`,
);
