/**
 * The two-stage gate's second stage (docs/statistics.md, issue 35): when the first stage (a history or baseline
 * compare) leaves families its screen takes up (DEFAULT_SCREEN: a family's combined p < 0.3, or one the first stage
 * cannot clear, engine/confirm/screen.ts), those families are rerun here, on this runner, in order-balanced A/B
 * pairs of the base and head builds (pipeline/confirm.ts, as `perfgate confirm --from comparison.json`), beside a few
 * unflagged benchmarks as the run's reference for the shared-shift model (engine/confirm/reference.ts), and the
 * gate's verdict is the confirmation's. The K families the confirmation judges share the whole-suite α (α/K each). A confirmation
 * that cannot run (the command fails, writes nothing perfgate reads, a folder is wrong) leaves the first stage's
 * verdict standing, with a warning that says why. Its reports go to `confirm/` in the output folder.
 */
import { join } from 'node:path';
import {
  CONFIRM_DEFAULT_MAX_PAIRS,
  CONFIRM_SUITE_ALPHA,
  screenComparison,
  splitConfidence,
} from '../engine/confirm/plan.js';
import { REFERENCE_BENCHMARKS, withReference } from '../engine/confirm/reference.js';
import { DEFAULT_SCREEN } from '../engine/confirm/screen.js';
import { InputError, UsageError } from '../engine/errors.js';
import type { ConfirmationSummary } from '../engine/report/confirmation/confirmation.js';
import type { CompareOutcome } from '../pipeline/compare.js';
import { ConfirmationCut, runConfirm } from '../pipeline/confirm.js';
import { DEFAULT_RUN_TIMEOUT_MINUTES } from '../pipeline/pairRunner.js';
import type { RunContext } from './context.js';
import type { ActionInputs } from './inputs.js';
import type { AcceptanceOptions } from './acceptance.js';
import { logSafe, logVerbatim } from './logSafety.js';
import { readOptionsOf } from './readResults.js';
import { baseRefOf, baseTreeDir, prepareBaseTree, type BaseTree } from './baseTree.js';

/** The confirmation's folder inside the output folder: its comparison.md and .json, and the runs. */
export const CONFIRM_FOLDER = 'confirm';

/**
 * Confirms what the first stage flagged; undefined when no confirmation was asked for or nothing was flagged (the
 * first stage's verdict is the gate's).
 */
export async function confirmStage(
  inputs: Readonly<ActionInputs>,
  context: RunContext,
  first: CompareOutcome,
  acceptance: AcceptanceOptions = {},
): Promise<ConfirmationSummary | undefined> {
  const settings = inputs.confirm;
  if (settings === undefined) return undefined;
  // A manual run (workflow_dispatch) of the pasted workflow compares with the recorded runs: with no base named, its
  // verdict is the first stage's, as any run's without a confirmation.
  if (settings.baseDir === undefined && baseRefOf(context, settings.baseRef) === undefined) {
    context.out.info(
      `perfgate: a ${context.eventName || 'local'} run names no base commit: no confirmation (input "confirm-base-ref" names one); the comparison with the recorded runs decides`,
    );
    return undefined;
  }
  const text = context.files.readText(first.jsonPath);
  const screened = screenComparison(text, first.jsonPath, DEFAULT_SCREEN);
  if (screened.families === 0) {
    context.out.info('perfgate: the first stage flagged nothing: no confirmation');
    return undefined;
  }
  // K: the families the confirmation judges. Under the shared-shift model the run also holds its reference (some
  // unflagged benchmarks, engine/confirm/reference.ts), and a suite across the run's benchmarks is one family.
  const { families, reference } = withReference(text, first.jsonPath, screened.selection, REFERENCE_BENCHMARKS);
  const maxPairs = settings.maxPairs ?? CONFIRM_DEFAULT_MAX_PAIRS;
  const confidence = splitConfidence(families);
  const summary = {
    families,
    flagged: screened.selection.size,
    reference,
    maxPairs,
    alpha: CONFIRM_SUITE_ALPHA,
    confidence,
    ...(settings.maxMs !== undefined ? { maxMs: settings.maxMs } : {}),
  };
  // The time budget counts the builds' preparation too: it is the job's time the confirmation takes.
  const startedAt = context.shell.now();
  let baseTree: BaseTree | undefined;
  try {
    const builds = await context.out.group('Preparing the base and head builds', async () => {
      baseTree = settings.baseDir === undefined ? await makeBaseTree(inputs, context) : undefined;
      const dirs = { baseDir: baseTree?.dir ?? settings.baseDir ?? '.', headDir: settings.headDir ?? '.' };
      if (settings.setup !== undefined) {
        await setUp(inputs, context, settings.setup, dirs.baseDir, 'base');
        await setUp(inputs, context, settings.setup, dirs.headDir, 'head');
      }
      return dirs;
    });
    const outcome = await context.out.group('Confirming the first stage by A/B pairs on this runner', async () =>
      runConfirm(
        context.files,
        {
          baseDir: builds.baseDir,
          headDir: builds.headDir,
          command: settings.command,
          from: first.jsonPath,
          screen: DEFAULT_SCREEN,
          maxPairs,
          ...(settings.runTimeoutMs !== undefined ? { runTimeoutMs: settings.runTimeoutMs } : {}),
          ...(settings.maxMs !== undefined ? { maxMs: settings.maxMs } : {}),
          startedAt,
          outputDir: join(inputs.outputDir, CONFIRM_FOLDER),
          thresholds: inputs.comparison.thresholds,
          ...(inputs.comparison.gate !== undefined ? { gate: inputs.comparison.gate } : {}),
          paired: true,
          // The shared-shift model (issue 45, item 6): {filter} also runs REFERENCE_BENCHMARKS unflagged
          // benchmarks as the run's reference, so the model tells a flagged benchmark from the invocation's
          // shift; the whole, at α/K.
          sharedShift: true,
          referenceBenchmarks: REFERENCE_BENCHMARKS,
          confidence,
          ...readOptionsOf(inputs),
          acceptance,
        },
        context.shell,
        (line) => context.out.info(logSafe(line)),
      ),
    );
    const report = outcome.compare?.report;
    return {
      ...summary,
      state: report !== undefined && report.verdict === 'fail' ? 'confirmed' : 'unconfirmed',
      pairs: outcome.pairs,
      confirmed: outcome.confirmed,
      undecided: outcome.undecided,
      usedMs: outcome.elapsedMs,
      ...(outcome.budgetReached ? { budgetReached: true } : {}),
      ...(report !== undefined ? { comparison: report } : {}),
    };
  } catch (error) {
    if (!(error instanceof InputError || error instanceof UsageError)) throw error;
    const text = error instanceof InputError ? error.describe() : error.message;
    // The whole error (a failing run's stderr tail) in the log, verbatim; its first sentence in the warning and report.
    logVerbatim(context.out, text);
    const why = text.split('\n')[0]!.replace(/\s*The last lines of its stderr:$/, '');
    const cut = error instanceof ConfirmationCut;
    // Annotations escape their data, so the command's text cannot start a workflow command there.
    context.out.warning(
      `perfgate: the confirmation ${cut ? 'was cut' : 'could not run'}, so the first stage's verdict stands: ${why} (more in the log)`,
    );
    return {
      ...summary,
      state: 'not-run',
      pairs: 0,
      confirmed: [],
      undecided: [],
      why: `${why} (more in the log)`,
      usedMs: context.shell.now() - startedAt,
      ...(cut ? { cut } : {}),
    };
  } finally {
    await baseTree?.remove();
  }
}

