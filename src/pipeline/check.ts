import { join } from 'node:path';
import { checkSummary } from '../engine/check/check.js';
import { summaryFileNameOfRaw } from '../engine/model/experimentType.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { checksFileName, renderChecksCsv } from '../engine/report/checksCsv.js';
import { renderJson } from '../engine/report/json.js';
import { renderMarkdown } from '../engine/report/markdown.js';
import { buildCheckReport, type CheckReport } from '../engine/report/model.js';
import { discoverResults } from './discover.js';
import { checkOutputFolder, ReportWriter } from './files.js';
import { loadResult, readRequirements } from './read.js';
import type { Progress } from './steps.js';

export interface CheckOptions {
  /** Files, folders or glob patterns of summary or raw measurement CSVs. */
  results: readonly string[];
  requirements: string;
  outputDir: string;
  floatParse: FloatParse;
}

export interface CheckOutcome {
  report: CheckReport;
  /** The summary file each sub-experiment's values are in (a written one for raw inputs). */
  summaryFiles: Map<string, string>;
  markdown: string;
  /** Paths of every file written, in the order written. */
  written: string[];
  markdownPath: string;
  jsonPath: string;
}

export const REPORT_MARKDOWN = 'report.md';
export const REPORT_JSON = 'report.json';

/**
 * The `check` job shared by the action and the CLI: read every result (summarising raw files),
 * check against the requirements, write every report file, and only then return the verdict.
 * Input errors are thrown before anything is written.
 */
export function runCheck(options: CheckOptions, progress: Progress): CheckOutcome {
  checkOutputFolder(options.outputDir);
  const { loaded, requirements } = progress.step('Reading results and requirements', () => {
    const discovery = discoverResults(options.results);
    for (const notice of discovery.notices) progress.info(notice);
    const requirements = readRequirements(options.requirements, options.floatParse);
    const loaded = discovery.files.map((file) => loadResult(file, options.floatParse));
    progress.info(`${loaded.length} sub-experiment(s): ${loaded.map((l) => `${l.summary.experimentType} (${l.file.kind} ${l.file.path})`).join(', ')}`);
    return { loaded, requirements };
  });

  const report = progress.step('Checking against requirements', () =>
    buildCheckReport(
      loaded.map((l) => checkSummary(l.summary, requirements)),
      requirements,
    ),
  );
  for (const w of report.warnings) progress.warning(w);

  return progress.step('Writing reports', () => {
    const out = new ReportWriter(options.outputDir);
    const write = out.write.bind(out);
    for (const { file, summaryCsv } of loaded) {
      if (summaryCsv !== undefined) write(summaryFileNameOfRaw(file.path), summaryCsv);
    }
    for (const sub of report.subExperiments) {
      if (sub.status !== 'unchecked') write(checksFileName(sub.experimentType), renderChecksCsv(sub));
    }
    const markdown = renderMarkdown(report);
    const markdownPath = write(REPORT_MARKDOWN, markdown);
    const jsonPath = write(REPORT_JSON, renderJson(report));
    progress.info(`wrote ${out.written.length} file(s) to ${options.outputDir}`);
    const summaryFiles = new Map(
      loaded.map(({ file, summaryCsv }) => [file.experimentType, summaryCsv !== undefined ? join(options.outputDir, summaryFileNameOfRaw(file.path)) : file.path]),
    );
    return { report, summaryFiles, markdown, written: out.written, markdownPath, jsonPath };
  });
}
