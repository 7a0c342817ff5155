import { describe, expect, test } from '@jest/globals';
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screenComparison } from '../src/engine/confirm/plan.js';
import { DEFAULT_SCREEN, P_SCREEN } from '../src/engine/confirm/screen.js';
import { runCompare } from '../src/pipeline/compare.js';
import { silentProgress } from '../src/pipeline/steps.js';
import { repoRoot, tempDir } from './helpers/shared.js';

// Issue 45, "Done when" 3: real Go and Google Benchmark runs on the development machine, five of the unchanged base
// build recorded while the machine's load moved (fixtures/ecosystems/loaded-screen/record.sh, runs.md), then one run
// of the head build with BenchmarkChecksum / BM_Checksum about 30 % slower. The first stage (a 5-run history) cannot
// clear anything on such a band: the p rule alone (issue 35's screen) sends nothing to the confirmation, the default
// screen sends every benchmark whose interval still reaches the threshold, the slowed one among them.

const folder = join(repoRoot, 'fixtures', 'ecosystems', 'loaded-screen');
const thresholds = { Min: 0.1, Median: 0.1, Max: 0.1, '99%': 0.1 };

interface JsonRow {
  gated: boolean;
  statistic: string;
  metric: string;
  deltaPercent: number;
  noiseBand?: { lower: number; upper: number };
  changeInterval?: { lower: number; upper: number };
  pValue?: number;
}

/** The first stage on the recorded files: the five runs as a history folder (a run per sub-folder), the pull request. */
function firstStage(tool: string, extension: string): { json: string; text: string } {
  const ws = tempDir('perfgate-loaded-screen-');
  for (let run = 1; run <= 5; run++) {
    mkdirSync(join(ws, 'history', `run${run}`), { recursive: true });
    cpSync(join(folder, tool, `run${run}.${extension}`), join(ws, 'history', `run${run}`, `bench.${extension}`));
  }
  const outcome = runCompare(
    {
      reference: [],
      history: join(ws, 'history'),
      results: [join(folder, tool, `pr.${extension}`)],
      referenceLabel: 'main',
      resultLabel: 'PR',
      outputDir: join(ws, 'out'),
      thresholds,
      floatParse: 'precise',
    },
    silentProgress,
  );
  expect(outcome.report.verdict).toBe('pass');
  return { json: outcome.jsonPath, text: readFileSync(outcome.jsonPath, 'utf8') };
}

/** The gated rows of comparison.json, by experiment. */
function gatedRows(text: string): Map<string, JsonRow[]> {
  const json = JSON.parse(text) as { subExperiments: { experimentType: string; comparisons: JsonRow[] }[] };
  return new Map(json.subExperiments.map((s) => [s.experimentType, s.comparisons.filter((r) => r.gated)]));
}

const cases: [string, string, string, string[]][] = [
  ['go', 'txt', 'BenchmarkChecksum', ['BenchmarkSum', 'BenchmarkSort', 'BenchmarkChecksum', 'BenchmarkParse']],
  ['google-benchmark', 'json', 'BM_Checksum', ['BM_Sum', 'BM_Sort', 'BM_Checksum', 'BM_Format']],
];

describe.each(cases)('the loaded %s runs', (tool, extension, slowed, benchmarks) => {
  const first = firstStage(tool, extension);
  const rows = gatedRows(first.text);

  test('the history band is as wide as a shared runner makes it, and no gated row is significant', () => {
    // The slowed benchmark's band reaches below −74 % and above +289 % (the loaded band): it clears nothing.
    const band = rows.get(slowed)![0]!.noiseBand!;
    expect(band.lower).toBeLessThan(-0.74);
    expect(band.upper).toBeGreaterThan(2.89);
    for (const [, gated] of rows) for (const row of gated) expect(row.pValue!).toBeGreaterThan(0.3);
  });

  test('the p rule alone sends nothing to the confirmation; the default screen sends the slowed benchmark', () => {
    expect(screenComparison(first.text, first.json, P_SCREEN).families).toBe(0);
    const screened = screenComparison(first.text, first.json, DEFAULT_SCREEN);
    expect(screened.selection.has(slowed)).toBe(true);
    // Every benchmark's interval reaches the 10 % threshold: all four are confirmed, one family each (the median).
    expect([...screened.selection.keys()].sort()).toEqual([...benchmarks].sort());
    expect(screened.families).toBe(4);
    expect(screened.overBudget).toEqual([]);
  });
});

test('within a budget of two benchmarks the largest measured changes go first', () => {
  // 3 runner-minutes at 0.1 min a pair and the 12-pair cap: 1.2 min a benchmark, so two benchmarks fit.
  const budget = { maxMinutes: 3, pairMinutes: 0.1, maxPairs: 12 };
  // Google Benchmark: BM_Checksum measured +50 % (real time median), BM_Format +11 %: they go; BM_Sort −3 % and BM_Sum
  // −32 % are over the budget.
  const gb = firstStage('google-benchmark', 'json');
  const kept = screenComparison(gb.text, gb.json, DEFAULT_SCREEN, budget);
  expect([...kept.selection.keys()]).toEqual(['BM_Checksum', 'BM_Format']);
  expect(kept.overBudget).toEqual(['BM_Sort', 'BM_Sum']);
  // Go: under this load the head's BenchmarkChecksum measured −9.9 % against the history's median (its run had less
  // load than most recorded ones), so it goes second, after BenchmarkParse (+5.7 %); a budget of one benchmark would
  // leave it out: "largest change first" ranks what the first stage measured, which a band this wide hardly orders.
  const go = firstStage('go', 'txt');
  const goKept = screenComparison(go.text, go.json, DEFAULT_SCREEN, budget);
  expect([...goKept.selection.keys()]).toEqual(['BenchmarkChecksum', 'BenchmarkParse']);
  expect(goKept.overBudget).toEqual(['BenchmarkSort', 'BenchmarkSum']);
  expect(screenComparison(go.text, go.json, DEFAULT_SCREEN, { ...budget, maxMinutes: 1.2 }).overBudget).toContain(
    'BenchmarkChecksum',
  );
});
