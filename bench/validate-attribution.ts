/**
 * Validates which rows a failing family names (docs/statistics.md, "Naming the regressed rows") on the
 * issue's suite: a Google Benchmark suite of 40 families × 50 args (2000 `real_time` rows), a 10-run
 * history with sd(log) 0.05 per row, one candidate run. Regressed suite: every arg of 5 families 1.3×
 * slower (a 5σ shift per row) and 10 of 50 args of a sixth (unchanged rows inside a failing family);
 * A/A suite: nothing changed. Every verdict is the engine's own (compareExperimentWithHistory, which
 * names rows with attribution.ts at q = α); Bonferroni alone (before) and other FDR levels are the same
 * rows re-named by attribution.ts; the moderated t (src/engine/stats/moderatedVariance.ts, a prior over the suite's 2000 row
 * variances) re-names them on moderated p-values, which the engine does not compute. Both with equal row noise and
 * with unequal (sd(log) 0.05·e^(0.5·z) per row). Every draw is seeded. Then the real reruns of one unchanged build in
 * ../shared/fixtures/real-runs, leave-one-out: each run against a history of the others, as it is (A/A) and with
 * half of its payloads 3× slower (unchanged rows inside a failing family, on real noise).
 *
 *   npm run validate [-- path/to/shared] [-- --quick]
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import {
  compareExperimentWithHistory,
  type ComparisonRow,
  type ExperimentSide,
} from '../src/engine/compare/compare.js';
import { nameRegressedRows } from '../src/engine/compare/attribution.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { VERDICT_DEFAULTS } from '../src/engine/settings/verdict.js';
import type { Measurement, StatisticName } from '../src/engine/model/measurement.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { gaussian } from './simulation.js';
import { fitVariancePrior, moderatedVariance } from '../src/engine/stats/moderatedVariance.js';
import { studentTCdf } from '../src/engine/stats/studentT.js';
import { loadResults } from '../src/pipeline/results.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const shared = args.find((a) => !a.startsWith('--')) ?? path.resolve(process.cwd(), '..', 'shared');
const FAMILIES = 40;
const ARGS = 50;
const HISTORY = 10;
const SD = 0.05;
const SLOWER = 1.3;
const FULL = 5; // families 0…4: every arg slower
const PARTIAL = 10; // family 5: args 0…9 slower
const REGRESSED_SUITES = quick ? 8 : 40;
const AA_SUITES = quick ? 20 : 60;
const THRESHOLDS = parseThresholds('0.1');
const ALPHA = Number((1 - VERDICT_DEFAULTS.confidence.history).toPrecision(6));
const LEVELS: { name: string; q: number | undefined; moderated?: boolean }[] = [
  { name: 'Bonferroni only (before)', q: undefined },
  { name: `BH q = α = ${ALPHA}`, q: ALPHA },
  { name: 'BH q = 0.01', q: 0.01 },
  { name: 'BH q = 0.05', q: 0.05 },
  { name: `moderated t (prior over the suite's rows), BH q = α = ${ALPHA}`, q: ALPHA, moderated: true },
];
/** The moderated t's degrees of freedom are capped here: beyond, t is the normal to 3 digits. */
const MAX_DF = 1000;

const METRIC = {
  name: 'real_time',
  dimension: 'time',
  unit: 'ns',
  displayUnit: 'ns',
  direction: 'lower-is-better',
} as const;

/** One run of one family: every arg's real time, log-normal around its level. */
function run(family: number, draw: () => number, slower: (arg: number) => number, sds: number[]): ExperimentSide {
  const measurements: Measurement[] = Array.from({ length: ARGS }, (_, arg) => ({
    experiment: `BM_Op${family}`,
    parameter: { label: String(arg + 1), payloadBytes: NaN },
    metric: { ...METRIC },
    statistics: { value: 100 * (arg + 1) * slower(arg) * Math.exp(sds[arg]! * draw()) },
    place: { file: 'sim' },
  }));
  return { measurements };
}

