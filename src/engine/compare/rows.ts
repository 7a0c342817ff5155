/**
 * The rows of a comparison and their statuses, which every verdict method (thresholdMethod.ts, historyMethod.ts,
 * pairedMethod.ts) fills in, and the row helpers they share: keys, gating, the pooled geomean family and
 * its Bonferroni split.
 */
import { isExactCount } from './countKind.js';
import { metricRole, primaryStatistic } from '../model/statisticRules.js';
import type { Direction, Measurement, MetricRole, ResultSet, StatisticName, TimeClock } from '../model/measurement.js';
import type { Summary } from '../model/summary.js';
import { pooledEvidence, type RowEvidence } from './evidence.js';
import { gates, type GateStatistics } from './gate.js';

export {
  bandOf,
  pairsEvidenceOf,
  withPairs,
  type BandEvidence,
  type PairsEvidence,
  type RowEvidence,
} from './evidence.js';

/**
 * - `pass`: within the threshold; `improved`: better by more than the threshold;
 * - `fail`: worse than the reference by more than the threshold (with a history: and outside the noise band);
 * - `new`: in the results only; `missing`: in the reference only (it fails only with `missing: fail`: presence.ts's
 *   judgeMissing);
 * - with a history only: `warn` (over the threshold, inside the noise band; or outside it but not significant for the
 *   whole suite, `suite.held`), `noisy` (the band is
 *   wider than the threshold), `insufficient-history` (fewer than 3 runs: the change against the
 *   newest run, shown, never failing), `not-comparable` (every history run was measured on another kind of
 *   machine: reported, never failing), `state-change` (the history shows two machine states, a
 *   factor of 2 or more apart, and the result is in one of them: reported, never failing).
 * - A/B pairs only: `inconclusive` (a row that decides its family — the pooled row, or the only
 *   parameter — whose interval straddles the threshold: not a failure, and its upper bound at 90 %
 *   is not below the threshold; it does not fail, and more pairs would decide). With the shared-shift model
 *   (sharedShiftRows.ts) also a benchmark row over the threshold whose deviation from the suite more pairs would
 *   make significant.
 * - `accepted`: a row that failed, accepted by a label on the pull request or a waiver (acceptance.ts): it does not
 *   fail, and `acceptance` says how.
 */
export type ComparisonStatus =
  | 'pass'
  | 'improved'
  | 'fail'
  | 'new'
  | 'missing'
  | 'warn'
  | 'noisy'
  | 'insufficient-history'
  | 'not-comparable'
  | 'state-change'
  | 'inconclusive'
  | 'accepted';

/**
 * How a failing row was accepted (acceptance.ts): by a label on the pull request (who added it and the label's
 * description, when known), or by a row of the waiver file (waivers.ts). Label and waiver texts are the user's:
 * renderers escape them.
 */
export type RowAcceptance =
  | { kind: 'label'; label: string; by?: string; description?: string }
  | { kind: 'waiver'; ceilingPercent: number; expires: string; link: string; reason: string; place: string };

/** What the whole-suite budget (suiteBudget.ts) decided of a row. */
export interface SuiteDecision {
  /** How many gated families of the comparison were decided together. */
  readonly families: number;
  /** The level (BH's cut-off) the row's family was selected at; absent when it was not selected. */
  readonly level?: number;
  /**
   * A row that failed its family's own test (over the threshold and outside the band) but that the whole suite's
   * budget does not select; shown as `warn`, not failing.
   */
  readonly held?: true;
  /**
   * What the rule compared for this row: its p-value read as the budget reads it, over its share of its family's α
   * (the family is rejected on this row iff `rulePValue` ≤ its level), and that level: Benjamini–Hochberg's cut-off
   * when the family was selected, else α·rank/F at the family's own rank. The p and α columns show these.
   */
  readonly rulePValue?: number;
  readonly ruleAlpha?: number;
  /** The df of the t the rule read the row on (min(df, the fitted tail); own df for one family): Catches ≥'s too. */
  readonly tailDf?: number;
}

