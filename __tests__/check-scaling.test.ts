import { checkMeasurements } from '../src/engine/check/metricCheck.js';
import type { Measurement, ResultSet } from '../src/engine/model/measurement.js';
import type { MetricRequirement } from '../src/engine/model/metricRequirement.js';

// `check` looks each experiment's requirement rows up by name: the work grows with experiments +
// rows, not with their product (issue 26: 10 000 files took 1.9 s, 100 000 took 94 s).
// Bounded by counting how often a requirement's experiment is read, never by timing.

const throughput = {
  name: 'throughput',
  dimension: 'rate',
  unit: 'Hz',
  displayUnit: 'req/s',
  direction: 'higher-is-better',
} as const;

function resultSet(i: number, value: number): ResultSet {
  const file = `r${i}.csv`;
  const measurement: Measurement = {
    experiment: `T${i}`,
    parameter: { label: '' },
    metric: { ...throughput },
    statistics: { value },
    place: { file, line: 2 },
  };
  return { format: 'redis-benchmark', file, notes: [], measurements: [measurement] };
}

/** Requirement rows that count every read of their `experiment`. */
function countingRequirements(n: number): { requirements: MetricRequirement[]; reads: () => number } {
  let reads = 0;
  const requirements = Array.from({ length: n }, (_, i) => {
    const row: MetricRequirement = {
      experiment: `T${i}`,
      parameter: '*',
      metric: 'throughput',
      limit: 500,
      dimension: 'rate',
      unit: 'req/s',
      label: 'throughput',
      file: 'req.csv',
      line: i + 2,
    };
    return new Proxy(row, {
      get(target, key, receiver) {
        if (key === 'experiment') reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  });
  return { requirements, reads: () => reads };
}

describe('check scales with experiments + requirement rows', () => {
  test('2 000 experiments against 2 000 rows read each row’s experiment a fixed number of times', () => {
    const n = 2_000;
    // Every 10th experiment is under its limit of 500 req/s.
    const sets = Array.from({ length: n }, (_, i) => resultSet(i, i % 10 === 0 ? 400 : 1000));
    const { requirements, reads } = countingRequirements(n);
    const checks = checkMeasurements(sets, requirements);
    expect(checks).toHaveLength(n);
    expect(checks.filter((c) => c.status === 'failed')).toHaveLength(200);
    expect(checks.filter((c) => c.status === 'passed')).toHaveLength(1_800);
    expect(checks[10]).toMatchObject({
      experimentType: 'T10',
      status: 'failed',
      rows: [{ check: 'throughput', experiment: 400, requirement: 500 }],
    });
    // Comparing every experiment with every row read `experiment` n × n = 4 000 000 times.
    expect(reads()).toBeLessThanOrEqual(3 * n);
  });

  test('rows for experiments not in the results still come last, in requirement order, with the closest name', () => {
    const sets = [resultSet(1, 1000), resultSet(2, 1000)];
    const { requirements } = countingRequirements(4);
    // T0 and T3 are required but absent; T3 comes after T1 and T2 in the file but is reported after T0.
    const checks = checkMeasurements(sets, [requirements[3]!, requirements[1]!, requirements[0]!, requirements[2]!]);
    expect(checks.map((c) => [c.experimentType, c.status, c.absent ?? false])).toEqual([
      ['T1', 'passed', false],
      ['T2', 'passed', false],
      ['T3', 'failed', true],
      ['T0', 'failed', true],
    ]);
  });
});
