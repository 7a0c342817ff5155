/**
 * Accepting a known change: a failing row that a reviewer accepted — through a label on the pull request, or a row of
 * the waiver file (waivers.ts) — is reported as `accepted` and no longer fails. Applied to a comparison after its
 * verdict method judged it, so it works alike for the threshold, history and paired methods and for the two-stage
 * gate. The date is the caller's (the run's clock): the engine never reads one.
 */
import { POOLED_PARAMETER, type ComparisonRow, type RowAcceptance, type SubExperimentComparison } from './rows.js';
import { InputError, type SourcePlace } from '../errors.js';
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

/** The key a waiver is indexed by, and the keys a row's names give (waivers.ts refuses two waivers of one key). */
function waiverKey(benchmark: string, metric: string): string {
  return `${benchmark}\u0000${metric}`;
}

/** `+31.2 %` */
function signed(x: number): string {
  return `${x >= 0 ? '+' : '−'}${Math.abs(Number(x.toPrecision(3)))} %`;
}

/**
 * Warnings of one kind named one by one up to this many; the rest are counted in one more. A waiver file comes from the
 * pull request, so its author controls how many rows it has: a million rows that match nothing are not a million
 * warnings in the comment.
 */
export const WAIVER_WARNINGS_NAMED = 10;

/** The warnings of one kind: the first WAIVER_WARNINGS_NAMED as they are, then a count of the others. */
function capped(warnings: readonly string[], others: (count: number) => string): string[] {
  if (warnings.length <= WAIVER_WARNINGS_NAMED) return [...warnings];
  return [...warnings.slice(0, WAIVER_WARNINGS_NAMED), others(warnings.length - WAIVER_WARNINGS_NAMED)];
}

/** Where a waiver was written, for an InputError: its file and line when read from a file, else its place. */
function placeOf(waiver: Waiver): SourcePlace {
  return waiver.file !== undefined && waiver.line !== undefined
    ? { file: waiver.file, line: waiver.line, column: 1 }
    : { file: waiver.place };
}

/**
 * The waivers in force, indexed by benchmark and metric: a row finds its waiver by its names (a few lookups), so that
 * the work is linear in rows plus waivers, never their product. Two waivers that match one row (`time/op` and
 * `time/op median` of one benchmark, or its two names `exp size=1k` and `exp 1024 B`) are an InputError naming both
 * lines: which ceiling applies would otherwise be the file's order.
 */
class WaiverIndex {
  private readonly byKey = new Map<string, Waiver>();
  /** The waivers some row of the comparison matches. */
  readonly used = new Set<Waiver>();

  constructor(waivers: readonly Waiver[]) {
    for (const w of waivers) {
      const key = waiverKey(w.benchmark, w.metric);
      if (!this.byKey.has(key)) this.byKey.set(key, w);
    }
  }

  get size(): number {
    return this.byKey.size;
  }

  /** The waiver that matches the row, if any; every row is looked up once, failing or not. */
  find(row: ComparisonRow): Waiver | undefined {
    if (this.byKey.size === 0) return undefined;
    let found: Waiver | undefined;
    for (const benchmark of benchmarkNames(row))
      for (const metric of metricNames(row)) {
        const waiver = this.byKey.get(waiverKey(benchmark, metric));
        if (waiver === undefined || waiver === found) continue;
        if (found !== undefined) throw overlapError(found, waiver, row);
        found = waiver;
      }
    if (found) this.used.add(found);
    return found;
  }
}

function overlapError(a: Waiver, b: Waiver, row: ComparisonRow): InputError {
  const [first, second] = (a.line ?? 0) <= (b.line ?? 0) ? [a, b] : [b, a];
  const [benchmark] = benchmarkNames(row);
  return new InputError(
    `waivers ${first.place} (${first.benchmark}, ${first.metric}, ${signed(first.ceilingPercent)}) and ` +
      `${second.place} (${second.benchmark}, ${second.metric}, ${signed(second.ceilingPercent)}) both match ` +
      `${benchmark} ${row.metric} ${row.statistic}: one row takes one waiver, remove or narrow one of them`,
    placeOf(second),
  );
}

