/**
 * The `dashboard` job: reads a history folder (and requirements), builds the dashboard model and
 * writes the static site: index.html, experiments/<stem>.html, the index's sparkline chunks in data/
 * and the vendored vega, vega-lite and vega-embed builds in assets/ (loaded from the charts bundle,
 * only here).
 */
import { join } from 'node:path';
import {
  buildDashboard,
  buildDashboardOfCollected,
  type DashboardModel,
  type DashboardOptions,
} from '../engine/dashboard/model.js';
import {
  ASSET_FILES,
  ASSETS_FOLDER,
  dashboardSiteFiles,
  renderDashboardSite,
  type SiteFile,
} from '../engine/dashboard/html.js';
import type { MetricRequirement } from '../engine/model/metricRequirement.js';
import type { HistoryRecord } from '../engine/history/record.js';
import { skippedWarning } from './historyFolder.js';
import { collectHistory, type CollectedHistory } from './historyStream.js';
import { readMetricRequirements } from './resultSets.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';
import { trendRunOfRecord } from '../engine/trends/records.js';

export interface DashboardRunOptions extends Omit<DashboardOptions, 'requirements'> {
  /** A folder of perfgate history records (history-*.json), and the archive of older runs (archive-*.json). */
  history: string;
  /** The site folder. */
  output: string;
  /** A requirements CSV (either form). */
  requirements?: string;
  /** At most the newest `window` runs (default: every record in the folder). */
  window?: number;
  title?: string;
}

export interface DashboardOutcome {
  model: DashboardModel;
  /** Every path written, pages first, then the assets. */
  written: string[];
  indexPath: string;
}

/** The dashboard's pages for history records (oldest first), without touching files. */
export function dashboardOfRecords(records: readonly HistoryRecord[], options: DashboardOptions = {}): DashboardModel {
  return buildDashboard(records.map(trendRunOfRecord), options);
}

/** The site's pages for a model; the vendored assets are added by `runDashboard`. */
export function dashboardPages(model: DashboardModel, title?: string): SiteFile[] {
  return renderDashboardSite(model, title);
}

export async function runDashboard(
  files: Files,
  options: DashboardRunOptions,
  progress: Progress,
): Promise<DashboardOutcome> {
  files.checkOutputFolder(options.output);
  // A record or an archive month that cannot be read is skipped with a warning naming it; the site shows the rest.
  // Read file by file into series (historyStream.ts): a year of archive is never held as measurements.
  let history: CollectedHistory | undefined = progress.step('Reading history', () =>
    collectHistory(files, options.history, {
      archive: true,
      skip: skippedWarning(progress),
      ...(options.window !== undefined ? { window: options.window } : {}),
      ...(options.statistics ? { statistics: options.statistics } : {}),
      ...(options.allMetrics ? { allMetrics: true } : {}),
    }),
  );
  const requirements: MetricRequirement[] =
    options.requirements !== undefined ? readMetricRequirements(files, options.requirements, 'precise') : [];
  const { history: _h, output: _o, requirements: _r, window: _w, title, ...analysis } = options;
  const model = progress.step('Finding change points', () =>
    buildDashboardOfCollected(history!.runs, history!.collector, { ...analysis, requirements }),
  );
  // The gathered values are in the model now: let them go before the site is made.
  history = undefined;
  const { loadBrowserBundles } = await import('../render/index.js');
  const bundles = await loadBrowserBundles();
  const assets: Record<(typeof ASSET_FILES)[number], string> = {
    'vega.min.js': bundles.vega,
    'vega-lite.min.js': bundles.vegaLite,
    'vega-embed.min.js': bundles.vegaEmbed,
  };
  return progress.step('Writing the site', () => {
    // Each page written as it is made (dashboardSiteFiles): the site is never held whole.
    const written: string[] = [];
    const write = (f: SiteFile) => {
      const path = join(options.output, ...f.path.split('/'));
      files.writeFileAtomic(path, f.content);
      written.push(path);
    };
    for (const page of dashboardSiteFiles(model, title)) write(page);
    for (const name of ASSET_FILES) write({ path: `${ASSETS_FOLDER}/${name}`, content: assets[name] });
    return { model, written, indexPath: written[0]! };
  });
}
