/**
 * History records at scale (issue 38): the bytes of one run's record for Google Benchmark suites of
 * 1,000 and 10,000 benchmarks (bench/scale-suite.mjs, real and cpu time each), and the time to read
 * 30 of them back, as a comparison with a 30-run history does. Used by bench/main.ts;
 * `npm run bench -- --history` runs this section alone and replaces it in bench/RESULTS.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseHistoryRecord, renderHistoryRecord } from '../src/engine/history/codec.js';
import { makeHistoryRecord } from '../src/engine/history/record.js';
import { loadResults } from '../src/pipeline/results.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

/** Version 2 records of the same suites, measured before version 3 (commit 1dac897). */
const VERSION_2_BYTES: Record<string, number> = { '10000×1': 5_529_116, '10000×10': 7_864_876 };

export function historyRecordsSection(options: {
  repoRoot: string;
  quick: boolean;
  log: (message: string) => void;
}): string[] {
  const suites: [benchmarks: number, repetitions: number][] = options.quick
    ? [
        [1000, 1],
        [1000, 10],
      ]
    : [
        [1000, 1],
        [1000, 10],
        [10_000, 1],
        [10_000, 10],
      ];
  const dir = mkdtempSync(join(tmpdir(), 'perfgate-bench-history-'));
  const rows: string[] = [];
  try {
    for (const [benchmarks, repetitions] of suites) {
      const file = join(dir, `suite-${benchmarks}-${repetitions}.json`);
      // As a process: the generator runs its command line when it is the entry point, which a bundle of it would be.
      execFileSync(process.execPath, [
        join(options.repoRoot, 'bench', 'scale-suite.mjs'),
        'results',
        '--benchmarks',
        String(benchmarks),
        '--repetitions',
        String(repetitions),
        '--out',
        file,
      ]);
      const loaded = loadResults(cwdFiles, [file], { floatParse: 'precise' });
      const record = makeHistoryRecord([...loaded.experiments.values()], {
        sha: 'a'.repeat(40),
        date: '2026-01-01T00:00:00Z',
        runId: 1,
        runUrl: 'https://github.com/octo/bench/actions/runs/1',
      });
      const text = renderHistoryRecord(record);
      const bytes = Buffer.byteLength(text);
      // Warm up once, then the median of 5 readings of 30 records.
      parseHistoryRecord(text, 'h.json');
      const times: number[] = [];
      for (let round = 0; round < 5; round++) {
        const start = performance.now();
        for (let i = 0; i < 30; i++) parseHistoryRecord(text, 'h.json');
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const before = VERSION_2_BYTES[`${benchmarks}×${repetitions}`];
      rows.push(
        `| ${benchmarks.toLocaleString('en')} | ${repetitions} | ${record.measurements.length.toLocaleString('en')} | ` +
          `${bytes.toLocaleString('en')} | ${before ? `${before.toLocaleString('en')} (${((100 * bytes) / before).toFixed(1)} %)` : ''} | ` +
          `${(bytes / record.measurements.length).toFixed(1)} | ${times[2]!.toFixed(0)} |`,
      );
      options.log(`history records: ${benchmarks} × ${repetitions}: ${bytes} bytes`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    '## History records',
    '',
    'One run of a `bench/scale-suite.mjs` Google Benchmark suite (real and cpu time per benchmark) as a version 3 ' +
      'history record (descriptions once, a column per statistic), and the time to read 30 of them back ' +
      '(`parseHistoryRecord`, median of 5, after a warm-up), as `compare --history` reads a 30-run window. ' +
      `Load average (1 min) at the end: ${loadavg()[0]!.toFixed(2)}.`,
    '',
    '| benchmarks | repetitions | measurements | record bytes | version 2 bytes | bytes per measurement | 30 read, ms |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ];
}
