import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../engine/errors.js';
import type { BaselineRun } from '../engine/report/comparisonReport.js';
import { findBaseline } from './github/baseline.js';

export interface AutoBaselineSettings {
  token: string;
  artifactName: string;
  /** Branch whose runs give the baseline; by default the pull request's base branch. */
  branch?: string;
  /** Workflow file or id; by default the workflow that is running. */
  workflow?: string;
}

export type AutoBaseline = { patterns: string[]; run: BaselineRun; notes: string[] } | { reason: string; notes: string[] };

/**
 * `baseline: auto`: the artifact of the latest successful run of this workflow on the base branch.
 * "No baseline" is an answer, not an error: the caller gates on requirements alone and says why.
 */
export async function resolveAutoBaseline(settings: AutoBaselineSettings, env: NodeJS.ProcessEnv = process.env): Promise<AutoBaseline> {
  const [owner, repo] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  if (!owner || !repo) throw new UsageError('input "baseline": "auto" needs GITHUB_REPOSITORY (it runs inside GitHub Actions)');
  if (settings.token === '') throw new UsageError('input "baseline": "auto" needs input "github-token" (the default, github.token, works with permission actions: read)');
  const event = readEvent(env['GITHUB_EVENT_PATH']);
  const branch = settings.branch || event?.pull_request?.base?.ref || event?.repository?.default_branch;
  if (!branch) throw new UsageError('input "baseline-branch" is needed: this event names no base branch');
  const workflow = settings.workflow || workflowFile(env['GITHUB_WORKFLOW_REF']);
  if (!workflow) throw new UsageError('input "baseline-workflow" is needed: GITHUB_WORKFLOW_REF does not name the workflow file');
  const destination = join(env['RUNNER_TEMP'] || tmpdir(), 'perfgate-baseline');
  const lookup = await findBaseline({
    token: settings.token,
    ...(env['GITHUB_API_URL'] ? { apiUrl: env['GITHUB_API_URL'] } : {}),
    owner,
    repo,
    workflowId: workflow,
    branch,
    artifactName: settings.artifactName,
    destination,
  });
  if (!lookup.baseline) return { reason: `no baseline from ${workflow} on ${branch}: ${lookup.reason}`, notes: lookup.notes };
  const { runId, runUrl, headSha, createdAt, path } = lookup.baseline;
  return { patterns: [path], run: { runId, runUrl, commit: headSha, date: createdAt }, notes: lookup.notes };
}

interface EventPayload {
  pull_request?: { base?: { ref?: string } };
  repository?: { default_branch?: string };
}

function readEvent(path: string | undefined): EventPayload | undefined {
  if (!path || !existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as EventPayload;
  } catch {
    return undefined;
  }
}

/** `owner/repo/.github/workflows/perf.yml@refs/heads/main` → `perf.yml`. */
export function workflowFile(workflowRef: string | undefined): string | undefined {
  const match = /\/\.github\/workflows\/([^@/]+)@/.exec(workflowRef ?? '');
  return match?.[1];
}
