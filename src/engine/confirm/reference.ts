/**
 * The run's reference of a confirmation under the shared-shift model (issue 45, item 6; docs/statistics.md, "The
 * shared shift of a run"). A confirmation from a first stage reruns the benchmarks its screen took up; the model reads
 * each A/B pair's shared shift (the runner's, common to every benchmark of an invocation) from the median of the
 * pair's log ratios over the run's benchmarks, and judges each benchmark on its change relative to that. With only the
 * screened benchmarks in the run, the median is theirs: one screened benchmark has nothing to be told from, and a few
 * that moved together move the median with them. So `{filter}` also runs some benchmarks the screen left out, the run's
 * reference: they are judged like the others (a regression among them is one), and K counts the suites the run forms.
 */
import { POOLED_PARAMETER } from '../compare/rows.js';
import { SUITE_EXPERIMENT } from '../compare/suiteRow.js';
import { InputError } from '../errors.js';
import type { Selection } from './plan.js';
import { screenFamily, type ScreenRow } from './screen.js';

/**
 * How many unflagged benchmarks a confirmation runs beside the screened ones: with one screened benchmark the run
 * holds 5, so the median of a pair's log ratios is a reference benchmark's even when two of the five moved.
 */
export const REFERENCE_BENCHMARKS = 4;

/** A confirmation's run: what `{filter}` selects and what is judged (the screened and the reference), and K. */
export interface ReferencePlan {
  selection: Map<string, 'all' | ReadonlySet<string>>;
  /** The unflagged benchmarks added as the run's reference, quietest first. */
  reference: string[];
  /** The benchmarks of the run (screened and reference), each parameter of an experiment one. */
  benchmarks: number;
  /**
   * K under the shared-shift model: the families the run judges, a suite across experiments (metric × statistic)
   * being one family however many benchmarks it spans.
   */
  families: number;
  /** What the run can and cannot tell, when it holds fewer than three benchmarks; absent otherwise. */
  limit?: string;
}

interface ComparisonJson {
  subExperiments?: { experimentType?: unknown; comparisons?: ScreenRow[] }[];
}

/** A gated row on both sides (what a confirmation judges). */
function judged(row: ScreenRow): boolean {
  return row.gated === true && row.status !== 'missing' && row.status !== 'new';
}

/** The width of a row's noise (its band, else its interval), for ranking the quietest; Infinity without one. */
function noiseWidth(row: ScreenRow & { noiseBand?: unknown }): number {
  const band = (row.noiseBand ?? row.changeInterval ?? row.interval) as { lower?: unknown; upper?: unknown } | null;
  if (typeof band !== 'object' || band === null) return Infinity;
  const { lower, upper } = band;
  return typeof lower === 'number' && typeof upper === 'number' && Number.isFinite(upper - lower)
    ? upper - lower
    : Infinity;
}

/**
 * The run of a confirmation of `selection` (what the screen took up of the comparison.json `text`, read from `file`),
 * with up to `count` unflagged benchmarks as its reference: those with a judged row, the quietest first (the narrowest
 * first-stage band of their gated rows; ties in the comparison's order), each run whole.
 */
export function withReference(
  text: string,
  file: string,
  selection: Selection,
  count: number = REFERENCE_BENCHMARKS,
): ReferencePlan {
  let json: ComparisonJson;
  try {
    json = JSON.parse(text) as ComparisonJson;
  } catch (error) {
    throw new InputError(`not JSON: ${(error as Error).message}`, { file });
  }
  // The history's whole-suite row (compare/suiteRow.ts) is no benchmark: no reference to run, none of the run's members.
  const experiments = (Array.isArray(json.subExperiments) ? json.subExperiments : []).filter(
    (sub): sub is { experimentType: string; comparisons: ScreenRow[] } =>
      typeof sub.experimentType === 'string' &&
      sub.experimentType !== SUITE_EXPERIMENT &&
      Array.isArray(sub.comparisons),
  );
  const candidates = experiments
    .filter((sub) => !selection.has(sub.experimentType) && sub.comparisons.some(judged))
    .map((sub, order) => ({
      name: sub.experimentType,
      order,
      width: Math.max(...sub.comparisons.filter(judged).map(noiseWidth)),
    }))
    .sort((a, b) => a.width - b.width || a.order - b.order);
  const reference = candidates.slice(0, Math.max(0, Math.floor(count))).map((c) => c.name);
  const run = new Map<string, 'all' | ReadonlySet<string>>(selection);
  for (const name of reference) run.set(name, 'all');
  const families = new Set<string>();
  // The run's benchmarks as the model counts them: each experiment's parameter rows (a payload size, a Go
  // sub-benchmark), not its pooled geomean row.
  const members = new Set<string>();
  for (const sub of experiments) {
    const parameters = run.get(sub.experimentType);
    if (parameters === undefined) continue;
    for (const row of sub.comparisons) {
      const parameter = typeof row.parameter === 'string' ? row.parameter : '';
      if (!judged(row) || (parameters !== 'all' && !parameters.has(parameter))) continue;
      families.add(screenFamily(row));
      if (row.pooled !== true && parameter !== POOLED_PARAMETER) members.add(`${sub.experimentType}\u0000${parameter}`);
    }
  }
  const benchmarks = members.size;
  return {
    selection: run,
    reference,
    benchmarks,
    families: families.size,
    ...(benchmarks < 3 ? { limit: referenceLimit(benchmarks) } : {}),
  };
}

/** What a run of one or two benchmarks can and cannot tell under the shared-shift model. */
export function referenceLimit(benchmarks: number): string {
  return benchmarks <= 1
    ? 'the run holds one benchmark: nothing tells the runner’s shift from its change, so it is judged alone by the paired rule'
    : 'the run holds two benchmarks: the model can tell that they moved apart, not which of them moved (each one’s change relative to the run is half their difference); a change both share is judged as the run’s, with the runner’s noise in its interval';
}
