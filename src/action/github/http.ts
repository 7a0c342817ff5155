import type { Clock } from '../../pipeline/clock.js';
import { Octokit as OctokitCore } from '@octokit/core';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { restEndpointMethods } from '@octokit/plugin-rest-endpoint-methods';
import { retry } from '@octokit/plugin-retry';
import { throttling, type ThrottlingOptions } from '@octokit/plugin-throttling';

/**
 * What went wrong with one API call: the HTTP status when GitHub answered, and the message. No
 * status when there was no answer (connection refused or dropped, timeout, budget spent).
 */
export interface HttpFailure {
  status?: number;
  message: string;
}

/**
 * The REST client: @octokit/core with the REST methods, pagination, retries and throttling, as @actions/github's
 * getOctokit makes it, without importing @actions/github (which reads the process's event file and proxy settings
 * when loaded): the run's GitHub port is all this client knows of the world.
 */
const GithubClient = OctokitCore.plugin(restEndpointMethods, paginateRest, retry, throttling);
export type Octokit = InstanceType<typeof GithubClient>;

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The REST API root: the run's GITHUB_API_URL (GitHub Enterprise Server, tests), else github.com. */
export function apiRoot(apiUrl: string | undefined): string {
  return (apiUrl ?? 'https://api.github.com').replace(/\/+$/, '');
}

/** Retries of a 5xx answer or a dropped connection (octokit reports both as status ≥ 500). */
export const MAX_RETRIES = 3;
/** The longest the client waits in all for rate limits before it gives up and reports the failure. */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 60;

/** Marks the error of a request refused because the step's GitHub budget is spent (never retried). */
const BUDGET_SPENT = Symbol('perfgate.budgetSpent');

/** The waits of a step's GitHub work: a port of the action (ActionPorts.github), production's in PRODUCTION_TIMINGS. */
export interface GithubTimings {
  /** The unit of every wait, in milliseconds: retries after 1, 4 and 9 units, writes spaced a unit apart. */
  retryBaseMs: number;
  /** How long one request may go unanswered before it is abandoned (and retried). */
  requestTimeoutMs: number;
  /** How long the step's GitHub work may take in all; then it is abandoned. */
  budgetMs: number;
}

/** Production's waits: a second's unit, 30 s a request, 5 min in all. */
export const PRODUCTION_TIMINGS: GithubTimings = { retryBaseMs: 1000, requestTimeoutMs: 30_000, budgetMs: 300_000 };

/** How the step reaches GitHub: the transport and the waits (ActionPorts.github). */
export interface GithubPorts {
  fetch: typeof fetch;
  timings: GithubTimings;
}

/**
 * One step's GitHub work: its transport, its waits and its time budget. Every client of a run shares it: the time
 * spent waiting for GitHub's answers adds up (the step's own work in between does not count), and once the budget is
 * spent every request fails at once, so that a GitHub that answers slowly or not at all never holds the job until its
 * 6 h limit. The warning is given once.
 */
export class GithubSession {
  readonly retryBaseMs: number;
  readonly requestTimeoutMs: number;
  readonly budgetMs: number;
  readonly fetch: typeof fetch;
  private spentMs = 0;
  private warned = false;
  /** The write spacings of this step's clients, by interval: every client keeps to them together. */
  private readonly spacings = new Map<number, Group>();

  constructor(
    github: GithubPorts,
    readonly clock: Clock,
    /** Where the session's own events (a spent budget, a rate-limit wait) are reported. */
    readonly warn: (message: string) => void,
  ) {
    ({
      retryBaseMs: this.retryBaseMs,
      requestTimeoutMs: this.requestTimeoutMs,
      budgetMs: this.budgetMs,
    } = github.timings);
    this.fetch = github.fetch;
  }

  /** The group that spaces this step's requests of one kind `minMs` apart. */
  spacing(minMs: number): Group {
    let group = this.spacings.get(minMs);
    if (!group) this.spacings.set(minMs, (group = spacedGroup(minMs, this.clock)));
    return group;
  }

  /** What is left of the step's GitHub time budget. */
  leftMs(): number {
    return this.budgetMs - this.spentMs;
  }

  /** Counts time spent waiting on GitHub (a request, or the artifact download) against the budget. */
  spend(ms: number): void {
    this.spentMs += ms;
  }

