/**
 * The process tests' own entry point: the action dist/index.js runs (dist/action-main.js: `run` on this process's
 * ports), with the GitHub waits a test gives in PERFGATE_RETRY_BASE_MS, PERFGATE_HTTP_TIMEOUT_MS and
 * PERFGATE_GITHUB_BUDGET_MS (production's where one is not given or not a number in range). The action itself reads
 * none of them: helpers/runner-action.ts starts this file instead of dist/index.js for a run whose env sets one.
 */
import { PRODUCTION_TIMINGS, processPorts, run } from '../../dist/action-main.js';

/** The variable's milliseconds, when it is a number of at least `least`; `fallback` otherwise. */
function ms(name, fallback, least) {
  const text = process.env[name]?.trim();
  const value = Number(text);
  return text && Number.isFinite(value) && value >= least ? value : fallback;
}

await run(
  processPorts({
    retryBaseMs: ms('PERFGATE_RETRY_BASE_MS', PRODUCTION_TIMINGS.retryBaseMs, 0),
    requestTimeoutMs: ms('PERFGATE_HTTP_TIMEOUT_MS', PRODUCTION_TIMINGS.requestTimeoutMs, 1),
    budgetMs: ms('PERFGATE_GITHUB_BUDGET_MS', PRODUCTION_TIMINGS.budgetMs, 1),
  }),
);
