/**
 * The chart worker thread (dist/chunks/png-worker.js): draws PNGs while the main thread draws
 * others (pngRenderer.ts). Jobs are taken in order; a job the main thread has claimed meanwhile is
 * skipped. Each PNG is exactly what the main thread would draw (drawJob).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareResvg } from './rasterize.js';
import { CLAIMED_BY_WORKER, drawJob, UNCLAIMED, type PngRequest, type PngResponse } from './pngRenderer.js';

const port = parentPort;
if (!port) throw new Error('png-worker.js runs as a worker thread (new Worker), not as a script');

// Start loading resvg (PngRendererOptions.prepare) while the first chart is drawn.
const prepare = (workerData ?? {}) as { png?: boolean; claim?: number };
const claimValue = prepare.claim ?? CLAIMED_BY_WORKER;
if (prepare.png) void prepareResvg().catch(() => undefined);

let queue: Promise<void> = Promise.resolve();
port.on('message', (job: PngRequest) => {
  queue = queue.then(async () => {
    if (Atomics.compareExchange(job.claim, 0, UNCLAIMED, claimValue) !== UNCLAIMED) return;
    let response: PngResponse;
    try {
      response = { id: job.id, png: await drawJob(job) };
    } catch (error) {
      response = { id: job.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(response, 'png' in response ? [response.png.buffer as ArrayBuffer] : []);
  });
});
