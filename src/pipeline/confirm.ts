/**
 * The `confirm` step: runs the user's benchmark command for the base and the head build on this
 * machine in order-balanced pairs (ABBA), keeps every run's output in a run folder, and after each
 * planned look compares the pairs exactly as `compare --paired` does (runCompare), until no gated
 * row is inconclusive or the cap is reached. Processes and the clock come through ConfirmPorts.
 */
import { join, resolve } from 'node:path';
import {
  confirmLooks,
  confirmedRows,
  filterPattern,
  lookDecides,
  selected,
  selectionFromComparison,
  undecidedRows,
  type Selection,
} from '../engine/confirm/plan.js';
import { InputError, UsageError } from '../engine/errors.js';
import { withReference } from '../engine/confirm/reference.js';
import { minutesText } from '../engine/report/confirmation/confirmation.js';
import type { Screen } from '../engine/confirm/screen.js';
import type { ComparisonSettings } from '../engine/settings/rules.js';
import { runCompare, type CompareOptions, type CompareOutcome } from './compare.js';
import { pairRunner, shellWord, type ConfirmPorts } from './pairRunner.js';
import type { ResultsOptions } from './results.js';
import type { Files } from './rootedFiles.js';
import { silentProgress } from './steps.js';

// The runs' machinery, where the importers of confirm find it.
export {
  commandOf,
  ConfirmationCut,
  DEFAULT_RUN_TIMEOUT_MINUTES,
  OUTPUT_FILE,
  pairRunner,
  RUNS_FOLDER,
  shellWord,
  STDERR_TAIL,
  STDOUT_FILE,
  type CommandRun,
  type ConfirmPorts,
  type PairRunner,
  type PairRunnerOptions,
  type RunLimits,
} from './pairRunner.js';

export interface ConfirmOptions extends ResultsOptions, ComparisonSettings {
  baseDir: string;
  headDir: string;
  command: string;
  /** A comparison.json: confirm only what `screen` takes up of it. */
  from?: string;
  /** What of `from` to confirm (engine/confirm/screen.ts): by default its failed and undecided rows. */
  screen?: Screen;
  /**
   * With `from` and the shared-shift model: how many benchmarks `screen` left out also run, and are judged, as the
   * run's reference (engine/confirm/reference.ts), so that the model can tell a screened benchmark from the run.
   */
  referenceBenchmarks?: number;
  maxPairs: number;
  outputDir: string;
  /** The time limit of one run of the command, in milliseconds (default {@link DEFAULT_RUN_TIMEOUT_MINUTES} min). */
  runTimeoutMs?: number;
  /**
   * The time budget of the whole confirmation, in milliseconds (`--max-minutes`): it stops at the look that the next
   * look (or, before the first look, the next pair) would take past it. Absent: the cap of pairs alone.
   */
  maxMs?: number;
  /** When the budget began, on `ports.now()`'s clock (the action counts the builds' preparation); default: now. */
  startedAt?: number;
  /**
   * What accepts a known change (the pull request's label, the waiver file), applied to each look as to the first
   * stage: an accepted row is not confirmed.
   */
  acceptance?: Pick<CompareOptions, 'acceptLabel' | 'waivers' | 'today'>;
}

export interface ConfirmOutcome {
  /** The last look's comparison; absent when --from left nothing to confirm. */
  compare?: CompareOutcome;
  pairs: number;
  /** The runs in the order they ran: `base 1`, `head 1`, `head 2`, `base 2`, … */
  order: string[];
  confirmed: string[];
  undecided: string[];
  /** The `{filter}` the command was given. */
  filter: string;
  /** The time it took, in milliseconds, from `startedAt`. */
  elapsedMs: number;
  /** It stopped before the cap, at a look, because the time budget (`maxMs`) would have been overrun. */
  budgetReached: boolean;
}

/**
 * A build's folder, where the command runs, as an absolute path; a usage error (of `name`, none when '') when it is
 * not one.
 */
export function mustBeFolder(files: Files, path: string, flag: string, name = 'confirm'): string {
  const full = resolve(files.root, path);
  if (files.statOf(full)?.isDirectory() !== true)
    throw new UsageError(
      `${name !== '' ? `${name}: ` : ''}${flag} ${path} is not a folder (the build's folder, where the command runs)`,
    );
  return full;
}

