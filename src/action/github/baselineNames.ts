/**
 * What a baseline input that names nothing meant: a workflow that is not among the repository's, a branch without runs
 * next to one of a close name with runs, an artifact no run uploaded next to one of a close name. Asked only once the
 * lookup found nothing, one request each, on the lookup's own permission (actions: read); undefined when nothing is
 * close, or the question cannot be asked (the lookup's "no baseline" then stands).
 */
import { closestName, didYouMean } from '../../engine/text/closest.js';
import { byCodePoint } from '../../engine/text/order.js';
import type { Octokit } from './http.js';

/** The names a baseline lookup was given (FindBaselineOptions, baseline.ts), which a misspelling is looked for among. */
interface LookupNames {
  owner: string;
  repo: string;
  workflowId: string | number;
  branch: string;
  artifactName: string;
}

/**
 * After a 404 on the runs of a workflow: "workflow "latncy.yml" does not exist; did you mean latency.yml?" when the
 * repository's workflows do not include it (one request lists them); undefined when it does (the 404 was something
 * else) or they cannot be listed.
 */
export async function missingWorkflow(
  octokit: Octokit,
  { owner, repo, workflowId }: LookupNames,
): Promise<string | undefined> {
  let workflows: { id: number; path: string }[];
  try {
    const { data } = await octokit.rest.actions.listRepoWorkflows({ owner, repo, per_page: 100 });
    workflows = data.workflows;
  } catch {
    return undefined;
  }
  const wanted = String(workflowId);
  const files = workflows.map((w) => w.path.slice(w.path.lastIndexOf('/') + 1));
  if (workflows.some((w, i) => String(w.id) === wanted || files[i] === wanted || w.path === wanted)) return undefined;
  const listed =
    files.length > 0 ? ` (its workflows: ${files.slice(0, 10).join(', ')}${files.length > 10 ? ', …' : ''})` : '';
  return `workflow "${wanted}" does not exist in ${owner}/${repo}${didYouMean(wanted, files)}${listed}`;
}

/**
 * When the branch has no successful run of the workflow: "branch "mian" has no successful run of …; did you mean
 * main?" when the workflow's newest successful runs on other branches include one of a close name (one request, on
 * the same permission as the lookup); else undefined (a workflow that never succeeded on the branch yet).
 */
export async function misspeltBranch(
  octokit: Octokit,
  { owner, repo, workflowId, branch }: LookupNames,
): Promise<string | undefined> {
  let branches: string[];
  try {
    const response = await octokit.rest.actions.listWorkflowRuns({
      owner,
      repo,
      workflow_id: workflowId,
      status: 'success',
      per_page: 100,
    });
    const names = (response.data.workflow_runs as { head_branch?: string | null }[]).map((r) => r.head_branch ?? '');
    branches = [...new Set(names.filter((name) => name !== '' && name !== branch))].sort(byCodePoint);
  } catch {
    return undefined;
  }
  const near = closestName(branch, branches);
  if (near === undefined) return undefined;
  return `branch "${branch}" has no successful run of workflow ${workflowId}; did you mean ${near}?`;
}

/**
 * When no run uploaded the artifact: "no run of … uploaded an artifact "perf-reslts"; did you mean perf-results?" when
 * the newest run uploaded one of a close name (one request lists its artifacts); else undefined (the first runs
 * before an upload step was added upload none).
 */
export async function misspeltArtifact(
  octokit: Octokit,
  { owner, repo, artifactName, workflowId, branch }: LookupNames,
  runId: number,
): Promise<string | undefined> {
  let names: string[];
  try {
    const { data } = await octokit.rest.actions.listWorkflowRunArtifacts({ owner, repo, run_id: runId, per_page: 100 });
    names = [...new Set(data.artifacts.map((a) => a.name))].sort(byCodePoint);
  } catch {
    return undefined;
  }
  const near = closestName(artifactName, names);
  if (near === undefined) return undefined;
  return (
    `no successful run of workflow ${workflowId} on branch ${branch} uploaded an artifact "${artifactName}"; ` +
    `did you mean ${near}? (run ${runId} uploaded ${names.join(', ')})`
  );
}
