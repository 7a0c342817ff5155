import * as core from '../log.js';
import { getOctokit } from '@actions/github';
import { retry } from '@octokit/plugin-retry';
import { throttling, type ThrottlingOptions } from '@octokit/plugin-throttling';

/** What went wrong with one API call: the HTTP status when there was one, and the message. */
export interface HttpFailure {
  status?: number;
  message: string;
}

export type Octokit = ReturnType<typeof getOctokit>;

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The REST API root: the option, else GITHUB_API_URL (GitHub Enterprise Server), else github.com. */
export function apiRoot(apiUrl: string | undefined): string {
  return (apiUrl ?? process.env['GITHUB_API_URL'] ?? 'https://api.github.com').replace(/\/+$/, '');
}

/** Retries of a 5xx answer or a dropped connection (octokit reports both as status ≥ 500). */
export const MAX_RETRIES = 3;
/** The longest the client waits in all for rate limits before it gives up and reports the failure. */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 60;

/**
 * The unit of every wait, in milliseconds: 1000 in production. Internal: the tests set
 * PERFGATE_RETRY_BASE_MS to 1 so that retries and write spacing take no time.
 */
export function retryBaseMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env['PERFGATE_RETRY_BASE_MS']);
  return Number.isFinite(value) && value >= 0 && env['PERFGATE_RETRY_BASE_MS']?.trim() ? value : 1000;
}

// Every 4xx is final except 429 (rate limit); 403 rate limits are the throttling plugin's.
const DO_NOT_RETRY = Array.from({ length: 100 }, (_, i) => 400 + i).filter((status) => status !== 429);

export interface ClientOptions {
  /** Where a rate-limit wait is reported (default: a workflow warning). Never given the token. */
  warn?: (message: string) => void;
}

/**
 * An Octokit client for `apiUrl` that never logs by itself (perfgate decides what the log says),
 * retries a 5xx answer or a dropped connection up to {@link MAX_RETRIES} times (after 1, 4 and 9
 * seconds), never retries another 4xx, and on a rate limit waits as GitHub asks (`retry-after`,
 * or until the reset) only while the waits add up to at most {@link MAX_RATE_LIMIT_WAIT_SECONDS}.
 */
export function githubClient(token: string, apiUrl: string, options: ClientOptions = {}): Octokit {
  const base = retryBaseMs();
  const warn = options.warn ?? ((message: string) => core.warning(message));
  let waited = 0;
  const onLimit = (kind: string) => (retryAfter: number, request: { method?: string; url?: string }) => {
    const seconds = Math.max(0, Math.ceil(retryAfter));
    const what = `${request.method ?? ''} ${pathOf(request.url ?? '')}`;
    if (waited + seconds > MAX_RATE_LIMIT_WAIT_SECONDS) {
      warn(`perfgate: GitHub's ${kind} rate limit: not waiting ${seconds} s more for ${what} (at most ${MAX_RATE_LIMIT_WAIT_SECONDS} s in all)`);
      return false;
    }
    waited += seconds;
    warn(`perfgate: GitHub's ${kind} rate limit: waiting ${seconds} s before retrying ${what}`);
    return true;
  };
  const throttle: ThrottlingOptions = {
    retryAfterBaseValue: base,
    // A secondary limit without retry-after: GitHub asks for at least a minute.
    fallbackSecondaryRateRetryAfter: 60,
    onRateLimit: onLimit('primary'),
    onSecondaryRateLimit: onLimit('secondary'),
    // GitHub asks for a second between writes (three for ones that notify); scaled with the base.
    write: spacedGroup(base),
    notifications: spacedGroup(3 * base),
  };
  return getOctokit(
    token,
    { baseUrl: apiUrl, userAgent: 'perfgate', log: silentLog, retry: { retries: MAX_RETRIES, retryAfterBaseValue: base, doNotRetry: DO_NOT_RETRY }, throttle },
    retry,
    throttling,
  );
}

/** The path of a request URL, without the host and query (short, and the same on GHES). */
function pathOf(url: string): string {
  try {
    return new URL(url, 'http://api.invalid').pathname;
  } catch {
    return url.split('?', 1)[0]!;
  }
}

type Group = NonNullable<ThrottlingOptions['write']>;
const groups = new Map<number, Group>();

/**
 * A stand-in for the Bottleneck group the throttling plugin uses to space writes
 * (`group.key(id).schedule([options,] fn, ...args)`): jobs run one at a time, `minMs` apart.
 * Shared per spacing, so that every client of the process keeps to it.
 */
function spacedGroup(minMs: number): Group {
  let group = groups.get(minMs);
  if (group) return group;
  let chain: Promise<unknown> = Promise.resolve();
  let next = 0;
  const limiter = {
    schedule(...args: unknown[]): Promise<unknown> {
      if (typeof args[0] !== 'function') args.shift();
      const [job, ...jobArgs] = args as [(...a: unknown[]) => unknown, ...unknown[]];
      const run = chain.then(async () => {
        const wait = next - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        next = Date.now() + minMs;
        return job(...jobArgs);
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
  group = { key: () => limiter } as unknown as Group;
  groups.set(minMs, group);
  return group;
}

export function toFailure(error: unknown): HttpFailure {
  const e = error as { status?: unknown; message?: unknown };
  const status = typeof e?.status === 'number' ? e.status : undefined;
  const message = typeof e?.message === 'string' ? e.message : String(error);
  return status === undefined ? { message } : { status, message };
}

/** Belt and braces: the token never reaches a message, even if a server echoes it. */
export function redact(text: string, token: string): string {
  return token.length >= 4 ? text.split(token).join('***') : text;
}

/** A branch's tip: its commit and that commit's tree. */
export interface RefInfo {
  commit: string;
  tree: string;
}

/** The branch's tip commit and tree, or undefined when there is no such branch yet. */
export async function readRef(octokit: Octokit, owner: string, repo: string, branch: string): Promise<RefInfo | undefined> {
  let commit: string;
  try {
    const { data } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    if (data.object.type !== 'commit') throw Object.assign(new Error(`refs/heads/${branch} points to a ${data.object.type}, not a commit`), { status: 409 });
    commit = data.object.sha;
  } catch (error) {
    if (toFailure(error).status === 404) return undefined;
    throw error;
  }
  const { data } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commit });
  return { commit, tree: data.tree.sha };
}
