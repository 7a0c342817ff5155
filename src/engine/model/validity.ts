/**
 * Which values a measurement can possibly have, by the dimension of its metric and the kind of
 * statistic: one table that every format adapter is checked against, so that a time of 0 or −1 ns
 * is an input error at its place and never an "improvement" of −101 %.
 */
import { InputError, type SourcePlace } from '../errors.js';
import type { Measurement, StatisticName } from './measurement.js';
import { parseToolUnit, type Dimension } from './units.js';

/** The smallest value a statistic of a dimension can have: above it (`exclusive`) or at least it. */
interface Bound {
  least: number;
  exclusive: boolean;
  /** Why, for the error: "a time must be greater than 0". */
  what: string;
}

const POSITIVE = (what: string): Bound => ({ least: 0, exclusive: true, what: `${what} must be greater than 0` });
const NOT_NEGATIVE = (what: string): Bound => ({ least: 0, exclusive: false, what: `${what} cannot be negative` });

/**
 * A value's bound by its metric's dimension (the statistics that locate a value: value, min, mean, median, percentiles,
 * max, and every raw sample). A time is a duration: nothing takes no time, so it is greater than 0 (CPU and GC times,
 * below, excepted). A size can be 0 (`0 B/op` is Go's allocation-free benchmark), never less. Rates are ≥ 0 (a rate of
 * 0 messages per second is a stalled run, a real result). Counts (lost samples, `allocs/op`, units perfgate does not
 * know) are ≥ 0. A percentage is ≥ 0 with no upper bound: a CPU load of 400 % is four busy cores.
 */
export const LOCATION_BOUNDS: Record<Dimension, Bound> = {
  time: POSITIVE('a time'),
  size: NOT_NEGATIVE('a size'),
  bitrate: NOT_NEGATIVE('a bit rate'),
  byterate: NOT_NEGATIVE('a byte rate'),
  rate: NOT_NEGATIVE('a rate'),
  count: NOT_NEGATIVE('a count'),
  ratio: NOT_NEGATIVE('a percentage'),
};

/**
 * Statistics of spread, whatever the dimension: 0 when every sample is equal (a legitimate
 * outcome of a coarse clock), never negative. `samples` is a count of them.
 */
const SPREAD_BOUNDS: Partial<Record<StatisticName, Bound>> = {
  stdev: NOT_NEGATIVE('a standard deviation'),
  variance: NOT_NEGATIVE('a variance'),
  jitter: NOT_NEGATIVE('a jitter'),
  maxJitter: NOT_NEGATIVE('a jitter'),
  samples: NOT_NEGATIVE('a number of samples'),
};

/**
 * Times that add up what a run spent in one activity, not how long something took: CPU time in
 * user or kernel mode (hyperfine's `user`, `system`; Google Benchmark's `cpu_time`) and JMH's
 * GC pauses. A run that spent none has 0; they are ≥ 0, as sizes are.
 */
const ACCUMULATED_TIME = /^(?:(?:user|system|cpu) time|gc\.time)$/;

/** `sample` is one raw sample; it is bound as the value it measures. */
export type ValueKind = StatisticName | 'sample';

/** What a value is: its metric's dimension, its statistic, and (for ACCUMULATED_TIME) the metric's name. */
export interface ValueOf {
  dimension: Dimension;
  statistic: ValueKind;
  metric?: string;
}

/**
 * Why `value`, a `statistic` of a metric of `dimension`, cannot be ("a time must be greater than
 * 0"); undefined when it is possible. Every value must be a finite number. The unit it is in does
 * not matter: a conversion to the base unit keeps its sign.
 */
export function impossibleValue({ dimension, statistic, metric }: ValueOf, value: number): string | undefined {
  if (!Number.isFinite(value)) return 'a measured value must be a finite number';
  const spread = statistic === 'sample' ? undefined : SPREAD_BOUNDS[statistic];
  const accumulated = dimension === 'time' && metric !== undefined && ACCUMULATED_TIME.test(metric);
  const bound = spread ?? (accumulated ? NOT_NEGATIVE('a CPU or GC time') : LOCATION_BOUNDS[dimension]);
  const possible = bound.exclusive ? value > bound.least : value >= bound.least;
  return possible ? undefined : bound.what;
}

