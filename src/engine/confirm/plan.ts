/**
 * `perfgate confirm`'s plan, without a file or a process: the order of the runs (ABBA), when to
 * look, which rows a first-stage comparison leaves to confirm, the `{filter}` that selects them in
 * each tool's own syntax, and whether a look has decided.
 */
import { FIRST_LOOK, LOOK_STEP } from '../stats/sequential.js';
import { POOLED_PARAMETER } from '../compare/rows.js';
import type { ComparisonReport } from '../report/comparison/comparisonReport.js';
import { InputError } from '../errors.js';
import {
  confirmedFamilies,
  FLAGGED_SCREEN,
  screenedSuites,
  screenRows,
  suiteMembers,
  type Screen,
  type ScreenRow,
} from './screen.js';
import { SUITE_EXPERIMENT } from '../compare/suiteRow.js';

/** The cap of a confirmation when `--max-pairs` is not given: perfgate-ab.yml's `MAX_PAIRS`. */
export const CONFIRM_DEFAULT_MAX_PAIRS = 24;

export type Build = 'base' | 'head';

/**
 * The builds of pair `pair` (1-based) in the order they run: base, head, then head, base, and so
 * on (ABBA), so that a drift linear in time adds as much to each side over every two pairs.
 */
export function pairOrder(pair: number): [Build, Build] {
  return pair % 2 === 1 ? ['base', 'head'] : ['head', 'base'];
}

/**
 * The pair counts at which a confirmation of at most `maxPairs` pairs looks: after FIRST_LOOK (8)
 * pairs, then every LOOK_STEP (4), and at the cap; a cap below the first look is the one look.
 */
export function confirmLooks(maxPairs: number): number[] {
  const looks: number[] = [];
  for (let n = FIRST_LOOK; n < maxPairs; n += LOOK_STEP) looks.push(n);
  looks.push(maxPairs);
  return looks;
}

/**
 * What to confirm: per experiment, the parameters to judge, or `all` (the family's pooled row was
 * taken up, or the experiment alone). Absent: every row is confirmed.
 */
export type Selection = ReadonlyMap<string, 'all' | ReadonlySet<string>>;

interface ComparisonJson {
  subExperiments?: { experimentType?: unknown; comparisons?: ScreenRow[] }[];
}

/** What a screen leaves to confirm in a first-stage comparison, and K, the families the confirmation judges. */
export interface Screened {
  selection: Map<string, 'all' | Set<string>>;
  families: number;
  /** Benchmarks (experiments) the screen took up that the time budget left out, largest change first. */
  overBudget: string[];
}

/**
 * The confirmation's time budget (issue 45, item 3): at most `maxMinutes` runner-minutes (the action's
 * confirm-max-minutes), each screened benchmark (an experiment, which `{filter}` runs whole) costing `pairMinutes` per
 * A/B pair (both builds once) for up to `maxPairs` pairs. The screen keeps the benchmarks with the largest changes
 * that fit, at least one.
 */
export interface ScreenBudget {
  readonly maxMinutes: number;
  readonly pairMinutes: number;
  readonly maxPairs: number;
}

/** How many benchmarks a budget confirms to the cap: ⌊maxMinutes / (pairMinutes · maxPairs)⌋, at least 1. */
export function benchmarksWithin(budget: ScreenBudget): number {
  const each = budget.pairMinutes * budget.maxPairs;
  if (!(each > 0) || !Number.isFinite(budget.maxMinutes)) return Infinity;
  return Math.max(1, Math.floor(budget.maxMinutes / each));
}

/** A benchmark's largest change (worse positive, %) among the rows the screen took up; −∞ without one. */
function largestChange(rows: readonly ScreenRow[]): number {
  const changes = rows.map((r) => (typeof r.deltaPercent === 'number' ? r.deltaPercent : NaN)).filter(Number.isFinite);
  return changes.length > 0 ? Math.max(...changes) : -Infinity;
}

/**
 * The rows of a comparison.json (a history or baseline compare) that a confirmation takes up under `screen`
 * (screen.ts; `perfgate confirm --from` takes up the failed and undecided rows, the action's two-stage gate screens by
 * DEFAULT_SCREEN), within `budget` when one is given (the benchmarks with the largest changes first; the rest in
 * `overBudget`), and K: the gated families (experiment × metric × statistic) the confirmation of that selection
 * judges. Empty, K = 0, when the screen takes up nothing.
 */
