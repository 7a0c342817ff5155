import { withoutControls } from '../engine/report/escape.js';
import type { Progress } from '../pipeline/steps.js';

export const EXIT_PASS = 0;
export const EXIT_GATE_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 3;
/** `perfgate qualify`: the runner cannot reach the threshold within the cap of pairs, or the gate cannot fail. */
export const EXIT_UNFIT = 4;

export interface Console {
  out(text: string): void;
  err(text: string): void;
}

export function cliProgress(io: Console): Progress {
  return {
    step: (_title, work) => work(),
    info: () => {},
    warning: (message) => io.err(`perfgate: warning: ${terminalSafe(message)}\n`),
  };
}

/** No control characters (terminal escape sequences) from untrusted names reach the terminal. */
export function terminalSafe(text: string): string {
  return withoutControls(text, true);
}
