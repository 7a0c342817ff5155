/**
 * Where chart PNGs are drawn. Rasterising (resvg in WebAssembly) costs far more than drawing the
 * SVGs, and a runner has at least two cores: in the bundled action and CLI a worker thread
 * (pngWorker.ts) draws PNGs while this thread draws the next SVGs, and this thread draws some PNGs
 * too whenever it would otherwise wait. Each job carries a shared claim cell; whichever thread claims it
 * first draws it, so no job is drawn twice or lost. A PNG is a function of its SVG alone, so the
 * bytes are the same whichever thread draws it.
 *
 * From the TypeScript sources (tests) there is no worker script: this thread draws every PNG.
 */
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { PNG_SCALE, rasterize } from './rasterize.js';

/** Set by scripts/build.mjs: the worker's file, relative to the charts bundle. */
declare const PERFGATE_PNG_WORKER: string | undefined;

export const UNCLAIMED = 0;
export const CLAIMED_BY_WORKER = 1;
const CLAIMED_HERE = 2;

export interface PngRequest {
  id: number;
  svg: string;
  scale: number;
  /** One Int32 cell: UNCLAIMED until a thread claims the job with Atomics.compareExchange. */
  claim: Int32Array;
}

export type PngResponse = { id: number; png: Uint8Array } | { id: number; error: string };

/** Draws a job in the calling thread, as the worker draws it. */
export function drawJob(job: PngRequest): Promise<Uint8Array> {
  return rasterize(job.svg, job.scale);
}

export interface PngRenderer {
  /** Whether a worker thread shares the work. */
  readonly worker: boolean;
  /** Jobs not finished yet. */
  readonly open: number;
  /** The PNG of an SVG, as renderPng draws it. The job starts on the worker, or in `help`/`finish`. */
  render(svg: string, scale?: number): Promise<Uint8Array>;
  /** Draws one job no thread has claimed yet, newest first; when there is none, waits for any job to finish. */
  help(): Promise<void>;
  /** Helps until every job has finished. */
  finish(): Promise<void>;
  /** Stops the worker; jobs still open are rejected. */
  close(): Promise<void>;
}

/** The bundled worker script, or undefined when running from the sources. */
export function pngWorkerUrl(): URL | undefined {
  return typeof PERFGATE_PNG_WORKER === 'string' ? new URL(PERFGATE_PNG_WORKER, import.meta.url) : undefined;
}

/** A promise and its resolve function (Promise.withResolvers is ES2024; the project targets ES2023). */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

interface Job {
  id: number;
  request: PngRequest;
  claim: Int32Array;
  settled: boolean;
  resolve: (drawn: Uint8Array) => void;
  reject: (error: Error) => void;
}

export interface PngRendererOptions {
  /** The worker script; by default the bundled one (pngWorkerUrl); false for none. */
  worker?: URL | false;
  /** Whether the worker loads resvg before its first job (the default), while this thread prepares the first SVG. */
  prepare?: { png?: boolean };
  /** Worker threads (default 1, at most one per core); their young generation is capped when there are several. */
  workers?: number;
}

/** A worker's young generation (MB) when several run: a small nursery keeps the peak RSS down. */
const WORKER_YOUNG_GENERATION_MB = 16;

/**
 * A renderer that shares PNG work with a worker thread, or draws everything in this thread when
 * there is no worker script (running from the sources, or `worker: false`) or only one core.
 */
export function startPngRenderer(options: PngRendererOptions = {}): PngRenderer {
  const workerUrl = options.worker === false ? undefined : (options.worker ?? pngWorkerUrl());
  const jobs = new Map<number, Job>();
  let nextId = 1;
  let closed: Error | undefined;
  /** Resolved (and replaced) whenever a job finishes, for `help` to wait on. */
  let changed = signal();

  const settle = (job: Job, outcome: { drawn: Uint8Array } | { error: Error }) => {
    if (job.settled) return;
    job.settled = true;
    jobs.delete(job.id);
    if ('drawn' in outcome) job.resolve(outcome.drawn);
    else job.reject(outcome.error);
    changed.resolve();
    changed = signal();
  };

  // No worker on one core: this thread draws everything. Two workers on two cores: this thread mostly waits.
  const count =
    workerUrl === undefined || availableParallelism() < 2
      ? 0
      : Math.max(1, Math.min(options.workers ?? 1, availableParallelism()));
  const workers = new Set<Worker>();
  for (let k = 0; k < count; k++) {
    // Worker k claims with its own value, so a worker that dies releases only its own jobs.
    const claimValue = CLAIMED_BY_WORKER + 2 * k;
    const worker = new Worker(workerUrl!, {
      workerData: { ...(options.prepare ?? { png: true }), claim: claimValue },
      ...(count > 1 ? { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } } : {}),
    });
    workers.add(worker);
    worker.on('message', (response: PngResponse) => {
      const job = jobs.get(response.id);
      if (!job) return;
      settle(
        job,
        'png' in response ? { drawn: response.png } : { error: new Error(`PNG not drawn: ${response.error}`) },
      );
    });
    // A worker that dies leaves its jobs to this thread: they are drawn here, so a crash costs time, not PNGs.
    // Only the worker's claims are released; a job this thread is drawing stays its own.
    const lost = () => {
      workers.delete(worker);
      for (const job of jobs.values()) Atomics.compareExchange(job.claim, 0, claimValue, UNCLAIMED);
      changed.resolve();
      changed = signal();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
  }

  /** Claims a job for this thread and draws it; false when the worker has claimed it already. */
  const drawHere = async (job: Job): Promise<boolean> => {
    if (Atomics.compareExchange(job.claim, 0, UNCLAIMED, CLAIMED_HERE) !== UNCLAIMED) return false;
    try {
      settle(job, { drawn: await drawJob(job.request) });
    } catch (error) {
      settle(job, { error: error instanceof Error ? error : new Error(String(error)) });
    }
    return true;
  };

  const submit = (svg: string, scale: number): Promise<Uint8Array> => {
    if (closed) return Promise.reject(closed);
    const id = nextId++;
    const claim = new Int32Array(new SharedArrayBuffer(4));
    const message: PngRequest = { id, svg, scale, claim };
    return new Promise<Uint8Array>((resolve, reject) => {
      jobs.set(id, { id, request: message, claim, settled: false, resolve, reject });
      for (const worker of workers) worker.postMessage(message);
    });
  };

  const help = async (): Promise<void> => {
    // Newest first: the worker works through its queue from the oldest.
    for (const job of [...jobs.values()].reverse()) {
      if (Atomics.load(job.claim, 0) === UNCLAIMED && (await drawHere(job))) {
        // Let the worker's answers in before the next job.
        await yieldToEvents();
        return;
      }
    }
    if (jobs.size > 0) await changed.promise;
  };

  return {
    get worker() {
      return workers.size > 0;
    },
    get open() {
      return jobs.size;
    },
    render(svg, scale = PNG_SCALE) {
      return submit(svg, scale);
    },
    help,
    async finish() {
      while (jobs.size > 0) await help();
    },
    async close() {
      closed = new Error('the PNG renderer was closed');
      for (const job of [...jobs.values()]) settle(job, { error: closed });
      const stopping = [...workers];
      workers.clear();
      await Promise.all(stopping.map((worker) => worker.terminate()));
    },
  };
}
