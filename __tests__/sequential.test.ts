/**
 * Group-sequential A/B (stats/sequential.ts) and the paired method's `inconclusive` rows. Boundaries are
 * checked against an independent computation; pair counts against Student t quantiles from a printed table.
 */
import { pairsEvidenceOf } from '../src/engine/compare/rows.js';
import { describe, expect, test } from '@jest/globals';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, tempDir } from './helpers/shared.js';
import { compareExperimentPaired, type ExperimentSide } from '../src/engine/compare/compare.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { buildComparisonReport } from '../src/engine/report/comparison/comparisonReport.js';
import { headline, renderComparisonMarkdown } from '../src/engine/report/comparison/comparisonMarkdown.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import {
  alphaSpent,
  looksAt,
  normalCdf,
  pairsToDecide,
  sequentialBoundaries,
  sequentialNominalAlpha,
} from '../src/engine/stats/sequential.js';

describe('Lan–DeMets boundaries by recursive numerical integration', () => {
  const fifths = [0.2, 0.4, 0.6, 0.8, 1];

  test("O'Brien–Fleming spending, 5 equally spaced looks, one-sided 0.025: an independent computation", () => {
    // Computed independently (scipy: recursive integration at steps 0.02 to 0.0025, all agreeing to 6 decimals, and
    // the multivariate normal CDF), rounded to 4 decimals: 4.876885, 3.357012, 2.680280, 2.289817, 2.031032.
    const expected = [4.8769, 3.357, 2.6803, 2.2898, 2.031];
    const computed = sequentialBoundaries(fifths, 0.025, 'obrien-fleming');
    computed.forEach((z, i) => expect(Math.abs(z - expected[i]!)).toBeLessThan(1e-4));
  });

  test('Pocock spending, 5 equally spaced looks, one-sided 0.025: an independent computation', () => {
    // Computed independently as above: 2.437977, 2.426814, 2.410194, 2.396649, 2.386000.
    const expected = [2.438, 2.4268, 2.4102, 2.3966, 2.386];
    const computed = sequentialBoundaries(fifths, 0.025, 'pocock');
    computed.forEach((z, i) => expect(Math.abs(z - expected[i]!)).toBeLessThan(1e-4));
  });

  test('one look is the fixed design: z(0.99) = 2.3263', () => {
    expect(sequentialBoundaries([1], 0.01, 'obrien-fleming')[0]).toBeCloseTo(2.3263, 3);
  });

  test('the first look spends exactly α(t₁): O’Brien–Fleming at 8 of 24 pairs, α = 1 %', () => {
    // α(1/3) = 2 − 2Φ(z(0.995) · √3) = 2 − 2Φ(2.5758 · 1.7321) = 2 − 2Φ(4.4615) ≈ 8.1e-6.
    expect(alphaSpent('obrien-fleming', 0.01, 1 / 3)).toBeCloseTo(2 - 2 * normalCdf(2.5758293 * Math.sqrt(3)), 9);
    const obf = sequentialNominalAlpha(8, 24, 0.01, 'obrien-fleming');
    expect(obf).toBeCloseTo(alphaSpent('obrien-fleming', 0.01, 1 / 3), 9);
    expect(obf).toBeGreaterThan(7e-6);
    expect(obf).toBeLessThan(9e-6);
  });

  test('Pocock (the default) spends α · ln(1 + (e − 1) t) by t: 0.455 % of 1 % at the first of 24 pairs', () => {
    // ln(1 + 1.71828 / 3) = ln 1.57276 = 0.45284.
    expect(sequentialNominalAlpha(8, 24, 0.01)).toBeCloseTo(0.0045284, 6);
  });

  test('looks every 4 pairs from 8, then where the run is; none past the cap', () => {
    expect(looksAt(8, 24)).toEqual([8]);
    expect(looksAt(14, 24)).toEqual([8, 12, 14]);
    expect(looksAt(24, 24)).toEqual([8, 12, 16, 20, 24]);
    expect(looksAt(5, 24)).toEqual([5]);
    expect(() => looksAt(25, 24)).toThrow(/more than the cap of 24/);
    // The last of five looks is judged below α: the earlier looks spent some of it — little with O'Brien–Fleming,
    // evenly with Pocock (its five equal boundaries, ≈ z 2.77 at one-sided 1 %, each give about 0.28 %).
    expect(sequentialNominalAlpha(24, 24, 0.01, 'obrien-fleming')).toBeLessThan(0.01);
    expect(sequentialNominalAlpha(24, 24, 0.01, 'obrien-fleming')).toBeGreaterThan(0.008);
    expect(sequentialNominalAlpha(24, 24, 0.01)).toBeGreaterThan(0.0025);
    expect(sequentialNominalAlpha(24, 24, 0.01)).toBeLessThan(0.0031);
    // With the cap at the first look there is one look: the fixed design.
    expect(sequentialNominalAlpha(8, 8, 0.01)).toBeCloseTo(0.01, 6);
  });
});

