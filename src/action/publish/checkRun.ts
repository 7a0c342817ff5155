import { isAbsolute, relative, sep } from 'node:path';
import { failedCheckNotes } from '../../engine/report/check/model.js';
import type { ComparisonRow } from '../../engine/compare/rows.js';
import type { ComparisonReport } from '../../engine/report/comparison/comparisonReport.js';
import type { ConfirmationSummary } from '../../engine/report/confirmation/confirmation.js';
import type { CheckOutcome } from '../../pipeline/check.js';
import type { CompareOutcome } from '../../pipeline/compare.js';
import { pullRequestRefs, type RunContext } from '../context.js';
import {
  completeCheckRun,
  createCheckRun,
  listCheckRuns,
  type CheckAnnotation,
  type CheckCompletion,
  type CheckConclusion,
  type CheckRunResult,
  type CheckRunTarget,
} from '../github/checkRuns.js';
import { checkSettings } from '../inputs.js';
import { logSafe } from '../logSafety.js';

/** The events a Check is made for: a pull request (on its head commit) and a push (on GITHUB_SHA). */
const CHECKED_EVENTS = new Set(['pull_request', 'pull_request_target', 'push', 'merge_group']);

/** perfgate's Check run once created, or the newest of its name on the commit when this run could not create one. */
export interface CheckHandle {
  target: CheckRunTarget;
  id: number;
  name: string;
  /** The Check is an earlier run's, completed with this run's conclusion so that its own never outlives this run. */
  adopted?: boolean;
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
 * When the create is refused (a 403, a GitHub that kept failing), the newest Check of this name on the commit is
 * taken instead, to be completed with this run's conclusion: an earlier run's `success` never stands for a run that
 * failed. Never throws: an invalid input is left for the run to report; a token without `checks: write` logs one
 * line; another failure is a warning.
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
  const mark = externalIdOf(context, settings.name);
  const created = await createCheckRun(target, settings.name, where.sha, where.detailsUrl, mark);
  if (created.outcome === 'ok') {
    context.out.info(logSafe(`Check run "${settings.name}" in progress on ${where.sha.slice(0, 12)}`));
    return { target, id: created.id, name: settings.name };
  }
  report(context, created);
  const newest = (await listCheckRuns(target, settings.name, where.sha))?.[0];
  if (newest === undefined) return undefined;
  const was = newest.status === 'completed' ? (newest.conclusion ?? 'completed') : newest.status;
  context.out.info(
    logSafe(
      `Check run "${settings.name}" ${newest.id} (${was}) on ${where.sha.slice(0, 12)}: the newest of its name, completed with this run's conclusion instead`,
    ),
  );
  return { target, id: newest.id, name: settings.name, adopted: true };
}

/**
 * This run's mark on its Check (`external_id`): the run, its attempt, the job and the Check's name, so that a create
 * retried after a lost answer finds the Check it made.
 */
function externalIdOf(context: RunContext, name: string): string {
  return ['perfgate', context.runId || 'local', context.runAttempt, context.job ?? '', name].join('/').slice(0, 200);
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
  if (done.outcome !== 'ok') {
    report(context, done);
    return;
  }
  if (done.withoutAnnotations !== undefined)
    context.out.warning(
      `perfgate: the Check run ${handle.id} was completed without its ${completion.annotations.length} annotations: the completion with them failed (${done.withoutAnnotations})`,
    );
  const annotated =
    completion.annotations.length > 0 && done.withoutAnnotations === undefined
      ? `, ${completion.annotations.length} annotations`
      : '';
  context.out.info(
    logSafe(
      `Check run "${handle.name}"${handle.adopted === true ? ` ${handle.id}` : ''} completed: ${completion.conclusion}${annotated}`,
    ),
  );
}

/** The longest Check title perfgate writes, in characters: a title is one line of GitHub's Checks page. */
export const MAX_CHECK_TITLE = 160;

/**
 * A headline as a Check title: plain text, since GitHub shows a title as it is. A link that only says where to read
 * more is left out, another link becomes its text, emphasis and code marks go, escapes and entities are undone; then
 * the title is cut at a separator or a space to {@link MAX_CHECK_TITLE} characters, ending in `…`.
 */