/** A value as an error shows it: `-0`, `NaN`, `-Infinity`, `-1 us`. */
export function valueText(value: number, unit = ''): string {
  const text = Object.is(value, -0) ? '-0' : String(value);
  return Number.isFinite(value) && unit !== '' ? `${text} ${unit}` : text;
}

/**
 * Throws an InputError at `place` when a value is impossible: `the "real_time" of "BM_copy/64" is
 * -1, which is impossible: a time must be greater than 0`. For adapters that know the line and
 * column of the value; `value` is as the file wrote it, `unit` as the file spelled it.
 */
export function requirePossibleValue(kind: ValueOf, value: number, what: string, place: SourcePlace, unit = ''): void {
  const reason = impossibleValue(kind, value);
  if (reason !== undefined)
    throw new InputError(`${what} is ${valueText(value, unit)}, which is impossible: ${reason}`, place);
}

/**
 * Checks every statistic and raw sample of every measurement against the table; the first
 * impossible one is an InputError at its measurement's place (the line of its row or block). The
 * registry runs it after every adapter, so no format lets an impossible value through; the
 * adapters of the main formats check each value where they read it, to point at its column.
 * With `notANumberIsAbsent` (Fast-DDS summaries, whose reference writes `nan` for a statistic
 * it could not compute or a column the file lacks), a NaN statistic stands for none.
 */
export function requirePossibleValues(
  measurements: readonly Measurement[],
  options: { notANumberIsAbsent?: boolean } = {},
): void {
  for (const m of measurements) {
    const { dimension, name } = m.metric;
    const shown = shownUnit(m);
    for (const [statistic, value] of Object.entries(m.statistics) as [StatisticName, number | undefined][]) {
      if (value === undefined || (options.notANumberIsAbsent && Number.isNaN(value))) continue;
      if (m.belowResolution && isResolutionFloor(value)) continue;
      const plain = statistic === 'samples' || statistic === 'variance';
      requirePossibleValue(
        { dimension, statistic, metric: name },
        plain ? value : shown.value(value),
        describeValue(m, statistic),
        m.place,
        plain ? '' : shown.unit,
      );
    }
    const samples = m.samples;
    if (samples === undefined) continue;
    for (let i = 0; i < samples.length; i++) {
      if (m.belowResolution && isResolutionFloor(samples[i]!)) continue;
      requirePossibleValue(
        { dimension, statistic: 'sample', metric: name },
        shown.value(samples[i]!),
        `sample ${i + 1} of ${describeValue(m, 'value')}`,
        m.place,
        shown.unit,
      );
    }
  }
}

/**
 * Whether a value is the 0 a tool prints for less than one of its units (a measurement marked `belowResolution`):
 * +0 only; -0, negatives, NaN and infinities stay impossible.
 */
export function isResolutionFloor(value: number): boolean {
  return value === 0 && !Object.is(value, -0);
}

/**
 * The unit the tool printed, and a base-unit value in it (to 12 digits), when perfgate knows it; else the base unit.
 */
function shownUnit(m: Measurement): { unit: string; value: (base: number) => number } {
  const printed = parseToolUnit(m.metric.displayUnit);
  if (printed === undefined || printed.dimension !== m.metric.dimension || printed.toBase === 1)
    return { unit: m.metric.unit, value: (base) => base };
  return {
    unit: m.metric.displayUnit,
    value: (base) => (Number.isFinite(base) && base !== 0 ? Number((base / printed.toBase).toPrecision(12)) : base),
  };
}

function describeValue(m: Measurement, statistic: StatisticName): string {
  const of = m.parameter.label === '' ? `"${m.experiment}"` : `"${m.experiment}" (${m.parameter.label})`;
  const stat = statistic === 'value' ? '' : ` ${statistic}`;
  return `the ${m.metric.name}${stat} of ${of}`;
}
