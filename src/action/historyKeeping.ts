/**
 * The history the action keeps: read from the history branch before the comparison, recorded after
 * the verdict (to the folder, and with history-branch to the branch), and its trends on a recording run.
 */
import { pathExists } from '../pipeline/files.js';
import { describeError, InputError, UsageError } from '../engine/errors.js';
import { mergeEnvironments } from '../engine/model/environment.js';
import { currentEnvironment, environmentOfSets } from '../pipeline/environment.js';
import { makeHistoryRecord } from '../engine/history/record.js';
import { DEFAULT_HISTORY_WINDOW, historyFileName } from '../engine/history/window.js';
import { appendHistoryRecord } from '../pipeline/historyFolder.js';
import { historyRunInfoFromEnv } from './events.js';
import { loadResults, type LoadedResults } from '../pipeline/results.js';
import { runTrends, type TrendsOutcome } from '../pipeline/trends.js';
import { requireRepository, type RunContext } from './context.js';
import { readHistoryBranch, writeHistoryBranch, type HistoryBranchOptions } from './github/historyBranch.js';
import type { ActionInputs } from './inputs.js';
import { logSafe } from './logSafety.js';
import { readOptionsOf } from './readResults.js';

/**
 * With `trends` on a recording run (pushes to the default branch): change points over the history
 * just recorded. Never on a pull request, whose candidate is not part of the default branch.
 */
export function trendsOfHistory(inputs: ActionInputs, context: RunContext): TrendsOutcome | undefined {
  if (inputs.trends === 'off') return undefined;
  if (context.eventName.startsWith('pull_request')) {
    context.out.info('trends: not on pull requests (they never fail on the trend of the default branch)');
    return undefined;
  }
  if (inputs.recordHistory === undefined || !pathExists(inputs.recordHistory)) {
    context.out.notice(
      'trends: no history was recorded in this run (input record-history), so no change points were looked for',
    );
    return undefined;
  }
  return runTrends({ history: inputs.recordHistory, outputDir: inputs.outputDir }, context.progress);
}

/** `history-branch` on the Git Data API: the repository and token of this run. */
function historyBranchOptions(
  inputs: ActionInputs,
  branch: string,
  folder: string,
  context: RunContext,
): HistoryBranchOptions {
  const { owner, repo } = requireRepository(context, 'input "history-branch"');
  if (!inputs.token)
    throw new UsageError(
      'input "history-branch" needs input "github-token" (permission contents: read to read the history, contents: write to record it)',
    );
  const warn = (message: string) => context.out.warning(logSafe(`history-branch: ${message}`));
  return {
    token: inputs.token,
    session: context.github,
    ...(context.apiUrl !== undefined ? { apiUrl: context.apiUrl } : {}),
    owner,
    repo,
    branch,
    folder,
    warn,
  };
}

/**
 * Copies the records of the history branch into the history folder. A branch that does not exist
 * yet leaves the folder as it was (the caller's "no history" notice); one that cannot be read is
 * an error: a pull request must not pass because its history was unreadable.
 */
export async function historyFromBranch(
  inputs: ActionInputs,
  folder: string,
  branch: string,
  context: RunContext,
): Promise<void> {
  // Only the records the comparison reads (readHistoryRuns: the newest DEFAULT_HISTORY_WINDOW), however many the
  // branch holds.
  const options = { ...historyBranchOptions(inputs, branch, folder, context), window: DEFAULT_HISTORY_WINDOW };
  const result = await context.out.group(`Reading the history from branch ${branch}`, () => readHistoryBranch(options));
  if (result.outcome === 'failed') throw new UsageError(`input "history-branch": ${result.reason}`);
  if (result.outcome === 'read')
    context.out.info(
      logSafe(
        `history: ${result.records} record(s) on branch ${branch} at ${result.commit.slice(0, 7)}; ${result.downloaded} copied into ${folder}` +
          (result.skipped > 0 ? `; ${result.skipped} skipped (not valid records)` : ''),
      ),
    );
}

