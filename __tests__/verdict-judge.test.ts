/**
 * A verdict method is the whole strategy (src/engine/compare/method.ts): the settings choose it in one place
 * (methods.ts methodOfSettings), it says which sides it reads, and its `judge` turns them into every experiment's rows
 * with what only it decides (the history's machine check and whole-suite budget, a sequential run's note). The compare
 * step loads the sides and calls `judge` without knowing which method it has.
 */
import { bandOf } from '../src/engine/compare/rows.js';
import { describe, expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ComparisonMethod, JudgeSettings, MethodInput } from '../src/engine/compare/method.js';
import { methodOf, methodOfSettings, VERDICT_METHODS } from '../src/engine/compare/methods.js';
import type { ExperimentSide } from '../src/engine/compare/rows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';

const SRC = join(dirname(fileURLToPath(import.meta.url)), '..', 'src');
const THRESHOLDS = parseThresholds(undefined);

function side(median: number): ExperimentSide {
  const measurement: Measurement = {
    experiment: 'e',
    parameter: { label: '' },
    metric: { name: 'time', dimension: 'time', unit: 'ns', displayUnit: 'ns', direction: 'lower-is-better' },
    statistics: { median },
    place: { file: 'x' },
  };
  return { measurements: [measurement] };
}

function settings(method: ComparisonMethod, more: Partial<JudgeSettings> = {}): JudgeSettings {
  return { confidence: methodOf(method).defaults.confidence, ...more };
}

/** Eight history runs of `e` about 100 ns, within ±2 %. */
const HISTORY = [100, 101, 99, 102, 98, 100, 101, 99].map((median) => ({
  experiments: new Map([['e', side(median)]]),
}));

describe('the settings choose the method in one place', () => {
  test('A/B pairs when paired, else a history when one is given, else one reference run', () => {
    expect(methodOfSettings({ paired: true, history: false }).name).toBe('paired');
    expect(methodOfSettings({ paired: false, history: true }).name).toBe('history');
    expect(methodOfSettings({ history: true }).name).toBe('history');
    expect(methodOfSettings({ history: false }).name).toBe('threshold');
  });

  test('each method reads its own kind of sides and refuses another', () => {
    expect(Object.fromEntries(VERDICT_METHODS.map((m) => [m.name, m.reads]))).toEqual({
      threshold: 'run',
      history: 'history',
      paired: 'pairs',
    });
    const pairs: MethodInput = { reads: 'pairs', pairs: 0, experiments: [] };
    const run: MethodInput = { reads: 'run', experiments: [], reference: new Map(), results: new Map() };
    for (const method of VERDICT_METHODS) {
      const other = method.reads === 'pairs' ? run : pairs;
      expect(() => method.judge(other, THRESHOLDS, settings(method.name))).toThrow(RangeError);
    }
  });
});

describe('judge', () => {
  test('one reference run: each experiment in the input order, against the threshold', () => {
    const method = methodOfSettings({ history: false });
    const judged = method.judge(
      {
        reads: 'run',
        experiments: ['e', 'added'],
        reference: new Map([['e', side(100)]]),
        results: new Map([
          ['e', side(120)],
          ['added', side(5)],
        ]),
      },
      THRESHOLDS,
      settings('threshold'),
    );
    // 120 against 100 is 20 % worse, over the default 10 % threshold.
    expect(judged.comparisons.map((c) => [c.experimentType, c.status])).toEqual([
      ['e', 'failed'],
      ['added', 'new'],
    ]);
    expect(judged.comparisons[0]?.rows.map((r) => r.status)).toEqual(['fail']);
    expect(judged.notes).toEqual([]);
  });

  test('a history: the whole-suite budget is the method’s, on unless turned off', () => {
    const method = methodOfSettings({ history: true });
    const input: MethodInput = {
      reads: 'history',
      experiments: ['e'],
      history: HISTORY,
      comparable: HISTORY,
      results: new Map([['e', side(300)]]),
    };
    const budgeted = method.judge(input, THRESHOLDS, settings('history'));
    expect(budgeted.comparisons[0]?.status).toBe('failed');
    // One gated family (e's time median) in the whole comparison.
    expect(budgeted.comparisons[0]?.rows[0]).toMatchObject({
      status: 'fail',
      evidence: { historyRuns: 8 },
      suite: { families: 1 },
    });
    const alone = method.judge(input, THRESHOLDS, settings('history', { suiteBudget: false }));
    expect(alone.comparisons[0]?.rows[0]).toMatchObject({ status: 'fail', evidence: { historyRuns: 8 } });
    expect(alone.comparisons[0]?.rows[0]?.suite).toBeUndefined();
  });

  test('a history of another kind of machine: judged against every run, every row not comparable, nothing fails', () => {
    const method = methodOfSettings({ history: true });
    const judged = method.judge(
      { reads: 'history', experiments: ['e'], history: HISTORY, comparable: [], results: new Map([['e', side(300)]]) },
      THRESHOLDS,
      settings('history'),
    );
    expect(judged.comparisons[0]?.status).toBe('passed');
    expect(judged.comparisons[0]?.rows.map((r) => [r.status, r.failed, bandOf(r)?.historyRuns])).toEqual([
      ['not-comparable', false, 8],
    ]);
  });

  test('A/B pairs: a sequential run’s look is the method’s note', () => {
    const method = methodOfSettings({ paired: true, history: false });
    const input: MethodInput = {
      reads: 'pairs',
      pairs: 4,
      experiments: [
        {
          type: 'e',
          pairs: [100, 102, 98, 101].map((base) => ({ reference: side(base), result: side(base * 1.01) })),
        },
      ],
    };
    const fixed = method.judge(input, THRESHOLDS, settings('paired'));
    expect(fixed.comparisons.map((c) => c.experimentType)).toEqual(['e']);
    expect(fixed.comparisons[0]?.rows[0]?.repetitions).toBe(4);
    expect(fixed.notes).toEqual([]);
    const sequential = method.judge(input, THRESHOLDS, settings('paired', { maxPairs: 12 }));
    expect(sequential.notes).toHaveLength(1);
    expect(sequential.notes[0]).toContain('at 4 of at most 12 pairs');
  });
});

describe('the compare step', () => {
  test('loads the sides the method reads and calls its judge: no method, entry point or budget of its own', () => {
    const step = readFileSync(join(SRC, 'pipeline', 'compare.ts'), 'utf8');
    expect(step).toContain('.judge(');
    for (const name of [
      'thresholdMethod',
      'historyMethod',
      'pairedMethod',
      'compareExperiment',
      'compareExperimentWithHistory',
      'compareExperimentsPaired',
      'applySuiteBudget',
      'asNotComparable',
      'sequentialNote',
    ])
      expect(step).not.toMatch(new RegExp(`\\b${name}\\b`));
  });
});
