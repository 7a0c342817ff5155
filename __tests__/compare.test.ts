import { thresholdStatus } from '../src/engine/compare/thresholdMethod.js';
import { bandOf } from '../src/engine/compare/rows.js';
import { compareSummaries, compareWithHistory } from './helpers/fastddsCompare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { parseSummaryCsv } from '../src/engine/formats/fastdds/summary.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { renderComparisonMarkdown } from '../src/engine/report/comparison/comparisonMarkdown.js';
import { labelOfPath } from '../src/pipeline/patterns.js';
import { UsageError } from '../src/engine/errors.js';

const summary = (rows: string) =>
  parseSummaryCsv(
    'measurements_lat_summary.csv',
    'Bytes,Samples,Max,Min,Mean,Median,Stdev,Mean jitter,Max jitter,90%,99%,99.99%\n' + rows,
    'precise',
  );

describe('the comparison rule', () => {
  test('fails only when result > reference × (1 + threshold): the threshold is honoured, unlike upstream', () => {
    expect(thresholdStatus(10, 10.9, 0.1)).toBe('pass'); // upstream: failed (any increase fails there)
    expect(thresholdStatus(10, 11, 0.1)).toBe('pass'); // equal to the bound passes
    expect(thresholdStatus(10, 11.01, 0.1)).toBe('fail');
    expect(thresholdStatus(10, 8.9, 0.1)).toBe('improved');
    expect(thresholdStatus(10, NaN, 0.1)).toBe('missing');
    expect(thresholdStatus(NaN, 3, 0.1)).toBe('new');
  });

  test('thresholds: one for all, or per magnitude with the others at 0.1', () => {
    expect(parseThresholds('0.2')).toEqual({ Min: 0.2, Median: 0.2, Max: 0.2, '99%': 0.2 });
    expect(parseThresholds('median=0.05,max=0.5')).toEqual({ Min: 0.1, Median: 0.05, Max: 0.5, '99%': 0.1 });
    expect(parseThresholds('p99=0.3')['99%']).toBe(0.3);
    expect(parseThresholds(undefined)).toEqual({ Min: 0.1, Median: 0.1, Max: 0.1, '99%': 0.1 });
    expect(() => parseThresholds('-1')).toThrow(UsageError);
    expect(() => parseThresholds('mean=0.1')).toThrow(/magnitude one of min, median, max, 99%/);
    expect(() => parseThresholds('median=abc')).toThrow(/"abc" is not a threshold/);
  });

  test('payloads only in the results are new; payloads only in the reference are missing and fail', () => {
    const reference = summary('16,10,9,1,2,4,1,1,1,1,6,1\n32,10,9,1,2,4,1,1,1,1,6,1\n');
    const result = summary('16,10,9,1,2,4,1,1,1,1,6,1\n64,10,9,1,2,4,1,1,1,1,6,1\n');
    const comparison = compareSummaries('lat', reference, result, parseThresholds('0.1'));
    expect(comparison.status).toBe('failed');
    expect(comparison.rows.map((r) => `${r.payloadBytes}:${r.status}`)).toEqual([
      '16:pass',
      '16:pass',
      '16:pass',
      '16:pass',
      '32:missing',
      '32:missing',
      '32:missing',
      '32:missing',
      '64:new',
      '64:new',
      '64:new',
      '64:new',
    ]);
  });

  test('the Markdown lists failing rows first, then the worst Δ first, and says the noise was not estimated', () => {
    const reference = summary('16,10,10,1,2,4,1,1,1,1,6,1\n32,10,10,1,2,4,1,1,1,1,6,1\n');
    const result = summary('16,10,10.8,1,2,4.2,1,1,1,1,6,1\n32,10,10,1,2,5,1,1,1,1,6,1\n');
    const report = buildComparisonReport(
      [compareSummaries('lat', reference, result, parseThresholds('max=0.5'))],
      'main',
      'pr',
    );
    expect(report.verdict).toBe('fail');
    const rows = renderComparisonMarkdown(report)
      .split('\n')
      .filter((l) => l.startsWith('| lat'));
    expect(rows[0]).toBe('| lat | 32 | Median | 4.000 | 5.000 | +25.0 % | 10 % | ❌ fail |');
    expect(rows[1]).toBe('| lat | 16 | Max | 10.000 | 10.800 | +8.00 % | 50 % | ✅ pass |');
    expect(rows[2]).toBe('| lat | 16 | Median | 4.000 | 4.200 | +5.00 % | 10 % | ✅ pass |');
    expect(renderComparisonMarkdown(report)).toContain('noise is not estimated');
  });

  test('labels are the base name of the folder, one trailing slash removed', () => {
    expect(labelOfPath('compare/results_2026-01-02/')).toBe('results_2026-01-02');
    expect(labelOfPath('reference')).toBe('reference');
  });

  test('a glob is labelled by its folder, not by **', () => {
    expect(labelOfPath('results/**')).toBe('results');
    expect(labelOfPath('target/criterion/**/new/estimates.json')).toBe('criterion');
    expect(labelOfPath('./bench/*.json')).toBe('bench');
    expect(labelOfPath('**/*.json')).toBe('results');
    expect(labelOfPath('out-{a,b}/x.csv')).toBe('results');
  });
});

