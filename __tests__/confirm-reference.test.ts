import { describe, expect, test } from '@jest/globals';
import { filterPattern } from '../src/engine/confirm/plan.js';
import { referenceLimit, REFERENCE_BENCHMARKS, withReference } from '../src/engine/confirm/reference.js';
import { InputError } from '../src/engine/errors.js';

/** One Go benchmark's gated time/op median row with a noise band of `width` (fractions) and its ungated min row. */
function benchmark(name: string, width: number, status = 'pass') {
  const band = { lower: -width / 2, upper: width / 2 };
  return {
    experimentType: name,
    comparisons: [
      { parameter: '', metric: 'time/op', statistic: 'median', status, gated: true, noiseBand: band },
      { parameter: '', metric: 'time/op', statistic: 'min', status: 'pass', gated: false, noiseBand: band },
    ],
  };
}

const suite = JSON.stringify({
  subExperiments: [
    benchmark('BenchmarkA', 0.5),
    benchmark('BenchmarkB', 0.2),
    benchmark('BenchmarkC', 0.9, 'warn'),
    benchmark('BenchmarkD', 0.1),
    benchmark('BenchmarkE', 0.2),
    benchmark('BenchmarkF', 0.3),
    {
      experimentType: 'BenchmarkNew',
      comparisons: [{ metric: 'time/op', statistic: 'median', status: 'new', gated: true }],
    },
  ],
});

describe('the run’s reference of a confirmation (shared-shift model)', () => {
  test('the unflagged benchmarks with the narrowest bands join the run, ties in the comparison’s order', () => {
    const plan = withReference(suite, 'c.json', new Map([['BenchmarkC', 'all']]));
    expect(REFERENCE_BENCHMARKS).toBe(4);
    expect(plan.reference).toEqual(['BenchmarkD', 'BenchmarkB', 'BenchmarkE', 'BenchmarkF']);
    expect([...plan.selection.keys()]).toEqual(['BenchmarkC', 'BenchmarkD', 'BenchmarkB', 'BenchmarkE', 'BenchmarkF']);
    expect(plan.benchmarks).toBe(5);
    // One suite across the run (time/op median): one family, whatever the number of benchmarks.
    expect(plan.families).toBe(1);
    expect(plan.limit).toBeUndefined();
    // {filter} runs them all (Go's -bench, one level).
    expect(filterPattern('go-bench', plan.selection)).toBe(
      '^(BenchmarkC|BenchmarkD|BenchmarkB|BenchmarkE|BenchmarkF)$',
    );
  });

  test("the history's whole-suite row is no benchmark: never a reference, never counted among the run's", () => {
    // As a history comparison.json holds it: three benchmarks and the suite's geomean row under 'whole suite', the
    // narrowest band of all (a geomean's noise is the smallest).
    const withSuite = JSON.stringify({
      subExperiments: [
        benchmark('checksum', 0.6, 'warn'),
        benchmark('sort', 0.5),
        benchmark('copy', 0.4),
        {
          experimentType: 'whole suite',
          comparisons: [
            {
              parameter: 'geomean',
              metric: 'time/op',
              statistic: 'median',
              status: 'pass',
              gated: true,
              pooled: true,
              noiseBand: { lower: -0.05, upper: 0.05 },
            },
          ],
        },
      ],
    });
    const plan = withReference(withSuite, 'c.json', new Map([['checksum', 'all']]));
    expect(plan.reference).toEqual(['copy', 'sort']);
    expect([...plan.selection.keys()]).toEqual(['checksum', 'copy', 'sort']);
    expect(plan.benchmarks).toBe(3);
    expect(plan.families).toBe(1);
    expect(filterPattern('catch2-xml', plan.selection)).toBe('checksum,copy,sort');
  });

  test('a benchmark new in the pull request is no reference; fewer candidates than asked: all of them', () => {
    const screened = new Map<string, 'all'>(['A', 'B', 'D', 'E'].map((n) => [`Benchmark${n}`, 'all']));
    const plan = withReference(suite, 'c.json', screened);
    expect(plan.reference).toEqual(['BenchmarkF', 'BenchmarkC']);
    expect(plan.benchmarks).toBe(6);
  });

  test('a two-benchmark suite says what it cannot tell; a lone benchmark is judged alone', () => {
    const two = JSON.stringify({
      subExperiments: [benchmark('BenchmarkX', 0.4, 'warn'), benchmark('BenchmarkY', 0.3)],
    });
    const plan = withReference(two, 'c.json', new Map([['BenchmarkX', 'all']]));
    expect(plan.reference).toEqual(['BenchmarkY']);
    expect(plan.limit).toBe(referenceLimit(2));
    expect(plan.limit).toContain('not which of them moved');
    const one = JSON.stringify({ subExperiments: [benchmark('BenchmarkX', 0.4, 'warn')] });
    const alone = withReference(one, 'c.json', new Map([['BenchmarkX', 'all']]));
    expect(alone.reference).toEqual([]);
    expect(alone.limit).toContain('judged alone by the paired rule');
    // No reference asked for: the screened benchmarks only.
    expect(withReference(suite, 'c.json', new Map([['BenchmarkC', 'all']]), 0).reference).toEqual([]);
  });

  test('an experiment of several payloads is a suite by itself: each payload counts, no caveat', () => {
    const payload = (parameter: string) => ({
      parameter,
      metric: 'latency',
      statistic: 'median',
      status: 'noisy',
      gated: true,
      noiseBand: { lower: -0.3, upper: 0.4 },
    });
    const fastdds = JSON.stringify({
      subExperiments: [
        {
          experimentType: 'udp_reliable',
          comparisons: [...['16', '64', '256'].map(payload), { ...payload('geomean'), pooled: true }],
        },
      ],
    });
    const plan = withReference(fastdds, 'c.json', new Map([['udp_reliable', 'all']]));
    expect(plan.reference).toEqual([]);
    expect(plan.benchmarks).toBe(3);
    expect(plan.families).toBe(1);
    expect(plan.limit).toBeUndefined();
  });

  test('a comparison that is not JSON is an input error naming the file', () => {
    expect(() => withReference('{', 'first/comparison.json', new Map())).toThrow(InputError);
    expect(() => withReference('{', 'first/comparison.json', new Map())).toThrow(/not JSON/);
  });
});
