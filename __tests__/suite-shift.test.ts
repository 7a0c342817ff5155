/**
 * The shared-shift model across the experiments of a paired run (src/engine/compare/suiteShift.ts): which rows form a
 * suite, the α split over it, and `compare --paired --shared-shift` on Go output where each benchmark is its own
 * experiment. Expected levels are worked from the rule (docs/statistics.md, "Suites across experiments").
 */
import { describe, expect, test } from '@jest/globals';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareExperimentPaired, type ExperimentSide } from '../src/engine/compare/compare.js';
import { compareExperimentsPaired, runSuites, suiteKey } from '../src/engine/compare/suiteShift.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { ComparisonRow, SubExperimentComparison } from '../src/engine/compare/rows.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { cli, tempDir } from './helpers/shared.js';

const NAMES = ['A', 'B', 'C', 'D', 'E', 'F'].map((c) => `Benchmark${c}`);
/** A shift of the whole run, different per pair and per side, 10–30 %: what a shared runner does. */
const SHIFT_A = [1.0, 1.25, 0.8, 1.1, 0.9, 1.3, 0.85, 1.05];
const SHIFT_B = [1.2, 0.9, 1.05, 0.8, 1.15, 1.0, 1.3, 0.9];
/** Small per-benchmark residuals (pair i, benchmark b), a fixed pattern within ±1.5 %. */
const residual = (i: number, b: number) => 0.005 * (((i * 3 + b * 5) % 7) - 3);

