import type { Direction, StatisticName } from './measurement.js';
import type { Dimension } from './units.js';

/**
 * A limit on one statistic of one metric, for one experiment and parameter: the general form of a
 * requirement. Reference requirement rows (`Median`, `99%`, `Max` in µs) are three of these.
 */
export interface MetricRequirement {
  experiment: string;
  /** A parameter label, a payload size in bytes, or `*` for every parameter of the experiment. */
  parameter: string;
  metric: string;
  /** Absent: the metric's primary statistic (its single value, else median, else mean). */
  statistic?: StatisticName;
  /**
   * The limit in the base unit of `dimension` when its unit is known; otherwise as written, to be
   * read in the unit the tool printed for the metric (never in a default µs).
   */
  limit: number;
  /** The declared unit's dimension, checked against the measured metric's. */
  dimension?: Dimension;
  /**
   * The unit as written in the column header (`ns/op`, `Gb/s`, `allocs/op`); absent when the column
   * has none. With no `dimension`, perfgate does not know it: it must be the unit the tool printed.
   */
  unit?: string;
  /**
   * Marked optional in the requirements file: when its experiment, parameter or metric is not in
   * the results, it is skipped (and reported so) instead of failing the check.
   */
  optional?: boolean;
  /** Declared in the requirements; otherwise the measured metric's direction applies. */
  direction?: Direction;
  /** The report column this check appears under: `Median`, `throughput`, `latency.p95`. */
  label: string;
  /** Where the limit is written, for errors. */
  file: string;
  line: number;
  column?: number;
  /** The column of the limit's header cell (line 1), where its unit is written or missing. */
  headerColumn?: number;
}
