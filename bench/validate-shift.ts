/**
 * Validates the shared-shift model of A/B pairs (docs/statistics.md, "The shared shift of a run"): today's paired
 * rule against the same rule with `sharedShift: true`, both the engine's own compareExperimentPaired, sequential
 * (Pocock, looks every 4 pairs from 8, cap 24, stopping at the first look that is not inconclusive), confidence 0.99,
 * the median gated. Every random draw is seeded.
 *
 * - Synthetic (issue 35's command): 8 benchmarks; per invocation a log-normal factor of sd 0.12 shared by all 8,
 *   0.03 per benchmark, a drift of +0.4 % per invocation; runs in ABBA order (base, head, head, base, …).
 * - UDP-like: the real reruns' per-payload sd(log) (shared/spec/ci-noise.md: 0.099, 0.083, 0.222, 0.246, 0.104,
 *   0.107), 18 % of the pooled variance 0.158² common to a run's 6 payloads; no drift.
 *
 *   npm run validate [-- --quick]
 */
import { compareExperimentPaired } from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { looksAt } from '../src/engine/stats/sequential.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { gaussian, simRun, type Draw } from './simulation.js';

const quick = process.argv.includes('--quick');
const BUILDS = quick ? 200 : 2000;
const CAP = 24;

interface Noise {
  name: string;
  benchmarks: number;
  /** sd of the factor every benchmark of one invocation shares. */
  shared: number;
  /** Per benchmark, the sd of its own part. */
  own: readonly number[];
  /** Log drift per invocation. */
  drift: number;
}

const UDP_SDS = [0.099, 0.083, 0.222, 0.246, 0.104, 0.107];
const UDP_COMMON = Math.sqrt(0.18) * 0.158;
const NOISES: Noise[] = [
  {
    name: 'synthetic (12 % shared, 3 % own, +0.4 %/run drift, 8 benchmarks)',
    benchmarks: 8,
    shared: 0.12,
    own: Array(8).fill(0.03),
    drift: 0.004,
  },
  {
    name: 'UDP-like (real reruns: per-payload sd 0.083–0.246, 18 % common, 6 payloads)',
    benchmarks: 6,
    shared: UDP_COMMON,
    own: UDP_SDS.map((sd) => Math.sqrt(Math.max(sd ** 2 - UDP_COMMON ** 2, 0.0004))),
    drift: 0,
  },
];

interface Case {
  name: string;
  threshold: string;
  change: number;
  /** The changed benchmark; undefined: every benchmark. */
  only?: number;
}
const CASES: Case[] = [
  { name: 'A/A, threshold 10 %', threshold: '0.1', change: 1 },
  { name: 'A/A, threshold 5 %', threshold: '0.05', change: 1 },
  { name: 'one benchmark ×1.25, threshold 10 %', threshold: '0.1', change: 1.25, only: 2 },
  { name: 'one benchmark ×1.10, threshold 5 %', threshold: '0.05', change: 1.1, only: 2 },
  { name: 'every benchmark ×1.25, threshold 10 %', threshold: '0.1', change: 1.25 },
];

/** One invocation's log offsets per benchmark at time t. */
function invocation(noise: Noise, draw: Draw, t: number): number[] {
  const shared = noise.shared * draw() + noise.drift * t;
  return noise.own.map((sd) => shared + sd * draw());
}

/** CAP pairs in ABBA order: pair i runs base then head when i is even, head then base when odd. */
function drawPairs(noise: Noise, draw: Draw, c: Case) {
  return Array.from({ length: CAP }, (_, i) => {
    const first = invocation(noise, draw, 2 * i);
    const second = invocation(noise, draw, 2 * i + 1);
    const [base, head] = i % 2 === 0 ? [first, second] : [second, first];
    return { reference: simRun(base, 1), result: simRun(head, c.change, c.only) };
  });
}

interface Tally {
  fail: number;
  alone: number;
  undecided: number;
  pairs: number;
}

function simulate(noise: Noise, c: Case, sharedShift: boolean, seed: number): Tally {
  const draw = gaussian(mulberry32(seed));
  const thresholds = parseThresholds(c.threshold);
  const tally: Tally = { fail: 0, alone: 0, undecided: 0, pairs: 0 };
  for (let build = 0; build < BUILDS; build++) {
    const pairs = drawPairs(noise, draw, c);
    let used = 0;
    for (const n of looksAt(CAP, CAP)) {
      used = n;
      const rows = compareExperimentPaired('sim', pairs.slice(0, n), thresholds, {
        maxPairs: CAP,
        sharedShift,
      }).rows.filter((r) => r.gated);
      if (rows.some((r) => r.failed)) {
        tally.fail++;
        const named = rows.filter((r) => r.failed && !r.pooled).map((r) => r.parameter);
        if (c.only !== undefined && named.length === 1 && named[0] === String(16 << (2 * c.only))) tally.alone++;
        break;
      }
      if (!rows.some((r) => r.status === 'inconclusive')) break;
      if (n === CAP) tally.undecided++;
    }
    tally.pairs += used;
  }
  return tally;
}

const pct = (n: number) => `${((100 * n) / BUILDS).toFixed(BUILDS >= 1000 ? 2 : 1)} %`;

function main(): void {
  const lines: string[] = [];
  const say = (s = '') => lines.push(s);
  say('## The shared shift of a run: today’s paired rule against the shared-shift model');
  say();
  say(
    `${BUILDS} seeded builds per cell; sequential Pocock, looks 8, 12, …, ${CAP} pairs; confidence 0.99; the median gated. ` +
      'Fails = the gate failed; alone = it failed naming only the changed benchmark; undecided = still inconclusive at 24 pairs; pairs = mean pairs run.',
  );
  NOISES.forEach((noise, n) => {
    say();
    say(`### ${noise.name}`);
    say();
    say(
      '| case | today: fails | today: alone | today: undecided | today: pairs | model: fails | model: alone | model: undecided | model: pairs |',
    );
    say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    CASES.forEach((c, i) => {
      const seed = 3500 + 100 * n + 10 * i;
      const today = simulate(noise, c, false, seed);
      const model = simulate(noise, c, true, seed);
      const alone = (t: Tally) => (c.only === undefined ? '—' : pct(t.alone));
      say(
        `| ${c.name} | ${pct(today.fail)} | ${alone(today)} | ${pct(today.undecided)} | ${(today.pairs / BUILDS).toFixed(1)} | ` +
          `${pct(model.fail)} | ${alone(model)} | ${pct(model.undecided)} | ${(model.pairs / BUILDS).toFixed(1)} |`,
      );
    });
  });
  console.log(lines.join('\n'));
}

main();
