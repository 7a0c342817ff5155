/**
 * PNGs drawn by the worker thread and this thread together (src/render/pngRenderer.ts): the bundled
 * worker (dist/chunks/png-worker.js, built by `npm test` before the suites run) gives the same bytes
 * as drawing in this thread, a worker that dies leaves no PNG undrawn, and the bundled CLI's PNGs
 * are those bytes too.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BroadcastChannel } from 'node:worker_threads';
import { startPngRenderer, type PngRenderer } from '../src/render/pngRenderer.js';
import { rasterize } from '../src/render/rasterize.js';
import { chartToSvg } from '../src/engine/charts/svg.js';
import { planCharts } from '../src/pipeline/writeCharts.js';
import { example, exampleInput } from './charts-fixtures.js';
import { repoRoot, tempDir } from './helpers/shared.js';
import { volume } from './helpers/volume.js';

const bundledWorker = pathToFileURL(join(repoRoot, 'dist', 'chunks', 'png-worker.js'));
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

let svgs: string[] = [];
let expected: Uint8Array[] = [];

beforeAll(async () => {
  // Each PNG takes resvg about half a second: `npm test` shares the first 6 charts' PNGs between the threads,
  // `npm run test:full` every example chart's.
  const charts = planCharts(exampleInput()).slice(0, volume(6, Infinity));
  svgs = [];
  for (const chart of charts) svgs.push(chartToSvg(chart));
  expected = [];
  for (const svg of svgs) expected.push(await rasterize(svg));
});

/** Submits every SVG, then helps until all are drawn, as writeCharts does. */
async function drawAll(renderer: PngRenderer, batch: string[]): Promise<Uint8Array[]> {
  const pngs = batch.map((svg) => renderer.render(svg));
  await renderer.finish();
  return Promise.all(pngs);
}

/** Resolves once `count` claims have been announced on the channel by a fake worker. */
function claims(channelName: string, count: number): Promise<void> {
  const channel = new BroadcastChannel(channelName);
  let seen = 0;
  return new Promise((resolve) => {
    channel.onmessage = () => {
      if (++seen === count) {
        channel.close();
        resolve();
      }
    };
  });
}

/**
 * A fake worker that claims each job, announces the claim on `channel` (see `claims`), then does
 * `afterClaim` (JavaScript with `job` and `parentPort` in scope).
 */
function claimingWorker(channel: string, afterClaim: string): URL {
  return fakeWorker(`
    import { BroadcastChannel, parentPort } from 'node:worker_threads';
    const told = new BroadcastChannel(${JSON.stringify(channel)});
    parentPort.on('message', (job) => {
      if (Atomics.compareExchange(job.claim, 0, 0, 1) !== 0) return;
      told.postMessage(job.id);
      ${afterClaim}
    });
  `);
}

/** A worker script of the test's own, in a temp folder. */
function fakeWorker(source: string): URL {
  const path = join(tempDir('perfgate-png-worker-'), 'worker.mjs');
  writeFileSync(path, source);
  return pathToFileURL(path);
}

test('without a worker script every PNG is drawn in this thread, when helped', async () => {
  const renderer = startPngRenderer({ worker: false });
  expect(renderer.worker).toBe(false);
  const first = renderer.render(svgs[0]!);
  expect(renderer.open).toBe(1);
  await renderer.help();
  expect(renderer.open).toBe(0);
  expect(same(await first, expected[0]!)).toBe(true);
  await renderer.close();
});

test("the bundled worker and this thread share the jobs; every PNG has the bytes of this thread's drawing", async () => {
  const renderer = startPngRenderer({ worker: bundledWorker });
  expect(renderer.worker).toBe(true);
  try {
    const pngs = await drawAll(renderer, svgs);
    pngs.forEach((png, i) => expect(same(png, expected[i]!)).toBe(true));
    expect(renderer.open).toBe(0);
  } finally {
    await renderer.close();
  }
});

test('two bundled workers share the PNGs, byte for byte as this thread draws them', async () => {
  const renderer = startPngRenderer({ worker: bundledWorker, workers: 2 });
  try {
    expect(renderer.worker).toBe(true);
    const pngs = await drawAll(renderer, svgs);
    pngs.forEach((png, i) => expect(same(png, expected[i]!)).toBe(true));
    expect(renderer.open).toBe(0);
  } finally {
    await renderer.close();
  }
});

