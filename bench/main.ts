/**
 * perfgate's benchmark: times every stage in-process (STAGES in stages.ts), the bundled action as
 * a process, its cold start, cost growth at 1×, 3× and 10× the corpus, and the same summarisation
 * in Python (numpy; pandas when installed). Prints a Markdown report and writes bench/RESULTS.md
 * (with --quick: fewer runs, no 10× corpus, and the report goes to the temp folder instead).
 *
 * Started by bench/run.mjs, which bundles this file and the action first.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { corpusRoot, rawCorpus, summaryCorpus, trivialCorpus, type RawCorpus } from './corpus.js';
import {
  pythonHas,
  runActionProcess,
  runChartsCold,
  runCliProcess,
  runNodeNoop,
  runPython,
  type ProcessRun,
} from './processes.js';
import { STAGES, type BenchContext } from './stages.js';
import { inputBounds } from './bounds.js';
import { historyRecordsSection } from './historyRecords.js';
import { DASHBOARD_SECTION, dashboardScale } from './dashboardScale.js';
import { commentRenderSection } from './commentRender.js';
import { HISTORY_VERDICT_HEADING, historyVerdict } from './historyVerdict.js';
import { readBounds, readOne, verdictStages } from './readBounds.js';
import { readRawMeasurements } from '../src/pipeline/read.js';
import { summarize } from '../src/engine/summarize.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const repoRoot = process.env['PERFGATE_BENCH_REPO'] ?? process.cwd();
const bundleDir = process.env['PERFGATE_BENCH_BUNDLES'] ?? '';
const actionPath = process.env['PERFGATE_BENCH_ACTION'] ?? join(bundleDir, 'action', 'index.js');
const actionLabel = process.env['PERFGATE_BENCH_ACTION_LABEL'] ?? 'dist/index.js (bundled from src)';
const peakRssHook = join(repoRoot, 'bench', 'peak-rss.mjs');

/** Runs per figure: in-process stages, heavy processes (action, Python), cold starts. */
const RUNS = quick ? 3 : 7;
const PROCESS_RUNS = quick ? 1 : 3;
const COLD_RUNS = quick ? 5 : 11;

const TARGETS = {
  ingestMBps: 200,
  pipelineAms: 1500,
  peakRssBMb: 400,
  coldStartMs: 300,
  exampleChartsMs: 2000,
  campaignsChartsRatio: 5,
  campaignsChartsRssMb: 250,
  exampleActionMs: 2000,
};
/** Fresh processes for the cold charts figure. */
const COLD_CHARTS_RUNS = quick ? 3 : 5;

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const ms = (x: number | undefined) =>
  x === undefined || Number.isNaN(x) ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(1);
const mb = (bytes: number) => bytes / 1e6;
const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

/** Stops repeating a stage once its runs have taken this long (at least one run after the warm-up). */
const STAGE_BUDGET_MS = 10_000;
/** A run this long needs no warm-up run. */
const SLOW_MS = 5_000;

async function timeRuns(work: () => unknown, runs: number): Promise<{ first: number; median: number; runs: number }> {
  const times: number[] = [];
  let first = NaN;
  let spent = 0;
  for (let i = 0; i <= runs; i++) {
    if (times.length >= 1 && spent > STAGE_BUDGET_MS) break;
    gc();
    const start = performance.now();
    const result = work();
    if (result instanceof Promise) await result;
    const t = performance.now() - start;
    spent += t;
    if (i === 0) first = t; // warm-up: JIT and file cache
    if (i > 0 || t > SLOW_MS) times.push(t); // a slow first run counts: warming up is noise there
  }
  return { first, median: median(times), runs: times.length };
}

interface ActionFigure {
  label: string;
  wroteCharts: boolean;
  wallMs: number;
  peakRssMb: number;
  runs: number;
}

function timeAction(label: string, inputs: Record<string, string>, runs: number): ActionFigure {
  const walls: number[] = [];
  const rss: number[] = [];
  let wroteCharts = false;
  let spent = 0;
  for (let i = 0; i <= runs; i++) {
    const r: ProcessRun = runActionProcess({
      actionPath,
      peakRssHook,
      inputs: { 'fail-on-regression': 'false', comment: 'never', ...inputs },
    });
    if (r.status !== 0)
      throw new Error(
        `the action failed on ${label} (exit ${r.status}):\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`,
      );
    wroteCharts ||= r.wroteCharts;
    spent += r.wallMs;
    if (i === 0 && r.wallMs < SLOW_MS) continue; // warm-up: file cache
    walls.push(r.wallMs);
    rss.push(r.peakRssMb ?? NaN);
    if (spent > STAGE_BUDGET_MS * 2) break;
  }
  log(`action ${label}: ${ms(median(walls))} ms, peak RSS ${ms(Math.max(...rss))} MB`);
  return { label, wroteCharts, wallMs: median(walls), peakRssMb: Math.max(...rss), runs: walls.length };
}

