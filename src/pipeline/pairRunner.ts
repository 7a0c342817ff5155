/**
 * The runs of `confirm` and `qualify`: the ports a run goes through (a clock and a shell, the real ones in shell.ts),
 * the run folders and their placeholders, and the pair runner both commands share: each run in its own folder, its
 * output checked to read, a failing, timed-out or cut run named with its stderr's tail.
 */
import { join, resolve } from 'node:path';
import { filterFits, filterPattern, pairOrder, selected, type Build, type Selection } from '../engine/confirm/plan.js';
import { InputError, UsageError } from '../engine/errors.js';
import { loadResults, type ResultsOptions } from './results.js';
import type { Files } from './rootedFiles.js';
import { silentProgress } from './steps.js';

/** What one run of the command did. */
export interface CommandRun {
  /** The exit status; null when a signal ended it. */
  status: number | null;
  signal?: string | null;
  /**
   * Its standard output, from a shell that does not write it to `RunLimits.stdoutFile` itself (the real one streams it
   * there); written to that file when given.
   */
  stdout?: string;
  /** Its standard error (the real shell keeps its end). */
  stderr: string;
  /** Set when perfgate ended it: its time limit passed, or perfgate was asked to stop (the signal it got). */
  ended?: { why: 'timeout'; ms: number } | { why: 'cancelled'; signal: string };
}

/** How one run is run: where its standard output goes, and how long it may take. */
export interface RunLimits {
  /** The file its standard output is written to as it comes; absent: the output is not kept. */
  stdoutFile?: string;
  /** After this many milliseconds the run's process group is ended. */
  timeoutMs?: number;
}

/** The outside world of a confirmation: a clock and a shell. */
export interface ConfirmPorts {
  /** Milliseconds since some fixed moment. */
  now(): number;
  /**
   * Runs `command` through `/bin/sh -c` in `cwd` and waits for it; the real shell ends the run's whole process group
   * when `limits.timeoutMs` passes or perfgate is asked to stop.
   */
  run(command: string, cwd: string, limits?: RunLimits): CommandRun | Promise<CommandRun>;
}

/** The default time limit of one run of the command, in minutes. */
export const DEFAULT_RUN_TIMEOUT_MINUTES = 60;

/**
 * A confirmation (or qualification) cut short because perfgate was asked to stop (a cancelled job): the run in
 * progress and everything it started were ended, no more runs were started.
 */
export class ConfirmationCut extends InputError {}

/** The file `{output}` names in each run's folder (the same name every run). */
export const OUTPUT_FILE = 'output';
/** Where a command's standard output is kept when it names neither `{output}` nor `{outdir}`. */
export const STDOUT_FILE = 'stdout.txt';
/** The lines of a failing command's stderr an error shows. */
export const STDERR_TAIL = 20;

/** The run folders inside the output folder: `runs/base/r1`, `runs/head/r1`, … */
export const RUNS_FOLDER = 'runs';

/** A value as one shell word: as is when it is plainly safe, else single-quoted. */
export function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The command of one run: `{output}`, `{outdir}` and `{filter}` replaced by shell words. */
export function commandOf(command: string, runFolder: string, filter: string): string {
  return command
    .replaceAll('{output}', shellWord(join(runFolder, OUTPUT_FILE)))
    .replaceAll('{outdir}', shellWord(runFolder))
    .replaceAll('{filter}', shellWord(filter));
}

function tail(text: string): string {
  const lines = text.replace(/\s+$/, '').split('\n');
  return lines.slice(-STDERR_TAIL).join('\n');
}

/** `60 min`, `1.5 min`, `30 s`. */
function duration(ms: number): string {
  return ms >= 60_000 ? `${Number((ms / 60_000).toPrecision(3))} min` : `${Number((ms / 1000).toPrecision(3))} s`;
}

/**
 * A run that failed (`problem` undefined: it exited non-zero), took too long or left no result: its name, status and
 * stderr's tail. A run cut by a stop request is a {@link ConfirmationCut}.
 */
function runFailure(what: string, run: CommandRun, problem: string | undefined, runsFolder: string): InputError {
  if (run.ended?.why === 'cancelled')
    return new ConfirmationCut(
      `cut: perfgate was asked to stop (${run.ended.signal}) during ${what}; the command and everything it started were ended, and no more runs were started.` +
        `\nThe runs measured so far are kept in ${runsFolder}.`,
    );
  const ended =
    run.ended?.why === 'timeout'
      ? `took longer than its limit of ${duration(run.ended.ms)} and was ended with everything it started`
      : run.status === null
        ? `was ended by ${run.signal ?? 'a signal'}`
        : `exited with status ${run.status}`;
  const stderr = tail(run.stderr);
  return new InputError(
    (problem === undefined ? `${what} failed: the command ${ended}.` : `${what}: ${problem} (the command ${ended}).`) +
      (stderr === '' ? ' Its stderr was empty.' : ` The last lines of its stderr:\n${stderr}`) +
      `\nThe runs measured so far are kept in ${runsFolder}.`,
  );
}

