/**
 * The common model written in other tools' formats, so that a team can move to Bencher or
 * github-action-benchmark (and back: perfgate reads both): `perfgate export`.
 *
 * - A benchmark is one experiment × parameter, named `experiment/parameter` (the experiment alone
 *   when the parameter is empty). Its value is each measurement's primary statistic (the single
 *   value, else the slope, else the median, else the mean), in the unit the tool printed where perfgate reads that
 *   unit back, else in perfgate's base unit of the dimension.
 * - BMF: a metric named as one of Bencher's measures (`latency`, `throughput`, `build-time`,
 *   `file-size`) keeps its name, in that measure's unit; otherwise a benchmark's only time metric
 *   is Bencher's `latency` (ns) and its only rate Bencher's `throughput` (ops/s); any other
 *   metric is `<metric> [<unit>]` (just `<metric>` when the metric is named by its unit, `B/op`,
 *   or has none). `min` and `max` go to `lower_value` and `upper_value`.
 * - github-action-benchmark: `[{name, unit, value, range?, extra?}]`, one direction per file (the
 *   action's `customSmallerIsBetter` or `customBiggerIsBetter`), so only the metrics of one
 *   direction are written. The name is the benchmark's, with ` - <metric>` when it has several
 *   metrics; `range` is `± <stdev>` where there is one, `extra` the statistic and sample count.
 */
import { UsageError } from '../errors.js';
import type { Direction, Measurement, StatisticName } from '../model/measurement.js';
import { BASE_UNITS, parseUnit, type Unit } from '../model/units.js';
import { BENCHER_MEASURES } from '../formats/bmf.js';
import { primaryStatistic } from '../model/statisticRules.js';
import { readUnit } from '../formats/shared.js';

