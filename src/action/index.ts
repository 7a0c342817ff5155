/**
 * The action's entry point (dist/index.js): the only file that touches the process, the real
 * environment and @actions/core. It makes the ports and runs the action on them.
 */
import * as core from '@actions/core';
import { run } from './main.js';
import { systemClock, type OutputSink } from './ports.js';
import { PRODUCTION_TIMINGS, type GithubTimings } from './github/http.js';
import { systemConfirmPorts } from '../pipeline/shell.js';
import { keepYoungGenerationSmall } from '../pipeline/memory.js';

keepYoungGenerationSmall();

const runner: OutputSink = {
  info: (message) => core.info(message),
  notice: (message, properties) => core.notice(message, properties),
  warning: (message, properties) => core.warning(message, properties),
  error: (message, properties) => core.error(message, properties),
  startGroup: (name) => core.startGroup(name),
  endGroup: () => core.endGroup(),
  setSecret: (value) => core.setSecret(value),
  setOutput: (name, value) => core.setOutput(name, value),
  appendSummary: async (markdown) => {
    await core.summary.addRaw(markdown, true).write();
  },
  fail: () => {
    process.exitCode = core.ExitCode.Failure;
  },
};

/**
 * Production's GitHub waits, unless the process is one of the tests that run dist/index.js as a process (concurrent
 * recorders, the process's own exit paths): they shorten them with PERFGATE_RETRY_BASE_MS, PERFGATE_HTTP_TIMEOUT_MS
 * and PERFGATE_GITHUB_BUDGET_MS. Read here only, as the process's other outside facts are; in-process runs pass their
 * timings as a port.
 */
function processTimings(env: NodeJS.ProcessEnv): GithubTimings {
  const ms = (name: string, fallback: number, least: number) => {
    const text = env[name]?.trim();
    const value = Number(text);
    return text && Number.isFinite(value) && value >= least ? value : fallback;
  };
  return {
    retryBaseMs: ms('PERFGATE_RETRY_BASE_MS', PRODUCTION_TIMINGS.retryBaseMs, 0),
    requestTimeoutMs: ms('PERFGATE_HTTP_TIMEOUT_MS', PRODUCTION_TIMINGS.requestTimeoutMs, 1),
    budgetMs: ms('PERFGATE_GITHUB_BUDGET_MS', PRODUCTION_TIMINGS.budgetMs, 1),
  };
}

await run({
  env: process.env,
  out: runner,
  clock: systemClock,
  shell: systemConfirmPorts,
  github: { fetch: globalThis.fetch, timings: processTimings(process.env) },
});
