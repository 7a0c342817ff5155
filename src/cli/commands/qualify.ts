/** `perfgate qualify`: A/A pairs of one build on this runner; is it fit for a confirmation at this threshold? */
import { CONFIRM_DEFAULT_MAX_PAIRS } from '../../engine/confirm/plan.js';
import { QUALIFY_DEFAULT_PAIRS } from '../../engine/confirm/qualify.js';
import { parseMaxPairs, parseRunTimeout } from '../../engine/options.js';
import { CLI_SPELLING, comparisonSettings } from '../../engine/settings/rules.js';
import type { ConfirmPorts } from '../../pipeline/confirm.js';
import { renderQualifyCatches } from '../../engine/confirm/qualifyReport.js';
import { runQualify } from '../../pipeline/qualify.js';
import { systemConfirmPorts } from '../../pipeline/shell.js';
import { parseCommandArgs, readOptions, requireFlags, RERUN_OPTIONS } from '../args.js';
import { QUALIFY_HELP } from '../help.js';
import { EXIT_PASS, EXIT_UNFIT, terminalSafe, type Console } from '../io.js';
import type { Files } from '../../pipeline/rootedFiles.js';

/** Where qualify writes its report and run folders unless -o says. */
export const DEFAULT_QUALIFY_DIR = 'perfgate-qualify';

const SPELLING = { ...CLI_SPELLING, compare: 'qualify: ' };

export async function qualifyCommand(
  args: string[],
  io: Console,
  files: Files,
  ports: ConfirmPorts = systemConfirmPorts,
): Promise<number> {
  const { values, positionals } = parseCommandArgs('qualify', args, {
    dir: { type: 'string' },
    pairs: { type: 'string' },
    ...RERUN_OPTIONS,
  });
  if (values.help) {
    io.out(QUALIFY_HELP);
    return EXIT_PASS;
  }
  requireFlags('qualify', positionals, values, ['dir', 'command']);
  const pairs = parseMaxPairs(values.pairs, '--pairs') ?? QUALIFY_DEFAULT_PAIRS;
  const settings = comparisonSettings(
    {
      reference: 'paths',
      history: false,
      paired: true,
      maxPairs: values['max-pairs'] ?? String(CONFIRM_DEFAULT_MAX_PAIRS),
      // Qualify the confirmation that will run: confirm models the shared shift unless --no-shared-shift.
      sharedShift: values['no-shared-shift'] !== true,
      confidence: values.confidence,
      gate: values.gate,
      threshold: values.threshold,
    },
    SPELLING,
  );
  const runTimeoutMs = parseRunTimeout(values['run-timeout']);
  const outcome = await runQualify(
    files,
    {
      dir: values.dir!,
      command: values.command!,
      pairs,
      ...settings,
      maxPairs: settings.maxPairs ?? CONFIRM_DEFAULT_MAX_PAIRS,
      outputDir: values['output-dir'] ?? DEFAULT_QUALIFY_DIR,
      ...(runTimeoutMs !== undefined ? { runTimeoutMs } : {}),
      ...readOptions(files, values, SPELLING),
    },
    ports,
    (line) => io.err(terminalSafe(line) + '\n'),
  );
  const q = outcome.qualification;
  io.out(terminalSafe(renderQualifyCatches(q)));
  io.out(`Report: ${outcome.markdownPath}, ${outcome.jsonPath}\n`);
  io.out(
    q.fit
      ? `Fit: within ${q.maxPairs} pairs a confirmation reaches the threshold on every gated row (an unchanged build passes), and the gate fails a known slowdown. ` +
          `A change at the threshold itself is failed about half the time; the changes failed 9 times in 10 are those under Catches above.\n`
      : `Unfit: the threshold cannot be reached within ${q.maxPairs} pairs on this runner:\n${q.reasons.map((r) => `  ${r}\n`).join('')}`,
  );
  return q.fit ? EXIT_PASS : EXIT_UNFIT;
}
