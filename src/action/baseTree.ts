/**
 * The base build of the two-stage gate when the workflow names no folder for it (`confirm-base-dir`): a git worktree
 * of the base commit beside the workspace, made through the run's shell (the same port the confirmation runs the
 * benchmark command through) and removed when the confirmation is done. The base commit is the event's: a pull
 * request's `base.sha`, a merge queue's `merge_group.base_sha`, else `confirm-base-ref` (a manual run). A checkout
 * made by actions/checkout holds one commit (fetch-depth 1), so a base commit that is not in the clone is fetched
 * alone, with the credentials actions/checkout left in the clone, else with the job's token.
 */
import { join } from 'node:path';
import { UsageError } from '../engine/errors.js';
import type { CommandRun } from '../pipeline/pairRunner.js';
import type { RunContext } from './context.js';

/** A prepared base build: its folder, the commit it holds, and how to remove it. */
export interface BaseTree {
  dir: string;
  commit: string;
  remove(): Promise<void>;
}

/** Where the base commit comes from: the ref to check out and what it is, for messages. */
export interface BaseRef {
  ref: string;
  what: string;
}

/** A field of a parsed JSON value, if it is an object that has it. */
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? Reflect.get(value, key) : undefined;

const SHA = /^[0-9a-f]{40}$/i;

/** The base commit of this run's event, or of `confirm-base-ref` (which wins); undefined when neither names one. */
export function baseRefOf(context: Pick<RunContext, 'eventName' | 'event'>, given?: string): BaseRef | undefined {
  if (given !== undefined) return { ref: given, what: `confirm-base-ref ${given}` };
  const event = context.event;
  if (context.eventName === 'pull_request' || context.eventName === 'pull_request_target') {
    const sha = field(field(field(event, 'pull_request'), 'base'), 'sha');
    if (typeof sha === 'string' && SHA.test(sha))
      return { ref: sha, what: `the pull request's base ${sha.slice(0, 7)}` };
  }
  if (context.eventName === 'merge_group') {
    const sha = field(field(event, 'merge_group'), 'base_sha');
    if (typeof sha === 'string' && SHA.test(sha))
      return { ref: sha, what: `the merge queue's base ${sha.slice(0, 7)}` };
  }
  return undefined;
}

/** A word for /bin/sh: single-quoted, any single quote closed, escaped and reopened. */
export function shellWord(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The last non-empty line a failed command printed (its standard error's end), for a one-line reason. */
function lastLine(run: CommandRun): string {
  const lines = `${run.stderr}\n${run.stdout ?? ''}`.split('\n').filter((l) => l.trim() !== '');
  return lines.at(-1)?.trim() ?? `exit ${run.status ?? run.signal}`;
}

/**
 * Makes the base build: finds or fetches the commit, and adds a detached worktree of it at `dir`. `token`: the job's
 * token, used only when a plain fetch (with the clone's own credentials) fails; it is passed in the environment of git,
 * never in its arguments. A git command's output goes to `scratch` (the shell port keeps no output in memory), read
 * back and removed. Throws a UsageError naming the step that failed.
 */
export async function prepareBaseTree(
  context: Pick<RunContext, 'shell' | 'serverUrl' | 'files'>,
  base: BaseRef,
  dir: string,
  scratch: string,
  token?: string,
): Promise<BaseTree> {
  const git = async (args: string, env = ''): Promise<CommandRun & { out: string }> => {
    const { files } = context;
    const run = await context.shell.run(`${env}git ${args}`, files.root, {
      stdoutFile: scratch,
      timeoutMs: GIT_TIMEOUT_MS,
    });
    const out = run.stdout ?? (files.pathExists(scratch) ? files.readText(scratch) : '');
    files.removePath(scratch);
    return { ...run, out };
  };
  const fail = (step: string, run: CommandRun): never => {
    throw new UsageError(
      `the base build could not be prepared from ${base.what}: ${step} failed (${lastLine(run)}). Check out more history (actions/checkout with fetch-depth: 0) or give confirm-base-dir.`,
    );
  };
  const inside = await git('rev-parse --is-inside-work-tree');
  if (inside.status !== 0) fail('the workspace is not a git checkout: git rev-parse', inside);
  let commit = await git(`rev-parse --verify --quiet ${shellWord(`${base.ref}^{commit}`)}`);
  if (commit.status !== 0) {
    const fetchArgs = `fetch --no-tags --no-recurse-submodules --depth=1 origin ${shellWord(base.ref)}`;
    let fetched = await git(fetchArgs);
    if (fetched.status !== 0 && token !== undefined && token !== '') {
      // The job's token as actions/checkout passes it: an extra header for the server, from git's environment.
      const header = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`;
      fetched = await git(
        fetchArgs,
        `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=${shellWord(`http.${context.serverUrl}/.extraheader`)} GIT_CONFIG_VALUE_0=${shellWord(header)} `,
      );
    }
    if (fetched.status !== 0) fail(`git fetch origin ${base.ref}`, fetched);
    commit = await git('rev-parse --verify --quiet FETCH_HEAD^{commit}');
    if (commit.status !== 0) fail('git rev-parse FETCH_HEAD', commit);
  }
  const sha = commit.out.trim();
  // A worktree an earlier run of this job left behind (the job was cancelled) is replaced.
  await git(`worktree remove --force ${shellWord(dir)}`);
  await git('worktree prune');
  const added = await git(`worktree add --detach ${shellWord(dir)} ${shellWord(sha)}`);
  if (added.status !== 0) fail(`git worktree add ${sha.slice(0, 7)}`, added);
  return {
    dir,
    commit: sha,
    async remove() {
      await git(`worktree remove --force ${shellWord(dir)}`);
      await git('worktree prune');
    },
  };
}

/** A git command that has not answered in this long (a fetch from a hung server) is ended. */
const GIT_TIMEOUT_MS = 10 * 60 * 1000;

/** Where the base worktree goes: the runner's temp folder, else beside the confirmation's reports. */
export function baseTreeDir(runnerTemp: string | undefined, confirmFolder: string, commitish: string): string {
  const name = `perfgate-base-${commitish.replace(/[^0-9A-Za-z._-]/g, '_').slice(0, 40)}`;
  return runnerTemp !== undefined ? join(runnerTemp, name) : join(confirmFolder, name);
}
