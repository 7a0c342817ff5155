/**
 * The numbers a reviewer reads on a row (issue 36 item 5): the change to 3 significant digits with its 90 % interval,
 * its p-value and the level it is gated at, and the decision band once per family, on the geomean row.
 */
import { describe, expect, test } from '@jest/globals';
import { changeDigits, changePercent, changeWithInterval, worseningSize } from '../src/engine/report/change.js';
import {
  bandCell,
  changeTable,
  pooledFamilies,
  probability,
} from '../src/engine/report/comparison/comparisonMarkdown.js';
import { compareExperimentPaired, type ComparisonRow } from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { renderComparisonMarkdown } from '../src/engine/report/comparison/comparisonMarkdown.js';

describe('3 significant digits for a change', () => {
  test.each([
    [36.844, '+36.8'],
    [1.2345, '+1.23'],
    [0.2214, '+0.221'],
    [127.4, '+127'],
    [-8.067, '-8.07'],
    [9.996, '+10.0'],
    [99.96, '+100'],
    [1234.5, '+1235'],
    [0, '0'],
    [0.0004, '0'],
    [20000, '> +10000'],
    [-20000, '< -10000'],
  ])('%p reads %p', (x, shown) => expect(changeDigits(x)).toBe(shown));

  test('with the unit, the interval, and as an unsigned size', () => {
    expect(changePercent(NaN)).toBe('—');
    expect(changeWithInterval(0.22, { lower: -0.29, upper: 1.09 }, 'lower-is-better')).toBe('+22.0 % (-29.0 … +109 %)');
    // A throughput 20 % down is worse by +0.2; its interval turns with it.
    expect(changeWithInterval(0.2, { lower: 0.1, upper: 0.3 }, 'higher-is-better')).toBe('-20.0 % (-30.0 … -10.0 %)');
    expect(changeWithInterval(0.05, undefined, 'lower-is-better')).toBe('+5.00 %');
    expect(worseningSize(11.759)).toBe('11.8 %');
  });
});

test('a probability: 2 significant digits, exponent form below 0.001', () => {
  expect(probability(0.21)).toBe('0.21');
  expect(probability(1 - 0.99625)).toBe('0.0038');
  expect(probability(3.125e-4)).toBe('3.1e-4');
  expect(probability(0)).toBe('< 1e-300'); // underflowed, never a p of 0
  expect(probability(NaN)).toBe('');
});

/** A history row of the `latency` median family of `udp`. */
function row(parameter: string, fields: Partial<ComparisonRow>): ComparisonRow {
  return {
    experimentType: 'udp',
    parameter,
    payloadBytes: NaN,
    metric: 'latency',
    statistic: 'median',
    magnitude: 'Median',
    unit: 'ns',
    direction: 'lower-is-better',
    reference: 100,
    result: 125,
    deltaPercent: 25,
    threshold: 0.1,
    status: 'warn',
    failed: false,
    gated: true,
    ...fields,
  };
}

describe('the decision band once per family', () => {
  const noisy = row('size=64', {
    evidence: { kind: 'band', historyRuns: 8, band: { lower: -0.89, upper: 8.07 } },
    changeInterval: { lower: -0.29, upper: 1.09 },
    pValue: 0.21,
    confidence: 1 - 1.25e-4,
  });
  const quiet = row('size=1024', {
    evidence: { kind: 'band', historyRuns: 8, band: { lower: -0.05, upper: 0.06 } },
    changeInterval: { lower: 0.2, upper: 0.3 },
    pValue: 1e-6,
    confidence: 1 - 1.25e-4,
    status: 'fail',
    failed: true,
  });
  const geomean = row('geomean', {
    pooled: true,
    evidence: { kind: 'band', historyRuns: 8, band: { lower: -0.046, upper: 0.048 } },
    changeInterval: { lower: 0.1, upper: 0.4 },
    pValue: 0.002,
    confidence: 0.99625,
  });
  const alone = row('', {
    experimentType: 'tcp',
    evidence: { kind: 'band', historyRuns: 8, band: { lower: -0.04, upper: 0.05 } },
    pValue: 0.5,
    confidence: 0.995,
  });
  const all = [noisy, quiet, geomean, alone];
  const pooled = pooledFamilies(all);

  test('on the geomean row and on a row that is its family alone; a parameter row too noisy alone says so', () => {
    expect(bandCell(geomean, pooled)).toBe('-4.60 … +4.80 %');
    expect(bandCell(alone, pooled)).toBe('-4.00 … +5.00 %');
    expect(bandCell(noisy, pooled)).toBe('judged through the geomean');
    expect(bandCell(quiet, pooled)).toBe('');
  });

  test("the reviewer's table: change with its 90 % interval, p, α, the band once", () => {
    const table = changeTable(all, all);
    expect(table.header).toEqual([
      '| Benchmark | Statistic | Before → after | Δ (90 % interval) | p | α | Noise band | Verdict |',
      '| :-- | :-- | --: | --: | --: | --: | --: | :-- |',
    ]);
    expect(table.rows[0]).toBe(
      '| udp size=64 | latency median | 100.0 → 125.0 ns | +25.0 % (-29.0 … +109 %) | 0.21 | 1.3e-4 | judged through the geomean | ⚠️ warn |',
    );
    expect(table.rows[1]).toBe(
      '| udp size=1024 | latency median | 100.0 → 125.0 ns | +25.0 % (+20.0 … +30.0 %) | 1.0e-6 | 1.3e-4 |  | ❌ fail |',
    );
    expect(table.rows[2]).toContain('| +25.0 % (+10.0 … +40.0 %) | 0.002 | 0.0038 | -4.60 … +4.80 % |');
  });

  test('without a noise estimate: just the change, against the threshold', () => {
    const plain = row('size=64', { status: 'fail', failed: true });
    expect(changeTable([plain], [plain]).rows[0]).toBe(
      '| udp size=64 | latency median | 100.0 → 125.0 ns | +25.0 % | 10 % | ❌ fail |',
    );
  });
});

test("A/B pairs in comparison.md: the change's 90 % interval, p and α say the decision; no second interval column", () => {
  const side = (v: number) => ({
    measurements: [
      {
        experiment: 'udp',
        parameter: { label: '' },
        metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
        statistics: { median: v },
        place: { file: 'x.csv' },
      } as Measurement,
    ],
  });
  const ratios = [1.2, 1.25, 1.18, 1.3, 1.22];
  const c = compareExperimentPaired(
    'udp',
    ratios.map((q, i) => ({ reference: side(10 + i), result: side((10 + i) * q) })),
    parseThresholds('0.1'),
  );
  const markdown = renderComparisonMarkdown(buildComparisonReport([c], 'base', 'head'));
  const header = markdown.split('\n').find((l) => l.startsWith('| Experiment'))!;
  expect(header).toBe(
    '| Experiment | Parameter | Metric | Reference | Result | Δ (90 % interval) | Threshold | p | α | Catches ≥ | Status |',
  );
  expect(markdown).toMatch(
    /\n\| udp \| {2}\| latency median \| [^|]+ \| [^|]+ \| \+22\.\d % \(\+1\d\.\d … \+2\d\.\d %\) \| 10 % \| [\d.e-]+ \| 0\.01 \| /,
  );
});