interface Tally {
  regressedFull: number;
  namedFull: number;
  regressedPartial: number;
  namedPartial: number;
  unchanged: number;
  namedUnchanged: number;
  /** Unchanged rows inside the partially regressed family. */
  unchangedInPartial: number;
  namedUnchangedInPartial: number;
  suites: number;
  /** Suites whose partially regressed family failed the gate at all. */
  partialFailed: number;
  suitesNaming: number;
  rowsNamed: number;
}
const tally = (): Tally => ({
  regressedFull: 0,
  namedFull: 0,
  regressedPartial: 0,
  namedPartial: 0,
  unchanged: 0,
  namedUnchanged: 0,
  unchangedInPartial: 0,
  namedUnchangedInPartial: 0,
  suites: 0,
  partialFailed: 0,
  suitesNaming: 0,
  rowsNamed: 0,
});

/** The engine's rows with the FDR-named rows put back as they were judged: Bonferroni alone. */
function bonferroniOnly(rows: readonly ComparisonRow[]): ComparisonRow[] {
  return rows.map((r) => {
    if (r.namedBy !== 'fdr') return r;
    const { namedBy: _fdr, ...rest } = r;
    return { ...rest, status: 'warn', failed: false };
  });
}

/**
 * One suite; with `sdSpread` > 0 each row's sd(log) is SD·exp(sdSpread·z), z a standard normal drawn per row
 * (unequal row noise, where one shared variance would be wrong).
 */
function suite(seed: number, regressed: boolean, tallies: Tally[], sdSpread = 0): void {
  const draw = gaussian(mulberry32(seed));
  const sds = Array.from({ length: FAMILIES }, () =>
    Array.from({ length: ARGS }, () => SD * Math.exp(sdSpread * draw())),
  );
  const named = tallies.map(() => 0);
  let partialFailed = false;
  const slowerArgsOf = (family: number) => (!regressed ? 0 : family < FULL ? ARGS : family === FULL ? PARTIAL : 0);
  const suiteRuns = Array.from({ length: FAMILIES }, (_, family) => {
    const slower = (arg: number) => (arg < slowerArgsOf(family) ? SLOWER : 1);
    const history = Array.from({ length: HISTORY }, () => run(family, draw, () => 1, sds[family]!));
    return { history, candidate: run(family, draw, slower, sds[family]!) };
  });
  // The moderated t: each row's log variance over its history (HISTORY − 1 df), shrunk towards a prior fitted
  // across the suite's 2000 rows.
  const logsOf = (side: ExperimentSide) => side.measurements.map((m) => Math.log(m.statistics.value!));
  const rowStats = suiteRuns.map(({ history, candidate }) => {
    const logs = history.map(logsOf);
    const candidateLogs = logsOf(candidate);
    return candidateLogs.map((c, arg) => {
      const h = logs.map((l) => l[arg]!);
      const mean = h.reduce((a, b) => a + b, 0) / h.length;
      const variance = h.reduce((a, b) => a + (b - mean) ** 2, 0) / (h.length - 1);
      return { mean, variance, candidate: c };
    });
  });
  const prior = fitVariancePrior(
    rowStats.flat().map((r) => r.variance),
    HISTORY - 1,
  );
  for (let family = 0; family < FAMILIES; family++) {
    const slowerArgs = slowerArgsOf(family);
    const { history, candidate } = suiteRuns[family]!;
    const judged = compareExperimentWithHistory(`BM_Op${family}`, history, candidate, THRESHOLDS);
    if (regressed && family === FULL) partialFailed = judged.status === 'failed';
    const before = bonferroniOnly(judged.rows);
    const moderatedP = before.map((row) => {
      if (row.pooled || row.pValue === undefined) return row;
      const r = rowStats[family]![Number(row.parameter) - 1]!;
      const m = moderatedVariance(r.variance, HISTORY - 1, prior);
      const t = (r.candidate - r.mean) / Math.sqrt(m.variance * (1 + 1 / HISTORY));
      return { ...row, pValue: 1 - studentTCdf(t, Math.min(MAX_DF, m.df)) };
    });
    LEVELS.forEach((level, i) => {
      const rows = level.q === undefined ? before : nameRegressedRows(level.moderated ? moderatedP : before, level.q);
      const t = tallies[i]!;
      for (const row of rows) {
        if (row.pooled) continue;
        const isSlower = Number(row.parameter) - 1 < slowerArgs;
        const isNamed = row.failed;
        named[i]! += isNamed ? 1 : 0;
        if (isSlower && slowerArgs === ARGS) {
          t.regressedFull++;
          t.namedFull += isNamed ? 1 : 0;
        } else if (isSlower) {
          t.regressedPartial++;
          t.namedPartial += isNamed ? 1 : 0;
        } else {
          t.unchanged++;
          t.namedUnchanged += isNamed ? 1 : 0;
          if (slowerArgs > 0) {
            t.unchangedInPartial++;
            t.namedUnchangedInPartial += isNamed ? 1 : 0;
          }
        }
      }
    });
  }
  tallies.forEach((t, i) => {
    t.suites++;
    t.partialFailed += partialFailed ? 1 : 0;
    t.suitesNaming += named[i]! > 0 ? 1 : 0;
    t.rowsNamed += named[i]!;
  });
}

