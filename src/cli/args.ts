import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../engine/errors.js';
import { FLOAT_PARSE_MODES, type FloatParse } from '../engine/numeric/parseNumber.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/** node:util parseArgs, with its errors turned into one-line usage errors. */
export function parseCommandArgs(command: string, args: string[], options: Options) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '').replace(/^Unknown option/, 'unknown option');
    throw new UsageError(`${command}: ${message} (see perfgate ${command} --help)`);
  }
}

export function floatParseOption(value: string | undefined, name = '--float-parse'): FloatParse {
  const mode = value ?? 'precise';
  if (!(FLOAT_PARSE_MODES as readonly string[]).includes(mode)) {
    throw new UsageError(`${name} must be one of ${FLOAT_PARSE_MODES.join(', ')}; got "${mode}"`);
  }
  return mode as FloatParse;
}
