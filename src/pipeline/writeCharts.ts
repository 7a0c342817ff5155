/**
 * Writes the charts of a run: for every chart `charts/<id>.vl.json` (the Vega-Lite spec),
 * `.svg` and `.png`, then `report.html` with all of them; returns the Mermaid Markdown for the PR
 * comment and job summary. SVGs are drawn from the chart model (engine/charts/svg.ts); resvg and
 * report.html's scripts are imported only here, on demand, so runs without charts start without them.
 */
import { checkVerdictTable, comparisonRowsTable, comparisonVerdictTable } from '../engine/report/pages/verdictTable.js';
import { join } from 'node:path';
import { buildCharts, type RawSamples, type ReducedRaw } from '../engine/charts/build.js';
import { chartToMermaid, chartsToMermaidMarkdown } from '../engine/charts/mermaid.js';
import type { Chart, ChartKind } from '../engine/charts/model.js';
import { chartToSvg } from '../engine/charts/svg.js';
import { toVegaLite } from '../engine/charts/vegaLite.js';
import type { Measurement } from '../engine/model/measurement.js';
import type { Summary } from '../engine/model/summary.js';
import type { ComparisonReport } from '../engine/report/comparison/comparisonReport.js';
import type { CheckReport } from '../engine/report/check/model.js';
import { latencyHistoryRuns } from '../engine/charts/latencyHistory.js';
import type { HistoryRecord } from '../engine/history/record.js';
import type { Files } from './rootedFiles.js';

export const CHARTS_FOLDER = 'charts';
export const REPORT_HTML = 'report.html';

export interface ChartsInput {
  /** A CheckOutcome (or anything with its report). */
  check?: { report: CheckReport };
  /** A CompareOutcome (or anything with its report). */
  compare?: { report: ComparisonReport };
  /** The results' summaries; without them the comparison's result summaries are used. */
  summaries?: readonly Summary[];
  /** History records, oldest first (readHistoryWindow's order). */
  history?: readonly HistoryRecord[];
  /** Raw samples per sub-experiment, for histograms and time series (or their reduceRaw reduction). */
  raw?: readonly (RawSamples | ReducedRaw)[];
  /** Measurements of the general model; higher-is-better metrics get throughput charts. */
  measurements?: readonly Measurement[];
  /** report.html's title. */
  title?: string;
  /** Set false to skip PNGs (SVG and specs only). */
  png?: boolean;
}

export interface WrittenChart {
  id: string;
  kind: ChartKind;
  title: string;
  /** Paths of the spec, SVG and PNG. */
  files: string[];
  /** Mermaid blocks with legends, for charts small enough to show inline. */
  mermaid?: string;
}

export interface ChartsOutcome {
  charts: WrittenChart[];
  /** Every path written: each chart's spec, SVG and PNG, in chart order; report.html last. */
  written: string[];
  reportHtmlPath: string;
  /** Markdown with Mermaid xychart-beta blocks of the inline charts (size-capped). */
  mermaid: string;
}

/** The charts the input allows, without drawing anything (cheap; no renderer import). */
export function planCharts(input: ChartsInput): Chart[] {
  return buildCharts({
    ...(input.check ? { check: input.check.report } : {}),
    ...(input.compare ? { comparison: input.compare.report } : {}),
    ...(input.summaries ? { summaries: input.summaries } : {}),
    ...(input.history ? { history: latencyHistoryRuns(input.history), runs: input.history } : {}),
    ...(input.raw ? { raw: input.raw } : {}),
    ...(input.measurements ? { measurements: input.measurements } : {}),
  });
}

/**
 * PNGs not drawn yet, at most, before this thread draws some itself (see pngRenderer.ts): keeps a
 * long run from holding every SVG in memory at once.
 */
const OPEN_PNGS = 8;

export async function writeCharts(files: Files, outputDir: string, input: ChartsInput): Promise<ChartsOutcome> {
  const charts = planCharts(input);
  const folder = join(outputDir, CHARTS_FOLDER);
  files.makeFolder(folder);
  const png = input.png !== false && charts.length > 0;
  // The PNG worker starts first, so it loads resvg while this thread draws the SVGs.
  const render = await import('../render/index.js');
  const pngs = png ? render.startPngRenderer({ prepare: { png: true } }) : undefined;
  try {
    const out: WrittenChart[] = [];
    const forHtml = [];
    // Each PNG write settles to its error or undefined, so none is left rejected and unobserved.
    const pngWrites: Promise<unknown>[] = [];
    for (const chart of charts) {
      const spec = toVegaLite(chart);
      const svg = chartToSvg(chart);
      const names = [`${chart.id}.vl.json`, `${chart.id}.svg`, ...(png ? [`${chart.id}.png`] : [])];
      const paths = names.map((name) => join(folder, name));
      files.writeFileAtomic(paths[0]!, JSON.stringify(spec, null, 2) + '\n');
      files.writeFileAtomic(paths[1]!, svg);
      if (pngs) {
        const path = paths[2]!;
        pngWrites.push(
          pngs
            .render(svg)
            .then((drawn) => files.writeFileAtomic(path, drawn))
            .catch((error: unknown) => error ?? new Error('PNG not drawn')),
        );
        while (pngs.open > OPEN_PNGS) await pngs.help();
      }
      out.push({
        id: chart.id,
        kind: chart.kind,
        title: chart.title,
        files: paths,
        ...(chart.inline ? { mermaid: chartToMermaid(chart) } : {}),
      });
      forHtml.push({
        title: chart.title,
        spec,
        ...(chart.note ? { note: chart.note } : {}),
        files: names.slice(1).map((n) => `${CHARTS_FOLDER}/${n}`),
      });
    }
    await pngs?.finish();
    const failed = (await Promise.all(pngWrites)).find((outcome) => outcome !== undefined);
    if (failed !== undefined) throw failed;
    // What changed against the baseline first, the requirements second (as the comment).
    const verdicts = [
      ...(input.compare ? [comparisonVerdictTable(input.compare.report)] : []),
      ...(input.check ? [checkVerdictTable(input.check.report)] : []),
    ];
    const html = render.renderReportHtml({
      title: input.title ?? 'perfgate report',
      verdicts,
      ...(input.compare ? { rows: comparisonRowsTable(input.compare.report) } : {}),
      charts: forHtml,
      bundles: await render.loadBrowserBundles(),
    });
    const reportHtmlPath = join(outputDir, REPORT_HTML);
    files.writeFileAtomic(reportHtmlPath, html);
    const written = [...out.flatMap((c) => c.files), reportHtmlPath];
    return { charts: out, written, reportHtmlPath, mermaid: chartsToMermaidMarkdown(charts) };
  } finally {
    await pngs?.close();
  }
}