export function screenComparison(
  text: string,
  file: string,
  screen: Screen = FLAGGED_SCREEN,
  budget?: ScreenBudget,
): Screened {
  let json: ComparisonJson;
  try {
    json = JSON.parse(text) as ComparisonJson;
  } catch (error) {
    throw new InputError(`not JSON (${(error as Error).message}); --from takes a comparison.json`, { file });
  }
  if (typeof json !== 'object' || json === null || !Array.isArray(json.subExperiments))
    throw new InputError('no "subExperiments": --from takes the comparison.json that perfgate compare writes', {
      file,
    });
  // A suite row is no benchmark to run: when the screen takes it up, every benchmark of its suite is confirmed.
  const suites = screenedSuites(json.subExperiments, screen);
  const taken: { experiment: string; rows: ScreenRow[]; all: ScreenRow[]; change: number }[] = [];
  for (const sub of json.subExperiments) {
    const experiment = sub.experimentType;
    if (typeof experiment !== 'string' || !Array.isArray(sub.comparisons) || experiment === SUITE_EXPERIMENT) continue;
    const rows = [...screenRows(sub.comparisons, screen), ...suiteMembers(sub.comparisons, suites)];
    if (rows.length > 0) taken.push({ experiment, rows, all: sub.comparisons, change: largestChange(rows) });
  }
  // Largest change first (a stable sort: ties keep the comparison's order), as many as the budget affords.
  const keep = budget !== undefined ? benchmarksWithin(budget) : Infinity;
  const ranked = budget !== undefined ? [...taken].sort((a, b) => b.change - a.change) : taken;
  const kept = new Set(ranked.slice(0, keep).map((t) => t.experiment));
  const selection = new Map<string, 'all' | Set<string>>();
  let families = 0;
  for (const { experiment, rows, all } of taken) {
    if (!kept.has(experiment)) continue;
    for (const row of rows) {
      const parameter = typeof row.parameter === 'string' ? row.parameter : '';
      const known = selection.get(experiment);
      if (row.pooled === true || parameter === POOLED_PARAMETER) selection.set(experiment, 'all');
      else if (known === undefined) selection.set(experiment, new Set([parameter]));
      else if (known !== 'all') known.add(parameter);
    }
    families += confirmedFamilies(all, selection.get(experiment)!);
  }
  return { selection, families, overBudget: ranked.slice(keep).map((t) => t.experiment) };
}

/** The rows `perfgate confirm --from` takes up (screenComparison with the `flagged` screen by default). */
export function selectionFromComparison(
  text: string,
  file: string,
  screen: Screen = FLAGGED_SCREEN,
): Map<string, 'all' | Set<string>> {
  return screenComparison(text, file, screen).selection;
}

/** Whether a measurement of `experiment` at `parameter` is one to confirm. */
export function selected(selection: Selection | undefined, experiment: string, parameter: string): boolean {
  if (selection === undefined) return true;
  const parameters = selection.get(experiment);
  return parameters === 'all' || (parameters !== undefined && parameters.has(parameter));
}

/** The format ids whose `{filter}` is not a regular expression matched from the name's start. */
const PYTEST = 'pytest-benchmark';
const CATCH2 = new Set(['catch2-xml', 'catch2-console']);
/** Formats whose "select everything" is the empty filter: a substring (libtest), a `-k` expression, Catch2's test spec. */
const EMPTY_SELECTS_ALL = new Set([PYTEST, 'criterion', 'rust-libtest', ...CATCH2]);

/** The syntax of a format's `{filter}`: pytest's `-k` expression, Catch2's test spec, or a regular expression. */
function filterSyntax(format: string | undefined): 'pytest' | 'catch2' | 'regex' {
  if (format === PYTEST) return 'pytest';
  return format !== undefined && CATCH2.has(format) ? 'catch2' : 'regex';
}

/**
 * Catch2's test spec (v2 and v3): test-case names separated by `,` (any of them), each matched whole and without regard
 * to case, its `\`, `,`, `[`, `]`, `"` and `~` escaped with `\`. A Catch2 experiment is its test case and sections joined
 * by ` / ` (formats/catch2/common.ts), and a test case's own name may hold ` / `: each leading part of the experiment
 * is named, so the test case runs whichever part is its name (a section runs with its test case; only the selected
 * rows are judged).
 */
