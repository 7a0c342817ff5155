/**
 * The 90 % interval of a row's change that the reviewer's table shows beside the change: computed where the
 * method judges the row (history, A/B pairs), checked here against the t interval written out by hand.
 */
import { describe, expect, test } from '@jest/globals';
import { compareExperimentPaired, compareExperimentWithHistory } from '../src/engine/compare/compare.js';
import { changeIntervalOf } from '../src/engine/compare/rows.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Direction, Measurement } from '../src/engine/model/measurement.js';

/** Student t with 4 degrees of freedom: t(0.95) = 2.131847 (any table). */
const T4_95 = 2.131847;

function measurement(value: number, direction: Direction = 'lower-is-better'): Measurement {
  return {
    experiment: 'udp',
    parameter: { label: '', payloadBytes: NaN },
    metric: {
      name: direction === 'higher-is-better' ? 'throughput' : 'latency',
      dimension: direction === 'higher-is-better' ? 'rate' : 'time',
      unit: direction === 'higher-is-better' ? 'Hz' : 'us',
      displayUnit: direction === 'higher-is-better' ? 'Hz' : 'us',
      direction,
    },
    statistics: { median: value },
    place: { file: 'x.csv' },
  } as Measurement;
}

const side = (value: number, direction?: Direction) => ({ measurements: [measurement(value, direction)] });
const meanAndSd = (xs: number[]) => {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return { mean, sd: Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1)) };
};

describe("a row's 90 % interval of its change", () => {
  const history = [10, 11, 9.5, 10.5, 10.2];
  const { mean, sd } = meanAndSd(history.map(Math.log));
  // One candidate run against five history runs: se = sd · √(1 + 1/5), df = 4.
  const halfWidth = T4_95 * sd * Math.sqrt(1 + 1 / 5);

  test('history: the log change ± t(0.95; n − 1) · se, as the change of the value', () => {
    const c = compareExperimentWithHistory(
      'udp',
      history.map((v) => side(v)),
      side(13),
      parseThresholds('0.1'),
    );
    const row = c.rows.find((r) => r.statistic === 'median')!;
    const logChange = Math.log(13) - mean;
    expect(row.changeInterval!.lower).toBeCloseTo(Math.exp(logChange - halfWidth) - 1, 5);
    expect(row.changeInterval!.upper).toBeCloseTo(Math.exp(logChange + halfWidth) - 1, 5);
    // It holds the change itself.
    expect(row.changeInterval!.lower * 100).toBeLessThan(row.deltaPercent);
    expect(row.changeInterval!.upper * 100).toBeGreaterThan(row.deltaPercent);
  });

  test('history, a throughput: the interval is worse positive like the change (a drop is worse)', () => {
    const c = compareExperimentWithHistory(
      'udp',
      history.map((v) => side(v, 'higher-is-better')),
      side(8, 'higher-is-better'),
      parseThresholds('0.1'),
    );
    const row = c.rows.find((r) => r.statistic === 'median')!;
    const logChange = Math.log(8) - mean;
    expect(row.changeInterval!.lower).toBeCloseTo(1 - Math.exp(logChange + halfWidth), 5);
    expect(row.changeInterval!.upper).toBeCloseTo(1 - Math.exp(logChange - halfWidth), 5);
    expect(row.deltaPercent).toBeGreaterThan(0);
  });

  test('A/B pairs: the mean log ratio ± t(0.95; pairs − 1) · sd / √pairs', () => {
    const ratios = [1.2, 1.25, 1.18, 1.3, 1.22];
    const c = compareExperimentPaired(
      'udp',
      ratios.map((q, i) => ({ reference: side(10 + i), result: side((10 + i) * q) })),
      parseThresholds('0.1'),
    );
    const row = c.rows.find((r) => r.statistic === 'median')!;
    const logs = meanAndSd(ratios.map(Math.log));
    const h = (T4_95 * logs.sd) / Math.sqrt(ratios.length);
    expect(row.changeInterval!.lower).toBeCloseTo(Math.exp(logs.mean - h) - 1, 5);
    expect(row.changeInterval!.upper).toBeCloseTo(Math.exp(logs.mean + h) - 1, 5);
  });

  test('no noise estimate, no interval: a threshold comparison has none, nor does a non-finite input', () => {
    expect(changeIntervalOf(NaN, 0.1, 'lower-is-better')).toBeUndefined();
    expect(changeIntervalOf(0.1, Infinity, 'lower-is-better')).toBeUndefined();
    expect(changeIntervalOf(Math.log(1.5), 0, 'higher-is-better')).toEqual({ lower: -0.5, upper: -0.5 });
  });
});
