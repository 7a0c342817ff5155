/**
 * The automatic baseline: the artifact of the latest successful run of the same workflow on the
 * pull request's base branch, downloaded and unzipped. Every "there is no baseline" case (no
 * successful run, artifact expired or absent, no permission, API down) gives `baseline: undefined`
 * with a reason; nothing here throws for it, and no message ever contains the token. A workflow
 * that does not exist, or an artifact name no run uploaded while a run uploaded one of a close name,
 * is a misconfiguration (`misnamed`): the caller fails the run instead of passing it on no baseline.
 *
 * REST calls (all documented in GitHub's OpenAPI description, and checked against it in the tests):
 *   GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs?branch&status=success&per_page[&event]
 *   GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts?name&per_page
 *   GET /repos/{owner}/{repo}/actions/workflows?per_page    only when the runs' listing says 404: a misspelt workflow?
 *   GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs?status=success&per_page   only when the branch has
 *                                                          no successful run: a misspelt branch?
 *   GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts?per_page   only when no run has the artifact: misspelt?
 *   GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}   → 302 to a signed blob URL
 * The blob URL is fetched without the token: it is pre-signed and on another host.
 */
import type { Files } from '../../pipeline/rootedFiles.js';
import { join } from 'node:path';
import {
  apiRoot,
  describeHttpFailure,
  githubClient,
  GithubSession,
  redact,
  toFailure,
  type HttpFailure,
  type Octokit,
} from './http.js';
import { extract, safeRelative, UnsafeArchive } from './artifactArchive.js';
import { downloadArtifact } from './artifactDownload.js';
import { missingWorkflow, misspeltArtifact, misspeltBranch } from './baselineNames.js';
import { didYouMean } from '../../engine/text/closest.js';
import { byCodePoint } from '../../engine/text/order.js';

export interface FindBaselineOptions {
  /** A token with `actions: read` on the repository (GITHUB_TOKEN is enough). */
  token: string;
  /** REST API root: GITHUB_API_URL (`https://api.github.com`, or `https://HOST/api/v3` on GitHub Enterprise Server). */
  apiUrl?: string;
  owner: string;
  repo: string;
  /** The workflow's file name (`latency.yml`) or its numeric id. */
  workflowId: string | number;
  /** The pull request's base branch (`github.base_ref`). */
  branch: string;
  /**
   * The branch was typed by the user (input baseline-branch), not taken from the event: a branch without runs next to
   * one of a close name with runs is then a misspelling.
   */
  branchGiven?: boolean;
  /** Name of the artifact the base branch's runs upload. */
  artifactName: string;
  /** Folder the artifact is unzipped into (created when needed). */
  destination: string;
  /** Only runs triggered by this event (`push`), when given. */
  event?: string;
  /** How many of the newest successful runs to look through (1–100, default 20). */
  perPage?: number;
  /** Largest artifact accepted, zipped and unzipped (default 512 MiB). */
  maxBytes?: number;
  /** The run's GitHub session (its transport, budget and waits). */
  session: GithubSession;
  /** The run's files (`destination` is taken from their working directory). */
  files: Files;
}

export interface Baseline {
  runId: number;
  headSha: string;
  runUrl: string;
  /** When the run was created (ISO 8601, as GitHub gives it). */
  createdAt: string;
  /** The folder the artifact was unzipped into (`destination`). */
  path: string;
  artifactId: number;
  /** The files written, relative to `path`, in archive order. */
  files: string[];
}

export type BaselineLookup =
  | { baseline: Baseline; reason?: undefined; notes: string[] }
  /** `misnamed`: the inputs name a workflow or artifact that does not exist ("did you mean …?"). */
  | { baseline: undefined; reason: string; notes: string[]; misnamed?: Misnamed };

/** A name in the inputs that names nothing, and what it may have meant. */
export interface Misnamed {
  what: 'workflow' | 'branch' | 'artifact';
  message: string;
}

const DEFAULT_PER_PAGE = 20;
const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