describe('comparison against a history of runs (noise-aware)', () => {
  const run = (median: number) => summary(`16,10,9,1,2,${median},1,1,1,1,6,1\n`);
  const medianRow = (c: ReturnType<typeof compareWithHistory>) => c.rows.find((r) => r.magnitude === 'Median')!;

  test('a change over the threshold but inside a wide between-run band is a warning, not a failure', () => {
    const history = [4, 5.5, 3.6, 6, 4.2, 5.1].map(run);
    const row = medianRow(compareWithHistory('lat', history, run(6.2), parseThresholds('0.1')));
    expect(row).toMatchObject({ status: 'warn', failed: false, evidence: { historyRuns: 6 } });
    expect(row.deltaPercent).toBeGreaterThan(10);
    expect(bandOf(row)?.band?.upper).toBeGreaterThan(row.deltaPercent / 100);
  });

  test('the same change against a tight history fails', () => {
    const history = [4, 4.02, 3.99, 4.01, 4, 3.98].map(run);
    const comparison = compareWithHistory('lat', history, run(5), parseThresholds('0.1'));
    expect(medianRow(comparison)).toMatchObject({ status: 'fail', failed: true });
    expect(comparison.status).toBe('failed');
  });

  test('with fewer than 3 runs a change over the threshold against the newest run is shown, not failed', () => {
    const comparison = compareWithHistory('lat', [run(4), run(4.1)], run(5), parseThresholds('0.1'));
    expect(medianRow(comparison)).toMatchObject({ status: 'insufficient-history', failed: false, reference: 4.1 });
    expect(comparison.status).toBe('passed');
    // The report says what the verdict rests on, and promises no false-alarm rate it cannot keep.
    const report = buildComparisonReport([comparison], 'history', 'pr');
    expect(report.verdict).toBe('pass');
    expect(report.methodLabel).toBe(
      'history of 2 runs: too short to estimate the noise (3 runs needed); changes over the threshold are shown, not failed',
    );
    const markdown = renderComparisonMarkdown(report);
    expect(markdown).not.toMatch(/false alarms ≤|between-run spread of/);
    expect(markdown).toMatch(/^### ⚠️ 1 slower \(latency \+22 %\) over the threshold, shown, not failed · /);
    expect(report.notes[0]).toMatch(/^History of 2 runs: too short to estimate the noise \(3 runs needed\)/);
  });

  test('runs that lack the sub-experiment are skipped; the report explains the mode', () => {
    const history = [run(4), undefined, run(4.02), run(3.99), run(4.01)];
    const comparison = compareWithHistory('lat', history, run(4.05), parseThresholds('0.1'));
    expect(medianRow(comparison)).toMatchObject({ status: 'pass', evidence: { historyRuns: 4 } });
    const report = buildComparisonReport([comparison], 'history', 'pr');
    expect(report.notes[0]).toMatch(
      /^Noise-aware: each row is judged against the between-run spread of 4 baseline runs/,
    );
    expect(renderComparisonMarkdown(report)).toContain('| Noise band |');
  });
});
