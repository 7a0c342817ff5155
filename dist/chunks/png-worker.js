import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);
import {
  CLAIMED_BY_WORKER,
  UNCLAIMED,
  drawJob
} from "./chunk-NKMW2U2M.js";
import {
  prepareResvg
} from "./chunk-54CDZIKX.js";
import "./chunk-35V5D2N5.js";

// src/charts/pngWorker.ts
import { parentPort, workerData } from "node:worker_threads";
var port = parentPort;
if (!port) throw new Error("png-worker.js runs as a worker thread (new Worker), not as a script");
var prepare = workerData ?? {};
var claimValue = prepare.claim ?? CLAIMED_BY_WORKER;
if (prepare.png) void prepareResvg().catch(() => void 0);
if (prepare.svg) void import("./render-WHEJZECT.js").catch(() => void 0);
var queue = Promise.resolve();
port.on("message", (job) => {
  queue = queue.then(async () => {
    if (Atomics.compareExchange(job.claim, 0, UNCLAIMED, claimValue) !== UNCLAIMED) return;
    let response;
    try {
      const drawn = await drawJob(job);
      response = typeof drawn === "string" ? { id: job.id, svg: drawn } : { id: job.id, png: drawn };
    } catch (error) {
      response = { id: job.id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(response, "png" in response ? [response.png.buffer] : []);
  });
});