test('jobs the worker has claimed are drawn by it: this thread waits for them instead of drawing them again', async () => {
  // A worker that claims every job and answers with a marker, so whoever drew a job shows.
  const url = claimingWorker(
    'perfgate-claims-1',
    'setTimeout(() => parentPort.postMessage({ id: job.id, png: Uint8Array.of(job.id) }), 50);',
  );
  const claimed = claims('perfgate-claims-1', 2);
  const renderer = startPngRenderer({ worker: url });
  try {
    const jobs = [renderer.render(svgs[0]!), renderer.render(svgs[1]!)];
    await claimed;
    await renderer.finish();
    const pngs = await Promise.all(jobs);
    expect(pngs.map((p) => [...p])).toEqual([[1], [2]]);
  } finally {
    await renderer.close();
  }
});

test('a worker that dies at once leaves every PNG to this thread', async () => {
  const renderer = startPngRenderer({ worker: fakeWorker('process.exit(3);\n') });
  try {
    const pngs = await drawAll(renderer, svgs.slice(0, 3));
    pngs.forEach((png, i) => expect(same(png, expected[i]!)).toBe(true));
  } finally {
    await renderer.close();
  }
});

test('a job the worker claimed before it crashed is drawn again in this thread', async () => {
  const url = claimingWorker(
    'perfgate-claims-2',
    "setTimeout(() => { throw new Error('worker crashed while drawing'); }, 20);",
  );
  const claimed = claims('perfgate-claims-2', 1);
  const renderer = startPngRenderer({ worker: url });
  try {
    const job = renderer.render(svgs[0]!);
    await claimed;
    await renderer.finish();
    expect(same(await job, expected[0]!)).toBe(true);
    expect(renderer.worker).toBe(false);
  } finally {
    await renderer.close();
  }
});

test('an SVG resvg cannot read fails its own job with the reason, in either thread', async () => {
  for (const worker of [false, bundledWorker] as const) {
    const renderer = startPngRenderer({ worker });
    try {
      const bad = renderer.render('<svg this is not svg');
      const good = renderer.render(svgs[0]!);
      const outcome = bad.then(
        () => 'drawn',
        (error: Error) => error.message,
      );
      await renderer.finish();
      expect(await outcome).toMatch(/svg|SVG|parsing|xml/);
      expect(same(await good, expected[0]!)).toBe(true);
    } finally {
      await renderer.close();
    }
  }
});

test('close rejects the jobs still open, and any new one', async () => {
  const renderer = startPngRenderer({ worker: false });
  const open = renderer.render(svgs[0]!);
  await renderer.close();
  await expect(open).rejects.toThrow('closed');
  await expect(renderer.render(svgs[0]!)).rejects.toThrow('closed');
});

test('the bundled CLI (worker thread) writes the SVG of each chart and the PNG that this thread draws from it', () => {
  const out = tempDir('perfgate-cli-pngs-');
  const run = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'dist', 'cli.js'),
      'check',
      '-r',
      join(example, 'results'),
      '-q',
      join(example, 'requirements.csv'),
      '-o',
      out,
      '--charts',
      '--png',
    ],
    { encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  const folder = join(out, 'charts');
  const pngs = readdirSync(folder).filter((f) => f.endsWith('.png'));
  expect(pngs.length).toBeGreaterThanOrEqual(5);
  // The check's charts as the engine draws them here (the fixture's raw charts name no file, so their titles differ).
  const charts = new Map(
    planCharts(exampleInput())
      .filter((chart) => chart.kind === 'check' || chart.kind === 'subexperiments')
      .map((chart) => [chart.id, chart]),
  );
  expect(pngs.filter((name) => charts.has(name.replace(/\.png$/, ''))).length).toBe(3);
  return Promise.all(
    pngs.map(async (name) => {
      const svg = readFileSync(join(folder, name.replace(/\.png$/, '.svg')), 'utf8');
      const chart = charts.get(name.replace(/\.png$/, ''));
      if (chart) expect(chartToSvg(chart)).toBe(svg);
      expect(same(readFileSync(join(folder, name)), await rasterize(svg))).toBe(true);
    }),
  );
});
