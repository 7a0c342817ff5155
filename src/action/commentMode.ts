/**
 * `mode: comment`: the privileged half of the two-workflow pattern for fork pull requests. A
 * workflow triggered by `workflow_run` (which never checks out pull-request code) downloads the
 * report artifact of the gate run, finds the pull request through the API and posts the gate's
 * `comment.md` as the sticky comment. Everything in the artifact was written by pull-request code
 * and is treated as untrusted data: the body is capped and cannot carry a marker; the pull
 * request number in it is only a hint; nothing from it reaches the log unescaped.
 *
 * Exit status: 0 whenever there is nothing to do (not a pull-request run, no open pull request at
 * that commit, a gate run that failed before writing its report) and when the token may not write
 * (a warning). 1 for a misconfiguration (no workflow_run event; a successful gate run without the
 * report artifact) and when the comment could not be posted for any other reason (API down after
 * the retries, 404, 422), so a broken comment job shows. The gate's verdict never fails this job.
 */
import { requireRepository, type RunContext } from './context.js';
import type { Files } from './ports.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../engine/errors.js';
import { downloadRunArtifacts } from './github/baseline.js';
import { isValidMarkerId, MAX_COMMENT_BODY, upsertStickyComment, type StickyCommentResult } from './github/comment.js';
import { apiRoot, githubClient } from './github/http.js';
import { findPullRequest } from './github/pulls.js';
import { statusComment } from '../engine/report/comment/reviewerComment.js';
import { checkSettings, type CommentModeInputs } from './inputs.js';
import { checkTitle, completeCheck, isUndecidedReason, startCheck } from './publish/checkRun.js';
import type { CheckConclusion } from './github/checkRuns.js';

/** The files the gate writes into its report folder on a pull-request event, for this mode. */
export const COMMENT_BODY_FILE = 'comment.md';
export const COMMENT_META_FILE = 'comment.json';

/** What the gate records beside comment.md: the pull request it ran for, its marker id, its verdict. */
export interface CommentMeta {
  pullRequest?: number;
  commentId?: string;
  verdict?: 'pass' | 'fail' | 'error';
  /** The name of the Check run the gate made itself (a same-repository pull request): this mode makes none then. */
  checkRun?: string;
  /** Why a passing gate left something slower undecided (undecidedReason): its Check is then neutral. */
  undecided?: string;
}

/** Largest report artifact accepted, zipped and unzipped. */
const MAX_ARTIFACT_BYTES = 64 * 1024 * 1024;

interface WorkflowRunEvent {
  id: number;
  headSha: string;
  headBranch?: string;
  headOwner?: string;
  event?: string;
  conclusion?: string;
  htmlUrl?: string;
  name?: string;
}

