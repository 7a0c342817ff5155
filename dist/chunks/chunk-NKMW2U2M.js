import { createRequire as __perfgateCreateRequire } from 'node:module';
const require = __perfgateCreateRequire(import.meta.url);
import {
  PNG_SCALE,
  rasterize
} from "./chunk-54CDZIKX.js";

// src/charts/pngRenderer.ts
import { availableParallelism } from "node:os";
import { setImmediate as yieldToEvents } from "node:timers/promises";
import { Worker } from "node:worker_threads";
var UNCLAIMED = 0;
var CLAIMED_BY_WORKER = 1;
var CLAIMED_HERE = 2;
async function drawJob(job) {
  if ("spec" in job) return (await import("./render-WHEJZECT.js")).renderSvg(job.spec);
  return rasterize(job.svg, job.scale);
}
function pngWorkerUrl() {
  return true ? new URL("./png-worker.js", import.meta.url) : void 0;
}
function signal() {
  let resolve;
  const promise = new Promise((r) => resolve = r);
  return { promise, resolve };
}
var WORKER_YOUNG_GENERATION_MB = 16;
function startPngRenderer(options = {}) {
  const workerUrl = options.worker === false ? void 0 : options.worker ?? pngWorkerUrl();
  const jobs = /* @__PURE__ */ new Map();
  let nextId = 1;
  let closed;
  let changed = signal();
  const settle = (job, outcome) => {
    if (job.settled) return;
    job.settled = true;
    jobs.delete(job.id);
    if ("drawn" in outcome) job.resolve(outcome.drawn);
    else job.reject(outcome.error);
    changed.resolve();
    changed = signal();
  };
  const count = workerUrl === void 0 || availableParallelism() < 2 ? 0 : Math.max(1, Math.min(options.workers ?? 1, availableParallelism()));
  const workers = /* @__PURE__ */ new Set();
  for (let k = 0; k < count; k++) {
    const claimValue = CLAIMED_BY_WORKER + 2 * k;
    const worker = new Worker(workerUrl, {
      workerData: { ...options.prepare ?? { png: true }, claim: claimValue },
      ...count > 1 ? { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } } : {}
    });
    workers.add(worker);
    worker.on("message", (response) => {
      const job = jobs.get(response.id);
      if (!job) return;
      settle(
        job,
        "png" in response ? { drawn: response.png } : "svg" in response ? { drawn: response.svg } : { error: new Error(`${"spec" in job.request ? "SVG" : "PNG"} not drawn: ${response.error}`) }
      );
    });
    const lost = () => {
      workers.delete(worker);
      for (const job of jobs.values()) Atomics.compareExchange(job.claim, 0, claimValue, UNCLAIMED);
      changed.resolve();
      changed = signal();
    };
    worker.on("error", lost);
    worker.on("exit", lost);
  }
  const drawHere = async (job) => {
    if (Atomics.compareExchange(job.claim, 0, UNCLAIMED, CLAIMED_HERE) !== UNCLAIMED) return false;
    try {
      settle(job, { drawn: await drawJob(job.request) });
    } catch (error) {
      settle(job, { error: error instanceof Error ? error : new Error(String(error)) });
    }
    return true;
  };
  const submit = (request) => {
    if (closed) return Promise.reject(closed);
    const id = nextId++;
    const claim = new Int32Array(new SharedArrayBuffer(4));
    const message = request(id, claim);
    return new Promise((resolve, reject) => {
      jobs.set(id, { id, request: message, claim, settled: false, resolve, reject });
      for (const worker of workers) worker.postMessage(message);
    });
  };
  const help = async () => {
    for (const job of [...jobs.values()].reverse()) {
      if ("spec" in job.request && workers.size >= 2) continue;
      if (Atomics.load(job.claim, 0) === UNCLAIMED && await drawHere(job)) {
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
      return submit((id, claim) => ({ id, svg, scale, claim }));
    },
    renderSvg(spec) {
      return submit((id, claim) => ({ id, spec, claim }));
    },
    help,
    async finish() {
      while (jobs.size > 0) await help();
    },
    async close() {
      closed = new Error("the PNG renderer was closed");
      for (const job of [...jobs.values()]) settle(job, { error: closed });
      const stopping = [...workers];
      workers.clear();
      await Promise.all(stopping.map((worker) => worker.terminate()));
    }
  };
}

export {
  UNCLAIMED,
  CLAIMED_BY_WORKER,
  drawJob,
  pngWorkerUrl,
  startPngRenderer
};
