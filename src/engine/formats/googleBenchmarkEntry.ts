/**
 * What one entry of a Google Benchmark file's `benchmarks` says of itself (googleBenchmark.ts reads
 * the entries): whether its run reported an error or was skipped, the statistic it gives, its run
 * name, its time unit, and which of its fields are the library's own (the rest are user counters).
 */
import type { StatisticName } from '../model/measurement.js';
import { parseUnit, type Unit } from '../model/units.js';
import type { JsonObject } from './looseJson.js';
import type { JsonFields } from './jsonFields.js';

/** The fields the library writes; any other number in an entry is a user counter. */
export const KNOWN_FIELDS = new Set([
  'name',
  'family_index',
  'per_family_instance_index',
  'run_name',
  'run_type',
  'repetitions',
  'repetition_index',
  'threads',
  'aggregate_name',
  'aggregate_unit',
  'error_occurred',
  'error_message',
  'skipped',
  'skip_message',
  'iterations',
  'real_time',
  'cpu_time',
  'time_unit',
  'cpu_coefficient',
  'real_coefficient',
  'big_o',
  'rms',
  'bytes_per_second',
  'items_per_second',
  'allocs_per_iter',
  'max_bytes_used',
  'total_allocated_bytes',
  'net_heap_growth',
  'label',
]);

/** The library's message for a run that reported an error or was skipped by the benchmark, else undefined. */
export function skipMessage(entry: JsonObject): string | undefined {
  if (entry.error_occurred === true)
    return typeof entry.error_message === 'string' ? entry.error_message : 'reported an error (no error_message)';
  if (
    entry.skipped === true ||
    (typeof entry.skipped === 'number' && entry.skipped !== 0) ||
    typeof entry.skip_message === 'string'
  )
    return typeof entry.skip_message === 'string' ? entry.skip_message : 'skipped by the benchmark (no skip_message)';
  return undefined;
}

/** The statistic an entry gives: a repetition, or a mean/median/stddev aggregate; undefined for other aggregates. */
export function statisticOfEntry(
  fields: JsonFields,
  entry: JsonObject,
  runType: string | undefined,
  aggregateName: string | undefined,
): StatisticName | 'repetition' | undefined {
  if (runType !== 'aggregate' && aggregateName === undefined) return 'repetition';
  const mapped =
    aggregateName === undefined
      ? undefined
      : ({ mean: 'mean', median: 'median', stddev: 'stdev' } as const)[aggregateName];
  if (mapped === undefined || fields.string(entry, 'aggregate_unit') === 'percentage') return undefined;
  return mapped;
}

/** Without `run_name` (older versions), an aggregate's name minus its `_<aggregate_name>` suffix. */
export function runNameOfAggregate(name: string, aggregateName: string | undefined): string {
  return aggregateName !== undefined && name.endsWith('_' + aggregateName)
    ? name.slice(0, -aggregateName.length - 1)
    : name;
}

/** The entry's `time_unit`, which must be a time; undefined when it has none. */
export function timeUnitOfEntry(fields: JsonFields, entry: JsonObject): Unit | undefined {
  const timeUnitText = fields.string(entry, 'time_unit');
  if (timeUnitText === undefined) return undefined;
  const timeUnit = parseUnit(timeUnitText);
  if (timeUnit?.dimension !== 'time')
    throw fields.error(`unknown time_unit "${timeUnitText}" (expected ns, us, ms or s)`, entry, 'time_unit');
  return timeUnit;
}
