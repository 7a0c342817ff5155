import { comparisonRowFailed, type ComparisonRow, type SubExperimentComparison } from '../compare/compare.js';
import type { Verdict } from './model.js';

/** Where an automatic baseline came from, as the API reported it. */
export interface BaselineRun {
  runId: number;
  runUrl: string;
  commit: string;
  date: string;
}

/** Everything the comparison renderers need. */
export interface ComparisonReport {
  /** Set when the reference is a run found through the API. */
  baselineRun?: BaselineRun;
  verdict: Verdict;
  referenceLabel: string;
  resultLabel: string;
  comparisonsTotal: number;
  comparisonsFailed: number;
  failedExperiments: string[];
  subExperiments: SubExperimentComparison[];
  /** Failing rows first, then by Δ% from worst to best; rows without a Δ% last. */
  rows: ComparisonRow[];
  /** Why the verdict rests on the threshold alone, and similar caveats: perfgate's own sentences. */
  notes: string[];
  /** What the user must look at (nothing paired, repetitions pooled); may hold names from result files, so renderers escape them. */
  warnings: string[];
}

export function buildComparisonReport(comparisons: SubExperimentComparison[], referenceLabel: string, resultLabel: string, baselineRun?: BaselineRun): ComparisonReport {
  const all = comparisons.flatMap((c) => c.rows);
  const rank = (r: ComparisonRow) => (comparisonRowFailed(r) ? 0 : 1);
  const rows = all
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const byFail = rank(a.row) - rank(b.row);
      if (byFail !== 0) return byFail;
      const da = Number.isNaN(a.row.deltaPercent) ? -Infinity : a.row.deltaPercent;
      const db = Number.isNaN(b.row.deltaPercent) ? -Infinity : b.row.deltaPercent;
      return db - da || a.index - b.index;
    })
    .map((x) => x.row);
  const failedExperiments = comparisons.filter((c) => c.status === 'failed' || c.status === 'missing').map((c) => c.experimentType);
  return {
    ...(baselineRun ? { baselineRun } : {}),
    verdict: failedExperiments.length > 0 ? 'fail' : 'pass',
    referenceLabel,
    resultLabel,
    comparisonsTotal: all.length,
    comparisonsFailed: all.filter(comparisonRowFailed).length,
    failedExperiments,
    subExperiments: comparisons,
    rows,
    notes: noiseNotes(all),
    warnings: [],
  };
}

function noiseNotes(rows: readonly ComparisonRow[]): string[] {
  const withHistory = rows.filter((r) => r.historyRuns !== undefined);
  if (withHistory.length === 0) {
    return ['Between-run noise could not be estimated (no baseline history): the verdict rests on the relative threshold alone.'];
  }
  const runs = Math.max(...withHistory.map((r) => r.historyRuns!));
  const notes = [
    `Noise-aware: each row is judged against the between-run spread of ${runs} baseline run${runs === 1 ? '' : 's'}; ` +
      'a row fails only when it exceeds the threshold and lies outside the noise band.',
  ];
  const short = rows.filter((r) => r.status === 'insufficient-history').length;
  if (short > 0) notes.push(`${short} row${short === 1 ? '' : 's'} had fewer than 3 runs of history: judged on the threshold alone against the newest run.`);
  return notes;
}
