import { compareExperiment, type SubExperimentComparison } from '../src/engine/compare/compare.js';
import {
  missingPolicyOf,
  removedOnMain,
  RENAME_PAIRS_COMPARED,
  renameHints,
  withMissingJudged,
} from '../src/engine/compare/presence.js';
import { experimentFailed, judgeMissing } from '../src/engine/compare/rows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';

// Benchmarks that come and go (engine/compare/presence.ts, rows.ts judgeMissing): removed on main, missing in the pull
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
