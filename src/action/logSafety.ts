import * as core from './log.js';
import { randomUUID } from 'node:crypto';
import { withoutControls } from '../engine/report/escape.js';
import type { Progress } from '../pipeline/steps.js';

/** Log groups with their duration, warnings as annotations. */
export const actionProgress: Progress = {
  step(title, work) {
    core.startGroup(title);
    const started = performance.now();
    try {
      return work();
    } finally {
      core.info(`${title}: ${Math.round(performance.now() - started)} ms`);
      core.endGroup();
    }
  },
  info: (message) => core.info(logSafe(message)),
  // core.warning escapes its data, so untrusted text cannot start a workflow command there.
  warning: (message) => core.warning(message),
};

/**
 * A log line that starts with `::` is a workflow command to the runner. Messages carry names taken
 * from result files, so they are kept on one line and never start a line.
 */
export function logSafe(message: string): string {
  return 'perfgate: ' + withoutControls(message);
}

/** Prints untrusted multi-line text with workflow commands switched off around it. */
export function logVerbatim(text: string): void {
  const token = randomUUID();
  core.info(`::stop-commands::${token}`);
  core.info(withoutControls(text, true));
  core.info(`::${token}::`);
}