function catch2Filter(experiments: readonly string[]): string {
  const names = new Set<string>();
  for (const experiment of experiments) {
    const parts = experiment.split(' / ');
    for (let i = 1; i <= parts.length; i++) names.add(parts.slice(0, i).join(' / '));
  }
  return [...names].map((name) => name.replace(/[\\,[\]"~]/g, '\\$&')).join(',');
}

/** A name as a literal inside a regular expression (RE2, ECMAScript, POSIX ERE and Java alike). */
function regexLiteral(name: string): string {
  return name.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/** Go's `-bench` matches each `/`-level separately: a benchmark's top-level name, without a `pkg.` prefix. */
function goName(experiment: string): string {
  const at = experiment.lastIndexOf('.Benchmark');
  return at >= 0 ? experiment.slice(at + 1) : experiment;
}

/**
 * `{filter}`: a pattern in the tool's own syntax that selects the experiments of `selection`, or
 * every benchmark when there is no selection.
 * - Go (`-bench`), Google Benchmark (`--benchmark_filter`), Criterion and libtest (the name filter),
 *   JMH (the include regex) and any other or unknown format: an anchored regular expression
 *   `^(A|B)(/|$)` over the experiments' names (a name's sub-benchmarks and parameters run too; only
 *   the selected rows are judged). Go's names lose their `pkg.` prefix, and its selected sub-benchmarks are named
 *   level by level (goFilter).
 * - pytest-benchmark (`-k`): `A or B`, the test functions' names (a `group/` prefix dropped).
 * - Catch2 (its test spec, a test-name argument): `A,B`, the test cases' names (catch2Filter).
 * - Everything: `.`, except the empty filter for pytest, Criterion, libtest and Catch2 (whose filters are
 *   an expression, a substring or a test spec).
 */
export function filterPattern(format: string | undefined, selection: Selection | undefined): string {
  if (selection === undefined) return format !== undefined && EMPTY_SELECTS_ALL.has(format) ? '' : '.';
  const experiments = [...selection.keys()];
  // -k matches the test's name: the experiment is `group/test` when the benchmark has a group.
  if (format === PYTEST) return [...new Set(experiments.map((e) => e.slice(e.lastIndexOf('/') + 1)))].join(' or ');
  if (filterSyntax(format) === 'catch2') return catch2Filter(experiments);
  const names = [...new Set(experiments.map((e) => (format === 'go-bench' ? goName(e) : e)))];
  if (format === 'go-bench') return goFilter(names, [...selection.values()]);
  return `^(${names.map(regexLiteral).join('|')})(/|$)`;
}

/**
 * Go's `-bench` pattern: one regular expression per `/`-level of the name (Go splits the pattern at each `/` outside
 * brackets and parentheses and matches level by level), so the selected sub-benchmarks run alone: the top-level names,
 * then each level's names of the selected parameters (`^(BenchmarkPublish)$/^(size=64,mode=copy)$`). Sub-benchmarks
 * selected across benchmarks run as their cross product (a superset; only the selected rows are judged); a benchmark
 * selected whole, or without sub-benchmarks, leaves the levels below open.
 */
function goFilter(names: readonly string[], parameters: readonly ('all' | ReadonlySet<string>)[]): string {
  const top = `^(${names.map(regexLiteral).join('|')})$`;
  if (parameters.some((p) => p === 'all' || p.has(''))) return top;
  const levels: Set<string>[] = [];
  for (const set of parameters)
    for (const parameter of set) parameter.split('/').forEach((name, i) => (levels[i] ??= new Set()).add(name));
  return [top, ...levels.map((level) => `^(${[...level].map(regexLiteral).join('|')})$`)].join('/');
}

/** Whether a filter text written for `assumed` still fits the format the first run turned out to be. */
export function filterFits(assumed: string | undefined, detected: string): boolean {
  return filterSyntax(assumed) === filterSyntax(detected);
}

/**
 * The benchmarks of a look that still need pairs: those with a gated row that is inconclusive, named `experiment
 * parameter`, each once (a benchmark's metrics, time/op and MB/s, are one benchmark).
 */
export function undecidedRows(report: ComparisonReport): string[] {
  return benchmarksOf(report, (row) => row.gated && row.status === 'inconclusive');
}

/** The benchmarks a look confirmed as regressions (a failed row), named as in undecidedRows, each once. */
export function confirmedRows(report: ComparisonReport): string[] {
  return benchmarksOf(report, (row) => row.failed);
}

function benchmarksOf(report: ComparisonReport, take: (row: ComparisonReport['rows'][number]) => boolean): string[] {
  const names = report.subExperiments.flatMap((sub) =>
    sub.rows
      .filter(take)
      .map((row) => (row.parameter === '' ? sub.experimentType : `${sub.experimentType} ${row.parameter}`)),
  );
  return [...new Set(names)];
}

/**
 * Whether a confirmation stops after a look at `pairs` of at most `maxPairs`: at the cap, or as
 * soon as no gated row is inconclusive.
 */
export function lookDecides(report: ComparisonReport, pairs: number, maxPairs: number): boolean {
  return pairs >= maxPairs || undecidedRows(report).length === 0;
}

/**
 * The two-stage gate's one false-alarm budget, both stages together (docs/statistics.md, "One budget for the whole
 * gate"): α = 0.5 %, the one-stage history gate's own (1 − its confidence 0.995). The gate's verdict is the
 * confirmation's whenever the first stage flags a family, and the first stage's only when it flags none (then it failed
 * none: a failing row's p is within α, far under the screen's level) or when the confirmation cannot run. So the budget
 * is spent once, by whichever stage decides: the confirmation at α/K over the K families it confirms. Before issue 45
 * the confirmation spent 1 % beside the first stage's 0.5 %.
 */
export const CONFIRM_SUITE_ALPHA = 0.005;

/**
 * The confidence each of the K families a confirmation judges (screenComparison) is confirmed at: α/K each (Bonferroni), so that an unchanged build
 * fails the confirmation with probability ≤ α whatever the suite's size and however many rows the first stage
 * flagged.
 */
export function splitConfidence(families: number, alpha = CONFIRM_SUITE_ALPHA): number {
  return 1 - alpha / Math.max(1, Math.floor(families));
}
