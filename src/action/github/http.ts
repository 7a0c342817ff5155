import { systemClock, type Clock } from '../ports.js';
import { getOctokit } from '@actions/github';
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

export type Octokit = ReturnType<typeof getOctokit>;

const silentLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The REST API root: the run's GITHUB_API_URL (GitHub Enterprise Server, tests), else github.com. */
export function apiRoot(apiUrl: string | undefined): string {
  return (apiUrl ?? 'https://api.github.com').replace(/\/+$/, '');
}

/** Retries of a 5xx answer or a dropped connection (octokit reports both as status ≥ 500). */
export const MAX_RETRIES = 3;
/** The longest the client waits in all for rate limits before it gives up and reports the failure. */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 60;

function positiveMs(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return text?.trim() && Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Marks the error of a request refused because the step's GitHub budget is spent (never retried). */
const BUDGET_SPENT = Symbol('perfgate.budgetSpent');

/**
 * One step's GitHub work: its waits and its time budget. Every client of a run shares it: the
 * time spent waiting for GitHub's answers adds up (the step's own work in between does not
 * count), and once the budget is spent every request fails at once, so that a GitHub that answers
 * slowly or not at all never holds the job until its 6 h limit. The warning is given once.
 */
export class GithubSession {
  /**
   * The unit of every wait, in milliseconds: 1000 in production. Internal: the tests set
   * PERFGATE_RETRY_BASE_MS to 1 so that retries and write spacing take no time.
   */
  readonly retryBaseMs: number;
  /** How long one request may go unanswered before it is abandoned (and retried): 30 s by default. */
  readonly requestTimeoutMs: number;
  /** How long the step's GitHub work may take in all: 5 min by default; then it is abandoned. */
  readonly budgetMs: number;
  private spentMs = 0;
  private warned = false;

  /** The settings of an environment: PERFGATE_RETRY_BASE_MS, PERFGATE_HTTP_TIMEOUT_MS, PERFGATE_GITHUB_BUDGET_MS. */
  constructor(
    env: Readonly<Record<string, string | undefined>> = {},
    readonly clock: Clock = systemClock,
    /** Where the session's own events (a spent budget, a rate-limit wait) are reported. */
    readonly warn: (message: string) => void = () => {},
  ) {
    const base = Number(env['PERFGATE_RETRY_BASE_MS']);
    this.retryBaseMs = Number.isFinite(base) && base >= 0 && env['PERFGATE_RETRY_BASE_MS']?.trim() ? base : 1000;
    this.requestTimeoutMs = positiveMs(env['PERFGATE_HTTP_TIMEOUT_MS'], 30_000);
    this.budgetMs = positiveMs(env['PERFGATE_GITHUB_BUDGET_MS'], 300_000);
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
    const message = `the step's GitHub time budget of ${seconds} s is spent: GitHub work abandoned (PERFGATE_GITHUB_BUDGET_MS sets it)`;
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
    const timer = AbortSignal.timeout(limit);
    const signal = init.signal ? AbortSignal.any([init.signal, timer]) : timer;
    const started = clock.now();
    try {
      return await fetch(input, { ...init, signal });
    } catch (error) {
      if (init.signal?.aborted) throw error;
      if (timer.aborted && limit < timeout) throw session.spent(warn);
      // Said as what happened ("connect ECONNREFUSED …", "no answer within 30 s"); octokit makes it a retried
      // status-500 error.
      const why = timer.aborted ? `no answer within ${Math.round(limit / 100) / 10} s` : connectionFailure(error);
      // octokit reads the message of the cause: it is the described failure, which keeps the original as its own cause.
      // eslint-disable-next-line preserve-caught-error
      throw new TypeError('fetch failed', { cause: new Error(why, { cause: error }) });
    } finally {
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
  /** The run's GitHub session (its budget and waits); a fresh one with production settings by default. */
  session?: GithubSession | undefined;
}

/**
 * An Octokit client for `apiUrl` that never logs by itself (perfgate decides what the log says),
 * retries a 5xx answer or a dropped connection up to {@link MAX_RETRIES} times (after 1, 4 and 9
 * seconds), never retries another 4xx, and on a rate limit waits as GitHub asks (`retry-after`,
 * or until the reset) only while the waits add up to at most {@link MAX_RATE_LIMIT_WAIT_SECONDS}.
 */
export function githubClient(token: string, apiUrl: string, options: ClientOptions = {}): Octokit {
  const session = options.session ?? new GithubSession();
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
    write: spacedGroup(base),
    notifications: spacedGroup(3 * base),
  };
  return getOctokit(
    token,
    {
      baseUrl: apiUrl,
      userAgent: 'perfgate',
      log: silentLog,
      request: { fetch: timedFetch(session, warn) },
      retry: { retries: MAX_RETRIES, retryAfterBaseValue: base, doNotRetry: DO_NOT_RETRY },
      throttle,
    },
    retry,
    throttling,
  );
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
  return { commit, tree: data.tree.sha };
}
