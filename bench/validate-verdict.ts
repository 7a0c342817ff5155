/**
 * Validates the regression verdicts (docs/statistics.md): real A/A comparisons from the reruns of
 * one unchanged build in ../shared/fixtures/real-runs, the same with the candidate scaled, and a
 * simulation calibrated on the measured noise for the rates a handful of real runs cannot pin
 * down. Every verdict is the engine's own (compare.ts), every random draw seeded.
 *
 *   npm run validate [-- path/to/shared] [-- --quick]
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import {
  compareExperiment,
  compareExperimentPaired,
  compareExperimentWithHistory,
  type ExperimentSide,
} from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { VERDICT_DEFAULTS } from '../src/engine/settings/verdict.js';
import { parseGateStatistics } from '../src/engine/compare/gate.js';
import type { Measurement, StatisticName } from '../src/engine/model/measurement.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { gaussian, runNoise, simRun, t4, type Draw, type NoiseModel } from './simulation.js';
import { loadResults, poolMeasurements } from '../src/pipeline/results.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const shared = args.find((a) => !a.startsWith('--')) ?? path.resolve(process.cwd(), '..', 'shared');
const THRESHOLDS = parseThresholds('0.1');
const ALL = parseGateStatistics('all');
const SHIFTS = [1, 1.05, 1.1, 1.2, 1.5, 2];

// ---------------------------------------------------------------------------------------------
// Real runs

type Run = ExperimentSide;
interface Series {
  name: string;
  runs: Run[];
}

/** One run from its files, as perfgate reads them, under one experiment name. */
function loadRun(files: string[], experiment: string): Run {
  const loaded = loadResults(cwdFiles, files, { floatParse: 'precise' }, silentProgress);
  const measurements = [...loaded.experiments.values()]
    .flatMap((e) => e.measurements)
    .map((m) => ({ ...m, experiment }));
  return { measurements };
}

function realSeries(): Series[] {
  const real = path.join(shared, 'fixtures', 'real-runs');
  const repeats = path.join(real, 'repeats');
  const fastdds = (tag: string, first: string[], reruns: string[]) => ({
    name: `${tag} (Fast-DDS)`,
    runs: [
      ...first.map((f) => path.join(real, 'fastdds', f)),
      ...reruns.map((r) => path.join(repeats, 'fastdds', `${tag}_${r}_raw_data.csv`)),
    ].map((f) => loadRun([f], tag)),
  });
  return [
    fastdds(
      'udp_reliable',
      ['udp_reliable_raw_data.csv', 'udp_reliable_run2_raw_data.csv'],
      ['r03', 'r04', 'r05', 'r06'],
    ),
    fastdds('shm_reliable', ['shm_reliable_raw_data.csv'], ['r02', 'r03', 'r04', 'r05']),
    {
      name: 'ddsperf ping 64 + 4096 B',
      runs: ['r03', 'r04', 'r05'].map((r) =>
        loadRun(
          [64, 4096].map((s) => path.join(repeats, 'ddsperf', `pingpong_size${s}_${r}_ping.txt`)),
          'ping',
        ),
      ),
    },
  ];
}

/** The candidate's samples scaled by c: every statistic of a latency scales by exactly c. */
function scaled(run: Run, c: number): Run {
  if (c === 1) return run;
  return {
    measurements: run.measurements.map((m) => {
      const statistics: Partial<Record<StatisticName, number>> = {};
      for (const [name, v] of Object.entries(m.statistics) as [StatisticName, number][])
        statistics[name] = name === 'samples' || name === 'variance' ? v : v * c;
      return { ...m, statistics };
    }),
  };
}

/** k runs as one candidate with k repetitions. */
function repetitions(runs: Run[]): Run {
  const byKey = new Map<string, Measurement[]>();
  for (const run of runs)
    for (const m of run.measurements)
      byKey.set(`${m.parameter.label}\u0000${m.metric.name}`, [
        ...(byKey.get(`${m.parameter.label}\u0000${m.metric.name}`) ?? []),
        m,
      ]);
  return { measurements: [...byKey.values()].map((ms) => (ms.length > 1 ? poolMeasurements(ms) : ms[0]!)) };
}

function combinations<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, k - 1).map((c) => [first!, ...c]), ...combinations(rest, k)];
}