  /** The error of a request refused for a spent budget; the first one warns. */
  spent(warn: (message: string) => void): Error {
    const seconds = Math.round(this.budgetMs / 100) / 10;
    const message = `the step's GitHub time budget of ${seconds} s is spent: GitHub work abandoned`;
    if (!this.warned) {
      this.warned = true;
      warn(`perfgate: ${message}; the verdict stands`);
    }
    // An AbortError passes through octokit's request and retry plugins unchanged: not retried.
    return Object.assign(new Error(message), { name: 'AbortError', [BUDGET_SPENT]: true });
  }
}

/**
 * fetch with a timeout for each request (cut short by what is left of the budget). A timeout is
 * reported as a failed connection, which octokit turns into a retried status-500 error; a spent
 * budget is reported as an abort, which nothing retries.
 */
function timedFetch(session: GithubSession, warn: (message: string) => void): typeof fetch {
  const timeout = session.requestTimeoutMs;
  const clock = session.clock;
  return async (input, init = {}) => {
    const left = session.leftMs();
    if (left <= 0) throw session.spent(warn);
    const limit = Math.min(timeout, left);
    const timer = new AbortController();
    const cancel = clock.timer(limit, () => timer.abort());
    const signal = init.signal ? AbortSignal.any([init.signal, timer.signal]) : timer.signal;
    const started = clock.now();
    try {
      return await session.fetch(input, { ...init, signal });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      if (timer.signal.aborted && limit < timeout) throw session.spent(warn);
      // Said as what happened ("connect ECONNREFUSED …", "no answer within 30 s"); octokit makes it a retried
      // status-500 error.
      const why = timer.signal.aborted
        ? `no answer within ${Math.round(limit / 100) / 10} s`
        : connectionFailure(error);
      // octokit reads the message of the cause: it is the described failure, which keeps the original as its own cause.
      // eslint-disable-next-line preserve-caught-error
      throw new TypeError('fetch failed', { cause: new Error(why, { cause: error }) });
    } finally {
      cancel();
      session.spend(clock.now() - started);
    }
  };
}

/** What fetch says went wrong with the connection: its cause's message or code (undici puts it there). */
function connectionFailure(error: unknown): string {
  const e = error as {
    message?: unknown;
    cause?: { message?: unknown; code?: unknown; errors?: { message?: unknown }[] };
  };
  const cause = e?.cause;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  return (
    text(cause?.message) ?? text(cause?.errors?.[0]?.message) ?? text(cause?.code) ?? text(e?.message) ?? String(error)
  );
}

// Every 4xx is final except 429 (rate limit); 403 rate limits are the throttling plugin's.
const DO_NOT_RETRY = Array.from({ length: 100 }, (_, i) => 400 + i).filter((status) => status !== 429);

export interface ClientOptions {
  /** Where a rate-limit wait is reported (default: the session's warn). Never given the token. */
  warn?: (message: string) => void;
  /** The run's GitHub session (its transport, budget and waits). */
  session: GithubSession;
}

/**
 * An Octokit client for `apiUrl` that never logs by itself (perfgate decides what the log says),
 * retries a 5xx answer or a dropped connection up to {@link MAX_RETRIES} times (after 1, 4 and 9
 * seconds), never retries another 4xx, and on a rate limit waits as GitHub asks (`retry-after`,
 * or until the reset) only while the waits add up to at most {@link MAX_RATE_LIMIT_WAIT_SECONDS}.
 */
