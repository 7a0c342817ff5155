import { createRequire } from 'node:module';
import { describeError, isUserError, UsageError } from '../engine/errors.js';
import { MAIN_HELP } from './help.js';
import { checkCommand, compareCommand } from './commands/gate.js';
import { confirmCommand } from './commands/confirm.js';
import { qualifyCommand } from './commands/qualify.js';
import { dashboardCommand, historyCommand, trendsCommand } from './commands/history.js';
import { deriveCommand, exportCommand, inspectCommand, summarizeCommand } from './commands/results.js';
import { EXIT_INTERNAL, EXIT_PASS, EXIT_USAGE, terminalSafe, type Console } from './io.js';
import type { Files } from '../pipeline/rootedFiles.js';

export { EXIT_GATE_FAILED, EXIT_INTERNAL, EXIT_PASS, EXIT_UNFIT, EXIT_USAGE, type Console } from './io.js';

declare const PERFGATE_VERSION: string | undefined;

/**
 * Runs one CLI invocation and returns its exit code; it never exits the process itself. Only
 * commands that draw charts are asynchronous (a Promise); everything else returns at once.
 */
export function runCli(argv: string[], io: Console, files: Files): number | Promise<number> {
  try {
    const result = dispatch(argv, io, files);
    return typeof result === 'number' ? result : result.catch((error: unknown) => failure(error, io));
  } catch (error) {
    return failure(error, io);
  }
}

function failure(error: unknown, io: Console): number {
  if (isUserError(error)) {
    io.err(`perfgate: error: ${terminalSafe(describeError(error))}\n`);
    return EXIT_USAGE;
  }
  io.err(
    `perfgate: internal error: ${(error as Error)?.stack ?? String(error)}\nThis is a bug in perfgate; please report it.\n`,
  );
  return EXIT_INTERNAL;
}

function dispatch(argv: string[], io: Console, files: Files): number | Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '-h':
    case '--help':
      io.out(MAIN_HELP);
      return command === undefined ? EXIT_USAGE : EXIT_PASS;
    case '-V':
    case '-v':
    case '--version':
      io.out(version() + '\n');
      return EXIT_PASS;
    case 'summarize':
      return summarizeCommand(rest, io, files);
    case 'check':
      return checkCommand(rest, io, files);
    case 'compare':
      return compareCommand(rest, io, files);
    case 'confirm':
      return confirmCommand(rest, io, files);
    case 'qualify':
      return qualifyCommand(rest, io, files);
    case 'derive-requirements':
      return deriveCommand(rest, io, files);
    case 'inspect':
      return inspectCommand(rest, io, files);
    case 'trends':
      return trendsCommand(rest, io, files);
    case 'history':
      return historyCommand(rest, io, files);
    case 'export':
      return exportCommand(rest, io, files);
    case 'dashboard':
      return dashboardCommand(rest, io, files);
    default:
      throw new UsageError(
        `unknown command "${terminalSafe(command)}"; commands are summarize, check, compare, confirm, qualify, derive-requirements, inspect, trends, history, export and dashboard (see perfgate --help)`,
      );
  }
}

function version(): string {
  if (typeof PERFGATE_VERSION === 'string') return PERFGATE_VERSION;
  return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
}
