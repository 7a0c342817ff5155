import { compareExperiment, type SubExperimentComparison } from '../src/engine/compare/compare.js';
import {
  judgeMissing,
  missingPolicyOf,
  nothingPaired,
  removedOnMain,
  RENAME_PAIRS_COMPARED,
  renameHints,
  withMissingJudged,
} from '../src/engine/compare/presence.js';
import { experimentFailed } from '../src/engine/compare/rows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { headline } from '../src/engine/report/comparison/comparisonHeadline.js';
import { unpairedWords } from '../src/engine/report/comparison/unpairedWords.js';

// Benchmarks that come and go (engine/compare/presence.ts with judgeMissing): removed on main, missing in the pull
// request, renamed, new.

function timing(experiment: string, parameter: string, ns: number): Measurement {
  return {
    experiment,
    parameter: { label: parameter },
    metric: { name: 'time/op', dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
    statistics: { value: ns },
    place: { file: 'bench.txt' },
  };
}

function compared(experiment: string, reference: Measurement[], result: Measurement[]): SubExperimentComparison {
  return compareExperiment(
    experiment,
    reference.length > 0 ? { measurements: reference } : undefined,
    result.length > 0 ? { measurements: result } : undefined,
    parseThresholds(undefined),
  );
}

const encodeGone = compared('BenchmarkEncode', [timing('BenchmarkEncode', 'size=64', 100)], []);
const encode2New = compared('BenchmarkEncode2', [], [timing('BenchmarkEncode2', 'size=64', 101)]);
const decodeSame = compared(
  'BenchmarkDecode',
  [timing('BenchmarkDecode', 'size=64', 50)],
  [timing('BenchmarkDecode', 'size=64', 51)],
);

describe('removed on main: absent from the newest recorded run and from the results', () => {
  const newest = {
    name: 'run 1006',
    experiments: new Set(['BenchmarkDecode']),
    recorded: { sha: '1a2b3c4d5e6f', date: '2026-11-06T09:00:00Z' },
  };

  test('one line names the benchmark, the run, its commit and date', () => {
    expect(removedOnMain(newest, ['BenchmarkEncode', 'BenchmarkDecode'], new Set(['BenchmarkDecode']))).toEqual({
      removed: ['BenchmarkEncode'],
      warning:
        "BenchmarkEncode: removed on main (absent from main's newest recorded run, run 1006, commit 1a2b3c4 of 2026-11-06); not compared.",
    });
  });

  test('a benchmark the results still give is compared; a run folder names itself; no history, nothing removed', () => {
    expect(removedOnMain(newest, ['BenchmarkEncode'], new Set(['BenchmarkEncode']))).toEqual({ removed: [] });
    expect(
      removedOnMain({ name: 'r3', experiments: new Set<string>() }, ['BenchmarkEncode'], new Set<string>()).warning,
    ).toBe("BenchmarkEncode: removed on main (absent from main's newest recorded run, r3); not compared.");
    expect(removedOnMain(undefined, ['BenchmarkEncode'], new Set<string>())).toEqual({ removed: [] });
  });

  test('many names: ten listed, the rest counted', () => {
    const names = Array.from({ length: 13 }, (_, i) => `B${i}`);
    expect(removedOnMain({ name: 'r1', experiments: new Set<string>() }, names, new Set<string>()).warning).toBe(
      "B0, B1, B2, B3, B4, B5, B6, B7, B8, B9 and 3 more: removed on main (absent from main's newest recorded run, r1); not compared.",
    );
  });
});

describe('missing in this pull request: warn by default, fail when asked', () => {
  test('warn: the rows do not fail, the experiment keeps its missing status and the report passes', () => {
    expect(encodeGone.rows.map((r) => [r.status, r.failed])).toEqual([['missing', true]]);
    const warned = judgeMissing(encodeGone, 'warn');
    expect(warned.status).toBe('missing');
    expect(warned.rows.map((r) => [r.status, r.failed])).toEqual([['missing', false]]);
    expect(experimentFailed(warned)).toBe(false);
    const report = buildComparisonReport([warned, decodeSame], 'main', 'pr');
    expect(report.verdict).toBe('pass');
    expect(report.changes).toMatchObject({ missing: 0, missingWarned: 1, unchanged: 1 });
  });

  test('fail: as before, the experiment fails', () => {
    const failed = judgeMissing(encodeGone, 'fail');
    expect(experimentFailed(failed)).toBe(true);
    const report = buildComparisonReport([failed, decodeSame], 'main', 'pr');
    expect(report.verdict).toBe('fail');
    expect(report.changes).toMatchObject({ missing: 1, missingWarned: 0 });
  });

  test('a parameter the results lack: its experiment passes under warn, fails under fail', () => {
    const partial = compared(
      'BenchmarkEncode',
      [timing('BenchmarkEncode', 'size=64', 100), timing('BenchmarkEncode', 'size=1024', 1000)],
      [timing('BenchmarkEncode', 'size=64', 100)],
    );
    expect(partial.status).toBe('failed');
    expect(judgeMissing(partial, 'warn').status).toBe('passed');
    expect(judgeMissing(partial, 'fail').status).toBe('failed');
  });

  test('nothing paired at all fails closed whatever the policy: names that do not line up compare nothing', () => {
    expect(missingPolicyOf([encodeGone, encode2New], 'warn')).toBe('fail');
    expect(missingPolicyOf([encodeGone, decodeSame], 'warn')).toBe('warn');
    expect(missingPolicyOf([encode2New], 'warn')).toBe('warn');
    expect(withMissingJudged([encodeGone, decodeSame]).map((c) => c.rows[0]!.failed)).toEqual([false, false]);
    expect(withMissingJudged([encodeGone, encode2New]).map(experimentFailed)).toEqual([true, false]);
  });
});

describe('renamed and new', () => {
  test('a missing name close to a new one suggests the mapping, new name to old', () => {
    expect(renameHints([encodeGone, encode2New, decodeSame])).toEqual([
      'BenchmarkEncode is missing and BenchmarkEncode2 is new: if it was renamed, map it with experiment-names: BenchmarkEncode2=BenchmarkEncode (CLI --experiment-name BenchmarkEncode2=BenchmarkEncode), so that it is compared under its old name.',
    ]);
  });

  test('names that are not close suggest nothing; a new benchmark is counted new and does not fail', () => {
    const parse = compared('BenchmarkParse', [], [timing('BenchmarkParse', 'size=64', 10)]);
    expect(renameHints([encodeGone, parse])).toEqual([]);
    const report = buildComparisonReport([decodeSame, parse], 'main', 'pr');
    expect(report.verdict).toBe('pass');
    expect(report.changes).toMatchObject({ added: 1, unchanged: 1 });
  });

  test('a suite that renamed more than the pairs compared gets one line, not an edit distance per pair', () => {
    // 501 × 501 > 250,000 pairs: each old name is one character from its new one, so every pair would be a hint.
    const n = Math.floor(Math.sqrt(RENAME_PAIRS_COMPARED)) + 1;
    const gone = Array.from({ length: n }, (_, i) =>
      compared(`BenchmarkCase${i}`, [timing(`BenchmarkCase${i}`, 'size=64', 100)], []),
    );
    const renamed = Array.from({ length: n }, (_, i) =>
      compared(`BenchmarkCase${i}x`, [], [timing(`BenchmarkCase${i}x`, 'size=64', 100)]),
    );
    expect(renameHints([...gone, ...renamed])).toEqual([
      `${n} benchmarks are missing and ${n} are new: too many to pair as renames here; if they were renamed, map each new name to its old one with experiment-names (CLI --experiment-name NEW=OLD), so that they are compared under their old names.`,
    ]);
    // One fewer on one side is under the bound: every name gets its own hint.
    expect(renameHints([...gone.slice(1), ...renamed.slice(1)])).toHaveLength(n - 1);
  });
});

describe('nothing paired although the reference had results: a failure that says why (presence.ts nothingPaired)', () => {
  const repeated = (experiment: string, ns: number): Measurement => ({
    ...timing(experiment, '', ns),
    statistics: { min: ns * 0.9, median: ns, max: ns * 1.2 },
  });
  const allocs = (experiment: string, n: number): Measurement => ({
    ...timing(experiment, '', n),
    metric: { name: 'allocs/op', dimension: 'count', unit: '', displayUnit: '', direction: 'lower-is-better' },
  });

  test('repetitions on one side only: the recorded statistics are named, the report fails, the headline says why', () => {
    const comparisons = ['BM_Sort', 'BM_Sum'].map((name) =>
      compared(name, [repeated(name, 100)], [timing(name, '', 130)]),
    );
    expect(nothingPaired(comparisons)).toEqual({ why: 'repetitions', recorded: ['min', 'median', 'max'], given: [] });
    const report = buildComparisonReport(comparisons, 'main', 'pr');
    expect(report.verdict).toBe('fail');
    expect(headline(report, { base: 'main' })).toBe(
      '❌ Nothing compared with main: repetitions differ: the recorded runs give min, median, max of repeated runs and ' +
        'this run none of them; run the benchmarks with the same repetitions as the recorded runs (Google Benchmark ' +
        '--benchmark_repetitions, go test -count)',
    );
  });

  test('metrics on one side only: both sides’ metrics are named, escaped in Markdown, plain in a terminal', () => {
    const comparisons = [
      compared('BenchmarkParse', [timing('BenchmarkParse', '', 100)], [allocs('BenchmarkParse', 3)]),
    ];
    expect(nothingPaired(comparisons)).toEqual({ why: 'metrics', recorded: ['time/op'], given: ['allocs/op'] });
    const report = buildComparisonReport(comparisons, 'main', 'pr');
    expect(report.verdict).toBe('fail');
    expect(unpairedWords(report.changes.unpaired!, true)).toBe(
      'metrics differ: the recorded runs measure time/op and this run allocs/op; run the benchmarks with the same ' +
        'flags as the recorded runs (go test -benchmem, the same counters)',
    );
    expect(unpairedWords({ why: 'metrics', recorded: ['a*b'], given: ['c_d'] })).toContain(
      'measure a\\*b and this run c\\_d',
    );
  });

  test('one row paired, no reference at all, or no benchmark in common: not this case', () => {
    const paired = compared(
      'BM_Sum',
      [{ ...repeated('BM_Sum', 100), statistics: { median: 100 } }],
      [repeated('BM_Sum', 101)],
    );
    expect(nothingPaired([paired])).toBeUndefined();
    expect(buildComparisonReport([paired], 'main', 'pr').verdict).toBe('pass');
    expect(nothingPaired([compared('BM_Sum', [], [timing('BM_Sum', '', 1)])])).toBeUndefined();
    expect(nothingPaired([encodeGone, encode2New])).toBeUndefined();
  });
});
