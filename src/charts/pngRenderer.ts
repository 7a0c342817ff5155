/**
 * Where chart PNGs are drawn. Rasterising (resvg in WebAssembly) costs more than drawing the SVGs
 * with vega, and a runner has at least two cores: in the bundled action and CLI a worker thread
 * (pngWorker.ts) draws PNGs while this thread goes on with vega, and this thread draws some too
 * whenever it would otherwise wait. Each job carries a shared claim cell; whichever thread claims it
 * first draws it, so no job is drawn twice or lost. A PNG is a function of its SVG alone, so the
 * bytes are the same whichever thread draws it.
 *
 * The same goes for SVGs (renderSvg): with more than one chart to draw, the worker draws some of
 * their SVGs with vega too, so both cores draw; an SVG, like a PNG, is a function of its spec alone
 * (render.ts numbers its ids per SVG), whichever thread draws it.
 *
 * From the TypeScript sources (tests) there is no worker script: this thread draws every PNG and SVG.
 */
import { availableParallelism } from 'node:os';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { VegaLiteSpec } from '../engine/charts/vegaLite.js';
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

/** An SVG to draw from a Vega-Lite spec (render.ts renderSvg). */
export interface SvgRequest {
  id: number;
  spec: VegaLiteSpec;
  claim: Int32Array;
}

export type PngResponse = { id: number; png: Uint8Array } | { id: number; svg: string } | { id: number; error: string };

/** What a job gives: a PNG's bytes or an SVG's text. */
type Drawn = Uint8Array | string;

/** Draws a job in the calling thread, as the worker draws it. */
export async function drawJob(job: PngRequest | SvgRequest): Promise<Drawn> {
  if ('spec' in job) return (await import('./render.js')).renderSvg(job.spec);
  return rasterize(job.svg, job.scale);
}

export interface PngRenderer {
  /** Whether a worker thread shares the work. */
  readonly worker: boolean;
  /** Jobs not finished yet. */
  readonly open: number;
  /** Whether this thread should draw SVG jobs while it waits (false with two workers alive). */
  readonly helpWithSvgs: boolean;
  /** The PNG of an SVG, as renderPng draws it. The job starts on the worker, or in `help`/`finish`. */
  render(svg: string, scale?: number): Promise<Uint8Array>;
  /** The SVG of a spec, as render.ts renderSvg draws it; shared out like `render`. */
  renderSvg(spec: VegaLiteSpec): Promise<string>;
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
  request: PngRequest | SvgRequest;
  claim: Int32Array;
  settled: boolean;
  resolve: (drawn: Drawn) => void;
  reject: (error: Error) => void;
}

export interface PngRendererOptions {
  /** The worker script; by default the bundled one (pngWorkerUrl); false for none. */
  worker?: URL | false;
  /** What the worker loads before its first job: resvg for PNGs (the default), vega for SVGs. */
  prepare?: { png?: boolean; svg?: boolean };
  /**
   * Worker threads (default 1, at most one per core). With two, SVG jobs are
   * left to the workers (`helpWithSvgs` is false): vega's garbage then lives in worker heaps whose
   * young generation is capped, not in this thread's, which V8 lets grow to 3 × 16 MB.
   */
  workers?: number;
}

/** A worker's young generation (MB): vega allocates fast; a small nursery keeps the peak RSS down. */
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

  const settle = (job: Job, outcome: { drawn: Drawn } | { error: Error }) => {
    if (job.settled) return;
    job.settled = true;
    jobs.delete(job.id);
    if ('drawn' in outcome) job.resolve(outcome.drawn);
    else job.reject(outcome.error);
    changed.resolve();
    changed = signal();
  };

  // No worker on one core: this thread draws everything. Two workers on two cores: this thread mostly waits.
  const count = workerUrl === undefined || availableParallelism() < 2 ? 0 : Math.max(1, Math.min(options.workers ?? 1, availableParallelism()));
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
        'png' in response
          ? { drawn: response.png }
          : 'svg' in response
            ? { drawn: response.svg }
            : { error: new Error(`${'spec' in job.request ? 'SVG' : 'PNG'} not drawn: ${response.error}`) },
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

  const submit = (request: (id: number, claim: Int32Array) => PngRequest | SvgRequest): Promise<Drawn> => {
    if (closed) return Promise.reject(closed);
    const id = nextId++;
    const claim = new Int32Array(new SharedArrayBuffer(4));
    const message = request(id, claim);
    return new Promise<Drawn>((resolve, reject) => {
      jobs.set(id, { id, request: message, claim, settled: false, resolve, reject });
      for (const worker of workers) worker.postMessage(message);
    });
  };

  const help = async (): Promise<void> => {
    // Newest first: the worker works through its queue from the oldest.
    for (const job of [...jobs.values()].reverse()) {
      if ('spec' in job.request && workers.size >= 2) continue;
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
    get helpWithSvgs() {
      return workers.size < 2;
    },
    get open() {
      return jobs.size;
    },
    render(svg, scale = PNG_SCALE) {
      return submit((id, claim) => ({ id, svg, scale, claim })) as Promise<Uint8Array>;
    },
    renderSvg(spec) {
      return submit((id, claim) => ({ id, spec, claim })) as Promise<string>;
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
