/**
 * perfgate's Check run on a commit: created `in_progress`, then completed with a conclusion, a title, a summary, a
 * text and annotations, at most {@link MAX_ANNOTATIONS_PER_REQUEST} per request (GitHub's limit), the rest in later
 * updates. Nothing here throws; no reason ever contains the token. A Check is a report: it never changes the job's
 * verdict.
 *
 * REST calls (documented in GitHub's OpenAPI description, and checked against it in the tests):
 *   POST  /repos/{owner}/{repo}/check-runs                 {name, head_sha, status: in_progress, details_url?}
 *   PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}  {status: completed, conclusion, output: {title, summary, text?, annotations?}}
 *   PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}  {output: {title, summary, annotations}}   (each further batch)
 */
import {
  apiRoot,
  describeHttpFailure,
  firstLineOf,
  githubClient,
  redact,
  toFailure,
  type GithubSession,
  type HttpFailure,
} from './http.js';

/** GitHub takes at most 50 annotations per create or update request. */
export const MAX_ANNOTATIONS_PER_REQUEST = 50;
/** GitHub's limit on a Check's output.summary and output.text, in characters. */
export const MAX_CHECK_OUTPUT = 65535;

export type CheckConclusion = 'success' | 'failure' | 'neutral';

/** One annotation as GitHub requires it: a repository path, a line range, a level and a message. */
export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string;
}

export interface CheckRunTarget {
  token: string;
  apiUrl?: string;
  owner: string;
  repo: string;
  session?: GithubSession;
}

export type CheckRunResult =
  { outcome: 'ok'; id: number; url?: string } | { outcome: 'forbidden' | 'failed'; reason: string };

/** Creates the Check run `in_progress` on `headSha`. */
export async function createCheckRun(
  target: CheckRunTarget,
  name: string,
  headSha: string,
  detailsUrl?: string,
): Promise<CheckRunResult> {
  try {
    const octokit = client(target);
    const response = await octokit.rest.checks.create({
      owner: target.owner,
      repo: target.repo,
      name,
      head_sha: headSha,
      status: 'in_progress',
      ...(detailsUrl !== undefined ? { details_url: detailsUrl } : {}),
    });
    return { outcome: 'ok', id: response.data.id, ...(response.data.html_url ? { url: response.data.html_url } : {}) };
  } catch (error) {
    return failed(target, `cannot create the Check run on ${headSha.slice(0, 12)}`, toFailure(error));
  }
}

export interface CheckCompletion {
  conclusion: CheckConclusion;
  title: string;
  summary: string;
  text?: string;
  annotations: readonly CheckAnnotation[];
}

/**
 * Completes the Check run with its output and the first batch of annotations, then adds the other batches, each
 * in its own update (GitHub appends annotations; title and summary are required on every update).
 */
export async function completeCheckRun(
  target: CheckRunTarget,
  id: number,
  completion: CheckCompletion,
): Promise<CheckRunResult> {
  const octokit = client(target);
  const title = completion.title.slice(0, 1000);
  const summary = fitOutput(completion.summary);
  const batches: CheckAnnotation[][] = [];
  for (let i = 0; i < completion.annotations.length; i += MAX_ANNOTATIONS_PER_REQUEST)
    batches.push(completion.annotations.slice(i, i + MAX_ANNOTATIONS_PER_REQUEST));
  try {
    await octokit.rest.checks.update({
      owner: target.owner,
      repo: target.repo,
      check_run_id: id,
      status: 'completed',
      conclusion: completion.conclusion,
      output: {
        title,
        summary,
        ...(completion.text !== undefined ? { text: fitOutput(completion.text) } : {}),
        ...(batches[0] !== undefined ? { annotations: batches[0] } : {}),
      },
    });
  } catch (error) {
    return failed(target, `cannot complete the Check run ${id}`, toFailure(error));
  }
  for (const [index, batch] of batches.entries()) {
    if (index === 0) continue;
    try {
      await octokit.rest.checks.update({
        owner: target.owner,
        repo: target.repo,
        check_run_id: id,
        output: { title, summary, annotations: batch },
      });
    } catch (error) {
      const left = completion.annotations.length - index * MAX_ANNOTATIONS_PER_REQUEST;
      return failed(target, `cannot add the last ${left} annotations to the Check run ${id}`, toFailure(error));
    }
  }
  return { outcome: 'ok', id };
}

/** Text cut to GitHub's output limit, saying that it was cut. */
export function fitOutput(text: string): string {
  if (text.length <= MAX_CHECK_OUTPUT) return text;
  const note = '\n\n… (cut to fit GitHub’s limit: the job summary has the whole report)\n';
  return text.slice(0, MAX_CHECK_OUTPUT - note.length) + note;
}

function client(target: CheckRunTarget) {
  return githubClient(target.token, apiRoot(target.apiUrl), { session: target.session });
}

function failed(target: CheckRunTarget, what: string, failure: HttpFailure): CheckRunResult {
  const forbidden = failure.status === 403;
  const reason = forbidden
    ? `${what}: HTTP 403, the token may not write Checks (${firstLineOf(failure)}); give the job permissions: checks: write (a fork's pull request never can)`
    : `${what}: ${describeHttpFailure(failure, { 404: 'no such repository or Check run, or no access to it', 422: 'GitHub refused the Check' })}`;
  return { outcome: forbidden ? 'forbidden' : 'failed', reason: redact(reason, target.token) };
}
