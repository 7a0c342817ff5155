import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);
import {
  CLAIMED_BY_WORKER,
  UNCLAIMED,
  drawJob,
  prepareResvg
} from "./chunk-R65B4D56.js";
import "./chunk-KP423JM7.js";

// src/render/pngWorker.ts
import { parentPort, workerData } from "node:worker_threads";
var port = parentPort;
if (!port) throw new Error("png-worker.js runs as a worker thread (new Worker), not as a script");
var prepare = workerData ?? {};
var claimValue = prepare.claim ?? CLAIMED_BY_WORKER;
if (prepare.png) void prepareResvg().catch(() => void 0);
var queue = Promise.resolve();
port.on("message", (job) => {
  queue = queue.then(async () => {
    if (Atomics.compareExchange(job.claim, 0, UNCLAIMED, claimValue) !== UNCLAIMED) return;
    let response;
    try {
      response = { id: job.id, png: await drawJob(job) };
    } catch (error) {
      response = { id: job.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(response, "png" in response ? [response.png.buffer] : []);
  });
});
