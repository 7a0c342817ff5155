/**
 * Validates the history gate's suite row (docs/statistics.md, "The suite row"; issue 45, item 1) through the engine:
 * historyMethod.judge on suites of B single-benchmark experiments (the shape of Go, Google Benchmark, pytest and JMH
 * suites), a history of N single-run records and one candidate run, threshold 10 %, confidence 0.995, the whole-suite
 * budget on (the default).
 *
 * - Noise: the quiet suite: each run shifts every benchmark by a shared log offset of sd 0.02, and each
 *   benchmark by its own of sd 0.03; draws gaussian or Student t with 4 df scaled to unit variance (t₄).
 * - Unchanged, and the whole suite ×1.1 and ×1.3 (every benchmark): how often the suite row fails, how often a
 *   benchmark row does (what the gate fails on without the suite row, but for BH's F + 1), and the gate (any row).
 *
 * Every draw is seeded. It reports; it does not fail `npm run validate`.
 *
 *   npm run validate [-- --quick]
 */
import { historyMethod } from '../src/engine/compare/historyMethod.js';
import type { HistoryRunSides } from '../src/engine/compare/method.js';
import type { ExperimentSide } from '../src/engine/compare/rows.js';
import { SUITE_EXPERIMENT } from '../src/engine/compare/suiteRow.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { mulberry32 } from '../src/engine/stats/shift.js';
import { gaussian, t4, type Draw } from './simulation.js';

const quick = process.argv.includes('--quick');
const TRIALS = quick ? 100 : 400;
const SHARED_SD = 0.02;
const OWN_SD = 0.03;
const THRESHOLDS = parseThresholds('0.1');
const SETTINGS = { confidence: 0.995 };
const CELLS = [
  { benchmarks: 7, runs: 6 },
  { benchmarks: 7, runs: 10 },
  { benchmarks: 50, runs: 6 },
  { benchmarks: 50, runs: 10 },
];
const CHANGES = [1, 1.1, 1.3];

/** One run of B benchmarks, each its own experiment with one measurement, at its level × change × its noise. */
function run(levels: readonly number[], change: number, draw: Draw): Map<string, ExperimentSide> {
  const shared = SHARED_SD * draw();
  return new Map(
    levels.map((level, b) => [
      `Benchmark${b}`,
      {
        measurements: [
          {
            experiment: `Benchmark${b}`,
            parameter: { label: '', payloadBytes: NaN },
            metric: { name: 'time/op', dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
            statistics: { median: level * change * Math.exp(shared + OWN_SD * draw()) },
            place: { file: 'sim' },
          },
        ],
      } as ExperimentSide,
    ]),
  );
}

function cell(benchmarks: number, runs: number, change: number, noise: 'gaussian' | 't4', seed: number) {
  const random = mulberry32(seed);
  const draw = noise === 'gaussian' ? gaussian(random) : t4(random);
  const levels = Array.from({ length: benchmarks }, (_, b) => 1000 * (1 + b));
  const experiments = levels.map((_, b) => `Benchmark${b}`);
  let suiteFails = 0;
  let gateFails = 0;
  let benchmarkFails = 0;
  for (let trial = 0; trial < TRIALS; trial++) {
    const history: HistoryRunSides[] = Array.from({ length: runs }, () => ({ experiments: run(levels, 1, draw) }));
    const results = run(levels, change, draw);
    const judged = historyMethod.judge(
      { reads: 'history', experiments, history, comparable: history, results },
      THRESHOLDS,
      SETTINGS,
    );
    const rows = judged.comparisons.flatMap((c) => c.rows);
    if (rows.some((r) => r.experimentType === SUITE_EXPERIMENT && r.failed)) suiteFails++;
    if (rows.some((r) => r.failed)) gateFails++;
    if (rows.some((r) => r.experimentType !== SUITE_EXPERIMENT && r.failed)) benchmarkFails++;
  }
  return { suite: suiteFails / TRIALS, benchmark: benchmarkFails / TRIALS, gate: gateFails / TRIALS };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
console.log(`\nThe suite row (issue 45 item 1): ${TRIALS} trials per cell, shared sd ${SHARED_SD}, own sd ${OWN_SD}`);
console.log(
  '| noise | benchmarks | history runs | whole suite | suite row fails | a benchmark row fails | gate fails |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
let seed = 4501;
for (const noise of ['gaussian', 't4'] as const)
  for (const { benchmarks, runs } of CELLS)
    for (const change of CHANGES) {
      const { suite, benchmark, gate } = cell(benchmarks, runs, change, noise, seed++);
      const label = change === 1 ? 'unchanged' : `×${change}`;
      console.log(
        `| ${noise} | ${benchmarks} | ${runs} | ${label} | ${pct(suite)} | ${pct(benchmark)} | ${pct(gate)} |`,
      );
    }
