/**
 * The two-stage gate's screen (docs/statistics.md, "Two-stage gate"): which rows of a first-stage comparison (a
 * history or baseline compare) the confirmation takes up, and K, the families the confirmation then judges, each at
 * α/K. A family is one experiment's metric × statistic (its parameter rows and its pooled geomean row).
 */
import { weightedBonferroni } from '../stats/weightedBonferroni.js';
import type { ComparisonStatus } from '../compare/rows.js';
import { SUITE_EXPERIMENT } from '../compare/suiteRow.js';

/** One row of a comparison, as comparison.json writes it (every field checked before use). */
export interface ScreenRow {
  parameter?: unknown;
  metric?: unknown;
  statistic?: unknown;
  status?: unknown;
  gated?: unknown;
  failed?: unknown;
  pooled?: unknown;
  pValue?: unknown;
  confidence?: unknown;
  /** The change, worse positive, in per cent. */
  deltaPercent?: unknown;
  /** The row's threshold, a fraction (0.1: 10 %). */
  threshold?: unknown;
  /** A history row's 90 % interval of the change, worse positive (fractions). */
  changeInterval?: unknown;
  /** An A/B row's 90 % interval of the change, worse positive (fractions). */
  interval?: unknown;
}

/**
 * The screening rule:
 * - `flagged`: a gated row the first stage failed or left undecided (CONFIRMED_STATUSES);
 * - `family-p`: a family whose combined p-value (familyPValue) is below `level`, or that holds a gated row the first
 *   stage failed or could not judge at all (no p-value: too few history runs, another kind of machine); a family
 *   with no p-value at all (a threshold baseline) is screened as `flagged` screens it. With `reach`, also a family
 *   the first stage could not clear: one of its gated rows' 90 % interval of the change still reaches the row's
 *   threshold (rowReaches), whatever its p. A band of −74 … +289 % clears nothing, so it confirms everything it covers.
 */
export type Screen =
  { readonly rule: 'flagged' } | { readonly rule: 'family-p'; readonly level: number; readonly reach?: boolean };

/** `perfgate confirm --from`'s screen: the rows the first stage failed or left undecided. */
export const FLAGGED_SCREEN: Screen = { rule: 'flagged' };

/**
 * The two-stage gate's screen in the action: a family whose combined p-value is below 0.3, or whose interval still
 * reaches the threshold (issue 45, item 3: on a loaded runner, a 5-run history's band of −74 … +289 % let a 30 %
 * regression through unscreened under the p rule alone; bench/validate-twostage.ts measures what `reach` costs on
 * the real rerun sets and loaded runs, docs/statistics.md "What the first stage cannot clear"). The p rule alone was
 * measured in
 * docs/statistics.md ("Two-stage gate", bench/validate-twostage.ts) on UDP-like noise with 6–20 history runs: it
 * catches ×1.3 98–99.6 % and +20 % 88.5–93 % of the time, fails at most 1 unchanged build in 2000, and confirms
 * 19–23 % of unchanged builds (0.9–1.0 runner-minutes per unchanged build); `flagged` confirms every build there
 * (4.3–4.7 minutes each), and p < 0.2 catches +20 % only 79–87 % of the time.
 */
export const DEFAULT_SCREEN: Screen = { rule: 'family-p', level: 0.3, reach: true };

/** The p rule alone (issue 35's screen), without `reach`: what validate-twostage.ts compares DEFAULT_SCREEN with. */
export const P_SCREEN: Screen = { rule: 'family-p', level: 0.3 };

/**
 * The first-stage statuses the `flagged` screen takes up: a failure, and what the first stage could not decide
 * (beyond the threshold but inside the noise, too noisy to tell, straddling the threshold, too few history runs, or a
 * history from another kind of machine). `pass`, `improved`, `new`, `missing` and `state-change` are not confirmed.
 */
export const CONFIRMED_STATUSES: readonly ComparisonStatus[] = [
  'fail',
  'warn',
  'noisy',
  'inconclusive',
  'insufficient-history',
  'not-comparable',
];

/** Statuses that carry no p-value, which the `family-p` screen therefore takes up as `flagged` does. */
const UNJUDGED: readonly ComparisonStatus[] = ['insufficient-history', 'not-comparable'];

/** The family of a row inside its experiment: metric × statistic. */
export function screenFamily(row: ScreenRow): string {
  return `${typeof row.metric === 'string' ? row.metric.toLowerCase() : ''}\u0000${String(row.statistic ?? '')}`;
}

/** A row a confirmation can judge: gated, on both sides. */
function judgeable(row: ScreenRow): boolean {
  return row.gated === true && row.status !== 'missing' && row.status !== 'new';
}

/**
 * A family's combined one-sided p-value of "unchanged" against "worse": the weighted Bonferroni combination of its
 * gated rows' p-values, min over rows of pᵢ / wᵢ (capped at 1), where wᵢ is row i's share of the family's α (from each
 * row's confidence, 1 − αᵢ; equal shares when a row lacks it). So the family's p is below α exactly when one of its
 * rows is beyond its own share of α, the first stage's own split (the pooled row's share, the rest per parameter),
 * whatever the threshold. NaN when no row carries a p-value.
 */
