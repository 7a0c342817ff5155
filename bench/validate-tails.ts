/**
 * Validates the tails of the one-stage history gate's whole-suite budget (docs/statistics.md, "Tails calibrated on the
 * history"; issue 45, items 2 and 5): suites of F = 1 … 10,000 benchmarks, each its own family (one gated row against
 * a history: Go, pytest, JMH and Google Benchmark suites), gaussian and t₄ noise, with and without a shift shared by
 * every benchmark of a run.
 *
 * - Each benchmark: a history of N single-run records and one candidate run; its statistic is the history gate's
 *   (compare/noise.ts: (x − mean) / (sd · √(1 + 1/N)) on N − 1 df), its change must also exceed the 10 % threshold.
 * - Noise: `quiet`, every benchmark 3 % sd(log) of its own (the issue's quiet suite); `quiet + shared`, the same plus
 *   2 % shared by every benchmark of a run; `real`, each benchmark's sd drawn from the real gated rows' quantiles
 *   (bench/simulation.ts's realSd); `real + shared`, the same with 30 % of each run's variance shared. Draws
 *   gaussian or Student t on 4 df at unit variance (t₄), shared shifts too.
 * - Rules, each Benjamini–Hochberg across the F families at α = 0.5 %, each failing a benchmark only over the
 *   threshold: the ordinary reading (each p on its df); the fixed re-read (stats/tailReference.ts, the budget before
 *   issue 45: t on 4 df from 9 df on, min(df, 3) below); each benchmark's own spread with the history's own tail (the
 *   reference fitted on the suite's leave-one-run-out statistics, stats/leaveOneRunOut.ts, stats/tailCalibration.ts);
 *   spreads moderated across the suite (stats/historyStatistic.ts's suitePrior) read on their df; and both together,
 *   the engine's (compare/suiteTails.ts, compare/suiteBudget.ts: one benchmark keeps its own df, more fit the reference
 *   from the fixed re-read's).
 * - Unchanged: suites that fail any benchmark. Power: one benchmark ×1.3 among F − 1 unchanged, caught. 1 %: a
 *   hundredth of the suite (at least one) ×1.3, the share of them named and the mean number of others named with them.
 * - Through the engine: the quiet suite of 10,000 (gaussian, 10 runs, 100 of them ×1.3) judged as the history method
 *   judges a suite (compareExperimentWithHistory twice, with the suite's priors, then applySuiteBudget): how many of
 *   the 100 and how many others it names. It fails `npm run validate` when the engine and the simulation's rule name
 *   different benchmarks.
 *
 * The F columns of one build are nested (the first 10 benchmarks of the 10,000 are the suite of 10). Every draw is
 * seeded.
 *
 *   npm run validate [-- --quick]
 *   TRIALS=200 SEED=7 RULES=engine SIZES=10,100,1000,10000 CELLS='quiet:t4,quiet + shared:t4' HISTORIES=10 \
 *     npm run validate -- --only validate-tails      # some cells again, on other seeds
 */
import { compareExperimentWithHistory } from '../src/engine/compare/historyRows.js';
import type { SubExperimentComparison } from '../src/engine/compare/rows.js';
import { applySuiteBudget } from '../src/engine/compare/suiteBudget.js';
import { judgeWithSuitePriors } from '../src/engine/compare/suiteTails.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { benjaminiHochbergCutoff } from '../src/engine/stats/fdr.js';
import { historyStatistic, moderatedStatistic, suitePrior } from '../src/engine/stats/historyStatistic.js';
import { leaveOneRunOut } from '../src/engine/stats/leaveOneRunOut.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { fittedTailDf, sortNulls, TAIL_TEST_LEVEL } from '../src/engine/stats/tailCalibration.js';
import { studentTUpperQuantile, studentTUpperTail, tailReferenceDf } from '../src/engine/stats/tailReference.js';
import { gaussian, realSd, simRun, t4, type Draw } from './simulation.js';