/**
 * The comparisons with their accepted rows: a failing row that a waiver (in force, matching exactly, its change within
 * the ceiling) or the label covers is `accepted` and does not fail; a waiver is preferred, being the narrower word.
 * Each sub-experiment's status is recomputed from its rows. Two waivers in force matching one row are an InputError.
 */
export function acceptComparisons(
  comparisons: readonly SubExperimentComparison[],
  rules: AcceptanceRules,
): AcceptanceOutcome {
  const expired: string[] = [];
  const inForce: Waiver[] = [];
  for (const w of rules.waivers ?? []) {
    if (rules.today === undefined || w.expires >= rules.today) inForce.push(w);
    else
      expired.push(
        `Waiver ${w.place} (${w.benchmark}, ${w.metric}) expired on ${w.expires} and is ignored: renew it or remove it.`,
      );
  }
  const warnings = capped(
    expired,
    (n) => `${n} more waivers expired before ${rules.today ?? ''} and are ignored: renew them or remove them.`,
  );
  if (!rules.label && inForce.length === 0) return { comparisons: [...comparisons], warnings };
  const index = new WaiverIndex(inForce);
  const exceeded: string[] = [];
  const accept = (row: ComparisonRow): ComparisonRow => {
    const waiver = index.find(row);
    if (!row.failed) return row;
    let acceptance: RowAcceptance | undefined;
    if (waiver) {
      if (Number.isFinite(row.deltaPercent) && row.deltaPercent <= waiver.ceilingPercent) {
        const { ceilingPercent, expires, link, reason, place } = waiver;
        acceptance = { kind: 'waiver', ceilingPercent, expires, link, reason, place };
      } else if (!rules.label) {
        exceeded.push(
          `Waiver ${waiver.place} (${waiver.benchmark}, ${waiver.metric}) accepts up to ${signed(waiver.ceilingPercent)}, ` +
            `but the change is ${Number.isFinite(row.deltaPercent) ? signed(row.deltaPercent) : 'not known'}: the row still fails.`,
        );
      }
    }
    if (!acceptance && rules.label) acceptance = { kind: 'label', ...rules.label };
    return acceptance ? { ...row, status: 'accepted', failed: false, acceptance } : row;
  };
  const accepted = comparisons.map((comparison) => {
    const rows = comparison.rows.map(accept);
    const failing = rows.some((r) => r.failed);
    const status =
      (comparison.status === 'failed' || comparison.status === 'missing') &&
      !failing &&
      rows.some((r) => r.status === 'accepted')
        ? 'passed'
        : comparison.status;
    return { ...comparison, status, rows };
  });
  // A waiver whose names match no row at all is most likely misspelt: said, so that it is not trusted unseen.
  const unmatched: string[] = [];
  for (const w of inForce)
    if (!index.used.has(w))
      unmatched.push(
        `Waiver ${w.place} (${w.benchmark}, ${w.metric}) matches no row of this comparison: benchmark and metric must be written as the reports name them.`,
      );
  for (const warning of capped(
    unmatched,
    (n) =>
      `${n} more waivers match no row of this comparison: benchmark and metric must be written as the reports name them.`,
  ))
    warnings.push(warning);
  for (const warning of capped(
    exceeded,
    (n) => `${n} more waivers are exceeded by their row's change: those rows still fail.`,
  ))
    warnings.push(warning);
  return { comparisons: accepted, warnings };
}

/** How a row was accepted, in a few words: `label perfgate-accept`, `waiver .github/perfgate-waivers.csv:3`. */
export function acceptanceWords(acceptance: RowAcceptance): string {
  return acceptance.kind === 'label' ? `label ${acceptance.label}` : `waiver ${acceptance.place}`;
}
