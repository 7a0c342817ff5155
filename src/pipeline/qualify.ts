/**
 * The `qualify` step: A/A on one build on this runner. Runs the user's benchmark command in N pairs
 * through confirm's pair runner (both sides of a pair the same build, in ABBA order, with the same
 * {output}, {outdir} and {filter}), judges the pairs as confirm judges A/B pairs, with the shared-shift model
 * unless `sharedShift` is off (engine/confirm/qualify.ts), and writes qualify.md and qualify.json beside the run folders.
 */
import { join } from 'node:path';
import { filterPattern } from '../engine/confirm/plan.js';
import { qualify, type AaPair, type Qualification } from '../engine/confirm/qualify.js';
import { renderQualifyJson, renderQualifyMarkdown } from '../engine/confirm/qualifyReport.js';
import { resolveVerdictSettings } from '../engine/settings/verdict.js';
import { UsageError } from '../engine/errors.js';
import type { ComparisonSettings } from '../engine/settings/rules.js';
import { elapsed, mustBeFolder, pairRunner, shellWord, type ConfirmPorts } from './confirm.js';
import { readRunFolders } from './historyRuns.js';
import type { ResultsOptions } from './results.js';
import type { Files } from './rootedFiles.js';
import { silentProgress } from './steps.js';

export interface QualifyOptions extends ResultsOptions, ComparisonSettings {
  dir: string;
  command: string;
  /** The A/A pairs to run. */
  pairs: number;
  /** The cap of the confirmation being qualified. */
  maxPairs: number;
  outputDir: string;
  /** The time limit of one run of the command, in milliseconds (confirm's default). */
  runTimeoutMs?: number;
}

export interface QualifyOutcome {
  qualification: Qualification;
  /** The runs in the order they ran. */
  order: string[];
  markdownPath: string;
  jsonPath: string;
}

/** Qualifies this runner for a confirmation: see the file's comment. Bad input and a failing run throw (exit 2). */
export async function runQualify(
  files: Files,
  options: QualifyOptions,
  ports: ConfirmPorts,
  say: (line: string) => void,
): Promise<QualifyOutcome> {
  const dir = mustBeFolder(files, options.dir, '--dir', 'qualify');
  if (options.command.trim() === '') throw new UsageError('qualify: --command is empty');
  const format = options.format === undefined || options.format === 'auto' ? undefined : options.format;
  const filter = filterPattern(format, undefined);
  const runner = pairRunner(files, { ...options, cwd: { base: dir, head: dir }, filter, name: 'qualify' }, ports, say);
  const started = ports.now();
  say(
    `perfgate qualify: ${options.pairs} A/A pairs of ${dir} for a confirmation of at most ${options.maxPairs} pairs; ` +
      `{filter} = ${filter === '' ? "'' (everything)" : shellWord(filter)}`,
  );
  for (let pair = 1; pair <= options.pairs; pair++) {
    await runner.runPair(pair);
    say(`perfgate qualify: pair ${pair} of ${options.pairs} (${elapsed(ports.now() - started)})`);
  }
  const [first, second] = (['base', 'head'] as const).map((side) =>
    readRunFolders(files, join(runner.runs, side), options, silentProgress),
  ) as [ReturnType<typeof readRunFolders>, ReturnType<typeof readRunFolders>];
  const pairs: AaPair[] = first.map((run, i) => ({ reference: run.experiments, result: second[i]!.experiments }));
  const verdict = resolveVerdictSettings('paired', {
    confidence: options.confidence,
    thresholds: options.thresholds,
    gate: options.gate,
  });
  const qualification = qualify(
    pairs,
    options.thresholds,
    { ...verdict, sharedShift: options.sharedShift === true },
    options.maxPairs,
  );
  const markdownPath = join(options.outputDir, 'qualify.md');
  const jsonPath = join(options.outputDir, 'qualify.json');
  files.writeBytes(markdownPath, renderQualifyMarkdown(qualification));
  files.writeBytes(jsonPath, renderQualifyJson(qualification));
  say(
    qualification.fit
      ? `perfgate qualify: fit (${elapsed(ports.now() - started)})`
      : `perfgate qualify: unfit: ${qualification.reasons.join('; ')}`,
  );
  return { qualification, order: runner.order, markdownPath, jsonPath };
}