/**
 * Appends this run to the history folder (kept to the window), when the event dates the commit;
 * with `history-branch`, commits it there too (never from a pull request). A record the branch
 * did not take is a warning: it is still in the folder, and the verdict does not change. Output
 * `history-recorded` says whether the record reached where it is kept (the branch, with
 * `history-branch`), so that a workflow can act on a lost one.
 */
export async function recordHistory(
  context: RunContext,
  inputs: ActionInputs,
  folder: string,
  read?: LoadedResults,
): Promise<void> {
  const info = historyRunInfoFromEnv(context.env, context.event);
  if (!info.sha || !info.date || !info.runId || !info.runUrl) {
    context.out.warning(
      'record-history: this run was not recorded: the event names no commit date (record on push events)',
    );
    context.out.setOutput('history-recorded', 'false');
    return;
  }
  const loaded = read ?? loadResults(inputs.results, readOptionsOf(inputs), context.progress);
  // The verdict was reached before recording: nothing here may replace it (a corrupt record in
  // the folder, a full disk, a refusal of the branch); it is a warning naming the record lost.
  try {
    context.out.setOutput(
      'history-recorded',
      String(await writeHistory(context, inputs, folder, loaded, info as Required<typeof info>)),
    );
  } catch (error) {
    const why = error instanceof InputError ? error.describe() : describeError(error);
    context.out.warning(
      logSafe(`record-history: the record of run ${info.runId} (commit ${info.sha.slice(0, 7)}) was lost: ${why}`),
    );
    context.out.setOutput('history-recorded', 'false');
  }
}

/** Writes the record; true when it is where it is kept (on the branch, with one). */
async function writeHistory(
  context: RunContext,
  inputs: ActionInputs,
  folder: string,
  loaded: LoadedResults,
  info: Required<ReturnType<typeof historyRunInfoFromEnv>>,
): Promise<boolean> {
  const experiments = [...loaded.experiments.values()];
  // As the comparison sees the candidate's machine: the runner, then what the files add.
  const environment = mergeEnvironments(
    currentEnvironment(context.env),
    environmentOfSets(loaded.files.map((f) => f.set)),
  )!;
  const record = makeHistoryRecord(experiments, {
    sha: info.sha,
    date: info.date,
    runId: info.runId,
    runUrl: info.runUrl,
    environment,
  });
  let outcome = { written: '', removed: [] as string[] };
  let recorded = true;
  const skip = (file: string, reason: string) => context.out.warning(logSafe(`${file}: skipped: ${reason}`));
  const append = () => {
    outcome = appendHistoryRecord(folder, record, inputs.historyWindow, skip);
  };
  const branch = inputs.historyBranch;
  if (branch !== undefined && context.eventName.startsWith('pull_request')) {
    context.out.warning(
      `record-history: branch ${branch} is never written from a pull request; the record is only in ${folder}`,
    );
    recorded = false;
    append();
  } else if (branch !== undefined) {
    const result = await context.out.group(`Recording the history on branch ${branch}`, () =>
      writeHistoryBranch(historyBranchOptions(inputs, branch, folder, context), append),
    );
    if (result.outcome === 'failed') {
      if (outcome.written === '') append();
      recorded = false;
      const which = `${historyFileName(record)} (run ${record.runId}, commit ${record.sha.slice(0, 7)})`;
      context.out.warning(
        logSafe(
          `record-history: this run's record ${which} was not committed to branch ${branch}: ${result.reason}. It is in ${folder}.`,
        ),
      );
    } else {
      const what = [
        result.added.length > 0 ? `added ${result.added.join(', ')}` : 'nothing new',
        ...(result.removed.length > 0 ? [`removed ${result.removed.length} beyond the window`] : []),
      ].join(', ');
      context.out.info(
        logSafe(
          `history: branch ${branch} at ${result.commit.slice(0, 7)}: ${what}${result.attempts > 1 ? ` (after ${result.attempts - 1} concurrent update(s))` : ''}`,
        ),
      );
    }
  } else {
    append();
  }
  context.out.info(
    logSafe(
      `history: recorded ${outcome.written}${outcome.removed.length > 0 ? `, removed ${outcome.removed.length} older record(s)` : ''}`,
    ),
  );
  context.out.setOutput('history-record', outcome.written);
  return recorded;
}
