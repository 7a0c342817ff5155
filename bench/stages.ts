/**
 * The in-process stages of the bench. A stage is one entry of STAGES: a name, the corpus it runs
 * on, and `setup`, which does the untimed preparation (reading inputs the stage does not own) and
 * returns the timed work, or a string saying why the stage is not available.
 *
 * To add a stage: append an entry here. Nothing else changes — main.ts times every entry the
 * same way (warm-up, median of the runs) and prints it in the stage table of RESULTS.md.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkSummary } from '../src/engine/check/metricCheck.js';
import { compareSummaries } from '../__tests__/helpers/fastddsCompare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { RawMeasurements } from '../src/engine/model/rawMeasurements.js';
import type { Summary } from '../src/engine/model/summary.js';
import { renderComparisonMarkdown } from '../src/engine/report/comparison/comparisonMarkdown.js';
import { buildComparisonReport, type ComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { renderMarkdown } from '../src/engine/report/check/markdown.js';
import { buildCheckReport, type CheckReport } from '../src/engine/report/check/model.js';
import { summarize } from '../src/engine/summarize.js';
import { fitCommentBody, MAX_COMMENT_BODY } from '../src/engine/report/comment/commentBody.js';
import { discoverResults } from '../src/pipeline/discover.js';
import { loadSummaries, readRawMeasurements, readRequirements } from '../src/pipeline/read.js';
import type { RawCorpus, SummaryCorpus } from './corpus.js';
import { exampleInput } from '../__tests__/charts-fixtures.js';
import { rootedFiles } from '../src/pipeline/rootedFiles.js';

/** The test's files, relative paths taken from this process's working directory (the repository). */
const cwdFiles = rootedFiles(process.cwd());

/** a, b, c: the generated corpora (corpus.ts); example: the project's example fixture set (fixtures/example). */
export type CorpusName = 'a' | 'b' | 'c' | 'example';

export interface BenchContext {
  corpora: { a: RawCorpus; b?: RawCorpus; c: SummaryCorpus; aBaseline: RawCorpus };
  /** Folder of bundles made by bench/run.mjs (the action, charts when present). */
  bundleDir: string;
  /** The checkout (the bench runs from a bundle in bench/.out). */
  repoRoot: string;
  quick: boolean;
  /** Median ms of the stages timed so far, by `name (corpus)`: a stage may skip itself on them. */
  timings: Map<string, number>;
}

/** The timed work of a stage; a promise it returns is awaited (and timed). */
export type Work = () => unknown;

export interface Stage {
  name: string;
  corpus: CorpusName;
  /** Untimed preparation; returns the timed work, or why the stage cannot run. */
  setup(ctx: BenchContext): Promise<Work | string> | Work | string;
  /** Bytes the work reads, for a MB/s figure. */
  bytes?(ctx: BenchContext): number;
  /** Marks the stage whose rate is the ingest target. */
  target?: 'ingest';
}

const FLOAT_PARSE = 'precise';

// ---- memoised inputs shared by stages (never timed) ----
const memo = new Map<string, unknown>();
function once<T>(key: string, make: () => T): T {
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as T;
}

const rawsOf = (corpus: RawCorpus): RawMeasurements[] =>
  once(`raws:${corpus.dir}`, () => corpus.files.map((f) => readRawMeasurements(cwdFiles, f, FLOAT_PARSE)));

/** Summaries as the pipeline checks them: raw files summarised, then read back from their summary CSV. */
function summariesOfDir(dir: string): Summary[] {
  return once(`summaries:${dir}`, () => loadSummaries(cwdFiles, [dir], FLOAT_PARSE));
}

function checkReportOf(results: string, requirementsPath: string): CheckReport {
  return once(`check:${results}`, () => {
    const requirements = readRequirements(cwdFiles, requirementsPath, FLOAT_PARSE);
    return buildCheckReport(
      summariesOfDir(results).map((s) => checkSummary(s, requirements)),
      requirements,
    );
  });
}

const thresholds = parseThresholds('0.1');

function compareSets(reference: Summary[], results: Summary[]): ComparisonReport {
  const ref = new Map(reference.map((s) => [s.experimentType, s]));
  const res = new Map(results.map((s) => [s.experimentType, s]));
  const types = [...ref.keys(), ...[...res.keys()].filter((t) => !ref.has(t))];
  return buildComparisonReport(
    types.map((t) => compareSummaries(t, ref.get(t), res.get(t), thresholds)),
    'baseline',
    'results',
  );
}

