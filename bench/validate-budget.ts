/**
 * Validates the one-stage gate's whole-suite budget (docs/statistics.md, "A whole-suite budget"; issue 36, item 4):
 * how often an unchanged build fails a suite of F families, and how often one regressed family fails it, under each
 * rule of deciding across the families.
 *
 * - A family is one gated row judged against a history (the history method, one parameter: the shape of Go, pytest,
 *   JMH and Google Benchmark suites, where each benchmark is its own experiment): a history of N single-run records,
 *   each its own job, and k candidate repetitions of one job; half of a run's variance is its job's (ρ = 0.5,
 *   shared/spec/ci-noise.md). Its one-sided p-value and its change against the threshold (10 %) are the engine's
 *   (noiseVerdict, confidence 0.995), checked on the first families of every cell; the bulk computes the same
 *   statistic directly, with the engine's Student t.
 * - Each family's sd(log) is drawn from the real gated rows' noise (ci-noise.md, the independent audit: quantiles
 *   10/25/50/75/90 % = 0.085/0.12/0.18/0.24/0.60, log-linear between them, 0.05 and 1.0 at the ends): `noisy`; the
 *   same divided by 3: `quiet`; each family one or the other with probability ½: `mixed`. Draws are gaussian or
 *   Student t with 4 df scaled to unit variance (t₄).
 * - Rules, each at α = 0.5 % and each failing a family only when its change also exceeds the threshold: today's (each
 *   family at α), Benjamini–Hochberg at q = α over the families, Holm at α, Holm on p-values read against Student t
 *   on min(df, 4) degrees of freedom and on the engine's reference (stats/tailReference.ts: 4 df from 9 df on,
 *   min(df, 3) below), and Benjamini–Hochberg on that reference (the engine's rule before issue 45; the engine's now
 *   fits the reference on the suite's own leave-one-run-out statistics: bench/validate-tails.ts measures it).
 * - Single-family power: one family of the suite ×1.5 slower (its sd drawn like the others), the other F − 1
 *   unchanged; how often that family fails. Many: a tenth of the families ×1.5 together (a change that slows much of
 *   the suite), the share of them that fail.
 *
 * - Through the engine: suites of F payload sweeps (UDP-like: 6 payloads, sd(log) 0.158, 18 % common to a run's
 *   payloads, ρ = 0.5), each judged by compareExperimentWithHistory (parameter rows and the weighted geomean row), then
 *   today's verdict against applySuiteBudget's; power: one sweep ×1.3 slower on every payload.
 *
 * The suites of one trial are nested (the first 10 of the 2000 families are the suite of 10), so the F columns share
 * draws. Every draw is seeded. It reports; it does not fail `npm run validate` unless the engine's verdict and the
 * bulk statistic disagree.
 *
 *   npm run validate [-- --quick]
 */
import { compareExperimentWithHistory } from '../src/engine/compare/historyRows.js';
import { noiseVerdict } from '../src/engine/compare/noise.js';
import type { ExperimentSide, SubExperimentComparison } from '../src/engine/compare/rows.js';
import { applySuiteBudget } from '../src/engine/compare/suiteBudget.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { benjaminiHochbergCutoff } from '../src/engine/stats/fdr.js';
import { holmLevels } from '../src/engine/stats/holm.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import {
  studentTUpperTail,
  tailReferenceDf,
  tailRobustPValue,
  TAIL_DF,
  WELL_ESTIMATED_DF,
} from '../src/engine/stats/tailReference.js';
import { poolMeasurements } from '../src/pipeline/results.js';
import { gaussian, realSd, runNoise, simRun, t4, type Draw } from './simulation.js';

const quick = process.argv.includes('--quick');
const TRIALS = quick ? 120 : 500;
const ALPHA = 0.005;
const THRESHOLD = 0.1;
const RHO = 0.5;
const CHANGE = 1.5;
const SIZES = [10, 40, 200, 2000];
const LARGEST = SIZES[SIZES.length - 1]!;
const CHECKED = 40;
const CONFIGS: { history: number; repetitions: number }[] = quick
  ? [
      { history: 6, repetitions: 1 },
      { history: 10, repetitions: 3 },
    ]
  : [
      { history: 6, repetitions: 1 },
      { history: 6, repetitions: 3 },
      { history: 10, repetitions: 1 },
      { history: 10, repetitions: 3 },
    ];
type Scenario = 'noisy' | 'mixed' | 'quiet';
const SCENARIOS: Scenario[] = ['noisy', 'mixed', 'quiet'];

