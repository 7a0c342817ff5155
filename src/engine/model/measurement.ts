/**
 * The common model every result format is read into: experiments, parameters, metrics with a
 * direction, and statistics. Fast-DDS summaries are one instance of it; iceperf tables, ddsperf
 * per-second lines and hyperfine JSON are others.
 */
import type { SourcePlace } from '../errors.js';
import type { Dimension } from './units.js';
import type { Summary } from './summary.js';
import type { EnvironmentFingerprint } from './environment.js';

/** Whether a larger value of a metric is worse (latency) or better (throughput). */
export type Direction = 'lower-is-better' | 'higher-is-better';

/**
 * Statistic names perfgate knows. `value` is a metric reported as one number (a throughput, a lost-sample count);
 * `slope` is a time per iteration fitted over samples of growing iteration counts (Criterion's linear sampling).
 * Percentiles are `p<digits>` with the dot dropped (p90, p99, p9999); the 50th percentile is `median`.
 */
export const STATISTIC_NAMES = [
  'value',
  'samples',
  'min',
  'mean',
  'median',
  'slope',
  'p90',
  'p95',
  'p99',
  'p999',
  'p9999',
  'max',
  'stdev',
  'variance',
  'jitter',
  'maxJitter',
] as const;
export type StatisticName = (typeof STATISTIC_NAMES)[number];

/** Other spellings of statistics that tools and users write. */
const STATISTIC_ALIASES: Record<string, StatisticName> = {
  avg: 'mean',
  average: 'mean',
  p50: 'median',
  stddev: 'stdev',
  std: 'stdev',
  count: 'samples',
  n: 'samples',
};

/** A statistic name or alias (`p50`, `avg`, `p99.9`) as perfgate's name; undefined if unknown. */
export function resolveStatistic(text: string): StatisticName | undefined {
  const name = text.trim();
  if ((STATISTIC_NAMES as readonly string[]).includes(name)) return name as StatisticName;
  const alias = STATISTIC_ALIASES[name.toLowerCase()];
  if (alias) return alias;
  const percentile = /^p(\d+(?:\.\d+)?)$/i.exec(name);
  if (percentile) {
    const compact = `p${percentile[1]!.replace('.', '')}`;
    if ((STATISTIC_NAMES as readonly string[]).includes(compact)) return compact as StatisticName;
  }
  return undefined;
}

/**
 * What a metric is to its benchmark, as the tool that measured it says: `primary`, the benchmark's own measure
 * (its time, or what the tool prints first); `derived`, computed from the primary one (pytest's `ops` = 1/mean,
 * Go's `MB/s`, a throughput from a time and a declared size); `secondary`, another measure the tool reports beside
 * it (CPU times, allocations, GC-profiler metrics). The default gate judges only primary metrics.
 */
export type MetricRole = 'primary' | 'derived' | 'secondary';

/**
 * Which clock a time reads where its tool reports both a wall and a CPU time of one benchmark (Google Benchmark's real
 * and CPU time, hyperfine's wall and user/system times), and on the one that decides, why (docs/statistics.md, "Which
 * time decides"): `steadier`, CPU time, which the runner's other jobs barely reach; `threads`, a multi-threaded
 * benchmark (its CPU time sums its threads); `real-time`, a benchmark that asked for real time (`UseRealTime`);
 * `manual-time`, one that timed itself; `waits`, a command, whose CPU time misses its waits (I/O, sleeps, children).
 */
export interface TimeClock {
  of: 'wall' | 'cpu';
  decides?: 'steadier' | 'threads' | 'real-time' | 'manual-time' | 'waits';
}

export interface Metric {
  /** What is measured, e.g. `latency`, `throughput`, `message rate`, `lost samples`. */
  name: string;
  /** Absent: primary (a format that marks no metric has every metric gated, as Fast-DDS's latency and throughput). */
  role?: MetricRole;
  /** The clock of a time its tool also reports on the other clock (a history record keeps none). */
  clock?: TimeClock;
  dimension: Dimension;
  /** The base unit the statistics are stored in (`us`, `Mb/s`, `B`, `Hz`, ``). */
  unit: string;
  /** The unit the tool printed, for display. */
  displayUnit: string;
  direction: Direction;
  /**
   * `count`: an exact count of the work done (instructions under Valgrind, perf's `instructions`). One build gives the
   * same number on every run, so any change is the code's, and its threshold is the count threshold (`count=` of the
   * threshold setting, 1 % by default) rather than the time's.
   */
  kind?: 'count';
  /**
   * What counted the metric, where that decides the number: the tool and its version (`callgrind-3.19.0`), and for
   * simulated cache figures the cache configuration. Two sides counted by different instruments are not comparable:
   * their rows are reported with a warning naming both, never gated.
   */
  instrument?: string;
  /**
   * Never set by an adapter: on a row's shape (compare/rows.ts rowShape), the two instruments when the sides were
   * counted by different ones. Such a row is not gated.
   */
  incomparable?: { reference: string; result: string };
}