/** Finds, downloads and unzips the baseline artifact. Throws only for a destination that cannot be written. */
export async function findBaseline(options: FindBaselineOptions): Promise<BaselineLookup> {
  const { token, owner, repo, branch, artifactName } = options;
  const apiUrl = apiRoot(options.apiUrl);
  const perPage = Math.min(100, Math.max(1, Math.trunc(options.perPage ?? DEFAULT_PER_PAGE)));
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const notes: string[] = [];
  const clean = (text: string) => redact(text, token);
  const none = (reason: string): BaselineLookup => ({
    baseline: undefined,
    reason: clean(reason),
    notes: notes.map(clean),
  });
  const where = `workflow ${options.workflowId} on branch ${branch}`;

  if (!token) return none('no token was given: the baseline lookup needs one with actions: read');
  const session = options.session;
  const octokit = githubClient(token, apiUrl, { session });

  let runs: WorkflowRun[];
  try {
    const response = await octokit.rest.actions.listWorkflowRuns({
      owner,
      repo,
      workflow_id: options.workflowId,
      branch,
      status: 'success',
      per_page: perPage,
      ...(options.event !== undefined ? { event: options.event } : {}),
    });
    runs = response.data.workflow_runs as WorkflowRun[];
  } catch (error) {
    const failure = toFailure(error);
    const reason = `cannot list the runs of ${where}: ${describeFailure(failure, 'runs')}`;
    const misnamed = failure.status === 404 ? await missingWorkflow(octokit, options) : undefined;
    return {
      ...none(reason),
      ...(misnamed !== undefined ? { misnamed: { what: 'workflow', message: clean(misnamed) } } : {}),
    };
  }
  if (runs.length === 0) {
    const misnamed = options.branchGiven === true ? await misspeltBranch(octokit, options) : undefined;
    return {
      ...none(`no successful run of ${where}`),
      ...(misnamed !== undefined ? { misnamed: { what: 'branch', message: clean(misnamed) } } : {}),
    };
  }

  const fullName = `${owner}/${repo}`.toLowerCase();
  const passed = { expired: 0, absent: 0, fork: 0 };
  // Runs that uploaded no artifact of the name at all (a part of `absent`).
  let unnamed = 0;
  for (const run of runs) {
    // A pull request from a fork whose branch has the base branch's name matches `branch` too.
    const headRepo = run.head_repository?.full_name;
    if (headRepo !== undefined && headRepo.toLowerCase() !== fullName) {
      passed.fork++;
      notes.push(`run ${run.id}: skipped, it ran on code from ${headRepo}`);
      continue;
    }
    const found = await liveArtifactOfRun(octokit, options, run.id, maxBytes, notes);
    if (found.outcome === 'refused') return none(found.reason);
    if (found.outcome !== 'found') {
      passed[found.outcome]++;
      if (found.outcome === 'absent' && found.unnamed === true) unnamed++;
      continue;
    }
    const { artifact } = found;
    const fetched = await fetchArtifactFiles(octokit, session, options, run.id, artifact.id, maxBytes, notes);
    if (fetched.outcome === 'refused') return none(fetched.reason);
    if (fetched.outcome !== 'found') {
      passed[fetched.outcome]++;
      continue;
    }
    return {
      baseline: {
        runId: run.id,
        headSha: run.head_sha,
        runUrl: run.html_url,
        createdAt: run.created_at,
        path: options.destination,
        artifactId: artifact.id,
        files: fetched.files,
      },
      notes: notes.map(clean),
    };
  }
  const parts: string[] = [];
  if (passed.expired > 0) parts.push(`expired in ${passed.expired}`);
  if (passed.absent > 0) parts.push(`absent or unreadable in ${passed.absent}`);
  if (passed.fork > 0) parts.push(`${passed.fork} skipped as fork runs`);
  const reason = `no usable artifact "${artifactName}" in the ${runs.length} newest successful runs of ${where} (${parts.join(', ')})`;
  // No run uploaded the name at all: a misspelling, when the newest run uploaded one of a close name.
  const misnamed = unnamed === runs.length ? await misspeltArtifact(octokit, options, runs[0]!.id) : undefined;
  return {
    ...none(reason),
    ...(misnamed !== undefined ? { misnamed: { what: 'artifact', message: clean(misnamed) } } : {}),
  };
}

/**
 * A run passed over (its artifact expired, or absent or unreadable: `unnamed` when the run uploaded none of the
 * name), or a refusal that ends the lookup.
 */
type PassedOver =
  { outcome: 'expired' } | { outcome: 'absent'; unnamed?: boolean } | { outcome: 'refused'; reason: string };