function hasOutput(files: Files, path: string): boolean {
  const stat = files.statOf(path);
  if (stat === undefined) return false;
  return stat.isDirectory() ? files.listNames(path).length > 0 : stat.size > 0;
}

/** What a run of A/B pairs needs: the command, where it runs per build, where the runs go, how outputs read. */
export interface PairRunnerOptions extends ResultsOptions {
  command: string;
  outputDir: string;
  /** The folder each build's runs start in (the same one twice for an A/A run). */
  cwd: Readonly<Record<Build, string>>;
  /** What `{filter}` becomes. */
  filter: string;
  /** The rows to confirm: the first run's output must hold one of them. */
  selection?: Selection | undefined;
  /** The command's name in progress lines and errors (`confirm`, `qualify`). */
  name: string;
  /** The time limit of one run, in milliseconds (default {@link DEFAULT_RUN_TIMEOUT_MINUTES} min). */
  runTimeoutMs?: number;
}

/** Runs the pairs of a confirmation (or a qualification) one at a time and keeps each run's output. */
export interface PairRunner {
  /** The folder of the run folders: `runs/base/rN`, `runs/head/rN`. */
  runs: string;
  /** The runs in the order they ran: `base 1`, `head 1`, `head 2`, `base 2`, … */
  order: string[];
  /** Runs pair `pair` (1-based) in ABBA order; throws an InputError naming the run that failed. */
  runPair(pair: number): Promise<void>;
  /** What `{filter}` is: as given, or rewritten in the syntax of the format the first run turned out to be. */
  readonly filter: string;
}

/** Whether `runs` holds only what a pair runner writes: `base` and `head`, each of run folders `r1`, `r2`, … */
function holdsOnlyRuns(files: Files, runs: string): boolean {
  return files
    .entriesIn(runs)
    .every(
      (side) =>
        side.isDirectory() &&
        (side.name === 'base' || side.name === 'head') &&
        files.entriesIn(join(runs, side.name)).every((r) => r.isDirectory() && /^r\d+$/.test(r.name)),
    );
}

/**
 * The runner `confirm` and `qualify` share: replaces the runs of an earlier run in the output folder (and refuses a
 * `runs` folder that holds anything else), then runs the command per build in its own run folder with `{output}`,
 * `{outdir}` and `{filter}` replaced, its standard output streamed to `stdout.txt` when the command names neither
 * `{output}` nor `{outdir}`, within the run's time limit; checks that each run wrote a result perfgate reads (the first
 * run's also gives the format and must hold a selected row), and names a failing run with its stderr's tail.
 */
