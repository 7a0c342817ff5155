/**
 * The one home of the rules between settings and of the option bags the shells hand to the pipeline.
 * A shell reads what the user gave, as text and as the user spelled it, and calls these functions; they
 * check which combinations are allowed and what needs what, parse each setting with its one parser
 * (engine/options.ts, engine/settings/verdict.ts), fill in the defaults, and return the validated bag,
 * or throw a UsageError naming the flag or input (spelling.ts). A rule or default is written here only.
 */
import { UsageError } from '../errors.js';
import type { FloatParse } from '../numeric/parseNumber.js';
import {
  experimentNamePairs,
  floatParseSetting,
  formatSetting,
  parseExperimentNames,
  parseMaxMinutes,
  parseMaxPairs,
  parseRunTimeout,
  repetitionsSetting,
  skipSecondsSetting,
  type RepetitionMode,
} from '../options.js';
import { parseConfidence, parseGateStatistics, parseMissingPolicy, parseThresholds } from './verdict.js';
import { DEFAULT_MISSING, type MissingPolicy } from '../compare/presence.js';
import type { Spelling } from './spelling.js';

export { ACTION_SPELLING, CLI_SPELLING, type Spelling } from './spelling.js';

/** How result files are read, as the user gave it: text as typed; absent (or an empty input) is unset. */
export interface ReadGiven {
  floatParse?: string | undefined;
  format?: string | undefined;
  mapping?: string | undefined;
  skipSeconds?: string | undefined;
  repetitions?: string | undefined;
  /** `from=to` renames: several values (repeated flags) or one holding several (lines or commas). */
  experimentNames?: readonly string[] | undefined;
}

/** How result files are read, validated: the same for results, reference, history and the record. */
export interface ReadSettings {
  floatParse: FloatParse;
  /** A format id for every file; absent: detected per file. */
  format?: string;
  /** The generic CSV mapping file to read (the shell reads it: the engine reads no files). */
  mappingFile?: string;
  /** Per-second outputs (ddsperf): warm-up seconds to drop. */
  skipSeconds?: number;
  /** Several files of one experiment in a set: an error (absent), repetitions to pool, or independent runs. */
  repetitions?: RepetitionMode;
  /** Experiment names to replace in every set read (from → to). */
  experimentNames?: Map<string, string>;
}

/** `float-parse`, `experiment-name(s)`, `repetitions`, `format` with `mapping`, and `skip-seconds`. */
export function readSettings(given: ReadGiven, spelling: Readonly<Spelling>): ReadSettings {
  const out: ReadSettings = { floatParse: floatParseSetting(given.floatParse, spelling.floatParse) };
  const renames = experimentNamePairs(given.experimentNames ?? []);
  if (renames.length > 0) out.experimentNames = parseExperimentNames(renames, spelling.experimentNames);
  const repetitions = repetitionsSetting(given.repetitions, spelling.repetitions);
  if (repetitions !== undefined) out.repetitions = repetitions;
  const { format, mappingFile } = formatSetting(given, { format: spelling.format, mapping: spelling.mapping });
  if (format !== undefined) out.format = format;
  if (mappingFile !== undefined) out.mappingFile = mappingFile;
  const skipSeconds = skipSecondsSetting(given.skipSeconds, spelling.skipSeconds);
  if (skipSeconds !== undefined) out.skipSeconds = skipSeconds;
  return out;
}

/** What a comparison was given: which references, and the verdict settings as typed. */
export interface ComparisonGiven {
  /**
   * How the reference was given: as paths (CLI `--reference`, action `baseline`), or found through the API (the
   * action's `baseline: auto` or `run:<id>`); absent when none was.
   */
  reference?: 'paths' | 'found' | undefined;
  /** Whether a history folder was given. */
  history: boolean;
  paired: boolean;
  maxPairs?: string | undefined;
  /** Whether the shared-shift model was asked for (CLI `--shared-shift`, action `shared-shift: true`). */
  sharedShift?: boolean | undefined;
  /** false: the whole-suite budget turned off (CLI `--no-suite-budget`, action `suite-budget: false`). */
  suiteBudget?: boolean | undefined;
  confidence?: string | undefined;
  gate?: string | undefined;
  threshold?: string | undefined;
  /** What a benchmark the results lack does: `fail` or `warn` (CLI `--missing`, action input `missing`). */
  missing?: string | undefined;
}

/** How a comparison decides, validated: what runCompare takes beside the sets to compare. */
export interface ComparisonSettings {
  thresholds: ReturnType<typeof parseThresholds>;
  /** Which statistics can fail (default: the primary statistic). */
  gate?: ReturnType<typeof parseGateStatistics>;
  /** Interleaved A/B pairs of base and candidate runs from the same runner. */
  paired?: boolean;
  /** With `paired`: the cap of a sequential A/B run; the pairs given are one look of it. */
  maxPairs?: number;
  /**
   * With `paired`: model the shared shift of each pair (docs/statistics.md, "The shared shift of a run"): the suite
   * of every gated row of a metric and statistic across the experiments, each benchmark judged on its change relative
   * to the suite.
   */
  sharedShift?: boolean;
  /**
   * With a history, false: decide each gated statistic at the confidence alone instead of the whole suite's families
   * together (compare/suiteBudget.ts, on by default).
   */
  suiteBudget?: false;
  /** The gate's confidence per gated statistic family (absent: the method's default). */
  confidence?: number;
  /** A benchmark of the reference (main's newest run) that the results lack: a warning row (default) or a failure. */
  missing?: MissingPolicy;
}

/**
 * The rules between the settings of a comparison, checked before anything is parsed: a reference or a history, not
 * both; `paired` needs A/B pairs (a reference given as paths, no history); `max-pairs` and `shared-shift` are only for
 * `paired`; turning the whole-suite budget off only for a history.
 */
