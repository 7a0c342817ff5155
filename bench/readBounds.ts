/**
 * Reading large files (issue 38): the CLI's peak RSS on a large file of each format a suite makes
 * large, against the bound of 4× the file + 80 MB. Used by bench/main.ts; `npm run bench --
 * --read-bounds` runs this section alone and replaces it in bench/RESULTS.md.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { GenericCsvMapping } from '../src/engine/formats/adapter.js';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  GENERIC_CSV_MAPPING,
  writeBenchmarkDotNet,
  writeBmf,
  writeGenericCsv,
  writeGithubActionBenchmark,
  writeGoBench,
  writeJmh,
  writePytestBenchmark,
  writeRustLibtest,
} from './readCorpus.js';
import { runCliProcess } from './processes.js';
import { discoverResults } from '../src/pipeline/discover.js';
import { loadResultSet } from '../src/pipeline/resultSets.js';
import { keepYoungGenerationSmall } from '../src/pipeline/memory.js';
import { runCompare } from '../src/pipeline/compare.js';
import type { Progress } from '../src/pipeline/steps.js';
import { CLI_SPELLING, comparisonSettings, type ComparisonGiven } from '../src/engine/settings/rules.js';
import { readOptions } from '../src/cli/args.js';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

/**
 * `--read-one FILE [FORMAT MAPPING]`: reads one file as `inspect` does and nothing else (the bench
 * runs this in a fresh process of its own bundle for the "read" column), printing its measurements.
 */
export function readOne(args: readonly string[]): void {
  keepYoungGenerationSmall(); // as the CLI and the action do
  const [file, format, mapping] = args;
  const found = discoverResults(cwdFiles, [file!], { formats: true, ...(format ? { format } : {}) }).files[0]!;
  const { set } = loadResultSet(cwdFiles, found, {
    floatParse: 'precise',
    ...(mapping ? { mapping: JSON.parse(readFileSync(mapping, 'utf8')) as GenericCsvMapping } : {}),
  });
  process.stdout.write(`${set.measurements.length} measurements\n`);
}

/**
 * `--verdict-stages FILE OUTDIR`: `compare --reference FILE --results FILE` as the CLI runs it, in this process, printing
 * as JSON the live heap (after a full collection) once both sides are read and once they are compared, and the rows:
 * what the comparison's model holds per row, apart from reading and from writing the reports.
 */
export function verdictStages(args: readonly string[]): void {
  keepYoungGenerationSmall(); // as the CLI and the action do
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const [file, outputDir] = args;
  const live: Record<string, number> = {};
  const progress: Progress = {
    step: (title, work) => {
      const done = work();
      collect();
      live[title] = process.memoryUsage().heapUsed / MB;
      return done;
    },
    info: () => undefined,
    warning: () => undefined,
  };
  const given: ComparisonGiven = { reference: 'paths', history: false, paired: false, sharedShift: false };
  const outcome = runCompare(
    cwdFiles,
    {
      reference: [file!],
      results: [file!],
      outputDir: outputDir!,
      ...comparisonSettings(given, CLI_SPELLING),
      ...readOptions(cwdFiles, {}),
    },
    progress,
  );
  process.stdout.write(
    `${JSON.stringify({ read: live['Reading reference and results'], compared: live['Comparing'], rows: outcome.report.rows.length })}\n`,
  );
}

/** Google Benchmark JSON of `benchmarks` × `repetitions` from bench/scale-suite.mjs, run as a process (it runs its command line when imported into a bundle). */
function writeGoogleBenchmarkSuite(path: string, options: { benchmarks: number; repetitions: number }): void {
  execFileSync(process.execPath, [
    join(process.env['PERFGATE_BENCH_REPO'] ?? process.cwd(), 'bench', 'scale-suite.mjs'),
    'results',
    '--benchmarks',
    String(options.benchmarks),
    '--repetitions',
    String(options.repetitions),
    '--out',
    path,
  ]);
}

export interface ReadBoundsOptions {
  cliPath: string;
  /** The bench's own bundle, run with `--read-one`. */
  benchPath: string;
  peakRssHook: string;
  quick: boolean;
  log: (message: string) => void;
}

