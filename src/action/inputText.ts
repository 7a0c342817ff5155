/**
 * An input's text as @actions/core reads it, from the run's environment instead of the process's, and the readers of
 * the kinds of input every part of the action's inputs uses (booleans, choices, optional text).
 */
import type { RunContext } from './context.js';
import { UsageError } from '../engine/errors.js';
import { choiceSetting } from '../engine/options.js';

/** The environment the inputs come from (INPUT_* variables). */
export type Env = RunContext['env'];

/**
 * An action input as @actions/core's getInput reads it, from the run's environment instead of the process's:
 * `INPUT_<NAME>` (spaces as `_`, upper case), trimmed, '' when absent; a required input that is absent throws
 * @actions/core's error.
 */
export function getInput(env: Env, name: string, options?: { required?: boolean }): string {
  const value = env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] || '';
  if (options?.required && !value) throw new Error(`Input required and not supplied: ${name}`);
  return value.trim();
}

/** A boolean input as @actions/core's getBooleanInput reads it: YAML 1.2's true and false spellings, else a TypeError. */
export function getBooleanInput(env: Env, name: string, options?: { required?: boolean }): boolean {
  const value = getInput(env, name, options);
  if (['true', 'True', 'TRUE'].includes(value)) return true;
  if (['false', 'False', 'FALSE'].includes(value)) return false;
  throw new TypeError(
    `Input does not meet YAML 1.2 "Core Schema" specification: ${name}\n` +
      'Support boolean input list: `true | True | TRUE | false | False | FALSE`',
  );
}

/** A boolean input (getBooleanInput's spellings); empty is `fallback`, anything else a usage error naming the input. */
export function booleanInput<F extends boolean | 'auto'>(env: Env, name: string, fallback: F): boolean | F {
  const value = getInput(env, name);
  if (value === '') return fallback;
  try {
    return getBooleanInput(env, name);
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    throw new UsageError(
      `input "${name}" must be true or false${fallback === 'auto' ? ' or auto' : ''}; got "${value}"`,
    );
  }
}

export function choiceInput<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  return choiceSetting(optionalInput(env, name), `input "${name}"`, allowed, fallback);
}

/** An input's trimmed value; an empty input is unset (a workflow cannot tell "not given" from ""). */
export function optionalInput(env: Env, name: string): string | undefined {
  const value = getInput(env, name);
  return value === '' ? undefined : value;
}
