/**
 * Validates "Catches ≥" (docs/statistics.md, "Minimum detectable change"): a row's smallest true worsening it catches 9 times in 10.
 * For each design the Catches ≥ is computed by the engine's detectableChange at the row's true noise (its standard
 * error as if the spread were known), then the engine's own row verdict (noiseVerdict for history rows, pairedLogTest's
 * rule for paired rows) judges seeded draws of a build that much worse; the catch rate should be ≥ 90 % and close to
 * it. The rule before the noncentral t (the margin plus t(0.9, df) standard errors) is measured alongside.
 *
 * Then the moderated spreads of the history method's parameter rows (docs/statistics.md, "Moderated variances"):
 * unchanged builds' false alarms per family and the calibration of each row's p-value, and power, with and without
 * the family's prior, through the engine's compareExperimentWithHistory.
 *
 *   npm run validate [-- path/to/shared] [-- --quick]
 */
import { compareExperimentWithHistory } from '../src/engine/compare/compare.js';
import { noiseVerdict } from '../src/engine/compare/noise.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { historyMethod } from '../src/engine/compare/historyMethod.js';
import { pairedMethod } from '../src/engine/compare/pairedMethod.js';
import { SHARED_DEFAULTS } from '../src/engine/compare/defaults.js';
import { pooledAlpha, rowAlpha } from '../src/engine/compare/rows.js';
import { DETECTION_POWER, detectableChange, pairedLogTest } from '../src/engine/stats/effectTest.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { studentTQuantile } from '../src/engine/stats/studentT.js';
import { gaussian, simRun, t4, type Draw } from './simulation.js';

const quick = process.argv.slice(2).includes('--quick');
const TRIALS = quick ? 2000 : 10000;
const THRESHOLD = 0.1;
const PAYLOADS = 6;

/** The rule before: log effect max(log(1 + threshold), critical · se) + t(0.9, df) · se. */
function detectableBefore(critical: number, se: number, df: number): number {
  return Math.exp(Math.max(Math.log1p(THRESHOLD), critical * se) + studentTQuantile(DETECTION_POWER, df) * se) - 1;
}

interface Row {
  name: string;
  /** sd of one run's log value. */
  sd: number;
  confidence: number;
}

const historyAlpha = 1 - historyMethod.defaults.confidence;
const pairedAlpha = 1 - pairedMethod.defaults.confidence;
const share = SHARED_DEFAULTS.pooledShare;
// The measured UDP noise (shared/spec/ci-noise.md): 0.158 per payload, 0.090 for the geomean of 6; a quiet payload
// (0.05) whose threshold, not its noise, sets what it catches.
const HISTORY_ROWS: Row[] = [
  { name: 'payload row, sd 0.158', sd: 0.158, confidence: 1 - rowAlpha(historyAlpha, PAYLOADS, share) },
  { name: 'quiet payload row, sd 0.05', sd: 0.05, confidence: 1 - rowAlpha(historyAlpha, PAYLOADS, share) },
  { name: 'pooled row, sd 0.090', sd: 0.09, confidence: 1 - pooledAlpha(historyAlpha, share) },
];
const PAIRED_ROWS: Row[] = [
  {
    name: 'payload row, pair sd 0.158·√2',
    sd: 0.158 * Math.SQRT2,
    confidence: 1 - rowAlpha(pairedAlpha, PAYLOADS, share),
  },
  { name: 'pooled row, pair sd 0.090·√2', sd: 0.09 * Math.SQRT2, confidence: 1 - pooledAlpha(pairedAlpha, share) },
];

function pct(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}

/** The share of `trials` history comparisons (n runs, k independent candidate runs) a row fails at `change`. */
function historyCatchRate(row: Row, n: number, k: number, change: number, draw: Draw): number {
  let caught = 0;
  for (let i = 0; i < TRIALS; i++) {
    const history = Array.from({ length: n }, () => Math.exp(row.sd * draw()));
    const candidate = Array.from({ length: k }, () => (1 + change) * Math.exp(row.sd * draw()));
    const verdict = noiseVerdict(history, candidate, THRESHOLD, {
      confidence: row.confidence,
      maxHistory: n,
      independentRepetitions: true,
    });
    if (verdict.failed) caught++;
  }
  return caught / TRIALS;
}

