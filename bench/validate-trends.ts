/**
 * `perfgate trends` on UDP-like noise, per payload and as one weighted geomean series (docs/change-points.md,
 * "Several payloads: the weighted geomean series"). Run by `npm run validate` (bench/validate.mjs); alone:
 *
 *   npx esbuild bench/validate-trends.ts --bundle --platform=node --format=esm --outfile=/tmp/validate-trends.mjs
 *   node /tmp/validate-trends.mjs [suites, default 1000] [--quick: 200]
 *
 * Each suite: 60 runs of 6 payloads whose log per-run statistic has the between-run sds of ci-noise.md's udp row
 * (0.099, 0.083, 0.222, 0.246, 0.104, 0.107), 18 % of each payload's variance common to the run (ci-noise.md: mean
 * pairwise r ≈ 0.18), Gaussian on the log scale; with a step, every payload is ×1.2 from run 40 (0-based) on. The
 * detector runs after every new run, as on a default branch, and the weighted series is rebuilt from the runs so far
 * each time (its weights included), as `perfgate trends` does. Deterministic: mulberry32 with fixed seeds.
 */
import { CHANGE_POINT_DEFAULTS, detectChangePoints } from '../src/engine/stats/changePoints.js';
import { median } from '../src/engine/stats/median.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { confirmWeightedSteps, MIN_WEIGHTED_VALUES, weightedGeomeanSeries } from '../src/engine/trends/weighted.js';

/** `--quick` (npm run validate -- --quick): 200 suites; a number: that many; else 1000. */
const SUITES = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? (process.argv.includes('--quick') ? 200 : 1000));
const SDS = [0.099, 0.083, 0.222, 0.246, 0.104, 0.107];
const PAYLOADS = ['16', '64', '256', '1024', '4096', '16384'];
const COMMON = 0.18;
const RUNS = 60;
const STEP_AT = 40;
const STEP = Math.log(1.2);
const WITHIN = 8;
const TOLERANCE = 2;

