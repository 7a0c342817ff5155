/** The clock port (the action's ActionPorts.clock) and the real one, which action/index.ts gives; tests give their own. */

/** Time, the one clock of a run: it drives every wait, timeout and budget, so that they can be driven without waiting. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** Calls `fire` after `ms` milliseconds unless the returned function is called first. */
  timer(ms: number, fire: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  timer: (ms, fire) => {
    const handle = setTimeout(fire, ms);
    return () => clearTimeout(handle);
  },
};