export const EXPORT_FORMATS = ['bmf', 'github-action-benchmark'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface Exported {
  text: string;
  /** How many benchmarks (BMF) or entries (github-action-benchmark) were written. */
  count: number;
  /** What was left out, for the user. */
  notes: string[];
}

/**
 * The unit a measurement is written in: the printed one where it reads back, else the base one; and the factor from
 * base.
 */
function unitOf(m: Measurement): { symbol: string; fromBase: number } {
  const printed = readUnit(m.metric.displayUnit);
  if (printed.known && printed.unit.dimension === m.metric.dimension)
    return { symbol: m.metric.displayUnit, fromBase: 1 / printed.unit.toBase };
  if (m.metric.dimension === 'count') return { symbol: m.metric.displayUnit, fromBase: 1 };
  return { symbol: BASE_UNITS[m.metric.dimension], fromBase: 1 };
}

/** A value in the written unit, without the binary noise of the conversion (15 significant digits). */
function written(value: number, fromBase: number): number {
  return fromBase === 1 ? value : Number((value * fromBase).toPrecision(15));
}

function benchmarkName(m: Measurement): string {
  return m.parameter.label === '' ? m.experiment : `${m.experiment}/${m.parameter.label}`;
}

/** Measurements by benchmark name, in order of first appearance. */
function byBenchmark(measurements: readonly Measurement[]): Map<string, Measurement[]> {
  const groups = new Map<string, Measurement[]>();
  for (const m of measurements) {
    const name = benchmarkName(m);
    const group = groups.get(name);
    if (group) group.push(m);
    else groups.set(name, [m]);
  }
  return groups;
}

/** The primary statistic's value, or a note when it is not a finite number (JSON has no NaN). */
function primaryValue(m: Measurement, notes: string[]): { statistic: StatisticName; value: number } | undefined {
  const statistic = primaryStatistic(m);
  const value = m.statistics[statistic];
  if (value === undefined || !Number.isFinite(value)) {
    notes.push(`${benchmarkName(m)}, ${m.metric.name}: no ${statistic} value to write; left out`);
    return undefined;
  }
  return { statistic, value };
}

/** A metric named as one of Bencher's measures, in that measure's dimension: its unit. */
function bencherUnit(m: Measurement): Unit | undefined {
  const measure = Object.hasOwn(BENCHER_MEASURES, m.metric.name) ? BENCHER_MEASURES[m.metric.name] : undefined;
  const unit = measure && parseUnit(measure.unit);
  return unit && unit.dimension === m.metric.dimension ? unit : undefined;
}

/** The BMF measure name of each metric of one benchmark, and the factor from perfgate's base unit to the measure's. */
function bmfMeasures(group: readonly Measurement[]): { name: string; fromBase: number }[] {
  const taken = new Set(group.filter((m) => bencherUnit(m)).map((m) => m.metric.name));
  const only = (dimension: string, measure: string) =>
    !taken.has(measure) && group.filter((m) => m.metric.dimension === dimension && !bencherUnit(m)).length === 1;
  const used = new Map<string, number>();
  return group.map((m) => {
    let name: string;
    let fromBase: number;
    const bencher = bencherUnit(m);
    if (bencher) [name, fromBase] = [m.metric.name, 1 / bencher.toBase];
    else if (m.metric.dimension === 'time' && only('time', 'latency')) [name, fromBase] = ['latency', 1000];
    else if (m.metric.dimension === 'rate' && only('rate', 'throughput')) [name, fromBase] = ['throughput', 1];
    else {
      const unit = unitOf(m);
      name = unit.symbol === '' || unit.symbol === m.metric.name ? m.metric.name : `${m.metric.name} [${unit.symbol}]`;
      fromBase = unit.fromBase;
    }
    const k = (used.get(name) ?? 0) + 1;
    used.set(name, k);
    return { name: k === 1 ? name : `${name} (${k})`, fromBase };
  });
}

/** Bencher Metric Format JSON. */
export function renderBmf(measurements: readonly Measurement[]): Exported {
  const notes: string[] = [];
  const document: Record<string, Record<string, Record<string, number>>> = {};
  for (const [name, group] of byBenchmark(measurements)) {
    const measures = bmfMeasures(group);
    group.forEach((m, i) => {
      const primary = primaryValue(m, notes);
      if (!primary) return;
      const { name: measure, fromBase } = measures[i]!;
      const metric: Record<string, number> = { value: written(primary.value, fromBase) };
      const { min, max } = m.statistics;
      if (min !== undefined && Number.isFinite(min) && primary.statistic !== 'min')
        metric.lower_value = written(min, fromBase);
      if (max !== undefined && Number.isFinite(max) && primary.statistic !== 'max')
        metric.upper_value = written(max, fromBase);
      (document[name] ??= {})[measure] = metric;
    });
  }
  return { text: JSON.stringify(document, null, 2) + '\n', count: Object.keys(document).length, notes };
}

interface GabEntry {
  name: string;
  unit: string;
  value: number;
  range?: string;
  extra?: string;
}

/**
 * github-action-benchmark custom JSON of the metrics of one direction. Without `direction`, every
 * metric must share one; a mix is a usage error that says how to export each half.
 */
export function renderGithubActionBenchmark(measurements: readonly Measurement[], direction?: Direction): Exported {
  const directions = [...new Set(measurements.map((m) => m.metric.direction))];
  if (direction === undefined && directions.length > 1) {
    const list = (d: Direction) =>
      [...new Set(measurements.filter((m) => m.metric.direction === d).map((m) => m.metric.name))]
        .slice(0, 5)
        .join(', ');
    throw new UsageError(
      `the results have lower-is-better metrics (${list('lower-is-better')}) and higher-is-better ones (${list('higher-is-better')}); ` +
        'github-action-benchmark takes one direction per file: export twice, with --direction lower-is-better (tool: customSmallerIsBetter) ' +
        'and --direction higher-is-better (tool: customBiggerIsBetter)',
    );
  }
  const wanted = direction ?? directions[0];
  const notes: string[] = [];
  const entries: GabEntry[] = [];
  for (const [name, group] of byBenchmark(measurements)) {
    for (const m of group) {
      if (m.metric.direction !== wanted) continue;
      const primary = primaryValue(m, notes);
      if (!primary) continue;
      const { symbol, fromBase } = unitOf(m);
      const entry: GabEntry = {
        name: group.length > 1 ? `${name} - ${m.metric.name}` : name,
        unit: symbol,
        value: written(primary.value, fromBase),
      };
      const stdev = m.statistics.stdev;
      if (stdev !== undefined && Number.isFinite(stdev)) entry.range = `± ${written(stdev, fromBase)}`;
      const extra = [
        ...(primary.statistic !== 'value' ? [primary.statistic] : []),
        ...(m.statistics.samples !== undefined ? [`${m.statistics.samples} samples`] : []),
        ...(m.repetitions !== undefined ? [`${m.repetitions} repetitions`] : []),
      ];
      if (extra.length > 0) entry.extra = extra.join(', ');
      entries.push(entry);
    }
  }
  if (entries.length === 0) throw new UsageError(`the results have no ${wanted ?? 'lower-is-better'} metric to export`);
  return { text: JSON.stringify(entries, null, 2) + '\n', count: entries.length, notes };
}