function gaussian(random: () => number): () => number {
  return () => {
    let u = 0;
    while (u === 0) u = random();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
}

/** Per payload, the values (not logs) of RUNS runs. */
function suite(seed: number, step: number): number[][] {
  const g = gaussian(mulberry32(seed));
  const values = SDS.map(() => [] as number[]);
  for (let r = 0; r < RUNS; r++) {
    const run = g();
    SDS.forEach((sd, p) => {
      const noise = sd * (Math.sqrt(COMMON) * run + Math.sqrt(1 - COMMON) * g());
      values[p]!.push(Math.exp(noise + (r >= STEP_AT ? step : 0)));
    });
  }
  return values;
}

type Design = 'payload' | 'geomean' | 'weighted' | 'weighted-same-segment' | 'weighted-true' | 'weighted-mad';

/** The rejected σ (weighted.ts): the MAD of successive differences over √2, which a step barely moves. */
function successiveDifferenceSd(logs: number[]): number {
  const differences = logs.slice(1).map((v, i) => v - logs[i]!);
  const centre = median(differences);
  return (1.482602218505602 * median(differences.map((d) => Math.abs(d - centre)))) / Math.SQRT2;
}

/** The log series a design analyses on the first `k` runs (one per payload, or one). */
function seriesOf(design: Design, values: number[][], k: number): number[][] {
  const prefix = values.map((v) => v.slice(0, k));
  if (design === 'payload') return prefix.map((v) => v.map(Math.log));
  if (design === 'geomean')
    return [prefix[0]!.map((_, r) => prefix.reduce((a, v) => a + Math.log(v[r]!), 0) / SDS.length)];
  if (design === 'weighted-mad' || design === 'weighted-true') {
    if (k < MIN_WEIGHTED_VALUES) return [];
    const logs = prefix.map((v) => v.map(Math.log));
    const inverse = logs.map((v, p) =>
      design === 'weighted-true' ? 1 / SDS[p]! ** 2 : 1 / Math.max(successiveDifferenceSd(v), 0.001) ** 2,
    );
    const total = inverse.reduce((a, b) => a + b, 0);
    return [logs[0]!.map((_, r) => logs.reduce((a, v, p) => a + (inverse[p]! / total) * v[r]!, 0))];
  }
  const weighted = weightedGeomeanSeries(
    prefix.map((v, p) => ({ parameter: PAYLOADS[p]!, values: v })),
    k,
  );
  // Fewer than MIN_WEIGHTED_VALUES runs: no weights yet, so no weighted series (as in perfgate trends).
  return weighted ? [weighted.values.map((v) => Math.log(v!))] : [];
}

/**
 * The steps perfgate trends reports in series `i` of a design on the first `k` runs: a weighted series' newest step
 * with only minSegment runs after it waits for one more unless a payload's series shows it too (confirmWeightedSteps).
 */
function stepsAt(design: Design, values: number[][], k: number, i: number) {
  const logs = seriesOf(design, values, k)[i];
  if (logs === undefined) return [];
  const found = detectChangePoints(logs);
  if (design !== 'weighted' && design !== 'weighted-mad') return found.steps;
  const payloadSteps = values.flatMap((v) =>
    detectChangePoints(v.slice(0, k).map(Math.log)).steps.map((c) => ({ firstRun: c.index, change: c.relativeChange })),
  );
  return confirmWeightedSteps(found, (r) => r, payloadSteps, CHANGE_POINT_DEFAULTS.minSegment).steps;
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

interface Rates {
  /** Per series: a +20 % step reported (not pending) within ±2 runs of run 40 by the look after run 48. */
  found: number;
  /** Per step-free series: any step on the full 60 runs; at any of the looks after runs 41…48; at any look 2…60. */
  falseFull: number;
  falseLooks: number;
  falseEver: number;
  /** Per step-free suite: any of its series of this design shows a step on the full 60 runs. */
  suiteFalseFull: number;
}

function measure(design: Design): Rates {
  let series = 0;
  let found = 0;
  let falseFull = 0;
  let falseLooks = 0;
  let falseEver = 0;
  let suiteFalseFull = 0;
  for (let s = 0; s < SUITES; s++) {
    const withStep = suite(100_003 + 2 * s, STEP);
    const count = seriesOf(design, withStep, RUNS).length;
    series += count;
    for (let i = 0; i < count; i++) {
      for (let k = STEP_AT + 1; k <= STEP_AT + WITHIN; k++) {
        if (
          stepsAt(design, withStep, k, i).some((c) => Math.abs(c.index - STEP_AT) <= TOLERANCE && c.relativeChange > 0)
        ) {
          found++;
          break;
        }
      }
    }
    const stepFree = suite(100_003 + 2 * s + 1, 0);
    let anyFull = false;
    for (let i = 0; i < count; i++) {
      const full = stepsAt(design, stepFree, RUNS, i).length > 0;
      let looks = false;
      for (let k = STEP_AT + 1; k <= STEP_AT + WITHIN && !looks; k++)
        looks = stepsAt(design, stepFree, k, i).length > 0;
      let ever = full || looks;
      for (let k = 2; k < RUNS && !ever; k++) ever = stepsAt(design, stepFree, k, i).length > 0;
      if (full) falseFull++;
      if (looks) falseLooks++;
      if (ever) falseEver++;
      anyFull ||= full;
    }
    if (anyFull) suiteFalseFull++;
  }
  return {
    found: found / series,
    falseFull: falseFull / series,
    falseLooks: falseLooks / series,
    falseEver: falseEver / series,
    suiteFalseFull: suiteFalseFull / SUITES,
  };
}

console.log(
  `\n## trends: weighted geomean series on UDP-like noise (${SUITES} suites of 6 payloads × ${RUNS} runs, +20 % step at run ${STEP_AT}; defaults p ≤ ${CHANGE_POINT_DEFAULTS.maxPValue}, change ≥ ${100 * CHANGE_POINT_DEFAULTS.minMagnitude} %, min segment ${CHANGE_POINT_DEFAULTS.minSegment})\n`,
);
console.log(
  '| series | found ≤ 8 runs after | false step, full 60 runs | false step, looks after runs 41…48 | false step, ever (looks 2…60) | suites with a false step, full 60 runs |',
);
console.log('|---|---:|---:|---:|---:|---:|');
const label: Record<Design, string> = {
  payload: 'each payload (6 series a suite)',
  geomean: 'geomean, equal weights',
  weighted: '**weighted geomean** (1/σ², σ the sd of each payload series; confirmed as below): perfgate trends',
  'weighted-same-segment': 'weighted geomean, every step reported at 3 runs after it as in the other series',
  'weighted-true': 'the same with the true σ (unknown in practice)',
  'weighted-mad': 'the same, σ from the MAD of successive differences (rejected)',
};
for (const design of (
  process.env.PERFGATE_DESIGNS ?? 'payload,geomean,weighted,weighted-mad,weighted-same-segment,weighted-true'
).split(',') as Design[]) {
  const r = measure(design);
  console.log(
    `| ${label[design]} | ${pct(r.found)} | ${pct(r.falseFull)} | ${pct(r.falseLooks)} | ${pct(r.falseEver)} | ${pct(r.suiteFalseFull)} |`,
  );
}