/** One statistic of one metric of one experiment at one parameter: reference against result. */
export interface ComparisonRow {
  experimentType: string;
  /** The parameter's label (the payload size for payload sweeps). */
  parameter: string;
  /** NaN when the parameter is not a payload size. */
  payloadBytes: number;
  metric: string;
  statistic: StatisticName;
  /** How reports name the statistic: `Min`, `Median`, `Max`, `99%` as the reference does; else its name. */
  magnitude: string;
  /** The unit reference and result are in, for display (`µs`, `Mb/s`, `` for a count). */
  unit: string;
  /** The unit the tool printed (the metric's displayUnit: `ops/ms`, `items/s`), which names what a rate counts. */
  printedUnit?: string;
  direction: Direction;
  /** NaN when absent. */
  reference: number;
  result: number;
  /** How much worse the result is, in % of the reference: positive means worse in either direction. */
  deltaPercent: number;
  threshold: number;
  status: ComparisonStatus;
  /** Whether the row breaks the gate. */
  failed: boolean;
  /**
   * A side was printed as 0 at its tool's resolution (`Measurement.belowResolution`): it is "< 1 unit", so the row's
   * ratio means nothing and the row is never failed on it; the report notes it.
   */
  belowResolution?: true;
  /**
   * Whether this row can fail the gate. Tail statistics (Min, Max, 99 %) are reported but not
   * gated unless the user opts in: their run-to-run spread is 3–5× the median's. So are derived
   * and secondary metrics (`metricRole`).
   */
  gated: boolean;
  /** What the row's metric is to its benchmark, where its adapter marked it other than primary. */
  metricRole?: Exclude<MetricRole, 'primary'>;
  /** The clock of a time its tool reports on both (Metric.clock), as the result says: what decided and why. */
  clock?: TimeClock;
  /**
   * The two sides were counted by different instruments (Metric.instrument: another tool version, another cache
   * configuration): what counted each. The row is reported, never gated, and the report warns naming both.
   */
  instruments?: { reference: string; result: string };
  /** An exact count that two runs of one build counted differently: where (exactCounts.ts); the report warns. */
  countsDiffer?: string;
  /** The row is of an exact count (exactCounts.ts isExactCount): instructions, not a time. */
  exactCount?: true;
  /** The geometric mean over every parameter of the metric (benchstat's geomean row); `parameter` is `geomean`. */
  pooled?: boolean;
  /** How many candidate runs (with a history) or A/B pairs (paired) the row was judged on. */
  repetitions?: number;
  /**
   * The change's two-sided 90 % interval (CHANGE_INTERVAL_LEVEL), worse positive: what a reviewer reads beside the
   * change. History: the log change ± t(0.95) · its standard error against the band's window; A/B pairs: the mean log
   * ratio ± t(0.95) · its standard error. Absent without a noise estimate.
   */
  changeInterval?: { lower: number; upper: number };
  /** The smallest true worsening (relative) this row catches 9 times in 10; absent where there is no noise estimate. */
  detectable?: number;
  /** One-sided p-value of "unchanged" against "worse"; absent without a noise estimate. */
  pValue?: number;
  /** The one-sided confidence the row was judged at (1 − its share of the gate's α). */
  confidence?: number;
  /**
   * The one-stage history gate's whole-suite budget (suiteBudget.ts): set on every gated row with a p-value when the
   * budget decided.
   */
  suite?: SuiteDecision;
  /** A failing parameter row: which procedure named it (attribution.ts). */
  namedBy?: NamingProcedure;
  /** What only the row's method gives: its kind tells which. */
  evidence?: RowEvidence;
  /** An `accepted` row: the label or waiver that accepted it. */
  acceptance?: RowAcceptance;
}

/**
 * How a failing parameter row came to be named (attribution.ts): `bonferroni`, its own test at its share of α
 * (rowAlpha); `fdr`, Benjamini–Hochberg over its failing family's rows; `suite`, with the shared-shift model, it
 * moved with a suite whose shift failed (sharedShiftRows.ts).
 */
export type NamingProcedure = 'bonferroni' | 'fdr' | 'suite';

/** The two-sided level of a row's `changeInterval`. */
export const CHANGE_INTERVAL_LEVEL = 0.9;

/**
 * A change's interval from its log ratio (result / reference) ± `halfWidth`, as relative effects worse positive
 * (for a higher-is-better metric a drop is worse). Undefined unless both are finite.
 */
export function changeIntervalOf(
  logRatio: number,
  halfWidth: number,
  direction: Direction,
): { lower: number; upper: number } | undefined {
  if (!Number.isFinite(logRatio) || !Number.isFinite(halfWidth)) return undefined;
  const low = Math.exp(logRatio - halfWidth) - 1;
  const high = Math.exp(logRatio + halfWidth) - 1;
  return direction === 'higher-is-better' ? { lower: -high, upper: -low } : { lower: low, upper: high };
}

/** The label `parameter` has on pooled rows. */
export const POOLED_PARAMETER = 'geomean';

export function comparisonRowFailed(row: ComparisonRow): boolean {
  return row.failed;
}

export interface SubExperimentComparison {
  experimentType: string;
  /** Fast-DDS latency summaries of both sides, for the reference's comparison CSV and charts. */
  reference?: Summary;
  result?: Summary;
  status: 'passed' | 'failed' | 'new' | 'missing';
  rows: ComparisonRow[];
}

/** The measurements of one experiment on one side of a comparison. */
export interface ExperimentSide {
  measurements: readonly Measurement[];
  /** The result sets the side was read from; a Fast-DDS one carries the summary the byte-compatible renderers use. */
  sets?: readonly ResultSet[];
}

