/**
 * The history record codec (src/engine/history/codec.ts) read field by field, and the event the action dates a run by.
 */
import { describe, expect, test } from '@jest/globals';
import { historyRunInfoFromEnv } from '../src/action/events.js';
import { InputError } from '../src/engine/errors.js';
import { parseHistoryRecord, renderHistoryRecord } from '../src/engine/history/codec.js';

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
  test('a record read and written again keeps its bytes', () => {
    const text = recordWith({
      ...MEASUREMENT,
      statistics: { min: 1, median: 1.5, p99: null },
      repetitions: 2,
      repetitionValues: { median: [1.25, 1.75] },
    });
    const bytes = renderHistoryRecord(parseHistoryRecord(text, 'h.json'));
    expect(bytes).toBe(
      [
        '{',
        '  "format": "perfgate-history",',
        '  "version": 2,',
        '  "sha": "abcdef1",',
        '  "date": "2026-01-01T00:00:00.000Z",',
        '  "runId": "7",',
        '  "runUrl": "u",',
        '  "measurements": [',
        '    {"experiment": "x", "format": "iceperf", "parameter": "64 B", "payloadBytes": 64, "metric": "latency", "dimension": "time", "unit": "us", "displayUnit": "us", ' +
          '"direction": "lower-is-better", "statistics": {"min": 1, "median": 1.5, "p99": null}, "repetitions": 2, "repetitionValues": {"median": [1.25, 1.75]}}',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
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
      'not a perfgate history record: measurement 1: "payloadBytes" is not a number',
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
      'not a perfgate history record: alpha payload 1: "bytes" is not a number',
    );
    expect(errorOf(v1([{ experiment: 'alpha', payloads: [{ bytes: 16, samples: 10, min: 'fast' }] }]))).toBe(
      'not a perfgate history record: alpha payload 1: "min" is not a number',
    );
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
