/**
 * The bench's child processes: the bundled action run the way the GitHub runner runs it (as
 * __tests__/helpers/runner-action.ts does: a fresh environment with INPUT_* variables and
 * GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files, no token, no API), and the Python side-by-side
 * scripts. Wall time is measured around the spawn; peak RSS is the child's own VmHWM (ru_maxrss off Linux),
 * written at exit by bench/peak-rss.mjs (loaded with --import).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ProcessRun {
  wallMs: number;
  /** Peak resident set size in MB, when measured. */
  peakRssMb?: number;
  status: number | null;
  /** Whether the run wrote charts (a charts/ folder in its output folder). */
  wroteCharts: boolean;
  stdout: string;
  stderr: string;
}

export interface ActionRunOptions {
  actionPath: string;
  /** bench/peak-rss.mjs: measure the peak RSS (adds an --import to the child). */
  peakRssHook?: string;
  inputs: Record<string, string>;
}

export function runActionProcess(options: ActionRunOptions): ProcessRun {
  const runner = mkdtempSync(join(tmpdir(), 'perfgate-bench-run-'));
  try {
    const workspace = join(runner, 'workspace');
    const temp = join(runner, 'temp');
    mkdirSync(workspace);
    mkdirSync(temp);
    const outputPath = join(runner, 'github_output');
    const summaryPath = join(runner, 'step_summary');
    const rssPath = join(runner, 'peak_rss');
    writeFileSync(outputPath, '');
    writeFileSync(summaryPath, '');
    const env: Record<string, string> = {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      GITHUB_OUTPUT: outputPath,
      GITHUB_STEP_SUMMARY: summaryPath,
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: temp,
    };
    for (const [name, value] of Object.entries(options.inputs))
      env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
    const args = [options.actionPath];
    if (options.peakRssHook) {
      env['PERFGATE_BENCH_PEAK_RSS'] = rssPath;
      args.unshift(`--import=${pathToFileURL(options.peakRssHook).href}`);
    }
    const start = performance.now();
    const result = spawnSync(process.execPath, args, {
      cwd: workspace,
      env,
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 64 << 20,
    });
    const wallMs = performance.now() - start;
    if (result.error) throw result.error;
    let peakRssMb: number | undefined;
    if (options.peakRssHook) {
      const kb = Number(readFileSync(rssPath, 'utf8'));
      if (kb > 0) peakRssMb = kb / 1024;
    }
    const outputDir = join(workspace, options.inputs['output-dir'] ?? 'perfgate-report');
    const wroteCharts = existsSync(join(outputDir, 'charts'));
    return {
      wallMs,
      ...(peakRssMb !== undefined ? { peakRssMb } : {}),
      status: result.status,
      wroteCharts,
      stdout: result.stdout,
      stderr: result.stderr,
    };
  } finally {
    rmSync(runner, { recursive: true, force: true });
  }
}

/** The CLI (dist/cli.js) as a user runs it, in `cwd`; wall time and, with the hook, peak RSS. */
export function runCliProcess(options: {
  cliPath: string;
  args: readonly string[];
  cwd: string;
  peakRssHook?: string;
}): ProcessRun {
  const rssDir = mkdtempSync(join(tmpdir(), 'perfgate-bench-cli-'));
  try {
    const rssPath = join(rssDir, 'peak_rss');
    const env: Record<string, string> = { PATH: process.env['PATH'] ?? '/usr/bin:/bin' };
    const args = [options.cliPath, ...options.args];
    if (options.peakRssHook) {
      env['PERFGATE_BENCH_PEAK_RSS'] = rssPath;
      args.unshift(`--import=${pathToFileURL(options.peakRssHook).href}`);
    }
    const start = performance.now();
    const result = spawnSync(process.execPath, args, {
      cwd: options.cwd,
      env,
      encoding: 'utf8',
      timeout: 600_000,
      maxBuffer: 64 << 20,
    });
    const wallMs = performance.now() - start;
    if (result.error) throw result.error;
    const kb = options.peakRssHook && existsSync(rssPath) ? Number(readFileSync(rssPath, 'utf8')) : 0;
    return {
      wallMs,
      ...(kb > 0 ? { peakRssMb: kb / 1024 } : {}),
      status: result.status,
      wroteCharts: options.args.includes('--charts'),
      stdout: result.stdout,
      stderr: result.stderr,
    };
  } finally {
    rmSync(rssDir, { recursive: true, force: true });
  }
}

/** `node -e 0`: what any Node process costs to start on this machine. */
export function runNodeNoop(): number {
  const start = performance.now();
  spawnSync(process.execPath, ['-e', '0']);
  return performance.now() - start;
}

export function pythonHas(module: string): boolean {
  const r = spawnSync('python3', ['-c', `import ${module}`], { encoding: 'utf8' });
  return !r.error && r.status === 0;
}

/** Runs a bench/*.py script that prints one JSON line `{"seconds": …}` (its own timing of the work). */
export function runPython(
  script: string,
  args: readonly string[],
): { seconds: number; wallMs: number; detail: Record<string, unknown> } {
  const start = performance.now();
  const r = spawnSync('python3', [script, ...args], { encoding: 'utf8', maxBuffer: 16 << 20 });
  const wallMs = performance.now() - start;
  if (r.error || r.status !== 0) throw new Error(`python3 ${script} failed: ${r.error?.message ?? r.stderr}`);
  const detail = JSON.parse(r.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
  return { seconds: Number(detail['seconds']), wallMs, detail };
}

export interface ChartsColdRun {
  ms: number;
  /** CPU time of every thread of the process while charts were drawn. */
  cpuMs: number;
  charts: number;
  pngs: number;
}

/** bench/chartsCold.ts, bundled: one cold writeCharts run on the example fixture set in a fresh process. */
export function runChartsCold(script: string): ChartsColdRun {
  const result = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 600_000 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`charts-cold.mjs failed:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as ChartsColdRun;
}
