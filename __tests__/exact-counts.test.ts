import { cpSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { compareExperimentWithHistory } from '../src/engine/compare/historyRows.js';
import { compareExperiment } from '../src/engine/compare/thresholdMethod.js';
import { countsDiffer, countsDifferWarnings, isExactCount } from '../src/engine/compare/exactCounts.js';
import { parseThresholds } from '../src/engine/compare/thresholds.js';
import { eventMetric } from '../src/engine/formats/valgrind/common.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

// Exact counts against a history: decided against the newest run's count at any history length, with a zero-width
// band; two runs of one build that count differently are reported and judged against the noise instead.

function ir(value: number | number[], event = 'Ir'): Measurement {
  const values = typeof value === 'number' ? [value] : value;
  return {
    experiment: 'checksum',
    parameter: { label: '' },
    metric: eventMetric(event, 'cachegrind'),
    statistics: { value: values[0]! },
    ...(values.length > 1 ? { repetitionValues: { value: values } } : {}),
    place: { file: 'cachegrind.out.checksum' },
  };
}

const side = (...measurements: Measurement[]) => ({ measurements });
const thresholds = parseThresholds(undefined);

describe('which metrics are exact counts', () => {
  test('the count kind, and any count an instrument counted; not a time, not an uncounted count', () => {
    expect(isExactCount(eventMetric('Ir', 'cachegrind'))).toBe(true);
    expect(isExactCount(eventMetric('D1mr', 'cachegrind; D1 cache: 49152 B'))).toBe(true);
    expect(isExactCount({ dimension: 'time' })).toBe(false);
    expect(isExactCount({ dimension: 'count' })).toBe(false);
  });
});

describe('a count against a history', () => {
  // Valgrind 3.19's checksum Ir (fixtures/formats/valgrind) and the same benchmark with 2.08 % more instructions.
  const base = 15976101;
  const candidate = 16308514;

  test.each([1, 2, 5])('+2.08 %% against %i identical run(s) fails; zero-width band, no p-value, no NaN', (n) => {
    const history = Array.from({ length: n }, () => side(ir(base)));
    const compared = compareExperimentWithHistory('checksum', history, side(ir(candidate)), thresholds);
    const row = compared.rows.find((r) => r.metric === 'Ir')!;
    expect(compared.status).toBe('failed');
    expect(row).toMatchObject({ status: 'fail', failed: true, gated: true, reference: base, result: candidate });
    expect(row.deltaPercent).toBeCloseTo(2.0807, 3);
    expect(row.evidence).toEqual({ kind: 'band', historyRuns: n, band: { lower: 0, upper: 0 } });
    expect(row.pValue).toBeUndefined();
    // Every number of the row is finite but payloadBytes (NaN: the parameter is not a payload size).
    const numbers = Object.entries(row).filter(([key, v]) => typeof v === 'number' && key !== 'payloadBytes');
    expect(numbers.filter(([, v]) => !Number.isFinite(v))).toEqual([]);
  });

  test('the same count passes against one run; −42 % is an improvement', () => {
    const same = compareExperimentWithHistory('checksum', [side(ir(base))], side(ir(base)), thresholds);
    expect(same.rows[0]).toMatchObject({ status: 'pass', failed: false, deltaPercent: 0 });
    const better = compareExperimentWithHistory('checksum', [side(ir(base))], side(ir(9266139)), thresholds);
    expect(better.rows[0]).toMatchObject({ status: 'improved', failed: false });
  });

  test('main moved between runs: the newest run is the reference, not the middle of a band', () => {
    const history = [side(ir(15000000)), side(ir(15500000)), side(ir(base))];
    const compared = compareExperimentWithHistory('checksum', history, side(ir(candidate)), thresholds);
    expect(compared.rows[0]).toMatchObject({ status: 'fail', reference: base });
  });

  test('repetitions of the results that differ: reported, and judged against the noise band', () => {
    const history = [base, base + 40, base - 30, base + 10, base].map((v) => side(ir(v)));
    const compared = compareExperimentWithHistory('checksum', history, side(ir([base, base + 25, base])), thresholds);
    const row = compared.rows[0]!;
    expect(row.countsDiffer).toBe("the results' 3 repetitions (15976101 … 15976126)");
    expect(row.pValue).toBeGreaterThan(0);
    expect(row.status).toBe('pass');
    expect(countsDifferWarnings(compared.rows)).toEqual([
      "Counts differ on identical builds: the measurement is not deterministic here. checksum Ir: the results' 3 " +
        'repetitions (15976101 … 15976126). These rows are judged against the noise like times, not as exact counts.',
    ]);
  });

  test('history runs of one commit that differ are named; runs of other or unknown commits are not', () => {
    expect(
      countsDiffer([base], {
        levels: [base, base + 3, base],
        commits: ['a1b2c3d4e5', 'a1b2c3d4e5', 'f00'],
        newestRepetitions: [base],
      }),
    ).toBe('2 history runs of commit a1b2c3d (15976101 … 15976104)');
    expect(
      countsDiffer([base], { levels: [base, base + 3], commits: ['a1b2c3d4e5', 'f00'], newestRepetitions: [base] }),
    ).toBeUndefined();
    expect(
      countsDiffer([base], { levels: [base, base + 3], commits: ['unknown', 'unknown'], newestRepetitions: [base] }),
    ).toBeUndefined();
    const history = [side(ir(base)), side(ir(base + 3)), side(ir(base))];
    const compared = compareExperimentWithHistory('checksum', history, side(ir(base)), thresholds, {}, [
      'c0ffee1',
      'c0ffee1',
      'c0ffee1',
    ]);
    expect(compared.rows[0]!.countsDiffer).toBe('3 history runs of commit c0ffee1 (15976101 … 15976104)');
  });

  test('against one reference run, results whose repetitions differ are reported too', () => {
    const compared = compareExperiment('checksum', side(ir(base)), side(ir([base, base + 1])), thresholds);
    expect(compared.rows[0]!.countsDiffer).toBe("the results' 2 repetitions (15976101 … 15976102)");
    const same = compareExperiment('checksum', side(ir(base)), side(ir([base, base])), thresholds);
    expect(same.rows[0]!.countsDiffer).toBeUndefined();
  });
});

// Through the CLI on the real Valgrind 3.19 runs: a history shorter than the noise band needs still decides counts.
describe.each(['cachegrind', 'callgrind'])('%s: a short history of counts decides', (tool) => {
  const runs = join(repoRoot, 'fixtures', 'formats', 'valgrind', tool, 'runs');
  test.each([1, 2])('against %i run(s), checksum Ir +2.08 %% fails, no NaN; the rerun passes', async (n) => {
    const folder = join(tempDir('perfgate-exact-'), 'runs');
    mkdirSync(folder);
    for (const run of readdirSync(runs).sort().slice(0, n))
      cpSync(join(runs, run), join(folder, run), { recursive: true });
    const history = join(tempDir('perfgate-exact-'), 'history');
    expect((await cli(['history', 'import', folder, '--output', history])).code).toBe(0);
    const candidate = join(repoRoot, 'fixtures', 'formats', 'valgrind', tool, 'candidates', 'checksum-2');
    const out = tempDir('perfgate-exact-');
    const failing = await cli(['compare', '--history', history, '--results', candidate, '-o', out]);
    expect(failing.code).toBe(1);
    const report = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')) as { failedExperiments: string[] };
    expect(report.failedExperiments).toEqual(['checksum']);
    expect(readFileSync(join(out, 'comparison.md'), 'utf8')).not.toMatch(/NaN|Infinity/);
    const rerun = await cli(['compare', '--history', history, '--results', join(runs, '2026-12-05_09-00-00')]);
    expect(rerun.code).toBe(0);
    expect(rerun.out + rerun.err).not.toMatch(/NaN|Infinity/);
  });
});
