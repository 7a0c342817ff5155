import { parseArgs, type ParseArgsConfig } from 'node:util';
import { splitPatterns } from '../pipeline/patterns.js';
import { UsageError } from '../engine/errors.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import { floatParseSetting } from '../engine/options.js';
import { CLI_SPELLING, readSettings, type Spelling } from '../engine/settings/rules.js';
import { readMapping } from '../pipeline/resultSets.js';
import type { Files } from '../pipeline/rootedFiles.js';
import type { ResultsOptions } from '../pipeline/results.js';
import { terminalSafe } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, with its errors turned into one-line usage errors; the values keep their types. */
export function parseCommandArgs<T extends Options>(command: string, args: string[], options: T) {
  try {
    return parseArgs({ args: joinNegativeValues(args, options), options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message
      .replace(/\. To specify a positional argument.*$/s, '')
      .replace(/^Unknown option/, 'unknown option');
    throw new UsageError(`${command}: ${message} (see perfgate ${command} --help)`);
  }
}

/** How result files are read: the same flags on every command that reads results. */
export const READ_OPTIONS = {
  'float-parse': { type: 'string' },
  format: { type: 'string', short: 'f' },
  'skip-seconds': { type: 'string' },
  mapping: { type: 'string' },
} as const;

/** Sets of runs: several files of one key, and renamed experiments (every command but inspect). */
export const SET_OPTIONS = {
  ...READ_OPTIONS,
  repetitions: { type: 'string' },
  'experiment-name': { type: 'string', multiple: true },
} as const;

/** Charts and the comment, on check and compare. */
export const CHART_OPTIONS = {
  charts: { type: 'boolean' },
  png: { type: 'boolean' },
  'no-png': { type: 'boolean' },
  'comment-charts': { type: 'string' },
} as const;

export const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/** The commands that run the user's benchmark command in A/B pairs here (confirm, qualify). */
export const RERUN_OPTIONS = {
  command: { type: 'string' },
  'max-pairs': { type: 'string' },
  'run-timeout': { type: 'string' },
  'no-shared-shift': { type: 'boolean' },
  threshold: { type: 'string', short: 't' },
  confidence: { type: 'string' },
  gate: { type: 'string' },
  'output-dir': { type: 'string', short: 'o' },
  ...SET_OPTIONS,
  ...HELP_OPTION,
} as const;

/** A usage error for a stray argument, or for a required flag not given (or empty). */
export function requireFlags<K extends string>(
  command: string,
  positionals: readonly string[],
  values: Readonly<Partial<Record<K, string | undefined>>>,
  required: readonly K[],
): void {
  if (positionals.length > 0)
    throw new UsageError(
      `${command}: unexpected argument "${terminalSafe(positionals[0]!)}" (see perfgate ${command} --help)`,
    );
  for (const flag of required)
    if (values[flag] === undefined || values[flag].trim() === '')
      throw new UsageError(`${command}: --${flag} is required (see perfgate ${command} --help)`);
}

export function floatParseOption(value: string | undefined, name = '--float-parse'): FloatParse {
  return floatParseSetting(value, name);
}

/**
 * `--skip-seconds -3` as `--skip-seconds=-3`: parseArgs takes a value that starts with `-` for an
 * option, so a negative number would get a parser message instead of the option's range error.
 */
function joinNegativeValues(args: readonly string[], options: Options): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const name = arg.startsWith('--') ? arg.slice(2) : undefined;
    if (name !== undefined && options[name]?.type === 'string' && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/**
 * Result paths as the user gave them; an argument that is not a path but holds commas is split
 * like the action's input (`--results a.csv,b.csv`; a comma inside `{…}` belongs to the pattern).
 */
export function resultPaths(files: Files, args: readonly string[]): string[] {
  return args.flatMap((arg) => (arg.includes(',') && !files.pathExists(arg) ? splitPatterns(arg) : [arg]));
}

/**
 * `--float-parse`, `--format`, `--skip-seconds`, `--mapping`, `--repetitions` and `--experiment-name`: how result files
 * are read, the same for every command (the rules in engine/settings/rules.ts); the mapping file read.
 */
export function readOptions(
  files: Files,
  values: {
    'float-parse'?: string;
    format?: string;
    'skip-seconds'?: string;
    mapping?: string;
    repetitions?: string;
    'experiment-name'?: string[];
  },
  spelling: Readonly<Spelling> = CLI_SPELLING,
): ResultsOptions {
  const { mappingFile, ...settings } = readSettings(
    {
      floatParse: values['float-parse'],
      format: values.format,
      mapping: values.mapping,
      skipSeconds: values['skip-seconds'],
      repetitions: values.repetitions,
      experimentNames: values['experiment-name'],
    },
    spelling,
  );
  return { ...settings, ...(mappingFile !== undefined ? { mapping: readMapping(files, mappingFile) } : {}) };
}