/** The newest live artifact of the name in a run, within the size limit; else why not (a note each). */
async function liveArtifactOfRun(
  octokit: Octokit,
  { owner, repo, artifactName }: FindBaselineOptions,
  runId: number,
  maxBytes: number,
  notes: string[],
): Promise<{ outcome: 'found'; artifact: Artifact } | PassedOver> {
  let artifacts: Artifact[];
  try {
    const response = await octokit.rest.actions.listWorkflowRunArtifacts({
      owner,
      repo,
      run_id: runId,
      name: artifactName,
      per_page: 100,
    });
    artifacts = (response.data.artifacts as Artifact[]).filter((a) => a.name === artifactName);
  } catch (error) {
    const failure = toFailure(error);
    if (failure.status === 403 || failure.status === 401)
      return {
        outcome: 'refused',
        reason: `cannot list the artifacts of run ${runId}: ${describeFailure(failure, 'artifacts')}`,
      };
    notes.push(`run ${runId}: cannot list its artifacts: ${describeFailure(failure, 'artifacts')}`);
    return { outcome: 'absent' };
  }
  const live = artifacts
    .filter((a) => !a.expired)
    .sort((a, b) => compareDesc(a.created_at ?? '', b.created_at ?? '') || b.id - a.id);
  const artifact = live[0];
  if (artifact === undefined) {
    if (artifacts.length > 0) {
      notes.push(`run ${runId}: artifact "${artifactName}" has expired`);
      return { outcome: 'expired' };
    }
    notes.push(`run ${runId}: no artifact named "${artifactName}"`);
    return { outcome: 'absent', unnamed: true };
  }
  if (artifact.size_in_bytes !== undefined && artifact.size_in_bytes > maxBytes) {
    notes.push(
      `run ${runId}: artifact "${artifactName}" is ${artifact.size_in_bytes} bytes, more than the limit of ${maxBytes}`,
    );
    return { outcome: 'absent' };
  }
  return { outcome: 'found', artifact };
}

/**
 * Downloads the artifact and unzips it into the destination: the files written, else why not (a note each). Throws
 * only for a destination that cannot be written.
 */
async function fetchArtifactFiles(
  octokit: Octokit,
  session: GithubSession,
  { owner, repo, artifactName, destination, files }: FindBaselineOptions,
  runId: number,
  artifactId: number,
  maxBytes: number,
  notes: string[],
): Promise<{ outcome: 'found'; files: string[] } | PassedOver> {
  const download = await downloadArtifact(octokit, session, owner, repo, artifactId, maxBytes);
  if ('failure' in download) {
    const failure = download.failure;
    if (failure.status === 410) {
      notes.push(`run ${runId}: artifact "${artifactName}" has expired`);
      return { outcome: 'expired' };
    }
    if (failure.status === 403 || failure.status === 401)
      return {
        outcome: 'refused',
        reason: `cannot download artifact "${artifactName}" of run ${runId}: ${describeFailure(failure, 'artifact')}`,
      };
    notes.push(`run ${runId}: cannot download artifact "${artifactName}": ${describeFailure(failure, 'artifact')}`);
    return { outcome: 'absent' };
  }
  try {
    return { outcome: 'found', files: extract(files, download.bytes, destination, artifactName, maxBytes) };
  } catch (error) {
    if (error instanceof UnsafeArchive) {
      notes.push(`run ${runId}: artifact "${artifactName}" rejected: ${error.message}`);
      return { outcome: 'absent' };
    }
    throw error;
  }
}

interface WorkflowRun {
  id: number;
  head_sha: string;
  html_url: string;
  created_at: string;
  head_repository?: { full_name?: string } | null;
}

interface Artifact {
  id: number;
  name: string;
  expired: boolean;
  size_in_bytes?: number;
  created_at?: string | null;
}

