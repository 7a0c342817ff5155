import { requireRepository, type RunContext } from './context.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../engine/errors.js';
import type { BaselineRun } from '../engine/report/comparison/comparisonReport.js';
import { downloadRunArtifacts, findBaseline } from './github/baseline.js';

export interface AutoBaselineSettings {
  token: string;
  /** `baseline: run:<id>`: that run's artifact instead of a lookup. */
  runId?: number;
  artifactName: string;
  /** Branch whose runs give the baseline; by default the pull request's base branch. */
  branch?: string;
  /** Workflow file or id; by default the workflow that is running. */
  workflow?: string;
}

export type AutoBaseline =
  | { patterns: string[]; run: BaselineRun; notes: string[] }
  /** `misnamed`: an input names a workflow or artifact that does not exist: an error, not "no baseline". */
  | { reason: string; notes: string[]; misnamed?: string };

/**
 * `baseline: auto`: the artifact of the latest successful run of this workflow on the base branch.
 * "No baseline" is an answer, not an error: the caller gates on requirements alone and says why;
 * unless an input names a workflow that does not exist, or an artifact no run uploaded next to one
 * of a close name (`misnamed`).
 */
export async function resolveAutoBaseline(settings: AutoBaselineSettings, context: RunContext): Promise<AutoBaseline> {
  const { owner, repo } = requireRepository(context, 'input "baseline"');
  if (settings.token === '')
    throw new UsageError(
      'input "baseline" needs input "github-token" (the default, github.token, works with permission actions: read)',
    );
  if (settings.runId !== undefined) {
    const found = await downloadRunArtifacts({
      token: settings.token,
      session: context.github,
      files: context.files,
      ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
      owner,
      repo,
      runId: settings.runId,
      namePattern: settings.artifactName,
      destination: join(context.runnerTemp || tmpdir(), 'perfgate-baseline'),
    });
    const artifact = found.artifacts[0];
    if (!artifact || !found.run)
      return {
        reason: found.reason ?? `no artifact "${settings.artifactName}" in run ${settings.runId}`,
        notes: found.notes,
      };
    const { id, runUrl, headSha, createdAt } = found.run;
    return {
      patterns: [artifact.path],
      run: { runId: id, runUrl, commit: headSha, date: createdAt },
      notes: found.notes,
    };
  }
  const event = context.event as EventPayload | undefined;
  const branch = settings.branch || event?.pull_request?.base?.ref || event?.repository?.default_branch;
  if (!branch) throw new UsageError('input "baseline-branch" is needed: this event names no base branch');
  const workflow = settings.workflow || workflowFile(context.workflowRef);
  if (!workflow)
    throw new UsageError('input "baseline-workflow" is needed: GITHUB_WORKFLOW_REF does not name the workflow file');
  const destination = join(context.runnerTemp || tmpdir(), 'perfgate-baseline');
  const lookup = await findBaseline({
    token: settings.token,
    session: context.github,
    files: context.files,
    ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
    owner,
    repo,
    workflowId: workflow,
    branch,
    branchGiven: Boolean(settings.branch),
    artifactName: settings.artifactName,
    destination,
  });
  if (!lookup.baseline) {
    const misnamed = lookup.misnamed;
    const input = `baseline-${misnamed?.what ?? 'artifact'}`;
    return {
      reason: `no baseline from ${workflow} on ${branch}: ${lookup.reason}`,
      notes: lookup.notes,
      ...(misnamed !== undefined ? { misnamed: `input "${input}": ${misnamed.message}` } : {}),
    };
  }
  const { runId, runUrl, headSha, createdAt, path } = lookup.baseline;
  return { patterns: [path], run: { runId, runUrl, commit: headSha, date: createdAt }, notes: lookup.notes };
}

/**
 * `results-artifacts`: the result artifacts of this run's benchmark jobs (a matrix), each unzipped
 * into its own folder, so that one gate judges them all.
 */
export async function downloadResultArtifacts(
  token: string,
  namePattern: string,
  context: RunContext,
): Promise<{ folders: string[]; notes: string[] }> {
  const { owner, repo } = requireRepository(context, 'input "results-artifacts"');
  const runId = Number(context.runId);
  if (!Number.isSafeInteger(runId) || runId <= 0)
    throw new UsageError('input "results-artifacts" needs GITHUB_RUN_ID (it runs inside GitHub Actions)');
  if (token === '')
    throw new UsageError('input "results-artifacts" needs input "github-token" (permission actions: read)');
  const found = await downloadRunArtifacts({
    token,
    session: context.github,
    files: context.files,
    ...(context.apiUrl ? { apiUrl: context.apiUrl } : {}),
    owner,
    repo,
    runId,
    namePattern,
    destination: join(context.runnerTemp || tmpdir(), 'perfgate-results'),
  });
  // Missing results must fail the gate, not pass it quietly.
  if (found.reason !== undefined) throw new UsageError(`input "results-artifacts": ${found.reason}`);
  return { folders: found.artifacts.map((a) => a.path), notes: found.notes };
}

interface EventPayload {
  pull_request?: { base?: { ref?: string } };
  repository?: { default_branch?: string };
}

/** `owner/repo/.github/workflows/perf.yml@refs/heads/main` → `perf.yml`. */
export function workflowFile(workflowRef: string | undefined): string | undefined {
  const match = /\/\.github\/workflows\/([^@/]+)@/.exec(workflowRef ?? '');
  return match?.[1];
}
