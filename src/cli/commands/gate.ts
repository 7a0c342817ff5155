/** The gating commands, check and compare, and the report, charts and comment they finish with. */
import { renderText } from '../../engine/report/check/text.js';
import { REPORT_MARKDOWN, runCheck } from '../../pipeline/check.js';
import { writeReportCharts, type ReportChartsOptions } from '../../pipeline/writeReportCharts.js';
import type { ReviewerCommentParts } from '../../engine/report/comment/reviewerComment.js';
import { COMPARISON_MARKDOWN, runCompare, type CompareOptions } from '../../pipeline/compare.js';
import { comparisonTextPieces, TERMINAL_TABLE_ROWS } from '../../engine/report/comparison/comparisonText.js';
import { UsageError } from '../../engine/errors.js';
import { choiceSetting, DEFAULT_OUTPUT_DIR } from '../../engine/options.js';
import {
  CLI_SPELLING,
  comparisonRules,
  comparisonSettings,
  type ComparisonGiven,
} from '../../engine/settings/rules.js';
import {
  CHART_OPTIONS,
  floatParseOption,
  readOptions,
  HELP_OPTION,
  parseCommandArgs,
  resultPaths,
  SET_OPTIONS,
} from '../args.js';
import { CHECK_HELP, COMPARE_HELP } from '../help.js';
import { currentEnvironment, environmentOption } from '../../pipeline/environment.js';
import {
  COMMENT_CHARTS,
  erroredCommentOnFailure,
  writeReviewerComment,
  type CommentCharts,
} from '../../pipeline/comment.js';
import { EXIT_GATE_FAILED, EXIT_PASS, outInPieces, withReportWarnings, type Console } from '../io.js';
import type { Files } from '../../pipeline/rootedFiles.js';

