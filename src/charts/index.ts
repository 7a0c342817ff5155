/** The lazily loaded chart renderer: everything that needs vega, vega-lite or resvg. */
export { renderChart, renderPng, renderSvg, compileSpec, normalizeSvgIds, PNG_SCALE, type RenderedChart } from './render.js';
export { renderReportHtml, escapeHtml, jsonForScript, scriptText, type ReportHtmlChart, type ReportHtmlInput } from './reportHtml.js';
export { loadBrowserBundles } from './assets.js';
