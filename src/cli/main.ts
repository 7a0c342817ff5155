import { createRequire } from 'node:module';
import { describeError, isUserError, UsageError } from '../engine/errors.js';
import { renderText } from '../engine/report/text.js';
import { REPORT_MARKDOWN, runCheck } from '../pipeline/check.js';
import { writeReportCharts, type ReportChartsOptions } from '../pipeline/reportCharts.js';
import type { ReviewerCommentParts } from '../engine/report/reviewerComment.js';
import type { Progress } from '../pipeline/steps.js';
import { runSummarize } from '../pipeline/summarize.js';
import { COMPARISON_MARKDOWN, runCompare } from '../pipeline/compare.js';
import { runDeriveRequirements } from '../pipeline/derive.js';
import { DEFAULT_PREDICTION, type DeriveMethod } from '../engine/derive/method.js';
import { parseThresholds } from '../engine/compare/thresholds.js';
import { parseGateStatistics } from '../engine/compare/gate.js';
import { parseConfidence } from '../engine/compare/settings.js';
import { labelOfPath } from '../engine/report/comparisonCsv.js';
import { renderComparisonText } from '../engine/report/comparisonText.js';
import { CHART_OPTIONS, floatParseOption, HELP_OPTION, parseCommandArgs, READ_OPTIONS, resultPaths, SET_OPTIONS } from './args.js';
import {
  CHECK_HELP,
  COMPARE_HELP,
  DASHBOARD_HELP,
  DERIVE_HELP,
  EXPORT_HELP,
  HISTORY_EXPORT_HELP,
  HISTORY_HELP,
  HISTORY_IMPORT_HELP,
  INSPECT_HELP,
  MAIN_HELP,
  SUMMARIZE_HELP,
  TRENDS_HELP,
} from './help.js';
import { DEFAULT_HISTORY_WINDOW } from '../pipeline/history.js';
import { runHistoryImport } from '../pipeline/historyImport.js';
import { currentEnvironment, environmentOption } from '../pipeline/environment.js';
import { runHistoryExport } from '../pipeline/historyExport.js';
import { runExport } from '../pipeline/export.js';
import { EXPORT_FORMATS, type ExportFormat } from '../engine/export/export.js';
import type { Direction } from '../engine/model/measurement.js';
import { parseTrendStatistics, runTrends } from '../pipeline/trends.js';
import { renderTrendsText } from '../engine/trends/render.js';
import { runInspect } from '../pipeline/inspect.js';
import { runDashboard } from '../pipeline/dashboard.js';
import { COMMENT_CHARTS, erroredCommentOnFailure, writeReviewerComment, type CommentCharts } from '../pipeline/comment.js';
import { readMapping } from '../pipeline/resultSets.js';
import { renderInspectionJson, renderInspectionText } from '../engine/report/inspect.js';
import { parseExperimentNames, REPETITION_MODES, type RepetitionMode, type ResultsOptions } from '../pipeline/results.js';
import { withoutControls } from '../engine/report/escape.js';

export const EXIT_PASS = 0;
export const EXIT_GATE_FAILED = 1;
export const EXIT_USAGE = 2;
export const EXIT_INTERNAL = 3;

export interface Console {
  out(text: string): void;
  err(text: string): void;
}

declare const PERFGATE_VERSION: string | undefined;

/** Runs one CLI invocation and returns its exit code; it never exits the process itself. */
/**
 * Runs one CLI invocation and returns its exit code; it never exits the process itself. Only
 * commands that draw charts are asynchronous (a Promise); everything else returns at once.
 */
export function runCli(argv: string[], io: Console): number | Promise<number> {
  try {
    const result = dispatch(argv, io);
    return typeof result === 'number' ? result : result.catch((error: unknown) => failure(error, io));
  } catch (error) {
    return failure(error, io);
  }
}

function failure(error: unknown, io: Console): number {
  if (isUserError(error)) {
    io.err(`perfgate: error: ${terminalSafe(describeError(error))}\n`);
    return EXIT_USAGE;
  }
  io.err(`perfgate: internal error: ${(error as Error)?.stack ?? String(error)}\nThis is a bug in perfgate; please report it.\n`);
  return EXIT_INTERNAL;
}

