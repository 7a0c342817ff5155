/**
 * The action's real ports, made from this process: the only file that touches the process (its environment, working
 * directory and exit status), @actions/core, the global fetch and the libraries that read the process when loaded
 * (@actions/artifact, loaded only when a report is uploaded). dist/index.js runs `run` on them with production's
 * GitHub timings (index.ts); the process tests' own entry (__tests__/helpers/action-process-entry.mjs) with theirs.
 * Built as dist/action-main.js.
 */
import * as core from '@actions/core';
import type { GithubTimings } from './github/http.js';
import { systemClock, type ActionPorts, type ArtifactStore, type OutputSink } from './ports.js';
import { systemConfirmPorts } from '../pipeline/shell.js';
import { rootedFiles } from '../pipeline/rootedFiles.js';

export { run } from './main.js';
export { PRODUCTION_TIMINGS } from './github/http.js';

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

/** @actions/artifact, which reads the runner's variables from the process: loaded on the first upload. */
const artifactService: ArtifactStore = {
  async upload(name, files, rootDirectory) {
    const { DefaultArtifactClient } = await import('@actions/artifact');
    return new DefaultArtifactClient().uploadArtifact(name, [...files], rootDirectory, {});
  },
};

/** The ports of this process: its environment, working directory and streams, the system's clock and shell. */
export function processPorts(timings: GithubTimings): ActionPorts {
  return {
    env: process.env,
    out: runner,
    clock: systemClock,
    shell: systemConfirmPorts,
    github: { fetch: globalThis.fetch, timings },
    files: rootedFiles(process.cwd()),
    artifacts: artifactService,
  };
}
