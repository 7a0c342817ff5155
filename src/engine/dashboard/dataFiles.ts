/**
 * The dashboard's data files (data/): script files, not JSON, since a page opened from disk (file://) may load a script
 * beside it but not fetch() it. data/pages.js is what every experiment page loads: the site's run table and the chart
 * parts the pages share (sharedParts.ts's SiteParts); each
 * data/sparklines-<k>.js holds the index's sparklines of SPARKLINE_CHUNK experiments. Their text is escaped as in a
 * script element (no markup character, even if a host sends a file as HTML).
 */
import { jsonForScript } from '../report/escape.js';
import { encodeSeries } from './compactSeries.js';
import type { DashboardModel } from './model.js';
import { runRows, SPARKLINE_DIGITS, sparklineData } from './specs.js';

/** A file of the site. */
export interface SiteFile {
  /** Relative to the site folder, `/`-separated. */
  path: string;
  content: string;
}

/** The site's data files: the run table and the index's sparkline chunks. */
export const DATA_FOLDER = 'data';
/**
 * What every experiment page loads: the site's run table (label, date, commit, link of every run) and the chart parts
 * the pages share.
 */
export const PAGES_PATH = `${DATA_FOLDER}/pages.js`;
/** The global variable data/pages.js sets: `{ runs, parts }`. */
export const PAGES_GLOBAL = 'perfgatePages';
/** Experiments per sparkline chunk file (data/sparklines-<k>.js). */
export const SPARKLINE_CHUNK = 100;

export function sparklineChunkPath(k: number): string {
  return `${DATA_FOLDER}/sparklines-${k}.js`;
}

/** data/pages.js: the run table and the shared chart parts as a script (the text comes from records). */
export function pagesFile(model: DashboardModel, parts: readonly unknown[]): SiteFile {
  return {
    path: PAGES_PATH,
    content: `var ${PAGES_GLOBAL} = ${jsonForScript({ runs: runRows(model.runs), parts })};
`,
  };
}

/**
 * The global function a sparkline chunk calls with its number and data (a script file, not JSON: a page opened from
 * disk may load a script beside it, but not fetch() it).
 */
export const SPARKLINE_CALLBACK = 'perfgateSparklines';

/**
 * The sparklines' data, SPARKLINE_CHUNK experiments per file, in the experiments' order: each file one call of
 * SPARKLINE_CALLBACK with its number and its data, the data escaped as in a script element (no markup character, even
 * if a host sends the file as HTML). Only numbers: no name reaches it.
 */
export function sparklineChunks(model: DashboardModel): SiteFile[] {
  const files: SiteFile[] = [];
  for (let k = 0; k * SPARKLINE_CHUNK < model.experiments.length; k++) {
    // Each line as its code (compactSeries.ts), which the index's script decodes.
    const sparklines = model.experiments.slice(k * SPARKLINE_CHUNK, (k + 1) * SPARKLINE_CHUNK).map((e) => {
      const { log, lines } = sparklineData(e);
      return { log, lines: lines.map((line) => encodeSeries(line.r, line.y, SPARKLINE_DIGITS)) };
    });
    files.push({
      path: sparklineChunkPath(k),
      content: `${SPARKLINE_CALLBACK}(${k}, ${jsonForScript(sparklines)});\n`,
    });
  }
  return files;
}