function dispatch(argv: string[], io: Console): number | Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case 'help':
    case '-h':
    case '--help':
      io.out(MAIN_HELP);
      return command === undefined ? EXIT_USAGE : EXIT_PASS;
    case '-V':
    case '-v':
    case '--version':
      io.out(version() + '\n');
      return EXIT_PASS;
    case 'summarize':
      return summarizeCommand(rest, io);
    case 'check':
      return checkCommand(rest, io);
    case 'compare':
      return compareCommand(rest, io);
    case 'derive-requirements':
      return deriveCommand(rest, io);
    case 'inspect':
      return inspectCommand(rest, io);
    case 'trends':
      return trendsCommand(rest, io);
    case 'history':
      return historyCommand(rest, io);
    case 'export':
      return exportCommand(rest, io);
    case 'dashboard':
      return dashboardCommand(rest, io);
    default:
      throw new UsageError(
        `unknown command "${terminalSafe(command)}"; commands are summarize, check, compare, derive-requirements, inspect, trends, history, export and dashboard (see perfgate --help)`,
      );
  }
}

function summarizeCommand(args: string[], io: Console): number {
  const { values, positionals } = parseCommandArgs('summarize', args, {
    'output-dir': { type: 'string', short: 'o' },
    'float-parse': { type: 'string' },
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(SUMMARIZE_HELP);
    return EXIT_PASS;
  }
  if (positionals.length === 0) throw new UsageError('summarize: name at least one raw measurement CSV');
  runSummarize({ rawFiles: positionals, outputDir: values['output-dir'], floatParse: floatParseOption(values['float-parse']) }, cliProgress(io), (path) =>
    io.out(`wrote ${path}\n`),
  );
  return EXIT_PASS;
}

function checkCommand(args: string[], io: Console): number | Promise<number> {
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
  const results = resultPaths([...(values.results ?? []), ...positionals]);
  if (results.length === 0) throw new UsageError('check: --results is required (files, folders or glob patterns)');
  const requirements = values.requirements;
  if (!requirements) throw new UsageError('check: --requirements is required (a requirements CSV)');
  const outputDir = values['output-dir'] ?? 'perfgate-report';
  const outcome = erroredCommentOnFailure(outputDir, () =>
    runCheck({ results, requirements, outputDir, floatParse: floatParseOption(values['float-parse']), ...formatOptions(values) }, cliProgress(io)),
  );
  io.out(renderText(outcome.report));
  io.out(`\nReport: ${outcome.markdownPath}, ${outcome.jsonPath}\n`);
  const code = outcome.report.verdict === 'pass' ? EXIT_PASS : EXIT_GATE_FAILED;
  return finishReport(io, values, code, { check: outcome.report }, { check: outcome }, REPORT_MARKDOWN);
}

/** `--format`, `--skip-seconds`, `--mapping` and `--repetitions`: how result files are read, the same for every command. */
function formatOptions(values: {
  format?: string;
  'skip-seconds'?: string;
  mapping?: string;
  repetitions?: string;
  'experiment-name'?: string[];
}): Pick<ResultsOptions, 'format' | 'skipSeconds' | 'mapping' | 'repetitions' | 'experimentNames'> {
  const out: Pick<ResultsOptions, 'format' | 'skipSeconds' | 'mapping' | 'repetitions' | 'experimentNames'> = {};
  if (values['experiment-name'] !== undefined) out.experimentNames = parseExperimentNames(values['experiment-name'], '--experiment-name');
  if (values.repetitions !== undefined) {
    const mode = values.repetitions;
    if (!(REPETITION_MODES as readonly string[]).includes(mode)) throw new UsageError(`--repetitions must be ${REPETITION_MODES.join(' or ')}; got "${terminalSafe(mode)}"`);
    out.repetitions = mode as RepetitionMode;
  }
  if (values.format !== undefined) out.format = values.format;
  if (values.mapping !== undefined) {
    // A mapping is only read by the generic CSV format: giving one names that format.
    if (out.format !== undefined && out.format !== 'generic-csv')
      throw new UsageError(`--mapping is read only with --format generic-csv, not --format ${terminalSafe(out.format)}`);
    out.format = 'generic-csv';
    out.mapping = readMapping(values.mapping);
  }
  if (out.format === 'generic-csv' && out.mapping === undefined) throw new UsageError('--format generic-csv needs --mapping <file.json> (see perfgate check --help)');
  if (values['skip-seconds'] !== undefined) {
    out.skipSeconds = numberOption(values['skip-seconds'], '--skip-seconds', 0, (v) => Number.isInteger(v) && v >= 0, 'a whole number of seconds, 0 or more');
  }
  return out;
}

function inspectCommand(args: string[], io: Console): number {
  const { values, positionals } = parseCommandArgs('inspect', args, {
    json: { type: 'boolean' },
    ...READ_OPTIONS,
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(INSPECT_HELP);
    return EXIT_PASS;
  }
  if (positionals.length === 0) throw new UsageError('inspect: name at least one result file, folder or glob pattern');
  const { inspections, sets } = runInspect({ files: positionals, floatParse: floatParseOption(values['float-parse']), ...formatOptions(values) });
  io.out(values.json ? renderInspectionJson(inspections) : renderInspectionText(inspections, sets));
  return EXIT_PASS;
}

const DIRECTIONS: readonly Direction[] = ['lower-is-better', 'higher-is-better'];

function exportCommand(args: string[], io: Console): number {
  // `--format` names the format written; `--from` (an alias of the other commands' `--format`) the one read.
  const { values, positionals } = parseCommandArgs('export', args, {
    ...SET_OPTIONS,
    format: { type: 'string', short: 'f' },
    from: { type: 'string' },
    direction: { type: 'string' },
    output: { type: 'string', short: 'o' },
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(EXPORT_HELP);
    return EXIT_PASS;
  }
  const to = values.format;
  if (to === undefined || !(EXPORT_FORMATS as readonly string[]).includes(to)) {
    throw new UsageError(`export: --format must be ${EXPORT_FORMATS.join(' or ')}${to === undefined ? '' : `; got "${terminalSafe(to)}"`}`);
  }
  const direction = values.direction;
  if (direction !== undefined && !(DIRECTIONS as readonly string[]).includes(direction)) {
    throw new UsageError(`--direction must be ${DIRECTIONS.join(' or ')}; got "${terminalSafe(direction)}"`);
  }
  if (direction !== undefined && to !== 'github-action-benchmark') throw new UsageError('--direction is for --format github-action-benchmark (a BMF file holds every direction)');
  const files = resultPaths(positionals);
  if (files.length === 0) throw new UsageError('export: name at least one result file, folder or glob pattern');
  const exported = runExport(
    {
      files,
      to: to as ExportFormat,
      ...(direction !== undefined ? { direction: direction as Direction } : {}),
      ...(values.output !== undefined ? { output: values.output } : {}),
      floatParse: floatParseOption(values['float-parse']),
      ...formatOptions({ ...values, format: values.from }),
    },
    cliProgress(io),
  );
  if (values.output === undefined) io.out(exported.text);
  else io.out(`wrote ${values.output}: ${exported.count} ${to === 'bmf' ? 'benchmark(s)' : 'entries'}\n`);
  return EXIT_PASS;
}

function cliProgress(io: Console): Progress {
  return {
    step: (_title, work) => work(),
    info: () => {},
    warning: (message) => io.err(`perfgate: warning: ${terminalSafe(message)}\n`),
  };
}

function compareCommand(args: string[], io: Console): number | Promise<number> {
  const { values, positionals } = parseCommandArgs('compare', args, {
    reference: { type: 'string', short: 'R', multiple: true },
    history: { type: 'string', short: 'H' },
    results: { type: 'string', short: 'r', multiple: true },
    paired: { type: 'boolean' },
    confidence: { type: 'string' },
    gate: { type: 'string' },
    'reference-label': { type: 'string' },
    'results-label': { type: 'string' },
    threshold: { type: 'string', short: 't' },
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
  const reference = resultPaths(values.reference ?? []);
  // `--results a b c`: paths after the last flag are results (a shell glob expands to many).
  const results = resultPaths([...(values.results ?? []), ...positionals]);
  const history = values.history;
  if (reference.length === 0 && history === undefined) throw new UsageError('compare: --reference (files, folders or glob patterns) or --history (a folder of runs) is required');
  if (reference.length > 0 && history !== undefined) throw new UsageError('compare: give --reference or --history, not both');
  if (values.paired && history !== undefined) throw new UsageError('compare: --paired compares A/B pairs; give --reference and --results, not --history');
  if (results.length === 0) throw new UsageError('compare: --results is required (files, folders or glob patterns)');
  const given = values.environment;
  if (given !== undefined && values['no-environment-check'])
    throw new UsageError('compare: --environment names the machine to check the history against; --no-environment-check turns the check off: give one');
  if ((given !== undefined || values['no-environment-check']) && history === undefined)
    throw new UsageError('compare: --environment and --no-environment-check are for --history (the machine check of history runs)');
  const outcome = erroredCommentOnFailure(values['output-dir'] ?? 'perfgate-report', () =>
    runCompare(
      {
        reference,
        ...(history !== undefined ? { history } : {}),
        results,
        referenceLabel: values['reference-label'] ?? labelOfPath(reference[0] ?? history!),
        resultLabel: values['results-label'] ?? labelOfPath(results[0]!),
        outputDir: values['output-dir'] ?? 'perfgate-report',
        thresholds: parseThresholds(values.threshold),
        ...(values.paired ? { paired: true } : {}),
        ...(values.confidence !== undefined ? { confidence: parseConfidence(values.confidence) } : {}),
        gate: parseGateStatistics(values.gate),
        // As the action does with its runner: history runs from another kind of machine are not judged.
        ...(values['no-environment-check'] || history === undefined
          ? {}
          : given !== undefined
            ? { resultsEnvironment: environmentOption(given) }
            : { environment: currentEnvironment() }),
        floatParse: floatParseOption(values['float-parse']),
        ...formatOptions(values),
      },
      cliProgress(io),
    ),
  );
  io.out(renderComparisonText(outcome.report));
  io.out(`\nReport: ${outcome.markdownPath}, ${outcome.jsonPath}\n`);
  const code = outcome.report.verdict === 'pass' ? EXIT_PASS : EXIT_GATE_FAILED;
  return finishReport(io, values, code, { comparison: outcome.report }, { compare: outcome, ...(history !== undefined ? { historyFolder: history } : {}) }, COMPARISON_MARKDOWN);
}

function deriveCommand(args: string[], io: Console): number {
  const { values, positionals } = parseCommandArgs('derive-requirements', args, {
    output: { type: 'string', short: 'o' },
    confidence: { type: 'string' },
    percentile: { type: 'string' },
    margin: { type: 'string' },
    ...SET_OPTIONS,
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(DERIVE_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1) throw new UsageError('derive-requirements: name one runs folder (one sub-folder per run)');
  const output = values.output ?? 'requirements.csv';
  const outcome = runDeriveRequirements(
    { runsFolder: positionals[0]!, output, method: deriveMethodOption(values), floatParse: floatParseOption(values['float-parse']), ...formatOptions(values) },
    cliProgress(io),
  );
  io.out(outcome.notes.map((line) => `${line}\n`).join(''));
  io.out(`wrote ${output} from ${outcome.runs} run(s)\n`);
  return EXIT_PASS;
}

/** `--percentile`/`--margin` choose the reference's rule; otherwise the prediction bound at `--confidence`. */
function deriveMethodOption(values: { confidence?: string; percentile?: string; margin?: string }): DeriveMethod {
  if (values.percentile !== undefined || values.margin !== undefined) {
    if (values.confidence !== undefined) {
      throw new UsageError('--confidence sets the prediction bound; --percentile and --margin the percentile rule: give one or the other');
    }
    return {
      kind: 'percentile',
      percentile: numberOption(values.percentile, '--percentile', 99, (v) => v >= 0 && v <= 100, 'a number from 0 to 100'),
      margin: numberOption(values.margin, '--margin', 0, (v) => v >= 0, 'a fraction of at least 0, such as 0.1 for 10 %'),
    };
  }
  const confidence = numberOption(values.confidence, '--confidence', DEFAULT_PREDICTION.confidence, (v) => v >= 0.5 && v < 1, 'a probability from 0.5 to below 1, such as 0.99');
  return { ...DEFAULT_PREDICTION, confidence };
}

function trendsCommand(args: string[], io: Console): number {
  const { values, positionals } = parseCommandArgs('trends', args, {
    'output-dir': { type: 'string', short: 'o' },
    statistic: { type: 'string', short: 's', multiple: true },
    window: { type: 'string' },
    'fail-on-regression': { type: 'boolean' },
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(TRENDS_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1) throw new UsageError('trends: name one history folder (perfgate history-*.json records)');
  const statistics = values.statistic !== undefined ? parseTrendStatistics(values.statistic, '--statistic') : undefined;
  const window = values.window !== undefined ? numberOption(values.window, '--window', 0, (v) => Number.isInteger(v) && v >= 2, 'a whole number of runs, 2 or more') : undefined;
  const outcome = runTrends(
    {
      history: positionals[0]!,
      outputDir: values['output-dir'] ?? 'perfgate-report',
      ...(statistics ? { statistics } : {}),
      ...(window !== undefined ? { window } : {}),
    },
    cliProgress(io),
  );
  io.out(renderTrendsText(outcome.report));
  io.out(`\nReport: ${outcome.markdownPath}, ${outcome.jsonPath}\n`);
  return values['fail-on-regression'] && outcome.report.newRegressions > 0 ? EXIT_GATE_FAILED : EXIT_PASS;
}

function dashboardCommand(args: string[], io: Console): number | Promise<number> {
  const { values, positionals } = parseCommandArgs('dashboard', args, {
    output: { type: 'string', short: 'o' },
    requirements: { type: 'string', short: 'q' },
    statistic: { type: 'string', short: 's', multiple: true },
    window: { type: 'string' },
    title: { type: 'string' },
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(DASHBOARD_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1) throw new UsageError('dashboard: name one history folder (perfgate history-*.json records)');
  if (values.output === undefined) throw new UsageError('dashboard: --output is required (the folder to write the site to)');
  const statistics = values.statistic !== undefined ? parseTrendStatistics(values.statistic, '--statistic') : undefined;
  const window = values.window !== undefined ? numberOption(values.window, '--window', 0, (v) => Number.isInteger(v) && v >= 2, 'a whole number of runs, 2 or more') : undefined;
  return runDashboard(
    {
      history: positionals[0]!,
      output: values.output,
      ...(values.requirements !== undefined ? { requirements: values.requirements } : {}),
      ...(statistics ? { statistics } : {}),
      ...(window !== undefined ? { window } : {}),
      ...(values.title !== undefined ? { title: values.title } : {}),
    },
    cliProgress(io),
  ).then((outcome) => {
    const attention = outcome.model.experiments.filter((e) => e.status === 'failed' || e.status === 'regression').length;
    io.out(`dashboard: ${outcome.model.runs.length} run(s), ${outcome.model.experiments.length} experiment(s), ${attention} need attention; ${outcome.written.length} files\n`);
    io.out(`open ${terminalSafe(outcome.indexPath)}\n`);
    return EXIT_PASS;
  });
}

function historyCommand(args: string[], io: Console): number {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case '-h':
    case '--help':
      io.out(HISTORY_HELP);
      return sub === undefined ? EXIT_USAGE : EXIT_PASS;
    case 'import':
      return historyImportCommand(rest, io);
    case 'export':
      return historyExportCommand(rest, io);
    default:
      throw new UsageError(`history: unknown subcommand "${terminalSafe(sub)}"; subcommands are import and export (see perfgate history --help)`);
  }
}

function historyImportCommand(args: string[], io: Console): number {
  const { values, positionals } = parseCommandArgs('history import', args, {
    output: { type: 'string', short: 'o' },
    commit: { type: 'string' },
    date: { type: 'string' },
    'run-url': { type: 'string' },
    window: { type: 'string' },
    environment: { type: 'string', multiple: true },
    ...SET_OPTIONS,
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(HISTORY_IMPORT_HELP);
    return EXIT_PASS;
  }
  if (positionals.length === 0) throw new UsageError('history import: name at least one folder of past runs');
  if (values.output === undefined) throw new UsageError('history import: --output is required (the history folder to write the records to)');
  const window = numberOption(values.window, '--window', DEFAULT_HISTORY_WINDOW, (v) => Number.isInteger(v) && v >= 1, 'a whole number of runs, at least 1');
  const outcome = runHistoryImport(
    {
      sources: positionals,
      output: values.output,
      window,
      ...(values.commit !== undefined ? { commit: values.commit } : {}),
      ...(values.date !== undefined ? { date: values.date } : {}),
      ...(values['run-url'] !== undefined ? { runUrl: values['run-url'] } : {}),
      ...(values.environment !== undefined ? { environment: environmentOption(values.environment) } : {}),
      floatParse: floatParseOption(values['float-parse']),
      ...formatOptions(values),
    },
    cliProgress(io),
  );
  for (const path of outcome.written) io.out(`wrote ${terminalSafe(path)}\n`);
  const parts = [`${outcome.records.length} run(s) read`, `${outcome.written.length} record(s) written`, `${outcome.unchanged.length} already there`];
  if (outcome.removed.length > 0) parts.push(`${outcome.removed.length} older record(s) removed`);
  if (outcome.outsideWindow > 0) parts.push(`${outcome.outsideWindow} run(s) older than the newest ${window} not kept`);
  io.out(`history import: ${parts.join(', ')} (window ${window})\n`);
  return EXIT_PASS;
}

function historyExportCommand(args: string[], io: Console): number {
  const { values, positionals } = parseCommandArgs('history export', args, {
    csv: { type: 'boolean' },
    output: { type: 'string', short: 'o' },
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(HISTORY_EXPORT_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1) throw new UsageError('history export: name one history folder (perfgate history-*.json records)');
  if (!values.csv) throw new UsageError('history export: name the output format: --csv (the one format there is)');
  const { csv, runs } = runHistoryExport(positionals[0]!, values.output);
  if (values.output === undefined) io.out(csv);
  else io.out(`wrote ${terminalSafe(values.output)} (${runs} run(s))\n`);
  return EXIT_PASS;
}

/** After check or compare: with --charts the charts and report.html, then comment.md; the exit code. */
function finishReport(
  io: Console,
  values: { 'output-dir'?: string; 'comment-charts'?: string; 'float-parse'?: string; charts?: boolean; png?: boolean; 'no-png'?: boolean },
  code: number,
  parts: ReviewerCommentParts,
  outcome: Pick<ReportChartsOptions, 'check' | 'compare' | 'historyFolder'>,
  fullReport: string,
): number | Promise<number> {
  const outputDir = values['output-dir'] ?? 'perfgate-report';
  const commentCharts = commentChartsOption(values['comment-charts']);
  const where = { fullReport, reportHtml: values.charts === true };
  const comment = (charts?: string) => writeReviewerComment(outputDir, { ...parts, ...(charts ? { charts } : {}) }, code !== EXIT_PASS, commentCharts, where);
  if (!values.charts) {
    io.out(`Comment: ${comment()}\n`);
    return code;
  }
  return writeReportCharts(outputDir, { ...outcome, floatParse: floatParseOption(values['float-parse']), png: pngOption(values) }).then((charts) => {
    io.out(`Charts: ${charts.charts.length}, ${charts.written.length} files; open ${charts.reportHtmlPath}\n`);
    io.out(`Comment: ${comment(charts.mermaid)}\n`);
    return code;
  });
}

function commentChartsOption(value: string | undefined): CommentCharts {
  if (value === undefined) return 'failing';
  if (!(COMMENT_CHARTS as readonly string[]).includes(value)) throw new UsageError(`--comment-charts must be ${COMMENT_CHARTS.join(', ')}; got "${terminalSafe(value)}"`);
  return value as CommentCharts;
}

function numberOption(text: string | undefined, name: string, fallback: number, valid: (v: number) => boolean, expected: string): number {
  if (text === undefined) return fallback;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v) || !valid(v)) throw new UsageError(`${name} must be ${expected}; got "${terminalSafe(text)}"`);
  return v;
}

/** No control characters (terminal escape sequences) from untrusted names reach the terminal. */
function terminalSafe(text: string): string {
  return withoutControls(text, true);
}

function version(): string {
  if (typeof PERFGATE_VERSION === 'string') return PERFGATE_VERSION;
  return (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
}

/** `--png` draws PNGs too; `--charts` alone writes what report.html and a reader use: specs and SVGs. `--no-png` (the former opt-out) is accepted and wins. */
function pngOption(values: { png?: boolean; 'no-png'?: boolean }): boolean {
  return values.png === true && values['no-png'] !== true;
}
