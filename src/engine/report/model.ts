import { CHECKED_MAGNITUDES, type CheckedMagnitude, type Requirement } from '../model/requirement.js';
import { rowFailed, type CheckRow, type SubExperimentCheck } from '../check/checkRow.js';
import { formatFixed3 } from '../numeric/formatFixed.js';

export type Verdict = 'pass' | 'fail';

/** One line of the percentage-over-requirement table: a sub-experiment at one payload size. */
export interface PercentRow {
  experimentType: string;
  payloadBytes: number;
  cells: Partial<Record<CheckedMagnitude, CheckRow>>;
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
  /** Sub-experiments with requirements but no results. */
  experimentsWithoutResults: string[];
  subExperiments: SubExperimentCheck[];
  /** Failing rows first, then passing ones; each group in sub-experiment then payload order. */
  table: PercentRow[];
  /** Failures that are not just "over the limit" (missing payloads, empty values). */
  problems: string[];
  warnings: string[];
}

export function buildCheckReport(checks: SubExperimentCheck[], requirements: readonly Requirement[]): CheckReport {
  const rows = checks.flatMap((c) => c.rows);
  const checksFailed = rows.filter(rowFailed).length;
  const failedExperiments = checks.filter((c) => c.status === 'failed').map((c) => c.experimentType);
  const uncheckedExperiments = checks.filter((c) => c.status === 'unchecked').map((c) => c.experimentType);
  const present = new Set(checks.map((c) => c.experimentType));
  const experimentsWithoutResults = [...new Set(requirements.map((r) => r.experimentType))].filter((t) => !present.has(t));

  const table: PercentRow[] = [];
  for (const sub of checks) {
    const byPayload = new Map<number, PercentRow>();
    for (const row of sub.rows) {
      let line = byPayload.get(row.payloadBytes);
      if (!line) {
        line = { experimentType: sub.experimentType, payloadBytes: row.payloadBytes, cells: {}, failed: false };
        byPayload.set(row.payloadBytes, line);
        table.push(line);
      }
      line.cells[row.check] = row;
      if (rowFailed(row)) line.failed = true;
    }
  }
  const ordered = [...table.filter((r) => r.failed), ...table.filter((r) => !r.failed)];

  const problems: string[] = [];
  if (rows.length === 0) {
    // A gate that checked nothing is a configuration mistake (e.g. a misspelled type), not a pass.
    problems.push('no checks were run: no sub-experiment in the results has requirements');
  }
  problems.push(...checks.flatMap((c) =>
    c.rows.filter((r) => r.message !== undefined && !(r.status === 'missing' && r.check !== CHECKED_MAGNITUDES[0])).map((r) => `${c.experimentType}: ${r.message}`),
  ));
  const warnings = [
    ...uncheckedExperiments.map((t) => `${t}: no requirements for this sub-experiment; it was not checked`),
    ...experimentsWithoutResults.map((t) => `${t}: requirements are given but no results were found`),
  ];
  return {
    verdict: failedExperiments.length > 0 || rows.length === 0 ? 'fail' : 'pass',
    checksTotal: rows.length,
    checksPassed: rows.length - checksFailed,
    checksFailed,
    experimentsChecked: checks.length - uncheckedExperiments.length,
    failedExperiments,
    uncheckedExperiments,
    experimentsWithoutResults,
    subExperiments: checks,
    table: ordered,
    problems,
    warnings,
  };
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

/** One sentence per failed check, in report order (failing sub-experiments, Median → Max). */
export function failedCheckNotes(report: CheckReport): FailedCheckNote[] {
  return report.subExperiments.flatMap((sub) =>
    sub.rows
      .filter((r) => r.status !== 'passed')
      .map((r) => ({
        experimentType: sub.experimentType,
        ...(r.line !== undefined ? { line: r.line } : {}),
        message:
          r.message ??
          `${r.check} at ${r.payloadBytes} B: ${formatFixed3(r.experiment)} µs is ${formatFixed3(r.percentOver)} % over the requirement of ${formatFixed3(r.requirement)} µs`,
      })),
  );
}
