/**
 * The threshold method: one reference run against the results, a row fails when it is worse by more than its threshold.
 */
import { displayUnit } from '../model/statisticRules.js';
import { parseToolUnit } from '../model/units.js';
import { experimentSummary, type Direction } from '../model/measurement.js';
import { DEFAULT_GATE, gates, type GateStatistics } from './gate.js';
import { unreadSides, type VerdictMethod } from './method.js';
import {
  comparedStatistics,
  comparisonRowFailed,
  deltaPercent,
  gated,
  keyOf,
  magnitudeName,
  roleOfRow,
  rowShape,
  statusOf,
  type ComparisonRow,
  type ComparisonStatus,
  type ExperimentSide,
  type SubExperimentComparison,
} from './rows.js';
import { thresholdOf, type Thresholds } from './thresholds.js';
import { isExactCount, repetitionsDiffer } from './exactCounts.js';

/**
 * The intended rule of `latency_compare_experiments.py`: a magnitude fails when
 * result > reference × (1 + threshold). (Upstream, misplaced parentheses make it fail on any
 * increase at all; spec §6.) For a higher-is-better metric the mirror: fails when
 * result < reference × (1 − threshold).
 */
export function thresholdStatus(
  reference: number,
  result: number,
  threshold: number,
  direction: Direction = 'lower-is-better',
): ComparisonStatus {
  if (Number.isNaN(result)) return 'missing';
  if (Number.isNaN(reference)) return 'new';
  const higher = direction === 'higher-is-better';
  if (higher ? result < reference * (1 - threshold) : result > reference * (1 + threshold)) return 'fail';
  if (higher ? result > reference * (1 + threshold) : result < reference * (1 - threshold)) return 'improved';
  return 'pass';
}

/**
 * Compares one experiment, keyed by parameter × metric × statistic: measurements in reference
 * order, then measurements new in the results. A metric's direction decides what is worse.
 */
export function compareExperiment(
  experimentType: string,
  reference: ExperimentSide | undefined,
  result: ExperimentSide | undefined,
  thresholds: Thresholds,
  options: { gate?: GateStatistics } = {},
): SubExperimentComparison {
  const gate = options.gate ?? DEFAULT_GATE;
  const refList = reference?.measurements ?? [];
  const resList = result?.measurements ?? [];
  const refByKey = new Map(refList.map((m) => [keyOf(m), m]));
  const resByKey = new Map(resList.map((m) => [keyOf(m), m]));
  const keys = [...refByKey.keys(), ...[...resByKey.keys()].filter((k) => !refByKey.has(k))];
  const rows: ComparisonRow[] = [];
  for (const key of keys) {
    const ref = refByKey.get(key);
    const res = resByKey.get(key);
    const shape = rowShape(ref, res);
    const direction = shape.metric.direction;
    for (const statistic of comparedStatistics(shape)) {
      const r = ref ? (ref.statistics[statistic] ?? NaN) : NaN;
      const x = res ? (res.statistics[statistic] ?? NaN) : NaN;
      // Neither side has a number (the tool printed none in either run): nothing to compare.
      if (ref && res && Number.isNaN(r) && Number.isNaN(x)) continue;
      const threshold = thresholdOf(thresholds, statistic, shape.metric);
      // A side below its tool's resolution ("< 1 ns") has no ratio to the other: reported, never failed on Δ.
      const floor = ref?.belowResolution === true || res?.belowResolution === true;
      const judged = statusOf(
        !res ? 'missing' : !ref ? 'new' : floor ? 'pass' : thresholdStatus(r, x, threshold, direction),
      );
      rows.push({
        experimentType,
        parameter: shape.parameter.label,
        payloadBytes: shape.parameter.payloadBytes ?? NaN,
        metric: shape.metric.name,
        statistic,
        magnitude: magnitudeName(statistic),
        unit: displayUnit(shape.metric.unit, shape.metric.dimension),
        printedUnit: shape.metric.displayUnit,
        direction,
        reference: r,
        result: x,
        deltaPercent: deltaPercent(r, x, direction),
        threshold,
        ...roleOfRow(shape),
        ...gated(judged, gates(gate, statistic, shape)),
        ...(floor ? { belowResolution: true as const } : {}),
        ...(isExactCount(shape.metric) ? repetitionsDiffer(ref, res, statistic) : {}),
      });
    }
  }
  const status = !reference ? 'new' : !result ? 'missing' : rows.some(comparisonRowFailed) ? 'failed' : 'passed';
  const referenceSummary = experimentSummary(experimentType, reference?.sets);
  const resultSummary = experimentSummary(experimentType, result?.sets);
  return {
    experimentType,
    ...(referenceSummary ? { reference: referenceSummary } : {}),
    ...(resultSummary ? { result: resultSummary } : {}),
    status,
    rows,
  };
}

