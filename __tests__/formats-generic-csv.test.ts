import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError, UsageError } from '../src/engine/errors.js';
import type { GenericCsvMapping } from '../src/engine/formats/adapter.js';
import { genericCsvAdapter } from '../src/engine/formats/genericCsv.js';
import type { ResultSet } from '../src/engine/model/measurement.js';
import { repoRoot } from './helpers/shared.js';

const file = join(repoRoot, 'fixtures', 'formats', 'generic-csv', 'latency.csv');

const MAPPING: GenericCsvMapping = {
  experiment: 'transport',
  parameter: 'payload_bytes',
  metrics: [
    { column: 'p50_ms', metric: 'latency', statistic: 'median', unit: 'ms' },
    { column: 'p99_ms', metric: 'latency', statistic: 'p99', unit: 'ms' },
    { column: 'msgs_per_s', metric: 'message rate', unit: 'msg/s' },
  ],
};

function parse(text: string, mapping: GenericCsvMapping = MAPPING, name = 'g.csv'): ResultSet {
  return genericCsvAdapter.parse({ file: name, text }, { mapping });
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

describe('generic CSV adapter', () => {
  it('is never recognised by content', () => {
    expect(genericCsvAdapter.recognises(readFileSync(file, 'utf8'), file)).toBe(false);
    expect(genericCsvAdapter.recognises('a,b\n1,2\n', 'x.csv')).toBe(false);
  });

  it('reads the fixture through the mapping: columns of one metric merge, units go to the base', () => {
    const set = genericCsvAdapter.parse({ file, text: readFileSync(file, 'utf8') }, { mapping: MAPPING });
    expect(set.format).toBe('generic-csv');
    const summary = set.measurements.map((m) => [
      m.experiment,
      m.parameter.label,
      m.metric.name,
      m.statistics,
      m.place.line,
    ]);
    // udp,64,0.120,0.480,81000 / udp,1024,0.150,0.610,76000 / shm,64,0.011,0.040,(empty)
    expect(summary).toEqual([
      ['udp', '64', 'latency', { median: expect.closeTo(120, 9), p99: expect.closeTo(480, 9) }, 2],
      ['udp', '64', 'message rate', { value: 81000 }, 2],
      ['udp', '1024', 'latency', { median: expect.closeTo(150, 9), p99: expect.closeTo(610, 9) }, 3],
      ['udp', '1024', 'message rate', { value: 76000 }, 3],
      ['shm', '64', 'latency', { median: expect.closeTo(11, 9), p99: expect.closeTo(40, 9) }, 4],
    ]);
    const latency = set.measurements[0]!;
    expect(latency.parameter).toEqual({ label: '64', payloadBytes: 64 });
    expect(latency.metric).toEqual({
      name: 'latency',
      dimension: 'time',
      unit: 'us',
      displayUnit: 'ms',
      direction: 'lower-is-better',
    });
    expect(set.measurements[1]!.metric).toEqual({
      name: 'message rate',
      dimension: 'rate',
      unit: 'Hz',
      displayUnit: 'msg/s',
      direction: 'higher-is-better',
    });
    expect(latency.place).toEqual({ file, line: 2 });
    expect(set.notes).toEqual([]);
  });

  it('without experiment and parameter columns: the file name and an empty label; declared directions win', () => {
    const set = parse(
      'score,cost\n7,1.5\n',
      { metrics: [{ column: 'score', direction: 'higher-is-better' }, { column: 'cost' }] },
      'dir/run-1.csv',
    );
    expect(
      set.measurements.map((m) => [m.experiment, m.parameter.label, m.metric.name, m.metric.direction, m.statistics]),
    ).toEqual([
      ['run-1', '', 'score', 'higher-is-better', { value: 7 }],
      ['run-1', '', 'cost', 'lower-is-better', { value: 1.5 }],
    ]);
    expect(set.notes.join('\n')).toMatch(/the experiment is the file name "run-1"/);
    expect(set.notes.join('\n')).toMatch(
      /no direction declared or implied by a unit for "cost": taken as lower-is-better/,
    );
  });

  it('scales variance by the square of the unit and keeps sample counts as they are', () => {
    const set = parse('n,var_ms\n10,2\n', {
      metrics: [
        { column: 'n', metric: 'latency', statistic: 'samples', unit: 'ms' },
        { column: 'var_ms', metric: 'latency', statistic: 'variance', unit: 'ms' },
      ],
    });
    expect(set.measurements[0]!.statistics).toEqual({ samples: 10, variance: 2e6 });
  });

  it('accepts statistic aliases (p50, stddev, p99.9)', () => {
    const set = parse('a,b,c\n1,2,3\n', {
      metrics: [
        { column: 'a', metric: 'm', statistic: 'p50' },
        { column: 'b', metric: 'm', statistic: 'stddev' },
        { column: 'c', metric: 'm', statistic: 'p99.9' },
      ],
    });
    expect(set.measurements[0]!.statistics).toEqual({ median: 1, stdev: 2, p999: 3 });
  });

  it('a missing mapped column: InputError at line 1 with did-you-mean', () => {
    const error = thrown(() => parse('transport,payload_bytes,p50_ms,p99ms,msgs_per_s\nudp,64,1,2,3\n'));
    expect(error).toBeInstanceOf(InputError);
    const e = error as InputError;
    expect(e.place).toEqual({ file: 'g.csv', line: 1, column: 32 });
    expect(e.message).toBe(
      'column 4 is "p99ms" but "p99_ms" was expected (header: "transport,payload_bytes,p50_ms,p99_ms,msgs_per_s")',
    );
    const none = thrown(() => parse('transport,payload_bytes,p50_ms,p99_ms\nudp,64,1,2\n')) as InputError;
    expect(none).toBeInstanceOf(InputError);
    expect(none.place).toEqual({ file: 'g.csv', line: 1, column: 1 });
    expect(none.message).toMatch(/missing column "msgs_per_s"/);
    const semicolons = thrown(() => parse('transport;payload_bytes;p50_ms;p99_ms;msgs_per_s\n')) as InputError;
    expect(semicolons.message).toMatch(/uses ";" as delimiter/);
  });

  it('non-numeric cells: InputError with line and column; empty and nan cells are left out', () => {
    const text = 'transport,payload_bytes,p50_ms,p99_ms,msgs_per_s\nudp,64,0.1,0.2,100\nudp,128,0.1,fast,100\n';
    const error = thrown(() => parse(text)) as InputError;
    expect(error).toBeInstanceOf(InputError);
    expect(error.place).toEqual({ file: 'g.csv', line: 3, column: 13 });
    expect(error.message).toBe('expected a number in column "p99_ms", found "fast"');
    const quoted = 'transport,payload_bytes,p50_ms,p99_ms,msgs_per_s\n"u,dp",64,"1 2",0.2,100\n';
    expect((thrown(() => parse(quoted)) as InputError).place).toEqual({ file: 'g.csv', line: 2, column: 11 });
    const gaps = parse('transport,payload_bytes,p50_ms,p99_ms,msgs_per_s\nudp,64,nan,,100\n');
    expect(gaps.measurements.map((m) => m.metric.name)).toEqual(['message rate']);
  });

  it('broken rows, duplicates, empty experiment cells and empty files: InputError with the place', () => {
    const header = 'transport,payload_bytes,p50_ms,p99_ms,msgs_per_s\n';
    expect((thrown(() => parse(header + 'udp,64,1\n')) as InputError).place).toEqual({
      file: 'g.csv',
      line: 2,
      column: 1,
    });
    const dup = thrown(() => parse(header + 'udp,64,1,2,3\nudp,64,1,2,3\n')) as InputError;
    expect(dup.message).toBe('"udp / 64" has a second latency median (first on line 2)');
    expect(dup.place).toEqual({ file: 'g.csv', line: 3, column: 8 });
    // A statistic first given on a later row than its measurement's first: that row is named.
    const later = thrown(() => parse(header + 'udp,64,1,,\nudp,64,,2,\nudp,64,,3,\n')) as InputError;
    expect(later.message).toBe('"udp / 64" has a second latency p99 (first on line 3)');
    expect(later.place).toEqual({ file: 'g.csv', line: 4, column: 9 });
    expect((thrown(() => parse(header + ',64,1,2,3\n')) as InputError).place).toEqual({
      file: 'g.csv',
      line: 2,
      column: 1,
    });
    expect((thrown(() => parse(header)) as InputError).message).toMatch(/header but no rows/);
    expect((thrown(() => parse('')) as InputError).place).toEqual({ file: 'g.csv', line: 1 });
    const unclosed = thrown(() => parse(header + 'udp,64,"1,2,3\n')) as InputError;
    expect(unclosed).toBeInstanceOf(InputError);
    expect(unclosed.place).toEqual({ file: 'g.csv', line: 2, column: 8 });
  });

  it('a bad mapping is a UsageError', () => {
    expect(thrown(() => genericCsvAdapter.parse({ file: 'g.csv', text: 'a\n1\n' }, {}))).toBeInstanceOf(UsageError);
    expect(thrown(() => parse('a\n1\n', { metrics: [] }))).toBeInstanceOf(UsageError);
    expect((thrown(() => parse('a\n1\n', { metrics: [{ column: 'a', statistic: 'p42' }] })) as Error).message).toMatch(
      /unknown statistic "p42"/,
    );
    const clash = thrown(() =>
      parse('a,b\n1,2\n', {
        metrics: [
          { column: 'a', metric: 'm', unit: 'ms' },
          { column: 'b', metric: 'm', unit: 'MB/s' },
        ],
      }),
    );
    expect(clash).toBeInstanceOf(UsageError);
    expect(thrown(() => parse('a\n1\n', { experiment: 'a', metrics: [{ column: 'a' }] }))).toBeInstanceOf(UsageError);
  });
});