describe('pairsToDecide', () => {
  test('mean 0.1 (over a 10 % threshold), sd 0.1485: 16 pairs clear 0 at α = 1 %', () => {
    // t(0.99, 14) = 2.624 → 2.624 · 0.1485 / √15 = 0.1006 > 0.1; t(0.99, 15) = 2.602 → 0.0966 < 0.1.
    expect(pairsToDecide(0.1, 0.1485, 8, Math.log(1.1), 0.01, 0.1, 100)).toBe(16);
    expect(pairsToDecide(0.1, 0.1485, 8, Math.log(1.1), 0.01, 0.1, 15)).toBeUndefined();
  });

  test('mean 0.05 under the threshold, sd 0.126: 15 pairs show it below log 1.1 at β = 10 % (46 at 1 %)', () => {
    // distance log 1.1 − 0.05 = 0.04531; t(0.90, 13) = 1.350 → 1.350 · 0.126 / √14 = 0.04546 (not yet);
    // t(0.90, 14) = 1.345 → 0.04376. At 1 %: t(0.99, 44) = 2.414 → 0.04534 (not yet); t(0.99, 45) = 2.412 → 0.04481.
    expect(pairsToDecide(0.05, 0.126, 12, Math.log(1.1), 0.01, 0.1, 100)).toBe(15);
    expect(pairsToDecide(0.05, 0.126, 12, Math.log(1.1), 0.01, 0.01, 100)).toBe(46);
  });

  test('a mean on the threshold is never decided', () => {
    expect(pairsToDecide(Math.log(1.1), 0.1, 8, Math.log(1.1), 0.01, 0.1, 1000)).toBeUndefined();
  });
});

function side(value: number): ExperimentSide {
  return {
    measurements: [
      {
        experiment: 'udp',
        parameter: { label: '16', payloadBytes: 16 },
        metric: { name: 'latency', dimension: 'time', unit: 'us', displayUnit: 'us', direction: 'lower-is-better' },
        statistics: { median: value },
        place: { file: 'x.csv' },
      } as Measurement,
    ],
  };
}

/** 8 pairs whose log ratios are 0.1 ± (0.16, 0.1, 0.04, 0.2): mean 0.1, sd 0.1485, under ±30 % machine jitter. */
const SPREAD = [0.16, -0.16, 0.1, -0.1, 0.04, -0.04, 0.2, -0.2];
const JITTER = [1.0, 1.3, 0.8, 1.1, 0.9, 1.25, 0.85, 1.05];
function pairsWith(logRatios: readonly number[]) {
  return logRatios.map((d, i) => ({
    reference: side(50 * JITTER[i % 8]!),
    result: side(50 * JITTER[i % 8]! * Math.exp(d)),
  }));
}