/**
 * One warning per row with a side at its tool's resolution floor whose other side is a real value: a change from
 * "< 1 unit" to a measured time (or back) is reported by name, as it is not judged. Warnings, not notes: they carry
 * names from result files, escaped wherever rendered.
 */
export function resolutionFloorWarnings(rows: readonly ComparisonRow[]): string[] {
  return rows
    .filter((row) => row.belowResolution && row.reference !== row.result && !row.pooled)
    .filter((row) => !Number.isNaN(row.reference) && !Number.isNaN(row.result))
    .map((row) => {
      const name = row.parameter === '' ? row.experimentType : `${row.experimentType} (${row.parameter})`;
      // In the unit the tool printed (ns/iter), as the file shows it.
      const printed = row.printedUnit !== undefined ? parseToolUnit(row.printedUnit) : undefined;
      const unit = printed ? row.printedUnit! : row.unit;
      const side = (value: number) =>
        value === 0 ? `< 1 ${unit}` : `${Number((printed ? value / printed.toBase : value).toPrecision(6))} ${unit}`;
      return (
        `${name} ${row.metric} ${row.magnitude} changed from ${side(row.reference)} to ${side(row.result)}: one side is ` +
        "below the tool's resolution, so the change is reported, not judged by a ratio."
      );
    });
}

/** Whether every gated row is an exact count (an instruction count): then no noise is there to estimate. */
function onlyCounts(rows: readonly ComparisonRow[]): boolean {
  const gated = rows.filter((row) => row.gated);
  return gated.length > 0 && gated.every((row) => row.exactCount === true);
}

/**
 * The threshold method. It judges no noise: its confidence is only reported (the paired default). Against one reference
 * run a row's change is the threshold's alone to decide, so the method bears no mark on its rows.
 */
export const thresholdMethod = {
  name: 'threshold',
  defaults: { confidence: 0.99 },
  judgesNoise: false,
  label: (_summary, rows) =>
    onlyCounts(rows) ? 'threshold against one run of exact counts' : 'threshold against one run, noise not estimated',
  shortLabel: (rows, baselineCommit) =>
    baselineCommit !== undefined
      ? `against ${baselineCommit.slice(0, 7)}`
      : onlyCounts(rows)
        ? 'one run, exact counts'
        : 'one run, noise not estimated',
  referenceName: 'the baseline',
  bound: 'the threshold',
  narrowedBy: 'history runs or candidate repetitions',
  notes: (_summary, rows) =>
    onlyCounts(rows)
      ? [
          'Exact counts against one reference run: a build counts the same on every run of the same tool, so a change ' +
            'over the count threshold (1 % by default) is a change in the work the code does, not noise.',
        ]
      : [
          "Threshold against one reference run: between-run noise is not estimated. On a 2-core CI runner one run's median moves by about ±14 % (1 sd) between unchanged runs, " +
            'so a 10 % threshold fails most unchanged comparisons (docs/statistics.md). For a verdict that knows the noise, compare with a history (several candidate repetitions help) or run A/B pairs (--paired).',
        ],
  chartNotes: [],
  outputs: () => [],
  reads: 'run',
  judge(input, thresholds, settings) {
    if (input.reads !== 'run') throw unreadSides('run', input);
    const comparisons = input.experiments.map((t) =>
      compareExperiment(t, input.reference.get(t), input.results.get(t), thresholds, settings),
    );
    return { comparisons, notes: [] };
  },
} satisfies VerdictMethod;
