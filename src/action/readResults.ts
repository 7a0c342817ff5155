import { InputError } from '../engine/errors.js';
import { loadResults, type LoadedResults, type ResultsOptions } from '../pipeline/results.js';
import { downloadResultArtifacts } from './autoBaseline.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import { logSafe } from './logSafety.js';

/** Input `results-artifacts`: downloads the matching artifacts of this run; their folders are read as results too. */
export async function downloadResults(
  token: string | undefined,
  pattern: string,
  context: RunContext,
): Promise<string[]> {
  return context.out.group('Downloading result artifacts', async () => {
    const downloaded = await downloadResultArtifacts(token ?? '', pattern, context);
    for (const note of downloaded.notes) context.out.warning(note);
    for (const folder of downloaded.folders) context.out.info(logSafe(`results from ${folder}`));
    return downloaded.folders;
  });
}

/** How result files are read, the same for results, baseline, history and the record. */
export function readOptionsOf(inputs: ActionInputs): ResultsOptions {
  return {
    floatParse: inputs.floatParse,
    ...(inputs.format !== undefined ? { format: inputs.format } : {}),
    ...(inputs.skipSeconds !== undefined ? { skipSeconds: inputs.skipSeconds } : {}),
    ...(inputs.mapping !== undefined ? { mapping: inputs.mapping } : {}),
    ...(inputs.repetitions !== undefined ? { repetitions: inputs.repetitions } : {}),
    ...(inputs.experimentNames !== undefined ? { experimentNames: inputs.experimentNames } : {}),
  };
}

/**
 * The results of a run that neither checks nor compares: read and validated like any other, and
 * an error when they hold no measurement. Its notices go to the log once.
 */
export function readResultsAlone(inputs: ActionInputs, context: RunContext): LoadedResults {
  const loaded = context.progress.step('Finding and reading result files', () =>
    loadResults(context.files, inputs.results, readOptionsOf(inputs), context.progress),
  );
  if (countMeasurements(loaded) === 0) {
    throw new InputError(
      `no measurements were read from input "results" (${inputs.results.join(', ')}): the files hold no benchmark results`,
    );
  }
  context.out.info(logSafe(`read ${describeRead(loaded)}`));
  for (const sentence of loaded.pooled) context.out.info(logSafe(sentence));
  return loaded;
}

function countMeasurements(loaded: LoadedResults): number {
  let n = 0;
  for (const e of loaded.experiments.values()) n += e.measurements.length;
  return n;
}

/**
 * What a results set held, in a reader's words: "12 benchmarks (3 experiments) from 2 files". A
 * benchmark is one experiment at one parameter (a Go sub-benchmark, a JMH @Param point, a payload
 * size); the experiments are named only when they are fewer.
 */
export function describeRead(loaded: LoadedResults): string {
  const benchmarks = new Set<string>();
  for (const e of loaded.experiments.values())
    for (const m of e.measurements) benchmarks.add(`${e.experiment}\u0000${m.parameter.label}`);
  const experiments = loaded.experiments.size;
  const files = loaded.files.length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(benchmarks.size, 'benchmark')}${experiments < benchmarks.size ? ` (${plural(experiments, 'experiment')})` : ''} from ${plural(files, 'file')}`;
}
