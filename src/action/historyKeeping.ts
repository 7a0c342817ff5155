/**
 * The history the action keeps: read from the history branch before the comparison, recorded after
 * the verdict (to the folder, and with history-branch to the branch), and its trends on a recording run.
 */
import { basename } from 'node:path';
import { describeError, InputError, UsageError } from '../engine/errors.js';
import { mergeEnvironments } from '../engine/model/environment.js';
import { currentEnvironment, environmentOfSets } from '../pipeline/environment.js';
import { makeHistoryRecord, type RecordedAcceptance } from '../engine/history/record.js';
import { DEFAULT_HISTORY_WINDOW, historyFileName } from '../engine/history/window.js';
import { appendHistoryRecord } from '../pipeline/historyFolder.js';
import { historyRunInfoFromEnv } from './events.js';
import { loadResults, type LoadedResults } from '../pipeline/results.js';
import { runTrends, type TrendsOutcome } from '../pipeline/trends.js';
import { judgesAChange, requireRepository, type RunContext } from './context.js';
import type { Files } from './ports.js';
import {
  historyBranchExists,
  misspeltHistoryBranch,
  readHistoryBranch,
  writeHistoryBranch,
  type HistoryBranchOptions,
} from './github/historyBranch.js';
import type { ActionInputs } from './inputs.js';
import { logSafe } from './logSafety.js';
import { describeRead, readOptionsOf } from './readResults.js';

/**
 * With `trends` on a recording run (pushes to the default branch): change points over the history
 * just recorded. Never on a pull request, whose candidate is not part of the default branch.
 */
export function trendsOfHistory(inputs: ActionInputs, context: RunContext): TrendsOutcome | undefined {
  if (inputs.trends === 'off') return undefined;
  if (judgesAChange(context.eventName)) {
    context.out.info(
      'trends: not on pull requests or merge queues (they never fail on the trend of the default branch)',
    );
    return undefined;
  }
  if (inputs.recordHistory === undefined || !context.files.pathExists(inputs.recordHistory)) {
    context.out.notice(
      'trends: no history was recorded in this run (input record-history), so no change points were looked for',
    );
    return undefined;
  }
  return runTrends(context.files, { history: inputs.recordHistory, outputDir: inputs.outputDir }, context.progress);
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
    files: context.files,
    ...(context.apiUrl !== undefined ? { apiUrl: context.apiUrl } : {}),
    owner,
    repo,
    branch,
    folder,
    warn,
  };
}

/**
 * What reading the history branch found: its records copied into the folder, a branch that holds none (created by hand
 * for a new history, or not recorded to yet), or no branch of that name. A missing branch whose name is a misspelling of
 * one that holds records is an error (`misspelt`), thrown by the caller once the run's reports are written.
 */
export type BranchHistory = { outcome: 'read' | 'empty' | 'missing' } | { outcome: 'misspelt'; error: string };

/**
 * Copies the records of the history branch into the history folder. A branch that does not exist
 * yet leaves the folder as it was (the caller's "no history" notice), unless its name is a misspelling
 * of a branch that holds records; one that cannot be read is an error: a pull request must not pass
 * because its history was unreadable.
 */
export async function historyFromBranch(
  inputs: ActionInputs,
  folder: string,
  branch: string,
  context: RunContext,
): Promise<BranchHistory> {
  // Only the records the comparison reads (readHistoryRuns: the newest DEFAULT_HISTORY_WINDOW), however many the
  // branch holds.
  const options = { ...historyBranchOptions(inputs, branch, folder, context), window: DEFAULT_HISTORY_WINDOW };
  const result = await context.out.group(`Reading the history from branch ${branch}`, () => readHistoryBranch(options));
  if (result.outcome === 'failed') throw new UsageError(`input "history-branch": ${result.reason}`);
  if (result.outcome === 'missing') {
    const error = await misspeltBranchError(options, context);
    return error !== undefined ? { outcome: 'misspelt', error } : { outcome: 'missing' };
  }
  context.out.info(
    logSafe(
      `history: ${result.records} record(s) on branch ${branch} at ${result.commit.slice(0, 7)}; ${result.downloaded} copied into ${folder}` +
        (result.skipped > 0 ? `; ${result.skipped} skipped (not valid records)` : ''),
    ),
  );
  return { outcome: result.records > 0 ? 'read' : 'empty' };
}

