import { cpSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { levelBand, latestMove } from '../src/engine/dashboard/moves.js';
import { eventMetric } from '../src/engine/formats/valgrind/common.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { exactSteps } from '../src/engine/stats/exactSteps.js';
import { trendAlerts } from '../src/engine/trends/alerts.js';
import { renderTrendsJson, renderTrendsMarkdown, renderTrendsText } from '../src/engine/trends/render.js';
import { analyzeTrends, type TrendRun } from '../src/engine/trends/trends.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

// Exact counts over the default branch's history: no noise, so a step is any change over the count threshold, and a
// tool upgrade (another instrument) starts a new level rather than a step.

// Valgrind 3.19's checksum Ir (fixtures/formats/valgrind) and the same benchmark with 2.08 % more instructions.
const BASE = 15976101;
const PLUS_2_08 = 16308514;

const sha = (i: number) => (0xc0de000 + i).toString(16) + 'e'.repeat(33);

function ir(value: number, instrument: string): Measurement {
  return {
    experiment: 'checksum',
    parameter: { label: '' },
    metric: eventMetric('Ir', instrument),
    statistics: { value },
    place: { file: 'cachegrind.out.checksum' },
  };
}

function runs(values: readonly number[], instrument: (i: number) => string = () => 'cachegrind-3.19.0'): TrendRun[] {
  return values.map((v, i) => ({
    sha: sha(i),
    date: `2026-02-${String(i + 1).padStart(2, '0')}T00:00:00Z`,
    runId: String(i + 1),
    runUrl: '',
    measurements: [ir(v, instrument(i))],
  }));
}

describe('exactSteps (stats/exactSteps.ts)', () => {
  const log = (values: number[]) => values.map(Math.log);
  const same = (n: number) => Array<string>(n).fill('callgrind-3.19.0');

  test('identical counts: no step, no outlier, no level', () => {
    expect(exactSteps(log([5, 5, 5, 5, 5]), same(5), 0.01)).toEqual({ steps: [], outliers: [], levels: [] });
  });

  test('+2.08 % after three runs is one step, with no p-value; the next run at that count is no second step', () => {
    const found = exactSteps(log([BASE, BASE, BASE, PLUS_2_08, PLUS_2_08]), same(5), 0.01);
    expect(found.steps).toHaveLength(1);
    const step = found.steps[0]!;
    expect(step).toMatchObject({ index: 3, lastBefore: 2, runsBefore: 3, runsAfter: 2 });
    expect(step.relativeChange).toBeCloseTo(PLUS_2_08 / BASE - 1, 12);
    expect(step.pValue).toBeNaN();
  });

  test('a change within the threshold stays at its level: 0.5 % twice is no step at 1 %, 1.2 % from the level is', () => {
    expect(exactSteps(log([1000, 1005, 1010]), same(3), 0.01).steps).toEqual([]);
    const drift = exactSteps(log([1000, 1005, 1012]), same(3), 0.01);
    expect(drift.steps.map((s) => s.index)).toEqual([2]);
  });

  test('another instrument starts a new level, not a step, however far its counts are', () => {
    const found = exactSteps(log([100, 100, 150, 150]), ['a', 'a', 'b', 'b'], 0.01);
    expect(found.steps).toEqual([]);
    expect(found.levels).toEqual([{ index: 2, before: 'a', after: 'b' }]);
  });

  test('a negative threshold is refused', () => {
    expect(() => exactSteps([], [], -0.01)).toThrow(RangeError);
  });
});

describe('trends of an exact count', () => {
  test('+2.08 % is a new regression step at the newest run, with "exact count" where a p-value would be', () => {
    const report = analyzeTrends(runs([BASE, BASE, BASE, BASE, PLUS_2_08]));
    const series = report.series[0]!;
    expect(series.exact).toBe(true);
    expect(series.steps).toMatchObject([{ kind: 'regression', firstRun: 4, isNew: true, exact: true }]);
    expect(series.outliers).toEqual([]);
    expect(series.pending).toBeUndefined();
    expect(report.newRegressions).toBe(1);
    const md = renderTrendsMarkdown(report);
    const text = renderTrendsText(report);
    expect(md).toContain(
      '| checksum |  | Ir | value | +2.1 % | 15976101 → 16308514 | c0de003 … c0de004 | 1 | exact count |',
    );
    expect(text).toContain('(15976101 -> 16308514), began between c0de003 and c0de004, 1 run(s) after, exact count');
    for (const out of [md, text, renderTrendsJson(report)]) expect(out).not.toMatch(/NaN/);
    expect(JSON.parse(renderTrendsJson(report)).series[0]).toMatchObject({
      exact: true,
      newLevels: [],
      steps: [{ pValue: null, exact: true }],
    });
    const alerts = trendAlerts(report, 'https://github.com', 'o/r');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body).toContain('a change of an exact count over its threshold (no noise to test it against, 4');
    expect(alerts[0]!.body).toContain('went from 15976101 to 16308514 (+2.1 %)');
    expect(alerts[0]!.body).toContain('back within 1 % of 15976101.');
    expect(alerts[0]!.body).not.toMatch(/NaN/);
  });

  test('a tool upgrade is a new level, not a regression, even where its counts differ by 3 %', () => {
    const upgraded = BASE * 1.03;
    const report = analyzeTrends(
      runs([BASE, BASE, BASE, upgraded, upgraded], (i) => (i < 3 ? 'cachegrind-3.19.0' : 'cachegrind-3.22.0')),
    );
    const series = report.series[0]!;
    expect(series.steps).toEqual([]);
    expect(report.newRegressions).toBe(0);
    expect(series.newLevels).toEqual([{ run: 3, before: 'cachegrind-3.19.0', after: 'cachegrind-3.22.0' }]);
    expect(renderTrendsMarkdown(report)).toContain(
      '- checksum ·  · Ir · value: counted by "cachegrind\\-3.22.0" from c0de003 (before: "cachegrind\\-3.19.0"); not comparable, a new level, not a step',
    );
    expect(renderTrendsText(report)).toContain(
      '  new level: checksum /  / Ir / value: counted by "cachegrind-3.22.0" from c0de003',
    );
    // A change after the upgrade is judged against the new level.
    const later = analyzeTrends(
      runs([BASE, BASE, upgraded, upgraded * 1.02], (i) => (i < 2 ? 'cachegrind-3.19.0' : 'cachegrind-3.22.0')),
    );
    expect(later.series[0]!.steps).toMatchObject([{ firstRun: 3, kind: 'regression', runsBefore: 1 }]);
  });

  test('the count threshold is a setting: 2.08 % is no step at 5 %', () => {
    const report = analyzeTrends(runs([BASE, BASE, PLUS_2_08]), { countThreshold: 0.05 });
    expect(report.series[0]!.steps).toEqual([]);
  });
});

