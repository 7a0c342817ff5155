/**
 * The history verdict at scale (issue 38, "A 2-second verdict for 10,000 benchmarks"): `compare --history` of 1,000
 * and 10,000 Google Benchmark benchmarks against a 30-run history, with 100 benchmarks 1.3× slower, through the CLI and
 * through the action (charts: false and the default), wall time and peak RSS, and where the action's time goes (its
 * logged steps). The suites come from bench/scale-suite.mjs; the history is made as a user makes it, by
 * `perfgate history import` of 30 run folders. Used by bench/main.ts; `npm run bench -- --history-verdict` runs this
 * section alone and replaces it in bench/RESULTS.md.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  benchmarkName,
  regressedIndices,
  writeGoogleBenchmarkRuns,
  writeGoogleBenchmarkSuite,
} from './scale-suite.mjs';
import { runActionProcess, runCliProcess, type ProcessRun } from './processes.js';
import { DEFAULT_THRESHOLD } from '../src/engine/compare/thresholds.js';
import { runCompare } from '../src/pipeline/compare.js';
import type { Progress } from '../src/pipeline/steps.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

export const HISTORY_VERDICT_HEADING = '## Scale: the history verdict';

/** The history's runs, the regressed benchmarks and their factor (issue 38's Done-when). */
const RUNS = 30;
const REGRESSED = 100;
const FACTOR = 1.3;

/** The targets: the action's verdict on 10,000 benchmarks on an idle machine, and its growth from 1,000. */
const TARGET = { wallS: 2, peakMb: 400, growth: 15 };

/** A run this long is timed without a warm-up run (the file cache is warm from the one before). */
const SLOW_MS = 5_000;

export interface HistoryVerdictOptions {
  cliPath: string;
  actionPath: string;
  peakRssHook: string;
  quick: boolean;
  log: (message: string) => void;
}

interface Timed {
  wallMs: number;
  /** CPU time (user + system, every thread) of the process: what its wall time comes near on an idle machine. */
  cpuMs: number;
  peakRssMb: number;
  runs: number;
  /** The action's logged steps (`Reading reference and results: 1435 ms`), medians in ms. */
  steps: Map<string, number>;
  last: ProcessRun;
}

interface Case {
  benchmarks: number;
  repetitions: number;
  historyMb: number;
  importS: number;
  importMb: number;
  cli: Timed;
  action: Timed;
  actionCharts: Timed;
  caught: number;
  others: number;
  /** runCompare in this process, after a first run: each step's CPU time in ms (median). */
  inProcess: Map<string, number>;
}

const STEPS = ['Reading reference and results', 'Comparing', 'Writing reports'];

/** runCompare's steps in this process, `runs` times after a first run: the CPU time of each step, median. */
function inProcessSteps(history: string, head: string, out: string, runs: number): Map<string, number> {
  const cpu = new Map<string, number[]>();
  for (let i = 0; i <= runs; i++) {
    const progress: Progress = {
      step: (title, work) => {
        const before = process.cpuUsage();
        try {
          return work();
        } finally {
          const used = process.cpuUsage(before);
          if (i > 0) cpu.set(title, [...(cpu.get(title) ?? []), (used.user + used.system) / 1000]);
        }
      },
      info: () => {},
      warning: () => {},
    };
    rmSync(out, { recursive: true, force: true });
    const t = DEFAULT_THRESHOLD;
    runCompare(
      cwdFiles,
      {
        reference: [],
        history,
        results: [head],
        outputDir: out,
        thresholds: { Min: t, Median: t, Max: t, '99%': t },
        floatParse: 'precise',
      },
      progress,
    );
  }
  return new Map([...cpu].map(([title, ms]) => [title, median(ms)]));
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The CPU time of this process's waited-for children so far (Linux: cutime + cstime of /proc/self/stat, in clock ticks
 * of 10 ms); NaN elsewhere. A child's CPU time is the difference around its spawnSync.
 */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command's name: field 3 (state) is index 0, so cutime (16) and cstime (17) are 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return NaN;
  }
}

const STEP = /^(Reading reference and results|Comparing|Writing reports): (\d+) ms$/gm;

