/**
 * The history record codec (src/engine/history/codec.ts) read field by field, and the event the action dates a run by.
 */
import { describe, expect, test } from '@jest/globals';
import { historyRunInfoFromEnv } from '../src/action/events.js';
import { InputError } from '../src/engine/errors.js';
import { parseHistoryRecord, renderHistoryRecord } from '../src/engine/history/codec.js';
import type { HistoryMeasurement, HistoryRecord } from '../src/engine/history/record.js';

const HEAD =
  '"format":"perfgate-history","version":2,"sha":"abcdef1","date":"2026-01-01T00:00:00.000Z","runId":"7","runUrl":"u"';
const MEASUREMENT = {
  experiment: 'x',
  format: 'iceperf',
  parameter: '64 B',
  payloadBytes: 64,
  metric: 'latency',
  dimension: 'time',
  unit: 'us',
  displayUnit: 'us',
  direction: 'lower-is-better',
  statistics: { median: 1.5 },
};

function recordWith(measurement: object): string {
  return `{${HEAD},"measurements":[${JSON.stringify(measurement)}]}`;
}

function errorOf(text: string): string {
  try {
    parseHistoryRecord(text, 'h.json');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as InputError).message;
  }
  throw new Error('the record was read');
}

describe('reading a record back', () => {
  test('a version 2 record reads, and is written again as version 3 with the same content', () => {
    const text = recordWith({
      ...MEASUREMENT,
      statistics: { min: 1, median: 1.5, p99: null },
      repetitions: 2,
      repetitionValues: { median: [1.25, 1.75] },
    });
    const record = parseHistoryRecord(text, 'h.json');
    const bytes = renderHistoryRecord(record);
    expect(bytes).toBe(
      [
        '{',
        '  "format": "perfgate-history",',
        '  "version": 3,',
        '  "sha": "abcdef1",',
        '  "date": "2026-01-01T00:00:00.000Z",',
        '  "runId": "7",',
        '  "runUrl": "u",',
        '  "shapes": [',
        '    {"format":"iceperf","metric":"latency","role":"primary","dimension":"time","unit":"us","displayUnit":"us","direction":"lower-is-better","statistics":["min","median","p99"],"repetitions":2,"repetitionValues":["median"]}',
        '  ],',
        '  "series": [',
        '    ["x",[0],[["64 B",64]]]',
        '  ],',
        '  "statistics": {',
        '    "min": [1],',
        '    "median": [1.5],',
        '    "p99": [null]',
        '  },',
        '  "repetitionValues": {',
        '    "median": [1.25,1.75]',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    expect(parseHistoryRecord(bytes, 'h.json')).toEqual(record);
    expect(renderHistoryRecord(parseHistoryRecord(bytes, 'h.json'))).toBe(bytes);
  });

  test('each malformed field is named', () => {
    expect(errorOf('[]')).toBe('not a perfgate history record: no "format": "perfgate-history"');
    expect(errorOf('{"format":"perfgate-history","version":2,"sha":1}')).toBe(
      'not a perfgate history record: "sha" is not a string',
    );
    expect(errorOf(`{${HEAD},"measurements":{}}`)).toBe('not a perfgate history record: "measurements" is not a list');
    expect(errorOf(`{${HEAD},"measurements":[3]}`)).toBe(
      'not a perfgate history record: measurement 1 is not an object',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, dimension: 'mass' }))).toBe(
      'not a perfgate history record: measurement 1: unknown dimension "mass"',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, direction: 'up' }))).toBe(
      'not a perfgate history record: measurement 1: unknown direction "up"',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, statistics: [] }))).toBe(
      'not a perfgate history record: measurement 1: "statistics" is not an object',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, statistics: { typical: 1 } }))).toBe(
      'not a perfgate history record: measurement 1: unknown statistic "typical"',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, statistics: { median: '1' } }))).toBe(
      'not a perfgate history record: measurement 1: "median" is not a number',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, payloadBytes: '64' }))).toBe(
      'not a perfgate history record: measurement 1: "payloadBytes" is not a number of bytes (a finite number ≥ 0)',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, repetitions: 1 }))).toBe(
      'not a perfgate history record: measurement 1: "repetitions" is not a count above 1',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, repetitionValues: { median: [1] } }))).toBe(
      'not a perfgate history record: measurement 1: "repetitionValues" without "repetitions"',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, repetitions: 2, repetitionValues: { median: [1] } }))).toBe(
      'not a perfgate history record: measurement 1: "repetitionValues"."median" is not a list of 2 values',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, repetitions: 2, repetitionValues: { median: [1, 'x'] } }))).toBe(
      'not a perfgate history record: measurement 1: "repetitionValues"."median"[1] is not a number',
    );
  });

  test('a dimension is one of the model’s own names, not a name every object has', () => {
    expect(errorOf(recordWith({ ...MEASUREMENT, dimension: 'toString' }))).toBe(
      'not a perfgate history record: measurement 1: unknown dimension "toString"',
    );
    expect(errorOf(recordWith({ ...MEASUREMENT, dimension: ['time'] }))).toBe(
      'not a perfgate history record: measurement 1: unknown dimension ["time"]',
    );
  });

  test('version 1: a malformed experiment or payload is named', () => {
    const v1 = (experiments: unknown) =>
      `{"format":"perfgate-history","version":1,"sha":"a","date":"d","runId":"1","runUrl":"u","experiments":${JSON.stringify(experiments)}}`;
    expect(errorOf(v1(null))).toBe('not a perfgate history record: "experiments" is not a list');
    expect(errorOf(v1(['alpha']))).toBe('not a perfgate history record: experiment 1 is malformed');
    expect(errorOf(v1([{ experiment: 'alpha', payloads: [{ bytes: '16' }] }]))).toBe(
      'not a perfgate history record: alpha payload 1: "bytes" is not a number of bytes (a finite number ≥ 0)',
    );
    expect(errorOf(v1([{ experiment: 'alpha', payloads: [{ bytes: 16, samples: 10, min: 'fast' }] }]))).toBe(
      'not a perfgate history record: alpha payload 1: "min" is not a number',
    );
  });
});

