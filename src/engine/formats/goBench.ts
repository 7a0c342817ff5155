/**
 * Go `testing` benchmarks: the console output of `go test -bench . [-benchmem] [-count N]`.
 *
 * - A result line is `BenchmarkPublish/size=64,mode=copy-8 \t 1000000 \t 1052 ns/op \t 128 B/op …`:
 *   the name, the iteration count, then value–unit pairs. When the benchmark itself prints, its
 *   output comes between the name and the numbers, and the numbers start a later line. With
 *   `-v`, every name is printed alone first (a parent of sub-benchmarks only so): a name line
 *   followed by another benchmark line is an announcement, not a result.
 * - The name's first segment is the experiment (`BenchmarkPublish`; with results of several
 *   `pkg:` blocks, `<pkg>.BenchmarkPublish`). The rest is the parameter, its `,`-separated
 *   `key=value` parts its settings (`size`, `bytes`, … give the payload). The `-8` suffix is
 *   GOMAXPROCS (none means 1), the `procs` setting; it is in the label only where an experiment
 *   was run with several (`-cpu 1,4`).
 * - `-count N` repeats each benchmark N times in one process: one measurement per benchmark × unit
 *   with the median (benchstat's statistic), min, max and mean over them, the N values its
 *   samples. They are one run, not N: a history comparison judges the file as one run.
 * - Units: `ns/op` (metric `time/op`, stored in µs) and `B/op`, `allocs/op` are lower-is-better,
 *   `MB/s` higher-is-better; other `ReportMetric` units are kept as written, lower-is-better
 *   unless they are a rate (`x/s`), with a note. `time/op` is the benchmark's primary metric (what
 *   benchstat leads with); `MB/s` is derived from it (SetBytes over the time) and the others are
 *   secondary: reported, gated on request (`--gate all-metrics`). `allocs/op` and `B/op` do not
 *   vary between runs of one build, so gating them would cost no false alarms, but a change in
 *   them is a trade a pull request may make on purpose, not a slowdown. A benchmark without
 *   `ns/op` (ReportMetric replaced it) keeps every metric primary.
 * - `goos:`, `goarch:`, `pkg:` and `cpu:` lines are kept as notes, and `goos`, `goarch` and `cpu` are the run's machine
 *   (OS and architecture in Node's spelling, as the action records them); failed and skipped benchmarks are noted and
 *   left out. Other lines (`PASS`, `ok`, test logs) are not results and are skipped.
 */
import { InputError } from '../errors.js';
import { stripBom } from '../csv/header.js';
import { PAYLOAD_PARAMETER_NAMES, type Measurement, type Metric, type Parameter } from '../model/measurement.js';
import { toBaseUnit, type Unit } from '../model/units.js';
import { cpuName, nodeArchName, nodeOsName, type EnvironmentFingerprint } from '../model/environment.js';
import type { FormatAdapter, ParseOptions } from './adapter.js';
import type { ResultSet } from '../model/measurement.js';
import { LineSplitter, ModelLimits, streamedFormat, type TextReader } from './streamed.js';
import { ownCopy } from '../text/ownCopy.js';
import { ANSI_ESCAPE, metricOfUnit, iterationMeasurement, resolutionFloorNote } from './shared.js';

/** A result line somewhere in the head: name, iteration count, a value and its unit. */
const RESULT_LINE = /^Benchmark\S*[ \t]+\d+[ \t]+-?\d+(?:\.\d+)?(?:e[-+]?\d+)? \S/m;
const HEADER = /^(goos|goarch|pkg|cpu): (.*)$/;
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;
const PROCS = /-(\d+)$/;
/** A failed or skipped benchmark: on a line of its own, or after the name the run printed first. */
const OUTCOME = /(?:^|[ \t])--- (FAIL|SKIP): (Benchmark\S*)/;

interface Benchmark {
  pkg: string;
  name: string;
  procs: number;
  line: number;
  /** Per unit as printed (in the order first printed), the value of each run. */
  values: Map<string, number[]>;
}