function describeFailure(failure: HttpFailure, what: 'runs' | 'artifacts' | 'artifact'): string {
  return describeHttpFailure(failure, {
    403: 'the token may lack the actions: read permission',
    404: what === 'runs' ? 'no such repository or workflow, or no access to it' : 'not found',
    410: 'the artifact has expired',
  });
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

export interface RunArtifactsOptions {
  token: string;
  apiUrl?: string;
  owner: string;
  repo: string;
  runId: number;
  /** Artifact name, or a pattern with `*` and `?` (e.g. `perf-results-*`). */
  namePattern: string;
  /** Each artifact is unzipped into `destination/<artifact name>/`. */
  destination: string;
  maxBytes?: number;
  /** The run's GitHub session (its transport, budget and waits). */
  session: GithubSession;
  /** The run's files (`destination` is taken from their working directory). */
  files: Files;
}

export interface RunArtifacts {
  /** The run as the API describes it (for the report). */
  run?: { id: number; headSha: string; runUrl: string; createdAt: string };
  artifacts: { name: string; path: string; files: string[] }[];
  notes: string[];
  /** Why nothing usable was found; then `artifacts` is empty. */
  reason?: string;
}

/**
 * Downloads the artifacts of one workflow run whose names match a pattern: the results of a
 * matrix of benchmark jobs (the current run), or a baseline named by run id (manual comparisons).
 * API failures give a reason, never an exception.
 */
export async function downloadRunArtifacts(options: RunArtifactsOptions): Promise<RunArtifacts> {
  const { token, owner, repo, runId } = options;
  const apiUrl = apiRoot(options.apiUrl);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const notes: string[] = [];
  const clean = (text: string) => redact(text, token);
  const none = (reason: string): RunArtifacts => ({ artifacts: [], notes: notes.map(clean), reason: clean(reason) });
  if (!token) return none('no token was given: downloading artifacts needs one with actions: read');
  const session = options.session;
  const octokit = githubClient(token, apiUrl, { session });

  let run: RunArtifacts['run'];
  try {
    const { data } = await octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: runId });
    run = { id: data.id, headSha: data.head_sha, runUrl: data.html_url, createdAt: data.created_at };
  } catch (error) {
    return none(`cannot read run ${runId}: ${describeFailure(toFailure(error), 'runs')}`);
  }
  let listed: Artifact[];
  try {
    listed = (await octokit.paginate(octokit.rest.actions.listWorkflowRunArtifacts, {
      owner,
      repo,
      run_id: runId,
      per_page: 100,
    })) as Artifact[];
  } catch (error) {
    return none(`cannot list the artifacts of run ${runId}: ${describeFailure(toFailure(error), 'artifacts')}`);
  }
  const pattern = namePatternRegExp(options.namePattern);
  const matching = listed
    .filter((a) => pattern.test(a.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : b.id - a.id));
  const artifacts: RunArtifacts['artifacts'] = [];
  const seen = new Set<string>();
  for (const artifact of matching) {
    if (seen.has(artifact.name)) continue; // a re-run uploads again: the newest (highest id) wins
    seen.add(artifact.name);
    if (artifact.expired) {
      notes.push(`artifact "${artifact.name}" of run ${runId} has expired`);
      continue;
    }
    const download = await downloadArtifact(octokit, session, owner, repo, artifact.id, maxBytes);
    if ('failure' in download) {
      notes.push(
        `cannot download artifact "${artifact.name}" of run ${runId}: ${describeFailure(download.failure, 'artifact')}`,
      );
      continue;
    }
    const path = join(options.destination, safeRelative(artifact.name));
    try {
      artifacts.push({
        name: artifact.name,
        path,
        files: extract(options.files, download.bytes, path, artifact.name, maxBytes),
      });
    } catch (error) {
      if (!(error instanceof UnsafeArchive)) throw error;
      notes.push(`artifact "${artifact.name}" of run ${runId} rejected: ${error.message}`);
    }
  }
  // A name with no wildcard that matches nothing: the closest name the run uploaded, if one is close.
  const guess =
    matching.length === 0 && !/[*?]/.test(options.namePattern)
      ? didYouMean(options.namePattern, [...new Set(listed.map((a) => a.name))].sort(byCodePoint))
      : '';
  if (artifacts.length === 0)
    return {
      ...none(`no usable artifact matching "${options.namePattern}" in run ${runId}${guess}`),
      ...(run ? { run } : {}),
    };
  return { ...(run ? { run } : {}), artifacts, notes: notes.map(clean) };
}

/** `perf-*` → /^perf-.*$/: `*` any run of characters, `?` one character, the rest literal. */
export function namePatternRegExp(pattern: string): RegExp {
  const source = [...pattern]
    .map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}