const quick = process.argv.includes('--quick');
const ALPHA = 0.005;
const THRESHOLD = 0.1;
const CHANGE = 1.3;
/** A list from the environment (`SIZES=100,10000`), else the default. */
const listOf = (name: string): string[] | undefined => process.env[name]?.split(',').map((x) => x.trim());
const SIZES = listOf('SIZES')?.map(Number) ?? (quick ? [1, 10, 100, 10_000] : [1, 10, 100, 1000, 10_000]);
const LARGEST = SIZES[SIZES.length - 1]!;
const HISTORIES = listOf('HISTORIES')?.map(Number) ?? (quick ? [10] : [6, 10]);
const TRIALS = Number(process.env['TRIALS'] ?? (quick ? 40 : 100));
const TEST_LEVEL = Number(process.env['TAIL_TEST_LEVEL'] ?? TAIL_TEST_LEVEL);
/** Another set of seeds for the same cells (`SEED=7`): a second sample, not the same builds again. */
const SEED = Number(process.env['SEED'] ?? 0);
/** Only these cells (`CELLS='quiet + shared:t4,real + shared:t4'`), and only the engine's rule (`RULES=engine`). */
const CELLS = listOf('CELLS');
const ENGINE_ONLY = process.env['RULES'] === 'engine';

interface Scenario {
  name: string;
  /** Each benchmark's own sd(log). */
  sd: (random: () => number) => number;
  /** The share of a run's variance every benchmark shares (of the benchmark's total), or a fixed shared sd. */
  shared: { share: number } | { sd: number } | undefined;
}

const SCENARIOS: Scenario[] = [
  { name: 'quiet', sd: () => 0.03, shared: undefined },
  { name: 'quiet + shared', sd: () => 0.03, shared: { sd: 0.02 } },
  { name: 'real', sd: (random) => realSd(random()), shared: undefined },
  { name: 'real + shared', sd: (random) => realSd(random()), shared: { share: 0.3 } },
];

/** One benchmark of one build: its history's logs, the candidate's log and the threshold conjunct. */
export interface Bench {
  history: number[];
  candidate: number;
  over: boolean;
}

/**
 * A build: `count` benchmarks, a history of `n` runs each (run r shifted by shared[r] times the benchmark's shared
 * scale) and the candidate (shifted by shared[n]); the first `regressed` are ×CHANGE.
 */
function build(scenario: Scenario, draw: Draw, random: () => number, n: number, count: number, regressed: number) {
  const shared = Array.from({ length: n + 1 }, () => draw());
  const benches: Bench[] = [];
  for (let b = 0; b < count; b++) {
    const sd = scenario.sd(random);
    const s = scenario.shared;
    const sharedSd = s === undefined ? 0 : 'sd' in s ? s.sd : Math.sqrt(s.share) * sd;
    const ownSd = s !== undefined && 'share' in s ? Math.sqrt(1 - s.share) * sd : sd;
    const history = Array.from({ length: n }, (_, r) => sharedSd * shared[r]! + ownSd * draw());
    const candidate = (b < regressed ? Math.log(CHANGE) : 0) + sharedSd * shared[n]! + ownSd * draw();
    const mean = history.reduce((a, x) => a + x, 0) / n;
    benches.push({ history, candidate, over: Math.exp(candidate - mean) > 1 + THRESHOLD });
  }
  return benches;
}

/** Each benchmark's statistic and df, and (for the calibrated rules) its leave-one-run-out nulls and their df. */
interface Judged {
  t: number[];
  df: number[];
  nulls?: { statistics: number[]; dfs: number[] };
}

/** The statistic and df of every benchmark, on its own spread or on the suite's moderated spreads. */
function judge(suite: readonly Bench[], moderated: boolean, withNulls: boolean): Judged {
  const own = suite.map((b) => historyStatistic(b.history, b.candidate));
  const prior = moderated
    ? suitePrior(
        own.map((o) => o.variance),
        own.map((o) => o.df),
      )
    : undefined;
  const t: number[] = [];
  const df: number[] = [];
  const statistics: number[] = [];
  const dfs: number[] = [];
  suite.forEach((b, i) => {
    const row = moderatedStatistic(own[i]!, prior);
    t.push(row.t);
    df.push(row.df);
    if (!withNulls) return;
    const loo = leaveOneRunOut(b.history, prior);
    if (loo === undefined) return;
    for (const x of loo.statistics) {
      statistics.push(x);
      dfs.push(loo.df);
    }
  });
  return withNulls ? { t, df, nulls: { statistics, dfs } } : { t, df };
}

type Rule = { name: string; pValues: (suite: readonly Bench[]) => number[] };

