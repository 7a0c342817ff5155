/**
 * Validates sequential A/B (docs/statistics.md, "Sequential A/B"): on simulated UDP-like noise (the
 * model of bench/validate-verdict.ts: per-payload sd(log) 0.158, 18 % of it common to the payloads of a
 * run, 6 payloads, so the per-pair pooled log ratio has sd 0.126; no noise shared within a pair, as
 * measured), the engine's own compareExperimentPaired judges fixed designs of 8, 12 and 16 pairs and
 * group-sequential designs (looks every 4 pairs from 8, O'Brien–Fleming or Pocock spending, caps 16 and
 * 24) that stop at the first look whose verdict is not inconclusive. Every random draw is seeded.
 *
 *   npm run validate [-- --quick]
 */
import { compareExperimentPaired } from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { looksAt, type SpendingFunction } from '../src/engine/stats/sequential.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { gaussian, runNoise, simRun, t4, type Draw } from './simulation.js';

const quick = process.argv.includes('--quick');
const TRIALS = quick ? 400 : 4000;
const THRESHOLDS = parseThresholds('0.1');
const UDP = { sd: 0.158, common: 0.18, payloads: 6 };

interface Design {
  name: string;
  /** Fixed: the pairs; sequential: the cap. */
  pairs: number;
  spending?: SpendingFunction;
}
const DESIGNS: Design[] = [
  { name: 'fixed 8 pairs', pairs: 8 },
  { name: 'fixed 12 pairs', pairs: 12 },
  { name: 'fixed 16 pairs', pairs: 16 },
  { name: "sequential, O'Brien–Fleming, cap 16", pairs: 16, spending: 'obrien-fleming' },
  { name: "sequential, O'Brien–Fleming, cap 24", pairs: 24, spending: 'obrien-fleming' },
  { name: 'sequential, Pocock, cap 16', pairs: 16, spending: 'pocock' },
  { name: 'sequential, Pocock, cap 24', pairs: 24, spending: 'pocock' },
];

type Outcome = 'fail' | 'pass' | 'inconclusive';

/** The verdict of one look: the gate fails, or a gated row is still inconclusive, or it passes. */
function verdictOf(rows: readonly { failed: boolean; gated: boolean; status: string }[]): Outcome {
  if (rows.some((r) => r.failed)) return 'fail';
  return rows.some((r) => r.gated && r.status === 'inconclusive') ? 'inconclusive' : 'pass';
}

/** One comparison of `design`: the pairs drawn up front, judged at each look until one decides. */
function runDesign(design: Design, draw: Draw, change: number): { outcome: Outcome; pairs: number } {
  const pairs = Array.from({ length: design.pairs }, () => ({
    reference: simRun(runNoise(UDP, draw), 1),
    result: simRun(runNoise(UDP, draw), change),
  }));
  const looks = design.spending ? looksAt(design.pairs, design.pairs) : [design.pairs];
  let outcome: Outcome = 'inconclusive';
  let used = 0;
  for (const n of looks) {
    used = n;
    const c = compareExperimentPaired(
      'sim',
      pairs.slice(0, n),
      THRESHOLDS,
      design.spending ? { maxPairs: design.pairs, spending: design.spending } : {},
    );
    outcome = verdictOf(c.rows);
    if (outcome !== 'inconclusive') break;
  }
  return { outcome, pairs: used };
}

interface Tally {
  fail: number;
  inconclusive: number;
  pairs: number;
  trials: number;
}

function simulate(design: Design, noise: 'gaussian' | 't4', change: number, seed: number): Tally {
  const random = mulberry32(seed);
  const draw = noise === 'gaussian' ? gaussian(random) : t4(random);
  const t: Tally = { fail: 0, inconclusive: 0, pairs: 0, trials: TRIALS };
  for (let i = 0; i < TRIALS; i++) {
    const { outcome, pairs } = runDesign(design, draw, change);
    if (outcome === 'fail') t.fail++;
    if (outcome === 'inconclusive') t.inconclusive++;
    t.pairs += pairs;
  }
  return t;
}

const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(d >= 1000 ? 2 : 1)} %`;
const mean = (t: Tally) => (t.pairs / t.trials).toFixed(1);

function main(): void {
  const lines: string[] = [];
  const say = (s = '') => lines.push(s);
  say('## Sequential A/B against fixed designs (simulated UDP-like noise, per-pair pooled sd(log) 0.126)');
  say();
  say(
    `${TRIALS} comparisons per cell, seeded; threshold 10 %, confidence 0.99, gate = median (6 payload rows + the pooled geomean row). ` +
      'Fails = the gate fails; undecided = a gated row still inconclusive at the last look; pairs = the mean pairs used.',
  );
  say();
  say(
    '| design | unchanged: fails | unchanged, t₄ noise: fails | unchanged: undecided | unchanged: pairs | +10 %: fails | +10 %: undecided | +10 %: pairs | +20 %: fails | +20 %: undecided | +20 %: pairs |',
  );
  say('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  DESIGNS.forEach((design, d) => {
    const seed = 1000 + 10 * d;
    const aa = simulate(design, 'gaussian', 1, seed);
    const heavy = simulate(design, 't4', 1, seed + 1);
    const ten = simulate(design, 'gaussian', 1.1, seed + 2);
    const twenty = simulate(design, 'gaussian', 1.2, seed + 3);
    say(
      `| ${design.name} | ${pct(aa.fail, aa.trials)} | ${pct(heavy.fail, heavy.trials)} | ${pct(aa.inconclusive, aa.trials)} | ${mean(aa)} | ` +
        `${pct(ten.fail, ten.trials)} | ${pct(ten.inconclusive, ten.trials)} | ${mean(ten)} | ` +
        `${pct(twenty.fail, twenty.trials)} | ${pct(twenty.inconclusive, twenty.trials)} | ${mean(twenty)} |`,
    );
  });
  console.log(lines.join('\n'));
}

main();
