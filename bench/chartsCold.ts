/**
 * One cold run of writeCharts on the example fixture set (every chart kind: spec, SVG, PNG,
 * report.html), in a process of its own: the figure a one-shot action or CLI run sees, with the
 * charts bundle loaded and every JIT cold. Preparing the input is not timed. Prints one JSON line.
 * Bundled by bench/run.mjs against the built dist/chunks/charts.js (worker thread included).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exampleInput } from '../__tests__/charts-fixtures.js';
import { writeCharts } from '../src/pipeline/writeCharts.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

// bench/run.mjs names the checkout: this bundle runs from bench/.out.
const input = exampleInput(process.env['PERFGATE_BENCH_REPO'] ?? process.cwd());
const outputDir = mkdtempSync(join(tmpdir(), 'perfgate-bench-charts-cold-'));
try {
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const outcome = await writeCharts(cwdFiles, outputDir, input);
  const ms = performance.now() - start;
  // Every thread of the process: this one, the PNG worker, and V8's compiler and GC helpers.
  const cpu = process.cpuUsage(cpuBefore);
  const pngs = outcome.written.filter((path) => path.endsWith('.png')).length;
  process.stdout.write(
    JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, charts: outcome.charts.length, pngs }) + '\n',
  );
} finally {
  rmSync(outputDir, { recursive: true, force: true });
}