export function checkCommand(args: string[], io: Console, files: Files): number | Promise<number> {
  const { values, positionals } = parseCommandArgs('check', args, {
    results: { type: 'string', short: 'r', multiple: true },
    requirements: { type: 'string', short: 'q' },
    'output-dir': { type: 'string', short: 'o' },
    ...SET_OPTIONS,
    ...CHART_OPTIONS,
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(CHECK_HELP);
    return EXIT_PASS;
  }
  // `--results a b c`: paths after the flag are positionals (a shell glob expands to many).
  const results = resultPaths(files, [...(values.results ?? []), ...positionals]);
  if (results.length === 0) throw new UsageError('check: --results is required (files, folders or glob patterns)');
  const requirements = values.requirements;
  if (!requirements) throw new UsageError('check: --requirements is required (a requirements CSV)');
  const outputDir = values['output-dir'] ?? DEFAULT_OUTPUT_DIR;
  const outcome = withReportWarnings(
    io,
    (progress) =>
      erroredCommentOnFailure(files, outputDir, () =>
        runCheck(files, { results, requirements, outputDir, ...readOptions(files, values) }, progress),
      ),
    (done) => done.report.warnings,
  );
  io.out(renderText(outcome.report));
  io.out(`\nReport: ${outcome.markdownPath}, ${outcome.jsonPath}\n`);
  const code = outcome.report.verdict === 'pass' ? EXIT_PASS : EXIT_GATE_FAILED;
  return finishReport(files, io, values, code, { check: outcome.report }, { check: outcome }, REPORT_MARKDOWN);
}

export function compareCommand(args: string[], io: Console, files: Files): number | Promise<number> {
  const { values, positionals } = parseCommandArgs('compare', args, {
    reference: { type: 'string', short: 'R', multiple: true },
    history: { type: 'string', short: 'H' },
    results: { type: 'string', short: 'r', multiple: true },
    paired: { type: 'boolean' },
    'max-pairs': { type: 'string' },
    'shared-shift': { type: 'boolean' },
    missing: { type: 'string' },
    'no-suite-budget': { type: 'boolean' },
    confidence: { type: 'string' },
    gate: { type: 'string' },
    'reference-label': { type: 'string' },
    'results-label': { type: 'string' },
    threshold: { type: 'string', short: 't' },
    waivers: { type: 'string' },
    'output-dir': { type: 'string', short: 'o' },
    environment: { type: 'string', multiple: true },
    'no-environment-check': { type: 'boolean' },
    ...SET_OPTIONS,
    ...CHART_OPTIONS,
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(COMPARE_HELP);
    return EXIT_PASS;
  }
  const reference = resultPaths(files, values.reference ?? []);
  // `--results a b c`: paths after the last flag are results (a shell glob expands to many).
  const results = resultPaths(files, [...(values.results ?? []), ...positionals]);
  const history = values.history;
  if (reference.length === 0 && history === undefined)
    throw new UsageError(
      'compare: --reference (files, folders or glob patterns) or --history (a folder of runs) is required',
    );
  const comparison: ComparisonGiven = {
    ...(reference.length > 0 ? { reference: 'paths' } : {}),
    history: history !== undefined,
    paired: values.paired === true,
    maxPairs: values['max-pairs'],
    sharedShift: values['shared-shift'] === true,
    ...(values['no-suite-budget'] === true ? { suiteBudget: false } : {}),
    confidence: values.confidence,
    gate: values.gate,
    threshold: values.threshold,
    missing: values.missing,
  };
  comparisonRules(comparison, CLI_SPELLING);
  if (results.length === 0) throw new UsageError('compare: --results is required (files, folders or glob patterns)');
  const given = values.environment;
  checkEnvironmentFlags(given, values['no-environment-check'], history);
  const outputDir = values['output-dir'] ?? DEFAULT_OUTPUT_DIR;
  const outcome = withReportWarnings(
    io,
    (progress) =>
      erroredCommentOnFailure(files, outputDir, () =>
        runCompare(
          files,
          {
            reference,
            ...(history !== undefined ? { history } : {}),
            results,
            ...(values['reference-label'] !== undefined ? { referenceLabel: values['reference-label'] } : {}),
            ...(values['results-label'] !== undefined ? { resultLabel: values['results-label'] } : {}),
            outputDir,
            // Today's date for the waivers' expiry, read here at the shell's edge: the engine reads no clock.
            ...(values.waivers !== undefined
              ? { waivers: values.waivers, today: new Date().toISOString().slice(0, 10) }
              : {}),
            ...comparisonSettings(comparison, CLI_SPELLING),
            ...historyMachineCheck(files, given, values['no-environment-check'], history),
            ...readOptions(files, values),
          },
          progress,
        ),
      ),
    (done) => done.report.warnings,
  );
  // The first rows, as the action's log: the files hold every row (66,000 at 10,000 benchmarks × 10 repetitions).
  const wholeTable = `${outcome.markdownPath} and ${outcome.jsonPath}`;
  outInPieces(io, comparisonTextPieces(outcome.report, { maxRows: TERMINAL_TABLE_ROWS, wholeTable }));
  io.out(`\nReport: ${outcome.markdownPath}, ${outcome.jsonPath}\n`);
  const code = outcome.report.verdict === 'pass' ? EXIT_PASS : EXIT_GATE_FAILED;
  return finishReport(
    files,
    io,
    values,
    code,
    { comparison: outcome.report },
    { compare: outcome, ...(history !== undefined ? { historyFolder: history } : {}) },
    COMPARISON_MARKDOWN,
  );
}

/** --environment and --no-environment-check: not both, and only with --history. */
function checkEnvironmentFlags(given: string[] | undefined, noCheck: boolean | undefined, history: string | undefined) {
  if (given !== undefined && noCheck)
    throw new UsageError(
      'compare: --environment names the machine to check the history against; --no-environment-check turns the check off: give one',
    );
  if ((given !== undefined || noCheck) && history === undefined)
    throw new UsageError(
      'compare: --environment and --no-environment-check are for --history (the machine check of history runs)',
    );
}

/**
 * The machine the history runs are checked against: the one --environment names, else this one. As the action does
 * with its runner: history runs from another kind of machine are not judged.
 */
function historyMachineCheck(
  files: Files,
  given: string[] | undefined,
  noCheck: boolean | undefined,
  history: string | undefined,
): Pick<CompareOptions, 'resultsEnvironment' | 'environment'> {
  if (noCheck || history === undefined) return {};
  return given !== undefined
    ? { resultsEnvironment: environmentOption(files, given) }
    : { environment: currentEnvironment(process.env) };
}

/** After check or compare: with --charts the charts and report.html, then comment.md; the exit code. */
function finishReport(
  files: Files,
  io: Console,
  values: {
    'output-dir'?: string;
    'comment-charts'?: string;
    'float-parse'?: string;
    charts?: boolean;
    png?: boolean;
    'no-png'?: boolean;
  },
  code: number,
  parts: ReviewerCommentParts,
  outcome: Pick<ReportChartsOptions, 'check' | 'compare' | 'historyFolder'>,
  fullReport: string,
): number | Promise<number> {
  const outputDir = values['output-dir'] ?? DEFAULT_OUTPUT_DIR;
  const commentCharts = commentChartsOption(values['comment-charts']);
  const written = outcome.check?.written ?? outcome.compare?.written ?? [];
  const where = { fullReport, reportHtml: values.charts === true, csvFiles: written.some((f) => f.endsWith('.csv')) };
  const comment = (charts?: string) =>
    writeReviewerComment(
      files,
      outputDir,
      { ...parts, ...(charts ? { charts } : {}) },
      code !== EXIT_PASS,
      commentCharts,
      where,
    );
  if (!values.charts) {
    io.out(`Comment: ${comment()}\n`);
    return code;
  }
  return writeReportCharts(files, outputDir, {
    ...outcome,
    floatParse: floatParseOption(values['float-parse']),
    png: pngOption(values),
  }).then((charts) => {
    io.out(`Charts: ${charts.charts.length}, ${charts.written.length} files; open ${charts.reportHtmlPath}\n`);
    io.out(`Comment: ${comment(charts.mermaid)}\n`);
    return code;
  });
}

function commentChartsOption(value: string | undefined): CommentCharts {
  return choiceSetting(value, '--comment-charts', COMMENT_CHARTS, 'failing');
}

/**
 * `--png` draws PNGs too; `--charts` alone writes what report.html and a reader use: specs and SVGs. `--no-png` (the
 * former opt-out) is accepted and wins.
 */
function pngOption(values: { png?: boolean; 'no-png'?: boolean }): boolean {
  return values.png === true && values['no-png'] !== true;
}