/** Benchmark b's one measurement (its median), as Go's output gives it: an experiment of one row. */
function side(b: number, value: number): ExperimentSide {
  return {
    measurements: [
      {
        experiment: NAMES[b]!,
        parameter: { label: '', payloadBytes: NaN },
        metric: { name: 'time/op', dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
        statistics: { median: (100 + 10 * b) * value },
        place: { file: 'out.txt' },
      } as Measurement,
    ],
  };
}

/** Eight pairs of six experiments of one benchmark each; `change[b]` multiplies benchmark b of the candidate. */
function experiments(change: readonly number[], shiftB: readonly number[] = SHIFT_B) {
  return NAMES.map((type, b) => ({
    type,
    pairs: SHIFT_A.map((a, i) => ({
      reference: side(b, a),
      result: side(b, shiftB[i]! * change[b]! * Math.exp(residual(i, b))),
    })),
  }));
}

const at10 = parseThresholds('0.1');
const failedOf = (comparisons: readonly SubExperimentComparison[]) =>
  comparisons.filter((c) => c.status === 'failed').map((c) => c.experimentType);

describe('the suites of a run', () => {
  const row = (over: Partial<ComparisonRow>) =>
    ({
      parameter: '',
      metric: 'time/op',
      statistic: 'median',
      direction: 'lower-is-better',
      threshold: 0.1,
      status: 'pass',
      failed: false,
      gated: true,
      ...over,
    }) as ComparisonRow;
  const experiment = (type: string, rows: ComparisonRow[]) =>
    ({ experimentType: type, status: 'passed', rows }) as SubExperimentComparison;

  test('every gated parameter row of a metric × statistic × direction × threshold over two or more experiments', () => {
    const comparisons = [
      experiment('A', [row({}), row({ statistic: 'max', gated: false }), row({ metric: 'B/op' })]),
      experiment('B', [row({}), row({ metric: 'TIME/OP', parameter: 'x' }), row({ statistic: 'max', gated: false })]),
      experiment('C', [row({ threshold: 0.05 }), row({ status: 'new' }), row({ pooled: true, parameter: 'geomean' })]),
      experiment('D', [row({ threshold: 0.05 }), row({ metric: 'ops/s', direction: 'higher-is-better' })]),
    ];
    const suites = runSuites(comparisons).map((members) =>
      members.map((m) => `${comparisons[m.experiment]!.experimentType}${m.row.parameter}`),
    );
    // time/op median at 10 % (metric names compared without case): A, B and B's parameter x; at 5 %: C and D.
    // Not a suite: ungated tail statistics, new and pooled rows, B/op and ops/s (one experiment each: its own model).
    expect(suites).toEqual([
      ['A', 'B', 'Bx'],
      ['C', 'D'],
    ]);
    expect(suiteKey(row({}))).not.toBe(suiteKey(row({ direction: 'higher-is-better' })));
  });
});

describe('compareExperimentsPaired', () => {
  test('without sharedShift: each experiment alone, exactly as compareExperimentPaired, no notes', () => {
    const run = experiments([1, 1, 1.25, 1, 1, 1]);
    const { comparisons, notes } = compareExperimentsPaired(run, at10);
    expect(comparisons).toEqual(run.map((e) => compareExperimentPaired(e.type, e.pairs, at10)));
    expect(notes).toEqual([]);
  });

  test('one benchmark ×1.25 under 10–30 % shared noise: lost alone, found and named alone across experiments', () => {
    const run = experiments([1, 1, 1.25, 1, 1, 1]);
    expect(failedOf(compareExperimentsPaired(run, at10).comparisons)).toEqual([]);
    const { comparisons, notes } = compareExperimentsPaired(run, at10, { sharedShift: true });
    expect(failedOf(comparisons)).toEqual(['BenchmarkC']);
    const c = comparisons[2]!.rows.find((r) => r.statistic === 'median')!;
    expect(c).toMatchObject({
      status: 'fail',
      evidence: { sharedShift: 'benchmark', acrossExperiments: true },
      namedBy: 'bonferroni',
    });
    // The family is the suite of 6 benchmarks: each row at α·(1 − 3/4)/6 (fixed design), the suite at 3α/4.
    expect(c.confidence).toBeCloseTo(1 - (0.01 * 0.25) / 6, 12);
    expect(notes).toEqual([expect.stringMatching(/^Suite across experiments: time\/op Median of 6 benchmarks in 6/)]);
  });

  test('every benchmark ×1.25: the suite moved as a whole and fails, every benchmark named with it', () => {
    // The same runner shift on both sides of each pair: the suite's interval is narrow.
    const { comparisons, notes } = compareExperimentsPaired(
      experiments(
        NAMES.map(() => 1.25),
        SHIFT_A,
      ),
      at10,
      { sharedShift: true },
    );
    expect(failedOf(comparisons)).toEqual(NAMES);
    for (const c of comparisons)
      expect(c.rows.find((r) => r.statistic === 'median')).toMatchObject({ status: 'fail', namedBy: 'suite' });
    expect(notes[0]).toMatch(/^The suite moved as a whole: .* shifted \+2\d\.?\d* % .* The shift fails the gate/);
  });

  test('every benchmark ×1.25 under 10–30 % shared noise at 8 pairs: the suite is undecided, and so is every row', () => {
    // The suite keeps the shared noise (sd ≈ 0.3 per pair here): 8 pairs cannot decide it, so no row passes.
    const { comparisons, notes } = compareExperimentsPaired(experiments(NAMES.map(() => 1.25)), at10, {
      sharedShift: true,
      maxPairs: 24,
    });
    for (const c of comparisons)
      expect(c.rows.find((r) => r.statistic === 'median')).toMatchObject({
        status: 'inconclusive',
        evidence: { pairsCap: 24 },
      });
    expect(notes[0]).toContain('Its interval straddles the threshold');
  });

  test('the report counts the suite as one gated family, not one per experiment', () => {
    const run = experiments([1, 1, 1, 1, 1, 1]);
    const method = { method: 'paired', confidence: 0.99 } as Parameters<typeof buildComparisonReport>[4];
    const notesOf = (sharedShift: boolean) =>
      buildComparisonReport(
        compareExperimentsPaired(run, at10, { sharedShift }).comparisons,
        'a',
        'b',
        undefined,
        method,
      ).notes;
    expect(notesOf(false).some((n) => n.startsWith('This comparison judges 6 gated statistics'))).toBe(true);
    expect(notesOf(true).some((n) => n.startsWith('This comparison judges'))).toBe(false);
    expect(notesOf(true).some((n) => n.startsWith('Across experiments: '))).toBe(true);
  });
});

describe('perfgate compare --paired --shared-shift', () => {
  /** Go output of the six benchmarks in run folders r1…r8 of base and head; benchmark C ×1.25 in head. */
  function writeRuns(root: string): { base: string; head: string } {
    SHIFT_A.forEach((a, i) => {
      for (const [build, shift, change] of [
        ['base', a, NAMES.map(() => 1)],
        ['head', SHIFT_B[i]!, [1, 1, 1.25, 1, 1, 1]],
      ] as const) {
        const lines = NAMES.map((name, b) => {
          const ns = (100 + 10 * b) * shift * change[b]! * (build === 'head' ? Math.exp(residual(i, b)) : 1);
          return `${name}-8   \t 1000000\t${ns.toFixed(3).padStart(12)} ns/op`;
        });
        const folder = join(root, build, `r${i + 1}`);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, 'bench.txt'), ['goos: linux', 'goarch: amd64', ...lines, 'PASS', ''].join('\n'));
      }
    });
    return { base: join(root, 'base'), head: join(root, 'head') };
  }

  test('names the one changed benchmark that the rule without it loses; off by default', async () => {
    const runs = writeRuns(tempDir('perfgate-suite-'));
    const off = await cli(['compare', '--paired', '-R', runs.base, '-r', runs.head, '-o', tempDir()]);
    expect(off.code).toBe(0);
    const out = tempDir('perfgate-suite-out-');
    const on = await cli(['compare', '--paired', '--shared-shift', '-R', runs.base, '-r', runs.head, '-o', out]);
    expect(on.err).toBe('');
    expect(on.code).toBe(1);
    const json = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')) as {
      subExperiments: { experimentType: string; status: string }[];
    };
    expect(json.subExperiments.filter((s) => s.status === 'failed').map((s) => s.experimentType)).toEqual([
      'BenchmarkC',
    ]);
    expect(readFileSync(join(out, 'comparison.md'), 'utf8')).toContain(
      '> Suite across experiments: time/op Median of 6 benchmarks in 6 experiments shifted',
    );
  });

  test('--shared-shift needs --paired', async () => {
    const run = await cli(['compare', '--shared-shift', '-R', 'a', '-r', 'b', '-o', tempDir()]);
    expect(run.code).toBe(2);
    expect(run.err).toContain('compare: --shared-shift models the shared shift of each A/B pair; it needs --paired');
  });
});

describe('a suite of two benchmarks (issue 45, item 6)', () => {
  test('its note says the model tells that they moved apart, not which of them moved', () => {
    const two = experiments([1, 1.3, 1, 1, 1, 1]).slice(0, 2);
    const run = compareExperimentsPaired(two, at10, { sharedShift: true, confidence: 0.99 });
    expect(run.suites).toHaveLength(1);
    expect(run.suites[0]!.benchmarks).toBe(2);
    expect(run.notes.join('\n')).toContain(
      'With two benchmarks the model tells that they moved apart, not which of them moved (each one’s change relative to the suite is half their difference)',
    );
    // Three benchmarks: the median is one of them, and no such caveat.
    const three = compareExperimentsPaired(experiments([1, 1.3, 1, 1, 1, 1]).slice(0, 3), at10, {
      sharedShift: true,
      confidence: 0.99,
    });
    expect(three.notes.join('\n')).not.toContain('With two benchmarks');
  });
});
