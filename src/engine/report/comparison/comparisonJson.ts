import type { ComparisonReport } from './comparisonReport.js';
import { pairsEvidenceOf, bandOf } from '../../compare/rows.js';
import { valueChange } from '../change.js';
import { REPORT_SCHEMA_VERSION } from '../check/json.js';
import { JsonArrayInPieces, JsonObjectInPieces, joinPieces, jsonPieces } from '../pieces.js';
import type { ComparisonRow } from '../../compare/compare.js';

const finite = (x: number) => (Number.isFinite(x) ? x : null);

/** comparison.json as one string (`comparisonJsonPieces` joined). */
export function renderComparisonJson(report: ComparisonReport): string {
  return joinPieces(comparisonJsonPieces(report));
}

/**
 * comparison.json a row at a time: every row of the report, with the verdict, the notes and the warnings. Each row's
 * object is made as it is written, so a report of 400,000 rows never holds its JSON text, nor its rows' objects, whole.
 */
export function* comparisonJsonPieces(report: ComparisonReport): Generator<string> {
  yield* jsonPieces(
    new JsonObjectInPieces({
      schemaVersion: REPORT_SCHEMA_VERSION,
      verdict: report.verdict,
      method: report.method,
      reference: report.referenceLabel,
      ...(report.baselineRun ? { baselineRun: report.baselineRun } : {}),
      result: report.resultLabel,
      comparisonsTotal: report.comparisonsTotal,
      comparisonsFailed: report.comparisonsFailed,
      failedExperiments: report.failedExperiments,
      ...(report.changes.inconclusive ? { inconclusive: report.changes.inconclusive } : {}),
      subExperiments: new JsonArrayInPieces(report.subExperiments.length, (i) => {
        const s = report.subExperiments[i]!;
        return new JsonObjectInPieces({
          experimentType: s.experimentType,
          status: s.status,
          comparisons: new JsonArrayInPieces(s.rows.length, (j) => rowJson(s.rows[j]!)),
        });
      }),
      notes: report.notes,
      warnings: report.warnings,
    }),
  );
  yield '\n';
}

/** One row of comparison.json. NaN and infinite values are written as null. */
function rowJson(r: ComparisonRow): object {
  const pairs = pairsEvidenceOf(r);
  const history = bandOf(r);
  return {
    bytes: finite(r.payloadBytes),
    parameter: r.parameter,
    metric: r.metric,
    statistic: r.statistic,
    unit: r.unit,
    direction: r.direction,
    magnitude: r.magnitude,
    reference: finite(r.reference),
    result: finite(r.result),
    // deltaPercent is worse-positive (as the gate judges); changePercent is the Δ the reports show.
    deltaPercent: finite(r.deltaPercent),
    changePercent: finite(valueChange(r.deltaPercent, r.direction)),
    threshold: r.threshold,
    ...(history?.band
      ? {
          noiseBand: { lower: finite(history.band.lower), upper: finite(history.band.upper) },
          historyRuns: history.historyRuns,
        }
      : {}),
    ...(pairs?.interval
      ? { interval: { lower: finite(pairs.interval.lower), upper: finite(pairs.interval.upper) } }
      : {}),
    // A history row's 90 % interval of the change (an A/B row's is its `interval`): what the two-stage screen reads.
    ...(r.changeInterval !== undefined && pairs === undefined
      ? { changeInterval: { lower: finite(r.changeInterval.lower), upper: finite(r.changeInterval.upper) } }
      : {}),
    ...(r.repetitions !== undefined ? { repetitions: r.repetitions } : {}),
    ...(r.detectable !== undefined ? { detectable: finite(r.detectable) } : {}),
    ...(r.pValue !== undefined ? { pValue: finite(r.pValue) } : {}),
    ...(r.confidence !== undefined ? { confidence: r.confidence } : {}),
    ...(r.pooled ? { pooled: true } : {}),
    // A weighted geomean row: each parameter's weight (1/σ², from weightRuns older history runs).
    ...(history?.weights !== undefined ? { weights: history.weights, weightRuns: history.weightRuns } : {}),
    ...(r.namedBy !== undefined ? { namedBy: r.namedBy } : {}),
    // The whole-suite budget: the families decided together, and the level this row's family was selected at.
    ...(r.suite !== undefined ? { suiteFamilies: r.suite.families } : {}),
    ...(r.suite?.level !== undefined ? { suiteLevel: r.suite.level } : {}),
    ...(r.suite?.held ? { heldBySuite: true } : {}),
    // The p-value and level the budget compared for this row (the tables' p and α columns).
    ...(r.suite?.rulePValue !== undefined ? { suitePValue: finite(r.suite.rulePValue) } : {}),
    ...(r.suite?.ruleAlpha !== undefined ? { suiteAlpha: finite(r.suite.ruleAlpha) } : {}),
    // A suite row (compare/suiteRow.ts): the benchmarks its geomean is over, and its recorded runs' spread.
    ...(history?.suite !== undefined
      ? {
          suite: {
            benchmarks: history.suite.benchmarks,
            experiments: history.suite.experiments,
            spread: { lower: finite(history.suite.spread.lower), upper: finite(history.suite.spread.upper) },
          },
        }
      : {}),
    ...(pairs?.sharedShift !== undefined ? { sharedShift: pairs.sharedShift } : {}),
    // Inconclusive rows: the more pairs that would decide, of at most pairsCap in all (no morePairs: not even then).
    ...(pairs?.pairsCap !== undefined ? { pairsCap: pairs.pairsCap } : {}),
    ...(pairs?.morePairs !== undefined ? { morePairs: pairs.morePairs } : {}),
    status: r.status,
    // A derived or secondary metric (reported, gated only on request); absent for the benchmark's primary one.
    ...(r.metricRole !== undefined ? { metricRole: r.metricRole } : {}),
    // An accepted row: the label (who added it, its description) or the waiver (file:line, ceiling, expiry).
    ...(r.acceptance !== undefined ? { acceptance: r.acceptance } : {}),
    gated: r.gated,
    failed: r.failed,
  };
}