/** The base build as a worktree of the base commit (baseTree.ts), when the workflow gave no folder for it. */
async function makeBaseTree(inputs: Readonly<ActionInputs>, context: RunContext): Promise<BaseTree> {
  const settings = inputs.confirm;
  const base = baseRefOf(context, settings?.baseRef);
  if (base === undefined)
    throw new UsageError(
      `the base build could not be prepared: a ${context.eventName || 'local'} run names no base commit; give input "confirm-base-ref" (a branch, tag or commit) or "confirm-base-dir"`,
    );
  const folder = join(inputs.outputDir, CONFIRM_FOLDER);
  context.files.makeFolder(folder);
  const tree = await prepareBaseTree(
    context,
    base,
    baseTreeDir(context.runnerTemp, folder, base.ref),
    join(folder, 'git-output.txt'),
    settings?.token,
  );
  context.out.info(logSafe(`perfgate: the base build is ${base.what}, checked out at ${tree.dir}`));
  return tree;
}

/**
 * Runs `confirm-setup` in a build's folder, within the runs' time limit; its output goes to `setup-<build>.log` in the
 * confirmation's folder. A failure is a usage error naming the build and the last line of its standard error.
 */
async function setUp(
  inputs: Readonly<ActionInputs>,
  context: RunContext,
  command: string,
  dir: string,
  build: 'base' | 'head',
): Promise<void> {
  const folder = join(inputs.outputDir, CONFIRM_FOLDER);
  context.files.makeFolder(folder);
  const log = join(folder, `setup-${build}.log`);
  context.out.info(logSafe(`perfgate: setting up the ${build} build in ${dir} (its output in ${log})`));
  const run = await context.shell.run(command, dir, {
    stdoutFile: log,
    timeoutMs: inputs.confirm?.runTimeoutMs ?? DEFAULT_RUN_TIMEOUT_MINUTES * 60_000,
  });
  if (run.stderr !== '') logVerbatim(context.out, run.stderr.trimEnd());
  if (run.status !== 0 || run.ended !== undefined) {
    const last = run.stderr
      .split('\n')
      .filter((l) => l.trim() !== '')
      .at(-1)
      ?.trim();
    const how =
      run.ended?.why === 'timeout'
        ? `timed out after ${run.ended.ms / 60_000} min`
        : run.ended?.why === 'cancelled'
          ? `cut by ${run.ended.signal}`
          : run.status === null
            ? `signal ${run.signal}`
            : `exit ${run.status}`;
    throw new UsageError(
      `input "confirm-setup" failed in the ${build} build (${dir}): ${how}${last !== undefined ? `: ${last}` : ''}`,
    );
  }
}

/** The gate's failure of a confirmed regression. */
export function confirmedFailure(confirmation: ConfirmationSummary): string {
  const n = confirmation.confirmed.length;
  return `${n} benchmark${n === 1 ? '' : 's'} confirmed worse by ${confirmation.pairs} A/B pairs on this runner: ${confirmation.confirmed.join(', ')}`;
}
