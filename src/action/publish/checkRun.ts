import { isAbsolute, relative, sep } from 'node:path';
import { failedCheckNotes } from '../../engine/report/model.js';
import type { ComparisonRow } from '../../engine/compare/rows.js';
import type { CheckOutcome } from '../../pipeline/check.js';
import type { CompareOutcome } from '../../pipeline/compare.js';
import { pullRequestRefs, type RunContext } from '../context.js';
import {
  completeCheckRun,
  createCheckRun,
  type CheckAnnotation,
  type CheckCompletion,
  type CheckRunResult,
  type CheckRunTarget,
} from '../github/checkRuns.js';
import { checkSettings } from '../inputs.js';
import { logSafe } from '../logSafety.js';

/** The events a Check is made for: a pull request (on its head commit) and a push (on GITHUB_SHA). */
const CHECKED_EVENTS = new Set(['pull_request', 'pull_request_target', 'push', 'merge_group']);

/** perfgate's Check run once created. */
export interface CheckHandle {
  target: CheckRunTarget;
  id: number;
  name: string;
}

/** Where a Check goes when it is not the run's own commit: mode comment's pull-request head. */
export interface CheckPlace {
  owner: string;
  repo: string;
  sha: string;
  detailsUrl?: string | undefined;
  /** What the default name `perfgate (<job>)` names instead of this run's job (the gate's workflow). */
  job?: string | undefined;
}

/**
 * Creates the run's Check `in_progress` on the commit judged (a pull request's head, not its merge commit), when
 * input `check` is on, a token is given and the event is a pull request or a push — or on `place` (mode comment).
 * Never throws: an invalid input is left for the run to report; a token without `checks: write` logs one line;
 * another failure is a warning.
 */
export async function startCheck(context: RunContext, place?: CheckPlace): Promise<CheckHandle | undefined> {
  let settings;
  try {
    settings = checkSettings(place?.job !== undefined ? { env: context.env, job: place.job } : context);
  } catch {
    return undefined; // the run reads the inputs again and fails for this one
  }
  if (settings === undefined) return undefined;
  const where = place ?? placeOfRun(context);
  if (where === undefined) return undefined;
  const target: CheckRunTarget = {
    token: settings.token,
    owner: where.owner,
    repo: where.repo,
    session: context.github,
    ...(context.apiUrl !== undefined ? { apiUrl: context.apiUrl } : {}),
  };
  const created = await createCheckRun(target, settings.name, where.sha, where.detailsUrl);
  if (created.outcome !== 'ok') {
    report(context, created);
    return undefined;
  }
  context.out.info(logSafe(`Check run "${settings.name}" in progress on ${where.sha.slice(0, 12)}`));
  return { target, id: created.id, name: settings.name };
}

/** The run's own commit for a pull request or a push event in a known repository. */
function placeOfRun(context: RunContext): CheckPlace | undefined {
  if (!CHECKED_EVENTS.has(context.eventName) || context.repository === undefined) return undefined;
  const sha = pullRequestRefs(context).commit;
  if (sha === undefined) return undefined;
  return { owner: context.repository.owner, repo: context.repository.repo, sha, detailsUrl: context.runUrl };
}

/** Completes the Check; never throws and never changes the verdict. */
export async function completeCheck(
  handle: CheckHandle | undefined,
  context: RunContext,
  completion: CheckCompletion,
): Promise<void> {
  if (handle === undefined) return;
  const done = await completeCheckRun(handle.target, handle.id, completion);
  if (done.outcome !== 'ok') report(context, done);
  else
    context.out.info(
      logSafe(
        `Check run "${handle.name}" completed: ${completion.conclusion}` +
          (completion.annotations.length > 0 ? `, ${completion.annotations.length} annotations` : ''),
      ),
    );
}

function report(context: RunContext, result: Exclude<CheckRunResult, { outcome: 'ok' }>): void {
  // Without checks: write (a fork's pull request) one line, and the job's status stands.
  if (result.outcome === 'forbidden') context.out.info(logSafe(`no Check run: ${result.reason}`));
  else context.out.warning(`perfgate: no Check run: ${result.reason}`);
}

/**
 * A Check annotation per failed requirement check (at its line of the summary file) and per failing comparison row
 * (at line 1 of the workflow file: a row has no line of its own). GitHub requires a path in the repository: a note
 * whose file is outside the workspace goes to the workflow file too; without a workflow file it is left out.
 */
export function checkAnnotations(
  context: RunContext,
  check: CheckOutcome | undefined,
  comparison: CompareOutcome | undefined,
  level: CheckAnnotation['annotation_level'],
): CheckAnnotation[] {
  const workflowFile = workflowFileOf(context.workflowRef);
  const annotations: CheckAnnotation[] = [];
  const add = (path: string | undefined, line: number, title: string, message: string) => {
    const where = path ?? workflowFile;
    if (where === undefined) return;
    const at = path !== undefined ? line : 1;
    annotations.push({ path: where, start_line: at, end_line: at, annotation_level: level, title, message });
  };
  if (check)
    for (const note of failedCheckNotes(check.report)) {
      const file = repositoryPath(context, check.summaryFiles.get(note.experimentType));
      add(file, note.line ?? 1, `perfgate: ${note.experimentType}`, note.message);
    }
  for (const row of comparison?.report.rows.filter((r) => r.failed) ?? [])
    add(undefined, 1, `perfgate: ${row.experimentType}`, rowNote(row));
  return annotations;
}

/** "Median of latency at 1024 B: +12.3 % worse than the reference (fail)" */
export function rowNote(row: ComparisonRow): string {
  const delta = Number.isFinite(row.deltaPercent)
    ? `${row.deltaPercent >= 0 ? '+' : ''}${row.deltaPercent.toFixed(1)} % worse than the reference`
    : 'no number to compare';
  return `${row.magnitude} of ${row.metric} at ${row.parameter}: ${delta} (${row.status})`;
}

/** `.github/workflows/bench.yml` of GITHUB_WORKFLOW_REF (`owner/repo/.github/workflows/bench.yml@refs/…`). */
export function workflowFileOf(workflowRef: string | undefined): string | undefined {
  const match = /^[^/]+\/[^/]+\/(.+?)@/.exec(workflowRef ?? '');
  return match?.[1];
}

/** A file's path from the repository's root, or undefined when it is outside the workspace. */
function repositoryPath(context: RunContext, file: string | undefined): string | undefined {
  if (file === undefined) return undefined;
  const workspace = context.env['GITHUB_WORKSPACE'];
  if (!isAbsolute(file)) return file.split(sep).join('/').replace(/^\.\//, '');
  if (workspace === undefined) return undefined;
  const inside = relative(workspace, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
  return inside.split(sep).join('/');
}
