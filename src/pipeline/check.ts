import { join } from 'node:path';
import { checkSummary } from '../engine/check/check.js';
import { checkMeasurements } from '../engine/check/metricCheck.js';
import { resultSetOfSummary } from '../engine/formats/fastddsMeasurements.js';
import type { Measurement } from '../engine/model/measurement.js';
import type { Summary } from '../engine/model/summary.js';
import type { ParseOptions } from '../engine/formats/adapter.js';
import { summaryFileNameOfRaw } from '../engine/model/experimentType.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { checksFileName, renderChecksCsv } from '../engine/report/checksCsv.js';
import { renderJson } from '../engine/report/json.js';
import { renderMarkdown } from '../engine/report/markdown.js';
import { buildCheckReport, type CheckReport } from '../engine/report/model.js';
import { uniqueFileStems } from '../engine/report/fileNames.js';
import { discoverResults, type ResultFile } from './discover.js';
import { isReferenceRequirementsFile, loadResultSet, readMetricRequirements } from './resultSets.js';
import { checkOutputFolder, ReportWriter } from './files.js';
import { loadResult, readRequirements } from './read.js';
import type { Progress } from './steps.js';

export interface CheckOptions extends ParseOptions {
  /** Files, folders or glob patterns of result files (any supported format). */
  results: readonly string[];
  requirements: string;
  outputDir: string;
  floatParse: FloatParse;
  /** A format id to read every result file with; `auto` or absent detects each file's format. */
  format?: string;
}

export interface CheckOutcome {
  report: CheckReport;
  /** Every result as the common model (Fast-DDS summaries as latency measurements). */
  measurements: Measurement[];
  /** The Fast-DDS summaries checked (empty for other formats). */
  summaries: Summary[];
  /** Fast-DDS raw inputs, whose samples charts draw as histograms and time series. */
  rawFiles: { experimentType: string; path: string }[];
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
  const discovery = progress.step('Finding result files', () => {
    const discovery = discoverResults(options.results, { formats: true, ...(options.format !== undefined ? { format: options.format } : {}) });
    for (const notice of discovery.notices) progress.info(notice);
    return discovery;
  });
  // Fast-DDS results against a reference requirements file take the reference path, whose CSVs
  // are byte-identical to latency_check_experiment.py; everything else is checked per metric.
  const reference = discovery.files.every((f) => f.kind !== 'format') && isReferenceRequirementsFile(options.requirements);
  if (!reference) return runMetricCheck(options, discovery.files, progress);
  const { loaded, requirements } = progress.step('Reading results and requirements', () => {
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
    const summaries = loaded.map((l) => l.summary);
    const measurements = summaries.flatMap((s) => resultSetOfSummary(s, 'fastdds-summary').measurements);
    const rawFiles = loaded.filter((l) => l.file.kind === 'raw').map((l) => ({ experimentType: l.file.experimentType, path: l.file.path }));
    return { report, measurements, summaries, rawFiles, summaryFiles, markdown, written: out.written, markdownPath, jsonPath };
  });
}

/** Results of any format against requirements of either form, checked metric by metric. */
function runMetricCheck(options: CheckOptions, files: readonly ResultFile[], progress: Progress): CheckOutcome {
  const { loaded, requirements } = progress.step('Reading results and requirements', () => {
    const requirements = readMetricRequirements(options.requirements, options.floatParse);
    const loaded = files.map((file) => loadResultSet(file, options));
    for (const { set } of loaded) {
      const experiments = [...new Set(set.measurements.map((m) => m.experiment))];
      progress.info(`${set.file}: ${set.format}, ${set.measurements.length} measurement(s) of ${experiments.join(', ')}`);
      for (const note of set.notes) progress.info(`${set.file}: ${note}`);
    }
    return { loaded, requirements };
  });
  const report = progress.step('Checking against requirements', () =>
    buildCheckReport(
      checkMeasurements(
        loaded.map((l) => l.set),
        requirements,
      ),
      requirements.map((r) => r.experiment),
    ),
  );
  for (const w of report.warnings) progress.warning(w);
  return progress.step('Writing reports', () => {
    const out = new ReportWriter(options.outputDir);
    const write = out.write.bind(out);
    const summaryFiles = new Map<string, string>();
    for (const { file, set, fastdds } of loaded) {
      let source = file.path;
      if (fastdds?.summaryCsv !== undefined) source = write(summaryFileNameOfRaw(file.path), fastdds.summaryCsv);
      for (const m of set.measurements) if (!summaryFiles.has(m.experiment)) summaryFiles.set(m.experiment, source);
    }
    // Names come from file content here, so they are made safe to use as file names.
    const stems = uniqueFileStems(report.subExperiments.map((s) => s.experimentType));
    for (const sub of report.subExperiments) {
      if (sub.status !== 'unchecked') write(checksFileName(stems.get(sub.experimentType)!), renderChecksCsv(sub));
    }
    const markdown = renderMarkdown(report);
    const markdownPath = write(REPORT_MARKDOWN, markdown);
    const jsonPath = write(REPORT_JSON, renderJson(report));
    progress.info(`wrote ${out.written.length} file(s) to ${options.outputDir}`);
    const summaries = loaded.flatMap((l) => (l.fastdds ? [l.fastdds.summary] : []));
    const measurements = loaded.flatMap((l) => l.set.measurements);
    const rawFiles = loaded.filter((l) => l.file.kind === 'raw').map((l) => ({ experimentType: l.file.experimentType, path: l.file.path }));
    return { report, measurements, summaries, rawFiles, summaryFiles, markdown, written: out.written, markdownPath, jsonPath };
  });
}