/** Runs `once` after a warm-up run (unless the warm-up is slow), `runs` times: median wall, highest peak RSS. */
function timed(label: string, runs: number, once: () => ProcessRun, log: (m: string) => void): Timed {
  const walls: number[] = [];
  const cpus: number[] = [];
  const rss: number[] = [];
  const steps = new Map<string, number[]>();
  let last: ProcessRun | undefined;
  for (let i = 0; i <= runs && walls.length < runs; i++) {
    const cpuBefore = childrenCpuMs();
    const r = once();
    const cpuMs = childrenCpuMs() - cpuBefore;
    if (r.status !== 0 && r.status !== 1)
      throw new Error(`${label} failed (exit ${r.status}):\n${r.stdout.slice(-2000)}\n${r.stderr.slice(-2000)}`);
    last = r;
    if (i === 0 && r.wallMs < SLOW_MS) continue;
    walls.push(r.wallMs);
    cpus.push(cpuMs);
    rss.push(r.peakRssMb ?? NaN);
    for (const [, name, ms] of r.stdout.matchAll(STEP)) steps.set(name!, [...(steps.get(name!) ?? []), Number(ms)]);
  }
  const t: Timed = {
    wallMs: median(walls),
    cpuMs: median(cpus),
    peakRssMb: Math.max(...rss),
    runs: walls.length,
    steps: new Map([...steps].map(([name, ms]) => [name, median(ms)])),
    last: last!,
  };
  log(
    `history verdict: ${label}: ${(t.wallMs / 1000).toFixed(1)} s (CPU ${(t.cpuMs / 1000).toFixed(1)} s), ${t.peakRssMb.toFixed(0)} MB`,
  );
  return t;
}

function folderBytes(dir: string): number {
  return readdirSync(dir).reduce((total, name) => total + statSync(join(dir, name)).size, 0);
}

/**
 * The benchmarks the comparison names (a gated parameter row that fails or is warned: what the comment lists as
 * slower), split into the regressed ones and the others.
 */
function namedCounts(comparisonJson: string, benchmarks: number): { caught: number; others: number } {
  const regressed = new Set([...regressedIndices(benchmarks, REGRESSED)].map(benchmarkName));
  const report = JSON.parse(comparisonJson) as {
    subExperiments: {
      experimentType: string;
      comparisons: { parameter: string; pooled?: boolean; gated: boolean; status: string }[];
    }[];
  };
  const named = new Set<string>();
  for (const sub of report.subExperiments)
    for (const row of sub.comparisons)
      if (!row.pooled && row.gated && (row.status === 'fail' || row.status === 'warn'))
        named.add(`${sub.experimentType}/${row.parameter}`);
  const caught = [...named].filter((b) => regressed.has(b)).length;
  return { caught, others: named.size - caught };
}

