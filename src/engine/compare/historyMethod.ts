/**
 * The history method: each row against the between-run noise of a window of earlier runs (noise.ts), pooled per metric
 * × statistic.
 */
import { asNotComparable, bandOf } from './rows.js';
import { alphaSentence, falseAlarms, most, percent, plural, unreadSides, type VerdictMethod } from './method.js';
import {
  heldBySuiteNote,
  historyRuns,
  repetitionsNote,
  shortHistoryNote,
  stateChangeNote,
  suiteFamilies,
  suiteRowNote,
  suiteSentence,
  TOO_SHORT,
  tooShort,
  weightsNote,
} from './historyNotes.js';
import { applySuiteBudget } from './suiteBudget.js';
import { atLoneLevel } from './loneLevel.js';
import { suiteComparison } from './suiteRow.js';
import { judgeWithSuitePriors, type SuitePriors } from './suiteTails.js';

import { compareExperimentWithHistory, HISTORY_CONFIDENCE, noiseFields } from './historyRows.js';

/**
 * The history method: its rows (historyRows.ts) for every experiment, the whole suite's row, and the budget that
 * decides them together; its stricter default confidence is HISTORY_CONFIDENCE's.
 */
export const historyMethod = {
  name: 'history',
  defaults: { confidence: HISTORY_CONFIDENCE },
  judgesNoise: true,
  marks: (row) => bandOf(row) !== undefined,
  label: (summary, rows) => {
    const repetitions = most(rows, (r) => r.repetitions);
    const shown = repetitions > 1 ? `, ${plural(repetitions, 'repetition')}` : '';
    // No false-alarm figure where no row was judged against the noise: the method cannot promise one.
    if (tooShort(rows))
      return `history of ${plural(historyRuns(rows), 'run')}${shown}: ${TOO_SHORT}; changes over the threshold are shown, not failed`;
    const budget =
      suiteFamilies(rows) > 0
        ? `false alarms ≤ ${percent(1 - summary.confidence)} for the whole comparison`
        : falseAlarms(summary);
    return `history of ${plural(historyRuns(rows), 'run')}${shown}; ${budget}`;
  },
  shortLabel: (rows) => `history of ${plural(historyRuns(rows), 'run')}${tooShort(rows) ? ', too short to gate' : ''}`,
  referenceName: 'the history',
  bound: 'the noise',
  narrowedBy: 'history runs or candidate repetitions',
  notes: (summary, rows) => [
    ...(tooShort(rows)
      ? []
      : [
          `Noise-aware: each row is judged against the between-run spread of ${plural(historyRuns(rows), 'baseline run')}; a row fails only when it exceeds the threshold and lies outside the noise band. ` +
            (suiteFamilies(rows) > 0 ? suiteSentence(summary, rows) : alphaSentence(summary)),
        ]),
    ...suiteRowNote(rows),
    ...heldBySuiteNote(rows),
    ...weightsNote(rows),
    ...repetitionsNote(summary, rows),
    ...stateChangeNote(rows),
    ...shortHistoryNote(rows),
  ],
  chartNotes: ['Grey bar: the noise band, the Δ an unchanged build gives.'],
  outputs: () => [],
  reads: 'history',
  judge(input, thresholds, settings) {
    if (input.reads !== 'history') throw unreadSides('history', input);
    // Results measured on another kind of machine than every history run: judged against them all, reported so.
    const comparable = input.comparable.length > 0;
    const runs = comparable ? input.comparable : input.history;
    const judgeAll = (priors?: SuitePriors, spreadsOnly = false) =>
      input.experiments.map((t) => {
        const comparison = compareExperimentWithHistory(
          t,
          runs.map((run) => run.experiments.get(t)),
          input.results.get(t),
          thresholds,
          spreadsOnly ? { ...settings, spreadsOnly } : settings,
          runs.map((run) => run.recorded?.sha),
          priors,
        );
        return comparable ? comparison : asNotComparable(comparison);
      });
    // With the budget, spreads are moderated across the suite's benchmarks (suiteTails.ts).
    const judged = settings.suiteBudget !== false ? judgeWithSuitePriors(judgeAll) : judgeAll();
    // The whole suite's geomean against the history runs' own: a family of its own (suiteRow.ts).
    const suite = suiteComparison(judged, input.experiments, runs, input.results, settings, (head, h, c, reps) =>
      noiseFields(h, c, head, settings.confidence, reps, settings),
    );
    const all = suite === undefined ? judged : [...judged, comparable ? suite : asNotComparable(suite)];
    // A history gate decides across the whole suite's families, so that its false alarms do not grow with the suite.
    // Catches ≥ is then given at the level a statistic regressed alone is judged at within the budget (loneLevel.ts).
    const comparisons =
      settings.suiteBudget !== false ? atLoneLevel(applySuiteBudget(all, 1 - settings.confidence)) : all;
    return { comparisons, notes: [] };
  },
} satisfies VerdictMethod;