/** A version 3 record of these measurements (the identity fields as HEAD gives them). */
function v3Record(measurements: HistoryMeasurement[]): HistoryRecord {
  return {
    format: 'perfgate-history',
    version: 3,
    sha: 'abcdef1',
    date: '2026-01-01T00:00:00.000Z',
    runId: '7',
    runUrl: 'u',
    measurements,
  };
}

const M = MEASUREMENT as HistoryMeasurement;

/** Each of `text`'s lines that starts with `start`, replaced by `line`. */
function withLine(text: string, start: string, line: string): string {
  return text
    .split('\n')
    .map((l) => (l.startsWith(start) ? line : l))
    .join('\n');
}

describe('version 3: descriptions once, numbers in columns', () => {
  test('edge numbers, mixed shapes, payloads and orders read back as written, and written again to the same bytes', () => {
    const measurements: HistoryMeasurement[] = [
      // Two metrics of each parameter: one series run for all three parameters.
      { ...M, parameter: '1', payloadBytes: 1, statistics: { median: 5e-324, max: Number.MAX_VALUE } },
      { ...M, parameter: '1', payloadBytes: 1, metric: 'cpu', statistics: { median: 1e-300, max: 0.1 + 0.2 } },
      { ...M, parameter: '2', payloadBytes: null, statistics: { median: 1e21, max: 123456789012345680000 } },
      { ...M, parameter: '2', payloadBytes: null, metric: 'cpu', statistics: { median: null, max: 1e-7 } },
      { ...M, parameter: '3 "quoted" \\ \u2028', payloadBytes: 0, statistics: { median: 2 ** 53, max: 1.5 } },
      { ...M, parameter: '3 "quoted" \\ \u2028', payloadBytes: 0, metric: 'cpu', statistics: { median: 1, max: 1 } },
      // Another statistic set, repetitions, below resolution: each its own shape, in the order given.
      {
        ...M,
        experiment: 'y',
        statistics: { samples: 3 },
        repetitions: 3,
        repetitionValues: { samples: [1, null, 3] },
      },
      { ...M, experiment: 'y', parameter: 'z', statistics: { value: 0 }, belowResolution: true },
      { ...M, experiment: 'y', parameter: 'z', statistics: { value: 0 }, belowResolution: true },
      // An experiment's measurements in no product order, and a parameter met again later.
      { ...M, experiment: 'z', parameter: 'a', metric: 'cpu' },
      { ...M, experiment: 'z', parameter: 'b' },
      { ...M, experiment: 'z', parameter: 'b', metric: 'cpu' },
      { ...M, experiment: 'z', parameter: 'a' },
    ];
    const record = v3Record(measurements);
    const text = renderHistoryRecord(record);
    const back = parseHistoryRecord(text, 'h.json');
    expect(back).toEqual(record);
    expect(back.measurements[0]!.statistics.median).toBe(5e-324);
    expect(back.measurements[0]!.statistics.max).toBe(Number.MAX_VALUE);
    expect(back.measurements[1]!.statistics.max).toBe(0.30000000000000004);
    expect(renderHistoryRecord(back)).toBe(text);
    // What counted a measurement (Valgrind's tool and version) is part of its shape, and reads back.
    const counted = v3Record([
      { ...M, statistics: { value: 7 }, instrument: 'callgrind-3.19.0' },
      { ...M, parameter: 'b', statistics: { value: 8 }, instrument: 'callgrind-3.22.0' },
    ]);
    const countedText = renderHistoryRecord(counted);
    expect(parseHistoryRecord(countedText, 'h.json')).toEqual(counted);
    expect(countedText.match(/"instrument":"callgrind-3\.\d+\.0"/g)).toHaveLength(2);
    // Descriptions once: six shapes (latency and cpu with median and max, with median alone, two of y), for 13 measurements.
    expect(text.match(/"format":"iceperf"/g)).toHaveLength(6);
    expect(text).toContain('\n    ["x",[0,1],[["1",1],"2",["3 \\"quoted\\" \\\\ \u2028",0]]],\n');
    // Every value of a column the same: written once (the 'value' of two below-resolution rows), null too.
    expect(text).toContain('\n    "value": 0,\n');
    const nulls = renderHistoryRecord(
      v3Record([
        { ...M, statistics: { p99: null } },
        { ...M, parameter: 'p2', statistics: { p99: null } },
      ]),
    );
    expect(nulls).toContain('\n    "p99": null\n');
    expect(parseHistoryRecord(nulls, 'h.json').measurements.map((m) => m.statistics)).toEqual([
      { p99: null },
      { p99: null },
    ]);
    // Non-finite numbers, as in version 2, are null.
    const nan = parseHistoryRecord(
      renderHistoryRecord(v3Record([{ ...M, statistics: { median: NaN, max: Infinity } }])),
      'h.json',
    );
    expect(nan.measurements[0]!.statistics).toEqual({ median: null, max: null });
    // -0 is written 0, as JSON writes it (a time of 0 reads only below resolution: history-impossible.test.ts).
    const zero = parseHistoryRecord(
      renderHistoryRecord(v3Record([{ ...M, statistics: { median: -0 }, belowResolution: true }])),
      'h.json',
    );
    expect(Object.is(zero.measurements[0]!.statistics.median, 0)).toBe(true);
  });

  test('no measurements', () => {
    const text = renderHistoryRecord(v3Record([]));
    expect(text).toContain('  "shapes": [],\n  "series": [],\n  "statistics": {}\n}\n');
    expect(parseHistoryRecord(text, 'h.json').measurements).toEqual([]);
  });

  test('each malformed field is named', () => {
    const good = renderHistoryRecord(
      v3Record([
        { ...M, statistics: { min: 1, median: 2 } },
        { ...M, parameter: 'p2', payloadBytes: null, statistics: { min: 3, median: 4 } },
      ]),
    );
    expect(good).toContain('\n    ["x",[0],[["64 B",64],"p2"]]\n');
    const shape = (fields: string) => withLine(good, '    {"format"', `    {${fields}}`);
    const base =
      '"format":"iceperf","metric":"latency","dimension":"time","unit":"us","displayUnit":"us","direction":"lower-is-better"';
    expect(parseHistoryRecord(shape(`${base},"statistics":["min","median"]`), 'h.json')).toEqual(
      parseHistoryRecord(good, 'h.json'),
    );
    expect(errorOf(shape(`${base.replace('"time"', '"mass"')},"statistics":["min","median"]`))).toBe(
      'not a perfgate history record: shape 0: unknown dimension "mass"',
    );
    expect(errorOf(shape(`${base.replace('"lower-is-better"', '"up"')},"statistics":["min","median"]`))).toBe(
      'not a perfgate history record: shape 0: unknown direction "up"',
    );
    expect(errorOf(shape(`${base.replace('"us","displayUnit"', '1,"displayUnit"')},"statistics":[]`))).toBe(
      'not a perfgate history record: shape 0: "unit" is not a string',
    );
    expect(errorOf(shape(`${base},"statistics":["min","typical"]`))).toBe(
      'not a perfgate history record: shape 0: "statistics": unknown statistic "typical"',
    );
    expect(errorOf(shape(`${base},"statistics":["min","min"]`))).toBe(
      'not a perfgate history record: shape 0: "statistics": "min" appears twice',
    );
    expect(errorOf(shape(`${base},"role":"gated","statistics":["min","median"]`))).toBe(
      'not a perfgate history record: shape 0: "role" is "gated", not "primary", "derived" or "secondary"',
    );
    expect(errorOf(shape(`${base},"statistics":["min","median"],"repetitions":1`))).toBe(
      'not a perfgate history record: shape 0: "repetitions" is not a count above 1',
    );
    expect(errorOf(shape(`${base},"statistics":["min","median"],"repetitionValues":["min"]`))).toBe(
      'not a perfgate history record: shape 0: "repetitionValues" without "repetitions"',
    );
    expect(errorOf(shape(`${base},"statistics":["min","median"],"belowResolution":false`))).toBe(
      'not a perfgate history record: shape 0: "belowResolution" is not true',
    );
    expect(errorOf(shape(`${base},"statistics":["min","median"],"instrument":5`))).toBe(
      'not a perfgate history record: shape 0: "instrument" is not a string of at most 1000 characters',
    );
    expect(errorOf(shape(`${base},"statistics":["min"]`))).toBe(
      'not a perfgate history record: "statistics"."median": no shape names this statistic',
    );
    const series = (line: string) => withLine(good, '    ["x"', `    ${line}`);
    expect(errorOf(series('["x",[1],["a"]]'))).toBe(
      'not a perfgate history record: series 1: 1 is not one of the 1 shapes',
    );
    expect(errorOf(series('["x",[],["a"]]'))).toBe('not a perfgate history record: series 1: no list of shapes');
    expect(errorOf(series('[1,[0],["a"]]'))).toBe(
      'not a perfgate history record: series 1: the experiment is not a string',
    );
    expect(errorOf(series('["x",[0],[["a","64"]]]'))).toBe(
      'not a perfgate history record: series 1: parameter ["a","64"] is not a label or [label, payload bytes]',
    );
    expect(errorOf(series('["x",[0]]'))).toBe(
      'not a perfgate history record: series 1 is not [experiment, [shape, …], [parameter, …]]',
    );
    // Too few values, too many, a value that is not a number.
    expect(errorOf(series('["x",[0],["a","b","c"]]'))).toBe(
      'not a perfgate history record: "statistics"."min" holds 2 values; the series call for more',
    );
    expect(errorOf(series('["x",[0],["a"]]'))).toBe(
      'not a perfgate history record: "statistics"."min" holds 2 values; the series call for 1',
    );
    expect(errorOf(withLine(good, '    "min"', '    "min": [1,"3"],'))).toBe(
      'not a perfgate history record: "statistics"."min"[1] is not a number',
    );
    expect(errorOf(withLine(good, '    "min"', '    "min": "1",'))).toBe(
      'not a perfgate history record: "statistics"."min" is neither a list nor a number',
    );
    expect(errorOf(withLine(good, '    "min"', '    "typical": [1,3],'))).toBe(
      'not a perfgate history record: "statistics": unknown statistic "typical"',
    );
    expect(errorOf(JSON.stringify({ ...(JSON.parse(good) as object), series: {} }))).toBe(
      'not a perfgate history record: "series" is not a list',
    );
  });

  test('a run of 10,000 benchmarks (two metrics each) takes at most a tenth of its version 2 bytes', () => {
    // Shaped as bench/scale-suite.mjs writes a suite: families of 10 sizes, real and cpu time, values of 16-17 digits.
    let seed = 38;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const sizes = [8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096];
    const measurements: HistoryMeasurement[] = [];
    for (let b = 0; b < 10_000; b++) {
      const base = 0.001 + next();
      for (const metric of ['real time', 'cpu time']) {
        measurements.push({
          experiment: `BM_Family${Math.floor(b / 10)}`,
          format: 'google-benchmark',
          parameter: String(sizes[b % 10]),
          payloadBytes: null,
          metric,
          dimension: 'time',
          unit: 'us',
          displayUnit: 'ns',
          direction: 'lower-is-better',
          statistics: { samples: 1, mean: base * (1 + next() / 100) },
          // As Google Benchmark's reader marks a one-thread run; a version 2 record kept no role, and reading one
          // infers it.
          ...(metric === 'real time' ? { role: 'secondary' as const } : {}),
        });
      }
    }
    const record = v3Record(measurements);
    const text = renderHistoryRecord(record);
    // Version 2 wrote each measurement as an object of its own, one per line (as in the test above).
    const v2 = `{${HEAD},"measurements":[\n${measurements.map(({ role: _role, ...m }) => JSON.stringify(m)).join(',\n')}\n]}`;
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(Buffer.byteLength(v2) / 10);
    // The 5.5 MB version 2 record of `bench/scale-suite.mjs runs --benchmarks 10000 --repetitions 1` took
    // 5,529,116 bytes; a tenth of it is the bound, and GitHub's GraphQL gives a blob's text up to 512,000 bytes.
    expect(Buffer.byteLength(text)).toBeLessThan(512_000);
    expect(parseHistoryRecord(v2, 'v2.json').measurements).toEqual(measurements);
    expect(parseHistoryRecord(text, 'h.json')).toEqual(record);
  });
});

describe('the run identity from the event', () => {
  const env = { GITHUB_REPOSITORY: 'octo/bench', GITHUB_RUN_ID: '9', GITHUB_SHA: 'abcdef1' };

  test('a workflow_run event gives the date of the commit the run measured', () => {
    expect(
      historyRunInfoFromEnv(env, { workflow_run: { head_commit: { timestamp: '2026-03-04T05:06:07Z' } } }),
    ).toEqual({
      sha: 'abcdef1',
      date: '2026-03-04T05:06:07Z',
      runId: '9',
      runUrl: 'https://github.com/octo/bench/actions/runs/9',
    });
  });

  test('a payload that is not an object, or fields of the wrong type, give no date and the environment’s commit', () => {
    expect(historyRunInfoFromEnv(env, 'push')).toEqual({
      sha: 'abcdef1',
      runId: '9',
      runUrl: 'https://github.com/octo/bench/actions/runs/9',
    });
    expect(historyRunInfoFromEnv(env, { after: 42, head_commit: 'x', repository: { pushed_at: '' } })).toEqual({
      sha: 'abcdef1',
      runId: '9',
      runUrl: 'https://github.com/octo/bench/actions/runs/9',
    });
  });
});
