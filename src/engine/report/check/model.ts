import { CHECKED_MAGNITUDES } from '../../model/requirement.js';
import { rowFailed, type CheckRow, type SubExperimentCheck } from '../../check/checkRow.js';
import { formatFixed3 } from '../../numeric/formatFixed.js';
import { quantityDisplay } from '../quantity.js';

export type Verdict = 'pass' | 'fail';

/** One line of the percentage-over-requirement table: a sub-experiment at one payload size. */
export interface PercentRow {
  experimentType: string;
  payloadBytes: number;
  /** What the Bytes column shows: the payload size, or another parameter's label. */
  parameter: string;
  /** Keyed by CheckRow.check (`Median`, `99%`, `Max`, or a metric's label). */
  cells: Partial<Record<string, CheckRow>>;
  failed: boolean;
}

/** Everything a renderer needs; renderers only format what is here. */
export interface CheckReport {
  verdict: Verdict;
  checksTotal: number;
  checksPassed: number;
  checksFailed: number;
  /** Checked sub-experiments (passed or failed). */
  experimentsChecked: number;
  failedExperiments: string[];
  /** Sub-experiments in the results with no requirement rows. */
  uncheckedExperiments: string[];
  /** Sub-experiments with requirements but no results (failed unless every one is optional). */
  experimentsWithoutResults: string[];
  /** Optional requirements with no result, one sentence each: reported, not failed. */
  skipped: string[];
  subExperiments: SubExperimentCheck[];
  /** Failing rows first, then passing ones; each group in sub-experiment then payload order. */
  table: PercentRow[];
  /** The table's check columns in order: `Median`, `99%`, `Max` for reference checks. */
  columns: string[];
  /** True when every row is a reference latency check (values in µs, lower is better). */
  latencyOnly: boolean;
  /** Failures that are not just "over the limit" (missing payloads, empty values). */
  problems: string[];
  warnings: string[];
  /**
   * How the results were read where the user chose it (repetitions pooled): perfgate's own sentences, no names from
   * files.
   */
  notes?: string[];
}

/**
 * Builds the report from the checked sub-experiments. `requiredExperiments` are the sub-experiment
 * names the requirements mention (requirement rows with `experimentType`, or plain names).
 */
export function buildCheckReport(
  checks: SubExperimentCheck[],
  requiredExperiments: readonly ({ experimentType: string } | string)[],
): CheckReport {
  const rows = checks.flatMap((c) => c.rows);
  const checksFailed = rows.filter(rowFailed).length;
  const failedExperiments = checks.filter((c) => c.status === 'failed').map((c) => c.experimentType);
  const uncheckedExperiments = checks.filter((c) => c.status === 'unchecked').map((c) => c.experimentType);
  const present = new Set(checks.filter((c) => !c.absent).map((c) => c.experimentType));
  const required = requiredExperiments.map((r) => (typeof r === 'string' ? r : r.experimentType));
  const experimentsWithoutResults = [
    ...new Set([...checks.filter((c) => c.absent).map((c) => c.experimentType), ...required]),
  ].filter((t) => !present.has(t));
  // checkMeasurements reports required experiments that are not in the results; names the checks
  // passed here do not cover (one summary checked on its own) can only be warned about.
  const uncovered = experimentsWithoutResults.filter((t) => !checks.some((c) => c.experimentType === t));
  const skipped = checks.flatMap((c) => (c.skipped ?? []).map((s) => `${c.experimentType}: ${s}`));
  const latencyOnly = rows.every((r) => r.direction === undefined && r.unit === undefined && r.parameter === undefined);
  const columns: string[] = latencyOnly ? [...CHECKED_MAGNITUDES] : [];
  if (!latencyOnly) for (const r of rows) if (!columns.includes(r.check)) columns.push(r.check);

  const table = percentTable(checks);
  const ordered = [...table.filter((r) => r.failed), ...table.filter((r) => !r.failed)];

  const problems: string[] = [];
  if (rows.length === 0) {
    // A gate that checked nothing is a configuration mistake (e.g. a misspelled type), not a pass.
    problems.push(
      skipped.length > 0
        ? 'no checks were run: every requirement that names these results is optional, and none is in them'
        : 'no checks were run: no sub-experiment in the results has requirements',
    );
  }
  // A missing payload fails every magnitude of it, a missing experiment every limit: say so once.
  const messages = checks.flatMap((c) =>
    c.rows
      .filter((r) => r.message !== undefined && !(r.status === 'missing' && r.check !== firstCheckOf(c, r)))
      .map((r) => `${c.experimentType}: ${r.message}`),
  );
  problems.push(...new Set(messages));
  const warnings = [
    ...uncheckedExperiments.map((t) => `${t}: no requirements for this sub-experiment; it was not checked`),
    ...uncovered.map((t) => `${t}: requirements are given but no results were found`),
  ];
  return {
    verdict: failedExperiments.length > 0 || rows.length === 0 ? 'fail' : 'pass',
    checksTotal: rows.length,
    checksPassed: rows.length - checksFailed,
    checksFailed,
    experimentsChecked: checks.filter((c) => c.status === 'passed' || c.status === 'failed').length,
    failedExperiments,
    uncheckedExperiments,
    experimentsWithoutResults,
    skipped,
    subExperiments: checks,
    table: ordered,
    columns,
    latencyOnly,
    problems,
    warnings,
  };
}