const MB = 1e6;

interface Case {
  label: string;
  file: string;
  write: (path: string) => void;
  /** The command: `inspect` of the file, or a verdict against itself. */
  verdict?: boolean;
  args?: string[];
  /** The format and mapping named, for the read-only run. */
  readArgs?: string[];
  /** inspect's peak RSS at commit 1dac897, before the readers streamed (MB; exit 2 where a count limit refused the file after the whole parse). */
  before: string;
}

/** `--verdict-stages` of the bench's own bundle, in a fresh process: the live heap once read and once compared. */
function verdictStagesOf(
  benchPath: string,
  file: string,
  dir: string,
): { read: number; compared: number; rows: number } {
  const run = runCliProcess({
    cliPath: benchPath,
    args: ['--verdict-stages', file, join(dir, 'stages-out')],
    cwd: dir,
  });
  if (run.status !== 0) throw new Error(`--verdict-stages ${file}: exit ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').pop()!) as { read: number; compared: number; rows: number };
}

/** Markdown lines of the section. */
export function readBounds(options: ReadBoundsOptions): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'perfgate-bench-read-'));
  try {
    const mapping = join(dir, 'mapping.json');
    writeFileSync(mapping, JSON.stringify(GENERIC_CSV_MAPPING));
    const size = options.quick ? 10 : 30;
    const cases: Case[] = [
      {
        label: 'Google Benchmark, 10,000 × 10 repetitions + aggregates',
        file: 'gb-10000x10.json',
        write: (path) =>
          writeGoogleBenchmarkSuite(path, { benchmarks: options.quick ? 2000 : 10_000, repetitions: 10 }),
        before: '375',
      },
      {
        label: 'Google Benchmark, 10,000 × 10, compare --reference',
        file: 'gb-10000x10.json',
        write: () => undefined,
        verdict: true,
        before: '354 at b9efd34',
      },
      {
        label: 'Google Benchmark, 10,000 × 1',
        file: 'gb-10000x1.json',
        write: (path) => writeGoogleBenchmarkSuite(path, { benchmarks: 10_000, repetitions: 1 }),
        before: '153',
      },
      {
        label: 'go test -bench -count 10, 25,200 benchmarks',
        file: 'go.txt',
        write: (path) => writeGoBench(path, size * MB),
        before: '485 (exit 2)',
      },
      {
        label: 'go test -bench -count 10, 34,600 benchmarks',
        file: 'go-45.txt',
        write: (path) => writeGoBench(path, (options.quick ? 15 : 45) * MB),
        before: '629 (exit 2)',
      },
      {
        label: 'the same, compare --reference',
        file: 'go-45.txt',
        write: () => undefined,
        verdict: true,
        before: '1992 at b9efd34 (the issue: exit 134)',
      },
      {
        label: 'pytest-benchmark, 17,700 benchmarks',
        file: 'pytest.json',
        write: (p) => writePytestBenchmark(p, size * MB),
        before: '299 (exit 2)',
      },
      {
        label: 'JMH, 11,300 benchmarks',
        file: 'jmh.json',
        write: (p) => writeJmh(p, size * MB),
        before: '356 (exit 2)',
      },
      {
        label: 'BenchmarkDotNet, 13,300 benchmarks',
        file: 'bdn.json',
        write: (p) => writeBenchmarkDotNet(p, size * MB),
        before: '326 (exit 2)',
      },
      {
        label: 'github-action-benchmark, 75,000 benchmarks',
        file: 'gab.json',
        write: (p) => writeGithubActionBenchmark(p, (options.quick ? 3 : 10) * MB),
        before: '209 (exit 2)',
      },
      {
        label: 'BMF, 74,000 benchmarks',
        file: 'bmf.json',
        write: (p) => writeBmf(p, (options.quick ? 3 : 10) * MB),
        before: '215 (exit 2)',
      },
      {
        label: 'Rust libtest, 74,000 benchmarks',
        file: 'libtest.txt',
        write: (p) => writeRustLibtest(p, (options.quick ? 2 : 5) * MB),
        before: '166 (exit 2)',
      },
      {
        label: 'generic CSV, 190,000 measurements',
        file: 'generic.csv',
        write: (p) => writeGenericCsv(p, (options.quick ? 4 : 12) * MB),
        args: ['--format', 'generic-csv', '--mapping', mapping],
        readArgs: ['generic-csv', mapping],
        before: '370',
      },
    ];
    const rows: string[] = [];
    const loadStart = loadavg()[0]!;
    for (const c of cases) {
      const path = join(dir, c.file);
      c.write(path);
      const mb = statSync(path).size / MB;
      options.log(`read bounds: ${c.label}, ${mb.toFixed(1)} MB`);
      const args = c.verdict
        ? ['compare', '--reference', path, '--results', path, '--output-dir', join(dir, 'out')]
        : ['inspect', ...(c.args ?? []), path];
      const bound = 4 * mb + 80;
      const megabytes = (run: { peakRssMb?: number }) =>
        run.peakRssMb === undefined ? NaN : (run.peakRssMb * 1024 * 1024) / MB;
      const read = c.verdict
        ? undefined
        : runCliProcess({
            cliPath: options.benchPath,
            args: ['--read-one', path, ...(c.readArgs ?? [])],
            cwd: dir,
            peakRssHook: options.peakRssHook,
          });
      const stages = c.verdict ? verdictStagesOf(options.benchPath, path, dir) : undefined;
      const r = runCliProcess({ cliPath: options.cliPath, args, cwd: dir, peakRssHook: options.peakRssHook });
      const rss = megabytes(r);
      const readRss = read ? megabytes(read) : NaN;
      const outcome = r.status === 0 ? 'read' : `exit ${r.status}: ${r.stderr.trim().split('\n').pop()!.slice(0, 160)}`;
      rows.push(
        `| ${c.label} | ${mb.toFixed(1)} | ${read ? `${readRss.toFixed(0)} (${(readRss / bound).toFixed(2)})` : '—'} | ${stages ? `${stages.read.toFixed(0)} → ${stages.compared.toFixed(0)} (${stages.rows.toLocaleString('en-US')} rows, ${(((stages.compared - stages.read) * MB) / stages.rows).toFixed(0)} B/row)` : '—'} | ${c.verdict ? 'compare' : 'inspect'} | ${(r.wallMs / 1000).toFixed(1)} | ${rss.toFixed(0)} | ${bound.toFixed(0)} | ${(rss / bound).toFixed(2)} | ${c.before} | ${outcome} |`,
      );
    }
    return [
      '## Reading large files',
      '',
      `Issue 38: \`perfgate inspect FILE\` (or \`compare --reference FILE --results FILE\`, a verdict of every row) on one generated file of each format a suite makes large (bench/readCorpus.ts, Google Benchmark from bench/scale-suite.mjs), in a fresh process of dist/cli.js. "Read only" reads the file as inspect does and prints nothing (\`--read-one\` of the bench's own bundle, whose Node and code take about 50 MB): what reading costs, apart from rendering every row. Peak RSS is the process's high-water mark (VmHWM), Node's own ~65 MB included. The bound is 4× the file + 80 MB; "÷ bound" over 1 misses it. "Before" is inspect at 1dac897, before the readers streamed; "exit 2" there is the count limit refusing the file after the whole parse; for a verdict, the peak at b9efd34, when comparison.json and comparison.md were each built whole before being written (they are now written a row at a time). "Verdict: live heap" is the JS heap after a full collection once both sides are read and once they are compared (\`--verdict-stages\` of the bench's bundle): what the comparison's model holds per row, apart from reading and writing; the peak RSS above it is garbage V8 has not yet collected. Load average ${loadStart.toFixed(1)} at the start of this section, ${loadavg()[0]!.toFixed(1)} at its end: wall times are ratios.`,
      '',
      '| file | MB | read only: peak MB (÷ bound) | verdict: live heap MB, read → compared (model per row) | command | wall s | peak RSS MB | bound MB | ÷ bound | before MB | outcome |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
