/**
 * Memory and time against input size (issue 26): the CLI's peak RSS as a multiple of a file read
 * whole, its wall time against the file's size, and `check`'s time against the number of
 * experiments × requirement rows. Used by bench/main.ts; `npm run bench -- --bounds` runs this
 * section alone and replaces it in bench/RESULTS.md.
 */
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkMeasurements } from '../src/engine/check/metricCheck.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import type { MetricRequirement } from '../src/engine/model/metricRequirement.js';
import { RESULT_LIMITS } from '../src/pipeline/resultSets.js';
import { runCliProcess } from './processes.js';
import { GENERIC_CSV_MAPPING } from './readCorpus.js';

const MIB = 1024 * 1024;

/**
 * Google Benchmark JSON of about `bytes`: 1 000 benchmarks, repeated until the size is reached (real_time and
 * cpu_time).
 */
function writeGoogleBenchmark(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  let size = 0;
  const write = (text: string) => {
    writeSync(fd, text);
    size += Buffer.byteLength(text);
  };
  write('{\n  "context": {\n    "date": "2026-01-01T00:00:00+00:00",\n    "num_cpus": 4\n  },\n  "benchmarks": [\n');
  const chunk: string[] = [];
  for (let i = 0; size + chunk.length * 330 < bytes - 400; i++) {
    const b = i % 1000;
    chunk.push(
      `${i ? ',\n' : ''}    {\n      "name": "BM_Case${b}/64",\n      "family_index": ${b},\n      "per_family_instance_index": 0,\n      "run_name": "BM_Case${b}/64",\n      "run_type": "iteration",\n      "repetitions": 100000,\n      "repetition_index": ${Math.floor(i / 1000)},\n      "threads": 1,\n      "iterations": 1000,\n      "real_time": ${(100 + (i % 7)).toFixed(3)},\n      "cpu_time": ${(99 + (i % 5)).toFixed(3)},\n      "time_unit": "ns"\n    }`,
    );
    if (chunk.length === 1000) write(chunk.splice(0).join(''));
  }
  write(chunk.join('') + '\n  ]\n}\n');
  closeSync(fd);
}

/** A generic CSV of about `bytes`: one measurement (eight statistics of one metric) per row. */
function writeGenericCsv(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  let size = 0;
  const header = 'experiment,payload_bytes,min_us,p50_us,mean_us,p90_us,p99_us,p999_us,max_us,stdev_us\n';
  writeSync(fd, header);
  size += header.length;
  const rows: string[] = [];
  for (let i = 0; size < bytes; i++) {
    const v = 10 + (i % 97) / 10;
    rows.push(
      `suite/transport_${i % 5000},${64 * (1 + Math.floor(i / 5000))},${v},${v + 1},${v + 1.5},${v + 3},${v + 9},${v + 20},${v + 40},${(i % 13) / 10}\n`,
    );
    if (rows.length === 1000) {
      const text = rows.splice(0).join('');
      writeSync(fd, text);
      size += text.length;
    }
  }
  closeSync(fd);
}

export interface BoundsOptions {
  cliPath: string;
  peakRssHook: string;
  quick: boolean;
  log: (message: string) => void;
}