/**
 * The real Fast-DDS raw campaigns of ../shared in one results folder: fixtures/fastdds/raw (two
 * campaigns of 11 payloads × 10 000 samples) and the three raw_data files of
 * fixtures/real-runs/fastdds (UDP, UDP rerun, SHM: 6 payloads × 5 000 samples each), checked against
 * fixtures/fastdds/check/requirements.csv (which covers the first two). Undefined without ../shared.
 */
function realCampaigns(): { dir: string; requirements: string; files: number; samples: number } | undefined {
  const shared = join(repoRoot, '..', 'shared', 'fixtures');
  const sources = [
    ...['interprocess_best_effort', 'intraprocess_best_effort'].map((t) => [
      join(shared, 'fastdds', 'raw', `measurements_${t}.csv`),
      `measurements_${t}.csv`,
    ]),
    ...['udp_reliable', 'udp_reliable_run2', 'shm_reliable'].map((t) => [
      join(shared, 'real-runs', 'fastdds', `${t}_raw_data.csv`),
      `measurements_${t}.csv`,
    ]),
  ];
  if (!sources.every(([from]) => existsSync(from!))) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'perfgate-bench-real-'));
  let samples = 0;
  for (const [from, name] of sources) {
    copyFileSync(from!, join(dir, name!));
    samples += readRawMeasurements(cwdFiles, from!, 'precise').rows;
  }
  return { dir, requirements: join(shared, 'fastdds', 'check', 'requirements.csv'), files: sources.length, samples };
}

function ingestOnce(corpus: RawCorpus): void {
  for (const f of corpus.files) summarize(readRawMeasurements(cwdFiles, f, 'precise'));
}

/** The 1-minute load average when the bench started: how busy the machine was (2 cores: 2 is full). */
const loadAtStart = loadavg()[0]!;

function machine(): string[] {
  let cpu = cpus()[0]?.model ?? 'unknown';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const model = /^model name\s*:\s*(.+)$/m.exec(info)?.[1];
    if (model) cpu = model.trim();
  } catch {
    // not Linux
  }
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src', 'bench'], {
      cwd: repoRoot,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (dirty) commit += ' + uncommitted changes';
  } catch {
    // not a git checkout
  }
  return [
    `- CPU: ${cpu}, ${availableParallelism()} core(s) available (${cpus().length} logical CPUs)`,
    `- Memory: ${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `- Node ${process.version}, ${process.platform}-${process.arch}`,
    `- Commit: ${commit}; run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC${quick ? ' (--quick)' : ''}`,
    `- Load average (1 min): ${loadAtStart.toFixed(2)} at the start, ${loadavg()[0]!.toFixed(2)} at the end (the bench itself keeps up to 2 busy)`,
    `- Runs: median of ${RUNS} in-process runs after one warm-up run; ${PROCESS_RUNS} action / Python runs after one warm-up; ${COLD_RUNS} cold starts`,
    `- Action: ${actionLabel}`,
  ];
}

/** `--bounds`: only the memory and time bounds, replaced in place in bench/RESULTS.md (or the quick report). */
function boundsOnly(): void {
  const section = inputBounds({ cliPath: join(dirname(actionPath), 'cli.js'), peakRssHook, quick, log });
  process.stdout.write(section.join('\n') + '\n');
  const out = quick ? join(tmpdir(), 'perfgate-bench-RESULTS.quick.md') : join(repoRoot, 'bench', 'RESULTS.md');
  const old = existsSync(out) ? readFileSync(out, 'utf8') : '';
  const start = old.indexOf(section[0]!);
  const checkAt = start < 0 ? -1 : old.indexOf('\n## `check`', start);
  const next = checkAt < 0 ? -1 : old.indexOf('\n## ', checkAt + 1);
  // Where a whole run puts it: before bench/NOTES.md's text, else at the end.
  const notes = old.indexOf('\n## Notes\n');
  let replaced: string;
  if (start >= 0) replaced = `${old.slice(0, start)}${section.join('\n')}${next < 0 ? '' : old.slice(next)}`;
  else if (notes >= 0) replaced = `${old.slice(0, notes + 1)}${section.join('\n')}\n${old.slice(notes)}`;
  else replaced = `${old.trimEnd()}\n\n${section.join('\n')}`;
  writeFileSync(out, replaced.trimEnd() + '\n');
  log(`wrote the bounds section of ${out}`);
}

/**
 * Replaces the section whose heading is `section[0]` in place in bench/RESULTS.md (up to the next `## `
 * heading), or adds it before the notes when it is not there yet; a whole run writes every section.
 */