function comparisonOf(referenceDir: string, resultsDir: string): ComparisonReport {
  return once(`compare:${referenceDir}:${resultsDir}`, () =>
    compareSets(summariesOfDir(referenceDir), summariesOfDir(resultsDir)),
  );
}

/** The pull-request comment as the action renders it: check and comparison Markdown, fitted to GitHub's limit. */
function renderComment(check: CheckReport, comparison: ComparisonReport): string {
  const sections = [
    { text: renderMarkdown(check), priority: 0, required: true, label: 'the check table' },
    { text: renderComparisonMarkdown(comparison), priority: 1, label: 'the comparison table' },
    {
      text: '[Workflow run and job summary](https://example.invalid/run)',
      priority: -1,
      required: true,
      label: 'links',
    },
  ];
  return fitCommentBody(sections, 'https://example.invalid/run', MAX_COMMENT_BODY - 40).body;
}

// ---- charts: src/pipeline/writeCharts.ts, bundled by bench/run.mjs to <bundleDir>/charts.mjs when it exists ----
interface ChartsModule {
  writeCharts(files: unknown, outputDir: string, input: Record<string, unknown>): Promise<unknown>;
}

async function chartsStage(
  ctx: BenchContext,
  corpus: 'a' | 'c',
  png = true,
): Promise<(() => Promise<unknown>) | string> {
  const charts = await chartsModule(ctx);
  if (typeof charts === 'string') return charts;
  const { results, requirements, reference } =
    corpus === 'a'
      ? { results: ctx.corpora.a.dir, requirements: ctx.corpora.a.requirements, reference: ctx.corpora.aBaseline.dir }
      : { results: ctx.corpora.c.dir, requirements: ctx.corpora.c.requirements, reference: ctx.corpora.c.baselineDir };
  // Every chart the pipeline draws: from the check, the comparison, the summaries and (raw inputs) the samples.
  const input: Record<string, unknown> = {
    check: { report: checkReportOf(results, requirements) },
    compare: { report: comparisonOf(reference, results) },
    summaries: summariesOfDir(results),
    png,
  };
  if (corpus === 'a') {
    const types = discoverResults(cwdFiles, [results]).files.map((f) => f.experimentType);
    input['raw'] = rawsOf(ctx.corpora.a).map((raw, i) => ({ experimentType: types[i]!, raw }));
  }
  const outputDir = mkdtempSync(join(tmpdir(), 'perfgate-bench-charts-'));
  process.on('exit', () => rmSync(outputDir, { recursive: true, force: true }));
  const writeCharts = charts.writeCharts;
  return () => writeCharts(cwdFiles, outputDir, input);
}

/** The charts module bundled by bench/run.mjs, or why there is none. */
async function chartsModule(ctx: BenchContext): Promise<ChartsModule | string> {
  const bundle = join(ctx.bundleDir, 'charts.mjs');
  const why = join(ctx.bundleDir, 'charts.unavailable');
  if (existsSync(why)) return `not available (${readFileSync(why, 'utf8')})`;
  if (!existsSync(bundle)) return 'not available (src/pipeline/writeCharts.ts does not exist yet)';
  const charts = (await import(pathToFileURL(bundle).href)) as Partial<ChartsModule>;
  if (typeof charts.writeCharts !== 'function')
    return `not available (no writeCharts export; the adapter in bench/stages.ts needs updating)`;
  return charts as ChartsModule;
}

/** Every chart kind, from the example fixture set as the chart tests build it (issue 5's figure). */
async function exampleChartsStage(ctx: BenchContext): Promise<(() => Promise<unknown>) | string> {
  const charts = await chartsModule(ctx);
  if (typeof charts === 'string') return charts;
  const input = exampleInput(ctx.repoRoot) as unknown as Record<string, unknown>;
  const outputDir = mkdtempSync(join(tmpdir(), 'perfgate-bench-charts-example-'));
  process.on('exit', () => rmSync(outputDir, { recursive: true, force: true }));
  return () => charts.writeCharts(cwdFiles, outputDir, input);
}

