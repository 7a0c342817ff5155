import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseThresholds, thresholdOf } from '../src/engine/compare/thresholds.js';
import { compareExperiment } from '../src/engine/compare/thresholdMethod.js';
import { incomparableWarnings } from '../src/engine/compare/instruments.js';
import { eventMetric } from '../src/engine/formats/valgrind/common.js';
import type { Measurement } from '../src/engine/model/measurement.js';
import { cli, repoRoot, tempDir } from './helpers/shared.js';

// Exact counts (Valgrind's Ir): gated at their own threshold, 1 % by default, and never across instruments.

const valgrind = join(repoRoot, 'fixtures', 'formats', 'valgrind');

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
        'in the results; another tool, version, cache configuration or counting mode counts otherwise, so these rows are reported, not gated.',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The Done-when, through the CLI, on the real Valgrind 3.19 runs of fixtures/formats/valgrind (SOURCES.md).

interface Report {
  verdict: string;
  notes: string[];
  failedExperiments: string[];
  warnings: string[];
  subExperiments: { experimentType: string; comparisons: { metric: string; status: string; gated: boolean }[] }[];
}

async function compare(args: string[]): Promise<{ code: number; report: Report; texts: string }> {
  const out = tempDir('perfgate-counts-');
  const run = await cli(['compare', ...args, '-o', out]);
  const texts =
    run.out +
    run.err +
    readdirSync(out)
      .filter((f) => /\.(md|json|csv|txt)$/.test(f))
      .map((f) => readFileSync(join(out, f), 'utf8'))
      .join('\n');
  return { code: run.code, report: JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')) as Report, texts };
}

const failingRows = (report: Report) =>
  report.subExperiments.flatMap((s) =>
    s.comparisons.filter((c) => c.status === 'fail').map((c) => `${s.experimentType} ${c.metric}`),
  );

describe.each(['cachegrind', 'callgrind'])('%s out files, read with no --format', (tool) => {
  const runs = join(valgrind, tool, 'runs');
  const base = join(runs, '2026-12-01_09-00-00');
  const candidate = (name: string) => join(valgrind, tool, 'candidates', name);

  test('a rerun of the same build passes', async () => {
    const { code, report } = await compare(['--reference', base, '--results', join(runs, '2026-12-02_09-00-00')]);
    expect(code).toBe(0);
    expect(report.verdict).toBe('pass');
    expect(report.subExperiments.map((s) => s.experimentType).sort()).toEqual(['checksum', 'copy', 'sort']);
  });

  test('checksum Ir +26 % fails, naming checksum alone', async () => {
    const { code, report } = await compare(['--reference', base, '--results', candidate('checksum-26')]);
    expect(code).toBe(1);
    expect(report.failedExperiments).toEqual(['checksum']);
    expect(failingRows(report)).toEqual(['checksum Ir']);
  });

  test('checksum Ir +2.08 % fails, naming checksum alone; cache figures a few counts up fail nothing', async () => {
    const { code, report } = await compare(['--reference', base, '--results', candidate('checksum-2')]);
    expect(code).toBe(1);
    expect(report.failedExperiments).toEqual(['checksum']);
    expect(failingRows(report)).toEqual(['checksum Ir']);
    const i1mr = report.subExperiments
      .find((s) => s.experimentType === 'checksum')!
      .comparisons.find((c) => c.metric === 'I1mr')!;
    expect(i1mr).toMatchObject({ status: 'pass', gated: false });
    // With every metric gated, the cache figures are judged at the time threshold (10 %): they move by 0.6 %.
    const all = await compare(['--reference', base, '--results', candidate('checksum-2'), '--gate', 'all-metrics']);
    expect(failingRows(all.report)).toEqual(['checksum Ir']);
  });

  test('against one run, the notes speak of exact counts, not of ±14 % noise', async () => {
    const { texts, report } = await compare(['--reference', base, '--results', candidate('checksum-2')]);
    expect(report.notes).toContain(
      'Exact counts against one reference run: a build counts the same on every run of the same tool, so a change ' +
        'over the count threshold (1 % by default) is a change in the work the code does, not noise.',
    );
    expect(texts).toContain('(one run, exact counts)');
    expect(texts).not.toContain('±14 %');
    expect(texts).not.toContain('noise not estimated');
  });

  test('copy Ir −42 % passes, an improvement', async () => {
    const { code, report } = await compare(['--reference', base, '--results', candidate('copy-42')]);
    expect(code).toBe(0);
    const ir = report.subExperiments
      .find((s) => s.experimentType === 'copy')!
      .comparisons.find((c) => c.metric === 'Ir')!;
    expect(ir.status).toBe('improved');
  });

  test('history runs that record no machine: the notice speaks of another CPU, not of a slower machine', async () => {
    const { texts } = await compare(['--history', runs, '--results', candidate('checksum-2')]);
    expect(texts).toContain(
      'so a count that moved may come from another CPU (a library that picks its code by the CPU) rather than other code',
    );
    expect(texts).not.toContain('60 % slower');
  });

  test('against a 5-run history of identical counts, +2.08 % fails with no NaN anywhere', async () => {
    const history = join(tempDir('perfgate-counts-'), 'history');
    expect((await cli(['history', 'import', runs, '--output', history])).code).toBe(0);
    expect(readdirSync(history).filter((f) => f.startsWith('history-'))).toHaveLength(5);
    const failing = await compare(['--history', history, '--results', candidate('checksum-2')]);
    expect(failing.code).toBe(1);
    expect(failing.report.failedExperiments).toEqual(['checksum']);
    expect(failingRows(failing.report)).toEqual(['checksum Ir']);
    expect(failing.texts).not.toMatch(/NaN|Infinity/);
    const rerun = await compare(['--history', history, '--results', join(runs, '2026-12-05_09-00-00')]);
    expect(rerun.code).toBe(0);
    expect(rerun.texts).not.toMatch(/NaN|Infinity/);
  });
});

test('a history keeps what counted each run: a tool change against it is reported, not gated', async () => {
  const history = join(tempDir('perfgate-counts-'), 'history');
  expect((await cli(['history', 'import', join(valgrind, 'cachegrind', 'runs'), '--output', history])).code).toBe(0);
  const record = readFileSync(join(history, readdirSync(history).sort()[0]!), 'utf8');
  expect(record).toContain(
    '"metric":"Ir","role":"primary","dimension":"count","unit":"","displayUnit":"","direction":"lower-is-better","statistics":["value"],"instrument":"cachegrind","kind":"count"}',
  );
  const { code, report } = await compare([
    '--history',
    history,
    '--results',
    join(valgrind, 'callgrind', 'candidates', 'checksum-26'),
  ]);
  expect(code).toBe(0);
  expect(report.warnings).toContainEqual(
    expect.stringContaining(
      'Ir, Dr and Dw of checksum, copy and sort were counted by "cachegrind" in the reference and by "callgrind-3.19.0" in the results',
    ),
  );
  expect(report.subExperiments.flatMap((s) => s.comparisons).filter((c) => c.gated)).toEqual([]);
});

test('cachegrind against callgrind: not comparable, a warning naming both, nothing gated', async () => {
  const { code, report } = await compare([
    '--reference',
    join(valgrind, 'cachegrind', 'runs', '2026-12-01_09-00-00'),
    '--results',
    join(valgrind, 'callgrind', 'candidates', 'checksum-26'),
  ]);
  expect(code).toBe(0);
  expect(report.warnings.filter((w) => w.startsWith('Not comparable'))).toEqual([
    expect.stringContaining(
      'Ir, Dr and Dw of checksum, copy and sort were counted by "cachegrind" in the reference and by "callgrind-3.19.0" in the results',
    ),
    expect.stringContaining('I1mr, ILmr, D1mr, DLmr, D1mw and 1 more of checksum, copy and sort'),
  ]);
  expect(report.subExperiments.flatMap((s) => s.comparisons).filter((c) => c.gated)).toEqual([]);
  // The note on the rows that cannot fail says why these cannot, not that they are tail statistics.
  expect(report.notes).toContainEqual(
    expect.stringContaining('27 other rows (27 counted by different instruments, which a warning names)'),
  );
});