export function familyPValue(rows: readonly ScreenRow[]): number {
  const tested = rows.filter(
    (r): r is ScreenRow & { pValue: number } =>
      judgeable(r) && typeof r.pValue === 'number' && Number.isFinite(r.pValue),
  );
  if (tested.length === 0) return NaN;
  const alphas = tested.map((r) =>
    typeof r.confidence === 'number' && r.confidence > 0 && r.confidence < 1 ? 1 - r.confidence : NaN,
  );
  return weightedBonferroni(
    tested.map((r) => r.pValue),
    alphas,
  );
}

/** The upper end of a row's 90 % interval of the change (a history row's, else an A/B row's); NaN without one. */
export function intervalUpper(row: ScreenRow): number {
  const interval = row.changeInterval ?? row.interval;
  if (typeof interval !== 'object' || interval === null) return NaN;
  const upper = (interval as { upper?: unknown }).upper;
  return typeof upper === 'number' ? upper : NaN;
}

/**
 * Whether the first stage could not clear a gated row: its 90 % interval of the change reaches its threshold (upper
 * end ≥ threshold, both worse positive). False without an interval or a threshold (the other rules decide then), and
 * for a row a label or waiver accepted (a known change needs no clearing).
 */
export function rowReaches(row: ScreenRow): boolean {
  const upper = intervalUpper(row);
  return (
    judgeable(row) &&
    row.status !== 'accepted' &&
    typeof row.threshold === 'number' &&
    Number.isFinite(row.threshold) &&
    Number.isFinite(upper) &&
    upper >= row.threshold
  );
}

/** Whether `flagged` takes up a row: gated, on both sides, and failed or undecided. */
function rowFlagged(row: ScreenRow): boolean {
  return judgeable(row) && (row.failed === true || CONFIRMED_STATUSES.includes(row.status as ComparisonStatus));
}

/**
 * The rows of one experiment's comparison that `screen` takes up: under `flagged` each failed or undecided row, under
 * `family-p` every judgeable row of each family it flags (below its level, or, with `reach`, not cleared).
 */
export function screenRows<R extends ScreenRow>(rows: readonly R[], screen: Screen): R[] {
  if (screen.rule === 'flagged') return rows.filter(rowFlagged);
  const families = new Map<string, R[]>();
  for (const row of rows)
    if (judgeable(row)) families.set(screenFamily(row), [...(families.get(screenFamily(row)) ?? []), row]);
  return [...families.values()].flatMap((family) => {
    // A family without a p-value (a threshold baseline): its failed and undecided rows, as `flagged` takes them.
    if (Number.isNaN(familyPValue(family))) return family.filter(rowFlagged);
    const taken =
      family.some((r) => r.failed === true || UNJUDGED.includes(r.status as ComparisonStatus)) ||
      familyPValue(family) < screen.level ||
      (screen.reach === true && family.some(rowReaches));
    return taken ? family : [];
  });
}

/**
 * K: the families a confirmation of `parameters` (`all`, or a set of parameter labels) judges in one experiment whose
 * first-stage rows are `rows`: every gated family with a judgeable row at a confirmed parameter (the confirmation runs
 * and judges every gated statistic of a confirmed benchmark, flagged or not).
 */
export function confirmedFamilies(rows: readonly ScreenRow[], parameters: 'all' | ReadonlySet<string>): number {
  const families = new Set<string>();
  for (const row of rows) {
    if (!judgeable(row)) continue;
    const parameter = typeof row.parameter === 'string' ? row.parameter : '';
    if (parameters === 'all' || parameters.has(parameter)) families.add(screenFamily(row));
  }
  return families.size;
}

/**
 * The families (screenFamily) of a history's suite rows (compare/suiteRow.ts, reported under SUITE_EXPERIMENT) that
 * `screen` takes up, as it takes up any family: a suite that moved as one is screened in, and its benchmarks are
 * confirmed (suiteMembers), since only A/B pairs on one runner tell a slower runner from a slower build.
 */
export function screenedSuites(
  subExperiments: readonly { experimentType?: unknown; comparisons?: ScreenRow[] }[],
  screen: Screen,
): Set<string> {
  const suites = new Set<string>();
  for (const sub of subExperiments)
    if (sub.experimentType === SUITE_EXPERIMENT && Array.isArray(sub.comparisons))
      for (const row of screenRows(sub.comparisons, screen)) suites.add(screenFamily(row));
  return suites;
}

/** The rows of one experiment that are benchmarks of a screened suite: its judgeable parameter rows of that family. */
export function suiteMembers<R extends ScreenRow>(rows: readonly R[], suites: ReadonlySet<string>): R[] {
  if (suites.size === 0) return [];
  return rows.filter((r) => judgeable(r) && r.pooled !== true && suites.has(screenFamily(r)));
}