/** Markdown lines of the section. */
export function inputBounds(options: BoundsOptions): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'perfgate-bench-bounds-'));
  try {
    const mapping = join(dir, 'mapping.json');
    writeFileSync(mapping, JSON.stringify(GENERIC_CSV_MAPPING));
    const sizes = options.quick ? [8, 32] : [8, 16, 32, 64];
    const rows: string[] = [];
    const formats = [
      {
        label: 'Google Benchmark JSON',
        write: writeGoogleBenchmark,
        args: ['--format', 'google-benchmark'],
        ext: 'json',
      },
      {
        label: 'generic CSV',
        write: writeGenericCsv,
        args: ['--format', 'generic-csv', '--mapping', mapping],
        ext: 'csv',
      },
    ];
    for (const format of formats) {
      // The last size is just over the file limit: refused before it is read.
      for (const mib of [...sizes, RESULT_LIMITS.fileBytes / MIB + 1]) {
        // At the limit itself: just under it, as the CSV writer ends a little past its target.
        const bytes = mib * MIB - (mib === RESULT_LIMITS.fileBytes / MIB ? 256 * 1024 : 0);
        const path = join(dir, `input-${mib}.${format.ext}`);
        format.write(path, bytes);
        options.log(`bounds: ${format.label}, ${mib} MiB`);
        const r = runCliProcess({
          cliPath: options.cliPath,
          args: ['inspect', ...format.args, path],
          cwd: dir,
          peakRssHook: options.peakRssHook,
        });
        rmSync(path);
        const outcome =
          r.status === 0
            ? 'read'
            : `exit ${r.status}: ${/the file (is|holds) [^;:]*/.exec(r.stderr)?.[0] ?? r.stderr.trim().split('\n').pop()}`;
        const rss = r.peakRssMb ?? NaN;
        rows.push(
          `| ${format.label} | ${mib} | ${(r.wallMs / 1000).toFixed(1)} | ${(r.wallMs / mib).toFixed(0)} | ${rss.toFixed(0)} | ${((rss * MIB) / 1e6 / mib).toFixed(1)}× | ${outcome} |`,
        );
      }
    }

    const checkRows: string[] = [];
    for (const n of options.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]) {
      const { sets, requirements } = checkCorpus(n);
      const start = performance.now();
      const checks = checkMeasurements(sets, requirements);
      const ms = performance.now() - start;
      options.log(`bounds: check of ${n} experiments: ${ms.toFixed(0)} ms`);
      checkRows.push(
        `| ${n.toLocaleString('en')} | ${n.toLocaleString('en')} | ${ms.toFixed(0)} | ${((1000 * ms) / n).toFixed(1)} | ${checks.length.toLocaleString('en')} |`,
      );
    }
    return [
      '## Memory and time against input size',
      '',
      `\`perfgate inspect\` (dist/cli.js) on one generated file, in a fresh process; peak RSS is the process's high-water mark (VmHWM), including Node's own ~50 MB. The size limit for files read whole is ${RESULT_LIMITS.fileBytes / MIB} MiB and ${RESULT_LIMITS.measurements.toLocaleString('en')} measurements per file (src/pipeline/resultSets.ts). Google Benchmark: 1 000 benchmarks repeated until the size is reached (the repetitions are samples, so the measurement count stays at 2 000). Generic CSV: one measurement of eight statistics a row, so files over about 24 MiB hold more than ${RESULT_LIMITS.measurements.toLocaleString('en')} measurements and are refused at the row that brings the first one over.`,
      '',
      '| input | MiB | wall s | ms per MiB | peak RSS MB | RSS ÷ size | outcome |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      "Before issue 26 (limit 256 MiB, generic CSV parsed whole before the count was checked): a generic CSV of 32 MiB peaked at 2.0 GB (≈ 60×) and took 33 s; the issue's 227 MiB Google Benchmark JSON reached 4.4 GB and crashed (exit 134). " +
        'Before the JSON reader kept one shape per kind of object and stopped keeping a map of key places per object, the Google Benchmark files above peaked at 187, 301, 401 and 603 MB (9.9× at 64 MiB).',
      '',
      '## `check` against experiments × requirement rows',
      '',
      'checkMeasurements in process: N result sets of one experiment each, against N requirement rows (one per experiment). Before the rows were indexed by experiment (each experiment scanned every row): 2.1 s at 10 000, over 200 s at 100 000 on this machine (the issue: 1.9 s and 94 s).',
      '',
      '| experiments | requirement rows | ms | µs per experiment | sub-experiment checks |',
      '| --- | --- | --- | --- | --- |',
      ...checkRows,
      '',
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function checkCorpus(n: number): { sets: ResultSet[]; requirements: MetricRequirement[] } {
  const sets: ResultSet[] = [];
  const requirements: MetricRequirement[] = [];
  for (let i = 0; i < n; i++) {
    const file = `r${i}.csv`;
    sets.push({
      format: 'redis-benchmark',
      file,
      notes: [],
      measurements: [
        {
          experiment: `T${i}`,
          parameter: { label: '' },
          metric: {
            name: 'throughput',
            dimension: 'rate',
            unit: 'Hz',
            displayUnit: 'req/s',
            direction: 'higher-is-better',
          },
          statistics: { value: 1000 + (i % 100) },
          place: { file, line: 2 },
        },
      ],
    });
    requirements.push({
      experiment: `T${i}`,
      parameter: '*',
      metric: 'throughput',
      limit: 500,
      dimension: 'rate',
      unit: 'req/s',
      label: 'throughput',
      file: 'requirements.csv',
      line: i + 2,
    });
  }
  return { sets, requirements };
}
