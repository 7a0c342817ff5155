import { UsageError } from '../engine/errors.js';
import { withoutControls } from '../engine/report/escape.js';
import type { Progress } from '../pipeline/steps.js';

export const EXIT_PASS = 0;
export const EXIT_GATE_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 3;

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

export function numberOption(text: string | undefined, name: string, fallback: number, valid: (v: number) => boolean, expected: string): number {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || !valid(v)) throw new UsageError(`${name} must be ${expected}; got "${terminalSafe(text)}"`);
  return v;
}

/** No control characters (terminal escape sequences) from untrusted names reach the terminal. */
export function terminalSafe(text: string): string {
  return withoutControls(text, true);
}
