import { createRequire } from 'node:module';
import { describeError, isUserError, UsageError } from '../engine/errors.js';
import { renderText } from '../engine/report/text.js';
import { runCheck } from '../pipeline/check.js';
import type { Progress } from '../pipeline/steps.js';
import { runSummarize } from '../pipeline/summarize.js';
import { floatParseOption, parseCommandArgs } from './args.js';
import { CHECK_HELP, MAIN_HELP, SUMMARIZE_HELP } from './help.js';

export const EXIT_PASS = 0;
export const EXIT_GATE_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 3;

export interface Console {
  out(text: string): void;
  err(text: string): void;
}

declare const PERFGATE_VERSION: string | undefined;

/** Runs one CLI invocation and returns its exit code; it never exits the process itself. */
export function runCli(argv: string[], io: Console): number {
  try {
    return dispatch(argv, io);
  } catch (error) {
    if (isUserError(error)) {
      io.err(`perfgate: error: ${describeError(error)}\n`);
      return EXIT_USAGE;
    }
    io.err(`perfgate: internal error: ${(error as Error)?.stack ?? String(error)}\nThis is a bug in perfgate; please report it.\n`);
    return EXIT_INTERNAL;
  }
}

function dispatch(argv: string[], io: Console): number {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '-h':
    case '--help':
      io.out(MAIN_HELP);
      return command === undefined ? EXIT_USAGE : EXIT_PASS;
    case '-V':
    case '--version':
      io.out(version() + '\n');
      return EXIT_PASS;
    case 'summarize':
      return summarizeCommand(rest, io);
    case 'check':
      return checkCommand(rest, io);
    default:
      throw new UsageError(`unknown command "${command}"; commands are summarize and check (see perfgate --help)`);
  }
}

function summarizeCommand(args: string[], io: Console): number {
  const { values, positionals } = parseCommandArgs('summarize', args, {
    'output-dir': { type: 'string', short: 'o' },
    'float-parse': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(SUMMARIZE_HELP);
    return EXIT_PASS;
  }
  if (positionals.length === 0) throw new UsageError('perfgate summarize: name at least one raw measurement CSV');
  const written = runSummarize(
    { rawFiles: positionals, outputDir: values['output-dir'] as string | undefined, floatParse: floatParseOption(values['float-parse'] as string | undefined) },
    cliProgress(io),
  );
  for (const path of written) io.out(`wrote ${path}\n`);
  return EXIT_PASS;
}

function checkCommand(args: string[], io: Console): number {
  const { values, positionals } = parseCommandArgs('check', args, {
    results: { type: 'string', short: 'r', multiple: true },
    requirements: { type: 'string', short: 'q' },
    'output-dir': { type: 'string', short: 'o' },
    'float-parse': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (values.help) {
    io.out(CHECK_HELP);
    return EXIT_PASS;
  }
  // `--results a b c`: paths after the flag are positionals (a shell glob expands to many).
  const results = [...((values.results as string[] | undefined) ?? []), ...positionals];
  if (results.length === 0) throw new UsageError('perfgate check: --results is required (files, folders or glob patterns)');
  const requirements = values.requirements as string | undefined;
  if (!requirements) throw new UsageError('perfgate check: --requirements is required (a requirements CSV)');
  const outcome = runCheck(
    {
      results,
      requirements,
      outputDir: (values['output-dir'] as string | undefined) ?? 'perfgate-report',
      floatParse: floatParseOption(values['float-parse'] as string | undefined),
    },
    cliProgress(io),
  );
  io.out(renderText(outcome.report));
  io.out(`\nReport: ${outcome.markdownPath}, ${outcome.jsonPath}\n`);
  return outcome.report.verdict === 'pass' ? EXIT_PASS : EXIT_GATE_FAILED;
}

function cliProgress(io: Console): Progress {
  return {
    step: (_title, work) => work(),
    info: () => {},
    warning: (message) => io.err(`perfgate: warning: ${message}\n`),
  };
}

function version(): string {
  if (typeof PERFGATE_VERSION === 'string') return PERFGATE_VERSION;
  return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
}
