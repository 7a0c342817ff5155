import { parseThresholds, thresholdOf } from '../src/engine/compare/thresholds.js';
import { compareExperiment } from '../src/engine/compare/thresholdMethod.js';
import { incomparableWarnings } from '../src/engine/compare/instruments.js';
import { eventMetric } from '../src/engine/formats/valgrind/common.js';
import type { Measurement } from '../src/engine/model/measurement.js';

// Exact counts (Valgrind's Ir): gated at their own threshold, 1 % by default, and never across instruments.

function count(experiment: string, event: string, value: number, instrument = 'callgrind-3.19.0'): Measurement {
  return {
    experiment,
    parameter: { label: '' },
    metric: eventMetric(event, instrument),
    statistics: { value },
    place: { file: 'callgrind.out.x' },
  };
}

const side = (...measurements: Measurement[]) => ({ measurements });

describe('the count threshold', () => {
  test('1 % by default; count= sets it; a single number leaves it', () => {
    expect(parseThresholds(undefined).count).toBeUndefined();
    expect(thresholdOf(parseThresholds(undefined), 'value', { kind: 'count' })).toBe(0.01);
    expect(thresholdOf(parseThresholds('0.05'), 'value', { kind: 'count' })).toBe(0.01);
    expect(thresholdOf(parseThresholds('0.05'), 'value', {})).toBe(0.05);
    const set = parseThresholds('median=0.05,count=0.02');
    expect(thresholdOf(set, 'value', { kind: 'count' })).toBe(0.02);
    expect(thresholdOf(set, 'median', {})).toBe(0.05);
    expect(() => parseThresholds('count=-1')).toThrow(/"-1" is not a threshold/);
  });

  test('Ir +2.08 % fails at 1 %; a cache figure 3 counts up is reported, not gated', () => {
    const reference = side(count('checksum', 'Ir', 15976101), count('checksum', 'I1mr', 534));
    const result = side(count('checksum', 'Ir', 16308514), count('checksum', 'I1mr', 537));
    const compared = compareExperiment('checksum', reference, result, parseThresholds(undefined));
    expect(compared.status).toBe('failed');
    expect(compared.rows.map((r) => [r.metric, r.threshold, r.status, r.gated])).toEqual([
      ['Ir', 0.01, 'fail', true],
      ['I1mr', 0.1, 'pass', false],
    ]);
  });

  test('the result marks the count where the reference (a history record) does not', () => {
    const { kind: _kind, instrument: _instrument, ...plain } = eventMetric('Ir', 'cachegrind');
    const recorded: Measurement = { ...count('checksum', 'Ir', 100), metric: plain };
    const compared = compareExperiment(
      'checksum',
      side(recorded),
      side(count('checksum', 'Ir', 101.5)),
      parseThresholds(undefined),
    );
    expect(compared.rows.map((r) => [r.threshold, r.status, r.instruments])).toEqual([[0.01, 'fail', undefined]]);
  });
});

describe('counts of different instruments are not comparable', () => {
  test('another tool version: reported with both named, never gated, even with --gate all', () => {
    const reference = side(count('checksum', 'Ir', 100, 'callgrind-3.19.0'));
    const result = side(count('checksum', 'Ir', 130, 'callgrind-3.22.0'));
    const all = { primary: true, statistics: new Set<never>(), all: true, everyMetric: true };
    const compared = compareExperiment('checksum', reference, result, parseThresholds(undefined), { gate: all });
    expect(compared.status).toBe('passed');
    expect(compared.rows.map((r) => [r.status, r.gated, r.instruments])).toEqual([
      ['warn', false, { reference: 'callgrind-3.19.0', result: 'callgrind-3.22.0' }],
    ]);
    expect(incomparableWarnings(compared.rows)).toEqual([
      'Not comparable: Ir of checksum was counted by "callgrind-3.19.0" in the reference and by "callgrind-3.22.0" ' +
        'in the results; a change of tool version or cache configuration changes the counts, so these rows are reported, not gated.',
    ]);
  });
});