/** `12.3 s`, `4 min 05 s`. */
export function elapsed(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${String(Math.floor(s - m * 60)).padStart(2, '0')} s`;
}

/**
 * Confirms a comparison by rerunning both builds here: see the file's comment. Throws an
 * InputError or UsageError (exit 2) for bad input and for a run that fails or writes nothing; the
 * runs measured until then stay in the output folder.
 */
export async function runConfirm(
  files: Files,
  options: ConfirmOptions,
  ports: ConfirmPorts,
  say: (line: string) => void,
): Promise<ConfirmOutcome> {
  const base = mustBeFolder(files, options.baseDir, '--base-dir');
  const head = mustBeFolder(files, options.headDir, '--head-dir');
  if (options.command.trim() === '') throw new UsageError('confirm: --command is empty');
  let selection: Selection | undefined;
  if (options.from !== undefined) {
    let text: string;
    try {
      text = files.readText(options.from);
    } catch {
      throw new InputError('cannot read the comparison to confirm', { file: options.from });
    }
    selection = selectionFromComparison(text, options.from, options.screen);
    if (options.sharedShift === true && (options.referenceBenchmarks ?? 0) > 0 && selection.size > 0) {
      const plan = withReference(text, options.from, selection, options.referenceBenchmarks);
      selection = plan.selection;
      say(
        `perfgate confirm: ${plan.reference.length > 0 ? `${plan.reference.join(', ')} also run${plan.reference.length === 1 ? 's' : ''}` : 'no unflagged benchmark runs'} as the run's reference (shared-shift model, ${plan.benchmarks} benchmark${plan.benchmarks === 1 ? '' : 's'})` +
          (plan.limit !== undefined ? `: ${plan.limit}` : ''),
      );
    }
  }
  const format = options.format === undefined || options.format === 'auto' ? undefined : options.format;
  const filter = filterPattern(format, selection);
  if (selection !== undefined && selection.size === 0) {
    say(
      `perfgate confirm: ${options.from} has no ${options.screen?.rule === 'family-p' ? 'family to screen in' : 'failed or undecided rows'}; nothing to confirm`,
    );
    return { pairs: 0, order: [], confirmed: [], undecided: [], filter, elapsedMs: 0, budgetReached: false };
  }
  const runner = pairRunner(files, { ...options, cwd: { base, head }, filter, selection, name: 'confirm' }, ports, say);
  const { runs, order } = runner;
  const started = ports.now();
  const budgetStart = options.startedAt ?? started;
  const looks = confirmLooks(options.maxPairs);
  const budget = options.maxMs !== undefined ? `, within ${minutesText(options.maxMs)}` : '';
  say(
    `perfgate confirm: at most ${options.maxPairs} pairs${budget}, looks at ${looks.join(', ')} pairs; ` +
      `{filter} = ${filter === '' ? "'' (everything)" : shellWord(filter)}`,
  );
  let outcome: CompareOutcome | undefined;
  let pairs = 0;
  let budgetReached = false;
  for (let pair = 1; pair <= options.maxPairs; pair++) {
    await runner.runPair(pair);
    pairs = pair;
    say(`perfgate confirm: pair ${pair} of at most ${options.maxPairs} (${elapsed(ports.now() - started)})`);
    const overrun =
      options.maxMs !== undefined &&
      overrunsBudget(pair, looks, ports.now() - budgetStart, (ports.now() - started) / pair, options.maxMs);
    if (!looks.includes(pair) && !overrun) continue;
    outcome = runCompare(
      files,
      {
        reference: [join(runs, 'base')],
        results: [join(runs, 'head')],
        referenceLabel: 'base',
        resultLabel: 'head',
        outputDir: options.outputDir,
        ...settingsOf(options),
        ...options.acceptance,
        paired: true,
        maxPairs: options.maxPairs,
        ...(selection !== undefined ? { select: (e: string, p: string) => selected(selection, e, p) } : {}),
      },
      silentProgress,
    );
    const undecided = undecidedRows(outcome.report);
    const confirmed = confirmedRows(outcome.report);
    say(
      `perfgate confirm: look at ${pair} pairs: ` +
        (confirmed.length > 0 ? `regressed: ${confirmed.join(', ')}; ` : '') +
        (undecided.length > 0 ? `still undecided: ${undecided.join(', ')}` : 'nothing undecided'),
    );
    if (lookDecides(outcome.report, pair, options.maxPairs)) break;
    if (overrun) {
      budgetReached = true;
      say(
        `perfgate confirm: stopped at ${pair} pairs, at the time budget: ${minutesText(ports.now() - budgetStart)} used ` +
          `of ${minutesText(options.maxMs!)}, and the next ${looks.includes(pair) ? 'look' : 'pair'} would overrun it`,
      );
      break;
    }
  }
  return {
    ...(outcome ? { compare: outcome } : {}),
    pairs,
    order,
    confirmed: outcome ? confirmedRows(outcome.report) : [],
    undecided: outcome ? undecidedRows(outcome.report) : [],
    filter: runner.filter,
    elapsedMs: ports.now() - budgetStart,
    budgetReached,
  };
}

/**
 * Whether a confirmation within `maxMs` stops after `pair` pairs, `used` ms in, a pair taking `perPair` ms: at a
 * planned look, when reaching the next look would overrun the budget; between looks (before the first), when the next
 * pair would, so that it looks there instead (a look where it is, as a run that lost a pair does). Never before 2
 * pairs, the fewest a paired comparison judges, nor at the cap.
 */
export function overrunsBudget(
  pair: number,
  looks: readonly number[],
  used: number,
  perPair: number,
  maxMs: number,
): boolean {
  const next = looks.find((look) => look > pair);
  if (pair < 2 || next === undefined) return false;
  return used + (looks.includes(pair) ? next - pair : 1) * perPair > maxMs;
}

/** The settings runCompare takes from a confirmation's options. */
function settingsOf(options: ConfirmOptions): ComparisonSettings & ResultsOptions {
  const {
    baseDir: _b,
    headDir: _h,
    command: _c,
    from: _f,
    outputDir: _o,
    maxPairs: _m,
    referenceBenchmarks: _r,
    acceptance: _a,
    runTimeoutMs: _t,
    maxMs: _x,
    startedAt: _s,
    ...rest
  } = options;
  return rest;
}
