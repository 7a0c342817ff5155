/**
 * Which time a gate can trust where a tool reports both a wall and a CPU time of each benchmark (issue 45, item 7;
 * docs/statistics.md, "Which time decides"), measured on real runs of unchanged builds on this project's loaded
 * development machine, through the history gate as it decides (historyMethod.judge, its defaults: confidence 0.995,
 * threshold 10 %, the suite budget).
 *
 * - Data: fixtures/ecosystems/loaded-screen/google-benchmark (5 runs of the base build, and the pull request with
 *   BM_Checksum ~30 % slower); fixtures/ecosystems/primary-statistic (6 runs each of the same Google Benchmark build and
 *   of two hyperfine commands, one CPU-bound, one that mostly sleeps, and hyperfine's pull request: the first ~30 %
 *   more CPU work, the second ~30 % more wait). Each run recorded while the machine's load moved (0 … 2 busy loops, the
 *   runs.md and record.log beside them).
 * - For each time (Google Benchmark's real and CPU time; hyperfine's wall, user and system time), the suite is judged
 *   on that time alone, made the primary metric: each run in turn is the pull request against a history of the others
 *   (leave-one-out). Spread: the median over benchmarks of the sd of a run's log (its primary statistic). Band: the median over runs of each benchmark's noise band (what an unchanged build may show), and
 *   the widest. Unchanged fails: benchmarks failed on unchanged runs. ×1.3: each benchmark of each held-out run made
 *   1.3× slower in turn (all its values), the share the gate fails. The real pull request: what that time says of the
 *   benchmark made slower.
 * - What a command's CPU time sees of its wall time (hyperfine's user + system over its mean): the runs above, and the
 *   single real runs of ../shared/fixtures/real-runs/hyperfine (no reruns there: no band to measure).
 * - ../shared/fixtures/formats/google-benchmark holds the library's own test inputs (made-up times, two runs at most),
 *   and no JMH fixture carries a CPU time beside its mode's time (JMH's modes all read the wall clock): neither is
 *   measured.
 *
 * No draw is random; it reports, it does not fail `npm run validate`.
 *
 *   npm run validate
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { historyMethod } from '../src/engine/compare/historyMethod.js';
import type { HistoryRunSides } from '../src/engine/compare/method.js';
import type { ComparisonRow, ExperimentSide } from '../src/engine/compare/rows.js';
import { bandOf } from '../src/engine/compare/evidence.js';
import { SUITE_EXPERIMENT } from '../src/engine/compare/suiteRow.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { HISTORY_CONFIDENCE } from '../src/engine/compare/historyRows.js';
import { googleBenchmarkAdapter } from '../src/engine/formats/googleBenchmark.js';
import { hyperfineAdapter } from '../src/engine/formats/hyperfine/json.js';
import type { FormatAdapter } from '../src/engine/formats/adapter.js';
import type { Measurement, StatisticName } from '../src/engine/model/measurement.js';
import { primaryStatistic } from '../src/engine/model/statisticRules.js';

const args = process.argv.slice(2);
const shared = args.find((a) => !a.startsWith('--')) ?? path.resolve(process.cwd(), '..', 'shared');
const repo = process.cwd();
const THRESHOLDS = parseThresholds('0.1');
const SETTINGS = { confidence: HISTORY_CONFIDENCE };
const CHANGE = 1.3;

interface Series {
  name: string;
  adapter: FormatAdapter;
  runs: string[];
  times: string[];
  /** The pull request with one benchmark made slower, and which. */
  regressed?: { file: string; slowed: string[] };
}

const eco = path.join(repo, 'fixtures', 'ecosystems');
const runsOf = (dir: string, n: number, ext: string) =>
  Array.from({ length: n }, (_, i) => path.join(dir, `run${i + 1}.${ext}`));
