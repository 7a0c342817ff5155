/**
 * The bootstrap method: each row's candidate against a bootstrap of its history's runs (stats/bootstrapPrediction.ts),
 * with no model of the noise's shape. Distribution-free, so it cannot claim more than its runs tell: with n runs no row
 * has a p-value below 1/(n + 1).
 */
import { DEFAULT_GATE } from './gate.js';
import { bootstrapPrediction } from '../stats/bootstrapPrediction.js';
import { unreadSides, plural, type VerdictMethod } from './method.js';
import {
  ALL_GATED,
  comparisonRowFailed,
  familyKey,
  familySizes,
  regate,
  rowAlpha,
  rowKey,
  type ComparisonRow,
  type ExperimentSide,
  type SubExperimentComparison,
} from './rows.js';
import { compareExperiment } from './thresholdMethod.js';
import { runsByKey, type HistorySide } from './runIndex.js';
import { valuesOf } from './levels.js';
import type { Thresholds } from './thresholds.js';

const RESAMPLES = 2000;
const BAND_LEVEL = 0.9;

/** A seed per row from its key, so that rows do not share one stream and the same row gets the same numbers. */
function seedOf(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return h >>> 0;
}

function judgeExperiment(
  experimentType: string,
  history: readonly (HistorySide | undefined)[],
  result: ExperimentSide | undefined,
  thresholds: Thresholds,
  confidence: number,
): SubExperimentComparison {
  const present = history.filter((s): s is HistorySide => s !== undefined);
  const newest = present[present.length - 1];
  const plain = compareExperiment(experimentType, newest, result, thresholds, { gate: ALL_GATED });
  if (!newest || !result) return { ...plain, rows: plain.rows.map((row) => regate(row, DEFAULT_GATE, newest, result)) };
  const { resultByKey, across } = runsByKey(present, result);
  const sizes = familySizes(plain.rows);
  const rows = plain.rows.map((row): ComparisonRow => {
    const shape = resultByKey.get(rowKey(row));
    const candidate = valuesOf(shape, row.statistic);
    const runs = across(rowKey(row))
      .levels(row.statistic)
      .filter((v): v is number => v !== undefined && v > 0);
    if (row.status === 'new' || row.status === 'missing' || candidate.length === 0 || runs.length < 2)
      return regate(row, DEFAULT_GATE, shape);
    // Worse positive: a higher-is-better metric's logs are negated.
    const sign = row.direction === 'higher-is-better' ? -1 : 1;
    const level = candidate.reduce((s, v) => s + Math.log(v), 0) / candidate.length;
    const test = bootstrapPrediction(
      runs.map((v) => sign * Math.log(v)),
      sign * level,
      {
        resamples: RESAMPLES,
        seed: seedOf(`${experimentType}\u0000${rowKey(row)}\u0000${row.statistic}`),
        level: BAND_LEVEL,
      },
    );
    if (test === undefined) return regate(row, DEFAULT_GATE, shape);
    const alpha = rowAlpha(1 - confidence, sizes.get(familyKey(row)) ?? 1, 0);
    const over = row.deltaPercent > row.threshold * 100;
    const under = row.deltaPercent < -row.threshold * 100;
    const status = over && test.pValue <= alpha ? 'fail' : under && test.effect < test.band.lower ? 'improved' : 'pass';
    const band = { lower: Math.exp(test.band.lower) - 1, upper: Math.exp(test.band.upper) - 1 };
    return regate(
      {
        ...row,
        status,
        failed: status === 'fail',
        repetitions: candidate.length,
        pValue: test.pValue,
        confidence: 1 - alpha,
        evidence: { kind: 'resampled', historyRuns: runs.length, resamples: RESAMPLES, band },
      },
      DEFAULT_GATE,
      shape,
    );
  });
  const status = rows.some(comparisonRowFailed) ? 'failed' : 'passed';
  return { ...plain, status, rows };
}

const runsOf = (rows: readonly ComparisonRow[]) =>
  Math.max(0, ...rows.map((r) => (r.evidence?.kind === 'resampled' ? r.evidence.historyRuns : 0)));

export const bootstrapMethod = {
  name: 'bootstrap',
  defaults: { confidence: 0.99 },
  judgesNoise: true,
  marks: (row) => row.evidence?.kind === 'resampled',
  label: (summary, rows) =>
    `bootstrap over a history of ${plural(runsOf(rows), 'run')}; no row can show p below ${(1 / (runsOf(rows) + 1)).toPrecision(2)}, confidence ${summary.confidence}`,
  shortLabel: (rows) => `bootstrap over ${plural(runsOf(rows), 'run')}`,
  referenceName: 'the history',
  bound: 'the resampled history',
  narrowedBy: 'history runs',
  notes: (_summary, rows) => [
    `Bootstrap: each row's candidate is ranked against ${RESAMPLES} resamples of its ${plural(runsOf(rows), 'history run')}, ` +
      'with no model of the noise; a row fails when it exceeds its threshold and its p-value is below its share of α.',
  ],
  chartNotes: ['Grey bar: the effects an unchanged run gives in the resampled history.'],
  outputs: () => [],
  reads: 'history',
  judge(input, thresholds, settings) {
    if (input.reads !== 'history') throw unreadSides('history', input);
    const runs = input.comparable.length > 0 ? input.comparable : input.history;
    const comparisons = input.experiments.map((t) =>
      judgeExperiment(
        t,
        runs.map((run) => run.experiments.get(t)),
        input.results.get(t),
        thresholds,
        settings.confidence,
      ),
    );
    return { comparisons, notes: [] };
  },
} satisfies VerdictMethod;
