/**
 * The verdict settings resolved once (src/engine/settings/verdict.ts): the one table of defaults,
 * the usage errors for a bad setting, and the shells reaching them — `compare --confidence 0.5` on a
 * one-parameter history once reached the engine and exited 3 ("internal error: RangeError").
 */
import { join } from 'node:path';
import { compareExperimentPaired } from '../src/engine/compare/pairedRows.js';
import { noiseVerdict } from '../src/engine/compare/noise.js';
import { parseConfidence, resolveVerdictSettings, VERDICT_DEFAULTS } from '../src/engine/settings/verdict.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { UsageError } from '../src/engine/errors.js';
import { cli, tempDir } from './helpers/shared.js';
import { writeOneBenchmark } from './helpers/synthetic-runs.js';

describe('the one table of defaults', () => {
  test('pins what a user gets from each method when choosing nothing', () => {
    expect(VERDICT_DEFAULTS.confidence).toEqual({ threshold: 0.99, history: 0.995, paired: 0.99 });
    expect(VERDICT_DEFAULTS.minHistory).toBe(3);
    expect(VERDICT_DEFAULTS.maxHistory).toBe(20);
    expect(VERDICT_DEFAULTS.threshold).toBe(0.1);
    expect(VERDICT_DEFAULTS.gate).toEqual({ primary: true, statistics: new Set(), all: false, everyMetric: false });
    expect(Object.isFrozen(VERDICT_DEFAULTS)).toBe(true);
    expect(Object.isFrozen(VERDICT_DEFAULTS.confidence)).toBe(true);
  });

  test('resolveVerdictSettings fills the defaults in and freezes the result', () => {
    const history = resolveVerdictSettings('history');
    expect(history).toMatchObject({
      method: 'history',
      confidence: 0.995,
      minHistory: 3,
      maxHistory: 20,
      thresholds: { Min: 0.1, Median: 0.1, Max: 0.1, '99%': 0.1 },
    });
    expect(Object.isFrozen(history)).toBe(true);
    expect(Object.isFrozen(history.thresholds)).toBe(true);
    expect(resolveVerdictSettings('paired').confidence).toBe(0.99);
    expect(
      resolveVerdictSettings('threshold', { confidence: 0.9, thresholds: parseThresholds('median=0.05') }),
    ).toMatchObject({
      confidence: 0.9,
      thresholds: { Min: 0.1, Median: 0.05, Max: 0.1, '99%': 0.1 },
    });
  });
});

describe('a bad setting is a usage error, never an internal one', () => {
  test.each([
    ['0.5', '--confidence must be a probability above 0.5 and below 1, such as 0.99; got "0.5"'],
    ['1', '--confidence must be a probability above 0.5 and below 1, such as 0.99; got "1"'],
    ['0.3', '--confidence must be a probability above 0.5 and below 1, such as 0.99; got "0.3"'],
    ['high', '--confidence must be a probability above 0.5 and below 1, such as 0.99; got "high"'],
    ['0.9\u001b[31m', '--confidence must be a probability above 0.5 and below 1, such as 0.99; got "0.9\\u001b[31m"'],
  ])('parseConfidence(%j)', (text, message) => {
    expect(() => parseConfidence(text)).toThrow(new UsageError(message));
  });

  test('an empty or absent confidence is the method default; a good one is its number', () => {
    expect(parseConfidence(undefined)).toBeUndefined();
    expect(parseConfidence('  ')).toBeUndefined();
    expect(parseConfidence(' 0.999 ', 'input "confidence"')).toBe(0.999);
    expect(() => parseConfidence('0.5', 'input "confidence"')).toThrow(
      'input "confidence" must be a probability above 0.5 and below 1, such as 0.99; got "0.5"',
    );
  });

  test('resolveVerdictSettings checks numbers given by a library caller too', () => {
    expect(() => resolveVerdictSettings('history', { confidence: 0.5 })).toThrow(
      new UsageError('confidence must be a probability above 0.5 and below 1, such as 0.99; got 0.5'),
    );
    expect(() =>
      resolveVerdictSettings('paired', { thresholds: { Min: 0.1, Median: -0.1, Max: 0.1, '99%': 0.1 } }),
    ).toThrow(new UsageError('threshold of Median must be a fraction of at least 0, such as 0.1 (10 %); got -0.1'));
  });

  test('below the settings, the methods only assert: a confidence that skipped them is a programming error', () => {
    expect(() => noiseVerdict([1, 2, 3], 2, 0.1, { confidence: 0.5 })).toThrow(
      new RangeError('confidence must be in (0.5, 1), got 0.5'),
    );
    expect(() => compareExperimentPaired('x', [], parseThresholds('0.1'), { confidence: 1 })).toThrow(RangeError);
  });
});