function writeSection(section: readonly string[], what: string): void {
  process.stdout.write(section.join('\n') + '\n');
  const out = quick ? join(tmpdir(), 'perfgate-bench-RESULTS.quick.md') : join(repoRoot, 'bench', 'RESULTS.md');
  const old = existsSync(out) ? readFileSync(out, 'utf8') : '';
  const start = old.indexOf(`${section[0]!}\n`);
  const next = start < 0 ? -1 : old.indexOf('\n## ', start + 1);
  const notes = old.indexOf('\n## Notes\n');
  const text = section.join('\n').trimEnd();
  let replaced: string;
  if (start >= 0) replaced = `${old.slice(0, start)}${text}\n${next < 0 ? '' : old.slice(next)}`;
  else if (notes >= 0) replaced = `${old.slice(0, notes + 1)}${text}\n${old.slice(notes)}`;
  else replaced = `${old.trimEnd()}\n\n${text}`;
  writeFileSync(out, replaced.trimEnd() + '\n');
  log(`wrote the ${what} section of ${out}`);
}

/** `--history`: only the history records section. */
function historyOnly(): void {
  writeSection(historyRecordsSection({ repoRoot, quick, log }), 'history records');
}

/** `--dashboard`: only the dashboard at 1,000 and 10,000 benchmarks (dashboardScale.ts). */
async function dashboardOnly(): Promise<void> {
  const cliPath = join(dirname(actionPath), 'cli.js');
  writeSection(await dashboardScale({ repoRoot, cliPath, peakRssHook, quick, log }), 'dashboard');
}

/** `--comment`: only what the comment and report.html cost at 1,000 and 10,000 benchmarks. */
async function commentOnly(): Promise<void> {
  writeSection(await commentRenderSection({ repoRoot, quick, log }), 'comment');
}

/** The section of `report` that starts with `heading`, up to the next `## ` heading: undefined when there is none. */
function sectionOf(report: string, heading: string): string | undefined {
  const start = report.indexOf(`${heading}\n`);
  if (start < 0) return undefined;
  const next = report.indexOf('\n## ', start + heading.length);
  return report.slice(start, next < 0 ? undefined : next + 1).trimEnd();
}

/** `--history-verdict`: only the history verdict at scale (historyVerdict.ts). */
function historyVerdictOnly(): void {
  const cliPath = join(dirname(actionPath), 'cli.js');
  writeSection(historyVerdict({ cliPath, actionPath, peakRssHook, quick, log }), 'history verdict');
}

/** `--read-bounds`: only the section on reading large files (readBounds.ts). */
function readBoundsOnly(): void {
  const cliPath = join(dirname(actionPath), 'cli.js');
  writeSection(readBounds({ cliPath, benchPath: process.argv[1]!, peakRssHook, quick, log }), 'reading');
}

