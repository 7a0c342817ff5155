/**
 * The role of a metric in a record written before records kept roles (version 1 and 2, and version 3 shapes without
 * `role`): inferred from the rules the format's reader marks its metrics by (engine/formats/: Go's `MB/s` derived
 * from ns/op, pytest-benchmark's `ops`, Google Benchmark's CPU time, …), as the record names its format. A format
 * whose reader marks nothing, or one this table does not know, keeps every metric primary, as such records were read
 * before. `__tests__/history-roles.test.ts` reads real outputs of each format here and checks that this table gives
 * the role its reader gives.
 */
import type { MetricRole } from '../model/measurement.js';

/** The other metrics the record holds for the same experiment (Go's rule: with a time, the other units are beside it). */
export type SiblingMetrics = { has(metric: string): boolean };

type Rule = (metric: string, siblings: SiblingMetrics, kind: 'count' | undefined) => MetricRole;

const secondaryUnless =
  (...primary: string[]): Rule =>
  (metric) =>
    primary.includes(metric) ? 'primary' : 'secondary';

/** perf's instruction events (perf/common.ts), Valgrind's and Gungraun's `Ir`. */
const INSTRUCTIONS = /^(?:Ir|(?:[\w-]+\/)?instructions\/?(?::[ukhHGPpS]+)?)$/;

/**
 * An event-counting tool: its instruction count (an exact count) is the benchmark's measure, other events beside it.
 * A version 3 shape says which metric is the count; a version 2 record kept no `kind`, so its name says.
 */
const instructionsPrimary: Rule = (metric, _siblings, kind) =>
  kind === 'count' || (kind === undefined && INSTRUCTIONS.test(metric)) ? 'primary' : 'secondary';

const RULES: Record<string, Rule> = {
  // goBench.ts valuesByUnit: with ns/op (`time/op`), MB/s is derived and every other unit secondary; without, primary.
  'go-bench': (metric, siblings) =>
    metric === 'time/op' || !siblings.has('time/op') ? 'primary' : metric === 'MB/s' ? 'derived' : 'secondary',
  'pytest-benchmark': (metric) => (metric === 'ops' ? 'derived' : 'primary'),
  // The CPU time decides (googleBenchmarkNames.ts); a multi-threaded or real-time run's exception is in its name,
  // which this rule does not see: such a record reads with its CPU time primary until it is recorded again.
  'google-benchmark': (metric) =>
    metric === 'real time'
      ? 'secondary'
      : metric === 'bytes per second' || metric === 'items per second'
        ? 'derived'
        : 'primary',
  // JMH's score is named after its mode; profilers' and counters' results are secondary.
  'jmh': secondaryUnless('thrpt', 'avgt', 'sample', 'ss'),
  'julia-benchmarktools': (metric) => (metric === 'memory' || metric === 'allocs' ? 'secondary' : 'primary'),
  'benchmarkdotnet': secondaryUnless('time'),
  'hyperfine': (metric) => (metric === 'wall time' ? 'primary' : 'secondary'),
  'hyperfine-csv': (metric) => (metric === 'wall time' ? 'primary' : 'secondary'),
  'criterion-console': (metric) => (metric === 'throughput' ? 'derived' : 'primary'),
  'cachegrind': instructionsPrimary,
  'callgrind': instructionsPrimary,
  'gungraun-json': instructionsPrimary,
  'gungraun-text': instructionsPrimary,
  // perf's instructions are primary unless the counter was multiplexed, which a record does not keep: read as primary.
  'perf-stat-csv': instructionsPrimary,
  'perf-stat-json': instructionsPrimary,
};

/** The role of `metric` of a record of `format` that stored none; absent: primary. */
export function legacyRole(
  format: string,
  metric: string,
  siblings: SiblingMetrics,
  kind: 'count' | undefined,
): Exclude<MetricRole, 'primary'> | undefined {
  const rule = Object.hasOwn(RULES, format) ? RULES[format]! : undefined;
  const role = rule?.(metric, siblings, kind) ?? 'primary';
  return role === 'primary' ? undefined : role;
}

/** Whether the rule of `format` looks at the experiment's other metrics (then the reader collects them first). */
export function needsSiblings(format: string): boolean {
  return format === 'go-bench';
}