/** One family's numbers: its p-value on df, the same read on the heavier-tailed reference, and the threshold rule. */
interface Family {
  p: number;
  /** The p-value on min(df, 4), and on the engine's reference (tailReferenceDf: 4 from 9 df on, min(df, 3) below). */
  onTailDf: number;
  robust: number;
  over: boolean;
}

interface Rule {
  name: string;
  /** Which families of the suite fail. */
  fails: (suite: readonly Family[]) => boolean[];
}

const RULES: Rule[] = [
  { name: 'today: each family at 0.5 %', fails: (s) => s.map((f) => f.p <= ALPHA && f.over) },
  {
    name: 'Benjamini–Hochberg, q = 0.5 %',
    fails: (s) => {
      const cutoff = benjaminiHochbergCutoff(
        s.map((f) => f.p),
        ALPHA,
      );
      return s.map((f) => f.p <= cutoff && f.over);
    },
  },
  {
    name: 'Holm, 0.5 %',
    fails: (s) => {
      const levels = holmLevels(
        s.map((f) => f.p),
        ALPHA,
      );
      return s.map((f, i) => !Number.isNaN(levels[i]!) && f.over);
    },
  },
  {
    name: `Holm, t on min(df, ${TAIL_DF})`,
    fails: (s) => {
      const levels = holmLevels(
        s.map((f) => f.onTailDf),
        ALPHA,
      );
      return s.map((f, i) => !Number.isNaN(levels[i]!) && f.over);
    },
  },
  {
    name: `Holm, t on ${TAIL_DF} df, min(df, ${TAIL_DF - 1}) below ${WELL_ESTIMATED_DF}`,
    fails: (s) => {
      const levels = holmLevels(
        s.map((f) => f.robust),
        ALPHA,
      );
      return s.map((f, i) => !Number.isNaN(levels[i]!) && f.over);
    },
  },
  {
    name: `**Benjamini–Hochberg, t on ${TAIL_DF} df, min(df, ${TAIL_DF - 1}) below ${WELL_ESTIMATED_DF}** (the fixed re-read, before)`,
    fails: (s) => {
      const cutoff = benjaminiHochbergCutoff(
        s.map((f) => f.robust),
        ALPHA,
      );
      return s.map((f) => f.robust <= cutoff && f.over);
    },
  },
];

function familySd(scenario: Scenario, random: () => number): number {
  const sd = realSd(random());
  const quiet = scenario === 'quiet' || (scenario === 'mixed' && random() < 0.5);
  return quiet ? sd / 3 : sd;
}

let checked = 0;

/** One family: a history of `n` runs and `k` candidate repetitions of one job, `change` times slower. */
function family(draw: Draw, sd: number, n: number, k: number, change: number, check: boolean): Family {
  const job = () => Math.sqrt(RHO) * sd * draw();
  const own = () => Math.sqrt(1 - RHO) * sd * draw();
  const history = Array.from({ length: n }, () => job() + own());
  const candidateJob = job();
  const candidate = Array.from({ length: k }, () => Math.log(change) + candidateJob + own());
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const centre = mean(history);
  const sdHistory = Math.sqrt(history.reduce((a, x) => a + (x - centre) ** 2, 0) / (n - 1));
  // Runs of one job by default: the band counts k of them as at most one history value (max(1, r/k) = 1, r = 1).
  const standardError = sdHistory * Math.sqrt(1 + 1 / n);
  const level = mean(candidate);
  const z = (level - centre) / standardError;
  const df = n - 1;
  const p = studentTUpperTail(z, df);
  const result: Family = {
    p,
    // tailRobustPValue leaves a statistic at or under 0 as it is: no level a gate uses rejects it.
    onTailDf: z > 0 ? studentTUpperTail(z, Math.min(df, TAIL_DF)) : p,
    robust: z > 0 ? studentTUpperTail(z, tailReferenceDf(df)) : p,
    over: Math.exp(level) > Math.exp(centre) * (1 + THRESHOLD),
  };
  if (check) verify(history, candidate, df, result);
  return result;
}

/** The engine's verdict on the same values agrees with the bulk statistic. */
function verify(history: number[], candidate: number[], df: number, f: Family): void {
  const verdict = noiseVerdict(history.map(Math.exp), candidate.map(Math.exp), THRESHOLD, { confidence: 1 - ALPHA });
  const robust = tailRobustPValue(verdict.pValue, df);
  const agrees =
    Math.abs(verdict.pValue - f.p) <= 1e-9 + 1e-6 * f.p &&
    Math.abs(robust - f.robust) <= 1e-9 + 1e-6 * f.robust &&
    verdict.failed === (f.p <= ALPHA && f.over);
  if (!agrees)
    throw new Error(
      `validate-budget: the engine's verdict (p ${verdict.pValue}, tail-robust ${robust}, failed ${verdict.failed}) ` +
        `disagrees with the simulation's (p ${f.p}, tail-robust ${f.robust}, failed ${f.p <= ALPHA && f.over})`,
    );
  checked++;
}

