/**
 * The history verdict at scale (issue 38): a suite of generated Google Benchmark runs (bench/scale-suite.mjs, the
 * bench's own generator) with a 30-run history of one unchanged build, and a candidate in which 100 benchmarks spread
 * over the suite are 1.3× slower. The comparison must name at least 90 of them (a failing or warned row: what the
 * comment lists as slower) and at most 3 others. Counts only, no timing: the time is measured by the bench
 * (bench/historyVerdict.ts, "Scale: the history verdict" in bench/RESULTS.md).
 *
 * 2,000 benchmarks by default; 10,000 under PERFGATE_TEST_FULL=1 (npm run test:full).
 */
import { afterAll, describe, expect, test } from '@jest/globals';
import { rmSync } from 'node:fs';
import { benchmarkName, regressedIndices } from '../bench/scale-suite.mjs';
import { compareGeneratedSuite } from './helpers/generatedSuite.js';
import { volume } from './helpers/volume.js';
import { tempDir } from './helpers/shared.js';

const BENCHMARKS = volume(2000, 10_000);
const RUNS = 30;
const REGRESSED = 100;
const folder = tempDir('perfgate-verdict-scale-');

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe(`compare --history of ${BENCHMARKS.toLocaleString('en')} benchmarks, ${RUNS} runs, ${REGRESSED} regressed ×1.3`, () => {
  test(
    'names at least 90 of the regressed benchmarks and at most 3 others',
    () => {
      // One repetition per run: what a history gate on a large suite records (the run-to-run noise is 1 %, a
      // repetition's 2 %; bench/scale-suite.mjs).
      const report = compareGeneratedSuite(folder, {
        benchmarks: BENCHMARKS,
        runs: RUNS,
        repetitions: 1,
        regressed: REGRESSED,
        headRun: RUNS,
      });
      const regressed = new Set([...regressedIndices(BENCHMARKS, REGRESSED)].map(benchmarkName));
      expect(regressed.size).toBe(REGRESSED);
      // A benchmark is named when one of its own gated rows (not its family's geomean row) fails or is warned.
      const named = new Set<string>();
      let compared = 0;
      for (const sub of report.subExperiments)
        for (const row of sub.rows) {
          if (row.pooled) continue;
          compared++;
          if (row.gated && (row.failed || row.status === 'warn')) named.add(`${sub.experimentType}/${row.parameter}`);
        }
      const caught = [...named].filter((b) => regressed.has(b)).length;
      const others = named.size - caught;
      expect(compared).toBeGreaterThanOrEqual(BENCHMARKS);
      expect(caught).toBeGreaterThanOrEqual(90);
      expect(others).toBeLessThanOrEqual(3);
    },
    volume(120_000, 600_000),
  );
});