export function pairRunner(
  files: Files,
  options: PairRunnerOptions,
  ports: ConfirmPorts,
  say: (line: string) => void,
): PairRunner {
  const { selection, name } = options;
  let filter = options.filter;
  const format = options.format === undefined || options.format === 'auto' ? undefined : options.format;
  /** The format {filter} is written for: as given, or as the first run turned out to be. */
  let assumed = format;
  const runs = join(options.outputDir, RUNS_FOLDER);
  if (files.pathExists(runs) && files.listNames(runs).length > 0) {
    if (!files.stat(runs).isDirectory() || !holdsOnlyRuns(files, runs))
      throw new UsageError(
        `${name}: ${runs} holds files that are not perfgate's runs; give another --output-dir or remove it`,
      );
    // An earlier run of the command into the same folder (a rerun of the job): its runs are replaced, not mixed in.
    say(`perfgate ${name}: replacing the runs of an earlier run in ${runs}`);
    files.removePath(runs);
  }
  // Each build's folder as an absolute path: the command runs there, whatever this process's working directory is.
  const cwd = { base: resolve(files.root, options.cwd.base), head: resolve(files.root, options.cwd.head) };
  const order: string[] = [];
  const timeoutMs = options.runTimeoutMs ?? DEFAULT_RUN_TIMEOUT_MINUTES * 60_000;
  const runOnce = async (build: Build, pair: number) => {
    const what = `${build} run ${pair}`;
    const folder = resolve(files.root, runs, build, `r${pair}`);
    files.removePath(folder);
    files.makeFolder(folder);
    const writesFile = options.command.includes('{output}');
    const toStdout = !writesFile && !options.command.includes('{outdir}');
    const stdoutFile = join(folder, STDOUT_FILE);
    const run = await ports.run(commandOf(options.command, folder, filter), cwd[build], {
      ...(toStdout ? { stdoutFile } : {}),
      timeoutMs,
    });
    order.push(`${build} ${pair}`);
    if (toStdout && run.stdout !== undefined) files.writeBytes(stdoutFile, run.stdout);
    if (run.status !== 0 || run.ended !== undefined) throw runFailure(what, run, undefined, runs);
    if (toStdout) {
      if (!printedSomething(files, stdoutFile)) throw runFailure(what, run, 'the command printed nothing', runs);
    } else if (!hasOutput(files, writesFile ? join(folder, OUTPUT_FILE) : folder)) {
      throw runFailure(
        what,
        run,
        writesFile ? `the command wrote no output to ${join(folder, OUTPUT_FILE)}` : `it left ${folder} empty`,
        runs,
      );
    }
    readRun(folder, what, run, order.length === 1);
  };
  /** Every run's output must read; the first one's also gives the format and must hold what to confirm. */
  const readRun = (folder: string, what: string, run: CommandRun, first: boolean) => {
    let loaded;
    try {
      loaded = loadResults(files, [folder], options, silentProgress);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw runFailure(what, run, `its output is not a benchmark result perfgate reads (${reason})`, runs);
    }
    const experiments = [...loaded.experiments.values()];
    const detected = experiments[0]?.format;
    if (detected === undefined) throw runFailure(what, run, 'its output holds no benchmark results', runs);
    if (!first) return;
    if (assumed === undefined && !filterFits(assumed, detected)) throw new OtherSyntax(detected);
    if (!filterFits(assumed, detected))
      throw new UsageError(
        `${name}: the output is ${detected}, whose {filter} has another syntax than the one given (${filter}); add --format ${detected}`,
      );
    say(`perfgate ${name}: the output is ${detected}`);
    if (
      selection !== undefined &&
      !experiments.some((e) => e.measurements.some((m) => selected(selection, e.experiment, m.parameter.label)))
    )
      throw runFailure(
        what,
        run,
        `its output has none of the benchmarks to confirm (${[...selection.keys()].join(', ')}); does the command pass {filter} on?`,
        runs,
      );
  };
  /**
   * The format of the command's output with {filter} selecting everything in pytest's and Catch2's syntax (empty), when
   * that is a format whose {filter} is not a regular expression (pytest-benchmark, Catch2); undefined otherwise.
   */
  const probe = async (build: Build, pair: number): Promise<string | undefined> => {
    const folder = resolve(files.root, runs, build, `r${pair}`);
    files.removePath(folder);
    files.makeFolder(folder);
    const toStdout = !options.command.includes('{output}') && !options.command.includes('{outdir}');
    const stdoutFile = join(folder, STDOUT_FILE);
    const run = await ports.run(commandOf(options.command, folder, ''), cwd[build], {
      ...(toStdout ? { stdoutFile } : {}),
      timeoutMs,
    });
    if (toStdout && run.stdout !== undefined) files.writeBytes(stdoutFile, run.stdout);
    if (run.ended?.why === 'cancelled') throw runFailure(`${build} run ${pair}`, run, undefined, runs);
    if (run.status !== 0 || run.ended !== undefined) return undefined;
    try {
      const detected = [...loadResults(files, [folder], options, silentProgress).experiments.values()][0]?.format;
      return detected !== undefined && !filterFits(undefined, detected) ? detected : undefined;
    } catch {
      return undefined;
    }
  };
  /**
   * The first run, when no format was given and there is a selection: {filter} was written as a regular expression; a
   * tool whose filter is another syntax (pytest's -k, Catch2's test spec) refuses it, selects nothing or writes an output
   * of that format. Then {filter} is written in its syntax and the first run is run again with it.
   */
  const firstRun = async (build: Build, pair: number) => {
    try {
      await runOnce(build, pair);
      return;
    } catch (error) {
      if (error instanceof ConfirmationCut) throw error;
      const detected = error instanceof OtherSyntax ? error.format : await probe(build, pair);
      if (detected === undefined) throw error;
      order.length = 0;
      assumed = detected;
      filter = filterPattern(detected, selection);
      say(
        `perfgate ${name}: the output is ${detected}: {filter} = ${filter === '' ? "''" : shellWord(filter)} in its syntax; ${build} run ${pair} again`,
      );
    }
    await runOnce(build, pair);
  };
  return {
    runs,
    order,
    get filter() {
      return filter;
    },
    async runPair(pair: number) {
      for (const build of pairOrder(pair))
        if (order.length === 0 && format === undefined && selection !== undefined) await firstRun(build, pair);
        else await runOnce(build, pair);
    },
  };
}

/** The first run's output is of a format whose {filter} has another syntax than the one assumed (no --format). */
class OtherSyntax extends Error {
  constructor(readonly format: string) {
    super(`the output is ${format}`);
  }
}

/** Whether a command's standard output file holds more than white space (read in pieces: it may be large). */
function printedSomething(files: Files, path: string): boolean {
  if (!files.pathExists(path)) return false;
  return files.someChunk(path, (chunk) => /\S/.test(chunk.toString('latin1')));
}