export const STAGES: Stage[] = [
  {
    name: 'parse (raw CSV → typed arrays)',
    corpus: 'a',
    bytes: (ctx) => ctx.corpora.a.bytes,
    setup: (ctx) => () => ctx.corpora.a.files.map((f) => readRawMeasurements(cwdFiles, f, FLOAT_PARSE)),
  },
  {
    name: 'summarise (stats per payload)',
    corpus: 'a',
    bytes: (ctx) => ctx.corpora.a.bytes,
    setup: (ctx) => {
      const raws = rawsOf(ctx.corpora.a);
      return () => raws.map((r) => summarize(r));
    },
  },
  {
    name: 'ingest = parse + summarise',
    corpus: 'a',
    target: 'ingest',
    bytes: (ctx) => ctx.corpora.a.bytes,
    setup: (ctx) => () => ctx.corpora.a.files.map((f) => summarize(readRawMeasurements(cwdFiles, f, FLOAT_PARSE))),
  },
  {
    name: 'ingest = parse + summarise',
    corpus: 'b',
    bytes: (ctx) => ctx.corpora.b?.bytes ?? 0,
    setup: (ctx) => {
      const b = ctx.corpora.b;
      if (!b) return 'skipped (--quick)';
      return () => {
        for (const f of b.files) summarize(readRawMeasurements(cwdFiles, f, FLOAT_PARSE));
      };
    },
  },
  {
    name: 'load summaries (discover + read)',
    corpus: 'c',
    setup: (ctx) => () => loadSummaries(cwdFiles, [ctx.corpora.c.dir], FLOAT_PARSE),
  },
  {
    name: 'check',
    corpus: 'a',
    setup: (ctx) => {
      const summaries = summariesOfDir(ctx.corpora.a.dir);
      const requirements = readRequirements(cwdFiles, ctx.corpora.a.requirements, FLOAT_PARSE);
      return () =>
        buildCheckReport(
          summaries.map((s) => checkSummary(s, requirements)),
          requirements,
        );
    },
  },
  {
    name: 'check',
    corpus: 'c',
    setup: (ctx) => {
      const summaries = summariesOfDir(ctx.corpora.c.dir);
      const requirements = readRequirements(cwdFiles, ctx.corpora.c.requirements, FLOAT_PARSE);
      return () =>
        buildCheckReport(
          summaries.map((s) => checkSummary(s, requirements)),
          requirements,
        );
    },
  },
  {
    name: 'compare (with a baseline set)',
    corpus: 'a',
    setup: (ctx) => {
      const reference = summariesOfDir(ctx.corpora.aBaseline.dir);
      const results = summariesOfDir(ctx.corpora.a.dir);
      return () => compareSets(reference, results);
    },
  },
  {
    name: 'compare (with a baseline set)',
    corpus: 'c',
    setup: (ctx) => {
      const reference = summariesOfDir(ctx.corpora.c.baselineDir);
      const results = summariesOfDir(ctx.corpora.c.dir);
      return () => compareSets(reference, results);
    },
  },
  {
    name: 'charts, every kind (spec, SVG, PNG, report.html)',
    corpus: 'example',
    setup: (ctx) => exampleChartsStage(ctx),
  },
  {
    name: 'charts',
    corpus: 'a',
    setup: (ctx) => chartsStage(ctx, 'a'),
  },
  {
    name: 'charts, SVG only (png: false)',
    corpus: 'a',
    setup: (ctx) => chartsStage(ctx, 'a', false),
  },
  {
    name: 'charts',
    corpus: 'c',
    setup: (ctx) => {
      const a = ctx.timings.get('charts (a)');
      if (a !== undefined && a > 2000)
        return `skipped: charts (a) took ${(a / 1000).toFixed(1)} s; (c) has 100× the sub-experiments`;
      return chartsStage(ctx, 'c');
    },
  },
  {
    name: 'comment rendering (check + comparison Markdown, fitted)',
    corpus: 'a',
    setup: (ctx) => {
      const check = checkReportOf(ctx.corpora.a.dir, ctx.corpora.a.requirements);
      const comparison = comparisonOf(ctx.corpora.aBaseline.dir, ctx.corpora.a.dir);
      return () => renderComment(check, comparison);
    },
  },
  {
    name: 'comment rendering (check + comparison Markdown, fitted)',
    corpus: 'c',
    setup: (ctx) => {
      const check = checkReportOf(ctx.corpora.c.dir, ctx.corpora.c.requirements);
      const comparison = comparisonOf(ctx.corpora.c.baselineDir, ctx.corpora.c.dir);
      return () => renderComment(check, comparison);
    },
  },
];
