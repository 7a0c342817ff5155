/**
 * The two-stage gate's inputs: the confirmation's settings, which both shells share (engine/settings/rules.ts), and
 * how the action prepares the builds it runs in (the base build's commit, a setup command, the token that fetches).
 */
import { UsageError } from '../engine/errors.js';
import { ACTION_SPELLING, confirmSettings, type ConfirmSettings } from '../engine/settings/rules.js';
import { mustBeFolder } from '../pipeline/confirm.js';
import type { Files } from '../pipeline/rootedFiles.js';
import { getInput, optionalInput, type Env } from './inputText.js';

/** The action's confirmation: the settings both shells share, and how the action prepares the builds. */
export interface ActionConfirm extends ConfirmSettings {
  /** The base commit when there is no base folder and the event names none (`confirm-base-ref`). */
  baseRef?: string;
  /** A command run once in each build's folder before the pairs (`confirm-setup`): a build step. */
  setup?: string;
  /** The job's token (`github-token`), to fetch a base commit the checkout does not hold. */
  token?: string;
}

/**
 * `confirm-command`, `confirm-base-dir`, `confirm-head-dir`, `confirm-max-pairs`, `confirm-run-timeout`,
 * `confirm-max-minutes`, `confirm-base-ref`, `confirm-setup`; the builds' folders that are given must exist.
 */
export function confirmInputs(env: Env, files: Files, firstStage: boolean, paired: boolean): ActionConfirm | undefined {
  const baseRef = optionalInput(env, 'confirm-base-ref');
  const setup = optionalInput(env, 'confirm-setup');
  const confirm = confirmSettings(
    {
      command: optionalInput(env, 'confirm-command'),
      baseDir: optionalInput(env, 'confirm-base-dir'),
      headDir: optionalInput(env, 'confirm-head-dir'),
      maxPairs: optionalInput(env, 'confirm-max-pairs'),
      runTimeout: optionalInput(env, 'confirm-run-timeout'),
      maxMinutes: optionalInput(env, 'confirm-max-minutes'),
      firstStage,
      paired,
    },
    ACTION_SPELLING,
  );
  if (confirm === undefined) {
    const stray = baseRef !== undefined ? 'confirm-base-ref' : setup !== undefined ? 'confirm-setup' : undefined;
    if (stray !== undefined)
      throw new UsageError(`input "${stray}" is for the confirmation; it needs input "confirm-command"`);
    return undefined;
  }
  if (confirm.baseDir !== undefined) mustBeFolder(files, confirm.baseDir, ACTION_SPELLING.confirmBaseDir, '');
  if (confirm.headDir !== undefined) mustBeFolder(files, confirm.headDir, ACTION_SPELLING.confirmHeadDir, '');
  if (confirm.baseDir !== undefined && baseRef !== undefined)
    throw new UsageError(
      'input "confirm-base-ref" names the commit the action checks out as the base build; with input "confirm-base-dir" the base build is given: give one of them',
    );
  const token = confirm.baseDir === undefined ? getInput(env, 'github-token') : '';
  return {
    ...confirm,
    ...(baseRef !== undefined ? { baseRef } : {}),
    ...(setup !== undefined ? { setup } : {}),
    ...(token !== '' ? { token } : {}),
  };
}