const SERIES: Series[] = [
  {
    name: 'Google Benchmark, loaded-screen (5 runs)',
    adapter: googleBenchmarkAdapter,
    runs: runsOf(path.join(eco, 'loaded-screen', 'google-benchmark'), 5, 'json'),
    times: ['real time', 'cpu time'],
    regressed: { file: path.join(eco, 'loaded-screen', 'google-benchmark', 'pr.json'), slowed: ['BM_Checksum'] },
  },
  {
    name: 'Google Benchmark, primary-statistic (6 runs)',
    adapter: googleBenchmarkAdapter,
    runs: runsOf(path.join(eco, 'primary-statistic', 'google-benchmark'), 6, 'json'),
    times: ['real time', 'cpu time'],
  },
  {
    name: 'hyperfine, primary-statistic (6 runs)',
    adapter: hyperfineAdapter,
    runs: runsOf(path.join(eco, 'primary-statistic', 'hyperfine'), 6, 'json'),
    times: ['wall time', 'user time', 'system time'],
    regressed: {
      file: path.join(eco, 'primary-statistic', 'hyperfine', 'pr.json'),
      slowed: ['sha256sum', 'sleep-then-sha256sum'],
    },
  },
];

/** The run's measurements of one time, each its benchmark's primary metric (role and clock dropped). */
function readRun(adapter: FormatAdapter, file: string, time: string): Measurement[] {
  const set = adapter.parse({ file, text: readFileSync(file, 'utf8') }, {});
  return set.measurements
    .filter((m) => m.metric.name === time)
    .map((m) => {
      const { role: _role, clock: _clock, ...metric } = m.metric;
      return { ...m, metric };
    });
}

function sides(measurements: readonly Measurement[]): Map<string, ExperimentSide> {
  const out = new Map<string, Measurement[]>();
  for (const m of measurements) out.set(m.experiment, [...(out.get(m.experiment) ?? []), m]);
  return new Map([...out].map(([e, ms]) => [e, { measurements: ms }]));
}

/** The measurement × factor: every value of a time (a count of samples is not one). */
function scaled(m: Measurement, factor: number): Measurement {
  const statistics: Partial<Record<StatisticName, number>> = {};
  for (const [k, v] of Object.entries(m.statistics) as [StatisticName, number][])
    statistics[k] = k === 'samples' ? v : v * factor;
  return { ...m, statistics, ...(m.samples ? { samples: m.samples.map((v) => v * factor) } : {}) };
}

/** The gated rows of the benchmarks (not the suite row), by experiment, and whether any row failed. */
function judge(history: readonly Measurement[][], candidate: readonly Measurement[]) {
  const runs: HistoryRunSides[] = history.map((h) => ({ experiments: sides(h) }));
  const results = sides(candidate);
  const experiments = [...results.keys()];
  const judged = historyMethod.judge(
    { reads: 'history', experiments, history: runs, comparable: runs, results },
    THRESHOLDS,
    SETTINGS,
  );
  const rows = judged.comparisons.flatMap((c) => c.rows).filter((r) => r.gated);
  const byExperiment = new Map<string, ComparisonRow>();
  for (const r of rows) if (r.experimentType !== SUITE_EXPERIMENT) byExperiment.set(r.experimentType, r);
  return { byExperiment, failed: rows.some((r) => r.failed) };
}

/** A measurement's level: its primary statistic's value. */
const levelOf = (m: Measurement | undefined): number => (m ? m.statistics[primaryStatistic(m)]! : NaN);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const pct = (x: number) => {
  const p = Math.abs(x * 100);
  return `${x >= 0 ? '+' : '−'}${p >= 100 ? p.toFixed(0) : p.toPrecision(3)} %`;
};
const share = (k: number, n: number) => `${k} of ${n} (${((100 * k) / n).toFixed(0)} %)`;