interface Cell {
  /**
   * Per rule and size: unchanged suites that failed, the one regressed family caught, and the share caught of a tenth
   * of the suite's families regressed together (summed over builds).
   */
  falseAlarms: number[][];
  caught: number[][];
  caughtMany: number[][];
}

function simulate(config: (typeof CONFIGS)[number], scenario: Scenario, noise: 'gaussian' | 't4', seed: number): Cell {
  const random = mulberry32(seed);
  const draw = noise === 'gaussian' ? gaussian(random) : t4(random);
  const cell: Cell = {
    falseAlarms: RULES.map(() => SIZES.map(() => 0)),
    caught: RULES.map(() => SIZES.map(() => 0)),
    caughtMany: RULES.map(() => SIZES.map(() => 0)),
  };
  for (let trial = 0; trial < TRIALS; trial++) {
    const unchanged = Array.from({ length: LARGEST }, (_, i) =>
      family(draw, familySd(scenario, random), config.history, config.repetitions, 1, trial === 0 && i < CHECKED),
    );
    const regressed = Array.from({ length: LARGEST / 10 }, () =>
      family(draw, familySd(scenario, random), config.history, config.repetitions, CHANGE, false),
    );
    RULES.forEach((rule, r) =>
      SIZES.forEach((size, s) => {
        if (rule.fails(unchanged.slice(0, size)).some(Boolean)) cell.falseAlarms[r]![s]!++;
        if (rule.fails([regressed[0]!, ...unchanged.slice(0, size - 1)])[0]) cell.caught[r]![s]!++;
        const many = size / 10;
        const fails = rule.fails([...regressed.slice(0, many), ...unchanged.slice(0, size - many)]);
        cell.caughtMany[r]![s]! += fails.slice(0, many).filter(Boolean).length / many;
      }),
    );
  }
  return cell;
}

/** Suites of payload sweeps through the engine: compareExperimentWithHistory per sweep, then the budget. */
const SWEEP_TRIALS = quick ? 100 : 300;
const SWEEP_SIZES = quick ? [10, 40] : [10, 40, 200];
const SWEEP_CONFIGS = quick
  ? [{ history: 6, repetitions: 3 }]
  : [6, 10].map((history) => ({ history, repetitions: 3 }));
const UDP = { sd: 0.158, common: 0.18, payloads: 6 };
const SWEEP_CHANGE = 1.3;
const THRESHOLDS = parseThresholds(String(THRESHOLD));

function sweep(
  draw: Draw,
  config: (typeof SWEEP_CONFIGS)[number],
  change: number,
  type: string,
): SubExperimentComparison {
  const job = () => runNoise({ ...UDP, sd: UDP.sd * Math.sqrt(RHO) }, draw);
  const run = (jobOffsets: number[], c: number) => {
    const own = runNoise({ ...UDP, sd: UDP.sd * Math.sqrt(1 - RHO) }, draw);
    return simRun(
      own.map((o, p) => o + jobOffsets[p]!),
      c,
    );
  };
  const records = Array.from({ length: config.history }, () => run(job(), 1));
  const candidateJob = job();
  const reps = Array.from({ length: config.repetitions }, () => run(candidateJob, change));
  const candidate: ExperimentSide = {
    measurements: reps[0]!.measurements.map((_, i) => poolMeasurements(reps.map((r) => r.measurements[i]!))),
  };
  return { ...compareExperimentWithHistory('sim', records, candidate, THRESHOLDS, {}), experimentType: type };
}

function simulateSweeps(config: (typeof SWEEP_CONFIGS)[number], noise: 'gaussian' | 't4', seed: number) {
  const random = mulberry32(seed);
  const draw = noise === 'gaussian' ? gaussian(random) : t4(random);
  const largest = SWEEP_SIZES[SWEEP_SIZES.length - 1]!;
  const tally = { today: SWEEP_SIZES.map(() => [0, 0]), budget: SWEEP_SIZES.map(() => [0, 0]) };
  const failed = (suite: SubExperimentComparison[]) => suite.map((c) => c.rows.some((r) => r.failed));
  for (let trial = 0; trial < SWEEP_TRIALS; trial++) {
    const unchanged = Array.from({ length: largest }, (_, i) => sweep(draw, config, 1, `s${i}`));
    const regressed = sweep(draw, config, SWEEP_CHANGE, 'regressed');
    SWEEP_SIZES.forEach((size, s) => {
      const nulls = unchanged.slice(0, size);
      const withRegressed = [regressed, ...unchanged.slice(0, size - 1)];
      if (failed(nulls).some(Boolean)) tally.today[s]![0]!++;
      if (failed(withRegressed)[0]) tally.today[s]![1]!++;
      if (failed(applySuiteBudget(nulls, ALPHA)).some(Boolean)) tally.budget[s]![0]!++;
      if (failed(applySuiteBudget(withRegressed, ALPHA))[0]) tally.budget[s]![1]!++;
    });
  }
  return tally;
}