export const goBenchAdapter: FormatAdapter = {
  id: 'go-bench',
  title: 'Go testing benchmark output (go test -bench)',

  recognises(head: string): boolean {
    return RESULT_LINE.test(stripBom(head).replace(/\r/g, ''));
  },

  ...streamedFormat(goBenchReader),
};

/**
 * Reads the output line by line as it comes (a 45 MB file split into one array of lines took
 * Node past its heap): each run's values go straight into its benchmark's per-unit lists.
 */
function goBenchReader(file: string, options: ParseOptions): TextReader {
  const output: GoOutput = {
    file,
    notes: [],
    headers: new Set(),
    benchmarks: new Map(),
    packages: new Set(),
    pkg: '',
    machine: {},
    pending: undefined,
    limits: new ModelLimits(file, options),
    first: true,
  };
  const lines = new LineSplitter((raw, lineNo) => {
    if (output.first) {
      output.first = false;
      raw = stripBom(raw);
    }
    readGoLine(output, raw.replace(ANSI_ESCAPE, '').replace(/\r$/, ''), lineNo);
  });
  return {
    push: (text) => lines.push(text),
    finish() {
      lines.finish();
      return resultOf(output);
    },
  };
}

/** The result set of the whole output read. */
function resultOf(output: GoOutput): ResultSet {
  const { file, notes, benchmarks, pending } = output;
  // The last name printed has no numbers: the run stopped there, unless it is a parent whose
  // sub-benchmarks came before (never, as Go prints a parent first) or itself was announced.
  if (
    pending &&
    ![...benchmarks.values()].some((b) => b.name === pending.name || b.name.startsWith(`${pending.name}/`))
  )
    throw new InputError(`benchmark ${pending.name} has a name but no results (the run was cut short?)`, {
      file,
      line: pending.line,
      column: 1,
    });
  if (benchmarks.size === 0)
    throw new InputError('no Go benchmark result lines ("BenchmarkName  N  123 ns/op") found', { file, line: 1 });

  const qualify = output.packages.size > 1;
  // Experiments run with several GOMAXPROCS values name it in their labels.
  const procsOf = new Map<string, Set<number>>();
  for (const b of benchmarks.values()) {
    const experiment = experimentOf(b, qualify);
    procsOf.set(experiment, (procsOf.get(experiment) ?? new Set()).add(b.procs));
  }
  const measurements: Measurement[] = [];
  const unknownUnits = new Set<string>();
  const floors: string[] = [];
  const metrics: MetricCache = new Map();
  for (const b of benchmarks.values()) {
    const experiment = experimentOf(b, qualify);
    const parameter = parameterOf(b, procsOf.get(experiment)!.size > 1);
    const byUnit = valuesByUnit(b, unknownUnits, metrics);
    // Read: the printed values are not needed any more.
    b.values.clear();
    for (const { metric, values } of byUnit) {
      // `0 ns/op`: Go rounds a time under 0.5 ns/op to 0 (work optimised away); a floor, not no time.
      const floor = metric.dimension === 'time' && values.some((v) => v === 0);
      if (floor) floors.push(parameter.label === '' ? experiment : `${experiment} (${parameter.label})`);
      measurements.push({
        experiment,
        parameter,
        metric,
        ...iterationMeasurement(values),
        place: { file, line: b.line },
        ...(floor ? { belowResolution: true as const } : {}),
      });
    }
  }
  if (floors.length > 0) notes.push(resolutionFloorNote(floors, 'ns/op'));
  if (unknownUnits.size > 0) {
    notes.push(
      `units perfgate does not know are kept as written and read as lower-is-better: ${[...unknownUnits].join(', ')}`,
    );
  }
  const environment = environmentOfHeaders(output.machine);
  return { format: 'go-bench', file, measurements, notes, ...(environment ? { environment } : {}) };
}

/** The machine named by the `goos:`, `goarch:` and `cpu:` header lines. */
interface Machine {
  goos?: string;
  goarch?: string;
  cpu?: string;
}

