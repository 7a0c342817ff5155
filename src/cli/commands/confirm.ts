/** `perfgate confirm`: rerun both builds here in ABBA pairs until the paired verdict is decided. */
import { comparisonTextPieces } from '../../engine/report/comparison/comparisonText.js';
import { CONFIRM_DEFAULT_MAX_PAIRS } from '../../engine/confirm/plan.js';
import { REFERENCE_BENCHMARKS } from '../../engine/confirm/reference.js';
import { parseMaxMinutes, parseRunTimeout } from '../../engine/options.js';
import { CLI_SPELLING, comparisonSettings } from '../../engine/settings/rules.js';
import { runConfirm, type ConfirmPorts } from '../../pipeline/confirm.js';
import { systemConfirmPorts } from '../../pipeline/shell.js';
import { writeReviewerComment } from '../../pipeline/comment.js';
import { parseCommandArgs, readOptions, requireFlags, RERUN_OPTIONS } from '../args.js';
import { CONFIRM_HELP } from '../help.js';
import { EXIT_GATE_FAILED, EXIT_PASS, outInPieces, terminalSafe, type Console } from '../io.js';
import type { Files } from '../../pipeline/rootedFiles.js';

/** Where confirm writes its reports and run folders unless -o says. */
export const DEFAULT_CONFIRM_DIR = 'perfgate-confirm';

const SPELLING = { ...CLI_SPELLING, compare: 'confirm: ' };

export async function confirmCommand(
  args: string[],
  io: Console,
  files: Files,
  ports: ConfirmPorts = systemConfirmPorts,
): Promise<number> {
  const { values, positionals } = parseCommandArgs('confirm', args, {
    'base-dir': { type: 'string' },
    'head-dir': { type: 'string' },
    from: { type: 'string' },
    'max-minutes': { type: 'string' },
    ...RERUN_OPTIONS,
  });
  if (values.help) {
    io.out(CONFIRM_HELP);
    return EXIT_PASS;
  }
  requireFlags('confirm', positionals, values, ['base-dir', 'head-dir', 'command']);
  const settings = comparisonSettings(
    {
      reference: 'paths',
      history: false,
      paired: true,
      maxPairs: values['max-pairs'] ?? String(CONFIRM_DEFAULT_MAX_PAIRS),
      // One runner, invocations sharing its noise: the shared-shift model is what confirm is for. With
      // --from, {filter} also runs some unflagged benchmarks as the run's reference (as the action's
      // two-stage gate does), so the flagged are told from the invocation's shift, not from each other.
      sharedShift: values['no-shared-shift'] !== true,
      confidence: values.confidence,
      gate: values.gate,
      threshold: values.threshold,
    },
    SPELLING,
  );
  const outputDir = values['output-dir'] ?? DEFAULT_CONFIRM_DIR;
  const runTimeoutMs = parseRunTimeout(values['run-timeout']);
  const maxMs = parseMaxMinutes(values['max-minutes'], 'confirm: --max-minutes');
  const outcome = await runConfirm(
    files,
    {
      baseDir: values['base-dir']!,
      headDir: values['head-dir']!,
      command: values.command!,
      ...(values.from !== undefined ? { from: values.from, referenceBenchmarks: REFERENCE_BENCHMARKS } : {}),
      ...settings,
      maxPairs: settings.maxPairs ?? CONFIRM_DEFAULT_MAX_PAIRS,
      outputDir,
      ...(runTimeoutMs !== undefined ? { runTimeoutMs } : {}),
      ...(maxMs !== undefined ? { maxMs } : {}),
      ...readOptions(files, values, SPELLING),
    },
    ports,
    (line) => io.err(terminalSafe(line) + '\n'),
  );
  if (!outcome.compare) {
    io.out('Nothing to confirm: the comparison has no failed or undecided rows.\n');
    return EXIT_PASS;
  }
  const report = outcome.compare.report;
  outInPieces(io, comparisonTextPieces(report));
  io.out(`\nReport: ${outcome.compare.markdownPath}, ${outcome.compare.jsonPath}\n`);
  const failed = report.verdict !== 'pass';
  io.out(
    `Comment: ${writeReviewerComment(files, outputDir, { comparison: report }, failed, 'failing', { fullReport: 'comparison.md' })}\n`,
  );
  io.out(
    failed
      ? `Confirmed after ${outcome.pairs} pairs: ${outcome.confirmed.join(', ')} regressed.\n`
      : outcome.undecided.length > 0
        ? `Not confirmed: still undecided after ${outcome.pairs} pairs (${outcome.budgetReached ? 'the time budget' : 'the cap'}): ${outcome.undecided.join(', ')}.\n`
        : `Not confirmed: no regression after ${outcome.pairs} pairs.\n`,
  );
  return failed ? EXIT_GATE_FAILED : EXIT_PASS;
}
