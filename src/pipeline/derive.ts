import { deriveRequirements, renderRequirementsCsv } from '../engine/derive/deriveRequirements.js';
import { deriveMetricLimits, renderMetricRequirementsCsv } from '../engine/derive/deriveMetricRequirements.js';
import { writeFileAtomic } from './files.js';
import { readRunFolders } from './historyRuns.js';
import type { ResultsOptions } from './results.js';
import type { Progress } from './steps.js';

export interface DeriveCommandOptions extends ResultsOptions {
  runsFolder: string;
  output: string;
  percentile: number;
  margin: number;
}

/**
 * Requirements from past runs: one sub-folder of result files per run (any format, raw files
 * summarised), in natural order of their names. Fast-DDS runs give the reference's
 * `Experiment type,Bytes,Median,99%,Max` file byte for byte; any other format the general form.
 */
export function runDeriveRequirements(options: DeriveCommandOptions, progress: Progress): { csv: string; runs: number } {
  const runs = progress.step('Reading runs', () => readRunFolders(options.runsFolder, options, progress));
  const fastdds = runs.every((run) => [...run.experiments.values()].every((e) => e.summary !== undefined));
  let csv: string;
  if (fastdds) {
    const derived = deriveRequirements(
      runs.map((run) => ({ name: run.name, summaries: [...run.experiments.values()].map((e) => e.summary!) })),
      { percentile: options.percentile, margin: options.margin },
    );
    for (const d of derived) {
      if (d.runs < runs.length) progress.warning(`${d.experimentType}, ${d.payloadBytes} bytes: only in ${d.runs} of ${runs.length} runs`);
    }
    csv = renderRequirementsCsv(derived);
  } else {
    const limits = deriveMetricLimits(runs, { percentile: options.percentile, margin: options.margin });
    const warned = new Set<string>();
    for (const l of limits) {
      const what = `${l.experiment}, ${l.parameter}, ${l.metric}`;
      if (l.runs < runs.length && !warned.has(what)) {
        warned.add(what);
        progress.warning(`${what}: only in ${l.runs} of ${runs.length} runs`);
      }
    }
    csv = renderMetricRequirementsCsv(limits);
  }
  writeFileAtomic(options.output, csv);
  return { csv, runs: runs.length };
}