const pct = (n: number) => `${((100 * n) / TRIALS).toFixed(1)} %`;

function main(): void {
  const say = (s = '') => console.log(s);
  say(`\n## Whole-suite budget of the one-stage history gate (simulated suites, ${TRIALS} builds per cell)\n`);
  say(
    `Families of one gated row each, judged against a history (confidence 0.995, threshold ${THRESHOLD * 100} %); sd(log) per family from the real rows' ` +
      `quantiles (noisy), the same ÷ 3 (quiet), or either (mixed); half of a run's variance its job's. Unchanged: suites of F unchanged families that fail; ` +
      `power: one family ×${CHANGE} among F − 1 unchanged, caught; many: a tenth of the F families ×${CHANGE} together, the share of them caught. Target: unchanged ≤ 0.5 % at every F (±${((100 * Math.sqrt(ALPHA * (1 - ALPHA))) / Math.sqrt(TRIALS)).toFixed(1)} % is one standard error here).`,
  );
  CONFIGS.forEach((config, c) => {
    say(
      `\n#### History of ${config.history} runs, ${config.repetitions} candidate repetition${config.repetitions > 1 ? 's' : ''}\n`,
    );
    say(
      `| scenario | noise | rule | ${SIZES.map((f) => `unchanged, F = ${f}`).join(' | ')} | ${SIZES.map((f) => `power, F = ${f}`).join(' | ')} | ${SIZES.map((f) => `many, F = ${f}`).join(' | ')} |`,
    );
    say(`| --- | --- | --- | ${[...SIZES, ...SIZES, ...SIZES].map(() => '---:').join(' | ')} |`);
    SCENARIOS.forEach((scenario, s) =>
      (['gaussian', 't4'] as const).forEach((noise, n) => {
        const cell = simulate(config, scenario, noise, 36_000 + 1000 * c + 10 * s + n);
        RULES.forEach((rule, r) =>
          say(
            `| ${scenario} | ${noise === 't4' ? 't₄' : noise} | ${rule.name} | ${cell.falseAlarms[r]!.map(pct).join(' | ')} | ${cell.caught[r]!.map(pct).join(' | ')} | ${cell.caughtMany[r]!.map(pct).join(' | ')} |`,
          ),
        );
      }),
    );
  });
  say(`\n(${checked} families checked against the engine's noiseVerdict.)`);
  say(
    `\n#### Through the engine: suites of payload sweeps (UDP-like, ${SWEEP_TRIALS} builds per cell)\n\nEach sweep: 6 payloads and the geomean row (compareExperimentWithHistory), ` +
      `${SWEEP_CONFIGS[0]!.repetitions} candidate repetitions of one job; today's verdict against applySuiteBudget's. Power: one sweep ×${SWEEP_CHANGE} on every payload.\n`,
  );
  say(
    `| history | noise | rule | ${SWEEP_SIZES.map((f) => `unchanged, F = ${f}`).join(' | ')} | ${SWEEP_SIZES.map((f) => `power, F = ${f}`).join(' | ')} |`,
  );
  say(
    `| ---: | --- | --- | ${SWEEP_SIZES.map(() => '---:').join(' | ')} | ${SWEEP_SIZES.map(() => '---:').join(' | ')} |`,
  );
  const sweepPct = (n: number) => `${((100 * n) / SWEEP_TRIALS).toFixed(1)} %`;
  SWEEP_CONFIGS.forEach((config, c) =>
    (['gaussian', 't4'] as const).forEach((noise, n) => {
      const tally = simulateSweeps(config, noise, 36_500 + 10 * c + n);
      (
        [
          ['today: each family at 0.5 %', tally.today],
          [`suite budget (the engine's applySuiteBudget: the fitted tail, each sweep's own spreads)`, tally.budget],
        ] as const
      ).forEach(([name, cells]) =>
        say(
          `| ${config.history} | ${noise === 't4' ? 't₄' : noise} | ${name} | ${cells.map((x) => sweepPct(x[0]!)).join(' | ')} | ${cells.map((x) => sweepPct(x[1]!)).join(' | ')} |`,
        ),
      );
    }),
  );
}

main();