export async function runCommentMode(
  inputs: CommentModeInputs,
  context: RunContext,
  log: (message: string) => void,
): Promise<void> {
  const run = readWorkflowRun(context.event);
  if (run === undefined) {
    throw new UsageError(
      `mode: comment runs in a workflow triggered by workflow_run (this event is ${context.eventName || 'unknown'} and its payload names no workflow run)`,
    );
  }
  if (inputs.ignored.length > 0)
    context.out.warning(
      `perfgate: mode: comment ignores input ${inputs.ignored.map((n) => `"${n}"`).join(', ')}: the gate run read them`,
    );
  if (run.event !== 'pull_request' && run.event !== 'pull_request_target') {
    context.out.notice(
      `perfgate: run ${run.id} was triggered by ${run.event ?? 'an unknown event'}, not a pull request: no comment`,
    );
    return;
  }
  const { comment } = inputs;
  const checkName = checkSettings(context)?.name;
  if (comment.when === 'never' && checkName === undefined) {
    log('input comment is never and no Check run is made: nothing to do');
    return;
  }
  const { owner, repo } = requireRepository(context, 'mode: comment');

  const folder = await downloadReport(inputs, context, run, { owner, repo }, log);
  if (folder === undefined) return;

  const files = context.files;
  const body = readCapped(files, join(folder, COMMENT_BODY_FILE));
  if (body === undefined)
    return noReport(
      context,
      run,
      `artifact "${inputs.reportArtifact}" of run ${run.id} has no ${COMMENT_BODY_FILE} (written by perfgate on pull_request events)`,
    );
  const meta = readMeta(files, folder);
  const verdict = meta.verdict ?? verdictOfReports(files, folder);
  if (verdict !== undefined) context.out.setOutput('verdict', verdict);
  await publishCheck(
    context,
    run,
    { owner, repo },
    { body, verdict, gateCheck: meta.checkRun, undecided: meta.undecided },
    log,
  );
  if (comment.when === 'never') {
    log('input comment is never: no comment');
    return;
  }

  const pullRequest = await pullRequestOfRun(comment.token, context, run, { owner, repo }, meta.pullRequest);
  if (pullRequest === undefined) return;
  // With on-regression a passing gate posts nothing new, but corrects the ❌ comment an earlier run left.
  const onlyReplace = comment.when === 'on-regression' && verdict !== 'fail' && verdict !== 'error';
  if (onlyReplace)
    log(`the gate passed and input comment is on-regression: only an earlier comment on #${pullRequest} is updated`);
  // The gate's marker id, so that the comment it may have posted itself is the one updated.
  const id = !comment.idGiven && meta.commentId !== undefined ? meta.commentId : comment.id;
  const runUrl = run.htmlUrl ?? `${context.serverUrl}/${owner}/${repo}/actions/runs/${run.id}`;
  const result = await upsertStickyComment({
    token: comment.token,
    session: context.github,
    ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
    owner,
    repo,
    issueNumber: pullRequest,
    body: [{ text: body, label: 'the end of the report', required: true }],
    commentId: id,
    mode: comment.mode,
    author: comment.author,
    fullReportUrl: runUrl,
    onlyReplace,
    ...(verdict !== undefined ? { fallbackBody: statusComment(verdict, runUrl, run.headSha) } : {}),
  });
  reportCommentOutcome(result, pullRequest, context, log);
}

/**
 * The gate's verdict as a Check run on the pull request's head commit, for a fork's pull request whose gate run could
 * not write one (no checks: write there): failure when the gate failed or errored, success when it passed, neutral
 * when the artifact does not say. Named after the gate's workflow (`perfgate (<workflow>)`) unless check-name says.
 * The title is the comment's headline and the summary the comment itself; there are
 * no annotations (the artifact is untrusted and names no lines of this repository). Never throws.
 */
async function publishCheck(
  context: RunContext,
  run: WorkflowRunEvent,
  { owner, repo }: { owner: string; repo: string },
  gate: { body: string; verdict: CommentMeta['verdict']; gateCheck: string | undefined; undecided: string | undefined },
  log: (message: string) => void,
): Promise<void> {
  const settings = checkSettings(context);
  if (settings === undefined) return;
  if (gate.gateCheck !== undefined) {
    log(`the gate run made its own Check run "${gate.gateCheck}": no second one`);
    return;
  }
  const handle = await startCheck(context, { owner, repo, sha: run.headSha, detailsUrl: run.htmlUrl, job: run.name });
  const undecided = gate.verdict === 'pass' ? gate.undecided : undefined;
  const conclusion: CheckConclusion =
    gate.verdict === 'fail' || gate.verdict === 'error'
      ? 'failure'
      : gate.verdict === 'pass' && undecided === undefined
        ? 'success'
        : 'neutral';
  await completeCheck(handle, context, {
    conclusion,
    title: checkTitle(
      headlineOfComment(gate.body) ?? `perfgate: ${gate.verdict ?? 'no verdict'} (run ${run.id})`,
      undecided,
    ),
    summary: gate.body,
    annotations: [],
  });
}

