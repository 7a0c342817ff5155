/** The commands over a history folder: trends, dashboard, history import and history export. */
import { DEFAULT_HISTORY_WINDOW } from '../../engine/history/window.js';
import { runHistoryImport } from '../../pipeline/historyImport.js';
import { environmentOption } from '../../pipeline/environment.js';
import { runHistoryExport } from '../../pipeline/historyExport.js';
import { parseTrendStatistics, runTrends } from '../../pipeline/trends.js';
import { renderTrendsText } from '../../engine/trends/render.js';
import { runDashboard } from '../../pipeline/dashboard.js';
import { UsageError } from '../../engine/errors.js';
import { DEFAULT_OUTPUT_DIR, historyWindowSetting, numberSetting } from '../../engine/options.js';
import { HELP_OPTION, parseCommandArgs, readOptions, SET_OPTIONS } from '../args.js';
import { DASHBOARD_HELP, HISTORY_EXPORT_HELP, HISTORY_HELP, HISTORY_IMPORT_HELP, TRENDS_HELP } from '../help.js';
import { cliProgress, EXIT_GATE_FAILED, EXIT_PASS, EXIT_USAGE, terminalSafe, type Console } from '../io.js';
import type { Files } from '../../pipeline/rootedFiles.js';

export function trendsCommand(args: string[], io: Console, files: Files): number {
  const { values, positionals } = parseCommandArgs('trends', args, {
    'output-dir': { type: 'string', short: 'o' },
    statistic: { type: 'string', short: 's', multiple: true },
    'all-metrics': { type: 'boolean' },
    window: { type: 'string' },
    'fail-on-regression': { type: 'boolean' },
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(TRENDS_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1)
    throw new UsageError('trends: name one history folder (perfgate history-*.json records)');
  const statistics = values.statistic !== undefined ? parseTrendStatistics(values.statistic, '--statistic') : undefined;
  const window = trendWindowOption(values.window);
  const outcome = runTrends(
    files,
    {
      history: positionals[0]!,
      outputDir: values['output-dir'] ?? DEFAULT_OUTPUT_DIR,
      ...(statistics ? { statistics } : {}),
      ...(values['all-metrics'] ? { allMetrics: true } : {}),
      ...(window !== undefined ? { window } : {}),
    },
    cliProgress(io),
  );
  io.out(renderTrendsText(outcome.report));
  io.out(`\nReport: ${outcome.markdownPath}, ${outcome.jsonPath}\n`);
  return values['fail-on-regression'] && outcome.report.newRegressions > 0 ? EXIT_GATE_FAILED : EXIT_PASS;
}

export function dashboardCommand(args: string[], io: Console, files: Files): number | Promise<number> {
  const { values, positionals } = parseCommandArgs('dashboard', args, {
    output: { type: 'string', short: 'o' },
    requirements: { type: 'string', short: 'q' },
    statistic: { type: 'string', short: 's', multiple: true },
    'all-metrics': { type: 'boolean' },
    window: { type: 'string' },
    title: { type: 'string' },
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(DASHBOARD_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1)
    throw new UsageError('dashboard: name one history folder (perfgate history-*.json records)');
  if (values.output === undefined)
    throw new UsageError('dashboard: --output is required (the folder to write the site to)');
  const statistics = values.statistic !== undefined ? parseTrendStatistics(values.statistic, '--statistic') : undefined;
  const window = trendWindowOption(values.window);
  return runDashboard(
    files,
    {
      history: positionals[0]!,
      output: values.output,
      ...(values.requirements !== undefined ? { requirements: values.requirements } : {}),
      ...(statistics ? { statistics } : {}),
      ...(values['all-metrics'] ? { allMetrics: true } : {}),
      ...(window !== undefined ? { window } : {}),
      ...(values.title !== undefined ? { title: values.title } : {}),
    },
    cliProgress(io),
  ).then((outcome) => {
    const attention = outcome.model.experiments.filter(
      (e) => e.status === 'failed' || e.status === 'regression',
    ).length;
    io.out(
      `dashboard: ${outcome.model.runs.length} run(s), ${outcome.model.experiments.length} experiment(s), ${attention} need attention; ${outcome.written.length} files\n`,
    );
    io.out(`open ${terminalSafe(outcome.indexPath)}\n`);
    return EXIT_PASS;
  });
}

export function historyCommand(args: string[], io: Console, files: Files): number {
  const [sub, ...rest] = args;
  switch (sub) {
    case undefined:
    case '-h':
    case '--help':
      io.out(HISTORY_HELP);
      return sub === undefined ? EXIT_USAGE : EXIT_PASS;
    case 'import':
      return historyImportCommand(rest, io, files);
    case 'export':
      return historyExportCommand(rest, io, files);
    default:
      throw new UsageError(
        `history: unknown subcommand "${terminalSafe(sub)}"; subcommands are import and export (see perfgate history --help)`,
      );
  }
}

function historyImportCommand(args: string[], io: Console, files: Files): number {
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
  if (values.output === undefined)
    throw new UsageError('history import: --output is required (the history folder to write the records to)');
  const window = historyWindowSetting(values.window, '--window', DEFAULT_HISTORY_WINDOW);
  const outcome = runHistoryImport(
    files,
    {
      sources: positionals,
      output: values.output,
      window,
      ...(values.commit !== undefined ? { commit: values.commit } : {}),
      ...(values.date !== undefined ? { date: values.date } : {}),
      ...(values['run-url'] !== undefined ? { runUrl: values['run-url'] } : {}),
      ...(values.environment !== undefined ? { environment: environmentOption(files, values.environment) } : {}),
      ...readOptions(files, values),
    },
    cliProgress(io),
  );
  for (const path of [...outcome.written, ...outcome.archived]) io.out(`wrote ${terminalSafe(path)}\n`);
  const parts = [
    `${outcome.records.length} run(s) read`,
    `${outcome.written.length} record(s) written`,
    `${outcome.unchanged.length} already there`,
  ];
  if (outcome.removed.length > 0) parts.push(`${outcome.removed.length} older record(s) removed`);
  if (outcome.outsideWindow > 0)
    parts.push(`${outcome.outsideWindow} run(s) older than the newest ${window} kept only in the archive`);
  io.out(`history import: ${parts.join(', ')} (window ${window})\n`);
  return EXIT_PASS;
}

function historyExportCommand(args: string[], io: Console, files: Files): number {
  const { values, positionals } = parseCommandArgs('history export', args, {
    csv: { type: 'boolean' },
    output: { type: 'string', short: 'o' },
    ...HELP_OPTION,
  });
  if (values.help) {
    io.out(HISTORY_EXPORT_HELP);
    return EXIT_PASS;
  }
  if (positionals.length !== 1)
    throw new UsageError('history export: name one history folder (perfgate history-*.json records)');
  if (!values.csv) throw new UsageError('history export: name the output format: --csv (the one format there is)');
  const { csv, runs } = runHistoryExport(files, positionals[0]!, values.output);
  if (values.output === undefined) io.out(csv);
  else io.out(`wrote ${terminalSafe(values.output)} (${runs} run(s))\n`);
  return EXIT_PASS;
}

/** `--window` of trends and the dashboard: how many of the newest runs to look at, 2 or more. */
function trendWindowOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  return numberSetting(text, '--window', 0, (v) => Number.isInteger(v) && v >= 2, 'a whole number of runs, 2 or more');
}
