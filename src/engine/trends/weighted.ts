/**
 * The weighted geomean series of an experiment × metric × statistic: per run, the mean of the
 * parameters' logs weighted 1/σ_p², σ_p being each parameter's between-run sd. On UDP-like noise
 * (docs/change-points.md) it finds a +20 % step that moves every parameter far more often than any
 * one parameter's series, because payloads share little of their noise and the quiet ones count most.
 * A step it finds with only `minSegment` runs after it waits one more run, unless one of its parameters' series
 * finds it too (confirmWeightedSteps): measured, that keeps its false steps over a history's looks under 5 % and
 * finds the step as often within 8 runs, and a step every series sees is still reported by all on the same run.
 */
import type { ChangePointAnalysis } from '../stats/changePoints.js';
import { median } from '../stats/median.js';

/** The parameter label of the weighted series (a real parameter is a payload size or a benchmark's argument). */
export const WEIGHTED_PARAMETER = 'weighted geomean';

/** Steps of two series this many runs apart or fewer, in the same direction, are the same step. */
export const SAME_STEP_RUNS = 2;

/**
 * Fewest values a parameter needs for its σ to count: an sd of n runs is uncertain by about 1/√(2(n − 1)), so a
 * weight 1/σ² from fewer than 10 runs is uncertain by more than ±47 %.
 */
export const MIN_WEIGHTED_VALUES = 10;

/**
 * A floor on σ (0.1 % between runs): a parameter written with too few digits to vary would
 * otherwise take every weight.
 */
const SD_FLOOR = 0.001;

/** A run counts only when the parameters it has carry at least this share of the weight. */
const MIN_WEIGHT_PRESENT = 0.5;

/**
 * A log series' between-run sd: the sample sd (n − 1) of the whole series. Not an estimate that ignores level
 * changes (the MAD of successive differences, or the sd within the segments the detector finds): on UDP-like
 * noise those give the weight to the parameters whose runs happen to drift, and a drift is what a false step is
 * made of, so the weighted series shows 2–3× more false steps (docs/change-points.md). A parameter that drifts
 * has a larger sd here and less weight. A real step raises the sd of every parameter it moves, by step² · f(1 − f)
 * for a fraction f of runs after it, which costs little power (measured). Undefined below MIN_WEIGHTED_VALUES values.
 */
export function runToRunSd(logs: readonly number[]): number | undefined {
  if (logs.length < MIN_WEIGHTED_VALUES) return undefined;
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  return Math.sqrt(logs.reduce((a, v) => a + (v - mean) ** 2, 0) / (logs.length - 1));
}

/** One parameter of a weighted series: its estimated between-run sd (of the log) and its share of the weight. */
export interface ParameterWeight {
  parameter: string;
  sd: number;
  /** 1/σ² over the sum of 1/σ² of the parameters weighted: the shares add up to 1. */
  weight: number;
}

export interface WeightedSeries {
  /** Per run: the weighted geomean (in the parameters' unit), or undefined where too little weight is present. */
  values: (number | undefined)[];
  weights: ParameterWeight[];
}

/**
 * The weighted geomean series of parameters measured over the same runs (`values[r]`, undefined where a run
 * lacks the parameter); undefined when fewer than two parameters have MIN_WEIGHTED_VALUES positive values.
 * Each parameter's logs are centred on their median first, so a run that lacks a parameter averages the
 * others without a jump of level; the series is then moved back to the weighted mean of those medians.
 */
export function weightedGeomeanSeries(
  parameters: readonly { parameter: string; values: ArrayLike<number | undefined> }[],
  runs: number,
): WeightedSeries | undefined {
  const usable = parameters.flatMap((p) => {
    const logs: (number | undefined)[] = Array.from({ length: runs }, (_, r) => {
      const v = p.values[r];
      return v !== undefined && Number.isFinite(v) && v > 0 ? Math.log(v) : undefined;
    });
    const present = logs.filter((v): v is number => v !== undefined);
    const sd = runToRunSd(present);
    return sd === undefined ? [] : [{ parameter: p.parameter, logs, centre: median(present), sd }];
  });
  if (usable.length < 2) return undefined;
  const inverse = usable.map((p) => 1 / Math.max(p.sd, SD_FLOOR) ** 2);
  const total = inverse.reduce((a, b) => a + b, 0);
  const weights = usable.map((p, i): ParameterWeight => ({
    parameter: p.parameter,
    sd: p.sd,
    weight: inverse[i]! / total,
  }));
  const level = usable.reduce((a, p, i) => a + weights[i]!.weight * p.centre, 0);
  const values = Array.from({ length: runs }, (_, r) => {
    let sum = 0;
    let present = 0;
    usable.forEach((p, i) => {
      const v = p.logs[r];
      if (v === undefined) return;
      sum += weights[i]!.weight * (v - p.centre);
      present += weights[i]!.weight;
    });
    return present >= MIN_WEIGHT_PRESENT ? Math.exp(level + sum / present) : undefined;
  });
  return { values, weights };
}

/**
 * The weighted series' analysis with its newest step held back as pending while it has only `minSegment` runs after
 * it and no parameter's series has a step of the same sign within SAME_STEP_RUNS runs of it. `runOf` maps an index
 * of the analysed values to its run; `parameterSteps` are the parameters' steps, by first run.
 */
export function confirmWeightedSteps(
  found: ChangePointAnalysis,
  runOf: (index: number) => number,
  parameterSteps: readonly { firstRun: number; change: number }[],
  minSegment: number,
): ChangePointAnalysis {
  const last = found.steps[found.steps.length - 1];
  if (!last || found.pending || last.runsAfter > minSegment) return found;
  const run = runOf(last.index);
  const seen = parameterSteps.some(
    (p) => Math.abs(p.firstRun - run) <= SAME_STEP_RUNS && Math.sign(p.change) === Math.sign(last.relativeChange),
  );
  return seen ? found : { steps: found.steps.slice(0, -1), outliers: found.outliers, pending: last };
}