/** The same for k A/B pairs judged as a fixed design: over the threshold and significant. */
function pairedCatchRate(row: Row, k: number, change: number, draw: Draw): number {
  let caught = 0;
  for (let i = 0; i < TRIALS; i++) {
    const ratios = Array.from({ length: k }, () => Math.log1p(change) + row.sd * draw());
    const test = pairedLogTest(ratios, 1 - row.confidence, 'lower-is-better');
    if (test.significant && test.effect > THRESHOLD) caught++;
  }
  return caught / TRIALS;
}

/** Per-payload sds of the real UDP reruns (ci-noise.md), 18 % common to a run's payloads; and all equal. */
const NOISE = [
  { name: 'UDP measured (sd 0.083–0.246)', sds: [0.099, 0.083, 0.222, 0.246, 0.104, 0.107], common: 0.18 },
  { name: 'equal (sd 0.158)', sds: Array(6).fill(0.158) as number[], common: 0.18 },
];

/** One run's log offsets: a common run effect (its share of each payload's variance) plus payload effects. */
function offsets(sds: readonly number[], common: number, draw: Draw): number[] {
  const shared = draw();
  return sds.map((sd) => sd * (Math.sqrt(common) * shared + Math.sqrt(1 - common) * draw()));
}

interface ModerationTally {
  comparisons: number;
  gateFailed: number;
  /** Per payload: p-values below 1 % and 5 %, rows failed. */
  below1: number[];
  below5: number[];
  failed: number[];
}

function moderationRun(
  noise: (typeof NOISE)[number],
  window: number,
  change: number,
  onlyPayload: number | undefined,
  moderated: boolean,
  tails: 'gaussian' | 't4',
  trials: number,
  seed: number,
): ModerationTally {
  const random = mulberry32(seed);
  const draw = tails === 'gaussian' ? gaussian(random) : t4(random);
  const t: ModerationTally = {
    comparisons: 0,
    gateFailed: 0,
    below1: noise.sds.map(() => 0),
    below5: noise.sds.map(() => 0),
    failed: noise.sds.map(() => 0),
  };
  const labels = noise.sds.map((_, p) => String(16 << (2 * p)));
  for (let i = 0; i < trials; i++) {
    const history = Array.from({ length: window }, () => simRun(offsets(noise.sds, noise.common, draw), 1));
    const candidate = simRun(offsets(noise.sds, noise.common, draw), change, onlyPayload);
    const rows = compareExperimentWithHistory('sim', history, candidate, parseThresholds(String(THRESHOLD)), {
      maxHistory: window,
      moderatedVariances: moderated,
    }).rows;
    t.comparisons++;
    if (rows.some((r) => r.failed)) t.gateFailed++;
    rows
      .filter((r) => !r.pooled && r.statistic === 'median')
      .forEach((r) => {
        const p = labels.indexOf(r.parameter);
        if ((r.pValue ?? 1) < 0.01) t.below1[p]!++;
        if ((r.pValue ?? 1) < 0.05) t.below5[p]!++;
        if (r.failed) t.failed[p]!++;
      });
  }
  return t;
}

