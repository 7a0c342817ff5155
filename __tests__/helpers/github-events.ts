/**
 * Real webhook payloads (npm `@octokit/webhooks-examples`, the examples GitHub documents per event)
 * as GITHUB_EVENT_PATH files, with only the fields the loopback servers check changed: the
 * repository, the pull request's number, branches and head commit, the workflow run's id, event
 * and conclusion. Everything else stays as GitHub sends it, so the action reads a full payload.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from './runner-action.js';
import { repoRoot } from './shared.js';

type Json = any;

interface WebhookEvent {
  name: string;
  examples: Json[];
}

let examples: WebhookEvent[] | undefined;

/** A deep copy of the first documented example of `event` with `action` (any action when undefined). */
export function webhookExample(event: string, action?: string): Json {
  examples ??= JSON.parse(
    readFileSync(
      join(repoRoot, 'node_modules', '@octokit', 'webhooks-examples', 'api.github.com', 'index.json'),
      'utf8',
    ),
  ) as WebhookEvent[];
  const found = examples
    .find((e) => e.name === event)
    ?.examples.find((x) => action === undefined || x.action === action);
  if (!found) throw new Error(`@octokit/webhooks-examples has no ${event}${action ? `.${action}` : ''} example`);
  return structuredClone(found);
}

/** Points a payload's repository object at owner/repo (names, full name, owner login, URLs). */
function retarget(repository: Json, owner: string, repo: string): void {
  const from = repository.full_name as string;
  const text = JSON.stringify(repository).split(from).join(`${owner}/${repo}`);
  Object.assign(repository, JSON.parse(text));
  repository.name = repo;
  repository.full_name = `${owner}/${repo}`;
  repository.owner.login = owner;
}

export interface PullRequestEventOptions {
  owner: string;
  repo: string;
  number: number;
  baseRef?: string;
  headRef?: string;
  headSha?: string;
  /** The event's action: `synchronize` (a push to the pull request, the default), `labeled`, … */
  action?: string;
}

/** `pull_request` `synchronize` (a push to the pull request), or another action's example, as GitHub sends it. */
export function pullRequestEvent(o: PullRequestEventOptions): Json {
  const event = webhookExample('pull_request', o.action ?? 'synchronize');
  retarget(event.repository, o.owner, o.repo);
  retarget(event.pull_request.base.repo, o.owner, o.repo);
  retarget(event.pull_request.head.repo, o.owner, o.repo);
  event.number = o.number;
  event.pull_request.number = o.number;
  event.pull_request.base.ref = o.baseRef ?? 'main';
  event.pull_request.head.ref = o.headRef ?? 'feature';
  if (o.headSha) {
    event.pull_request.head.sha = o.headSha;
    event.after = o.headSha;
  }
  return event;
}

export interface WorkflowRunEventOptions {
  owner: string;
  repo: string;
  runId: number;
  /** The triggering run's workflow name (`perfgate`). */
  name?: string;
  event?: string;
  conclusion?: string | null;
  headSha: string;
  headBranch: string;
  /** Owner of the head repository: a fork's owner for a fork pull request. */
  headOwner?: string;
}

/** `workflow_run` `completed`, as GitHub sends it to the privileged comment workflow. */
export function workflowRunEvent(o: WorkflowRunEventOptions): Json {
  const event = webhookExample('workflow_run', 'completed');
  retarget(event.repository, o.owner, o.repo);
  const run = event.workflow_run;
  retarget(run.repository, o.owner, o.repo);
  retarget(run.head_repository, o.headOwner ?? o.owner, o.repo);
  run.id = o.runId;
  run.name = o.name ?? 'perfgate';
  run.event = o.event ?? 'pull_request';
  run.status = 'completed';
  run.conclusion = o.conclusion === undefined ? 'failure' : o.conclusion;
  run.head_sha = o.headSha;
  run.head_branch = o.headBranch;
  run.html_url = `https://github.example/${o.owner}/${o.repo}/actions/runs/${o.runId}`;
  // GitHub leaves this empty for pull requests from forks: the action must not rely on it.
  run.pull_requests = [];
  return event;
}

/** Writes a payload to a fresh file and returns its path (GITHUB_EVENT_PATH). */
export function eventFile(payload: Json): string {
  const path = join(makeTempDir('perfgate-event-'), 'event.json');
  writeFileSync(path, JSON.stringify(payload));
  return path;
}