const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(2)} %`);

const SD_SPREAD = 0.5;

function main(): void {
  const started = Date.now();
  console.log(
    `\n## Naming the regressed rows: ${FAMILIES} families × ${ARGS} args, ${HISTORY}-run history, 1 candidate run${quick ? ' (--quick)' : ''}\n`,
  );
  console.log(
    `Regressed suite (${REGRESSED_SUITES} seeded suites): every arg of ${FULL} families ${SLOWER}× slower, ${PARTIAL} of ${ARGS} args of a sixth. A/A suite (${AA_SUITES} seeded suites): nothing changed. Gate α per family ${ALPHA}.`,
  );
  for (const sdSpread of [0, SD_SPREAD]) {
    const regressed = LEVELS.map(tally);
    const aa = LEVELS.map(tally);
    for (let s = 0; s < REGRESSED_SUITES; s++) suite(1000 + s, true, regressed, sdSpread);
    for (let s = 0; s < AA_SUITES; s++) suite(500000 + s, false, aa, sdSpread);
    console.log(
      sdSpread === 0
        ? `\n### Equal row noise: sd(log) ${SD} per row\n`
        : `\n### Unequal row noise: sd(log) ${SD}·e^(${sdSpread}·z) per row, z standard normal (90 % of rows between ${(SD * Math.exp(-1.645 * sdSpread)).toFixed(3)} and ${(SD * Math.exp(1.645 * sdSpread)).toFixed(3)})\n`,
    );
    console.log(
      '| procedure | regressed rows named (5 families) | regressed rows named (10 of 50) | unchanged rows named | unchanged named in the 10-of-50 family | A/A suites naming any row | A/A rows named per suite |',
    );
    console.log('|---|---|---|---|---|---|---|');
    LEVELS.forEach((level, i) => {
      const r = regressed[i]!;
      const a = aa[i]!;
      console.log(
        `| ${level.name} | ${pct(r.namedFull, r.regressedFull)} | ${pct(r.namedPartial, r.regressedPartial)} | ${pct(r.namedUnchanged, r.unchanged)} | ${pct(r.namedUnchangedInPartial, r.unchangedInPartial)} | ${a.suitesNaming} of ${a.suites} | ${(a.rowsNamed / a.suites).toFixed(3)} |`,
      );
    });
    console.log(
      `\nThe ${PARTIAL}-of-${ARGS} family failed the gate in ${regressed[0]!.partialFailed} of ${REGRESSED_SUITES} suites (its geomean moves ${((SLOWER ** (PARTIAL / ARGS) - 1) * 100).toFixed(1)} %, under the 10 % threshold, so it fails only through a row that clears Bonferroni); its rows are counted in every suite.`,
    );
  }
  realRuns();
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

// ---------------------------------------------------------------------------------------------
// Real reruns

/** One run from its files, as perfgate reads them, under one experiment name. */
function loadRun(file: string, experiment: string): ExperimentSide {
  const loaded = loadResults(cwdFiles, [file], { floatParse: 'precise' }, silentProgress);
  const measurements = [...loaded.experiments.values()]
    .flatMap((e) => e.measurements)
    .map((m) => ({ ...m, experiment }));
  return { measurements };
}