/** The comment's headline (its first `###` line) without the heading's hashes. */
export function headlineOfComment(body: string): string | undefined {
  const line = body.split('\n').find((l) => l.startsWith('### '));
  return line?.slice(4).trim() || undefined;
}

/** Downloads the gate run's report artifact, in a log group: its folder, or undefined (and why) when there is none. */
async function downloadReport(
  inputs: CommentModeInputs,
  context: RunContext,
  run: WorkflowRunEvent,
  { owner, repo }: { owner: string; repo: string },
  log: (message: string) => void,
): Promise<string | undefined> {
  context.out.startGroup(`Downloading the report of run ${run.id}`);
  try {
    const found = await downloadRunArtifacts({
      token: inputs.comment.token,
      session: context.github,
      files: context.files,
      ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
      owner,
      repo,
      runId: run.id,
      namePattern: inputs.reportArtifact,
      destination: join(context.runnerTemp || tmpdir(), 'perfgate-comment'),
      // A report folder is small; an artifact from pull-request code gets no more room than this.
      maxBytes: MAX_ARTIFACT_BYTES,
    });
    for (const note of found.notes) log(note);
    const artifact = found.artifacts[0];
    if (!artifact) {
      noReport(context, run, found.reason ?? `no artifact "${inputs.reportArtifact}" in run ${run.id}`);
      return undefined;
    }
    log(`report artifact "${artifact.name}": ${artifact.files.length} file(s)`);
    return artifact.path;
  } finally {
    context.out.endGroup();
  }
}

/** The pull request the gate run ran for, found through the API (the artifact's number only a hint); its output. */
async function pullRequestOfRun(
  token: string,
  context: RunContext,
  run: WorkflowRunEvent,
  { owner, repo }: { owner: string; repo: string },
  hint: number | undefined,
): Promise<number | undefined> {
  const octokit = githubClient(token, apiRoot(context.apiUrl), { session: context.github });
  const lookup = await findPullRequest(octokit, {
    owner,
    repo,
    headSha: run.headSha,
    ...(run.headBranch ? { headBranch: run.headBranch } : {}),
    ...(run.headOwner ? { headOwner: run.headOwner } : {}),
    ...(hint !== undefined ? { hint } : {}),
    token,
  });
  for (const warning of lookup.warnings) context.out.warning(`perfgate: ${warning}`);
  if (lookup.number === undefined) {
    context.out.notice(`perfgate: no comment: ${lookup.reason}`);
    return undefined;
  }
  context.out.setOutput('pull-request', lookup.number);
  return lookup.number;
}

/** Says what became of the comment: a notice, a warning or the step's failure, and the comment's outputs. */
function reportCommentOutcome(
  result: StickyCommentResult,
  pullRequest: number,
  context: RunContext,
  log: (message: string) => void,
): void {
  if (result.outcome === 'skipped') {
    log(`no comment: ${result.reason ?? 'nothing to replace'}`);
    return;
  }
  if (result.outcome === 'forbidden') {
    context.out.warning(`perfgate: no pull-request comment: ${result.reason ?? result.outcome}`);
    return;
  }
  if (result.outcome === 'failed') {
    context.out.setFailed(`perfgate: no pull-request comment on #${pullRequest}: ${result.reason ?? result.outcome}`);
    return;
  }
  if (result.reason) context.out.warning(`perfgate: ${result.reason}`);
  log(
    `pull-request comment on #${pullRequest} ${result.outcome}${result.url ? `: ${result.url}` : ''}${result.truncated ? ' (shortened to fit)' : ''}`,
  );
  if (result.commentId !== undefined) context.out.setOutput('comment-id', result.commentId);
  if (result.url !== undefined) context.out.setOutput('comment-url', result.url);
}

/**
 * No report to post. A gate run that did not succeed may have stopped before writing one (its own
 * failure is the signal, so a warning); a successful run without it is a misconfiguration.
 */