describe('the dashboard of an exact count (dashboard/moves.ts)', () => {
  test('identical counts: a zero-width band at the count, from one run on', () => {
    const series = analyzeTrends(runs([BASE, BASE])).series[0]!;
    expect(levelBand(series, 0, 2, 0.995)).toEqual({
      centre: BASE,
      lower: BASE,
      upper: BASE,
      fromRun: 0,
      toRun: 1,
      runs: 2,
    });
  });

  test('+2.08 %: a step ranked in count thresholds, no noise, no NaN', () => {
    const series = analyzeTrends(runs([BASE, BASE, BASE, BASE, PLUS_2_08])).series[0]!;
    const move = latestMove(series, 0.995)!;
    expect(move).toMatchObject({ kind: 'step', run: 4, noise: 0, worse: true });
    // 2.08 % in units of the 1 % threshold, on the log scale.
    expect(move.score).toBeCloseTo(Math.log(PLUS_2_08 / BASE) / Math.log(1.01), 9);
    expect(move.score).toBeGreaterThan(1);
    const unchanged = latestMove(analyzeTrends(runs([BASE, BASE, BASE])).series[0]!, 0.995)!;
    expect(unchanged).toMatchObject({ kind: 'newest', change: 0, noise: 0, score: 0 });
  });
});

describe('a history of real cachegrind runs (fixtures/formats/valgrind)', () => {
  test('imported, the record keeps the count kind: Ir +2.08 % is a step, its cache figures +2.1 % are not', async () => {
    const valgrind = join(repoRoot, 'fixtures', 'formats', 'valgrind', 'cachegrind');
    const runsDir = join(tempDir('perfgate-exact-runs-'), 'runs');
    for (const run of readdirSync(join(valgrind, 'runs')))
      cpSync(join(valgrind, 'runs', run), join(runsDir, run), { recursive: true });
    cpSync(join(valgrind, 'candidates', 'checksum-2'), join(runsDir, '2026-12-06_09-00-00'), { recursive: true });
    const history = tempDir('perfgate-exact-history-');
    expect((await cli(['history', 'import', runsDir, '--output', history])).code).toBe(0);
    const out = tempDir('perfgate-exact-trends-');
    expect((await cli(['trends', history, '-o', out])).code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, 'trends.json'), 'utf8')) as {
      series: { experiment: string; metric: string; exact?: true; steps: { isNew: boolean; kind: string }[] }[];
    };
    const stepped = report.series.filter((s) => s.steps.length > 0).map((s) => `${s.experiment} ${s.metric}`);
    expect(stepped).toEqual(['checksum Ir']);
    expect(report.series.find((s) => s.experiment === 'checksum' && s.metric === 'Ir')).toMatchObject({
      exact: true,
      steps: [{ isNew: true, kind: 'regression' }],
    });
    expect(readFileSync(join(out, 'trends.md'), 'utf8')).not.toMatch(/NaN/);
  });
});