export function comparisonRules(given: ComparisonGiven, spelling: Readonly<Spelling>): void {
  if (given.reference !== undefined && given.history)
    throw new UsageError(`${spelling.compare}give ${spelling.reference} or ${spelling.history}, not both`);
  if (given.paired && (given.history || given.reference !== 'paths')) throw new UsageError(spelling.pairedNeedsPairs);
  if (given.maxPairs !== undefined && !given.paired)
    throw new UsageError(
      `${spelling.compare}${spelling.maxPairs} is the cap of a sequential A/B run; it needs ${spelling.pairedOn}`,
    );
  if (given.sharedShift && !given.paired)
    throw new UsageError(
      `${spelling.compare}${spelling.sharedShift} models the shared shift of each A/B pair; it needs ${spelling.pairedOn}`,
    );
  if (given.suiteBudget === false && !given.history)
    throw new UsageError(
      `${spelling.compare}${spelling.suiteBudgetOff} turns off the whole-suite budget of a history gate; it needs ${spelling.history}`,
    );
}

/** The rules, then each verdict setting parsed over its default: the bag runCompare takes. */
export function comparisonSettings(given: ComparisonGiven, spelling: Readonly<Spelling>): ComparisonSettings {
  comparisonRules(given, spelling);
  const thresholds = parseThresholds(given.threshold, spelling.threshold);
  const maxPairs = parseMaxPairs(given.maxPairs, spelling.maxPairs);
  const confidence = parseConfidence(given.confidence, spelling.confidence);
  const missing = parseMissingPolicy(given.missing, spelling.missing) ?? DEFAULT_MISSING;
  return {
    thresholds,
    missing,
    ...(given.paired ? { paired: true } : {}),
    ...(maxPairs !== undefined ? { maxPairs } : {}),
    ...(given.sharedShift ? { sharedShift: true } : {}),
    ...(given.suiteBudget === false ? { suiteBudget: false as const } : {}),
    ...(confidence !== undefined ? { confidence } : {}),
    gate: parseGateStatistics(given.gate, spelling.gate),
  };
}

/** The two-stage gate's confirmation as the user gave it: text as typed; absent (or empty) is unset. */
export interface ConfirmGiven {
  command?: string | undefined;
  baseDir?: string | undefined;
  headDir?: string | undefined;
  maxPairs?: string | undefined;
  /** The time limit of one run of the command, in minutes. */
  runTimeout?: string | undefined;
  /** The time budget of the whole confirmation, in minutes. */
  maxMinutes?: string | undefined;
  /** Whether there is a first stage to confirm: a history or a baseline (as paths or found). */
  firstStage: boolean;
  paired: boolean;
}

/** The confirmation of a two-stage gate, validated: what runConfirm takes beside the first stage's settings. */
export interface ConfirmSettings {
  command: string;
  /** The base build's folder; absent: the action makes it from the base commit (action/baseTree.ts). */
  baseDir?: string;
  /** The head build's folder; absent: the working directory (the workspace). */
  headDir?: string;
  /** The cap of the confirmation's pairs; absent: confirm's own (engine/confirm/plan.ts, 24). */
  maxPairs?: number;
  /** The time limit of one run of the command, in milliseconds; absent: confirm's own (60 min). */
  runTimeoutMs?: number;
  /** The time budget of the whole confirmation, in milliseconds: it stops at the look that would overrun it. */
  maxMs?: number;
}

/**
 * The rules of a two-stage gate: the confirmation needs its command and a first stage to confirm (a history or a
 * baseline), which is not already A/B pairs; the base build's folder is optional (the action makes one from the base
 * commit). Undefined when no confirmation was asked for.
 */
export function confirmSettings(given: ConfirmGiven, spelling: Readonly<Spelling>): ConfirmSettings | undefined {
  const named: [string | undefined, string][] = [
    [given.baseDir, spelling.confirmBaseDir],
    [given.headDir, spelling.confirmHeadDir],
    [given.maxPairs, spelling.confirmMaxPairs],
    [given.runTimeout, spelling.confirmRunTimeout],
    [given.maxMinutes, spelling.confirmMaxMinutes],
  ];
  const command = given.command?.trim() ?? '';
  if (command === '') {
    const stray = named.find(([value]) => value !== undefined && value.trim() !== '');
    if (stray !== undefined)
      throw new UsageError(
        `${spelling.compare}${stray[1]} is for the confirmation; it needs ${spelling.confirmCommand}`,
      );
    return undefined;
  }
  if (!given.firstStage)
    throw new UsageError(
      `${spelling.compare}${spelling.confirmCommand} confirms what a first stage flagged; it needs ${spelling.history} or ${spelling.reference}`,
    );
  if (given.paired)
    throw new UsageError(
      `${spelling.compare}${spelling.confirmCommand} reruns the pairs a history or baseline flagged; with ${spelling.pairedOn} the first stage is already A/B pairs`,
    );
  const baseDir = given.baseDir?.trim() ?? '';
  const headDir = given.headDir?.trim() ?? '';
  const maxPairs = parseMaxPairs(given.maxPairs, spelling.confirmMaxPairs);
  const runTimeoutMs = parseRunTimeout(given.runTimeout, spelling.confirmRunTimeout);
  const maxMs = parseMaxMinutes(given.maxMinutes, spelling.confirmMaxMinutes);
  return {
    command,
    ...(baseDir !== '' ? { baseDir } : {}),
    ...(headDir !== '' ? { headDir } : {}),
    ...(maxPairs !== undefined ? { maxPairs } : {}),
    ...(runTimeoutMs !== undefined ? { runTimeoutMs } : {}),
    ...(maxMs !== undefined ? { maxMs } : {}),
  };
}
