/** The lazily loaded chart renderer: everything that needs vega, vega-lite or resvg. */
export { renderChart, renderPng, renderSvg, staticSpec, tidySvg, compileSpec, normalizeSvgIds, PNG_SCALE, MAX_PNG_WIDTH, pngWidth, type RenderedChart } from './render.js';
export { startPngRenderer, pngWorkerUrl, type PngRenderer, type PngRendererOptions } from './pngRenderer.js';
export { encodePng } from './png.js';
export { renderReportHtml, escapeHtml, jsonForScript, scriptText, type ReportHtmlChart, type ReportHtmlInput } from './reportHtml.js';
export { loadBrowserBundles } from './assets.js';