console.log('\nWhich time decides (issue 45 item 7): each time judged alone, leave-one-run-out, history gate defaults');
console.log(
  '| runs | time | spread | band, median (lower … upper) | widest band | unchanged benchmarks failed | ×1.3 caught | of which (per benchmark) | the real pull request |',
);
console.log('| --- | --- | ---: | --- | --- | ---: | ---: | --- | --- |');
for (const s of SERIES) {
  for (const time of s.times) {
    const runs = s.runs.map((f) => readRun(s.adapter, f, time));
    const lowers: number[] = [];
    const uppers: number[] = [];
    let widest = { lower: 0, upper: 0 };
    let falseFails = 0;
    let benchmarks = 0;
    let caught = 0;
    let trials = 0;
    const caughtOf = new Map<string, number>();
    runs.forEach((candidate, i) => {
      const history = runs.filter((_, j) => j !== i);
      const unchanged = judge(history, candidate);
      for (const row of unchanged.byExperiment.values()) {
        benchmarks++;
        if (row.failed) falseFails++;
        const band = bandOf(row)?.band;
        if (!band) continue;
        lowers.push(band.lower);
        uppers.push(band.upper);
        if (band.upper - band.lower > widest.upper - widest.lower) widest = band;
      }
      for (const slowed of candidate) {
        const changed = candidate.map((m) => (m === slowed ? scaled(m, CHANGE) : m));
        trials++;
        if (judge(history, changed).byExperiment.get(slowed.experiment)?.failed) {
          caught++;
          caughtOf.set(slowed.experiment, (caughtOf.get(slowed.experiment) ?? 0) + 1);
        }
      }
    });
    // Each benchmark's run-to-run spread: the sd of its primary statistic's log over the runs.
    const spreads = runs[0]!.map((m0) => {
      const logs = runs.map((r) => Math.log(levelOf(r.find((m) => m.experiment === m0.experiment))));
      const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
      return Math.sqrt(logs.reduce((a, v) => a + (v - mean) ** 2, 0) / (logs.length - 1));
    });
    let pr = '';
    if (s.regressed) {
      const judged = judge(runs, readRun(s.adapter, s.regressed.file, time)).byExperiment;
      pr = s.regressed.slowed
        .map((name) => {
          const row = judged.get(name);
          return row
            ? `${name} ${pct(row.deltaPercent / 100)}, p ${row.pValue?.toPrecision(2) ?? '–'}: ${row.status}`
            : '–';
        })
        .join('; ');
    }
    console.log(
      `| ${s.name} | ${time} | ±${(100 * median(spreads)).toPrecision(2)} % | ${pct(median(lowers))} … ${pct(median(uppers))} | ${pct(widest.lower)} … ${pct(widest.upper)} | ${share(falseFails, benchmarks)} | ${share(caught, trials)} | ${[...caughtOf].map(([b, n]) => `${b} ${n}`).join(', ') || '–'} | ${pr} |`,
    );
  }
}

// What a command's CPU time sees of its wall time: hyperfine's user + system over its mean, per command and file.
const realHyperfine = path.join(shared, 'fixtures', 'real-runs', 'hyperfine');
const cpuShare = [
  ...SERIES[2]!.runs.slice(0, 1),
  ...['hyperfine_true_vs_sleep.json', 'hyperfine_seq_param.json']
    .map((f) => path.join(realHyperfine, f))
    .filter((f) => existsSync(f)),
];
console.log("\nWhat a command's CPU time sees of its wall time (hyperfine: user + system over the mean wall time)");
console.log('| file | command | wall time, mean | user + system | share |');
console.log('| --- | --- | ---: | ---: | ---: |');
for (const file of cpuShare) {
  const measurements = hyperfineAdapter.parse({ file, text: readFileSync(file, 'utf8') }, {}).measurements;
  const key = (m: Measurement) => `${m.experiment}\u0000${m.parameter.label}`;
  for (const wall of measurements.filter((m) => m.metric.name === 'wall time')) {
    const cpu = measurements
      .filter((m) => key(m) === key(wall) && (m.metric.name === 'user time' || m.metric.name === 'system time'))
      .reduce((sum, m) => sum + m.statistics.mean!, 0);
    const mean = wall.statistics.mean!;
    const label = [wall.experiment, wall.parameter.label].filter((x) => x !== '').join(' ');
    console.log(
      `| ${path.relative(repo, file)} | ${label} | ${(mean / 1000).toFixed(2)} ms | ${(cpu / 1000).toFixed(2)} ms | ${((100 * cpu) / mean).toFixed(0)} % |`,
    );
  }
}
