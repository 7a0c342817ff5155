/**
 * perfgate's Check run on a commit: created `in_progress`, then completed with a conclusion, a title, a summary, a
 * text and annotations, at most {@link MAX_ANNOTATIONS_PER_REQUEST} per request (GitHub's limit), the rest in later
 * updates. Nothing here throws; no reason ever contains the token. A Check is a report: it never changes the job's
 * verdict.
 *
 * A create is idempotent: it is not retried blindly (a slow create that GitHub made but did not answer in time would
 * leave an orphan `in_progress` Check per retry); before each retry the Checks of this name on the commit are looked
 * up, and the one carrying this run's `external_id` is taken as made. A completion GitHub refuses (422, or a 5xx
 * after the client's retries) is tried once more without annotations, so that a Check is never left `in_progress`
 * for the sake of its annotations.
 *
 * REST calls (documented in GitHub's OpenAPI description, and checked against it in the tests):
 *   POST  /repos/{owner}/{repo}/check-runs                 {name, head_sha, status: in_progress, external_id?, details_url?}
 *   GET   /repos/{owner}/{repo}/commits/{ref}/check-runs   ?check_name&filter=all&per_page=100   (after a failed create)
 *   PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}  {status: completed, conclusion, output: {title, summary, text?, annotations?}}
 *   PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}  {output: {title, summary, annotations}}   (each further batch)
 */
import {
  apiRoot,
  describeHttpFailure,
  firstLineOf,
  githubClient,
  redact,
  MAX_RETRIES,
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
  session: GithubSession;
}

export type CheckRunResult =
  | {
      outcome: 'ok';
      id: number;
      url?: string;
      /** Said when the Check was completed only on a second try, without its annotations: why the first was refused. */
      withoutAnnotations?: string;
    }
  | { outcome: 'forbidden' | 'failed'; reason: string };

/** A Check run of a commit as the listing gives it. */
export interface ExistingCheckRun {
  id: number;
  status: string;
  conclusion: string | null;
  externalId: string | null;
}

/** Whether a failed call may have reached GitHub and may succeed when tried again: no answer, or a 5xx. */
function mayRetry(failure: HttpFailure): boolean {
  return failure.status === undefined || failure.status >= 500;
}

/**
 * Creates the Check run `in_progress` on `headSha`, marked with `externalId` (this run's own mark). A create that got
 * no answer or a 5xx is tried again up to {@link MAX_RETRIES} times, after 1, 4 and 9 waits of the session's unit,
 * each time first looking for the Check this run may already have made: at most one Check per run.
 */
export async function createCheckRun(
  target: CheckRunTarget,
  name: string,
  headSha: string,
  detailsUrl?: string,
  externalId?: string,
): Promise<CheckRunResult> {
  const octokit = client(target);
  const session = target.session;
  const sleep = (ms: number) => session.clock.sleep(ms);
  let failure: HttpFailure = { message: 'not tried' };
  for (let attempt = 0; attempt <= MAX_RETRIES; attempt++) {
    if (attempt > 0) {
      if (!mayRetry(failure) || (session !== undefined && session.leftMs() <= 0)) break;
      await sleep((session?.retryBaseMs ?? 1000) * attempt * attempt);
      if (externalId !== undefined) {
        const made = (await listCheckRuns(target, name, headSha))?.find((run) => run.externalId === externalId);
        if (made !== undefined) return { outcome: 'ok', id: made.id };
      }
    }
    try {
      const response = await octokit.rest.checks.create({
        owner: target.owner,
        repo: target.repo,
        name,
        head_sha: headSha,
        status: 'in_progress',
        ...(externalId !== undefined ? { external_id: externalId } : {}),
        ...(detailsUrl !== undefined ? { details_url: detailsUrl } : {}),
        // Retried here, after a look for the Check a lost answer may hide, never by the client.
        request: { retries: 0 },
      });
      return {
        outcome: 'ok',
        id: response.data.id,
        ...(response.data.html_url ? { url: response.data.html_url } : {}),
      };
    } catch (error) {
      failure = toFailure(error);
    }
  }
  return failed(target, `cannot create the Check run on ${headSha.slice(0, 12)}`, failure);
}

/**
 * The Check runs named `name` on `headSha`, newest first (GitHub's ids grow); undefined when they cannot be listed.
 * The first 100 are enough: a commit gets one per run of the job.
 */
export async function listCheckRuns(
  target: CheckRunTarget,
  name: string,
  headSha: string,
): Promise<ExistingCheckRun[] | undefined> {
  try {
    const { data } = await client(target).rest.checks.listForRef({
      owner: target.owner,
      repo: target.repo,
      ref: headSha,
      check_name: name,
      filter: 'all',
      per_page: 100,
    });
    return data.check_runs
      .filter((run) => run.name === name && run.head_sha === headSha)
      .map((run) => ({
        id: run.id,
        status: run.status,
        conclusion: run.conclusion,
        externalId: run.external_id,
      }))
      .sort((a, b) => b.id - a.id);
  } catch {
    return undefined;
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
  const complete = (annotations: readonly CheckAnnotation[] | undefined) =>
    octokit.rest.checks.update({
      owner: target.owner,
      repo: target.repo,
      check_run_id: id,
      status: 'completed',
      conclusion: completion.conclusion,
      output: {
        title,
        summary,
        ...(completion.text !== undefined ? { text: fitOutput(completion.text) } : {}),
        ...(annotations !== undefined ? { annotations: [...annotations] } : {}),
      },
    });
  try {
    await complete(batches[0]);
  } catch (error) {
    const failure = toFailure(error);
    // A refused body (422) or a GitHub that kept failing (5xx after the client's retries, no answer): once more
    // without annotations, so that the Check is completed all the same.
    if (failure.status !== 422 && !mayRetry(failure))
      return failed(target, `cannot complete the Check run ${id}`, failure);
    try {
      await complete(undefined);
    } catch (again) {
      return failed(target, `cannot complete the Check run ${id}, even without annotations`, toFailure(again));
    }
    return { outcome: 'ok', id, withoutAnnotations: redact(describeCheckFailure(failure), target.token) };
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

function describeCheckFailure(failure: HttpFailure): string {
  return describeHttpFailure(failure, {
    404: 'no such repository or Check run, or no access to it',
    422: 'GitHub refused the Check',
  });
}

function failed(target: CheckRunTarget, what: string, failure: HttpFailure): CheckRunResult {
  const forbidden = failure.status === 403;
  const reason = forbidden
    ? `${what}: HTTP 403, the token may not write Checks (${firstLineOf(failure)}); give the job permissions: checks: write (a fork's pull request never can)`
    : `${what}: ${describeCheckFailure(failure)}`;
  return { outcome: forbidden ? 'forbidden' : 'failed', reason: redact(reason, target.token) };
}
