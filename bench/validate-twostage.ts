/**
 * Validates the two-stage gate (docs/statistics.md, "Two-stage gate"; issue 35, item 3) on simulated UDP-like noise:
 * the whole gate, with the engine's own functions at each step.
 *
 * - Noise: per payload sd(log) 0.158, 18 % of it common to a run's 6 payloads (shared/spec/ci-noise.md, the real
 *   udp_reliable reruns). A share ρ of each run's variance belongs to its job (the runs of one job share it; the
 *   reruns' one-way fit gives σ_J ≈ 0.073, σ_E ≈ 0.072 for the geomean, ρ ≈ 0.5; the back-to-back session's
 *   within/all spread gives ρ ≈ 0.74).
 * - First stage: a history of N single-run records (each its own job) and 3 candidate repetitions of one job, judged
 *   by compareExperimentWithHistory (threshold 10 %, the history method's confidence 0.995, gate: the median).
 * - Screen (src/engine/confirm/screen.ts, screenRows): today's `flagged` rule, a family's combined p < 0.05, 0.1,
 *   0.2, 0.3, 0.4, and the default (p < 0.3, or a row's 90 % interval of the change still reaches the threshold).
 * - Confirmation: A/B pairs on one runner, so the job's noise cancels and each run keeps its own (the run part, 1 − ρ
 *   of the variance); only the screened parameters, judged by compareExperimentPaired at splitConfidence(K) (K from
 *   confirmedFamilies), looks at confirmLooks(24), stopping when no gated row is inconclusive, as `perfgate confirm`
 *   does. The gate fails only when the confirmation fails.
 * - Cost: each run of the benchmark takes RUN_SECONDS (16 s: one Fast-DDS LatencyTest run of 6 payloads on the
 *   reruns' VM, ci-noise.md); a pair is two runs.
 *
 * Every draw is seeded; the screens share each trial's draws. It reports; it does not fail `npm run validate`.
 *
 *   npm run validate [-- --quick]
 */
import { compareExperimentWithHistory } from '../src/engine/compare/historyRows.js';
import { compareExperimentPaired } from '../src/engine/compare/pairedRows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { ComparisonRow, ExperimentSide } from '../src/engine/compare/rows.js';
import { CONFIRM_SUITE_ALPHA, confirmLooks, splitConfidence } from '../src/engine/confirm/plan.js';
import { confirmedFamilies, DEFAULT_SCREEN, screenRows, type Screen } from '../src/engine/confirm/screen.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { poolMeasurements } from '../src/pipeline/results.js';
import { gaussian, runNoise, simRun, t4, type Draw } from './simulation.js';

const quick = process.argv.includes('--quick');
const TRIALS = quick ? 300 : 2000;
const THRESHOLDS = parseThresholds('0.1');
const UDP = { sd: 0.158, common: 0.18, payloads: 6 };
const CANDIDATE_RUNS = 3;
const MAX_PAIRS = 24;
const RUN_SECONDS = 16;

const SCREENS: { name: string; screen: Screen }[] = [
  { name: 'today: failed or undecided rows', screen: { rule: 'flagged' } },
  ...[0.05, 0.1, 0.2, 0.3, 0.4].map((level) => ({
    name: `family p < ${level}`,
    screen: { rule: 'family-p', level } as Screen,
  })),
  // Issue 45, item 3: the default, p < 0.3 or a 90 % interval that still reaches the threshold.
  { name: 'family p < 0.3 or interval reaches (default)', screen: DEFAULT_SCREEN },
];

/** One run's log offsets: its job's (shared by the job's runs) plus its own. */
function offsets(job: number[], draw: Draw, rho: number): number[] {
  const own = runNoise({ ...UDP, sd: UDP.sd * Math.sqrt(1 - rho) }, draw);
  return own.map((o, p) => o + job[p]!);
}
function jobNoise(draw: Draw, rho: number): number[] {
  return runNoise({ ...UDP, sd: UDP.sd * Math.sqrt(rho) }, draw);
}

/** k runs of one job as one side holding their repetitions (as the pipeline pools repetitions). */
function repetitions(runs: ExperimentSide[]): ExperimentSide {
  return { measurements: runs[0]!.measurements.map((_, i) => poolMeasurements(runs.map((r) => r.measurements[i]!))) };
}

/** Only the measurements of the confirmed parameters, as `{filter}` and the selection leave them. */
function only(side: ExperimentSide, parameters: 'all' | ReadonlySet<string>): ExperimentSide {
  if (parameters === 'all') return side;
  return { measurements: side.measurements.filter((m) => parameters.has(m.parameter.label)) };
}

interface Outcome {
  triggered: boolean;
  failed: boolean;
  pairs: number;
}

/** The confirmation of `parameters`: sequential A/B pairs at α/K until no gated row is inconclusive or the cap. */
function confirm(
  first: readonly ComparisonRow[],
  parameters: 'all' | ReadonlySet<string>,
  pairs: { reference: ExperimentSide; result: ExperimentSide }[],
): { failed: boolean; pairs: number } {
  const confidence = splitConfidence(confirmedFamilies(first, parameters));
  for (const n of confirmLooks(MAX_PAIRS)) {
    const rows = compareExperimentPaired(
      'sim',
      pairs.slice(0, n).map((p) => ({ reference: only(p.reference, parameters), result: only(p.result, parameters) })),
      THRESHOLDS,
      { confidence, maxPairs: MAX_PAIRS },
    ).rows;
    if (rows.some((r) => r.failed)) return { failed: true, pairs: n };
    if (!rows.some((r) => r.gated && r.status === 'inconclusive')) return { failed: false, pairs: n };
  }
  return { failed: false, pairs: MAX_PAIRS };
}