/**
 * On a push that records to a history branch: an error when the branch does not exist and its name is a misspelling
 * of one that holds records, so that the run does not start a second history beside the one pull requests read.
 */
export async function misspeltRecordingBranch(inputs: ActionInputs, context: RunContext): Promise<string | undefined> {
  const branch = inputs.historyBranch;
  if (branch === undefined || inputs.recordHistory === undefined || judgesAChange(context.eventName)) return undefined;
  // With history too, reading the branch asked this already.
  if (inputs.history !== undefined) return undefined;
  const options = historyBranchOptions(inputs, branch, inputs.recordHistory, context);
  const found = await historyBranchExists(options);
  if (found.exists === undefined) throw new UsageError(`input "history-branch": ${found.reason}`);
  return found.exists ? undefined : misspeltBranchError(options, context);
}

/** "history-branch "perfgate-histroy" does not exist; did you mean perfgate-history? …", or undefined. */
async function misspeltBranchError(options: HistoryBranchOptions, context: RunContext): Promise<string | undefined> {
  const check = await misspeltHistoryBranch(options);
  if (check.outcome === 'failed') throw new UsageError(`input "history-branch": ${check.reason}`);
  if (check.outcome === 'none') return undefined;
  context.out.info(logSafe(`history: branch ${check.branch} holds ${check.records} record(s)`));
  return (
    `history-branch "${options.branch}" does not exist; did you mean ${check.branch}? ` +
    `(branch ${check.branch} holds ${check.records} perfgate record${check.records === 1 ? '' : 's'}). ` +
    `To keep a separate history under the name ${options.branch}, create that branch first (it may be empty).`
  );
}

/** What a recording run did with its record: the job summary says it, so that a push's summary is never empty. */
export interface RecordedHistory {
  /** The commit and run recorded; absent when the event dates no commit (nothing was recorded). */
  commit?: string;
  runId?: string;
  /** The record's file name, when one was written into the folder. */
  file?: string;
  /** The local history folder. */
  folder: string;
  /** What the record holds ("22 benchmarks (2 experiments) from 2 files"). */
  holds?: string;
  /** With history-branch: the branch, and its commit when the record reached it. */
  branch?: string;
  branchCommit?: string;
  /** How many records the history holds now (the window). */
  records?: number;
  /** Why the record is not where it is kept (a pull request, a refusal of the branch, no commit date). */
  lost?: string;
}

/**
 * Appends this run to the history folder (kept to the window), when the event dates the commit;
 * with `history-branch`, commits it there too (never from a pull request). A record the branch
 * did not take is a warning: it is still in the folder, and the verdict does not change. Output
 * `history-recorded` says whether the record reached where it is kept (the branch, with
 * `history-branch`), so that a workflow can act on a lost one. Returns what was recorded where.
 */
export async function recordHistory(
  context: RunContext,
  inputs: ActionInputs,
  folder: string,
  read?: LoadedResults,
  accepted?: RecordedAcceptance,
): Promise<RecordedHistory> {
  const info = historyRunInfoFromEnv(context.env, context.event);
  const where = { folder, ...(inputs.historyBranch !== undefined ? { branch: inputs.historyBranch } : {}) };
  if (!info.sha || !info.date || !info.runId || !info.runUrl) {
    context.out.warning(
      'record-history: this run was not recorded: the event names no commit date (record on push events)',
    );
    context.out.setOutput('history-recorded', 'false');
    return { ...where, lost: 'the event names no commit date (record on push events)' };
  }
  const loaded = read ?? loadResults(context.files, inputs.results, readOptionsOf(inputs), context.progress);
  const run = { ...where, commit: info.sha, runId: String(info.runId), holds: describeRead(loaded) };
  // The verdict was reached before recording: nothing here may replace it (a corrupt record in
  // the folder, a full disk, a refusal of the branch); it is a warning naming the record lost.
  try {
    const recorded = await writeHistory(context, inputs, folder, loaded, info as Required<typeof info>, accepted);
    context.out.setOutput('history-recorded', String(recorded.lost === undefined));
    return { ...run, ...recorded };
  } catch (error) {
    const why = error instanceof InputError ? error.describe() : describeError(error);
    context.out.warning(
      logSafe(`record-history: the record of run ${info.runId} (commit ${info.sha.slice(0, 7)}) was lost: ${why}`),
    );
    context.out.setOutput('history-recorded', 'false');
    return { ...run, lost: why };
  }
}

