/**
 * The PNG worker thread (dist/chunks/png-worker.js): draws PNGs while the main thread draws SVGs
 * with vega (pngRenderer.ts). Jobs arrive as soon as their SVG exists and are taken in order; a job
 * the main thread has claimed meanwhile is skipped. Each PNG is exactly what rasterize() gives in
 * the main thread.
 */
import { parentPort } from 'node:worker_threads';
import { prepareResvg, rasterize } from './rasterize.js';
import { CLAIMED_BY_WORKER, UNCLAIMED, type PngRequest, type PngResponse } from './pngRenderer.js';

const port = parentPort;
if (!port) throw new Error('png-worker.js runs as a worker thread (new Worker), not as a script');

// Start compiling the WebAssembly module now, while the first SVG is still being drawn.
void prepareResvg().catch(() => undefined);

let queue: Promise<void> = Promise.resolve();
port.on('message', (job: PngRequest) => {
  queue = queue.then(async () => {
    if (Atomics.compareExchange(job.claim, 0, UNCLAIMED, CLAIMED_BY_WORKER) !== UNCLAIMED) return;
    let response: PngResponse;
    try {
      response = { id: job.id, png: await rasterize(job.svg, job.scale) };
    } catch (error) {
      response = { id: job.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(response, 'png' in response ? [response.png.buffer as ArrayBuffer] : []);
  });
});
