/**
 * The real ports of `perfgate confirm` and `qualify`: the wall clock and `/bin/sh -c` (pipeline/pairRunner.ts takes
 * them). Each run is its own process group (the shell and everything it starts), so that perfgate can end all of it:
 * when the run's time limit passes, and when perfgate itself is asked to stop (SIGINT, then SIGTERM, as a runner
 * cancelling a job sends them), instead of leaving the benchmark running, reparented, into the next job; and what the
 * shell leaves running when it exits is ended too. The command's standard output goes straight to its file (never held in memory); of its standard error only the last
 * {@link STDERR_KEPT} characters are kept, for the error that names a failing run.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { CommandRun, ConfirmPorts, RunLimits } from './pairRunner.js';

/** The end of a command's standard error that is kept. */
export const STDERR_KEPT = 64 * 1024;
/** How long a process group asked to end (SIGTERM) has before it is killed (SIGKILL). */
export const GRACE_MS = 2000;
/** The signals that cut a run: a runner cancelling the job sends SIGINT, then SIGTERM. */
const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Where a stop is asked for: the process, or a test's stand-in. */
export interface SignalSource {
  on(signal: (typeof STOP_SIGNALS)[number], listener: () => void): unknown;
  off(signal: (typeof STOP_SIGNALS)[number], listener: () => void): unknown;
}

/** Sends `signal` to every process of the group; false when none is left. */
function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** The ports of a process whose stop requests come from `signals` (the process itself by default). */
export function shellPorts(signals: SignalSource = process): ConfirmPorts {
  return {
    now: () => Date.now(),
    run(command: string, cwd: string, limits: RunLimits = {}): Promise<CommandRun> {
      return new Promise<CommandRun>((resolve) => {
        let out: number | undefined;
        try {
          if (limits.stdoutFile !== undefined) out = openSync(limits.stdoutFile, 'w');
        } catch (error) {
          resolve({ status: null, signal: 'no output file', stderr: String(error) });
          return;
        }
        const child = spawn('/bin/sh', ['-c', command], {
          cwd,
          detached: true, // its own process group: the shell and what it starts end together
          stdio: ['ignore', out ?? 'ignore', 'pipe'],
        });
        if (out !== undefined) closeSync(out); // the child has its own copy
        let stderr = '';
        child.stderr?.setEncoding('utf8');
        child.stderr?.on('data', (chunk: string) => {
          stderr = (stderr + chunk).slice(-STDERR_KEPT);
        });
        let ended: CommandRun['ended'];
        let kill: NodeJS.Timeout | undefined;
        const end = (why: NonNullable<CommandRun['ended']>) => {
          if (ended !== undefined || child.pid === undefined) return;
          ended = why;
          signalGroup(child.pid, 'SIGTERM');
          kill = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), GRACE_MS);
        };
        const timer =
          limits.timeoutMs !== undefined
            ? setTimeout(() => end({ why: 'timeout', ms: limits.timeoutMs! }), limits.timeoutMs)
            : undefined;
        const stops = STOP_SIGNALS.map((signal) => {
          const listener = () => end({ why: 'cancelled', signal });
          signals.on(signal, listener);
          return [signal, listener] as const;
        });
        let settled = false;
        const done = (run: CommandRun) => {
          if (settled) return; // 'error' and 'close' may both come
          settled = true;
          clearTimeout(timer);
          clearTimeout(kill);
          for (const [signal, listener] of stops) signals.off(signal, listener);
          // What the shell left behind in its group (a benchmark in the background, one that ignored SIGTERM).
          if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
          resolve(ended !== undefined ? { ...run, ended } : run);
        };
        // The shell has exited: what it left running in its group (a server or benchmark in the background, holding
        // stderr open) is the run's too, and would measure into the next run. It is asked to end, then killed.
        child.on('exit', () => {
          if (child.pid === undefined || !signalGroup(child.pid, 'SIGTERM')) return;
          clearTimeout(kill);
          kill = setTimeout(() => signalGroup(child.pid!, 'SIGKILL'), GRACE_MS);
        });
        child.on('error', (error) => done({ status: null, signal: error.message, stderr: String(error) }));
        child.on('close', (status, signal) => done({ status, signal, stderr }));
      });
    },
  };
}

export const systemConfirmPorts: ConfirmPorts = shellPorts();
