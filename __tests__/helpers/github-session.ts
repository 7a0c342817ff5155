/**
 * GitHub sessions for tests: the real transport (fetch, against a loopback server) with waits in milliseconds, so that
 * no test waits for retries or write spacing in real time. The action's own GitHub port (ActionPorts.github) is made
 * here for in-process runs, from the same PERFGATE_* variables the tests give a process run (read there by the tests'
 * own entry point, helpers/action-process-entry.mjs; the action reads none).
 */
import {
  GithubSession,
  PRODUCTION_TIMINGS,
  type GithubPorts,
  type GithubTimings,
} from '../../src/action/github/http.js';
import { systemClock, type Clock } from '../../src/action/ports.js';

/** Production's timeouts and budget, with a millisecond for the unit of every wait. */
export const TEST_TIMINGS: GithubTimings = { ...PRODUCTION_TIMINGS, retryBaseMs: 1 };

/** A session on the real fetch with TEST_TIMINGS, changed by `timings`. */
export function testSession(
  timings: Partial<GithubTimings> = {},
  clock: Clock = systemClock,
  warn: (message: string) => void = () => {},
): GithubSession {
  return new GithubSession({ fetch: globalThis.fetch, timings: { ...TEST_TIMINGS, ...timings } }, clock, warn);
}

/** The GitHub port of an in-process run: TEST_TIMINGS, changed by the PERFGATE_* variables of the run's env. */
export function githubPortsOf(env: Readonly<Record<string, string | undefined>>): GithubPorts {
  const given = (name: string) => (env[name] === undefined ? undefined : Number(env[name]));
  return {
    fetch: globalThis.fetch,
    timings: {
      retryBaseMs: given('PERFGATE_RETRY_BASE_MS') ?? TEST_TIMINGS.retryBaseMs,
      requestTimeoutMs: given('PERFGATE_HTTP_TIMEOUT_MS') ?? TEST_TIMINGS.requestTimeoutMs,
      budgetMs: given('PERFGATE_GITHUB_BUDGET_MS') ?? TEST_TIMINGS.budgetMs,
    },
  };
}