/** Every way to draw k ordered (A, B) pairs of distinct runs, pairs unordered among themselves. */
function pairings(n: number, k: number): [number, number][][] {
  const out: [number, number][][] = [];
  const walk = (used: Set<number>, pairs: [number, number][], minA: number) => {
    if (pairs.length === k) {
      out.push(pairs);
      return;
    }
    for (let a = 0; a < n; a++) {
      if (used.has(a) || a < minA) continue;
      for (let b = 0; b < n; b++) {
        if (b === a || used.has(b)) continue;
        walk(new Set([...used, a, b]), [...pairs, [a, b]], a + 1);
      }
    }
  };
  walk(new Set(), [], 0);
  return out;
}

interface Tally {
  gateFailed: number;
  comparisons: number;
  rowsFailed: number;
  rows: number;
}
const tally = (): Tally => ({ gateFailed: 0, comparisons: 0, rowsFailed: 0, rows: 0 });
function count(t: Tally, rows: { failed: boolean; gated: boolean; pooled?: boolean }[]): void {
  const gated = rows.filter((r) => r.gated && !r.pooled);
  t.comparisons++;
  t.gateFailed += rows.some((r) => r.failed) ? 1 : 0;
  t.rows += gated.length;
  t.rowsFailed += gated.filter((r) => r.failed).length;
}
const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(b >= 1000 ? 2 : 1)} %`);

/** Each design over the real runs of a series, for the candidate scaled by `shift`. */
function realDesigns(series: Series, shift: number): [string, Tally][] {
  const { runs } = series;
  const n = runs.length;
  const out: [string, Tally][] = [];
  const exp = 'x';
  const threshold = tally();
  const thresholdAll = tally();
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      count(threshold, compareExperiment(exp, runs[i], scaled(runs[j]!, shift), THRESHOLDS).rows);
      count(thresholdAll, compareExperiment(exp, runs[i], scaled(runs[j]!, shift), THRESHOLDS, { gate: ALL }).rows);
    }
  out.push([`threshold vs one previous run, every statistic gated (before)`, thresholdAll]);
  out.push([`threshold vs one previous run, primary statistic gated`, threshold]);
  if (n >= 4) {
    const single = tally();
    for (let c = 0; c < n; c++)
      count(
        single,
        compareExperimentWithHistory(
          exp,
          runs.filter((_, i) => i !== c),
          scaled(runs[c]!, shift),
          THRESHOLDS,
        ).rows,
      );
    out.push([`history of ${n - 1} runs, 1 candidate run`, single]);
  }
  if (n >= 5) {
    const k = 2;
    const reps = tally();
    for (const cand of combinations([...runs.keys()], k)) {
      const history = runs.filter((_, i) => !cand.includes(i));
      count(
        reps,
        compareExperimentWithHistory(exp, history, repetitions(cand.map((i) => scaled(runs[i]!, shift))), THRESHOLDS)
          .rows,
      );
    }
    out.push([`history of ${n - k} runs, ${k} candidate repetitions`, reps]);
  }
  const k = Math.floor(n / 2);
  if (k >= 2) {
    const paired = tally();
    for (const pairs of pairings(n, k))
      count(
        paired,
        compareExperimentPaired(
          exp,
          pairs.map(([a, b]) => ({ reference: runs[a], result: scaled(runs[b]!, shift) })),
          THRESHOLDS,
        ).rows,
      );
    out.push([`A/B paired, ${k} pairs of separate runs`, paired]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Simulation calibrated on the measured between-run noise (shared/spec/ci-noise.md)

const MODELS: NoiseModel[] = [
  { name: 'UDP-like', sd: 0.158, common: 0.18, payloads: 6 },
  { name: 'SHM-like', sd: 0.126, common: 0.14, payloads: 6 },
  { name: 'ddsperf-like', sd: 0.05, common: 0.18, payloads: 2 },
];

/**
 * A pair's two runs: with `shared` > 0, that share of each run's noise variance is the pair's
 * (the runner's state during the pair, which interleaving cancels).
 */
function pairNoise(model: NoiseModel, draw: Draw, shared: number): [number[], number[]] {
  const common = runNoise(model, draw);
  const mix = () => runNoise(model, draw).map((v, p) => Math.sqrt(shared) * common[p]! + Math.sqrt(1 - shared) * v);
  return [mix(), mix()];
}

interface Design {
  name: string;
  run(model: NoiseModel, draw: Draw, change: number): { failed: boolean; gated: boolean; pooled?: boolean }[];
}
const DESIGNS: Design[] = [
  {
    name: 'threshold vs one previous run',
    run: (m, d, c) => compareExperiment('sim', simRun(runNoise(m, d), 1), simRun(runNoise(m, d), c), THRESHOLDS).rows,
  },
  ...(
    [
      [1, 0.99],
      [3, 0.99],
      [1, 0.995],
      [3, 0.995],
    ] as const
  ).map(([k, confidence]): Design => ({
    name: `history of 10 runs, ${k} candidate run${k > 1 ? 's of one job' : ''}, confidence ${confidence}`,
    run: (m, d, c) =>
      compareExperimentWithHistory(
        'sim',
        Array.from({ length: 10 }, () => simRun(runNoise(m, d), 1)),
        repetitions(Array.from({ length: k }, () => simRun(runNoise(m, d), c))),
        THRESHOLDS,
        { confidence },
      ).rows,
  })),
  ...(
    [
      [8, 0],
      [8, 0.5],
      [12, 0],
      [16, 0],
    ] as const
  ).map(([k, shared]): Design => ({
    name: `A/B paired, ${k} pairs, ${shared === 0 ? 'no state shared within a pair' : `${shared * 100} % of the noise shared within a pair`}`,
    run: (m, d, c) =>
      compareExperimentPaired(
        'sim',
        Array.from({ length: k }, () => {
          const [a, b] = pairNoise(m, d, shared);
          return { reference: simRun(a, 1), result: simRun(b, c) };
        }),
        THRESHOLDS,
      ).rows,
  })),
];

function simulate(
  model: NoiseModel,
  design: Design,
  noise: 'gaussian' | 't4',
  change: number,
  trials: number,
  seed: number,
): Tally {
  const random = mulberry32(seed);
  const draw = noise === 'gaussian' ? gaussian(random) : t4(random);
  const t = tally();
  for (let i = 0; i < trials; i++) count(t, design.run(model, draw, change));
  return t;
}

// ---------------------------------------------------------------------------------------------
// Power (issue 28): pooled variance, the weighted pooled row, the α split, the +10 % preset

/** Per-payload sds of the real UDP reruns (ci-noise.md), 18 % common to a run's payloads. */
const UDP_MEASURED = { sds: [0.099, 0.083, 0.222, 0.246, 0.104, 0.107], common: 0.18 };
const UDP_EQUAL = { sds: Array(6).fill(0.158) as number[], common: 0.18 };
interface PayloadNoise {
  sds: number[];
  common: number;
}

/**
 * One run's log offsets with unequal payload sds: a common run effect (its share of each payload's variance) plus
 * payload effects; `job` adds an effect shared by the runs of one job (`rho`: its share of the variance).
 */
function payloadOffsets(model: PayloadNoise, draw: Draw, job: number[] | undefined, rho: number): number[] {
  const common = draw();
  return model.sds.map((sd, p) => {
    const own = Math.sqrt(model.common) * common + Math.sqrt(1 - model.common) * draw();
    return job ? Math.sqrt(rho) * job[p]! + Math.sqrt(1 - rho) * sd * own : sd * own;
  });
}
function jobEffect(model: PayloadNoise, draw: Draw): number[] {
  const common = draw();
  return model.sds.map((sd) => sd * (Math.sqrt(model.common) * common + Math.sqrt(1 - model.common) * draw()));
}
interface PowerDesign {
  name: string;
  run(model: PayloadNoise, draw: Draw, change: number, changeOne: boolean): { failed: boolean; gated: boolean }[];
}

/**
 * A history design: `window` runs under test, `older` runs before them (they weight the pooled row), a candidate of k
 * repetitions. `records`: runs each history record pools (1: single runs). `rho`: the share of a run's noise its job
 * shares with the job's other runs (every record and the candidate are one job each). `independent`: the verdict is
 * told the candidate's runs are independent (`repetitions: independent`).
 */
function historyDesign(o: {
  window: number;
  older: number;
  k: number;
  share?: number;
  records?: number;
  rho?: number;
  independent?: boolean;
}): PowerDesign {
  const { window, older, k, records = 1, rho = 0, independent = false } = o;
  const share = o.share ?? VERDICT_DEFAULTS.pooledShare;
  const name = [
    `history ${window}${records > 1 ? ` records of ${records}` : ''} + ${k}`,
    independent ? 'independent runs' : 'one job',
    older > 0 ? `${older} older runs weight the geomean` : 'equal weights',
    ...(o.share !== undefined ? [`geomean share ${share}`] : []),
    ...(rho > 0 ? [`job shares ${rho * 100} % of the noise`] : []),
  ].join(', ');
  const job = (m: PayloadNoise, d: Draw, runs: number, change: number, one: boolean): Run => {
    const shared = rho > 0 ? jobEffect(m, d) : undefined;
    const all = Array.from({ length: runs }, () =>
      simRun(payloadOffsets(m, d, shared, rho), change, one ? 3 : undefined),
    );
    return runs > 1 ? repetitions(all) : all[0]!;
  };
  return {
    name,
    run: (m, d, c, one) => {
      const history = Array.from({ length: older + window }, () => job(m, d, records, 1, false));
      return compareExperimentWithHistory('sim', history, job(m, d, k, c, one), THRESHOLDS, {
        maxHistory: window,
        pooledShare: share,
        independentRepetitions: independent,
      }).rows;
    },
  };
}

function pairedDesign(k: number, pooledShare: number, threshold = THRESHOLDS, confidence?: number): PowerDesign {
  const t = Object.values(threshold)[0] as number | undefined;
  return {
    name: `A/B ${k} pairs, geomean share ${pooledShare}${t !== 0.1 ? `, threshold ${Math.round(t! * 100)} %` : ''}${confidence ? `, confidence ${confidence}` : ''}`,
    run: (m, d, c, one) =>
      compareExperimentPaired(
        'sim',
        Array.from({ length: k }, () => ({
          reference: simRun(payloadOffsets(m, d, undefined, 0), 1),
          result: simRun(payloadOffsets(m, d, undefined, 0), c, one ? 3 : undefined),
        })),
        threshold,
        { pooledShare, ...(confidence ? { confidence } : {}) },
      ).rows,
  };
}

function powerRate(
  model: PayloadNoise,
  design: PowerDesign,
  change: number,
  changeOne: boolean,
  trials: number,
  seed: number,
): string {
  const random = mulberry32(seed);
  const draw = gaussian(random);
  const t = tally();
  for (let i = 0; i < trials; i++) count(t, design.run(model, draw, change, changeOne));
  return pct(t.gateFailed, t.comparisons);
}

function powerSection(say: (s?: string) => void): void {
  const trials = quick ? 300 : 2000;
  const aaTrials = quick ? 1000 : 8000;
  say('## Power: pooled variance, the weighted geomean row, the α split');
  say();
  say(
    `Gaussian log noise, ${aaTrials} comparisons per A/A cell, ${trials} per shifted cell. "UDP measured" uses the real UDP reruns' per-payload sds (0.083–0.246, ci-noise.md); "UDP equal" 0.158 for every payload. "one payload ×2" doubles the 1024 B payload only. Default confidence (0.995 history, 0.99 paired), threshold 10 %.`,
  );
  const cases: [string, number, boolean][] = [
    ['A/A: gate fails', 1, false],
    ['+20 %', 1.2, false],
    ['×1.3', 1.3, false],
    ['one payload ×2', 2, true],
  ];
  const designs: PowerDesign[] = [
    historyDesign({ window: 6, older: 0, k: 3 }),
    historyDesign({ window: 6, older: 10, k: 3, records: 3 }),
    historyDesign({ window: 6, older: 0, k: 3, independent: true }),
    ...[0.5, 0.75, 0.9].map((share) => historyDesign({ window: 6, older: 10, k: 3, independent: true, share })),
    historyDesign({ window: 10, older: 10, k: 3, independent: true }),
    historyDesign({ window: 10, older: 10, k: 3, records: 3 }),
    historyDesign({ window: 6, older: 0, k: 3, rho: 0.74 }),
    historyDesign({ window: 6, older: 0, k: 3, records: 3, rho: 0.74 }),
    historyDesign({ window: 6, older: 0, k: 3, independent: true, rho: 0.74 }),
    ...[0.5, 0.75, 0.9].map((share) => pairedDesign(12, share)),
  ];
  let seed = 1000;
  for (const [label, model] of [
    ['UDP measured', UDP_MEASURED],
    ['UDP equal', UDP_EQUAL],
  ] as const) {
    say();
    say(`### ${label}`);
    say();
    say(`| design | ${cases.map(([c]) => c).join(' | ')} |`);
    say(`| --- |${cases.map(() => ' ---: |').join('')}`);
    for (const design of designs) {
      const cells = cases.map(([, change, one]) =>
        powerRate(model, design, change, one, change === 1 ? aaTrials : trials, seed++),
      );
      say(`| ${design.name} | ${cells.join(' | ')} |`);
    }
  }
  say();
  say('### The +10 % preset: A/B pairs, UDP measured noise');
  say();
  say('| design | A/A: gate fails | +10 % |');
  say('| --- | ---: | ---: |');
  for (const k of [20, 24, 30])
    for (const confidence of [0.99, 0.995])
      for (const threshold of ['0.05']) {
        const design = pairedDesign(k, VERDICT_DEFAULTS.pooledShare, parseThresholds(threshold), confidence);
        say(
          `| ${design.name} | ${powerRate(UDP_MEASURED, design, 1, false, aaTrials, seed++)} | ${powerRate(UDP_MEASURED, design, 1.1, false, trials, seed++)} |`,
        );
      }
}