describe('compareExperimentPaired: inconclusive', () => {
  const thresholds = parseThresholds('0.1');

  test('an interval across the threshold is inconclusive, does not fail, and names the pairs that would decide', () => {
    const c = compareExperimentPaired('udp', pairsWith(SPREAD.map((s) => 0.1 + s)), thresholds);
    expect(c.status).toBe('passed');
    const row = c.rows.find((r) => r.statistic === 'median')!;
    // Δ = e^0.1 − 1 = 10.5 %; se = 0.1485/√8 = 0.0525; t(0.99, 7) = 2.998: lower log edge 0.1 − 0.157 < 0.
    expect(row.deltaPercent).toBeCloseTo((Math.exp(0.1) - 1) * 100, 9);
    expect(row).toMatchObject({ status: 'inconclusive', failed: false, evidence: { morePairs: 8, pairsCap: 100 } });
    expect(pairsEvidenceOf(row)?.interval?.lower).toBeLessThan(0);
    expect(pairsEvidenceOf(row)?.interval?.upper).toBeGreaterThan(0.1);
  });

  test('a quarter of the spread at a mean of 0 shows the change below the threshold: pass', () => {
    // A quarter of the spread around 0: the interval's upper edge is under the threshold.
    const eight = compareExperimentPaired('udp', pairsWith(SPREAD.map((s) => s / 4)), thresholds);
    // sd 0.0371, se 0.01313, margin 2.998 · 0.01313 = 0.0394 < log 1.1 = 0.0953: shown below.
    expect(eight.rows[0]).toMatchObject({ status: 'pass', failed: false });
    expect(pairsEvidenceOf(eight.rows[0] ?? {})?.interval).toBeDefined();
    expect(pairsEvidenceOf(eight.rows[0] ?? {})?.morePairs).toBeUndefined();
  });

  test('a sequential look judges at its boundary: 8 of at most 24 pairs needs far stronger evidence', () => {
    // log ratios 0.2 ± spread/2: mean 0.2, sd 0.0743, se 0.02625; fixed design: t(0.99, 7) · se = 0.0787 → fails.
    const strong = pairsWith(SPREAD.map((s) => 0.2 + s / 2));
    expect(compareExperimentPaired('udp', strong, thresholds).rows[0]).toMatchObject({ status: 'fail' });
    // O'Brien–Fleming's first look of 24: nominal α ≈ 8.1e-6, t(1 − 8.1e-6, 7) ≈ 10.3 → margin ≈ 0.27 > 0.2: not yet.
    const look = compareExperimentPaired('udp', strong, thresholds, { maxPairs: 24, spending: 'obrien-fleming' })
      .rows[0]!;
    expect(look).toMatchObject({ status: 'inconclusive', failed: false, evidence: { pairsCap: 24 } });
    expect(pairsEvidenceOf(look)?.interval?.lower).toBeLessThan(0);
  });
});

