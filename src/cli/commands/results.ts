/** The commands that read result files without gating: summarize, inspect, export and derive-requirements. */
import { runSummarize } from '../../pipeline/summarize.js';
import { runDeriveRequirements } from '../../pipeline/derive.js';
import { DEFAULT_PREDICTION, type DeriveMethod } from '../../engine/derive/method.js';
import { runExport } from '../../pipeline/export.js';
import { EXPORT_FORMATS, type ExportFormat } from '../../engine/export/export.js';
import type { Direction } from '../../engine/model/measurement.js';
import { runInspect } from '../../pipeline/inspect.js';
import { inspectionJsonPieces, inspectionTextPieces } from '../../engine/report/results/inspect.js';
import { UsageError } from '../../engine/errors.js';
import {
  floatParseOption,
  HELP_OPTION,
  parseCommandArgs,
  READ_OPTIONS,
  readOptions,
  resultPaths,
  SET_OPTIONS,
} from '../args.js';
import { DERIVE_HELP, EXPORT_HELP, INSPECT_HELP, SUMMARIZE_HELP } from '../help.js';
import { cliProgress, EXIT_PASS, outInPieces, terminalSafe, type Console } from '../io.js';
import { numberSetting } from '../../engine/options.js';
import { CLI_SPELLING } from '../../engine/settings/rules.js';
import type { Files } from '../../pipeline/rootedFiles.js';

export function summarizeCommand(args: string[], io: Console, files: Files): number {
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
  runSummarize(
    files,
    { rawFiles: positionals, outputDir: values['output-dir'], floatParse: floatParseOption(values['float-parse']) },
    cliProgress(io),
    (path) => io.out(`wrote ${path}\n`),
  );
  return EXIT_PASS;
}

export function inspectCommand(args: string[], io: Console, files: Files): number {
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
  const { inspections, sets } = runInspect(files, {
    files: positionals,
    ...readOptions(files, values),
  });
  outInPieces(io, values.json ? inspectionJsonPieces(inspections) : inspectionTextPieces(inspections, sets));
  return EXIT_PASS;
}

const DIRECTIONS: readonly Direction[] = ['lower-is-better', 'higher-is-better'];

export function exportCommand(args: string[], io: Console, files: Files): number {
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
    throw new UsageError(
      `export: --format must be ${EXPORT_FORMATS.join(' or ')}${to === undefined ? '' : `; got "${terminalSafe(to)}"`}`,
    );
  }
  const direction = values.direction;
  if (direction !== undefined && !(DIRECTIONS as readonly string[]).includes(direction)) {
    throw new UsageError(`--direction must be ${DIRECTIONS.join(' or ')}; got "${terminalSafe(direction)}"`);
  }
  if (direction !== undefined && to !== 'github-action-benchmark')
    throw new UsageError('--direction is for --format github-action-benchmark (a BMF file holds every direction)');
  const paths = resultPaths(files, positionals);
  if (paths.length === 0) throw new UsageError('export: name at least one result file, folder or glob pattern');
  const exported = runExport(
    files,
    {
      files: paths,
      to: to as ExportFormat,
      ...(direction !== undefined ? { direction: direction as Direction } : {}),
      ...(values.output !== undefined ? { output: values.output } : {}),
      ...readOptions(files, { ...values, format: values.from }, { ...CLI_SPELLING, format: '--from' }),
    },
    cliProgress(io),
  );
  if (values.output === undefined) io.out(exported.text);
  else io.out(`wrote ${values.output}: ${exported.count} ${to === 'bmf' ? 'benchmark(s)' : 'entries'}\n`);
  return EXIT_PASS;
}

export function deriveCommand(args: string[], io: Console, files: Files): number {
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
  if (positionals.length !== 1)
    throw new UsageError('derive-requirements: name one runs folder (one sub-folder per run)');
  const output = values.output ?? 'requirements.csv';
  const outcome = runDeriveRequirements(
    files,
    {
      runsFolder: positionals[0]!,
      output,
      method: deriveMethodOption(values),
      ...readOptions(files, values),
    },
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
      throw new UsageError(
        '--confidence sets the prediction bound; --percentile and --margin the percentile rule: give one or the other',
      );
    }
    return {
      kind: 'percentile',
      percentile: numberSetting(
        values.percentile,
        '--percentile',
        99,
        (v) => v >= 0 && v <= 100,
        'a number from 0 to 100',
      ),
      margin: numberSetting(
        values.margin,
        '--margin',
        0,
        (v) => v >= 0,
        'a fraction of at least 0, such as 0.1 for 10 %',
      ),
    };
  }
  const confidence = numberSetting(
    values.confidence,
    '--confidence',
    DEFAULT_PREDICTION.confidence,
    (v) => v >= 0.5 && v < 1,
    'a probability from 0.5 to below 1, such as 0.99',
  );
  return { ...DEFAULT_PREDICTION, confidence };
}
