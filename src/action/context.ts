/**
 * Where the action runs and what it talks to: the event and its payload, the repository, the run
 * and the GitHub hosts, read once from the ports' environment (as @actions/github's `context`
 * does), with the output, the clock and the run's GitHub session, and passed down, so no other
 * part of the action reads an environment variable or the event file itself.
 */
import { UsageError } from '../engine/errors.js';
import { GithubSession } from './github/http.js';
import { ActionOutput } from './log.js';
import { progressOf } from './logSafety.js';
import type { Progress } from '../pipeline/steps.js';
import type { ConfirmPorts } from '../pipeline/confirm.js';
import type { ActionPorts, ArtifactStore, Clock, Files } from './ports.js';

/** A payload larger than this is not read (GitHub's webhook payloads are capped at 25 MB). */
export const MAX_EVENT_BYTES = 25 * 1024 * 1024;

export interface RunContext {
  /** GITHUB_EVENT_NAME: `push`, `pull_request`, `workflow_run`, … ('' off a runner). */
  eventName: string;
  /** The event payload (GITHUB_EVENT_PATH); undefined when absent, too large or not JSON. */
  event: unknown;
  /** owner/repo of GITHUB_REPOSITORY; undefined outside a repository. */
  repository?: { owner: string; repo: string };
  /** GITHUB_SERVER_URL without a trailing slash (default https://github.com). */
  serverUrl: string;
  /** GITHUB_API_URL, when set (GitHub Enterprise Server, tests). */
  apiUrl?: string;
  runId: string;
  runAttempt: string;
  /** The run's page, when the repository and run are known. */
  runUrl?: string;
  /** The pull request of a pull_request(_target) event. */
  pullRequest?: number;
  /** GITHUB_SHA. */
  sha?: string;
  /** GITHUB_WORKFLOW, GITHUB_JOB and GITHUB_WORKFLOW_REF, for default comment ids and baselines. */
  workflow?: string;
  job?: string;
  workflowRef?: string;
  /** RUNNER_TEMP. */
  runnerTemp?: string;
  /** The whole environment, for what is not the run's identity (inputs, runner tokens, ImageOS). */
  env: Readonly<Record<string, string | undefined>>;
  /** The log, annotations, step outputs and job summary. */
  out: ActionOutput;
  clock: Clock;
  /** The run's GitHub work: one time budget for every API call of the run. */
  github: GithubSession;
  /** How the pipeline's steps report: log groups with their duration, warnings as annotations. */
  progress: Progress;
  /**
   * Where the two-stage gate's confirmation runs the benchmark command (ActionPorts.shell), on the run's clock, its
   * folder and output file taken from the run's working directory.
   */
  shell: ConfirmPorts;
  /** The run's files: every relative path the action reads, lists or writes is taken from `files.root`. */
  files: Files;
  /** Where the report is uploaded as an artifact. */
  artifacts: ArtifactStore;
}

/** The run context of the action's ports. Never throws. */
export function makeRunContext(ports: ActionPorts): RunContext {
  const env = ports.env;
  const out = new ActionOutput(ports.out);
  const clock = ports.clock;
  const github = new GithubSession(ports.github, clock, (message) => out.warning(message));
  const shell: ConfirmPorts = {
    now: () => clock.now(),
    run: (command, cwd, limits = {}) =>
      ports.shell.run(command, ports.files.at(cwd), {
        ...limits,
        ...(limits.stdoutFile !== undefined ? { stdoutFile: ports.files.at(limits.stdoutFile) } : {}),
      }),
  };
  const { files, artifacts } = ports;
  return {
    ...readRunContext(env, files),
    out,
    clock,
    github,
    progress: progressOf(out, clock),
    shell,
    files,
    artifacts,
  };
}

/** The run as its environment names it. */
export type RunIdentity = Omit<RunContext, 'out' | 'clock' | 'github' | 'progress' | 'shell' | 'files' | 'artifacts'>;