/** The run with the statistics of the payloads in `slower` scaled by c (every statistic of a latency scales by c). */
function slowerAt(run: ExperimentSide, slower: ReadonlySet<string>, c: number): ExperimentSide {
  return {
    measurements: run.measurements.map((m) => {
      if (!slower.has(m.parameter.label)) return m;
      const statistics: Partial<Record<StatisticName, number>> = {};
      for (const [name, v] of Object.entries(m.statistics) as [StatisticName, number][])
        statistics[name] = name === 'samples' || name === 'variance' ? v : v * c;
      return { ...m, statistics };
    }),
  };
}

/** Real between-run noise is 2–3× the simulated suite's; a change this large makes the families fail at 4–5 runs. */
const REAL_SLOWER = 3;

function realRuns(): void {
  const real = path.join(shared, 'fixtures', 'real-runs');
  if (!existsSync(real)) {
    console.log(`\n(real reruns skipped: ${real} not found)`);
    return;
  }
  const series = [
    {
      tag: 'udp_reliable',
      files: [
        path.join(real, 'fastdds', 'udp_reliable_raw_data.csv'),
        path.join(real, 'fastdds', 'udp_reliable_run2_raw_data.csv'),
        ...['r03', 'r04', 'r05', 'r06'].map((r) =>
          path.join(real, 'repeats', 'fastdds', `udp_reliable_${r}_raw_data.csv`),
        ),
      ],
    },
    {
      tag: 'shm_reliable',
      files: [
        path.join(real, 'fastdds', 'shm_reliable_raw_data.csv'),
        ...['r02', 'r03', 'r04', 'r05'].map((r) =>
          path.join(real, 'repeats', 'fastdds', `shm_reliable_${r}_raw_data.csv`),
        ),
      ],
    },
  ];
  console.log(
    '\n### Real reruns, leave-one-out: each run against a history of the others (default gate: the median)\n',
  );
  console.log(
    `| series | comparisons | A/A: families failed | A/A: rows named (Bonferroni / BH) | half the payloads ${REAL_SLOWER}× slower: families failed | regressed rows named (Bonferroni / BH) | unchanged rows named (Bonferroni / BH) |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const { tag, files } of series) {
    const runs = files.map((f) => loadRun(f, tag));
    const payloads = [...new Set(runs[0]!.measurements.map((m) => m.parameter.label))].sort(
      (a, b) => Number(a) - Number(b),
    );
    const slower = new Set(payloads.slice(0, Math.floor(payloads.length / 2)));
    const counts = {
      aaFailed: 0,
      aaBonf: 0,
      aaBh: 0,
      failed: 0,
      reg: 0,
      regBonf: 0,
      regBh: 0,
      un: 0,
      unBonf: 0,
      unBh: 0,
    };
    runs.forEach((candidate, i) => {
      const history = runs.filter((_, j) => j !== i);
      const aa = compareExperimentWithHistory(tag, history, candidate, THRESHOLDS);
      counts.aaFailed += aa.status === 'failed' ? 1 : 0;
      const aaNamed = aa.rows.filter((r) => r.failed && !r.pooled);
      counts.aaBh += aaNamed.length;
      counts.aaBonf += aaNamed.filter((r) => r.namedBy === 'bonferroni').length;
      const judged = compareExperimentWithHistory(tag, history, slowerAt(candidate, slower, REAL_SLOWER), THRESHOLDS);
      counts.failed += judged.status === 'failed' ? 1 : 0;
      for (const row of judged.rows) {
        if (row.pooled || !row.gated || row.status === 'new' || row.status === 'missing') continue;
        const bh = row.failed ? 1 : 0;
        const bonf = row.namedBy === 'bonferroni' ? 1 : 0;
        if (slower.has(row.parameter)) {
          counts.reg++;
          counts.regBh += bh;
          counts.regBonf += bonf;
        } else {
          counts.un++;
          counts.unBh += bh;
          counts.unBonf += bonf;
        }
      }
    });
    const n = runs.length;
    console.log(
      `| ${tag} (Fast-DDS), ${n} runs, ${payloads.length} payloads | ${n} | ${counts.aaFailed} of ${n} | ${counts.aaBonf} / ${counts.aaBh} | ${counts.failed} of ${n} | ${counts.regBonf} / ${counts.regBh} of ${counts.reg} | ${counts.unBonf} / ${counts.unBh} of ${counts.un} |`,
    );
  }
}

main();