/** The table's rows: one per sub-experiment and parameter, its checks as cells, failed when one of them failed. */
function percentTable(checks: readonly SubExperimentCheck[]): PercentRow[] {
  const table: PercentRow[] = [];
  for (const sub of checks) {
    const byParameter = new Map<string, PercentRow>();
    for (const row of sub.rows) {
      const parameter = row.parameter ?? String(row.payloadBytes);
      let line = byParameter.get(parameter);
      if (!line) {
        line = {
          experimentType: sub.experimentType,
          payloadBytes: row.payloadBytes,
          parameter,
          cells: {},
          failed: false,
        };
        byParameter.set(parameter, line);
        table.push(line);
      }
      line.cells[row.check] = row;
      if (rowFailed(row)) line.failed = true;
    }
  }
  return table;
}

/** "45 of 66 checks passed, 2 of 2 sub-experiments failed" */
export function headline(report: CheckReport): string {
  const checks = `${report.checksPassed} of ${report.checksTotal} checks passed`;
  const subs = `${report.failedExperiments.length} of ${report.experimentsChecked} sub-experiment${report.experimentsChecked === 1 ? '' : 's'} failed`;
  return `${checks}, ${subs}`;
}

/** A failed check to show at its place in a summary file (a GitHub annotation). */
export interface FailedCheckNote {
  experimentType: string;
  line?: number;
  message: string;
}

/**
 * One sentence per failed check, in report order (failing sub-experiments, Median → Max); a
 * sentence that several checks share (a missing payload or experiment) once.
 */
export function failedCheckNotes(report: CheckReport): FailedCheckNote[] {
  const seen = new Set<string>();
  return report.subExperiments.flatMap((sub) =>
    sub.rows
      .filter((r) => r.status !== 'passed')
      .map((r) => ({
        experimentType: sub.experimentType,
        ...(r.line !== undefined ? { line: r.line } : {}),
        message: r.message ?? failedCheckSentence(r),
      }))
      .filter((note) => {
        const key = JSON.stringify([note.experimentType, note.line, note.message]);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      }),
  );
}

/** "Median at 1024 B: 12.000 µs is 20.000 % over the requirement of 10.000 µs" */
export function failedCheckSentence(r: CheckRow): string {
  const where = r.parameter ?? `${r.payloadBytes} B`;
  const relation = r.direction === 'higher-is-better' ? 'under the floor' : 'over the requirement';
  // A reference latency check (no unit) reads as the reference writes it, in µs with 3 decimals; others in one unit for
  // both values.
  const shown =
    r.unit === undefined ? undefined : quantityDisplay(r.unit, [r.experiment, r.requirement], r.printedUnit);
  const withUnit = (x: number) => (shown ? shown.withUnit(x) : `${formatFixed3(x)} µs`);
  return `${r.check} at ${where}: ${withUnit(r.experiment)} is ${formatFixed3(r.percentOver)} % ${relation} of ${withUnit(r.requirement)}`;
}

/** The first check label of the payload or parameter `row` belongs to. */
function firstCheckOf(sub: SubExperimentCheck, row: CheckRow): string {
  const parameter = row.parameter ?? String(row.payloadBytes);
  return sub.rows.find((r) => (r.parameter ?? String(r.payloadBytes)) === parameter)?.check ?? row.check;
}
