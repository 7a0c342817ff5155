import { UsageError } from '../engine/errors.js';
import type { BaselineRun } from '../engine/report/comparison/comparisonReport.js';
import { basename, dirname, join } from 'node:path';
import { closestName, editDistance } from '../engine/text/closest.js';
import { MISSPELT_BRANCH_EDITS as MISSPELT_NAME_EDITS } from './github/historyBranch.js';
import { runCompare, type CompareOutcome } from '../pipeline/compare.js';
import { currentEnvironment } from '../pipeline/environment.js';
import type { LoadedResults } from '../pipeline/results.js';
import { resolveAutoBaseline } from './autoBaseline.js';
import type { RunContext } from './context.js';
import type { Files } from './ports.js';
import { historyFromBranch } from './historyKeeping.js';
import type { ActionInputs } from './inputs.js';
import type { AcceptanceOptions } from './acceptance.js';
import { logSafe } from './logSafety.js';
import { describeRead, readOptionsOf } from './readResults.js';

/** Why a comparison the inputs ask for was not made: no baseline was found, or no history recorded yet. */
export interface MissingReference {
  what: 'baseline' | 'history';
  why: string;
  /**
   * The inputs name a reference that does not exist, next to one that does (a misspelt history-branch,
   * baseline-workflow, baseline-branch or baseline-artifact): the run errors with this, once the requirement check
   * wrote its reports, instead of passing with nothing compared.
   */
  error?: string;
}

/** The baseline files: the input's patterns, or those of a run found through the API (`auto`, `run:<id>`). */
export async function baselineOf(
  inputs: ActionInputs,
  context: RunContext,
): Promise<{ baseline?: string[]; baselineRun?: BaselineRun; missing?: MissingReference }> {
  const settings = inputs.autoBaseline;
  if (!settings) return inputs.baseline ? { baseline: inputs.baseline } : {};
  const found = await context.out.group('Finding the baseline', async () => {
    const result = await resolveAutoBaseline(settings, context);
    for (const note of result.notes) context.out.info(logSafe(note));
    return result;
  });
  if ('reason' in found) {
    // A comparison the user asked for by run id that cannot be made is an error, never a pass.
    if (settings.runId !== undefined)
      throw new UsageError(`input "baseline": run:${settings.runId} gives no baseline: ${found.reason}`);
    return {
      missing: {
        what: 'baseline',
        why: found.reason,
        ...(found.misnamed !== undefined ? { error: found.misnamed } : {}),
      },
    };
  }
  context.out.info(
    logSafe(`baseline: run ${found.run.runId} (${found.run.runUrl}), commit ${found.run.commit}, ${found.run.date}`),
  );
  return { baseline: found.patterns, baselineRun: found.run };
}

/**
 * The history folder, read from the history branch first when there is one. Missing is no error:
 * a history kept in the Actions cache is missing until the first recorded run, and whenever the cache misses.
 * A history branch that does not exist while a branch of a close name holds records is (`error`).
 */
export async function missingHistory(
  inputs: Readonly<ActionInputs>,
  context: RunContext,
): Promise<MissingReference | undefined> {
  if (inputs.history === undefined) return undefined;
  const branch = inputs.historyBranch;
  const read = branch !== undefined ? await historyFromBranch(inputs, inputs.history, branch, context) : undefined;
  if (read?.outcome === 'misspelt') return { what: 'history', why: read.error, error: read.error };
  // A branch created by hand for a new history holds no records until the first push records one.
  const empty = read?.outcome === 'empty' && context.files.namesIn(inputs.history).length === 0;
  if (context.files.pathExists(inputs.history) && !empty) return undefined;
  const near = branch === undefined ? nearHistoryFolder(inputs.history, context.files) : undefined;
  if (near !== undefined) {
    const error = `input "history": folder ${inputs.history} does not exist; did you mean ${near}? (it holds history records)`;
    return { what: 'history', why: error, error };
  }
  const why =
    branch === undefined
      ? `${inputs.history} does not exist (no run recorded yet, or the cache missed)`
      : empty
        ? `branch ${branch} holds no records yet`
        : `branch ${branch} does not exist yet (no run recorded there, and no branch of a close name holds perfgate records)`;
  return { what: 'history', why };
}

/**
 * A folder next to a history folder that does not exist, whose name is at most two edits from it and which holds history
 * records: what the input meant (a cache restored to `perfgate-history`, read as `perfgate-histroy`).
 */
function nearHistoryFolder(folder: string, files: Files): string | undefined {
  const parent = dirname(folder);
  const name = basename(folder);
  const near = closestName(
    name,
    files.namesIn(parent).filter((sibling) => sibling !== name),
  );
  if (near === undefined || editDistance(name.toLowerCase(), near.toLowerCase()) > MISSPELT_NAME_EDITS)
    return undefined;
  const path = join(parent, near);
  return files.namesIn(path).some((entry) => /^history-.+\.json$/.test(entry))
    ? parent === '.'
      ? near
      : path
    : undefined;
}

/** The repository's default branch as the event names it, where pushes record the history. */
export function defaultBranchOf(context: RunContext): string | undefined {
  const event = context.event as { repository?: { default_branch?: unknown } } | undefined;
  const name = event?.repository?.default_branch;
  return typeof name === 'string' && name !== '' && name.length <= 255 && !/[\s\u0000-\u001f]/.test(name)
    ? name
    : undefined;
}

/**
 * The notice of a run whose baseline or history is missing: why, and what the gate rested on.
 * Without requirements it names what was read, so a pass says plainly that nothing was compared.
 */
export function noticeOfMissing(
  missing: MissingReference,
  inputs: ActionInputs,
  read: LoadedResults | undefined,
  defaultBranch?: string,
): string {
  const head = `No ${missing.what}: ${missing.why}.`;
  const next =
    missing.what === 'history'
      ? ` Recording starts with the next push to ${defaultBranch ?? 'the default branch'} (with record-history).`
      : '';
  if (inputs.requirements !== undefined) return `${head} The gate rests on the requirements alone.${next}`;
  const what = read !== undefined ? `Read ${describeRead(read)}; nothing` : 'Nothing';
  return `${head} ${what} was compared, so nothing was gated.${next}`;
}

/** Compares the results with the baseline files or the history folder (whichever the run has). */
export function compareWithReference(
  inputs: Readonly<ActionInputs>,
  context: RunContext,
  baseline: string[] | undefined,
  baselineRun: BaselineRun | undefined,
  acceptance: AcceptanceOptions = {},
): CompareOutcome {
  return runCompare(
    context.files,
    {
      reference: baseline ?? [],
      ...(inputs.history !== undefined ? { history: inputs.history } : {}),
      results: inputs.results,
      ...(baselineRun ? { referenceLabel: `run ${baselineRun.runId}` } : {}),
      outputDir: inputs.outputDir,
      ...inputs.comparison,
      // The runner is the machine in a workflow; what the files say (a JVM, a Python) fills the rest.
      resultsEnvironment: currentEnvironment(context.env),
      ...readOptionsOf(inputs),
      ...(baselineRun ? { baselineRun } : {}),
      ...acceptance,
    },
    context.progress,
  );
}
