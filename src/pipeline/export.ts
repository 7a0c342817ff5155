import type { Direction } from '../engine/model/measurement.js';
import { renderBmf, renderGithubActionBenchmark, type Exported, type ExportFormat } from '../engine/export/export.js';
import { loadResults, type ResultsOptions } from './results.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';

export interface ExportOptions extends ResultsOptions {
  files: readonly string[];
  to: ExportFormat;
  /** github-action-benchmark: the direction of the metrics to write. */
  direction?: Direction;
  /** Where to write; undefined: the caller prints the text. */
  output?: string;
}

/**
 * Reads result files of any format the way `check` does and writes them as BMF or
 * github-action-benchmark JSON (src/engine/export/export.ts says how).
 */
export function runExport(files: Files, options: ExportOptions, progress: Progress): Exported {
  const loaded = progress.step('Reading results', () => loadResults(files, options.files, options, progress));
  const measurements = [...loaded.experiments.values()].flatMap((e) => e.measurements);
  const exported =
    options.to === 'bmf' ? renderBmf(measurements) : renderGithubActionBenchmark(measurements, options.direction);
  for (const note of exported.notes) progress.warning(note);
  if (options.output !== undefined) files.writeFileAtomic(options.output, exported.text);
  return exported;
}
