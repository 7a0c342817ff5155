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

/**
 * Prints a text given in pieces (a table of 400,000 rows), 16 Ki characters at a time: never the whole text at once,
 * nor a write per line. Small enough to die in V8's young generation (pipeline/memory.ts) rather than be promoted.
 */
export function outInPieces(io: Console, pieces: Iterable<string>): void {
  let held = '';
  for (const piece of pieces) {
    held += piece;
    if (held.length >= OUT_CHARACTERS) {
      io.out(held);
      held = '';
    }
  }
  if (held !== '') io.out(held);
}

const OUT_CHARACTERS = 1 << 14;

export function cliProgress(io: Console): Progress {
  return {
    step: (_title, work) => work(),
    info: () => {},
    warning: (message) => io.err(`perfgate: warning: ${terminalSafe(message)}\n`),
  };
}

/**
 * Runs a command whose report prints its warnings with its summary on stdout (check, compare): a
 * warning the report carries (`warningsOf` its outcome) is not printed to stderr as well, so each
 * is said once. The others go to stderr when the run ends, or fails (then all of them).
 */
export function withReportWarnings<T>(
  io: Console,
  run: (progress: Progress) => T,
  warningsOf: (outcome: T) => readonly string[],
): T {
  const progress = cliProgress(io);
  const held: string[] = [];
  let inReport: readonly string[] = [];
  try {
    const outcome = run({ ...progress, warning: (message) => held.push(message) });
    inReport = warningsOf(outcome);
    return outcome;
  } finally {
    const reported = new Set(inReport); // not inReport.includes: held × reported warnings was quadratic
    for (const message of held) if (!reported.has(message)) progress.warning(message);
  }
}

/** No control characters (terminal escape sequences) from untrusted names reach the terminal. */
export function terminalSafe(text: string): string {
  return withoutControls(text, true);
}