function measureCase(
  options: HistoryVerdictOptions,
  root: string,
  benchmarks: number,
  repetitions: number,
  runs: number,
): Case {
  const { log } = options;
  const dir = join(root, `${benchmarks}-r${repetitions}`);
  const runsDir = join(dir, 'runs');
  const history = join(dir, 'history');
  const head = join(dir, 'head.json');
  mkdirSync(dir, { recursive: true });
  log(`history verdict: ${benchmarks} benchmarks × ${repetitions} repetitions, ${RUNS} runs: generating`);
  writeGoogleBenchmarkRuns(runsDir, { benchmarks, runs: RUNS, repetitions });
  const imported = runCliProcess({
    cliPath: options.cliPath,
    args: ['history', 'import', runsDir, '--output', history],
    cwd: dir,
    peakRssHook: options.peakRssHook,
  });
  if (imported.status !== 0) throw new Error(`history import failed:\n${imported.stderr.slice(-2000)}`);
  rmSync(runsDir, { recursive: true, force: true });
  writeGoogleBenchmarkSuite(head, { benchmarks, repetitions, run: RUNS, regressed: REGRESSED, factor: FACTOR });
  const label = `${benchmarks.toLocaleString('en')} × ${repetitions}`;
  const out = join(dir, 'out');
  const cli = timed(
    `${label}, CLI`,
    runs,
    () => {
      rmSync(out, { recursive: true, force: true });
      return runCliProcess({
        cliPath: options.cliPath,
        args: ['compare', '--history', history, '--results', head, '--output-dir', out],
        cwd: dir,
        peakRssHook: options.peakRssHook,
      });
    },
    log,
  );
  const counts = namedCounts(readFileSync(join(out, 'comparison.json'), 'utf8'), benchmarks);
  const inProcess = inProcessSteps(history, head, join(dir, 'in-process'), runs);
  log(
    `history verdict: ${label}, in-process CPU: ${STEPS.map((step) => `${step} ${((inProcess.get(step) ?? NaN) / 1000).toFixed(2)} s`).join(', ')}`,
  );
  const action = (charts: boolean) => () =>
    runActionProcess({
      actionPath: options.actionPath,
      peakRssHook: options.peakRssHook,
      inputs: {
        results: head,
        history,
        'fail-on-regression': 'false',
        comment: 'never',
        ...(charts ? {} : { charts: 'false' }),
      },
    });
  const result: Case = {
    benchmarks,
    repetitions,
    historyMb: folderBytes(history) / 1e6,
    importS: imported.wallMs / 1000,
    importMb: imported.peakRssMb ?? NaN,
    cli,
    action: timed(`${label}, action, charts: false`, runs, action(false), log),
    actionCharts: timed(`${label}, action, default charts`, runs, action(true), log),
    ...counts,
    inProcess,
  };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

const s = (ms: number) => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
const mb = (x: number) => x.toFixed(0);

/** Markdown lines of the section. */
export function historyVerdict(options: HistoryVerdictOptions): string[] {
  const root = mkdtempSync(join(tmpdir(), 'perfgate-bench-verdict-'));
  const loadAtStart = loadavg()[0]!;
  const runs = options.quick ? 1 : 2;
  const cases: Case[] = [];
  try {
    for (const repetitions of options.quick ? [1] : [1, 10])
      for (const benchmarks of [1_000, 10_000]) cases.push(measureCase(options, root, benchmarks, repetitions, runs));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const loadAtEnd = loadavg()[0]!;
  const rows = cases.map((c) => {
    const steps = STEPS.map((name) => (c.action.steps.has(name) ? s(c.action.steps.get(name)!) : '—'));
    const cpu = STEPS.map((name) => (c.inProcess.has(name) ? s(c.inProcess.get(name)!) : '—'));
    return (
      `| ${c.benchmarks.toLocaleString('en')} | ${c.repetitions} | ${c.historyMb.toFixed(0)} | ${c.importS.toFixed(1)} s, ${mb(c.importMb)} MB ` +
      `| ${s(c.cli.wallMs)} | ${s(c.cli.cpuMs)} | ${mb(c.cli.peakRssMb)} | ${s(c.action.wallMs)} | ${s(c.action.cpuMs)} | ${mb(c.action.peakRssMb)} ` +
      `| ${s(c.actionCharts.wallMs)} | ${mb(c.actionCharts.peakRssMb)} | ${steps.join(' / ')} | ${cpu.join(' / ')} | ${c.caught} of ${REGRESSED}, ${c.others} others |`
    );
  });
  const ratioRows: string[] = [];
  const targetRows: string[] = [];
  const where: string[] = [];
  for (const repetitions of [...new Set(cases.map((c) => c.repetitions))]) {
    const small = cases.find((c) => c.repetitions === repetitions && c.benchmarks === 1_000)!;
    const large = cases.find((c) => c.repetitions === repetitions && c.benchmarks === 10_000)!;
    const ratio = (f: (c: Case) => number) => (f(large) / f(small)).toFixed(1);
    // Judged on CPU time: on a shared machine the wall time's ratio is mostly the load's.
    const growth = large.action.cpuMs / small.action.cpuMs;
    ratioRows.push(
      `| ${repetitions} | ${ratio((c) => c.cli.wallMs)}× | ${ratio((c) => c.cli.cpuMs)}× | ${ratio((c) => c.cli.peakRssMb)}× | ${ratio((c) => c.action.wallMs)}× | ${ratio((c) => c.action.cpuMs)}× | ${ratio((c) => c.action.peakRssMb)}× | ${ratio((c) => c.actionCharts.wallMs)}× | ${ratio((c) => c.inProcess.get('Comparing') ?? NaN)}× | ${growth <= TARGET.growth ? '**met**' : '**not met**'} |`,
    );
    const wallS = large.action.wallMs / 1000;
    const cpuS = large.action.cpuMs / 1000;
    const over = (value: number, target: number) =>
      value <= target ? '**met**' : `**not met**: ${(value / target).toFixed(1)}× the target`;
    const parts = STEPS.map((step) => (large.inProcess.get(step) ?? NaN) / 1000);
    const rest = cpuS - parts.reduce((a, b) => a + b, 0);
    where.push(
      `At 10,000 × ${repetitions}, of the action's ${cpuS.toFixed(1)} s of CPU: reading ${parts[0]!.toFixed(2)} s, comparing ${parts[1]!.toFixed(2)} s, writing the reports ${parts[2]!.toFixed(2)} s (in-process), and ${rest.toFixed(2)} s for the rest: start-up, the job summary and outputs, and the garbage collector's threads.`,
    );
    targetRows.push(
      `| action, 10,000 × ${repetitions}, charts: false: wall | ≤ ${TARGET.wallS} s on an idle machine | ${wallS.toFixed(1)} s at load ${loadAtStart.toFixed(1)}–${loadAtEnd.toFixed(1)} | ${over(wallS, TARGET.wallS)} |`,
      `| the same, CPU time (near the wall time on an idle machine) | ≤ ${TARGET.wallS} s | ${cpuS.toFixed(1)} s | ${over(cpuS, TARGET.wallS)} |`,
      `| action, 10,000 × ${repetitions}, charts: false: peak RSS | ≤ ${TARGET.peakMb} MB | ${mb(large.action.peakRssMb)} MB | ${over(large.action.peakRssMb, TARGET.peakMb)} |`,
    );
  }
  return [
    HISTORY_VERDICT_HEADING,
    '',
    `\`compare --history\` of a generated Google Benchmark suite (bench/scale-suite.mjs: families of 10 instances, real and cpu time) against a ${RUNS}-run history of one unchanged build, made by \`perfgate history import\` of ${RUNS} run folders; the candidate has ${REGRESSED} benchmarks ${FACTOR}× slower, spread over the suite. One repetition per run is what a history gate on a large suite records on every push; 10 repetitions (each run's repetitions and the mean, median, stddev and cv aggregates) is the heavy case. The CLI writes comparison.md and comparison.json; the action (dist/index.js with INPUT_* variables, no token, comment: never) also writes the job summary and, with the default charts, the charts. Median of ${runs} run(s) (a run under ${SLOW_MS / 1000} s after a warm-up run); peak RSS is the process's VmHWM. The machine is shared: load average (1 min) ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end, on ${availableParallelism()} cores.`,
    '',
    '| benchmarks | repetitions | history MB | history import | CLI wall s | CLI CPU s | CLI peak MB | action wall s (charts: false) | CPU s | peak MB | action wall s (default charts) | peak MB | action steps, wall s: read / compare / write | in-process CPU s: read / compare / write | named |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    "\"named\": benchmarks with a gated row that fails or is warned (what the comment lists as slower), of the 100 regressed, and others. CPU time is the process's user + system time (all threads, from /proc/self/stat's cutime and cstime around it): on a loaded machine it is the better guide to the wall time on an idle one. The action's steps are those it logs (reading the history and the results, comparing, writing comparison.md and comparison.json); the rest of its wall time is start-up and publishing (job summary, outputs, charts). The in-process CPU times are the same steps of runCompare in the bench's own process, warm, median of the runs after a first one: reading is the history records' parse and the results' (the history and stream work of issue 38), comparing is the verdict (src/engine/compare, src/engine/stats), writing is rendering comparison.md and comparison.json (src/engine/report) and writing them.",
    '',
    `Growth from 1,000 to 10,000 benchmarks (Done-when: the 10,000-benchmark time ≤ ${TARGET.growth}× the 1,000):`,
    '',
    `| repetitions | CLI wall | CLI CPU | CLI peak | action wall (charts: false) | action CPU | action peak | action wall (default charts) | comparing, in-process CPU | action CPU ≤ ${TARGET.growth}× |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...ratioRows,
    '',
    '| target | goal | measured | |',
    '| --- | --- | --- | --- |',
    ...targetRows,
    '',
    ...where.flatMap((sentence) => [sentence, '']),
  ];
}