/** (result − reference) / reference × 100, negated for higher-is-better metrics: positive means worse. */
export function deltaPercent(reference: number, result: number, direction: Direction = 'lower-is-better'): number {
  const worseBy = direction === 'higher-is-better' ? reference - result : result - reference;
  return reference === 0 ? (result === 0 ? 0 : NaN) : (worseBy / reference) * 100;
}

/** How reports name a statistic; the reference's four magnitudes keep their spelling. */
const MAGNITUDE_NAMES: Partial<Record<StatisticName, string>> = {
  min: 'Min',
  median: 'Median',
  slope: 'Slope',
  max: 'Max',
  p99: '99%',
  mean: 'Mean',
  value: 'Value',
};

export function magnitudeName(statistic: StatisticName): string {
  return MAGNITUDE_NAMES[statistic] ?? statistic;
}

/**
 * The statistics a comparison looks at, in the reference's order: Min, the primary statistic
 * (the single value, else the slope, else the median, else the mean), Max and 99% — those the measurement has.
 * For a Fast-DDS summary that is exactly the reference's Min, Median, Max, 99%.
 */
export function comparedStatistics(m: Measurement): StatisticName[] {
  const primary = primaryStatistic(m);
  return (['min', primary, 'max', 'p99'] as StatisticName[]).filter(
    (s) => s === primary || m.statistics[s] !== undefined,
  );
}

/**
 * The measurement a row of `reference` and `result` is shaped by: the reference's statistics (else the result's), its
 * metric's role as the result says where it has the metric. A result is read by today's adapter; a history record
 * keeps the role it was recorded with (an older one the role its format's rules give: history/legacyRoles.ts), which
 * decides where the results lack the benchmark.
 */
export function rowShape(reference: Measurement | undefined, result: Measurement | undefined): Measurement {
  const shape = (reference ?? result)!;
  // The result's word on what the metric is wins: today's adapter reads it (an older record may keep no kind or instrument).
  // Where the result has the metric its role stands, primary (no role) included: an older record's inferred one may not.
  const role = result !== undefined ? result.metric.role : reference?.metric.role;
  const kind = result?.metric.kind ?? reference?.metric.kind;
  const clock = result?.metric.clock ?? reference?.metric.clock;
  const from = reference?.metric.instrument;
  const to = result?.metric.instrument;
  const incomparable =
    from !== undefined && to !== undefined && from !== to ? { reference: from, result: to } : undefined;
  const { metric: m } = shape;
  if (role === m.role && kind === m.kind && clock === m.clock && !incomparable) return shape;
  const { role: _role, kind: _kind, clock: _clock, ...metric } = m;
  const fields = { ...(role ? { role } : {}), ...(kind ? { kind } : {}), ...(clock ? { clock } : {}) };
  return { ...shape, metric: { ...metric, ...fields, ...(incomparable ? { incomparable } : {}) } };
}

/**
 * A row's `metricRole` field for a measurement: present only where the metric is not its benchmark's primary one; its
 * `clock` where its tool reports the time on both clocks; and its `instruments` where the sides were counted by
 * different ones.
 */
export function roleOfRow(m: Measurement): Pick<ComparisonRow, 'metricRole' | 'clock' | 'instruments' | 'exactCount'> {
  const role = metricRole(m.metric);
  const instruments = m.metric.incomparable;
  return {
    ...(role === 'primary' ? {} : { metricRole: role }),
    ...(m.metric.clock ? { clock: m.metric.clock } : {}),
    ...(instruments ? { instruments } : {}),
    ...(isExactCount(m.metric) ? { exactCount: true as const } : {}),
  };
}

export function keyOf(m: Measurement): string {
  return `${m.parameter.label}\u0000${m.metric.name.toLowerCase()}`;
}

export function statusOf(status: ComparisonStatus): { status: ComparisonStatus; failed: boolean } {
  return { status, failed: status === 'fail' || status === 'missing' };
}

/** Whether an experiment breaks the gate: it failed, or the results lack it and missing benchmarks fail. */
export function experimentFailed(comparison: SubExperimentComparison): boolean {
  return (
    comparison.status === 'failed' || (comparison.status === 'missing' && comparison.rows.some(comparisonRowFailed))
  );
}

/**
 * A row of a statistic that is not gated is reported with the status its numbers give, but does
 * not fail: a `fail` shows as `warn`.
 */
export function gated<T extends { status: ComparisonStatus; failed: boolean }>(
  row: T,
  isGated: boolean,
): T & { gated: boolean } {
  if (isGated || !row.failed) return { ...row, gated: isGated };
  return { ...row, status: row.status === 'fail' ? 'warn' : row.status, failed: false, gated: false };
}