export function plainTitle(markdown: string, max = MAX_CHECK_TITLE): string {
  const text = markdown
    .replace(/\s*\((?:see )?\[[^\]]*\]\([^)]*\)\)/g, '')
    .replace(/\[((?:\\.|[^\]\\])*)\]\([^)]*\)/g, '$1')
    .replace(/\\(.)|\*\*|__|`/g, (_whole, escaped: string | undefined) => escaped ?? '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const head = characters.slice(0, max - 1).join('');
  const separator = head.lastIndexOf(' · ');
  const space = head.lastIndexOf(' ');
  const cut = separator >= max / 2 ? separator : space >= max / 2 ? space : head.length;
  return `${head.slice(0, cut).trimEnd()}…`;
}

/**
 * Why a run that did not fail is still undecided about something slower, in a few words, or undefined when it is not:
 * rows over the threshold inside the noise, against too short a history, or inconclusive in A/B pairs, that no
 * confirmation decided (none is configured, or it could not run), or rows a confirmation left undecided at its cap.
 * Such a run's Check is `neutral`, never a plain green `success`.
 */
export function undecidedReason(
  confirmConfigured: boolean,
  comparison: ComparisonReport | undefined,
  confirmation: ConfirmationSummary | undefined,
): string | undefined {
  if (confirmation?.state === 'confirmed') return undefined;
  if (confirmation?.state === 'unconfirmed') {
    const n = confirmation.undecided.length;
    return n > 0
      ? `${n} benchmark${n === 1 ? '' : 's'} still undecided after ${confirmation.pairs} A/B pairs${confirmation.budgetReached === true ? ', at the time budget' : ''}`
      : undefined;
  }
  const c = comparison?.changes;
  if (c === undefined || (c.warned === undefined && c.shortHistory === undefined && c.inconclusive === undefined))
    return undefined;
  if (confirmation?.state === 'not-run')
    return confirmation.cut === true ? 'the confirmation was cut' : 'the confirmation could not run';
  if (confirmConfigured) return undefined; // its screen took none of them up: the two-stage gate decided
  if (c.warned === undefined && c.shortHistory === undefined) return 'more A/B pairs would decide';
  return 'no confirmation configured';
}

/** Whether a text is one of undecidedReason's (comment.json, from an untrusted artifact, is read only as these). */
export function isUndecidedReason(text: string): boolean {
  return (
    [
      'no confirmation configured',
      'the confirmation could not run',
      'the confirmation was cut',
      'more A/B pairs would decide',
    ].includes(text) ||
    /^\d{1,7} benchmarks? still undecided after \d{1,5} A\/B pairs(, at the time budget)?$/.test(text)
  );
}

/** The Check's conclusion: failure (neutral when the gate does not fail the job), neutral when undecided or nothing was gated. */
export function checkConclusion(
  failed: boolean,
  failOnRegression: boolean,
  gated: boolean,
  undecided: string | undefined,
): CheckConclusion {
  if (failed) return failOnRegression ? 'failure' : 'neutral';
  return gated && undecided === undefined ? 'success' : 'neutral';
}

/** The Check's title: the headline as plain text, after why the run is undecided when it is. */
export function checkTitle(headline: string, undecided: string | undefined): string {
  return plainTitle(undecided !== undefined ? `Undecided, ${undecided}: ${headline}` : headline);
}

function report(context: RunContext, result: Exclude<CheckRunResult, { outcome: 'ok' }>): void {
  // Without checks: write (a fork's pull request) one line, and the job's status stands.
  if (result.outcome === 'forbidden') context.out.info(logSafe(`no Check run: ${result.reason}`));
  else context.out.warning(`perfgate: no Check run: ${result.reason}`);
}

/**
 * A Check annotation per failed requirement check (at its line of the summary file) and per failing comparison row
 * (at line 1 of the workflow file: a row has no line of its own) — the confirmation's rows when a confirmation
 * decided, else the first stage's. GitHub requires a path in the repository: a note whose file is outside the
 * workspace goes to the workflow file too; without a workflow file it is left out.
 */
export function checkAnnotations(
  context: RunContext,
  check: CheckOutcome | undefined,
  comparison: CompareOutcome | undefined,
  level: CheckAnnotation['annotation_level'],
  confirmation?: ConfirmationSummary,
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
  const decided = confirmation !== undefined && confirmation.state !== 'not-run';
  const rows = decided ? confirmation.comparison?.rows : comparison?.report.rows;
  const confirmed = decided ? ` (confirmed by ${confirmation.pairs} A/B pairs on this runner)` : '';
  for (const row of rows?.filter((r) => r.failed) ?? [])
    add(undefined, 1, `perfgate: ${row.experimentType}`, rowNote(row) + confirmed);
  return annotations;
}

/** "Median of latency at 1024 B: +12.3 % worse than the reference (fail)"; without "at" when there is no parameter. */
export function rowNote(row: ComparisonRow): string {
  const delta = Number.isFinite(row.deltaPercent)
    ? `${row.deltaPercent >= 0 ? '+' : ''}${row.deltaPercent.toFixed(1)} % worse than the reference`
    : 'no number to compare';
  const at = row.parameter.trim() !== '' ? ` at ${row.parameter}` : '';
  return `${row.magnitude} of ${row.metric}${at}: ${delta} (${row.status})`;
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