/** studentTUpperQuantile(ALPHA, df), remembered. */
const criticals = new Map<number, number>();
function critical(df: number): number {
  let q = criticals.get(df);
  if (q === undefined) criticals.set(df, (q = studentTUpperQuantile(ALPHA, df)));
  return q;
}

/**
 * Only a statistic beyond the one-sided α on the df it is read on can ever be rejected (BH's levels are ≤ α): the
 * rest get 1. `read` gives the df a statistic is read on.
 */
function pValues(suite: readonly Bench[], judged: Judged, read: (df: number) => number): number[] {
  return suite.map((b, i) => {
    const df = read(judged.df[i]!);
    return b.over && judged.t[i]! >= critical(df) ? studentTUpperTail(judged.t[i]!, df) : 1;
  });
}

/** The engine's reference (compare/suiteBudget.ts): own df for one benchmark, else fitted from the fixed re-read's. */
function fitted(suite: readonly Bench[], judged: Judged): number {
  if (suite.length === 1) return Infinity;
  return fittedTailDf(sortNulls(judged.nulls!), tailReferenceDf(suite[0]!.history.length - 1), TEST_LEVEL);
}

const ALL_RULES: Rule[] = [
  { name: 'ordinary: p on df', pValues: (s) => pValues(s, judge(s, false, false), (df) => df) },
  {
    name: 'fixed re-read: t on 4 df, min(df, 3) below 9 (before)',
    pValues: (s) => pValues(s, judge(s, false, false), (df) => tailReferenceDf(df)),
  },
  {
    name: "own spread, the history's own tail (leave-one-run-out, fitted)",
    pValues: (s) => {
      const judged = judge(s, false, true);
      const reference = fitted(s, judged);
      return pValues(s, judged, (df) => Math.min(df, reference));
    },
  },
  {
    name: 'moderated across the suite, p on its df',
    pValues: (s) => pValues(s, judge(s, true, false), (df) => df),
  },
  {
    name: "**moderated across the suite, the history's own tail** (the engine's)",
    pValues: (s) => {
      const judged = judge(s, true, true);
      const reference = fitted(s, judged);
      return pValues(s, judged, (df) => Math.min(df, reference));
    },
  },
];

const RULES = ENGINE_ONLY ? ALL_RULES.slice(-1) : ALL_RULES;

function failing(rule: Rule, suite: readonly Bench[]): boolean[] {
  const p = rule.pValues(suite);
  const cutoff = benjaminiHochbergCutoff(p, ALPHA);
  return p.map((x) => x <= cutoff);
}

interface Tally {
  unchanged: number[][];
  power: number[][];
  manyCaught: number[][];
  manyOthers: number[][];
}

function simulate(scenario: Scenario, noise: 'gaussian' | 't4', n: number, seed: number): Tally {
  const random = mulberry32(seed);
  const draw = noise === 'gaussian' ? gaussian(random) : t4(random);
  const zero = () => RULES.map(() => SIZES.map(() => 0));
  const tally: Tally = { unchanged: zero(), power: zero(), manyCaught: zero(), manyOthers: zero() };
  for (let trial = 0; trial < TRIALS; trial++) {
    const unchanged = build(scenario, draw, random, n, LARGEST, 0);
    const many = build(scenario, draw, random, n, LARGEST, LARGEST / 100);
    SIZES.forEach((size, s) => {
      const regressed = Math.max(1, size / 100);
      // One benchmark ×1.3 among the unchanged of another build (the many-build's first, on its own build's others).
      const single = [many[0]!, ...unchanged.slice(1, size)];
      const suite = [...many.slice(0, regressed), ...unchanged.slice(regressed, size)];
      RULES.forEach((rule, r) => {
        if (failing(rule, unchanged.slice(0, size)).some(Boolean)) tally.unchanged[r]![s]!++;
        if (failing(rule, single)[0]) tally.power[r]![s]!++;
        const fails = failing(rule, suite);
        tally.manyCaught[r]![s]! += fails.slice(0, regressed).filter(Boolean).length / regressed;
        tally.manyOthers[r]![s]! += fails.slice(regressed).filter(Boolean).length;
      });
    });
  }
  return tally;
}