async function main(): Promise<void> {
  if (argv.includes('--bounds')) return boundsOnly();
  if (argv.includes('--history')) return historyOnly();
  if (argv.includes('--dashboard')) return dashboardOnly();
  if (argv.includes('--comment')) return commentOnly();
  if (argv.includes('--history-verdict')) return historyVerdictOnly();
  if (argv.includes('--read-bounds')) return readBoundsOnly();
  if (argv[0] === '--read-one') return readOne(argv.slice(1));
  if (argv[0] === '--verdict-stages') return verdictStages(argv.slice(1));
  const started = performance.now();
  log(`corpora under ${corpusRoot}`);
  const a = rawCorpus('a', 10_000);
  const aBaseline = rawCorpus('a-baseline', 10_000, 10, 2);
  const a3 = quick ? undefined : rawCorpus('a3', 30_000);
  const b = quick ? undefined : rawCorpus('b', 100_000);
  const c = summaryCorpus(1000);
  const trivial = trivialCorpus();
  const ctx: BenchContext = {
    corpora: { a, aBaseline, c, ...(b ? { b } : {}) },
    bundleDir,
    repoRoot,
    quick,
    timings: new Map(),
  };
  const describe = {
    a: `(a) ${a.rows.toLocaleString('en')} rows, ${mb(a.bytes).toFixed(1)} MB`,
    b: b ? `(b) ${b.rows.toLocaleString('en')} rows, ${mb(b.bytes).toFixed(1)} MB` : '(b) skipped',
    c: `(c) ${c.files} summary files`,
  };

  // ---- in-process stages ----
  const stageRows: string[] = [];
  let ingestMBps = NaN;
  let parseMs = NaN;
  let summariseMs = NaN;
  let chartsAms: number | undefined;
  let exampleCharts: { median: number; first: number } | undefined;
  for (const stage of STAGES) {
    const work = await stage.setup(ctx);
    if (typeof work === 'string') {
      log(`${stage.name} (${stage.corpus}): ${work}`);
      stageRows.push(`| ${stage.name} | ${stage.corpus} | ${work} | | | |`);
      continue;
    }
    const runs = stage.corpus === 'b' ? PROCESS_RUNS : RUNS;
    const t = await timeRuns(work, runs);
    const bytes = stage.bytes?.(ctx);
    const rate = bytes ? mb(bytes) / (t.median / 1000) : undefined;
    if (stage.target === 'ingest') ingestMBps = rate!;
    if (stage.corpus === 'a' && stage.name.startsWith('parse')) parseMs = t.median;
    if (stage.corpus === 'a' && stage.name.startsWith('summarise')) summariseMs = t.median;
    if (stage.corpus === 'a' && stage.name === 'charts') chartsAms = t.median;
    if (stage.corpus === 'example') exampleCharts = t;
    ctx.timings.set(`${stage.name} (${stage.corpus})`, t.median);
    log(`${stage.name} (${stage.corpus}): ${ms(t.median)} ms${rate ? `, ${rate.toFixed(0)} MB/s` : ''}`);
    stageRows.push(
      `| ${stage.name} | ${stage.corpus} | ${ms(t.median)} | ${ms(t.first)} | ${rate ? rate.toFixed(0) : ''} | ${t.runs} |`,
    );
  }

  // ---- the action as a process ----
  // Without charts (charts: false) the runs show the ingest, check, compare and report path;
  // with the default (charts: true) the whole pipeline.
  const noCharts = { charts: 'false' };
  const actionABCharts = timeAction(
    '(a) raw, requirements + raw baseline, charts (default)',
    { results: a.dir, requirements: a.requirements, baseline: aBaseline.dir },
    PROCESS_RUNS,
  );
  const actionA = timeAction(
    '(a) raw, requirements, charts: false',
    { results: a.dir, requirements: a.requirements, ...noCharts },
    PROCESS_RUNS,
  );
  const actionAB = timeAction(
    '(a) raw, requirements + raw baseline, charts: false',
    { results: a.dir, requirements: a.requirements, baseline: aBaseline.dir, ...noCharts },
    PROCESS_RUNS,
  );
  const actionC = timeAction(
    '(c) 1 000 summaries, requirements + baseline, charts: false',
    { results: c.dir, requirements: c.requirements, baseline: c.baselineDir, ...noCharts },
    PROCESS_RUNS,
  );
  const actionA3 = a3
    ? timeAction(
        '3× (a) raw, requirements, charts: false',
        { results: a3.dir, requirements: a3.requirements, ...noCharts },
        PROCESS_RUNS,
      )
    : undefined;
  const actionB = b
    ? timeAction(
        '(b) = 10× (a) raw, requirements, charts: false',
        { results: b.dir, requirements: b.requirements, ...noCharts },
        PROCESS_RUNS,
      )
    : undefined;
  const actionBCharts = b
    ? timeAction(
        '(b) = 10× (a) raw, requirements, charts (default)',
        { results: b.dir, requirements: b.requirements },
        1,
      )
    : undefined;

  // Cold start on a trivial input: charts: false (start-up and the report path), and with the
  // defaults, which draw the one chart the input allows (loading the charts bundle).
  const coldWalls: number[] = [];
  const coldChartsWalls: number[] = [];
  const noopWalls: number[] = [];
  for (let i = 0; i <= COLD_RUNS; i++) {
    const trivialInputs = { results: trivial.dir, requirements: trivial.requirements, comment: 'never' };
    const r = runActionProcess({ actionPath, inputs: { ...trivialInputs, charts: 'false' } });
    if (r.status !== 0) throw new Error(`the action failed on the trivial input:\n${r.stdout}\n${r.stderr}`);
    const noop = runNodeNoop();
    const withCharts = i < 4 ? runActionProcess({ actionPath, inputs: trivialInputs }) : undefined;
    if (i === 0) continue;
    coldWalls.push(r.wallMs);
    noopWalls.push(noop);
    if (withCharts) coldChartsWalls.push(withCharts.wallMs);
  }
  const coldMs = median(coldWalls);
  const coldChartsMs = median(coldChartsWalls);
  const noopMs = median(noopWalls);
  log(`cold start: ${ms(coldMs)} ms, with charts ${ms(coldChartsMs)} ms (node -e 0: ${ms(noopMs)} ms)`);

  // ---- the real Fast-DDS campaigns (../shared), `perfgate check` with and without --charts, side by side ----
  const campaigns = realCampaigns();
  let campaignFigures: { plain: ActionFigure; charts: ActionFigure; files: number; samples: number } | undefined;
  if (campaigns) {
    const walls = { plain: [] as number[], charts: [] as number[] };
    const rss = { plain: [] as number[], charts: [] as number[] };
    for (let i = 0; i <= PROCESS_RUNS + 2; i++) {
      for (const kind of ['plain', 'charts'] as const) {
        const out = mkdtempSync(join(tmpdir(), 'perfgate-bench-campaigns-'));
        const r = runCliProcess({
          cliPath: join(dirname(actionPath), 'cli.js'),
          args: [
            'check',
            '--results',
            campaigns.dir,
            '--requirements',
            campaigns.requirements,
            '-o',
            out,
            ...(kind === 'charts' ? ['--charts'] : []),
          ],
          cwd: out,
          peakRssHook,
        });
        rmSync(out, { recursive: true, force: true });
        if (r.status !== 0 && r.status !== 1)
          throw new Error(`perfgate check failed on the real campaigns:\n${r.stderr.slice(-3000)}`);
        if (i === 0) continue; // warm-up: file cache
        walls[kind].push(r.wallMs);
        rss[kind].push(r.peakRssMb ?? NaN);
      }
    }
    const figure = (kind: 'plain' | 'charts', label: string): ActionFigure => ({
      label,
      wroteCharts: kind === 'charts',
      wallMs: median(walls[kind]),
      peakRssMb: Math.max(...rss[kind]),
      runs: walls[kind].length,
    });
    campaignFigures = {
      plain: figure(
        'plain',
        `real campaigns: \`perfgate check\` (${campaigns.files} raw files, ${campaigns.samples.toLocaleString('en')} samples)`,
      ),
      charts: figure('charts', 'the same with `--charts` (the default: specs, SVGs, report.html)'),
      files: campaigns.files,
      samples: campaigns.samples,
    };
    log(
      `real campaigns: check ${ms(campaignFigures.plain.wallMs)} ms, with --charts ${ms(campaignFigures.charts.wallMs)} ms, ${ms(campaignFigures.charts.peakRssMb)} MB`,
    );
  } else {
    log('real campaigns: skipped, ../shared not found');
  }

  // ---- the action's whole step on the example set, default inputs (charts drawn as a default run draws them) ----
  const exampleDir = join(repoRoot, 'fixtures', 'example');
  const exampleAction = timeAction(
    'example set (fixtures/example), requirements, default inputs',
    { results: join(exampleDir, 'results'), requirements: join(exampleDir, 'requirements.csv') },
    RUNS,
  );
  const exampleActionPlain = timeAction(
    'example set, requirements, charts: false',
    { results: join(exampleDir, 'results'), requirements: join(exampleDir, 'requirements.csv'), charts: 'false' },
    RUNS,
  );

  // ---- charts of the example fixture set, cold: a fresh process per run ----
  const chartsColdScript = join(bundleDir, 'charts-cold.mjs');
  const coldCharts = existsSync(chartsColdScript)
    ? Array.from({ length: COLD_CHARTS_RUNS }, () => runChartsCold(chartsColdScript))
    : [];
  const coldChartsMedian =
    coldCharts.length > 0
      ? {
          ms: median(coldCharts.map((r) => r.ms)),
          cpuMs: median(coldCharts.map((r) => r.cpuMs)),
          charts: coldCharts[0]!.charts,
          pngs: coldCharts[0]!.pngs,
        }
      : undefined;
  if (coldChartsMedian)
    log(
      `charts of the example set, cold: ${ms(coldChartsMedian.ms)} ms (${ms(coldChartsMedian.cpuMs)} ms CPU), ${coldChartsMedian.charts} charts`,
    );

  // ---- cost growth ----
  const growth: { label: string; corpus: RawCorpus; action: ActionFigure }[] = [
    { label: '1× (a)', corpus: a, action: actionA },
  ];
  if (a3 && actionA3) growth.push({ label: '3×', corpus: a3, action: actionA3 });
  if (b && actionB) growth.push({ label: '10× (b)', corpus: b, action: actionB });
  const growthRows: string[] = [];
  for (const g of growth) {
    const t =
      g.corpus === a
        ? { median: (mb(a.bytes) / ingestMBps) * 1000 }
        : await timeRuns(() => ingestOnce(g.corpus), PROCESS_RUNS);
    growthRows.push(
      `| ${g.label} | ${g.corpus.rows.toLocaleString('en')} | ${mb(g.corpus.bytes).toFixed(1)} | ${ms(t.median)} | ${(mb(g.corpus.bytes) / (t.median / 1000)).toFixed(0)} | ${ms(g.action.wallMs)} | ${ms(g.action.peakRssMb)} |`,
    );
  }

  // ---- Python side by side (corpus (a)) ----
  const pyRows: string[] = [];
  const ingestAms = (mb(a.bytes) / ingestMBps) * 1000;
  pyRows.push(`| perfgate (Node, in-process, warm) | ${ms(ingestAms)} | ${ingestMBps.toFixed(0)} | 1.0 |`);
  pyRows.push(
    `| perfgate action, whole process (start-up, reports included, charts: false) | ${ms(actionA.wallMs)} | ${(mb(a.bytes) / (actionA.wallMs / 1000)).toFixed(0)} | ${(actionA.wallMs / ingestAms).toFixed(1)} |`,
  );
  const pyRuns = (script: string) => {
    const secs: number[] = [];
    let detail: Record<string, unknown> = {};
    for (let i = 0; i <= PROCESS_RUNS; i++) {
      const r = runPython(join(repoRoot, 'bench', script), a.files);
      detail = r.detail;
      if (i > 0) secs.push(r.seconds * 1000);
    }
    return { ms: median(secs), detail };
  };
  if (pythonHas('numpy')) {
    const np = pyRuns('numpy_summarise.py');
    log(`numpy-only: ${ms(np.ms)} ms`);
    pyRows.push(
      `| numpy only (numpy ${String(np.detail['numpy'])}: loadtxt + boolean masks + np.percentile) | ${ms(np.ms)} | ${(mb(a.bytes) / (np.ms / 1000)).toFixed(0)} | ${(np.ms / ingestAms).toFixed(1)} |`,
    );
  } else {
    pyRows.push('| numpy only | skipped: python3 with numpy not found | | |');
  }
  if (pythonHas('pandas')) {
    const pd = pyRuns('pandas_summarise.py');
    log(`pandas: ${ms(pd.ms)} ms`);
    pyRows.push(
      `| pandas ${String(pd.detail['pandas'])} (read_csv + groupby + numpy percentiles, the reference's way) | ${ms(pd.ms)} | ${(mb(a.bytes) / (pd.ms / 1000)).toFixed(0)} | ${(pd.ms / ingestAms).toFixed(1)} |`,
    );
  } else {
    pyRows.push("| pandas (read_csv + groupby, the reference's way) | skipped: pandas is not installed here | | |");
  }

  // ---- targets ----
  // Until the action draws charts itself, the charts stage's in-process time is added to its wall time.
  const chartsAdded = !actionABCharts.wroteCharts && chartsAms !== undefined;
  const pipelineAms = actionABCharts.wallMs + (chartsAdded ? (chartsAms ?? 0) : 0);
  const yes = (ok: boolean) => (ok ? '**met**' : '**not met**');
  const rssRow = (f: ActionFigure | undefined, what: string) =>
    f
      ? `| corpus (b) peak RSS, action ${what} | ≤ ${TARGETS.peakRssBMb} MB | ${ms(f.peakRssMb)} MB | ${yes(f.peakRssMb <= TARGETS.peakRssBMb)} |`
      : `| corpus (b) peak RSS, action ${what} | ≤ ${TARGETS.peakRssBMb} MB | skipped (--quick) | |`;
  const targetRows = [
    `| raw CSV ingest (parse + summarise), corpus (a), in-process | ≥ ${TARGETS.ingestMBps} MB/s | ${ingestMBps.toFixed(0)} MB/s | ${yes(ingestMBps >= TARGETS.ingestMBps)} |`,
    `| corpus (a) whole pipeline incl. every chart (action wall, requirements + baseline${actionABCharts.wroteCharts ? ', charts drawn by the action' : chartsAdded ? ' + in-process charts stage: the action drew no charts' : '; charts: not available'}) | ≤ ${TARGETS.pipelineAms} ms | ${ms(pipelineAms)} ms | ${yes(pipelineAms <= TARGETS.pipelineAms)} |`,
    `| the same without charts (charts: false) | ≤ ${TARGETS.pipelineAms} ms | ${ms(actionAB.wallMs)} ms | ${yes(actionAB.wallMs <= TARGETS.pipelineAms)} |`,
    rssRow(actionB, 'without charts (charts: false): the ingest path'),
    rssRow(actionBCharts, 'with charts (default)'),
    exampleCharts
      ? `| charts of the example fixture set: every kind${coldChartsMedian ? ` (${coldChartsMedian.charts} charts, ${coldChartsMedian.pngs} PNGs)` : ''}, spec + SVG + PNG + report.html, in-process median | ≤ ${TARGETS.exampleChartsMs} ms | ${ms(exampleCharts.median)} ms | ${yes(exampleCharts.median <= TARGETS.exampleChartsMs)} |`
      : `| charts of the example fixture set, in-process median | ≤ ${TARGETS.exampleChartsMs} ms | not available | |`,
    coldChartsMedian
      ? `| the same, cold: one fresh process per run (charts bundle loaded, JIT and WebAssembly cold), median of ${coldCharts.length} | ≤ ${TARGETS.exampleChartsMs} ms | ${ms(coldChartsMedian.ms)} ms (${ms(coldChartsMedian.cpuMs)} ms CPU on all threads) | ${yes(coldChartsMedian.ms <= TARGETS.exampleChartsMs)} |`
      : `| the same, cold: one fresh process per run | ≤ ${TARGETS.exampleChartsMs} ms | not available | |`,
    `| cold start, trivial input (action wall, charts: false) | ≤ ${TARGETS.coldStartMs} ms | ${ms(coldMs)} ms | ${yes(coldMs <= TARGETS.coldStartMs)} |`,
    `| cold start, trivial input (action wall, defaults: draws its one chart) | ≤ ${TARGETS.coldStartMs} ms | ${ms(coldChartsMs)} ms | ${yes(coldChartsMs <= TARGETS.coldStartMs)} |`,
    ...(campaignFigures
      ? [
          `| real campaigns (${campaignFigures.files} raw files of ../shared, ${campaignFigures.samples.toLocaleString('en')} samples): \`perfgate check --charts\` against the same check without charts | ≤ ${TARGETS.campaignsChartsRatio}× | ${(campaignFigures.charts.wallMs / campaignFigures.plain.wallMs).toFixed(1)}× (${ms(campaignFigures.charts.wallMs)} ms against ${ms(campaignFigures.plain.wallMs)} ms) | ${yes(campaignFigures.charts.wallMs <= TARGETS.campaignsChartsRatio * campaignFigures.plain.wallMs)} |`,
          `| the same with \`--charts\`: peak RSS | ≤ ${TARGETS.campaignsChartsRssMb} MB | ${ms(campaignFigures.charts.peakRssMb)} MB (${ms(campaignFigures.plain.peakRssMb)} MB without charts) | ${yes(campaignFigures.charts.peakRssMb <= TARGETS.campaignsChartsRssMb)} |`,
        ]
      : [
          `| real campaigns: \`perfgate check --charts\` | ≤ ${TARGETS.campaignsChartsRatio}× | skipped: ../shared not found | |`,
        ]),
    `| the action's whole step on the example set, default inputs (wall) | ≤ ${TARGETS.exampleActionMs} ms | ${ms(exampleAction.wallMs)} ms (${ms(exampleActionPlain.wallMs)} ms with charts: false) | ${yes(exampleAction.wallMs <= TARGETS.exampleActionMs)} |`,
  ];

  const lines = [
    '# perfgate benchmark results',
    '',
    'Written by `npm run bench` (bench/main.ts); do not edit by hand. Corpora are generated with a seeded PRNG',
    `(bench/corpus.ts) into the temp folder: ${describe.a}; ${describe.b}; ${describe.c} with a requirements file. "example" is the`,
    'example fixture set (fixtures/example) as the chart tests build it: a check, a comparison, three history runs, raw samples and throughput measurements, which give every chart kind.',
    'Other processes may share the machine: figures are medians, and a single run can be slower.',
    '',
    '## Machine',
    '',
    ...machine(),
    '',
    '## Targets',
    '',
    '| target | limit | measured | |',
    '| --- | --- | --- | --- |',
    ...targetRows,
    '',
    '## Stages, in-process',
    '',
    'Median wall time of the stage; "first run" is the warm-up run (cold JIT, as in a one-shot process).',
    '',
    '| stage | corpus | median ms | first run ms | MB/s | runs |',
    '| --- | --- | --- | --- | --- | --- |',
    ...stageRows,
    '',
    `Ingest split on (a): parse ${ms(parseMs)} ms (${((100 * parseMs) / (parseMs + summariseMs)).toFixed(0)} %), summarise ${ms(summariseMs)} ms (${((100 * summariseMs) / (parseMs + summariseMs)).toFixed(0)} %).`,
    '',
    '## The action as a process',
    '',
    `The action (${actionLabel}) runs as the runner runs it: INPUT_* variables, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, no token (no API calls, no comment, no upload). Reports are written. Peak RSS is the child's own high-water mark (VmHWM, read at exit by bench/peak-rss.mjs; ru_maxrss where there is none). A run slower than 5 s needs no warm-up run and is repeated only within a time budget.`,
    '',
    '| run | wall ms | peak RSS MB | runs |',
    '| --- | --- | --- | --- |',
    ...[
      actionABCharts,
      actionA,
      actionAB,
      actionC,
      ...(actionA3 ? [actionA3] : []),
      ...(actionB ? [actionB] : []),
      ...(actionBCharts ? [actionBCharts] : []),
      exampleAction,
      exampleActionPlain,
      ...(campaignFigures ? [campaignFigures.plain, campaignFigures.charts] : []),
    ].map((f) => `| ${f.label} | ${ms(f.wallMs)} | ${ms(f.peakRssMb)} | ${f.runs} |`),
    `| cold start: one summary file, one requirement, charts: false | ${ms(coldMs)} | | ${coldWalls.length} |`,
    `| cold start: the same with the defaults (one chart) | ${ms(coldChartsMs)} | | ${coldChartsWalls.length} |`,
    `| for scale: \`node -e 0\` | ${ms(noopMs)} | | ${COLD_RUNS} |`,
    '',
    '## Cost growth',
    '',
    'Corpus (a) at 1×, 3× and 10× the samples per payload (10 files × 11 payloads each).',
    '',
    '| size | rows | MB | ingest ms (in-process) | ingest MB/s | action wall ms (charts: false) | action peak RSS MB (charts: false) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...growthRows,
    ...(quick ? ['', '3× and 10× are skipped with --quick.'] : []),
    '',
    '## Side by side: the same summarisation in Python, corpus (a)',
    '',
    "Python figures are the script's own timing of reading and summarising (interpreter start-up excluded).",
    '',
    '| implementation | ms | MB/s | × perfgate in-process |',
    '| --- | --- | --- | --- |',
    ...pyRows,
    '',
  ];
  lines.push(
    ...readBounds({
      cliPath: join(dirname(actionPath), 'cli.js'),
      benchPath: process.argv[1]!,
      peakRssHook,
      quick,
      log,
    }),
  );
  lines.push(...inputBounds({ cliPath: join(dirname(actionPath), 'cli.js'), peakRssHook, quick, log }));
  lines.push('', ...historyRecordsSection({ repoRoot, quick, log }), '');
  lines.push(...(await commentRenderSection({ repoRoot, quick, log })), '');
  const out = quick ? join(tmpdir(), 'perfgate-bench-RESULTS.quick.md') : join(repoRoot, 'bench', 'RESULTS.md');
  const old = existsSync(out) ? readFileSync(out, 'utf8') : '';
  // The history verdict and the dashboard at scale take minutes: measured behind their own flags, kept as they are.
  for (const heading of [HISTORY_VERDICT_HEADING, DASHBOARD_SECTION]) {
    const section = sectionOf(old, heading);
    if (section !== undefined) lines.push(section, '');
  }
  const notes = join(repoRoot, 'bench', 'NOTES.md');
  if (existsSync(notes)) lines.push(readFileSync(notes, 'utf8').trimEnd(), '');
  // The test times are measured by hand (.ci/run prints them), not by this bench: kept as they are.
  const testTimes = old.indexOf('\n## Test times\n');
  if (testTimes >= 0) lines.push(old.slice(testTimes + 1).trimEnd(), '');
  const report = lines.join('\n');
  process.stdout.write(report + '\n');
  writeFileSync(out, report);
  log(`wrote ${out} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