/**
 * What was varied: usually the payload size; otherwise a key such as buffer size × buffer count or
 * a benchmark's own name. `label` is unique within an experiment and is what reports show.
 */
export interface Parameter {
  label: string;
  payloadBytes?: number;
  /** Other named settings (buffer count, demand, thread count). */
  settings?: Record<string, number | string>;
}

/** Parameter names (hyperfine `-L size …`, Google Benchmark counters) that mean the payload size. */
export const PAYLOAD_PARAMETER_NAMES =
  /^(size|bytes|payload|payload_?size|payload_?bytes|msg_?size|message_?size|data_?size)$/i;

/** One metric of one experiment at one parameter, with whatever statistics the tool gives. */
export interface Measurement {
  experiment: string;
  parameter: Parameter;
  metric: Metric;
  /** Values in `metric.unit`, except `samples` (a count) and `variance` (unit squared). */
  statistics: Partial<Record<StatisticName, number>>;
  /** Raw samples in `metric.unit`, where the tool wrote them. */
  samples?: Float64Array;
  /** Where this measurement was read (the line of its row or block). */
  place: SourcePlace;
  /**
   * The tool printed 0 for a value it rounds to its unit (libtest's `0 ns/iter`, Catch2's `0 ns`, Go's `0 ns/op`): the
   * benchmark took less than one unit (its work was optimised away), not no time. Its location statistics are 0, read
   * as "< 1 unit"; a ratio against it means nothing, so comparisons never gate its rows.
   */
  belowResolution?: true;
  /** When several runs' measurements were pooled into this one: how many (each statistic is their median). */
  repetitions?: number;
  /**
   * With `repetitions`: each statistic's value in every pooled run, in run order. A history
   * comparison judges their geometric mean, the mean of their logs (the band for a mean of k runs), a paired one pairs them.
   */
  repetitionValues?: Partial<Record<StatisticName, number[]>>;
}

/**
 * A benchmark the tool ran but could not measure (Catch2's `Benchmark failed (…)`, Google
 * Benchmark's `error_occurred`): it has no values, only the tool's own message, which reports show
 * as it was written.
 */
export interface SkippedBenchmark {
  experiment: string;
  /** The benchmark's name, as a measurement's `parameter.label` would be. */
  name: string;
  /** The tool's message, unedited. */
  message: string;
  place: SourcePlace;
}

/** Everything one input file contained. */
export interface ResultSet {
  /** Adapter id, e.g. `iceperf`. */
  format: string;
  file: string;
  measurements: Measurement[];
  /** Things the adapter wants the user to know (skipped lines, assumed units). */
  notes: string[];
  /** What the user must be warned of: parts of the file read otherwise than the tool meant (a placeholder for data). */
  warnings?: string[];
  /** Benchmarks the tool could not measure, in file order; absent when there were none. */
  skipped?: SkippedBenchmark[];
  /**
   * The Fast-DDS summary the measurements are (summary and raw CSVs): the byte-compatible
   * reference files are rendered from it.
   */
  summary?: Summary;
  /**
   * The machine (and runtime) the file says it was measured on: Google Benchmark's `context`,
   * pytest-benchmark's `machine_info`, JMH's JVM. Absent when the file does not say.
   */
  environment?: EnvironmentFingerprint;
  /**
   * When the file says it was measured (ISO 8601, UTC): Google Benchmark's `context.date`,
   * pytest-benchmark's `datetime`. Absent when the file does not say (JMH and Criterion never do).
   */
  measuredAt?: string;
}

/**
 * The Fast-DDS summary an experiment is, read from the result sets it came from: the one set's
 * summary when the experiment is that one set (pooled or multi-file experiments have none). The
 * result set is the summary's one home; everything else asks here.
 */
export function experimentSummary(experiment: string, sets: readonly ResultSet[] | undefined): Summary | undefined {
  if (sets?.length !== 1) return undefined;
  const summary = sets[0]!.summary;
  return summary?.experimentType === experiment ? summary : undefined;
}
