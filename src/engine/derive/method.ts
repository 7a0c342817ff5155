import type { Direction } from '../model/measurement.js';
import { percentileOfSorted } from '../numeric/numpy.js';
import { marginOver, perLimitConfidence, predictionLimit, spreadOf } from '../stats/predictionBound.js';

/**
 * How a limit is set from the runs' values.
 * - `prediction` (the default): a one-sided prediction bound from the runs' own spread, so that an
 *   unchanged run passes every limit of the file with probability `confidence` (see predictionBound.ts).
 * - `percentile`: the reference's rule (`latency_determine_requirements.py`), the linear percentile
 *   across runs on the worse side, moved `margin` (relative) looser.
 */
export type DeriveMethod =
  | { kind: 'prediction'; confidence: number; floorMargin: number }
  | { kind: 'percentile'; percentile: number; margin: number };

/** An unchanged run passes all derived limits with 99 %; each limit lies at least 1 % beyond the worst run. */
export const DEFAULT_PREDICTION = {
  kind: 'prediction',
  confidence: 0.99,
  floorMargin: 0.01,
} as const satisfies DeriveMethod;
export const DEFAULT_DERIVE_METHOD: DeriveMethod = DEFAULT_PREDICTION;

/** Why a limit has the value it has, to state next to it. */
export interface LimitBasis {
  runs: number;
  /** The runs' geometric mean (their mean when a value is ≤ 0). */
  centre: number;
  /** Spread between runs: sd of log values (≈ relative sd), or of values on the linear scale; NaN for one run. */
  spread: number;
  scale: 'log' | 'linear';
  /** What set it: the prediction bound, the floor margin beyond the worst run, or the percentile rule. */
  setBy: 'bound' | 'floor' | 'percentile';
  /** The limit beyond the centre on the worse side, relative (0.12: 12 % looser than the runs' centre). */
  margin: number;
}

/** One limit's values across runs (one per run that has it; NaN for a run with an empty cell). */
export interface LimitSeries {
  values: readonly number[];
  direction: Direction;
}

export interface DerivedValue {
  limit: number;
  basis: LimitBasis;
}

/**
 * Every limit of one requirements file. They are derived together because the prediction bound
 * shares the file's error rate among its limits: with k limits each holds with 1 − (1 − confidence)/k.
 */
export function deriveLimitValues(
  series: readonly LimitSeries[],
  method: DeriveMethod,
): { values: DerivedValue[]; perLimitConfidence?: number } {
  if (method.kind === 'percentile') {
    return {
      values: series.map(({ values, direction }) => {
        const higher = direction === 'higher-is-better';
        const p = higher ? 100 - method.percentile : method.percentile;
        // np.percentile is NaN as soon as one value is NaN (an empty cell in some run).
        const value = values.some(Number.isNaN) ? NaN : percentileOfSorted(Float64Array.from(values).sort(), p);
        const limit = method.margin === 0 ? value : value * (higher ? 1 - method.margin : 1 + method.margin);
        const { scale, mean, spread } = spreadOf(values);
        const centre = scale === 'log' ? Math.exp(mean) : mean;
        return {
          limit,
          basis: {
            runs: values.length,
            centre,
            spread,
            scale,
            setBy: 'percentile',
            margin: marginOver(centre, limit, direction, scale),
          },
        };
      }),
    };
  }
  const judged = series.filter((s) => s.values.length > 0 && !s.values.some(Number.isNaN)).length;
  const confidence = perLimitConfidence(method.confidence, judged);
  return {
    perLimitConfidence: confidence,
    values: series.map(({ values, direction }) => {
      const p = predictionLimit(values, direction, confidence, method.floorMargin);
      return {
        limit: p.limit,
        basis: { runs: p.runs, centre: p.centre, spread: p.spread, scale: p.scale, setBy: p.setBy, margin: p.margin },
      };
    }),
  };
}
