import { checkMeasurements } from '../engine/check/metricCheck.js';
import { experimentSummary, type Measurement, type ResultSet } from '../engine/model/measurement.js';
import type { Summary } from '../engine/model/summary.js';
import { summaryFileNameOfRaw } from '../engine/model/experimentType.js';
import { renderSummaryCsv } from '../engine/formats/registry.js';
import { checksFileName, renderChecksCsv } from '../engine/report/check/checksCsv.js';
import { renderJson } from '../engine/report/check/json.js';
import { renderMarkdown } from '../engine/report/check/markdown.js';
import { buildCheckReport, type CheckReport } from '../engine/report/check/model.js';
import { uniqueFileStems } from '../engine/report/fileNames.js';
import { isReferenceRequirementsFile, readMetricRequirements } from './resultSets.js';
import { loadResults, skippedWarnings, type ResultsOptions } from './results.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';

export interface CheckOptions extends ResultsOptions {
  /** Files, folders or glob patterns of result files (any supported format). */
  results: readonly string[];
  requirements: string;
  outputDir: string;
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
 *
 * One path for every format: results are read into the common model. Fast-DDS results against a
 * reference requirements file are checked with the reference's arithmetic and rendered as its
 * byte-identical CSVs; everything else is checked metric by metric.
 */
export function runCheck(files: Files, options: CheckOptions, progress: Progress): CheckOutcome {
  files.checkOutputFolder(options.outputDir);
  const results = progress.step('Finding and reading result files', () =>
    loadResults(files, options.results, options, progress),
  );
  const experiments = [...results.experiments.values()];
  // Fast-DDS results against a reference requirements file are checked and rendered as the
  // reference does (byte-identical checks_<type>.csv); the check itself is the same for every format.
  const summaries = experiments.flatMap((e) => experimentSummary(e.experiment, e.sets) ?? []);
  const reference =
    experiments.length > 0 &&
    summaries.length === experiments.length &&
    isReferenceRequirementsFile(files, options.requirements);
  const report = progress.step('Checking against requirements', () => {
    const requirements = readMetricRequirements(files, options.requirements, options.floatParse);
    for (const e of experiments)
      progress.info(
        `${e.experiment}: ${e.measurements.length} measurement(s), ${e.format}, from ${e.files.join(', ')}`,
      );
    const sets: ResultSet[] = experiments.map((e) => ({
      format: e.format,
      file: e.source,
      measurements: e.measurements,
      notes: [],
    }));
    return buildCheckReport(
      checkMeasurements(sets, requirements, { reference }),
      requirements.map((r) => r.experiment),
    );
  });
  // Pooling is a setting the user chose: a note of the report, never a warning.
  if (results.pooled.length > 0) report.notes = [...results.pooled];
  // A benchmark its tool could not measure has no row: a warning carries the tool's message.
  report.warnings.push(...skippedWarnings(results.skipped));
  for (const w of report.warnings) progress.warning(w);
  // An optional requirement is a deliberate setting: its skip is said, not warned about.
  for (const s of report.skipped) progress.info(`skipped: ${s}`);

  return progress.step('Writing reports', () => {
    const out = files.reportWriter(options.outputDir);
    const write = out.write.bind(out);
    const summaryFiles = new Map<string, string>();
    for (const { file, set } of results.files) {
      let source = file.path;
      // A raw file's summary CSV, as the reference would have written it next to the checks.
      if (file.format === 'fastdds-raw' && set.summary)
        source = write(summaryFileNameOfRaw(file.path), renderSummaryCsv(set.summary));
      for (const m of set.measurements) if (!summaryFiles.has(m.experiment)) summaryFiles.set(m.experiment, source);
    }
    // One checks file per sub-experiment in the results that has rows: none for a required one
    // that is absent (the reference writes none either). Names from file content are made safe to
    // use as file names; reference names are kept as they are.
    const checked = report.subExperiments.filter((s) => s.rows.length > 0 && !s.absent);
    const stems = reference ? undefined : uniqueFileStems(checked.map((s) => s.experimentType));
    for (const sub of checked)
      write(checksFileName(stems?.get(sub.experimentType) ?? sub.experimentType), renderChecksCsv(sub));
    const markdown = renderMarkdown(report);
    const markdownPath = write(REPORT_MARKDOWN, markdown);
    const jsonPath = write(REPORT_JSON, renderJson(report));
    progress.info(`wrote ${out.written.length} file(s) to ${options.outputDir}`);
    const measurements = experiments.flatMap((e) => e.measurements);
    const rawFiles = results.files
      .filter((l) => l.file.format === 'fastdds-raw')
      .map((l) => ({ experimentType: l.set.summary?.experimentType ?? l.file.experimentType, path: l.file.path }));
    return {
      report,
      measurements,
      summaries,
      rawFiles,
      summaryFiles,
      markdown,
      written: out.written,
      markdownPath,
      jsonPath,
    };
  });
}