function noReport(context: RunContext, run: WorkflowRunEvent, reason: string): void {
  if (run.conclusion !== 'success') {
    context.out.warning(
      `perfgate: no comment: ${reason} (run ${run.id} concluded ${run.conclusion ?? 'unknown'}; it may have stopped before writing its report)`,
    );
    return;
  }
  context.out.setFailed(
    `perfgate: no comment: ${reason}. Upload the gate's output-dir as this artifact (input report-artifact) in the pull-request workflow`,
  );
}

function readWorkflowRun(payload: unknown): WorkflowRunEvent | undefined {
  const run = (payload as { workflow_run?: Record<string, unknown> } | null)?.workflow_run;
  if (!run || typeof run !== 'object') return undefined;
  const id = run['id'];
  const headSha = run['head_sha'];
  if (
    typeof id !== 'number' ||
    !Number.isSafeInteger(id) ||
    id <= 0 ||
    typeof headSha !== 'string' ||
    !/^[0-9a-f]{40,64}$/i.test(headSha)
  )
    return undefined;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const headRepository = run['head_repository'] as { owner?: { login?: unknown } } | null | undefined;
  const result: WorkflowRunEvent = { id, headSha };
  const fields: [keyof WorkflowRunEvent, unknown][] = [
    ['headBranch', run['head_branch']],
    ['headOwner', headRepository?.owner?.login],
    ['event', run['event']],
    ['conclusion', run['conclusion']],
    ['htmlUrl', run['html_url']],
    ['name', run['name']],
  ];
  for (const [key, value] of fields)
    if (text(value) !== undefined) (result as unknown as Record<string, string>)[key] = text(value)!;
  return result;
}

/** At most the first 65 536 UTF-16 code units of a file (read as UTF-8); undefined when absent. */
function readCapped(files: Files, path: string): string | undefined {
  // UTF-8 needs at most 3 bytes per UTF-16 code unit: this many bytes always hold the cap.
  return files.readHead(path, 3 * MAX_COMMENT_BODY)?.slice(0, MAX_COMMENT_BODY);
}

/** Largest JSON file read from the artifact (report.json holds every check row). */
const MAX_JSON_BYTES = 32 * 1024 * 1024;

function readJson(files: Files, path: string): unknown {
  return files.readSmallJson(path, MAX_JSON_BYTES);
}

/** comment.json, each field kept only when it has the right shape. */
function readMeta(files: Files, folder: string): CommentMeta {
  const data = readJson(files, join(folder, COMMENT_META_FILE)) as Record<string, unknown> | undefined;
  if (!data || typeof data !== 'object') return {};
  const meta: CommentMeta = {};
  const pr = data['pullRequest'];
  if (typeof pr === 'number' && Number.isSafeInteger(pr) && pr > 0) meta.pullRequest = pr;
  const id = data['commentId'];
  if (typeof id === 'string' && isValidMarkerId(id)) meta.commentId = id;
  const verdict = data['verdict'];
  if (verdict === 'pass' || verdict === 'fail' || verdict === 'error') meta.verdict = verdict;
  const checkRun = data['checkRun'];
  if (typeof checkRun === 'string' && checkRun !== '') meta.checkRun = checkRun;
  const undecided = data['undecided'];
  if (typeof undecided === 'string' && isUndecidedReason(undecided)) meta.undecided = undecided;
  return meta;
}

/** The verdict of report.json and comparison.json: fail when either failed. */
function verdictOfReports(files: Files, folder: string): 'pass' | 'fail' | undefined {
  const verdicts = ['report.json', 'comparison.json'].map(
    (name) => (readJson(files, join(folder, name)) as { verdict?: unknown } | undefined)?.verdict,
  );
  if (verdicts.includes('fail')) return 'fail';
  return verdicts.includes('pass') ? 'pass' : undefined;
}
