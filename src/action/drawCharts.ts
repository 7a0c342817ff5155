import { describeError } from '../engine/errors.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import type { CheckOutcome } from '../pipeline/check.js';
import type { CompareOutcome } from '../pipeline/compare.js';
import type { HistoryRecord } from '../engine/history/record.js';
import { readHistoryWindow } from '../pipeline/historyFolder.js';
import { writeReportCharts } from '../pipeline/writeReportCharts.js';
import type { HostedChartFile } from './github/chartHosting.js';
import { logSafe } from './logSafety.js';
import type { RunContext } from './context.js';

/**
 * Charts of the check and comparison (files in the report folder) and their Mermaid version for
 * the job summary and comment. Charts never decide anything: a failure here is a warning.
 */
export async function drawCharts(
  context: RunContext,
  outputDir: string,
  check: CheckOutcome | undefined,
  comparison: CompareOutcome | undefined,
  historyFolder: string | undefined,
  floatParse: FloatParse,
  png: boolean,
): Promise<{ mermaid?: string; pngs: HostedChartFile[] } | undefined> {
  return context.out.group('Drawing charts', async () => {
    try {
      let history: HistoryRecord[] = [];
      if (historyFolder !== undefined) {
        try {
          history = readHistoryWindow(context.files, historyFolder, undefined, () => {}); // the comparison warned of a skipped record
        } catch {
          history = []; // a folder of summary runs has no records to chart; the comparison still used it
        }
      }
      const charts = await writeReportCharts(context.files, outputDir, {
        ...(check ? { check } : {}),
        ...(comparison ? { compare: comparison } : {}),
        history,
        floatParse,
        png,
      });
      context.out.info(
        logSafe(`${charts.charts.length} chart(s), ${charts.written.length} file(s); ${charts.reportHtmlPath}`),
      );
      const pngs = charts.charts.flatMap((chart) =>
        chart.files.filter((f) => f.endsWith('.png')).map((path) => ({ path, title: chart.title })),
      );
      return { ...(charts.mermaid === '' ? {} : { mermaid: charts.mermaid }), pngs };
    } catch (error) {
      context.out.warning(`perfgate: charts were not drawn: ${describeError(error)}`);
      return undefined;
    }
  });
}
