import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);
import {
  CLAIMED_BY_WORKER,
  UNCLAIMED,
  prepareResvg,
  rasterize
} from "./chunk-2ONHGTJL.js";
import "./chunk-35V5D2N5.js";

// src/charts/pngWorker.ts
import { parentPort } from "node:worker_threads";
var port = parentPort;
if (!port) throw new Error("png-worker.js runs as a worker thread (new Worker), not as a script");
void prepareResvg().catch(() => void 0);
var queue = Promise.resolve();
port.on("message", (job) => {
  queue = queue.then(async () => {
    if (Atomics.compareExchange(job.claim, 0, UNCLAIMED, CLAIMED_BY_WORKER) !== UNCLAIMED) return;
    let response;
    try {
      response = { id: job.id, png: await rasterize(job.svg, job.scale) };
    } catch (error) {
      response = { id: job.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(response, "png" in response ? [response.png.buffer] : []);
  });
});
