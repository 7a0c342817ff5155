import { existsSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { splitPatterns } from '../pipeline/patterns.js';
import { UsageError } from '../engine/errors.js';
import type { FloatParse } from '../engine/numeric/parseNumber.js';
import {
  experimentNamePairs,
  floatParseSetting,
  formatSetting,
  skipSecondsSetting,
  type FormatSettingNames,
} from '../engine/options.js';
import { readMapping } from '../pipeline/resultSets.js';
import {
  parseExperimentNames,
  REPETITION_MODES,
  type RepetitionMode,
  type ResultsOptions,
} from '../pipeline/results.js';
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
export function resultPaths(args: readonly string[]): string[] {
  return args.flatMap((arg) => (arg.includes(',') && !existsSync(arg) ? splitPatterns(arg) : [arg]));
}

/**
 * `--format`, `--skip-seconds`, `--mapping` and `--repetitions`: how result files are read, the same for every command.
 */
export function formatOptions(
  values: {
    format?: string;
    'skip-seconds'?: string;
    mapping?: string;
    repetitions?: string;
    'experiment-name'?: string[];
  },
  names: FormatSettingNames = { format: '--format', mapping: '--mapping' },
): Pick<ResultsOptions, 'format' | 'skipSeconds' | 'mapping' | 'repetitions' | 'experimentNames'> {
  const out: Pick<ResultsOptions, 'format' | 'skipSeconds' | 'mapping' | 'repetitions' | 'experimentNames'> = {};
  const renames = experimentNamePairs(values['experiment-name'] ?? []);
  if (renames.length > 0) out.experimentNames = parseExperimentNames(renames, '--experiment-name');
  if (values.repetitions !== undefined) {
    const mode = values.repetitions;
    if (!(REPETITION_MODES as readonly string[]).includes(mode))
      throw new UsageError(`--repetitions must be ${REPETITION_MODES.join(' or ')}; got "${terminalSafe(mode)}"`);
    out.repetitions = mode as RepetitionMode;
  }
  const { format, mappingFile } = formatSetting(values, names);
  if (format !== undefined) out.format = format;
  if (mappingFile !== undefined) out.mapping = readMapping(mappingFile);
  const skipSeconds = skipSecondsSetting(values['skip-seconds'], '--skip-seconds');
  if (skipSeconds !== undefined) out.skipSeconds = skipSeconds;
  return out;
}
