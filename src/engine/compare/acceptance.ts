/**
 * Accepting a known change: a failing row that a reviewer accepted — through a label on the pull request, or a row of
 * the waiver file (waivers.ts) — is reported as `accepted` and no longer fails. Applied to a comparison after its
 * verdict method judged it, so it works alike for the threshold, history and paired methods and for the two-stage
 * gate. The date is the caller's (the run's clock): the engine never reads one.
 */
import { POOLED_PARAMETER, type ComparisonRow, type RowAcceptance, type SubExperimentComparison } from './rows.js';
import type { Waiver } from './waivers.js';

/** The label on the pull request that accepts every failing row. */
export interface AcceptLabel {
  label: string;
  /** Who added it (a GitHub login), when known. */
  by?: string;
  /** The label's description on GitHub: the team's rationale, quoted. */
  description?: string;
}

export interface AcceptanceRules {
  label?: AcceptLabel;
  waivers?: readonly Waiver[];
  /** Today, `YYYY-MM-DD` (the run's clock): a waiver whose `expires` is before it is ignored. */
  today?: string;
}

export interface AcceptanceOutcome {
  comparisons: SubExperimentComparison[];
  /** Expired waivers, and waivers whose ceiling a row exceeded (it still fails): perfgate's words and the file's. */
  warnings: string[];
}

/** The names a row's benchmark goes by in the reports: `exp param`, `exp 1024 B`, `exp geomean`, `exp`. */
export function benchmarkNames(row: ComparisonRow): string[] {
  const parameter = row.pooled ? POOLED_PARAMETER : row.parameter;
  const names = [parameter === '' ? row.experimentType : `${row.experimentType} ${parameter}`];
  if (!row.pooled && Number.isFinite(row.payloadBytes)) names.push(`${row.experimentType} ${row.payloadBytes} B`);
  return names;
}

/** The names a row's metric goes by: the metric (`time/op`), with its statistic (`time/op median`), the magnitude. */
function metricNames(row: ComparisonRow): string[] {
  return [row.metric, `${row.metric} ${row.magnitude.toLowerCase()}`, `${row.metric} ${row.statistic}`, row.magnitude];
}

function matches(waiver: Waiver, row: ComparisonRow): boolean {
  return benchmarkNames(row).includes(waiver.benchmark) && metricNames(row).includes(waiver.metric);
}

/** `+31.2 %` */
function signed(x: number): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(Number(x.toPrecision(3)))} %`;
}

/**
 * The comparisons with their accepted rows: a failing row that a waiver (in force, matching exactly, its change within
 * the ceiling) or the label covers is `accepted` and does not fail; a waiver is preferred, being the narrower word.
 * Each sub-experiment's status is recomputed from its rows.
 */
export function acceptComparisons(
  comparisons: readonly SubExperimentComparison[],
  rules: AcceptanceRules,
): AcceptanceOutcome {
  const warnings: string[] = [];
  const inForce = (rules.waivers ?? []).filter((w) => {
    if (rules.today === undefined || w.expires >= rules.today) return true;
    warnings.push(
      `Waiver ${w.place} (${w.benchmark}, ${w.metric}) expired on ${w.expires} and is ignored: renew it or remove it.`,
    );
    return false;
  });
  if (!rules.label && inForce.length === 0) return { comparisons: [...comparisons], warnings };
  // A waiver whose names match no row at all is most likely misspelt: said, so that it is not trusted unseen.
  const rows = comparisons.flatMap((c) => c.rows);
  for (const w of inForce)
    if (!rows.some((row) => matches(w, row)))
      warnings.push(
        `Waiver ${w.place} (${w.benchmark}, ${w.metric}) matches no row of this comparison: benchmark and metric must be written as the reports name them.`,
      );
  const accept = (row: ComparisonRow): ComparisonRow => {
    if (!row.failed) return row;
    let acceptance: RowAcceptance | undefined;
    const waiver = inForce.find((w) => matches(w, row));
    if (waiver) {
      if (Number.isFinite(row.deltaPercent) && row.deltaPercent <= waiver.ceilingPercent) {
        const { ceilingPercent, expires, link, reason, place } = waiver;
        acceptance = { kind: 'waiver', ceilingPercent, expires, link, reason, place };
      } else if (!rules.label) {
        warnings.push(
          `Waiver ${waiver.place} (${waiver.benchmark}, ${waiver.metric}) accepts up to ${signed(waiver.ceilingPercent)}, ` +
            `but the change is ${Number.isFinite(row.deltaPercent) ? signed(row.deltaPercent) : 'not known'}: the row still fails.`,
        );
      }
    }
    if (!acceptance && rules.label) acceptance = { kind: 'label', ...rules.label };
    return acceptance ? { ...row, status: 'accepted', failed: false, acceptance } : row;
  };
  return {
    comparisons: comparisons.map((comparison) => {
      const rows = comparison.rows.map(accept);
      const failing = rows.some((r) => r.failed);
      const status =
        (comparison.status === 'failed' || comparison.status === 'missing') &&
        !failing &&
        rows.some((r) => r.status === 'accepted')
          ? 'passed'
          : comparison.status;
      return { ...comparison, status, rows };
    }),
    warnings,
  };
}

/** How a row was accepted, in a few words: `label perfgate-accept`, `waiver .github/perfgate-waivers.csv:3`. */
export function acceptanceWords(acceptance: RowAcceptance): string {
  return acceptance.kind === 'label' ? `label ${acceptance.label}` : `waiver ${acceptance.place}`;
}
