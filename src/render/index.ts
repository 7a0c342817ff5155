/** The lazily loaded chart renderer: PNGs (resvg), the PNG worker, and report.html with its scripts. */
export { rasterize as renderPng, PNG_SCALE, MAX_PNG_WIDTH, pngWidth } from './rasterize.js';
export { startPngRenderer, pngWorkerUrl, type PngRenderer, type PngRendererOptions } from './pngRenderer.js';
export { encodePng } from './png.js';
export {
  renderReportHtml,
  escapeHtml,
  jsonForScript,
  scriptText,
  type ReportHtmlChart,
  type ReportHtmlInput,
} from './reportHtml.js';
export { loadBrowserBundles } from './assets.js';
