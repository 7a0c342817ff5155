import { deriveRequirements, renderRequirementsCsv, requirementRowNote } from '../engine/derive/deriveRequirements.js';
import {
  deriveMetricLimits,
  metricRowNotes,
  renderMetricRequirementsCsv,
} from '../engine/derive/deriveMetricRequirements.js';
import { DEFAULT_DERIVE_METHOD, type DeriveMethod } from '../engine/derive/method.js';
import { methodLines } from '../engine/derive/notes.js';
import { InputError } from '../engine/errors.js';
import { experimentSummary } from '../engine/model/measurement.js';
import { readRunFolders } from './historyRuns.js';
import type { ResultsOptions } from './results.js';
import type { Files } from './rootedFiles.js';
import type { Progress } from './steps.js';

export interface DeriveCommandOptions extends ResultsOptions {
  runsFolder: string;
  output: string;
  /** How limits are set; the prediction bound at 99 % per run by default. */
  method?: DeriveMethod;
}

/** The prediction bound needs a spread, and with 2 runs t(q, 1) makes every limit absurdly wide. */
export const MIN_RUNS_FOR_PREDICTION = 3;

export interface DeriveOutcome {
  csv: string;
  runs: number;
  /** What the command states: the method, then each row's limits with their margins. */
  notes: string[];
}

/**
 * Requirements from past runs: one sub-folder of result files per run (any format, raw files
 * summarised), in natural order of their names. Fast-DDS runs give the reference's
 * `Experiment type,Bytes,Median,99%,Max` file (with `--percentile 99 --margin 0`, byte for byte
 * the reference's values); any other format the general form, whose `#` comment lines state the
 * method and each row's margins.
 */
export function runDeriveRequirements(files: Files, options: DeriveCommandOptions, progress: Progress): DeriveOutcome {
  const method = options.method ?? DEFAULT_DERIVE_METHOD;
  const runs = progress.step('Reading runs', () => readRunFolders(files, options.runsFolder, options, progress));
  if (method.kind === 'prediction' && runs.length < MIN_RUNS_FOR_PREDICTION) {
    throw new InputError(
      `found ${runs.length} run${runs.length === 1 ? '' : 's'}; a limit from the runs' spread needs at least ${MIN_RUNS_FOR_PREDICTION}. ` +
        'Add runs, or set the rule yourself: --percentile 100 --margin 0.2 takes the worst run plus 20 %',
      { file: options.runsFolder },
    );
  }
  const floorMargin = method.kind === 'prediction' ? method.floorMargin : 0;
  const summaries = runs.map((run) =>
    [...run.experiments].map(([experiment, e]) => experimentSummary(experiment, e.sets)),
  );
  const fastdds = summaries.every((run) => run.every((s) => s !== undefined));
  let csv: string;
  let notes: string[];
  if (fastdds) {
    const derived = deriveRequirements(
      runs.map((run, i) => ({ name: run.name, summaries: summaries[i]!.map((s) => s!) })),
      method,
    );
    for (const d of derived.requirements) {
      if (d.runs < runs.length)
        progress.warning(`${d.experimentType}, ${d.payloadBytes} bytes: only in ${d.runs} of ${runs.length} runs`);
    }
    const limits = derived.requirements.reduce((n, r) => n + Object.values(r.limits).filter(Number.isFinite).length, 0);
    notes = [
      ...methodLines(method, {
        runs: runs.length,
        limits,
        ...(derived.perLimitConfidence !== undefined ? { perLimitConfidence: derived.perLimitConfidence } : {}),
      }),
      ...derived.requirements.map((r) => requirementRowNote(r, floorMargin)),
    ];
    // The reference form carries no comment: the reference check would read one as its header.
    csv = renderRequirementsCsv(derived.requirements);
  } else {
    const derived = deriveMetricLimits(runs, method);
    const warned = new Set<string>();
    for (const l of derived.limits) {
      const what = `${l.experiment}, ${l.parameter}, ${l.metric}`;
      if (l.runs < runs.length && !warned.has(what)) {
        warned.add(what);
        progress.warning(`${what}: only in ${l.runs} of ${runs.length} runs`);
      }
    }
    const limits = derived.limits.filter((l) => Number.isFinite(l.limit)).length;
    const stated = methodLines(method, {
      runs: runs.length,
      limits,
      ...(derived.perLimitConfidence !== undefined ? { perLimitConfidence: derived.perLimitConfidence } : {}),
    });
    notes = [...stated, ...metricRowNotes(derived.limits, floorMargin)];
    csv = renderMetricRequirementsCsv(derived.limits, { method: stated, floorMargin });
  }
  files.writeFileAtomic(options.output, csv);
  return { csv, runs: runs.length, notes };
}