/** Writes the record: its file, the records kept, and why it is not where it is kept (on the branch, with one). */
async function writeHistory(
  context: RunContext,
  inputs: ActionInputs,
  folder: string,
  loaded: LoadedResults,
  info: Required<ReturnType<typeof historyRunInfoFromEnv>>,
  accepted: RecordedAcceptance | undefined,
): Promise<Pick<RecordedHistory, 'file' | 'records' | 'branchCommit' | 'lost'>> {
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
    ...(accepted ? { accepted } : {}),
  });
  let outcome = { written: '', removed: [] as string[] };
  let lost: string | undefined;
  let branchCommit: string | undefined;
  const skip = (file: string, reason: string) => context.out.warning(logSafe(`${file}: skipped: ${reason}`));
  const append = () => {
    outcome = appendHistoryRecord(context.files, folder, record, inputs.historyWindow, skip);
  };
  const branch = inputs.historyBranch;
  if (branch !== undefined && judgesAChange(context.eventName)) {
    const from = context.eventName === 'merge_group' ? 'a merge queue' : 'a pull request';
    context.out.warning(
      `record-history: branch ${branch} is never written from ${from}; the record is only in ${folder}`,
    );
    lost = `branch ${branch} is never written from ${from}`;
    append();
  } else if (branch !== undefined) {
    const result = await context.out.group(`Recording the history on branch ${branch}`, () =>
      writeHistoryBranch(
        { ...historyBranchOptions(inputs, branch, folder, context), window: inputs.historyWindow },
        append,
      ),
    );
    if (result.outcome === 'failed') {
      if (outcome.written === '') append();
      lost = `not committed to branch ${branch}: ${result.reason}`;
      const which = `${historyFileName(record)} (run ${record.runId}, commit ${record.sha.slice(0, 7)})`;
      context.out.warning(
        logSafe(
          `record-history: this run's record ${which} was not committed to branch ${branch}: ${result.reason}. It is in ${folder}.`,
        ),
      );
    } else {
      branchCommit = result.commit;
      const what = [
        result.added.length > 0 ? `added ${result.added.join(', ')}` : 'nothing new',
        ...(result.removed.length > 0 ? [`removed ${result.removed.length} beyond the window`] : []),
      ].join(', ');
      context.out.info(
        logSafe(
          `history: branch ${branch} at ${result.commit.slice(0, 7)}: ${what}${result.attempts > 1 ? ` (after ${result.attempts - 1} concurrent update(s))` : ''}`,
        ),
      );
      if (result.squashed !== undefined)
        context.out.info(
          `history: branch ${branch} squashed: its last ${result.squashed} commits folded into one with the same files`,
        );
      if (result.squashSkipped !== undefined)
        context.out.info(logSafe(`history: branch ${branch} not squashed yet: ${result.squashSkipped}`));
      if (result.squashFailed !== undefined)
        context.out.warning(
          logSafe(
            `history: branch ${branch} could not be squashed: ${result.squashFailed}. The record is on it, but its git history keeps growing until a squash succeeds (allow force pushes to it)`,
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
  const kept = outcome.removed.includes(outcome.written) ? undefined : basename(outcome.written);
  return {
    ...(kept !== undefined ? { file: kept } : {}),
    records: historyRecordsIn(folder, context.files),
    ...(branchCommit !== undefined ? { branchCommit } : {}),
    ...(lost !== undefined ? { lost } : {}),
  };
}

/** The history records in the folder (what the window keeps). */
function historyRecordsIn(folder: string, files: Files): number {
  return files.namesIn(folder).filter((name) => /^history-.+\.json$/.test(name)).length;
}