/** What the lines read so far have given. */
interface GoOutput {
  file: string;
  notes: string[];
  /** The header notes already given, each said once. */
  headers: Set<string>;
  benchmarks: Map<string, Benchmark>;
  packages: Set<string>;
  /** The current `pkg:` block. */
  pkg: string;
  machine: Machine;
  /** A benchmark whose name was printed and whose numbers are still to come. */
  pending: { name: string; line: number } | undefined;
  limits: ModelLimits;
  /** No line read yet (the first may start with a BOM). */
  first: boolean;
}

/** One line of the output: a header, a failed/skipped benchmark, a result (or its name), or other text. */
function readGoLine(output: GoOutput, line: string, lineNo: number): void {
  const header = HEADER.exec(line);
  if (header) {
    const key = header[1];
    const value = header[2]!.trim();
    // Copies: a slice of a line keeps the piece of the file the line was cut from (text/ownCopy.ts).
    if (key === 'pkg') output.pkg = ownCopy(value);
    else if (value !== '' && (key === 'goos' || key === 'goarch' || key === 'cpu'))
      output.machine[key] = ownCopy(value);
    const note = `${key}: ${value}`;
    if (!output.headers.has(note)) {
      output.headers.add(note);
      output.notes.push(ownCopy(note));
    }
    return;
  }
  const outcome = OUTCOME.exec(line);
  if (outcome) {
    output.notes.push(
      `${outcome[2]} (line ${lineNo}) ${outcome[1] === 'FAIL' ? 'failed' : 'was skipped'}; it has no results`,
    );
    if (output.pending && outcome[2] === output.pending.name) output.pending = undefined;
    return;
  }
  if (line.startsWith('Benchmark')) {
    // A name with no numbers before another benchmark line announced it (`go test -v` prints
    // every name first, and a parent of sub-benchmarks has no numbers of its own).
    output.pending = undefined;
    const nameEnd = line.search(/[ \t]/);
    const name = nameEnd < 0 ? line : line.slice(0, nameEnd);
    const tail = nameEnd < 0 ? '' : line.slice(nameEnd);
    // The numbers start with the iteration count; anything else is the benchmark's own output.
    if (/^[ \t]+\d+(?:[ \t]|$)/.test(tail)) recordRun(output, name, lineNo, tail, lineNo, nameEnd + 1);
    else output.pending = { name, line: lineNo };
    return;
  }
  if (output.pending && /^[ \t]*\d+[ \t]+\S/.test(line)) {
    recordRun(output, output.pending.name, output.pending.line, line, lineNo, 1);
    output.pending = undefined;
  }
}

/** Adds a run (the numbers in `tail`) to its benchmark in the current package. */
function recordRun(
  output: GoOutput,
  name: string,
  nameLine: number,
  tail: string,
  tailLine: number,
  tailColumn: number,
): void {
  const { pkg } = output;
  const values = readResults(tail, output.file, tailLine, tailColumn);
  const key = `${pkg}\u0000${name}`;
  let benchmark = output.benchmarks.get(key);
  if (!benchmark) {
    const procs = PROCS.exec(name);
    benchmark = {
      pkg,
      name: ownCopy(procs ? name.slice(0, procs.index) : name),
      procs: procs ? Number(procs[1]) : 1,
      line: nameLine,
      values: new Map(),
    };
    // Counted as qualified (`pkg.BenchmarkX`): with one package, the same count as the names alone.
    output.limits.experiment(`${pkg}\u0000${experimentOf(benchmark, false)}`, tailLine);
    output.benchmarks.set(ownCopy(key), benchmark);
  }
  for (const { value, unit } of values) {
    let runs = benchmark.values.get(unit);
    if (!runs) {
      output.limits.measurement(tailLine);
      runs = [];
      benchmark.values.set(ownCopy(unit), runs);
    }
    runs.push(value);
  }
  output.packages.add(pkg);
}

/** A unit's metric, once per unit and role for the whole file: 25,000 benchmarks share four. */
type MetricCache = Map<string, { metric: Metric; unit: Unit; known: boolean }>;