/** One build through the whole gate under every screen (the same draws for each). */
function build(draw: Draw, history: number, rho: number, change: number): Outcome[] {
  const records = Array.from({ length: history }, () => simRun(offsets(jobNoise(draw, rho), draw, rho), 1));
  const job = jobNoise(draw, rho);
  const candidate = repetitions(Array.from({ length: CANDIDATE_RUNS }, () => simRun(offsets(job, draw, rho), change)));
  const first = compareExperimentWithHistory('sim', records, candidate, THRESHOLDS, {}).rows;
  // The confirmation's pairs: one runner, one job, so only each run's own noise.
  const zero = Array(UDP.payloads).fill(0) as number[];
  const pairs = Array.from({ length: MAX_PAIRS }, () => ({
    reference: simRun(offsets(zero, draw, rho), 1),
    result: simRun(offsets(zero, draw, rho), change),
  }));
  const done = new Map<string, { failed: boolean; pairs: number }>();
  return SCREENS.map(({ screen }) => {
    const taken = screenRows(first, screen);
    if (taken.length === 0) return { triggered: false, failed: false, pairs: 0 };
    const parameters: 'all' | Set<string> = taken.some((r) => r.pooled)
      ? 'all'
      : new Set(taken.map((r) => r.parameter));
    const key = parameters === 'all' ? 'all' : [...parameters].sort().join(',');
    const outcome = done.get(key) ?? confirm(first, parameters, pairs);
    done.set(key, outcome);
    return { triggered: true, ...outcome };
  });
}

interface Tally {
  triggered: number;
  failed: number;
  pairs: number;
}

function simulate(history: number, rho: number, change: number, noise: 'gaussian' | 't4', seed: number): Tally[] {
  const random = mulberry32(seed);
  const draw = noise === 'gaussian' ? gaussian(random) : t4(random);
  const tallies = SCREENS.map(() => ({ triggered: 0, failed: 0, pairs: 0 }));
  for (let i = 0; i < TRIALS; i++)
    build(draw, history, rho, change).forEach((o, s) => {
      const t = tallies[s]!;
      if (o.triggered) t.triggered++;
      if (o.failed) t.failed++;
      t.pairs += o.pairs;
    });
  return tallies;
}

const pct = (n: number) => `${((100 * n) / TRIALS).toFixed(TRIALS >= 1000 ? 2 : 1)} %`;
const minutes = (t: Tally) => ((t.pairs / TRIALS) * 2 * RUN_SECONDS) / 60;

function main(): void {
  const say = (s = '') => console.log(s);
  say(
    `\n## Two-stage gate: history screen, then sequential A/B pairs on the runner (simulated UDP-like noise, ${TRIALS} builds per cell)\n`,
  );
  say(
    `History of N single-run records + ${CANDIDATE_RUNS} candidate repetitions of one job (history method, threshold 10 %, confidence 0.995, gate: median); ` +
      `ρ = the job's share of a run's variance. Confirmation: A/B pairs with the job's noise cancelled, looks at ${confirmLooks(MAX_PAIRS).join(', ')} pairs, ` +
      `at 1 − ${CONFIRM_SUITE_ALPHA}/K. Triggers: builds that run a confirmation; pairs: mean pairs per build (0 when not triggered); ` +
      `minutes: runner minutes added per build at ${RUN_SECONDS} s per run. Targets: unchanged ≤ 0.5 % (the one budget of the whole gate, confirm/plan.ts), ×1.3 ≥ 90 %, +20 % ≥ 85 %.`,
  );
  say();
  say(
    '| N | ρ | screen | unchanged: fail | unchanged, t₄: fail | unchanged: triggers | unchanged: pairs | unchanged: minutes | ×1.3: fail | ×1.3: triggers | ×1.3: minutes | +20 %: fail | +20 %: triggers | +20 %: pairs | +20 %: minutes |',
  );
  say('| ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const histories = quick ? [6, 10] : [6, 10, 20];
  const rhos = [0.5, 0.74];
  histories.forEach((n, h) =>
    rhos.forEach((rho, r) => {
      const seed = 35_000 + 100 * h + 10 * r;
      const aa = simulate(n, rho, 1, 'gaussian', seed);
      const heavy = simulate(n, rho, 1, 't4', seed + 1);
      const x13 = simulate(n, rho, 1.3, 'gaussian', seed + 2);
      const p20 = simulate(n, rho, 1.2, 'gaussian', seed + 3);
      SCREENS.forEach(({ name }, s) => {
        const [a, t, x, p] = [aa[s]!, heavy[s]!, x13[s]!, p20[s]!];
        say(
          `| ${n} | ${rho} | ${name} | ${pct(a.failed)} | ${pct(t.failed)} | ${pct(a.triggered)} | ${(a.pairs / TRIALS).toFixed(2)} | ${minutes(a).toFixed(2)} | ` +
            `${pct(x.failed)} | ${pct(x.triggered)} | ${minutes(x).toFixed(2)} | ${pct(p.failed)} | ${pct(p.triggered)} | ${(p.pairs / TRIALS).toFixed(1)} | ${minutes(p).toFixed(2)} |`,
        );
      });
    }),
  );
}

main();