describe('perfgate compare --paired --max-pairs', () => {
  /** 8 pairs, one payload, log ratios 0.15 ± spread (mean 0.15, sd 0.1485): inconclusive at the first of 12. */
  function writePairs(root: string): { base: string; head: string } {
    const csv = (value: number) => `Sample,Payload [Bytes],Latency [us]\n1,16,${value}\n2,16,${value}\n3,16,${value}\n`;
    SPREAD.forEach((s, i) => {
      for (const [side, value] of [
        ['base', 50 * JITTER[i]!],
        ['head', 50 * JITTER[i]! * Math.exp(0.15 + s)],
      ] as const) {
        mkdirSync(join(root, side, `r${i + 1}`), { recursive: true });
        writeFileSync(join(root, side, `r${i + 1}`, 'measurements_udp.csv'), csv(value));
      }
    });
    return { base: join(root, 'base'), head: join(root, 'head') };
  }

  test('an inconclusive look passes (exit 0) and says how many more pairs would decide', async () => {
    const pairs = writePairs(tempDir('perfgate-seq-cli-'));
    const out = tempDir('perfgate-seq-cli-out-');
    const run = await cli(['compare', '--paired', '--max-pairs', '12', '-R', pairs.base, '-r', pairs.head, '-o', out]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    // One parameter: its row decides, at α = 1 %. The next look is at 12 of 12: Pocock's second of two looks,
    // nominal ≈ 0.6 %, t(0.994, 11) ≈ 3.1 → 3.1 · 0.1485 / √12 = 0.13 < 0.15: it would fail there, 4 more pairs.
    expect(run.out).toMatch(
      /^perfgate compare: PASS: 1 inconclusive \(4 more pairs would decide\) · against the baseline \(A\/B, 8 pairs\)\n/,
    );
    expect(readFileSync(join(out, 'comparison.md'), 'utf8')).toContain(
      'Sequential A/B: look 1 at 8 of at most 12 pairs',
    );
    // Without a cap (a fixed design): at 9 pairs t(0.99, 8) · 0.1485 / 3 = 2.896 · 0.0495 = 0.143 < 0.15 (at 8:
    // t(0.99, 7) · 0.0525 = 0.157, not yet): 1 more pair.
    const fixed = await cli(['compare', '--paired', '-R', pairs.base, '-r', pairs.head, '-o', tempDir()]);
    expect(fixed.out).toMatch(/^perfgate compare: PASS: 1 inconclusive \(1 more pair would decide\)/);
  });

  test('usage errors: a cap below the pairs given, a cap without --paired, a cap that is not a whole number', async () => {
    const pairs = writePairs(tempDir('perfgate-seq-cli-'));
    const below = await cli([
      'compare',
      '--paired',
      '--max-pairs',
      '6',
      '-R',
      pairs.base,
      '-r',
      pairs.head,
      '-o',
      tempDir(),
    ]);
    expect(below.code).toBe(2);
    expect(below.err).toContain('8 pairs given, more than --max-pairs 6');
    const unpaired = await cli(['compare', '--max-pairs', '12', '-R', pairs.base, '-r', pairs.head, '-o', tempDir()]);
    expect(unpaired.code).toBe(2);
    expect(unpaired.err).toContain('--max-pairs is the cap of a sequential A/B run; it needs --paired');
    const fraction = await cli([
      'compare',
      '--paired',
      '--max-pairs',
      '12.5',
      '-R',
      pairs.base,
      '-r',
      pairs.head,
      '-o',
      tempDir(),
    ]);
    expect(fraction.code).toBe(2);
    expect(fraction.err).toContain(
      '--max-pairs must be a whole number of pairs from 2 to 1000, such as 24; got "12.5"',
    );
  });
});

describe('the report of an inconclusive comparison', () => {
  const thresholds = parseThresholds('0.1');
  const undecided = () => compareExperimentPaired('udp', pairsWith(SPREAD.map((s) => 0.1 + s)), thresholds);

  test('the headline names it and the pairs that would decide; the table marks the row; the verdict is pass', () => {
    const report = buildComparisonReport([undecided()], 'main', 'pr');
    expect(report.verdict).toBe('pass');
    expect(report.changes.inconclusive).toEqual({ benchmarks: 1, morePairs: 8, pairsCap: 100 });
    expect(headline(report)).toBe(
      '⏳ 1 inconclusive (8 more pairs would decide) · against the baseline (A/B, 8 pairs)',
    );
    const markdown = renderComparisonMarkdown(report);
    expect(markdown).toContain('| ⏳ inconclusive |');
    expect(markdown).toContain('⏳ inconclusive: the interval straddles the threshold');
  });

  test('beside a failure the headline fails and still names what is undecided', () => {
    const failing = compareExperimentPaired(
      'tcp',
      pairsWith(SPREAD.map((s) => 0.3 + s / 4)).map((p) => ({
        reference: { measurements: p.reference.measurements.map((m) => ({ ...m, experiment: 'tcp' })) },
        result: { measurements: p.result.measurements.map((m) => ({ ...m, experiment: 'tcp' })) },
      })),
      thresholds,
    );
    const report = buildComparisonReport([undecided(), failing], 'main', 'pr');
    expect(report.verdict).toBe('fail');
    expect(headline(report)).toMatch(
      /^❌ 1 slower \(latency \+3\d %\) · ⏳ 1 inconclusive \(8 more pairs would decide\) · against the baseline \(A\/B, 8 pairs\)$/,
    );
  });
});
