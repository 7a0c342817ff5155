import { dirname, join } from 'node:path';
import { summaryFileNameOfRaw } from '../engine/model/experimentType.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { renderSummaryCsv } from '../engine/formats/registry.js';
import { summarize } from '../engine/summarize.js';
import { readRawMeasurements } from './read.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';

export interface SummarizeOptions {
  rawFiles: readonly string[];
  /** Where summaries go; by default next to each raw file. */
  outputDir?: string;
  floatParse: FloatParse;
}

/**
 * `latency_process_results.py` for each raw file: `X.csv` → `X_summary.csv`. Each summary is
 * written as soon as its raw file is done, so an error in a later file loses nothing already written.
 */
export function runSummarize(
  files: Files,
  options: SummarizeOptions,
  progress: Progress,
  onWritten: (path: string) => void = () => {},
): string[] {
  if (options.outputDir !== undefined) files.checkOutputFolder(options.outputDir);
  const written: string[] = [];
  for (const raw of options.rawFiles) {
    progress.step(`Summarising ${raw}`, () => {
      const summary = summarize(readRawMeasurements(files, raw, options.floatParse));
      const path = join(options.outputDir ?? dirname(raw), summaryFileNameOfRaw(raw));
      files.writeFileAtomic(path, renderSummaryCsv(summary));
      written.push(path);
      onWritten(path);
    });
  }
  return written;
}