describe('compare --confidence through the CLI', () => {
  const root = tempDir('perfgate-confidence-');
  const history = join(root, 'history');
  [100, 103, 98, 101, 99].forEach((ns, i) => writeOneBenchmark(join(history, `r${i + 1}`), ns));
  const results = join(root, 'results');
  writeOneBenchmark(results, 101);

  test('0.5 on a one-parameter history exits 2 with the flag named, not 3 with an internal error', async () => {
    const run = await cli([
      'compare',
      '--history',
      history,
      '--results',
      results,
      '--confidence',
      '0.5',
      '--no-environment-check',
      '-o',
      join(root, 'out-05'),
    ]);
    expect(run.err).toContain('--confidence must be a probability above 0.5 and below 1, such as 0.99; got "0.5"');
    expect(run.err).not.toContain('internal error');
    expect(run.code).toBe(2);
  });

  test('0.5 is refused the same way with --reference and with --paired', async () => {
    const single = await cli([
      'compare',
      '--reference',
      join(history, 'r5'),
      '--results',
      results,
      '--confidence',
      '0.5',
      '-o',
      join(root, 'out-ref'),
    ]);
    expect(single.code).toBe(2);
    expect(single.err).toContain('--confidence must be a probability above 0.5');
    const paired = await cli([
      'compare',
      '--paired',
      '--reference',
      history,
      '--results',
      history,
      '--confidence',
      '0.5',
      '-o',
      join(root, 'out-paired'),
    ]);
    expect(paired.code).toBe(2);
    expect(paired.err).toContain('--confidence must be a probability above 0.5');
  });

  test.each([
    [['--threshold', '-0.1'], '--threshold: "-0.1" is not a threshold; expected a fraction such as 0.1 (10 %)'],
    [
      ['--threshold', 'tail=0.2'],
      '--threshold: "tail=0.2" should be <magnitude>=<fraction> with magnitude one of min, median, max, 99%, count',
    ],
    [
      ['--gate', 'tail'],
      '--gate: "tail" is not a statistic; give primary, all-metrics, all, or names such as median, mean, p99, max',
    ],
    [['--confidence', ''], undefined],
  ])('the other verdict settings: %j', async (flags, message) => {
    const run = await cli([
      'compare',
      '--history',
      history,
      '--results',
      results,
      ...flags,
      '--no-environment-check',
      '-o',
      join(root, `out-${flags.join('')}`),
    ]);
    if (message === undefined) {
      // An empty value is no choice: the method's default (0.995 with a history).
      expect(run.code).toBe(0);
      expect(run.out).toContain('false alarms ≤ 0.5 % for the whole comparison');
    } else {
      expect(run.code).toBe(2);
      expect(run.err).toContain(message);
    }
  });

  test('just above 0.5 the one row is judged at that confidence', async () => {
    const run = await cli([
      'compare',
      '--history',
      history,
      '--results',
      results,
      '--confidence',
      '0.6',
      '--no-environment-check',
      '-o',
      join(root, 'out-06'),
    ]);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('false alarms ≤ 40 % for the whole comparison');
  });
});
