import { randomUUID } from 'node:crypto';
import { withoutControls } from '../engine/report/escape.js';
import type { Progress } from '../pipeline/steps.js';
import type { ActionOutput } from './log.js';

/** Log groups with their duration, warnings as annotations. */
export function progressOf(out: ActionOutput, clock: { now(): number } = performance): Progress {
  return {
    step(title, work) {
      out.startGroup(title);
      const started = clock.now();
      try {
        return work();
      } finally {
        out.info(`${title}: ${Math.round(clock.now() - started)} ms`);
        out.endGroup();
      }
    },
    info: (message) => out.info(logSafe(message)),
    // Annotations escape their data, so untrusted text cannot start a workflow command there.
    warning: (message) => out.warning(message),
  };
}

/**
 * A log line that starts with `::` is a workflow command to the runner. Messages carry names taken
 * from result files, so they are kept on one line and never start a line.
 */
export function logSafe(message: string): string {
  return 'perfgate: ' + withoutControls(message);
}

/** Prints untrusted multi-line text with workflow commands switched off around it. */
export function logVerbatim(out: ActionOutput, text: string): void {
  const token = randomUUID();
  out.info(`::stop-commands::${token}`);
  out.info(withoutControls(text, true));
  out.info(`::${token}::`);
}