export function githubClient(token: string, apiUrl: string, options: ClientOptions): Octokit {
  const session = options.session;
  const base = session.retryBaseMs;
  const warn = options.warn ?? session.warn;
  let waited = 0;
  const onLimit = (kind: string) => (retryAfter: number, request: RequestOptions) => {
    const seconds = Math.max(0, Math.ceil(retryAfter));
    const what = `${request.method ?? ''} ${requestPath(request)}`;
    if (waited + seconds > MAX_RATE_LIMIT_WAIT_SECONDS) {
      warn(
        `perfgate: GitHub's ${kind} rate limit: not waiting ${seconds} s more for ${what} (at most ${MAX_RATE_LIMIT_WAIT_SECONDS} s in all)`,
      );
      return false;
    }
    if (seconds * base >= session.leftMs()) {
      warn(
        `perfgate: GitHub's ${kind} rate limit: not waiting ${seconds} s for ${what}: the step's GitHub time budget ends sooner`,
      );
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
    write: session.spacing(base),
    notifications: session.spacing(3 * base),
  };
  return new GithubClient({
    auth: `token ${token}`,
    baseUrl: apiUrl,
    userAgent: 'perfgate',
    log: silentLog,
    request: { fetch: timedFetch(session, warn) },
    retry: { retries: MAX_RETRIES, retryAfterBaseValue: base, doNotRetry: DO_NOT_RETRY },
    throttle,
  });
}

type RequestOptions = { method?: string; url?: string } & Record<string, unknown>;

/**
 * The path a request went to, without the host and query (short, and the same on GHES). The
 * throttling plugin gives the route template (`/repos/{owner}/{repo}/…`) with its parameters
 * beside it: they are filled in, and the path is shown decoded, as a reader would type it.
 */
export function requestPath(request: RequestOptions): string {
  const url = (request.url ?? '').replace(/\{([a-z_]+)\}/gi, (whole, name: string) => {
    const value = request[name];
    return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : whole;
  });
  let path: string;
  try {
    path = new URL(url, 'http://api.invalid').pathname;
  } catch {
    path = url.split('?', 1)[0]!;
  }
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

type Group = NonNullable<ThrottlingOptions['write']>;

/**
 * A stand-in for the Bottleneck group the throttling plugin uses to space writes
 * (`group.key(id).schedule([options,] fn, ...args)`): jobs run one at a time, `minMs` apart on `clock`.
 */
function spacedGroup(minMs: number, clock: Clock): Group {
  let chain: Promise<unknown> = Promise.resolve();
  let next = 0;
  const limiter = {
    schedule(...args: unknown[]): Promise<unknown> {
      if (typeof args[0] !== 'function') args.shift();
      const [job, ...jobArgs] = args as [(...a: unknown[]) => unknown, ...unknown[]];
      const run = chain.then(async () => {
        const wait = next - clock.now();
        if (wait > 0) await clock.sleep(wait);
        next = clock.now() + minMs;
        return job(...jobArgs);
      });
      chain = run.catch(() => undefined);
      return run;
    },
  };
  return { key: () => limiter } as unknown as Group;
}

/**
 * The status and message of a failed call. octokit reports a request that got no answer
 * (connection refused or dropped, timeout) as status 500 without a response: that is no HTTP
 * status, and is said as what it is.
 */
export function toFailure(error: unknown): HttpFailure {
  const e = error as {
    status?: unknown;
    message?: unknown;
    response?: unknown;
    request?: unknown;
    [BUDGET_SPENT]?: unknown;
  };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (e?.[BUDGET_SPENT] === true) return { message };
  if (e?.status === 500 && e.request !== undefined && e.response === undefined)
    return { message: `no answer from GitHub: ${message}` };
  const status = typeof e?.status === 'number' ? e.status : undefined;
  return status === undefined ? { message } : { status, message };
}

/**
 * A failed call in a reader's words: `HTTP 403: <what it means for this call> (<GitHub's first line>)`.
 * Each caller says what a status means for its own call (the permission it needs); a 401 always
 * means the token was refused. A failure with no status (no answer) is its message alone.
 */
export function describeHttpFailure(
  failure: HttpFailure,
  meanings: Readonly<Partial<Record<number, string>>> = {},
): string {
  const first = firstLineOf(failure);
  if (failure.status === undefined) return first;
  const meaning = ({ 401: 'the token was refused', ...meanings } as Partial<Record<number, string>>)[failure.status];
  return meaning === undefined ? `HTTP ${failure.status} (${first})` : `HTTP ${failure.status}: ${meaning} (${first})`;
}

/** GitHub's own words for a failure: its first line, at most 300 characters. */
export function firstLineOf(failure: HttpFailure): string {
  return failure.message.split('\n', 1)[0]!.slice(0, 300);
}

/** Belt and braces: the token never reaches a message, even if a server echoes it. */
export function redact(text: string, token: string): string {
  return token.length >= 4 ? text.split(token).join('***') : text;
}

/** A branch's tip: its commit and that commit's tree. */
export interface RefInfo {
  commit: string;
  tree: string;
  /** The tip commit's message. */
  message: string;
}

/** The branch's tip commit and tree, or undefined when there is no such branch yet. */
export async function readRef(
  octokit: Octokit,
  owner: string,
  repo: string,
  branch: string,
): Promise<RefInfo | undefined> {
  let commit: string;
  try {
    const { data } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    if (data.object.type !== 'commit')
      throw Object.assign(new Error(`refs/heads/${branch} points to a ${data.object.type}, not a commit`), {
        status: 409,
      });
    commit = data.object.sha;
  } catch (error) {
    if (toFailure(error).status === 404) return undefined;
    throw error;
  }
  const { data } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: commit });
  return { commit, tree: data.tree.sha, message: data.message };
}