/** Every statistic gated: the rows are built first, the gate applied once they are judged. */
export const ALL_GATED: GateStatistics = { primary: true, statistics: new Set(), all: true, everyMetric: true };

/** Whether `gate` gates `row` of a measurement shaped as `shape`: what regate decides, whatever the row's status. */
export function gatedBy(row: ComparisonRow, gate: GateStatistics, shape: Measurement | undefined): boolean {
  return (
    row.instruments === undefined &&
    (shape ? gates(gate, row.statistic, shape) : gate.all || gate.statistics.has(row.statistic))
  );
}

export function regate(
  row: ComparisonRow,
  gate: GateStatistics,
  ...shapes: (Measurement | ExperimentSide | undefined)[]
): ComparisonRow {
  let shape: Measurement | undefined;
  for (const s of shapes) {
    if (s && 'measurements' in s) {
      const key = rowKey(row);
      shape = s.measurements.find((m) => keyOf(m) === key);
    } else shape = s;
    if (shape !== undefined) break;
  }
  const isGated = gatedBy(row, gate, shape);
  const { gated: _previous, metricRole: role, ...rest } = row;
  // gated()'s row, built in one copy (rows are copied on every step of a 10,000-benchmark verdict): the same fields in
  // the same order, `gated` last; an ungated failure shows as warn.
  const regated: ComparisonRow = {
    ...rest,
    ...(shape ? roleOfRow(shape) : role ? { metricRole: role } : {}),
    gated: isGated,
  };
  if (!isGated && regated.failed) {
    if (regated.status === 'fail') regated.status = 'warn';
    regated.failed = false;
  }
  return regated;
}

export function rowKey(row: Pick<ComparisonRow, 'parameter' | 'metric'>): string {
  return `${row.parameter}\u0000${row.metric.toLowerCase()}`;
}

/**
 * α of one parameter row: with several parameters, the share of the family's α the pooled row does not take, split
 * evenly among the parameter rows (Bonferroni); with one parameter, all of it.
 */
export function rowAlpha(alpha: number, parameters: number, pooledShare: number): number {
  return parameters > 1 ? (alpha * (1 - pooledShare)) / parameters : alpha;
}

/** α of a family's pooled (geomean) row. */
export function pooledAlpha(alpha: number, pooledShare: number): number {
  return alpha * pooledShare;
}

export function familyKey(row: Pick<ComparisonRow, 'metric' | 'statistic'>): string {
  return `${row.metric.toLowerCase()}\u0000${row.statistic}`;
}

/** How many parameter rows each metric × statistic family has (rows that can be judged). */
export function familySizes(rows: readonly ComparisonRow[]): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const row of rows)
    if (row.status !== 'new' && row.status !== 'missing')
      sizes.set(familyKey(row), (sizes.get(familyKey(row)) ?? 0) + 1);
  return sizes;
}

/**
 * The pooled (geomean) rows of a judged experiment: one per metric × statistic that has two or
 * more parameters with numbers on both sides, after the parameter rows of the family's metric.
 */
export function pooledRows(
  rows: readonly ComparisonRow[],
  judgeFamily: (row: ComparisonRow, parameters: string[]) => Partial<ComparisonRow> | undefined,
  gate: GateStatistics,
  shapes: ReadonlyMap<string, Measurement>,
): ComparisonRow[] {
  const families = new Map<string, ComparisonRow[]>();
  for (const row of rows) {
    if (row.status === 'new' || row.status === 'missing' || row.pooled) continue;
    const list = families.get(familyKey(row)) ?? [];
    list.push(row);
    families.set(familyKey(row), list);
  }
  const out: ComparisonRow[] = [];
  for (const family of families.values()) {
    if (family.length < 2) continue;
    const first = family[0]!;
    const outcome = judgeFamily(
      first,
      family.map((r) => r.parameter),
    );
    if (!outcome) continue;
    const row: ComparisonRow = {
      ...first,
      parameter: POOLED_PARAMETER,
      payloadBytes: NaN,
      pooled: true,
      reference: NaN,
      result: NaN,
      deltaPercent: NaN,
      ...outcome,
    } as ComparisonRow;
    const evidence = pooledEvidence(first.evidence, outcome.evidence);
    delete row.evidence;
    if (evidence !== undefined) row.evidence = evidence;
    out.push(regate(row, gate, shapes.get(rowKey(first))));
  }
  return out;
}

/**
 * A comparison whose reference was measured on another kind of machine: every row reported as `not-comparable`, none
 * failing.
 */
export function asNotComparable(comparison: SubExperimentComparison): SubExperimentComparison {
  return {
    ...comparison,
    status: 'passed',
    rows: comparison.rows.map((row) => ({ ...row, status: 'not-comparable', failed: false })),
  };
}
