/**
 * One parser per user setting that both shells take: the CLI's flags and the action's inputs call
 * the same function, so a setting's rule, default and message are written once. `name` is how the
 * user spelled the setting (`--skip-seconds` or `input "skip-seconds"`), so a message names what
 * they typed. An unset setting is `undefined`: a flag not given, or an empty action input.
 * The verdict settings (confidence, threshold, gate) have their own module (settings/verdict.ts); the rules between
 * settings, and the option bags the shells hand to the pipeline, are in settings/.
 */
import { UsageError } from './errors.js';
import { formatIds } from './formats/registry.js';
import { FLOAT_PARSE_MODES, type FloatParse } from './numeric/parseNumber.js';

/** Where the reports are written when the user names no folder (`--output-dir`, input `output-dir`). */
export const DEFAULT_OUTPUT_DIR = 'perfgate-report';

/** A number that must pass `valid`; `expected` says in words what passes ("a whole number, 0 or more"). */
export function numberSetting(
  text: string | undefined,
  name: string,
  fallback: number,
  valid: (v: number) => boolean,
  expected: string,
): number {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || !valid(v))
    throw new UsageError(`${name} must be ${expected}; got "${text}"`);
  return v;
}

/** One of a fixed list of words. */
export function choiceSetting<T extends string>(
  text: string | undefined,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (text === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(text))
    throw new UsageError(`${name} must be one of ${allowed.join(', ')}; got "${text}"`);
  return text as T;
}

/** How numbers in result files are read; `precise` unless the user says otherwise. */
export function floatParseSetting(text: string | undefined, name: string): FloatParse {
  return choiceSetting(text, name, FLOAT_PARSE_MODES, 'precise');
}

/** Warm-up seconds to drop from per-second outputs. 0 means what it says, "skip nothing", on both shells. */
export function skipSecondsSetting(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  return numberSetting(text, name, 0, (v) => Number.isInteger(v) && v >= 0, 'a whole number of seconds, 0 or more');
}

/**
 * The most runs a history folder keeps: a recording run reads every record of the window from the
 * history branch (two GraphQL queries for 100), and a window's records are what the dashboard and
 * trends draw.
 */
export const MAX_HISTORY_WINDOW = 100;

/** How many runs a history folder keeps. */
export function historyWindowSetting(text: string | undefined, name: string, fallback: number): number {
  return numberSetting(
    text,
    name,
    fallback,
    (v) => Number.isInteger(v) && v >= 1 && v <= MAX_HISTORY_WINDOW,
    `a whole number of runs from 1 to ${MAX_HISTORY_WINDOW}`,
  );
}

/** How the user spells the two settings that choose a format, for the messages. */
export interface FormatSettingNames {
  format: string;
  mapping: string;
}

/** The format every result file is read with (absent: detected per file), and the generic CSV mapping file to read. */
export interface FormatSelection {
  format?: string;
  mappingFile?: string;
}

/**
 * `format` and `mapping` together. `auto` (or nothing) detects the format per file; a mapping is
 * only read by the generic CSV format, so giving one names that format, and that format needs one.
 */
export function formatSetting(
  given: { format?: string; mapping?: string },
  names: FormatSettingNames,
): FormatSelection {
  const out: FormatSelection = {};
  if (given.format !== undefined && given.format !== 'auto') {
    if (!formatIds().includes(given.format))
      throw new UsageError(
        `${names.format}: unknown format "${given.format}"; known formats: auto, ${formatIds().join(', ')}`,
      );
    out.format = given.format;
  }
  if (given.mapping !== undefined) {
    if (out.format !== undefined && out.format !== 'generic-csv')
      throw new UsageError(`${names.mapping} is read only with format generic-csv; ${names.format} is "${out.format}"`);
    out.format = 'generic-csv';
    out.mappingFile = given.mapping;
  }
  if (out.format === 'generic-csv' && out.mappingFile === undefined)
    throw new UsageError(
      `${names.format}: generic-csv needs ${names.mapping} (a JSON file mapping columns to metrics)`,
    );
  return out;
}

/**
 * `from=to` renames as given: each value may hold several, one per line or comma-separated (the
 * action's one input holds them all; a CLI flag may repeat or hold a list), blanks dropped.
 */
export function experimentNamePairs(texts: readonly string[]): string[] {
  return texts
    .flatMap((text) => text.split(/[\n,]/))
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '');
}

/**
 * `from=to` pairs (split at the last `=`, since names taken from commands may hold one) as a
 * rename map; `what` names the flag or input in errors.
 */
export function parseExperimentNames(pairs: readonly string[], what: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const pair of pairs) {
    const cut = pair.lastIndexOf('=');
    const from = cut > 0 ? pair.slice(0, cut).trim() : '';
    const to = cut > 0 ? pair.slice(cut + 1).trim() : '';
    if (from === '' || to === '')
      throw new UsageError(
        `${what}: "${pair}" should be <name in the files>=<name to use>, e.g. reliable_raw_data=udp_reliable`,
      );
    if (names.has(from)) throw new UsageError(`${what}: "${from}" is renamed twice`);
    names.set(from, to);
  }
  return names;
}

/**
 * How several files with one key are read: `error` stops; `pool` reads them as repetitions of one run that ran in
 * one job (back to back, so they may share the job's noise); `independent` pools them the same way, and the verdict
 * judges them as runs from separate jobs (a matrix of runners), which only then narrows the band by √k.
 */
export type RepetitionMode = 'error' | 'pool' | 'independent';
export const REPETITION_MODES: readonly RepetitionMode[] = ['error', 'pool', 'independent'];

/** `--repetitions` / input `repetitions`, the one parser of it; undefined when not given (`error` applies). */
export function repetitionsSetting(text: string | undefined, name: string): RepetitionMode | undefined {
  if (text === undefined) return undefined;
  return choiceSetting(text, name, REPETITION_MODES, 'error');
}

/**
 * `--run-timeout` / input `confirm-run-timeout`: the time limit of one run of a confirmation's (or qualification's)
 * command, in minutes (more than 0, at most 360: a job's own limit), as milliseconds; undefined when not given or empty.
 */
export function parseRunTimeout(text: string | undefined, what = '--run-timeout'): number | undefined {
  return minutesSetting(text, what, 30);
}

/**
 * `--max-minutes` / input `confirm-max-minutes`: the time budget of a whole confirmation, in minutes (more than 0, at
 * most 360: a job's own limit), as milliseconds; undefined when not given or empty (no budget: the cap of pairs alone).
 */
export function parseMaxMinutes(text: string | undefined, what = '--max-minutes'): number | undefined {
  return minutesSetting(text, what, 20);
}

/** A number of minutes above 0 and at most 360 (a job's own limit) as milliseconds; undefined when not given or empty. */
function minutesSetting(text: string | undefined, what: string, example: number): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const minutes = numberSetting(
    text.trim(),
    what,
    0,
    (v) => v > 0 && v <= 360,
    `a number of minutes above 0 and at most 360, such as ${example}`,
  );
  return Math.round(minutes * 60_000);
}

/**
 * `--max-pairs` / input `max-pairs`: the cap of a sequential A/B run (a whole number of pairs, 2 to 1000); undefined
 * when not given or empty (a fixed design).
 */
export function parseMaxPairs(text: string | undefined, what = '--max-pairs'): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  return numberSetting(
    text.trim(),
    what,
    0,
    (v) => Number.isInteger(v) && v >= 2 && v <= 1000,
    'a whole number of pairs from 2 to 1000, such as 24',
  );
}