function moderationSection(say: string[]): void {
  const aaTrials = quick ? 2000 : 10000;
  const trials = quick ? 300 : 2000;
  say.push('## Moderated spreads of the parameter rows: calibration and power');
  say.push('');
  say.push(
    `The history method, ${PAYLOADS} payloads, one candidate run, threshold ${THRESHOLD * 100} %, default confidence ${historyMethod.defaults.confidence}; "own" is each row's own spread, "moderated" the family's prior (limma). A/A: ${aaTrials} unchanged builds per cell — the gate's false alarms (budget ${pct(historyAlpha)}), and per payload row the share of p-values under 1 % and 5 % (calibrated: 1 % and 5 %; the noisiest and quietest payload shown). Power: ${trials} builds per cell.`,
  );
  say.push('');
  say.push(
    '| noise | tails | history | spreads | A/A gate fails | p < 1 %, quietest / noisiest row | p < 5 %, quietest / noisiest row | ×1.3: gate fails | ×1.3: payload rows fail | one payload ×2: its row fails |',
  );
  say.push('| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  let seed = 37000;
  for (const noise of NOISE)
    for (const tails of ['gaussian', 't4'] as const)
      for (const window of quick ? [6, 10] : [6, 10, 20]) {
        const base = seed;
        seed += 10;
        for (const moderated of [false, true]) {
          // The same seeds with and without: the same draws, judged two ways.
          const aa = moderationRun(noise, window, 1, undefined, moderated, tails, aaTrials, base);
          const all = moderationRun(noise, window, 1.3, undefined, moderated, tails, trials, base + 1);
          const noisiest = noise.sds.indexOf(Math.max(...noise.sds));
          const quietest = noise.sds.indexOf(Math.min(...noise.sds));
          const one = moderationRun(noise, window, 2, noisiest, moderated, tails, trials, base + 2);
          const rate = (a: number, b: number) => pct(a / b);
          say.push(
            `| ${noise.name} | ${tails} | ${window} | ${moderated ? 'moderated' : 'own'} | ${rate(aa.gateFailed, aa.comparisons)} | ${rate(aa.below1[quietest]!, aa.comparisons)} / ${rate(aa.below1[noisiest]!, aa.comparisons)} | ${rate(aa.below5[quietest]!, aa.comparisons)} / ${rate(aa.below5[noisiest]!, aa.comparisons)} | ${rate(all.gateFailed, all.comparisons)} | ${rate(
              all.failed.reduce((a, b) => a + b, 0),
              all.comparisons * noise.sds.length,
            )} | ${rate(one.failed[noisiest]!, one.comparisons)} |`,
          );
        }
      }
}

function main(): void {
  const say: string[] = [];
  if (process.argv.includes('--moderation')) {
    moderationSection(say);
    console.log(say.join('\n'));
    return;
  }
  say.push('## Catches ≥: the catch rate at the reported change');
  say.push('');
  say.push(
    `Gaussian log noise, ${TRIALS} comparisons per cell, threshold ${THRESHOLD * 100} %, default confidence (${historyMethod.defaults.confidence} history, ${pairedMethod.defaults.confidence} paired), a family of ${PAYLOADS} payloads (the row's Bonferroni share, the pooled row's ${share}). Catches ≥ at the row's true noise; "before" is t(1 − α) + t(0.9) standard errors, "now" the noncentral t.`,
  );
  say.push('');
  say.push('| design | row | Catches ≥ before | caught | Catches ≥ now | caught |');
  say.push('| --- | --- | ---: | ---: | ---: | ---: |');
  let seed = 36000;
  let worst = 1;
  for (const n of [6, 10, 20])
    for (const k of [1, 3])
      for (const row of HISTORY_ROWS) {
        const pooled = k >= 2;
        const df = pooled ? n + k - 2 : n - 1;
        const se = row.sd * Math.sqrt(1 / k + 1 / n);
        const critical = studentTQuantile(row.confidence, df);
        const before = detectableBefore(critical, se, df);
        const now = detectableChange(critical, se, df, THRESHOLD, 'lower-is-better');
        const draw = gaussian(mulberry32(seed++));
        const rateBefore = historyCatchRate(row, n, k, before, draw);
        const rateNow = historyCatchRate(row, n, k, now, draw);
        worst = Math.min(worst, rateNow);
        say.push(
          `| history ${n} + ${k}${k > 1 ? ' independent' : ''} | ${row.name} | +${pct(before)} | ${pct(rateBefore)} | +${pct(now)} | ${pct(rateNow)} |`,
        );
      }
  for (const k of [8, 12, 16])
    for (const row of PAIRED_ROWS) {
      const se = row.sd / Math.sqrt(k);
      const critical = studentTQuantile(row.confidence, k - 1);
      const before = detectableBefore(critical, se, k - 1);
      const now = detectableChange(critical, se, k - 1, THRESHOLD, 'lower-is-better');
      const draw = gaussian(mulberry32(seed++));
      const rateBefore = pairedCatchRate(row, k, before, draw);
      const rateNow = pairedCatchRate(row, k, now, draw);
      worst = Math.min(worst, rateNow);
      say.push(
        `| A/B ${k} pairs (fixed) | ${row.name} | +${pct(before)} | ${pct(rateBefore)} | +${pct(now)} | ${pct(rateNow)} |`,
      );
    }
  say.push('');
  // Binomial sd at 90 % over TRIALS draws: 3 sd below 90 % is the sampling floor.
  const floor = DETECTION_POWER - 3 * Math.sqrt((DETECTION_POWER * (1 - DETECTION_POWER)) / TRIALS);
  say.push(`Lowest catch rate now: ${pct(worst)} (sampling floor at 3 sd: ${pct(floor)}).`);
  say.push('');
  moderationSection(say);
  console.log(say.join('\n'));
  if (worst < floor) {
    console.error(`validate-catches: a row caught its Catches ≥ only ${pct(worst)} of the time`);
    process.exitCode = 1;
  }
}

main();
