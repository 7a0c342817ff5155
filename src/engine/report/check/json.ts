import type { CheckReport } from './model.js';

/** Bumped when the shape of report.json changes incompatibly. */
export const REPORT_SCHEMA_VERSION = 1;

/** report.json: every check row and the verdict. NaN values are written as null. */
export function renderJson(report: CheckReport): string {
  const document = {
    schemaVersion: REPORT_SCHEMA_VERSION,
    verdict: report.verdict,
    checksTotal: report.checksTotal,
    checksPassed: report.checksPassed,
    checksFailed: report.checksFailed,
    failedExperiments: report.failedExperiments,
    uncheckedExperiments: report.uncheckedExperiments,
    experimentsWithoutResults: report.experimentsWithoutResults,
    ...(report.skipped.length > 0 ? { skipped: report.skipped } : {}),
    subExperiments: report.subExperiments.map((s) => ({
      experimentType: s.experimentType,
      source: s.source,
      status: s.status,
      checks: s.rows.map((r) => ({
        check: r.check,
        bytes: finite(r.payloadBytes),
        ...(r.parameter !== undefined ? { parameter: r.parameter } : {}),
        ...(r.direction !== undefined ? { direction: r.direction } : {}),
        ...(r.unit !== undefined ? { unit: r.unit } : {}),
        requirement: finite(r.requirement),
        experiment: finite(r.experiment),
        difference: finite(r.difference),
        percentOverRequirement: finite(r.percentOver),
        status: r.status,
        ...(r.message !== undefined ? { message: r.message } : {}),
      })),
    })),
    problems: report.problems,
    warnings: report.warnings,
    ...(report.notes !== undefined && report.notes.length > 0 ? { notes: report.notes } : {}),
  };
  return JSON.stringify(document, null, 2) + '\n';
}

function finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