/** The run's identity read from an environment (the event file read through `files`). Never throws. */
export function readRunContext(env: Readonly<Record<string, string | undefined>>, files: Files): RunIdentity {
  const [owner, repo] = (env['GITHUB_REPOSITORY'] ?? '').split('/');
  const repository = owner && repo ? { owner, repo } : undefined;
  const serverUrl = (env['GITHUB_SERVER_URL'] || 'https://github.com').replace(/\/+$/, '');
  const runId = env['GITHUB_RUN_ID'] ?? '';
  const eventPath = env['GITHUB_EVENT_PATH'];
  const event = eventPath ? files.readSmallJson(eventPath, MAX_EVENT_BYTES) : undefined;
  const eventName = env['GITHUB_EVENT_NAME'] ?? '';
  const pullRequest = eventName === 'merge_group' ? queuedPullRequestOf(event) : pullRequestOf(event);
  const optional = (key: string) => (env[key] ? env[key] : undefined);
  const context: RunIdentity = {
    eventName,
    event,
    serverUrl,
    runId,
    runAttempt: env['GITHUB_RUN_ATTEMPT'] || '1',
    env,
  };
  if (repository) context.repository = repository;
  if (repository) context.runUrl = `${serverUrl}/${repository.owner}/${repository.repo}/actions/runs/${runId}`;
  if (pullRequest !== undefined) context.pullRequest = pullRequest;
  for (const [key, name] of [
    ['apiUrl', 'GITHUB_API_URL'],
    ['sha', 'GITHUB_SHA'],
    ['workflow', 'GITHUB_WORKFLOW'],
    ['job', 'GITHUB_JOB'],
    ['workflowRef', 'GITHUB_WORKFLOW_REF'],
    ['runnerTemp', 'RUNNER_TEMP'],
  ] as const) {
    const value = optional(name);
    if (value !== undefined) context[key] = value;
  }
  return context;
}

/** A field of a parsed JSON value, if it is an object that has it. */
function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Reflect.get(value, key) : undefined;
}

/**
 * The pull request a merge queue's group tests: the number in the group's head_ref
 * (`refs/heads/gh-readonly-queue/main/pr-104-<sha>`), so that its result reaches the pull request's comment.
 */
function queuedPullRequestOf(event: unknown): number | undefined {
  const ref = field(field(event, 'merge_group'), 'head_ref');
  const match =
    typeof ref === 'string' ? /^refs\/heads\/gh-readonly-queue\/.+\/pr-(\d{1,9})-[0-9a-f]{40}$/.exec(ref) : null;
  const n = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/**
 * Whether the event judges a change before it lands (a pull request, or a merge queue's group of them): such a run
 * compares, and never records the history of the default branch or looks for its trends.
 */
export function judgesAChange(eventName: string): boolean {
  return eventName.startsWith('pull_request') || eventName === 'merge_group';
}

/** The pull request number of a pull_request(_target) payload. */
function pullRequestOf(event: unknown): number | undefined {
  const n = (event as { pull_request?: { number?: unknown } } | undefined)?.pull_request?.number;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The repository, or a usage error naming what needs it. */
export function requireRepository(context: RunContext, what: string): { owner: string; repo: string } {
  if (!context.repository) throw new UsageError(`${what} needs GITHUB_REPOSITORY (it runs inside GitHub Actions)`);
  return context.repository;
}

/**
 * What a pull request's comment names: the head commit judged (the payload's `head.sha`, else
 * GITHUB_SHA) and the branch it merges into (`base.ref`, else GITHUB_BASE_REF). Only strings
 * that look like a SHA or a branch name are taken.
 */
export function pullRequestRefs(context: Pick<RunContext, 'event' | 'sha' | 'env'>): {
  commit?: string;
  base?: string;
} {
  const pr = (context.event as { pull_request?: { head?: { sha?: unknown }; base?: { ref?: unknown } } } | undefined)
    ?.pull_request;
  // A merge queue's group: its head commit, and the branch it merges into (`refs/heads/main`).
  const group = field(context.event, 'merge_group');
  const groupSha = field(group, 'head_sha');
  const groupBase = field(group, 'base_ref');
  const sha = typeof pr?.head?.sha === 'string' ? pr.head.sha : typeof groupSha === 'string' ? groupSha : context.sha;
  const ref =
    typeof pr?.base?.ref === 'string'
      ? pr.base.ref
      : typeof groupBase === 'string'
        ? groupBase.replace(/^refs\/heads\//, '')
        : context.env['GITHUB_BASE_REF'];
  return {
    ...(sha !== undefined && /^[0-9a-f]{7,64}$/i.test(sha) ? { commit: sha } : {}),
    ...(ref !== undefined && ref !== '' && ref.length <= 255 && !/[\s\u0000-\u001f]/.test(ref) ? { base: ref } : {}),
  };
}
