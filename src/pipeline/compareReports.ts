import type { ComparisonReport } from '../engine/report/comparison/comparisonReport.js';
import { comparisonFileName, renderComparisonCsv } from '../engine/report/comparison/comparisonCsv.js';
import { comparisonJsonPieces } from '../engine/report/comparison/comparisonJson.js';
import { comparisonMarkdownPieces, renderComparisonMarkdown } from '../engine/report/comparison/comparisonMarkdown.js';
import { uniqueFileStems } from '../engine/report/fileNames.js';
import { PiecesKeptWhenShort } from '../engine/report/pieces.js';
import type { Files } from './rootedFiles.js';

/** A comparison's report and the files it was written to. */
export interface CompareOutcome {
  report: ComparisonReport;
  markdown: string;
  written: string[];
  markdownPath: string;
  jsonPath: string;
}

export const COMPARISON_MARKDOWN = 'comparison.md';
export const COMPARISON_JSON = 'comparison.json';
/** comparison.md's text is kept for the outcome up to this length (8 Mi characters, at most 16 MB); a longer one is rendered again when asked for. */
const MARKDOWN_KEPT_CHARACTERS = 8 << 20;

/**
 * Writes a comparison's files into `outputDir`: the reference's comparison CSV of each Fast-DDS experiment on both
 * sides, then comparison.md and comparison.json, each written as it is rendered.
 */
export function writeComparisonReports(
  files: Files,
  report: ComparisonReport,
  options: { outputDir: string; referenceLabel: string; resultLabel: string },
): CompareOutcome {
  const out = files.reportWriter(options.outputDir);
  const stems = uniqueFileStems(report.subExperiments.map((s) => s.experimentType));
  for (const sub of report.subExperiments) {
    if (sub.reference && sub.result)
      out.write(
        comparisonFileName(stems.get(sub.experimentType) ?? sub.experimentType),
        renderComparisonCsv(sub.reference, sub.result, options.referenceLabel, options.resultLabel),
      );
  }
  // comparison.md's text is kept only when it is short.
  const markdownPieces = new PiecesKeptWhenShort(comparisonMarkdownPieces(report), MARKDOWN_KEPT_CHARACTERS);
  const markdownPath = out.writeInPieces(COMPARISON_MARKDOWN, markdownPieces);
  const jsonPath = out.writeInPieces(COMPARISON_JSON, comparisonJsonPieces(report));
  const kept = markdownPieces.text;
  return {
    report,
    // A long comparison.md is rendered again, only for a caller that asks for its text.
    get markdown() {
      return kept ?? renderComparisonMarkdown(report);
    },
    written: out.written,
    markdownPath,
    jsonPath,
  };
}