/**
 * The designs the product reaches: the band uses the newest VERDICT_DEFAULTS.maxHistory (20) runs and exposes no
 * setting, so runs weight the geomean only when a history holds more than 20 (it keeps 30). Own seeds, so this table
 * runs alone (`--product-window`) with the same numbers.
 */
function productWindowSection(say: (s?: string) => void): void {
  const trials = quick ? 300 : 2000;
  const aaTrials = quick ? 1000 : 8000;
  const window = VERDICT_DEFAULTS.maxHistory;
  say(`### The product's window: the band uses the newest ${window} runs, UDP measured noise`);
  say();
  say('| design | A/A: gate fails | +20 % | ×1.3 | one payload ×2 |');
  say('| --- | ---: | ---: | ---: | ---: |');
  const designs: PowerDesign[] = [
    historyDesign({ window: 6, older: 0, k: 3, records: 3 }),
    historyDesign({ window, older: 10, k: 3, records: 3 }),
    historyDesign({ window, older: 10, k: 3, independent: true }),
  ];
  let seed = 9000;
  for (const design of designs) {
    const cells = [
      [1, false],
      [1.2, false],
      [1.3, false],
      [2, true],
    ].map(([change, one]) =>
      powerRate(UDP_MEASURED, design, change as number, one as boolean, change === 1 ? aaTrials : trials, seed++),
    );
    say(`| ${design.name} | ${cells.join(' | ')} |`);
  }
}

