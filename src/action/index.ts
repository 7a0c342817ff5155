/**
 * The action's entry point (dist/index.js): the only file that touches the process, the real
 * environment and @actions/core. It makes the ports and runs the action on them.
 */
import * as core from '@actions/core';
import { run } from './main.js';
import { systemClock, type OutputSink } from './ports.js';
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

await run({ env: process.env, out: runner, clock: systemClock, shell: systemConfirmPorts });