function main(): void {
  const say = (s = '') => console.log(s);
  const pct = (x: number) => `${((100 * x) / TRIALS).toFixed(1)} %`;
  say(`\n## Tails calibrated on the history (simulated suites, ${TRIALS} builds per cell)\n`);
  say(
    `Each benchmark its own family: one gated row against a history of N runs, one candidate run, Benjamini–Hochberg across the F families at ${ALPHA * 100} %, ` +
      `threshold ${THRESHOLD * 100} %. Unchanged: builds that fail (target ≤ 0.5 %; one standard error at 0.5 % is ${((100 * Math.sqrt(ALPHA * (1 - ALPHA))) / Math.sqrt(TRIALS)).toFixed(1)} %). ` +
      `Power: one benchmark ×${CHANGE} caught. 1 %: max(1, F/100) benchmarks ×${CHANGE}, the share named / the mean number of others named.`,
  );
  for (const n of HISTORIES) {
    say(`\n#### History of ${n} runs\n`);
    say(
      `| noise | draws | rule | ${SIZES.map((f) => `unchanged, F = ${f}`).join(' | ')} | ${SIZES.map((f) => `power, F = ${f}`).join(' | ')} | ${SIZES.map((f) => `1 %, F = ${f}`).join(' | ')} |`,
    );
    say(`| --- | --- | --- | ${[...SIZES, ...SIZES, ...SIZES].map(() => '---:').join(' | ')} |`);
    SCENARIOS.forEach((scenario, c) =>
      (['gaussian', 't4'] as const).forEach((noise, d) => {
        if (CELLS !== undefined && !CELLS.includes(`${scenario.name}:${noise}`)) return;
        const tally = simulate(scenario, noise, n, 45_000 + 1_000_000 * SEED + 100 * n + 10 * c + d);
        RULES.forEach((rule, r) =>
          say(
            `| ${scenario.name} | ${noise === 't4' ? 't₄' : noise} | ${rule.name} | ${tally.unchanged[r]!.map(pct).join(' | ')} | ${tally.power[r]!.map(pct).join(' | ')} | ${tally.manyCaught[r]!.map((x, s) => `${pct(x)} / ${(tally.manyOthers[r]![s]! / TRIALS).toFixed(2)}`).join(' | ')} |`,
          ),
        );
      }),
    );
  }
}

/**
 * The Done-when case through the engine: a quiet suite of 10,000 benchmarks (3 % noise, gaussian), a 10-run history,
 * 100 of them ×1.3, judged by compareExperimentWithHistory with the suite's priors (suiteTails.ts) and
 * applySuiteBudget, as the history method judges a suite. The simulation's rule must name the same benchmarks.
 */
function engineQuietSuite(): { named: number; others: number } {
  const count = 10_000;
  const regressed = 100;
  const n = 10;
  const random = mulberry32(45_045);
  const draw = gaussian(random);
  const suite = build(SCENARIOS[0]!, draw, random, n, count, regressed);
  const thresholds = parseThresholds(String(THRESHOLD));
  const judgeAll = (priors?: ReadonlyMap<string, import('../src/engine/stats/moderatedVariance.js').VariancePrior>) =>
    suite.map((b, i): SubExperimentComparison => ({
      ...compareExperimentWithHistory(
        'sim',
        b.history.map((h) => simRun([h], 1)),
        simRun([b.candidate], 1),
        thresholds,
        { confidence: 1 - ALPHA },
        [],
        priors,
      ),
      experimentType: `b${i}`,
    }));
  const failed = applySuiteBudget(judgeWithSuitePriors(judgeAll), ALPHA).map((c) => c.rows.some((r) => r.failed));
  const simulated = failing(ALL_RULES[ALL_RULES.length - 1]!, suite);
  const disagree = failed.filter((f, i) => f !== simulated[i]).length;
  if (disagree > 0) {
    console.error(`validate-tails: the engine and the simulation disagree on ${disagree} of ${count} benchmarks`);
    process.exitCode = 1;
  }
  return {
    named: failed.slice(0, regressed).filter(Boolean).length,
    others: failed.slice(regressed).filter(Boolean).length,
  };
}

main();
const started = Date.now();
const quiet = engineQuietSuite();
console.log(
  `\nThrough the engine (compareExperimentWithHistory with the suite's priors, then applySuiteBudget; ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s): a quiet suite of 10,000 benchmarks (3 % gaussian noise, a 10-run history), ` +
    `100 of them ×${CHANGE}: **${quiet.named} of the 100 named, ${quiet.others} others** (target ≥ 90 and ≤ 3).`,
);
