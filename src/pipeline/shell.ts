/** The real ports of `perfgate confirm`: the wall clock and `/bin/sh -c` (pipeline/confirm.ts takes them). */
import { spawnSync } from 'node:child_process';
import type { CommandRun, ConfirmPorts } from './confirm.js';

export const systemConfirmPorts: ConfirmPorts = {
  now: () => Date.now(),
  run(command: string, cwd: string): CommandRun {
    const result = spawnSync('/bin/sh', ['-c', command], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 1 << 30,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    if (result.error) return { status: null, signal: result.error.message, stdout: '', stderr: String(result.error) };
    return { status: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
  },
};