// ---------------------------------------------------------------------------------------------

function main(): void {
  const lines: string[] = [];
  const say = (s = '') => lines.push(s);
  if (!existsSync(path.join(shared, 'fixtures', 'real-runs'))) {
    console.error(`validate: ${shared}/fixtures/real-runs not found; give the path to shared/ as the first argument`);
    process.exit(2);
  }
  if (args.includes('--product-window')) {
    productWindowSection(say);
    console.log(lines.join('\n'));
    return;
  }
  if (args.includes('--power')) {
    powerSection(say);
    say();
    productWindowSection(say);
    console.log(lines.join('\n'));
    return;
  }
  say('## Real runs: unchanged build (A/A), and the candidate scaled');
  say();
  say(
    'Gate = the comparison fails (any gated row). Rows = gated parameter rows (the geomean rows are counted in the gate only).',
  );
  say(
    'Default settings: threshold 10 %, confidence 0.995 with a history and 0.99 paired, gate = the primary statistic (median).',
  );
  for (const series of realSeries()) {
    say();
    say(`### ${series.name}: ${series.runs.length} runs`);
    say();
    say(
      `| design | comparisons | A/A: gate fails | A/A: rows fail | ${SHIFTS.slice(1)
        .map((s) => `×${s}: gate fails`)
        .join(' | ')} |`,
    );
    say(
      `| --- | ---: | ---: | ---: |${SHIFTS.slice(1)
        .map(() => ' ---: |')
        .join('')}`,
    );
    const byShift = SHIFTS.map((s) => realDesigns(series, s));
    byShift[0]!.forEach(([name, aa], d) => {
      say(
        `| ${name} | ${aa.comparisons} | ${pct(aa.gateFailed, aa.comparisons)} | ${pct(aa.rowsFailed, aa.rows)} | ${byShift
          .slice(1)
          .map((designs) => pct(designs[d]![1].gateFailed, designs[d]![1].comparisons))
          .join(' | ')} |`,
      );
    });
  }
  say();
  say('### The real rerun pair: udp_reliable (run 1) against udp_reliable_run2, the same build minutes apart');
  say();
  {
    const real = path.join(shared, 'fixtures', 'real-runs');
    const run1 = loadRun([path.join(real, 'fastdds', 'udp_reliable_raw_data.csv')], 'udp_reliable');
    const run2 = loadRun([path.join(real, 'fastdds', 'udp_reliable_run2_raw_data.csv')], 'udp_reliable');
    const repeats = ['r03', 'r04', 'r05', 'r06'].map((r) =>
      loadRun([path.join(real, 'repeats', 'fastdds', `udp_reliable_${r}_raw_data.csv`)], 'udp_reliable'),
    );
    const describe = (rows: { failed: boolean; gated: boolean; status: string }[]) =>
      `${rows.filter((r) => r.failed).length} failed (${rows.filter((r) => r.gated).length} gated rows; ${rows.filter((r) => !r.gated && r.status === 'warn').length} ungated rows warn)`;
    say('| design | result |');
    say('| --- | --- |');
    say(
      `| threshold, run 1 as the reference, every statistic gated (before) | ${describe(compareExperiment('x', run1, run2, THRESHOLDS, { gate: ALL }).rows)} |`,
    );
    say(
      `| threshold, run 1 as the reference, primary statistic gated | ${describe(compareExperiment('x', run1, run2, THRESHOLDS).rows)} |`,
    );
    say(
      `| history r03–r06 (4 runs), run 2 as the candidate | ${describe(compareExperimentWithHistory('x', repeats, run2, THRESHOLDS).rows)} |`,
    );
    say(
      `| history run 1 + r03–r06 (5 runs), run 2 as the candidate | ${describe(compareExperimentWithHistory('x', [run1, ...repeats], run2, THRESHOLDS).rows)} |`,
    );
  }
  say();
  say('## Simulation calibrated on the measured noise');
  say();
  const trials = quick ? 300 : 2000;
  const aaTrials = quick ? 1000 : 10000;
  say(
    `Log-normal (gaussian) and heavier-tailed (t, 4 df) between-run noise; ${aaTrials} comparisons per A/A cell, ${trials} per shifted cell; every payload shifted alike.`,
  );
  for (const model of MODELS) {
    say();
    say(
      `### ${model.name}: sd ${model.sd} per payload, ${Math.round(model.common * 100)} % common to a run's payloads, ${model.payloads} payloads`,
    );
    say();
    const threeSigma = Math.exp(3 * model.sd);
    say(
      `| design | noise | A/A: gate fails | ${SHIFTS.slice(1)
        .map((s) => `+${Math.round((s - 1) * 100)} %`)
        .join(' | ')} | 3σ (+${Math.round((threeSigma - 1) * 100)} %) |`,
    );
    say(
      `| --- | --- | ---: |${SHIFTS.slice(1)
        .map(() => ' ---: |')
        .join('')} ---: |`,
    );
    let seed = 1;
    for (const design of DESIGNS) {
      for (const noise of ['gaussian', 't4'] as const) {
        const aa = simulate(model, design, noise, 1, aaTrials, seed++);
        const cells = [...SHIFTS.slice(1), threeSigma].map((s) => {
          const t = simulate(model, design, noise, s, trials, seed++);
          return pct(t.gateFailed, t.comparisons);
        });
        say(`| ${design.name} | ${noise} | ${pct(aa.gateFailed, aa.comparisons)} | ${cells.join(' | ')} |`);
      }
    }
  }
  say();
  powerSection(say);
  say();
  productWindowSection(say);
  console.log(lines.join('\n'));
}

main();
