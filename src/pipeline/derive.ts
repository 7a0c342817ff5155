import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deriveRequirements, renderRequirementsCsv, type Run } from '../engine/derive/deriveRequirements.js';
import { InputError } from '../engine/errors.js';
import { parseSummaryCsv } from '../engine/formats/fastddsSummary.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { byCodePoint } from './discover.js';
import { readText, writeFileAtomic } from './files.js';
import type { Progress } from './steps.js';

export interface DeriveCommandOptions {
  runsFolder: string;
  output: string;
  percentile: number;
  margin: number;
  floatParse: FloatParse;
}

/**
 * Runs are the sub-folders of the runs folder in sorted order (their names are timestamps, so
 * that is chronological); in each, the files whose name contains `summary`, sorted.
 */
export function readRuns(runsFolder: string, floatParse: FloatParse, progress: Progress): Run[] {
  let entries: string[];
  try {
    entries = readdirSync(runsFolder).sort(byCodePoint);
  } catch {
    throw new InputError('cannot find the runs folder', { file: runsFolder });
  }
  const runs: Run[] = [];
  for (const name of entries) {
    const folder = join(runsFolder, name);
    if (!statSync(folder).isDirectory()) continue;
    const files = readdirSync(folder)
      .filter((f) => f.includes('summary') && statSync(join(folder, f)).isFile())
      .sort(byCodePoint);
    if (files.length === 0) {
      progress.warning(`${folder}: no summary files, run skipped`);
      continue;
    }
    runs.push({ name, summaries: files.map((f) => parseSummaryCsv(join(folder, f), readText(join(folder, f)), floatParse)) });
  }
  if (runs.length === 0) throw new InputError('no run folders with summary files', { file: runsFolder });
  return runs;
}

export function runDeriveRequirements(options: DeriveCommandOptions, progress: Progress): { csv: string; runs: number } {
  const runs = progress.step('Reading runs', () => readRuns(options.runsFolder, options.floatParse, progress));
  const derived = deriveRequirements(runs, { percentile: options.percentile, margin: options.margin });
  for (const d of derived) {
    if (d.runs < runs.length) progress.warning(`${d.experimentType}, ${d.payloadBytes} bytes: only in ${d.runs} of ${runs.length} runs`);
  }
  const csv = renderRequirementsCsv(derived);
  writeFileAtomic(options.output, csv);
  return { csv, runs: runs.length };
}