/** The benchmark's values over its runs, per unit, in base units; units perfgate does not know are added to `unknownUnits`. */
function valuesByUnit(
  b: Benchmark,
  unknownUnits: Set<string>,
  cache: MetricCache,
): { metric: Metric; values: number[] }[] {
  // With a time, the benchmark's number is its ns/op: MB/s is SetBytes over that time, B/op, allocs/op and
  // ReportMetric's units are measures beside it. Without one (ReportMetric replaced ns/op), each stays primary.
  const timed = b.values.has('ns/op');
  const out: { metric: Metric; values: number[] }[] = [];
  for (const [symbol, printed] of b.values) {
    const role = timed && symbol !== 'ns/op' ? (symbol === 'MB/s' ? 'derived' : 'secondary') : 'primary';
    const key = `${role}\u0000${symbol}`;
    let slot = cache.get(key);
    if (!slot) {
      const { metric, unit, known } = metricOfUnit(symbol, symbol === 'ns/op' ? 'time/op' : symbol);
      slot = { metric: role === 'primary' ? metric : { ...metric, role }, unit, known };
      cache.set(key, slot);
    }
    if (!slot.known) unknownUnits.add(symbol);
    const unit = slot.unit;
    out.push({ metric: slot.metric, values: printed.map((value) => toBaseUnit(value, unit)) });
  }
  return out;
}

/** Value–unit pairs after the iteration count; an error names the first token that is not one. */
function readResults(tail: string, file: string, line: number, column: number): { value: number; unit: string }[] {
  const tokens: { text: string; column: number }[] = [];
  const pattern = /[^ \t]+/g;
  for (let m = pattern.exec(tail); m; m = pattern.exec(tail)) tokens.push({ text: m[0], column: column + m.index });
  const values: { value: number; unit: string }[] = [];
  for (let i = 1; i < tokens.length; i += 2) {
    const value = tokens[i]!;
    const unit = tokens[i + 1];
    if (!NUMBER.test(value.text))
      throw new InputError(`expected a number before a unit, found "${value.text.slice(0, 40)}"`, {
        file,
        line,
        column: value.column,
      });
    if (!unit) throw new InputError(`the value ${value.text} has no unit`, { file, line, column: value.column });
    values.push({ value: Number(value.text), unit: unit.text });
  }
  if (values.length === 0)
    throw new InputError('the iteration count is followed by no results (expected "123 ns/op")', {
      file,
      line,
      column: tokens[0]!.column,
    });
  return values;
}

function experimentOf(b: Benchmark, qualify: boolean): string {
  const slash = b.name.indexOf('/');
  const base = slash < 0 ? b.name : b.name.slice(0, slash);
  return qualify && b.pkg !== '' ? `${b.pkg}.${base}` : base;
}

/** `BenchmarkPublish/size=64,mode=copy` → label `size=64,mode=copy`, settings size 64 and mode copy. */
function parameterOf(b: Benchmark, labelProcs: boolean): Parameter {
  const slash = b.name.indexOf('/');
  let label = slash < 0 ? '' : b.name.slice(slash + 1);
  const settings: Record<string, number | string> = {};
  let payloadBytes: number | undefined;
  for (const part of label.split(/[/,]/)) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    const text = part.slice(eq + 1);
    const numeric = NUMBER.test(text) ? Number(text) : undefined;
    settings[key] = numeric ?? text;
    if (numeric !== undefined && Number.isSafeInteger(numeric) && numeric >= 0 && PAYLOAD_PARAMETER_NAMES.test(key))
      payloadBytes ??= numeric;
  }
  settings.procs = b.procs;
  if (labelProcs) label += `${label === '' ? '' : ','}procs=${b.procs}`;
  return { label, ...(payloadBytes !== undefined ? { payloadBytes } : {}), settings };
}

/** The machine Go's header names: `goos: linux`, `goarch: amd64`, `cpu: AMD EPYC 7763 64-Core Processor`. */
function environmentOfHeaders(machine: Machine): EnvironmentFingerprint | undefined {
  const environment: EnvironmentFingerprint = {
    ...(machine.goos !== undefined ? { os: nodeOsName(machine.goos) } : {}),
    ...(machine.goarch !== undefined ? { arch: nodeArchName(machine.goarch) } : {}),
    ...(machine.cpu !== undefined ? { cpu: cpuName(machine.cpu) } : {}),
  };
  return Object.keys(environment).length > 0 ? environment : undefined;
}
